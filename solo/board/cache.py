"""Classified boards, decoded once and kept in the cache folder."""

import hashlib
import json
from dataclasses import asdict
from functools import cache
from pathlib import Path

from solo.board.coords import Grid
from solo.board.terrain import Board, Hex
from solo.board.vasl import raw_board, read_files, terrain_names
from solo.core.content import cache_dir

CLASSIFIER = "1"  # bump when solo.board.terrain classifies differently: the cache is then rebuilt


@cache
def load_board(folder: Path, board: str) -> Board:
    """A classified board: decoded and classified once, then kept in the cache folder
    (keyed by the board's own files, so a new VASL board version is decoded again)."""
    los, meta = read_files(folder, board)
    names = terrain_names(folder)
    key = hashlib.sha256(los + meta + repr(sorted(names.items())).encode() + CLASSIFIER.encode()).hexdigest()
    path = cache_dir() / "boards" / f"{key[:32]}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        hexes = {h["name"]: Hex(**{**h, "road_sides": tuple(h["road_sides"]), "road_vertices": tuple(h["road_vertices"]),
                                   "sides": {int(k): v for k, v in h["sides"].items()}}) for h in data["hexes"]}
        return Board.from_hexes(data["name"], Grid(**data["grid"]), hexes)
    except (OSError, ValueError, KeyError, TypeError):
        pass  # not cached yet, or a cache file from elsewhere: decode again
    b = Board(raw_board(los, meta, board), names)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"name": b.name, "grid": asdict(b.grid),
                                    "hexes": [asdict(h) for h in b.hexes.values()]}), encoding="utf-8")
    except OSError:
        pass  # a read-only cache folder only costs time
    return b
