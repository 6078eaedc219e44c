"""Line of sight by the ASL rules on VASL's terrain grid.

The line runs from the centre of the viewer's hex to the centre of the target's, as VASL traces
it: through the terrain grid, a point per ``STEP`` pixels along its longer axis. Its height runs
from the viewer's level to the target's (units at ground level: each hex's base level, A6).
At each point the pixel's hex, terrain and ground level decide:

- Terrain of the viewer's or the target's own hex never blocks (A6).
- Ground higher than the line blocks it: hills (B10); equal height does not.
- An obstacle (woods, buildings ...: VASL's catalogue marks each terrain) whose top (ground +
  its height, a half level where VASL says so) is above the line blocks it (A6, B13, B23).
- A wall, hedge or bocage (hexside terrain, B9) blocks likewise, unless it lies on a hexside of
  the viewer's or the target's hex: a unit behind it sees over it (B9).
- A hindrance (grain, brush, orchard, marsh ...) above the line hinders it: +1 per hex it passes
  through (A6, B12, B14); six or more hindrance hexes block it (A6).
- A wreck is a LOS Hindrance (OtO 1.3's EX and OtO CG5: "A Burnt-Out-Wreck is a LOS Hindrance in the same manner as a
  normal wreck"; D10.3): the hexes a caller names as ``hindering`` (the mission's wreck counters) hinder a line that
  passes below ``WRECK_HEIGHT`` above their ground, +1 each hex like any hindrance.
- Slopes (OtO 1.3): an Up-Slope Location is 3/4 of a level higher to a LOS that begins or ends in it and crosses an
  Up-Slope hexside of its hex, and that LOS passes over whatever is lower than that height (ground, obstacles,
  Hindrances: "can trace a LOS across an Up-Slope hexside of its hex to a lower elevation ... and/or over obstacles
  and Hindrances whose topmost obstacle/Hindrance height is < the Up-Slope elevation"). The hexside a LOS crosses
  leaving a hex is the one its direction points through (along a vertex, either hexside: "the entire hexside
  (inclusive of vertices)", 1.1).

Boards from VASL files trace through VASL's own grid; a board known only by its hexes (a map
built by hand, a test) is painted into a grid of the same geometry from each hex's terrain and
hexside features, with the heights of ``STAND_IN`` (a marked stand-in for VASL's catalogue).

``visible``/``trace`` answer one pair in plain Python; ``lines`` and ``los_matrix`` answer many
pairs at once with numpy, the same points and the same rules.
"""

from dataclasses import dataclass
from functools import cache

import networkx as nx
import numpy as np

from solo.board.coords import Grid
from solo.board.graph import Placed
from solo.board.stored import cached_array
from solo.board.terrain import Board, Hex

STEP = 2.0  # pixels between points along the line's longer axis
WINDOW = 24  # points of each line traced at a time by the numpy pass
COARSE = 8  # its first pass looks at every eighth point, for obstacles alone
EPS = 1e-6
NONE = -100.0  # "no such terrain here" in the height arrays
MAX_HINDRANCE = 6  # A6: a LOS Hindrance DRM of +6 or more blocks LOS
UP_SLOPE = 0.75  # OtO 1.3: an Up-Slope Location is 3/4 of a level higher to LOS across its Up-Slope hexside
# A wreck hinders a line below this height above its hex's ground: solo's reading, a marked stand-in (the texts give
# no height; OtO 1.3's EX has an Up-Slope unit, 3/4 level higher, not hindered by an AFV/wreck, so it is lower).
WRECK_HEIGHT = 0.5
# Stand-in heights for a board known only by its hexes (what VASL's catalogue gives the same terrain):
# (obstacle height, hindrance height) in levels.
STAND_IN = {"woods": (1.0, None), "wooden building": (1.0, None), "stone building": (1.0, None),
            "lumberyard": (1.0, None), "rubble": (0.5, None), "grain": (None, 0.5), "brush": (None, 0.5),
            "orchard": (None, 1.0), "marsh": (None, 0.5), "graveyard": (None, 0.5),
            "wall": (0.5, None), "hedge": (0.5, None), "bocage": (1.0, None)}
WALL_WIDTH = 2.5  # pixels either side of a painted hexside feature (a board known only by its hexes)
STAND_IN_KINDS = ("open", *STAND_IN)


