"""A classified board kept in the cache folder: the VASL terrain and elevation grids and the per-code terrain table as
numpy arrays, the classified hexes (and what else its reader keeps) as JSON, in one .npz file read back without
decoding or classifying anything."""

import hashlib
import json
import zipfile
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TypeVar

import numpy as np

from solo.board.coords import Grid
from solo.board.terrain import Board, Codes, Hex
from solo.core.content import cache_dir

B = TypeVar("B", bound=Board)
_CODE_ARRAYS = ("kind", "building", "inherent", "hexside", "obstacle", "hindrance", "height")


def cache_path(key: str) -> Path:
    return cache_dir() / "boards" / f"{key[:32]}.npz"


def read_cached(path: Path, kind: type[B]) -> B | None:
    """A board kept in the cache (a ``kind`` of Board, with the ``extra`` JSON it was written with), or None: not
    cached yet, or a cache file from elsewhere (it is then decoded again)."""
    try:
        return _read(path, kind)
    except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile):
        return None


def _read(path: Path, kind: type[B]) -> B:
    with np.load(path, allow_pickle=False) as data:
        info = json.loads(str(data["info"]))
        codes = Codes.__new__(Codes)
        for name in _CODE_ARRAYS:
            setattr(codes, name, data[f"code_{name}"])
        codes.names = info["names"]
        terrain, elevation = data["terrain"], data["elevation"]
    hexes = {h[0]: Hex(h[0], h[1], h[2], h[3], tuple(h[4]), tuple(h[5]), h[6], {int(k): v for k, v in h[7].items()},
                       tuple(h[8]), tuple(h[9]) if len(h) > 9 else ()) for h in info["hexes"]}
    grid = info["grid"] | {"odd_rows": tuple(info["grid"]["odd_rows"]) if info["grid"].get("odd_rows") else None}
    board = kind.from_hexes(info["name"], Grid(**grid), hexes, terrain, elevation, codes)
    board.extra = info.get("extra", {})
    return board


def write_cached(path: Path, b: Board, extra: dict | None = None) -> None:
    terrain, elevation, codes = b.grids()
    info = {"name": b.name, "grid": asdict(b.grid), "names": codes.names, "extra": extra or {},
            "hexes": [[h.name, h.terrain, h.elevation, h.road, h.road_sides, h.road_vertices, h.road_exits, h.sides,
                       h.path_sides, h.slopes] for h in b.hexes.values()]}
    arrays = {f"code_{name}": getattr(codes, name) for name in _CODE_ARRAYS}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            np.savez(out, info=np.array(json.dumps(info)), terrain=terrain, elevation=elevation, **arrays)
    except OSError:
        pass  # a read-only cache folder only costs time


def cached_array(what: str, grid: Grid, shape: tuple[int, ...], compute: Callable[[], np.ndarray]) -> np.ndarray:
    """An array worked out from a board's grid and size alone (``what``: its pixels' nearest hexes, solo/board/los.py),
    kept in the cache folder: computed once a grid (issue 39: the OtO map's 12 million pixels took 2.6 s each time a
    mission was opened, `solo mission status` included), then read back in about 10 ms."""
    key = hashlib.sha256(json.dumps([what, asdict(grid), shape]).encode()).hexdigest()
    path = cache_path(key)
    try:
        with np.load(path, allow_pickle=False) as data:
            return data["array"]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        pass
    array = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as out:
            np.savez(out, array=array)
    except OSError:
        pass  # a read-only cache folder only costs time
    return array
