"""Classify a VASL board into what the program needs per hex and per hexside, the way VASL's own
board code reads its terrain grid (VASL's Hex.resetTerrain, read to learn how, not copied):

- A hex's terrain is the terrain at its centre dot. A building that misses the centre dot still
  makes it a building hex when it covers one of the six hexside points (the middle of each
  hexside, a pixel inwards) or a point 5 pixels left, right, above or below the centre dot.
  Inherent terrain (orchard, graveyard, rubble ...: VASL's catalogue marks it) anywhere in the
  hex nearer the centre than any hexside point makes the whole hex that terrain.
- Where the centre dot shows open ground, a road or a path, the hex is the commonest terrain
  around it (roads aside): a road through woods is a woods hex (B3), a grain field drawn as
  stripes is grain (B12).
- A hex's level is the elevation at its centre dot (B10).
- A hexside's terrain (wall, hedge, bocage, cliff: B9, B11.3) is what lies at its hexside point,
  or at the facing hex's point for that hexside.
- A road (B3) or a path (B13, kept apart: a path is no road) crosses a hexside where it is
  painted across the middle of the hexside: inside the hex, on the hexside and beyond it (a
  slanting road at different points along it), or off the board beyond a hexside on its edge. A
  road that only touches a corner does not cross a hexside. A road "intersection" (OtO-S2 VPO
  Locations) is a hex with >= 3 road hexsides.

Everything is computed for all hexes at once with numpy.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Self

import numpy as np

from solo.board.coords import HEXSIDE_NAMES, Grid
from solo.board.vasl import RawBoard, TerrainType, named_type

# ASL terrain kinds by the VASL terrain name (a name that contains the key), with their rule.
KINDS = (
    ("Stone Rubble", "rubble", "B24"), ("Wooden Rubble", "rubble", "B24"),
    ("Stone Building", "stone building", "B23"), ("Stone Factory", "stone building", "B23.74"),
    ("Stone Market", "stone building", "B23"), ("Wooden Building", "wooden building", "B23"),
    ("Wooden Factory", "wooden building", "B23.74"), ("Wooden Market", "wooden building", "B23"),
    ("Orchard", "orchard", "B14"), ("Woods", "woods", "B13"), ("Forest", "woods", "B13"),
    ("Brush", "brush", "B11"), ("Scrub", "brush", "F3"), ("Grain", "grain", "B12"),
    ("Marsh", "marsh", "B16"), ("Swamp", "marsh", "G8"), ("Gully", "gully", "B19"),
    ("Dry Stream", "gully", "B20.2"), ("Stream", "stream", "B20"), ("Canal", "water", "B21"),
    ("River", "water", "B21"), ("Water", "water", "B21"), ("Ocean", "water", "G13"),
    ("Pond", "water", "B21"), ("Graveyard", "graveyard", "B18"), ("Shellholes", "shellholes", "B2"),
    ("Bridge", "bridge", "B6"), ("Lumberyard", "lumberyard", "B23.6"),
)
ROADS = ("Dirt Road", "Paved Road", "Elevated Road", "Sunken Road")  # B3, B4, B5
PATH = "Path"  # B13 (a path through woods is not a road)
HEXSIDE_KINDS = {"Wall": "wall", "Hedge": "hedge", "Bocage": "bocage", "Cliff": "cliff"}  # B9, B11.3
KIND_NAMES = ("open", "road", "path", *HEXSIDE_KINDS.values(), *dict.fromkeys(k for _, k, _ in KINDS))
_BUILDING_CATEGORIES = ("BUILDING", "FACTORY", "MARKETPLACE")
PROBE = 7  # pixels either side of a hexside where a road crossing it must show
ALONG = np.linspace(0.2, 0.8, 9)  # points along a hexside, its corners left out


def kind_of(name: str) -> str:
    if name in ROADS:
        return "road"
    if name == PATH:
        return "path"
    if name in HEXSIDE_KINDS:
        return HEXSIDE_KINDS[name]
    for key, kind, _rule in KINDS:
        if key in name:
            return kind
    return "open"


@dataclass(frozen=True)
class Hex:
    name: str
    terrain: str
    elevation: int
    road: bool
    road_sides: tuple[int, ...]  # hexsides a road crosses (0 = N, clockwise)
    road_vertices: tuple[int, ...]  # vertices a road runs through (vertex i starts hexside i); not road hexsides
    road_exits: int  # road hexsides (B3: a road leaves a hex only across a hexside)
    sides: dict  # hexside -> wall/hedge/bocage/cliff
    path_sides: tuple[int, ...] = ()  # hexsides a path crosses (B13)
    slopes: tuple[int, ...] = ()  # OtO 1.1-1.2: slope hexsides whose lines are in this hex (it is Down-Slope across)


class Codes:
    """Per VASL terrain code (0-255): its kind and what LOS reads of it, as arrays indexed by the code."""

    def __init__(self, types: Mapping[int, TerrainType | str]):
        given = [types.get(code) or TerrainType(code, "Open Ground") for code in range(256)]
        table = [named_type(code, t) if isinstance(t, str) else t for code, t in enumerate(given)]  # names alone
        self.kind = np.array([KIND_NAMES.index(kind_of(t.name)) for t in table], dtype=np.uint8)
        self.building = np.array([t.category in _BUILDING_CATEGORIES for t in table])
        self.inherent = np.array([t.inherent for t in table])
        self.hexside = np.array([t.category == "HEXSIDE" for t in table])
        self.obstacle = np.array([t.obstacle for t in table])
        self.hindrance = np.array([t.hindrance for t in table])
        self.height = np.array([t.height for t in table], dtype=np.float32)
        self.names = [t.name for t in table]


def _kind_id(kind: str) -> int:
    return KIND_NAMES.index(kind)


OPEN, ROAD, PATH_ID = _kind_id("open"), _kind_id("road"), _kind_id("path")
HEXSIDE_IDS = [_kind_id(k) for k in HEXSIDE_KINDS.values()]
_DISK = np.array([(dx, dy) for dx in range(-18, 19, 3) for dy in range(-18, 19, 3) if dx * dx + dy * dy <= 18 * 18])


class Board:
    """A classified board: every hex with its terrain, elevation, roads and hexside features, and the
    VASL terrain and elevation grids it was read from (for LOS; None for a board known only by its hexes)."""

    terrain: np.ndarray | None  # None: a board known only by its hexes (``from_hexes``)
    elevation: np.ndarray | None
    codes: Codes | None
    extra: dict  # what its reader kept beside it in the cache folder (a board read back by solo/board/stored.py)

    @classmethod
    def from_hexes(cls, name: str, grid: Grid, hexes: dict[str, Hex], terrain: np.ndarray | None = None,
                   elevation: np.ndarray | None = None, codes: Codes | None = None) -> Self:
        """A board classified earlier (from the cache)."""
        board = cls.__new__(cls)
        board.name, board.grid = name, grid
        board.terrain, board.elevation, board.codes = terrain, elevation, codes
        board.__dict__["hexes"] = hexes
        return board

    def __init__(self, raw: RawBoard, types: Mapping[int, TerrainType | str]):
        """``types``: VASL's terrain catalogue (``terrain_types``), or its names alone (``terrain_names``)."""
        self.name, self.grid = raw.name, raw.grid
        self.terrain, self.elevation = raw.terrain, raw.elevation
        self.codes = Codes(types)
        self._building_types = raw.building_types

    def grids(self) -> tuple[np.ndarray, np.ndarray, Codes]:
        """The terrain and elevation grids and the code table: a board read from VASL or a picture has them, one
        known only by its hexes (``from_hexes`` without them) has none."""
        if self.terrain is None or self.elevation is None or self.codes is None:
            raise ValueError(f"board {self.name!r} is known only by its hexes: it has no terrain grid")
        return self.terrain, self.elevation, self.codes

    def outline(self, column: int, row: int) -> np.ndarray:
        """The six vertices of a hex, vertex i starting hexside i (0 = N, clockwise)."""
        return _vertices(self.grid, *(np.array([v]) for v in self.grid.centre(column, row)))[0]

    @cached_property
    def hexes(self) -> dict[str, Hex]:
        return _classify(self)

    def intersections(self) -> list[str]:
        """Hexes with >= 3 road hexsides (OtO-S2 VPO Locations), in column order."""
        return [h.name for h in self.hexes.values() if h.road_exits >= 3]

    def describe(self, name: str) -> str:
        h = self.hexes[name]
        extra = [f"road across {', '.join(HEXSIDE_NAMES[s] for s in h.road_sides)}"] if h.road_sides else []
        extra += [f"path across {', '.join(HEXSIDE_NAMES[s] for s in h.path_sides)}"] if h.path_sides else []
        extra += [f"{f} on {HEXSIDE_NAMES[s]}" for s, f in sorted(h.sides.items())]
        return f"{h.name}: {h.terrain}, level {h.elevation}" + (f"; {'; '.join(extra)}" if extra else "")


