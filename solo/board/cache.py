"""Classified boards, decoded once and kept in the cache folder (solo/board/stored.py)."""

import hashlib
from functools import cache
from pathlib import Path

from solo.board import oto
from solo.board.stored import cache_path, read_cached, write_cached
from solo.board.terrain import Board
from solo.board.vasl import raw_board, read_files, shared_file, terrain_types

CLASSIFIER = "6"  # bump when solo.board.terrain classifies differently: the cache is then rebuilt


@cache
def load_board(folder: Path, board: str) -> Board:
    """A classified board: decoded and classified once, then kept in the cache folder
    (keyed by the board's own files, so a new VASL board version is decoded again). "OTO" is the Onslaught to
    Orsha map, read from its picture (solo/board/oto.py)."""
    if board.upper() == oto.NAME:
        return oto.load(folder)
    los, meta = read_files(folder, board)
    shared = shared_file(folder)
    key = hashlib.sha256(los + meta + shared.read_bytes() + CLASSIFIER.encode()).hexdigest()
    path = cache_path(key)
    cached = read_cached(path, Board)
    if cached is not None:
        return cached
    b = Board(raw_board(los, meta, board), terrain_types(folder))
    write_cached(path, b)
    return b