def _stand_in() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(area obstacle, hexside obstacle, hindrance, height) per kind of STAND_IN_KINDS."""
    obstacle = np.array([STAND_IN.get(k, (None, None))[0] is not None for k in STAND_IN_KINDS])
    hexside = np.array([k in ("wall", "hedge", "bocage") for k in STAND_IN_KINDS])
    hindrance = np.array([STAND_IN.get(k, (None, None))[1] is not None for k in STAND_IN_KINDS])
    heights = np.array([max(h or 0.0 for h in STAND_IN.get(k, (0.0, 0.0))) for k in STAND_IN_KINDS], dtype=np.float32)
    return obstacle & ~hexside, obstacle & hexside, hindrance, heights


@dataclass(frozen=True)
class Sight:
    """One LOS: clear, hindered by ``hindrances`` hexes, or blocked by ``blocked_by`` in ``where``."""

    seen: bool
    hindrances: int
    blocked_by: str | None = None
    where: str | None = None
    hindered_in: tuple[str, ...] = ()

    def text(self) -> str:
        if not self.seen:
            return f"blocked by {self.blocked_by} in {self.where}"
        if self.hindrances:
            return f"hindered by {self.hindrances} ({', '.join(self.hindered_in)})"
        return "clear"


def nearest_hexes(grid: Grid, x: np.ndarray, y: np.ndarray, columns=(-1, 0, 1, 2), rows=(-1, 0, 1)):
    """For points of one board: the hex (index into ``grid.hexes``) whose centre is nearest each, and the
    next nearest (the hex across the hexside the point is nearest), -1 where none; the candidates are the
    ``columns`` about the point's and the ``rows`` about the nearest row of each."""
    lookup = np.full((grid.columns + 2, 2 * grid.rows + 6), -1, dtype=np.int32)
    for i, (column, row) in enumerate(grid.hexes):
        lookup[column + 1, grid.doubled(column, row)[1] + 2] = i
    best, second = np.full(x.shape, -1, dtype=np.int32), np.full(x.shape, -1, dtype=np.int32)
    best_d, second_d = np.full(x.shape, np.inf), np.full(x.shape, np.inf)
    near = np.floor((x - grid.a1_x) / grid.hex_width).astype(int)
    for column in (near + c for c in columns):
        odd = column % 2
        # a hex's centre sits at a1_y + (d - 1) * h / 2 (d its doubled row, 2 * row - 1 in an even column,
        # 2 * row in an odd one): the nearest row of this column, and those either side
        row = np.rint((y - grid.a1_y) / grid.hex_height + 0.5 * odd) + (1 - odd)
        for step in rows:
            drow = (2 * (row + step) - (1 - odd)).astype(int)
            idx = lookup[np.clip(column + 1, 0, lookup.shape[0] - 1), np.clip(drow + 2, 0, lookup.shape[1] - 1)]
            idx = np.where((column >= -1) & (drow >= -2), idx, -1)
            dist = np.where(idx >= 0, np.hypot(grid.a1_x + column * grid.hex_width - x,
                                               grid.a1_y + (drow - 1) * grid.hex_height / 2 - y), np.inf)
            closer = dist < best_d
            runner = ~closer & (dist < second_d)
            second = np.where(closer, best, np.where(runner, idx, second))
            second_d = np.where(closer, best_d, np.where(runner, dist, second_d))
            best = np.where(closer, idx, best)
            best_d = np.where(closer, dist, best_d)
    return best, second


@cache
def pixel_hexes(grid: Grid, width: int, height: int) -> np.ndarray:
    """[x, y] of one board: the hex (index into ``grid.hexes``) whose centre is nearest each pixel (it lies in
    one of the two columns either side of the pixel, in the row nearest it there)."""
    def compute() -> np.ndarray:
        x, y = (v.ravel().astype(float) for v in np.meshgrid(np.arange(width), np.arange(height), indexing="ij"))
        nearest = nearest_hexes(grid, x, y, columns=(0, 1), rows=(0,))[0].reshape(width, height)
        return nearest.astype(np.int16) if len(grid.hexes) < 2 ** 15 else nearest  # half the cache file to read
    return cached_array("pixel_hexes", grid, (width, height), compute)


