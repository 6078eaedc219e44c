"""Classify a VASL board into what the program needs per hex and per hexside.

Per hex: the main terrain (the commonest terrain around the centre, roads aside), the
elevation at the centre, and whether a road runs in it. Per hexside: a wall, hedge, bocage
or cliff painted along it, and a road crossing it the way a player sees it: road pixels just
inside and just outside the hex across the middle part of the hexside. A road that leaves
through a vertex (the painted road meets the hex outline at a corner) is a road exit too.
Going round the hex outline, side, vertex, side ..., each run of road crossings is one road
exit, so a road crossing a hexside near its corner is counted once. An "intersection"
(OtO-S2 VPO Locations: a hex with >= 3 road hexsides) is a hex with >= 3 road exits.
"""

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from solo.board.coords import HEXSIDE_NAMES, Grid
from solo.board.vasl import RawBoard

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
ROADS = ("Dirt Road", "Paved Road", "Elevated Road", "Sunken Road", "Path")  # B3, B4, B5
HEXSIDE_KINDS = {"Wall": "wall", "Hedge": "hedge", "Bocage": "bocage", "Cliff": "cliff"}  # B9, B11.3


def kind_of(name: str) -> str:
    if name in ROADS:
        return "road"
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
    road_vertices: tuple[int, ...]  # vertices a road leaves through (vertex i starts hexside i)
    road_exits: int  # separate roads leaving the hex (runs round the outline)
    sides: dict  # hexside -> wall/hedge/bocage/cliff


class Board:
    """A classified board: every hex with its terrain, elevation, roads and hexside features."""

    @classmethod
    def from_hexes(cls, name: str, grid: Grid, hexes: dict[str, Hex]) -> "Board":
        """A board classified earlier (from the cache)."""
        board = cls.__new__(cls)
        board.name, board.grid = name, grid
        board.__dict__["hexes"] = hexes
        return board

    def __init__(self, raw: RawBoard, names: dict[int, str]):
        self.name, self.grid = raw.name, raw.grid
        lookup = np.array([kind_of(names.get(code, "Open Ground")) for code in range(256)], dtype=object)
        self._kinds = lookup[raw.terrain]  # [x, y] kind names
        self._elevation = raw.elevation
        self._building_types = raw.building_types
        self._width, self._height = raw.terrain.shape

    def _at(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Kinds at pixel points (None off the board)."""
        xi, yi = np.rint(xs).astype(int), np.rint(ys).astype(int)
        inside = (xi >= 0) & (xi < self._width) & (yi >= 0) & (yi < self._height)
        out = np.full(xs.shape, None, dtype=object)
        out[inside] = self._kinds[xi[inside], yi[inside]]
        return out

    def outline(self, column: int, row: int) -> np.ndarray:
        """The six vertices of a hex, vertex i starting hexside i (0 = N, clockwise)."""
        return self._vertices(*self.grid.centre(column, row))

    def _vertices(self, cx: float, cy: float) -> np.ndarray:
        r, h = self.grid.hex_width / 1.5, self.grid.hex_height / 2
        return np.array([(cx - r / 2, cy - h), (cx + r / 2, cy - h), (cx + r, cy), (cx + r / 2, cy + h),
                         (cx - r / 2, cy + h), (cx - r, cy)])

    def _classify(self, column: int, row: int) -> Hex:
        cx, cy = self.grid.centre(column, row)
        # main terrain: the commonest kind within ~60% of the inner radius, roads and hexside lines aside
        offsets = np.arange(-18, 19, 3)
        gx, gy = np.meshgrid(offsets, offsets)
        disk = gx ** 2 + gy ** 2 <= 18 ** 2
        kinds = self._at(cx + gx[disk], cy + gy[disk])
        kinds = kinds[kinds != None]  # noqa: E711 - numpy elementwise
        counted = [k for k in kinds if k not in ("road", *HEXSIDE_KINDS.values())]
        terrain = max(set(counted), key=counted.count) if counted else "open"
        name = self.grid.name(column, row)
        if name in self._building_types and "building" in terrain:
            terrain = kind_of(self._building_types[name])
        xi = min(max(int(round(cx)), 0), self._width - 1)
        yi = min(max(int(round(cy)), 0), self._height - 1)
        road_sides, road_vertices, sides = [], [], {}
        vertices = self._vertices(cx, cy)
        for vertex in range(6):
            out = vertices[vertex] - (cx, cy)
            unit = out / np.hypot(*out)
            probe = np.array([vertices[vertex] - unit * 7, vertices[vertex], vertices[vertex] + unit * 7])
            inner, on, outer = self._at(probe[:, 0], probe[:, 1])
            if inner == "road" and on == "road" and outer in ("road", None):  # None: it runs off the board
                road_vertices.append(vertex)
        for side in range(6):
            a, b = vertices[side], vertices[(side + 1) % 6]
            t = np.linspace(0.2, 0.8, 9)[:, None]
            points = a + (b - a) * t
            mid = (a + b) / 2
            normal = (mid - (cx, cy)) / np.hypot(*(mid - (cx, cy)))
            inside, outside = points - normal * 7, points + normal * 7
            on_line = self._at(points[:, 0], points[:, 1])
            beyond = self._at(outside[:, 0], outside[:, 1])
            crossing = (self._at(inside[:, 0], inside[:, 1]) == "road") & (
                (beyond == "road") | ((beyond == None) & (on_line != "open")))  # noqa: E711 - runs off the board
            if crossing.any():
                road_sides.append(side)
            for feature in HEXSIDE_KINDS.values():
                if (on_line == feature).sum() >= 4:
                    sides[side] = feature
        around = [p for side in range(6) for p in (side in road_sides, (side + 1) % 6 in road_vertices)]
        exits = sum(1 for i in range(12) if around[i] and not around[i - 1]) or (12 if all(around) else 0)
        return Hex(name, terrain, int(self._elevation[xi, yi]), bool((kinds == "road").any()),
                   tuple(road_sides), tuple(road_vertices), min(exits, 6), sides)

    @cached_property
    def hexes(self) -> dict[str, Hex]:
        return {h.name: h for h in (self._classify(c, r) for c, r in self.grid.hexes)}

    def intersections(self) -> list[str]:
        """Hexes with >= 3 road exits (OtO-S2 VPO Locations), in column order."""
        return [h.name for h in self.hexes.values() if h.road_exits >= 3]

    def describe(self, name: str) -> str:
        h = self.hexes[name]
        extra = [f"road across {', '.join(HEXSIDE_NAMES[s] for s in h.road_sides)}"] if h.road_sides else []
        extra += [f"{f} on {HEXSIDE_NAMES[s]}" for s, f in sorted(h.sides.items())]
        return f"{h.name}: {h.terrain}, level {h.elevation}" + (f"; {'; '.join(extra)}" if extra else "")