def _vertices(grid: Grid, cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    """[hex, vertex, xy]: vertex i starts hexside i (0 = N, clockwise)."""
    r, h = grid.hex_width / 1.5, grid.hex_height / 2
    dx = np.array([-r / 2, r / 2, r, r / 2, -r / 2, -r])
    dy = np.array([-h, -h, 0, h, h, 0])
    return np.stack([cx[:, None] + dx, cy[:, None] + dy], axis=2)


def side_points(grid: Grid, cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    """[hex, side, xy] VASL's hexside points: the middle of each hexside moved a pixel towards the centre."""
    h = grid.hex_height / 2
    across = np.cos(np.radians(30)) * h
    dx = np.array([0, across - 1, across - 1, 0, 1 - across, 1 - across])
    dy = np.array([1 - h, 1 - h / 2, h / 2 - 1, h - 1, h / 2 - 1, 1 - h / 2])
    return np.stack([cx[:, None] + dx, cy[:, None] + dy], axis=2).astype(int)  # truncated, as VASL does


def _on_grid(board: Board, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    width, height = board.grids()[0].shape
    return (x >= 0) & (x < width) & (y >= 0) & (y < height)


def _codes_at(board: Board, x: np.ndarray, y: np.ndarray, off: int = 0) -> np.ndarray:
    """Terrain codes at integer pixels, ``off`` (a code) where the pixel is off the grid."""
    terrain = board.grids()[0]
    width, height = terrain.shape
    inside = _on_grid(board, x, y)
    return np.where(inside, terrain[np.clip(x, 0, width - 1), np.clip(y, 0, height - 1)], off)


def _hexside_on_map(grid: Grid, columns: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """[hex, side]: the hexside lies on the board (VASL leaves out the outer sides of edge hexes)."""
    on = np.ones((len(columns), 6), dtype=bool)
    on[columns == 0, 4:6] = False
    on[columns == grid.columns - 1, 1:3] = False
    odd = columns % 2 == 1
    on[odd & (rows == 0)] &= np.array([False, False, True, True, True, False])
    on[odd & (rows == grid.rows)] &= np.array([True, True, False, False, False, True])
    return on


def _centre_codes(board: Board, centres, xi, yi, points, on_map) -> np.ndarray:
    """The VASL terrain code of each hex's centre location (buildings that miss the dot, inherent terrain)."""
    codes = board.grids()[2]
    centre = _codes_at(board, xi, yi)
    at_sides = _codes_at(board, points[:, :, 0], points[:, :, 1])
    side_building = codes.building[at_sides]
    first = np.argmax(side_building, axis=1)
    fix = ~codes.building[centre] & side_building.any(axis=1)
    centre = np.where(fix, at_sides[np.arange(len(centre)), first], centre)
    missed = ~codes.building[centre]
    for dx, dy in ((5, 0), (-5, 0), (0, 5), (0, -5)):  # the last building found wins, as in VASL
        near = _codes_at(board, xi + dx, yi + dy)
        centre = np.where(missed & codes.building[near] & _on_grid(board, xi + dx, yi + dy), near, centre)
    _inherent(board, centre, centres, xi, yi, points, on_map)
    return centre


def _inherent(board: Board, centre, centres, xi, yi, points, on_map) -> None:
    """Inherent terrain nearer the centre than any hexside point fills the hex (in place on ``centre``)."""
    terrain, _, codes = board.grids()
    mask = codes.inherent[terrain]
    if not mask.any():
        return
    table = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.int32)
    table[1:, 1:] = mask.cumsum(0).cumsum(1)
    vertices = np.rint(_vertices(board.grid, *centres)).astype(int)
    x0 = np.clip(vertices[:, :, 0].min(1), 0, mask.shape[0])
    x1 = np.clip(vertices[:, :, 0].max(1), 0, mask.shape[0])
    y0 = np.clip(vertices[:, :, 1].min(1), 0, mask.shape[1])
    y1 = np.clip(vertices[:, :, 1].max(1), 0, mask.shape[1])
    any_inherent = table[x1, y1] - table[x0, y1] - table[x1, y0] + table[x0, y0] > 0
    for i in np.nonzero(any_inherent)[0]:
        gx, gy = (g.ravel() for g in np.meshgrid(np.arange(x0[i], x1[i]), np.arange(y0[i], y1[i]),
                                                 indexing="ij"))  # x outer, y inner: VASL's scan order
        here = np.hypot(gx - xi[i], gy - yi[i])
        nearest = np.ones(gx.shape, dtype=bool)
        for side in np.nonzero(on_map[i])[0]:
            nearest &= ~(np.hypot(gx - points[i, side, 0], gy - points[i, side, 1]) < here)
        found = np.nonzero(mask[gx, gy] & nearest)[0]
        if len(found):
            centre[i] = terrain[gx[found[0]], gy[found[0]]]


def _crossings(board: Board, cx, cy, kind: int, edge: np.ndarray) -> np.ndarray:
    """[hex, side]: a road (or path) of ``kind`` is painted across the middle of the hexside (beyond a
    hexside on the board's ``edge``, off the grid counts as the road going on)."""
    terrain, _, codes = board.grids()
    vertices = _vertices(board.grid, cx, cy)
    a, b = vertices, np.roll(vertices, -1, axis=1)
    middle = (a + b) / 2
    normal = middle - np.stack([cx, cy], axis=1)[:, None, :]
    normal /= np.hypot(normal[..., 0], normal[..., 1])[..., None]
    on = a[:, :, None, :] + (b - a)[:, :, None, :] * ALONG[None, None, :, None]  # [hex, side, t, xy]
    found = np.ones(on.shape[:2], dtype=bool)
    for shift in (-PROBE, 0, PROBE):  # a slanting road shows inside, on and beyond at different points
        p = np.rint(on + normal[:, :, None, :] * (shift - np.sign(shift) * 1e-6)).astype(int)  # ties: nearer
        if shift == 0:  # a hexside on the board's edge lies on its first or last row or column of pixels
            p = np.clip(p, 0, np.array(terrain.shape) - 1)
        at = codes.kind[_codes_at(board, p[..., 0], p[..., 1])] == kind
        if shift > 0:
            at |= edge[:, :, None] & ~_on_grid(board, p[..., 0], p[..., 1])
        found &= at.any(axis=2)
    return found


def _commonest(board: Board, xi, yi) -> tuple[np.ndarray, np.ndarray]:
    """Each hex's commonest kind around its centre, roads, paths and hexside lines aside (open when none), and
    the kinds of the points looked at."""
    x = xi[:, None] + _DISK[None, :, 0]
    y = yi[:, None] + _DISK[None, :, 1]
    kinds = board.grids()[2].kind[_codes_at(board, x, y)]
    counted = _on_grid(board, x, y) & ~np.isin(kinds, [ROAD, PATH_ID, *HEXSIDE_IDS])
    counts = np.zeros((len(xi), len(KIND_NAMES)), dtype=np.int32)
    np.add.at(counts, (np.repeat(np.arange(len(xi)), kinds.shape[1])[counted.ravel()], kinds.ravel()[counted.ravel()]),
              1)
    return counts.argmax(axis=1), kinds


def _classify(board: Board) -> dict[str, Hex]:
    grid, (pixels, elevation, codes) = board.grid, board.grids()
    columns, rows = np.array(grid.hexes).T
    centres = np.array([grid.centre(c, r) for c, r in grid.hexes]).T
    width, height = pixels.shape
    xi = np.clip(centres[0].astype(int), 0, width - 1)
    yi = np.clip(centres[1].astype(int), 0, height - 1)
    on_map = _hexside_on_map(grid, columns, rows)
    points = np.clip(side_points(grid, *centres), 0, [width - 1, height - 1])
    centre = _centre_codes(board, centres, xi, yi, points, on_map)
    kind = codes.kind[centre].astype(int)
    commonest, around = _commonest(board, xi, yi)
    kind = np.where(np.isin(kind, [OPEN, ROAD, PATH_ID]), commonest, kind)
    road = (around == ROAD).any(axis=1)
    edge = np.array([[grid.neighbour(c, r, side) is None for side in range(6)] for c, r in grid.hexes])
    cx, cy = centres
    road_sides, path_sides = _crossings(board, cx, cy, ROAD, edge), _crossings(board, cx, cy, PATH_ID, edge)
    vertices = np.rint(_vertices(grid, *centres)).astype(int)
    at_vertex = codes.kind[_codes_at(board, vertices[..., 0], vertices[..., 1])] == ROAD
    side_codes = _codes_at(board, points[:, :, 0], points[:, :, 1])
    index = {(c, r): i for i, (c, r) in enumerate(grid.hexes)}
    hexes = {}
    for i, (c, r) in enumerate(grid.hexes):
        name = grid.name(c, r)
        terrain = KIND_NAMES[kind[i]]
        if name in board._building_types and "building" in terrain:
            terrain = kind_of(board._building_types[name])
        sides = {}
        for s in np.nonzero(on_map[i])[0]:
            code = side_codes[i, s]
            other = grid.neighbour(c, r, int(s))
            if not codes.hexside[code] and other is not None:
                code = side_codes[index[other], (s + 3) % 6]
            if codes.hexside[code]:
                sides[int(s)] = kind_of(codes.names[code])
        roads = tuple(int(s) for s in np.nonzero(road_sides[i])[0])
        hexes[name] = Hex(name, terrain, int(elevation[xi[i], yi[i]]), bool(road[i]), roads,
                          tuple(int(v) for v in np.nonzero(at_vertex[i])[0]), len(roads), sides,
                          tuple(int(s) for s in np.nonzero(path_sides[i])[0]))
    return hexes