def _one_board(data: list[dict], names: list[str]) -> Placed:
    """A graph built without build_graph (by hand: nodes named by their hex, with col and drow): one board."""
    grid = Grid(columns=max(d["col"] for d in data) + 1, rows=max(d["drow"] for d in data) // 2)
    hexes = {
        name: Hex(name, d["terrain"], d["elevation"], False, (), (), 0, {})
        for name, d in zip(names, data, strict=False)
    }
    return Placed("", Board.from_hexes("", grid, hexes))


class LosMap:
    """The hexes of a map graph as arrays, and its terrain grid as flat per-pixel arrays."""

    def __init__(self, graph: nx.DiGraph):
        self.nodes = list(graph.nodes)
        self.index = {n: i for i, n in enumerate(self.nodes)}
        data = [graph.nodes[n] for n in self.nodes]
        self.xy = np.array([(d["x"], d["y"]) for d in data])
        self.level = np.array([d["elevation"] for d in data], dtype=float)
        up = np.array([sum(1 << side for side in d.get("upslope", ())) for d in data], dtype=np.int64)
        self.upslope = up if up.any() else None  # OtO 1.2: bit i, the hex is Up-Slope across its hexside i
        placed = graph.graph.get("placed") or [_one_board(data, self.nodes)]
        self.spacing = placed[0].board.grid.hex_width
        alias = {d["also"]: self.index[n] for n, d in zip(self.nodes, data, strict=False) if "also" in d}
        vasl = all(p.board.terrain is not None for p in placed)
        parts = [self._board(graph, p, alias, vasl) for p in placed]
        terrain, ground, nearest, second = (np.concatenate(part, axis=1) for part in zip(*parts, strict=True))
        if graph.graph.get("level_hills"):
            ground[:] = 0
        if vasl:
            codes = placed[0].board.codes
            self.kind_names = list(codes.names)
            obstacle, wall, hindrance, heights = (codes.obstacle & ~codes.hexside, codes.obstacle & codes.hexside,
                                                  codes.hindrance, codes.height)
        else:
            self.kind_names = list(STAND_IN_KINDS)
            obstacle, wall, hindrance, heights = _stand_in()
        # centres on the grid's last pixel row or column (the board's edge) are moved onto it
        self.xy = np.minimum(self.xy, np.array(terrain.shape) - 1)
        self.shape = terrain.shape
        self.terrain = terrain.ravel()
        self.ground = ground.ravel().astype(np.float32)
        self.hex, self.other = nearest.ravel(), second.ravel()
        lift = heights[self.terrain]
        self.top = np.where(obstacle[self.terrain] | wall[self.terrain], self.ground + lift, self.ground)
        self.is_wall = wall[self.terrain]
        self.hindrance = np.where(hindrance[self.terrain], self.ground + lift, NONE).astype(np.float32)
        self._flat_lists: tuple[list[int], list[float], list[float]] | None = None

    def _board(self, graph: nx.DiGraph, p, alias: dict, vasl: bool):
        """(terrain codes, ground level, nearest node, next nearest node) per pixel of one placed board."""
        board, grid = p.board, p.board.grid
        if vasl:
            width, height = board.terrain.shape
        else:
            width, height = (
                int(grid.a1_x + (grid.columns - 1) * grid.hex_width) + 1,
                int(round(grid.rows * grid.hex_height)),
            )
        local_nearest = pixel_hexes(grid, width, height)
        node = np.array([self.index.get(f"{p.id}{grid.name(c, r)}", alias.get(f"{p.id}{grid.name(c, r)}", -1))
                         for c, r in grid.hexes] + [-1], dtype=np.int32)
        # the hex across the hexside a pixel is nearest: wanted for wall and hedge pixels (all of a painted board)
        wanted = (board.codes.hexside[board.terrain] if vasl else np.ones((width, height), dtype=bool))
        local_second = np.full((width, height), -1, dtype=np.int32)
        x, y = np.nonzero(wanted)
        local_second[x, y] = nearest_hexes(grid, x.astype(float), y.astype(float))[1]
        nearest, second = node[local_nearest], node[local_second]
        if vasl:
            return board.terrain, board.elevation.astype(np.float32), nearest, second
        return self._painted(graph, grid, local_nearest, local_second, nearest, second)

    def _painted(self, graph, grid, local_nearest, local_second, nearest, second):
        """A board known only by its hexes: each pixel the terrain of its hex, walls/hedges along hexsides."""
        code = {k: i for i, k in enumerate(STAND_IN_KINDS)}
        hex_code = np.array([code.get(d["terrain"], code["open"]) for d in (graph.nodes[n] for n in self.nodes)])
        terrain = np.where(nearest >= 0, hex_code[np.maximum(nearest, 0)], code["open"])
        ground = self.level[np.maximum(nearest, 0)].astype(np.float32)
        centres = np.array([grid.centre(c, r) for c, r in grid.hexes])
        gx, gy = np.meshgrid(np.arange(nearest.shape[0]), np.arange(nearest.shape[1]), indexing="ij")
        a, b = centres[local_nearest], centres[local_second]
        span = np.maximum(np.hypot(*(b - a).transpose(2, 0, 1)), 1e-9)
        gap = np.where(local_second >= 0, (np.hypot(b[..., 0] - gx, b[..., 1] - gy) ** 2
                                           - np.hypot(a[..., 0] - gx, a[..., 1] - gy) ** 2) / (2 * span), np.inf)
        heights = _stand_in()[3]
        # along a hexside the lower of the two hexes shows: a line running down a hexside is blocked only
        # when the hexes on both sides of it block (A6)
        lower = hex_code[np.maximum(second, 0)]
        terrain = np.where((gap < 1.0) & (second >= 0) & (heights[lower] < heights[terrain]), lower, terrain)
        for a, b, feature in self._features(graph):
            on = (gap <= WALL_WIDTH) & (((nearest == a) & (second == b)) | ((nearest == b) & (second == a)))
            terrain[on] = code[feature]
        return terrain, ground, nearest, second

    def _features(self, graph: nx.DiGraph):
        """(hex, hex, wall/hedge/bocage) for each such hexside of the graph."""
        for u, v, e in graph.edges(data=True):
            if e.get("feature") in ("wall", "hedge", "bocage") and self.index[u] < self.index[v]:
                yield self.index[u], self.index[v], e["feature"]

    # --- one pair, plain Python -------------------------------------------------------------------

    def _points(self, a: int, b: int) -> int:
        """Points along the line from hex a to hex b: one per STEP pixels of its longer axis."""
        dx, dy = np.abs(self.xy[b] - self.xy[a])
        return max(2, int(np.ceil(max(dx, dy) / STEP)))

    def _blocks(self, p: int, line: float, a: int, b: int) -> bool:
        """Does the terrain at pixel ``p`` (not in hex a or b) block a line at height ``line``?"""
        return self.top[p] > line and not (self.is_wall[p] and self.other[p] in (a, b))

    def crossed(self, a: int, b: int) -> set[int]:
        """The hexsides of hex ``a`` a LOS to hex ``b`` crosses (two along a vertex; OtO 1.1: "inclusive of
        vertices")."""
        d = self.xy[b] - self.xy[a]
        t = (np.degrees(np.arctan2(d[0], -d[1])) % 360 + 30) / 60
        side = int(np.floor(t)) % 6
        return {side, (side - 1) % 6} if abs(t - round(t)) < 1e-6 else {side}

    def slope_lifts(self, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """OtO 1.3: for each pair, how much higher its a and b ends are to the LOS between them (UP_SLOPE where that
        end is Up-Slope across the hexside the LOS crosses leaving its hex), None on a map with no slopes."""
        if self.upslope is None:
            return None
        d = self.xy[b] - self.xy[a]
        angle = np.degrees(np.arctan2(d[:, 0], -d[:, 1]))  # from North, clockwise (hexside 0 is N)

        def crossed(mask: np.ndarray, towards: np.ndarray) -> np.ndarray:
            t = (towards % 360 + 30) / 60
            side = np.floor(t).astype(np.int64) % 6
            bits = (1 << side) | np.where(np.abs(t - np.round(t)) < 1e-6, 1 << ((side - 1) % 6), 0)
            return np.where(mask & bits, UP_SLOPE, 0.0)
        return crossed(self.upslope[a], angle), crossed(self.upslope[b], angle + 180)

    def _over(self, la: np.ndarray, lb: np.ndarray, lifts: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """OtO 1.3: a LOS from an Up-Slope end passes over what is lower than that end's height (NONE: no end is)."""
        return np.maximum(np.where(lifts[0] > 0, la, NONE), np.where(lifts[1] > 0, lb, NONE))

    def trace(self, viewer: str, target: str, hindering: frozenset = frozenset(), slopes: bool = True) -> Sight:
        """One LOS, point by point in plain Python, with what blocks it or hinders it and where (``hindering``:
        hexes whose wreck hinders it; ``slopes`` False: the map's slopes left out, as saves before rules version 7
        traced it). LOS is reciprocal (A6): the line is traced from the hex listed first in the map to the other."""
        a, b = sorted((self.index[viewer], self.index[target]))
        if self._flat_lists is None:
            self._flat_lists = self.hex.tolist(), self.top.tolist(), self.hindrance.tolist()
        hexes, tops, hinders = self._flat_lists
        wrecks = {self.index[h] for h in hindering if h in self.index}
        n, height = self._points(a, b), self.shape[1]
        (xa, ya), (xb, yb) = self.xy[a].tolist(), self.xy[b].tolist()
        la, lb = float(self.level[a]), float(self.level[b])
        lifts = self.slope_lifts(np.array([a]), np.array([b])) if slopes else None
        if lifts is not None:
            la, lb = la + float(lifts[0][0]), lb + float(lifts[1][0])
        over = float(np.max(self._over(np.array([la]), np.array([lb]), lifts))) if lifts is not None else NONE
        sx, sy, sl = (xb - xa) / n, (yb - ya) / n, (lb - la) / n  # per point
        hindered: list[str] = []
        for k in range(1, n):
            p = int(xa + k * sx) * height + int(ya + k * sy)
            h = hexes[p]
            if h == a or h == b:
                continue
            line = la + k * sl + EPS
            if tops[p] > line and tops[p] >= over and self._blocks(p, line, a, b):
                return Sight(False, len(hindered), self._what(p, line), self.nodes[h], tuple(hindered))
            hinder = max(hinders[p], float(self.ground[p]) + WRECK_HEIGHT) if h in wrecks else hinders[p]
            if hinder > line and hinder >= over and self.nodes[h] not in hindered:
                hindered.append(self.nodes[h])
                if len(hindered) >= MAX_HINDRANCE:
                    return Sight(False, len(hindered), f"{MAX_HINDRANCE} hindrance hexes (A6)", self.nodes[h],
                                 tuple(hindered))
        if self.index[viewer] > self.index[target]:
            hindered.reverse()  # from the viewer's side
        return Sight(True, len(hindered), hindered_in=tuple(hindered))

    def _what(self, p: int, line: float) -> str:
        """What blocks the line at pixel ``p``: an obstacle, a hexside feature, or higher ground."""
        if self.ground[p] > line:
            return f"level {self.ground[p]:g} ground"
        return self.kind_names[self.terrain[p]]

    def visible(self, viewer: str, target: str, hindering: frozenset = frozenset()) -> bool:
        return self.trace(viewer, target, hindering).seen

    # --- many pairs, numpy --------------------------------------------------------------------------

    def pairs(self, max_range: int) -> tuple[np.ndarray, np.ndarray]:
        """Every (viewer, target) pair of different hexes within ``max_range`` hexes."""
        d = np.hypot(self.xy[:, None, 0] - self.xy[None, :, 0], self.xy[:, None, 1] - self.xy[None, :, 1])
        viewers, targets = np.nonzero((d <= (max_range + 0.5) * self.spacing) & (d > 0))
        return viewers, targets

    def lines(self, a: np.ndarray, b: np.ndarray, budget: int = 1_000_000,
              hindering: np.ndarray | None = None, slopes: bool = True) -> np.ndarray:
        """LOS for each pair (a[i], b[i]) of hex indices (True: seen), vectorised."""
        return self.sights(a, b, budget, hindering, slopes)[0]

    def wreck_mask(self, hexes) -> np.ndarray | None:
        """The ``hindering`` argument of ``lines``/``sights``: True for each node holding a wreck (None: none)."""
        found = [self.index[h] for h in hexes if h in self.index]
        if not found:
            return None
        mask = np.zeros(len(self.nodes), dtype=bool)
        mask[found] = True
        return mask

    def sights(self, a: np.ndarray, b: np.ndarray, budget: int = 1_000_000,
               hindering: np.ndarray | None = None, slopes: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(seen, hindrance hexes) for each pair (a[i], b[i]), vectorised: pairs of about the same
        length together, up to ``budget`` points at a time; ``hindering`` (``wreck_mask``) the hexes whose wreck
        hinders a line through them; ``slopes`` False leaves the map's slopes out (saves before rules version 7)."""
        a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
        a, b = np.minimum(a, b), np.maximum(a, b)  # traced as ``trace`` traces them (A6: LOS is reciprocal)
        seen = np.ones(len(a), dtype=bool)
        hindered = np.zeros(len(a), dtype=np.int32)
        n = np.maximum(2, np.ceil(np.abs(self.xy[b] - self.xy[a]).max(axis=1) / STEP)).astype(np.int64)
        order = np.argsort(n, kind="stable")
        length = n[order]
        start = 0
        while start < len(order):
            stop = min(len(order), start + max(1, budget // int(length[start])))
            while stop - start > 1 and length[stop - 1] * (stop - start) > budget:
                stop = start + (stop - start) // 2
            pick = order[start:stop]
            seen[pick], hindered[pick] = self._block(a[pick], b[pick], n[pick], hindering, slopes)
            start = stop
        return seen, hindered

    def _block(self, a, b, n, wrecks=None, slopes=True) -> tuple[np.ndarray, np.ndarray]:
        """The same points and rules as ``trace`` for a block of pairs. First every COARSE-th point for
        obstacles alone (most lines are blocked, and a block at any of the points blocks the line), then
        every point of the lines still open, WINDOW points at a time (a pair blocked in one window is not
        traced further): dense tests of height, then the few points that pass checked for their hex (not
        the viewer's or the target's) and a wall's owners."""
        xa, ya, la, lb = self.xy[a, 0], self.xy[a, 1], self.level[a], self.level[b]
        lifts = self.slope_lifts(a, b) if slopes else None
        if lifts is not None:
            la, lb = la + lifts[0], lb + lifts[1]
        over = self._over(la, lb, lifts) if lifts is not None else None
        sx, sy, sl = (self.xy[b, 0] - xa) / n, (self.xy[b, 1] - ya) / n, (lb - la) / n
        blocked = np.zeros(len(a), dtype=bool)
        hindering = []  # pair * hexes + hex, for each hindrance hex a pair's line meets
        longest = int(n.max())
        for step, hinder in ((COARSE, False), (1, True)):
            active = np.arange(len(a))
            for start in range(step, longest, WINDOW * step):
                active = active[~blocked[active] & (n[active] > start)]
                if not len(active):
                    break
                k = np.minimum(np.arange(start, min(start + WINDOW * step, longest), step)[None, :], n[active, None])
                p = ((xa[active, None] + k * sx[active, None]).astype(np.int64) * self.shape[1]
                     + (ya[active, None] + k * sy[active, None]).astype(np.int64))
                line = la[active, None] + k * sl[active, None] + EPS  # points at k = n sit in the target hex
                top = self.top[p]
                row, col = np.nonzero((top > line) & (top >= over[active, None]) if over is not None else top > line)
                q, pair = p[row, col], active[row]
                h = self.hex[q]
                keep = (h != a[pair]) & (h != b[pair]) & ~(self.is_wall[q] & ((self.other[q] == a[pair])
                                                                             | (self.other[q] == b[pair])))
                blocked[pair[keep]] = True
                if hinder:
                    hind = self.hindrance[p]
                    if wrecks is not None:
                        hind = np.where(wrecks[self.hex[p]], np.maximum(hind, self.ground[p] + WRECK_HEIGHT), hind)
                    row, col = np.nonzero((hind > line) & (hind >= over[active, None]) if over is not None
                                          else hind > line)
                    pair = active[row]
                    h = self.hex[p[row, col]]
                    keep = (h != a[pair]) & (h != b[pair])
                    pair, h = pair[keep], h[keep]
                    first = np.ones(len(pair), dtype=bool)  # one key per run of points in the same hex
                    first[1:] = (pair[1:] != pair[:-1]) | (h[1:] != h[:-1])
                    hindering.append(pair[first] * len(self.nodes) + h[first])
        keys = np.unique(np.concatenate(hindering)) if hindering else np.zeros(0, dtype=np.int64)
        hindrances = np.bincount(keys // len(self.nodes), minlength=len(a)).astype(np.int32)  # each hex once
        return ~blocked & (hindrances < MAX_HINDRANCE), hindrances

    def los_matrix(self, max_range: int = 16) -> np.ndarray:
        """LOS between every pair of hexes within ``max_range`` hexes (True: seen), vectorised; LOS is
        reciprocal (A6), so each pair is traced once."""
        seen = np.eye(len(self.nodes), dtype=bool)
        a, b = self.pairs(max_range)
        once = a < b
        a, b = a[once], b[once]
        seen[a, b] = seen[b, a] = self.lines(a, b)
        return seen
