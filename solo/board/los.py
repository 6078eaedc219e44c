"""Line of sight, a documented approximation good enough for the enemy AI and Activation.

What it models: a straight line between hex centres; the line's height runs from the
viewer's level to the target's (ground-level units, base elevation of each hex); every hex
the line crosses between them blocks it when its top (base level, +1 for a woods or building
obstacle: B13, B23) is higher than the line there. A line running along a hexside is blocked
only if the hexes on both sides of it block ("hexside lines checked both ways"): each sample
point is looked up a hair to either side of the line and must block on both. Left out:
hindrances (grain, orchards, brush, smoke), half-level walls and hedges, blind hexes and
slopes; they change DRM, not whether the AI may see.

``visible`` answers one pair in plain Python; ``los_matrix`` answers every pair within a range
with numpy, sampling each line at a third of a hex and looking the samples up in a raster
of hex indices.
"""


import networkx as nx
import numpy as np

OBSTACLES = {"woods", "wooden building", "stone building", "lumberyard", "rubble"}  # B13, B23, B24
STEP = 1 / 3  # samples per hex of range
CELL = 3.0  # raster cell, pixels
SIDE = CELL  # look-ups either side of the line fall in different cells


class LosMap:
    """The hexes of a map graph as arrays, and a raster from pixels to hexes."""

    def __init__(self, graph: nx.DiGraph, hex_width: float = 56.25, hex_height: float = 64.5, cell: float = CELL):
        self.nodes = list(graph.nodes)
        self.index = {n: i for i, n in enumerate(self.nodes)}
        data = [graph.nodes[n] for n in self.nodes]
        self.xy = np.array([(d["x"], d["y"]) for d in data])
        self.base = np.array([d["elevation"] for d in data], dtype=float)
        self.top = self.base + np.array([1.0 if d["terrain"] in OBSTACLES else 0.0 for d in data])
        self.hex_width, self.hex_height, self.cell = hex_width, hex_height, cell
        cols = np.array([d["col"] for d in data])
        drows = np.array([d["drow"] for d in data])
        self._grid = np.full((cols.max() + 2, drows.max() + 3), -1, dtype=np.int32)
        self._grid[cols, drows] = np.arange(len(self.nodes))
        w, h = self.xy.max(axis=0) + hex_width
        gx, gy = np.meshgrid(np.arange(0, w, cell), np.arange(0, h, cell), indexing="ij")
        self._raster = self._nearest(gx.ravel(), gy.ravel()).reshape(gx.shape)

    def _nearest(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """The hex whose centre is nearest each point (-1 off the map), from two candidate columns."""
        best = np.full(x.shape, -1, dtype=np.int32)
        best_d = np.full(x.shape, np.inf)
        for column in (np.floor(x / self.hex_width), np.ceil(x / self.hex_width)):
            column = column.astype(int)
            drow = np.rint(y / (self.hex_height / 2)).astype(int)  # a centre sits at drow * h/2 (coords)
            for d in (drow - 1, drow, drow + 1):
                ok = (column >= 0) & (column < self._grid.shape[0]) & (d >= 0) & (d < self._grid.shape[1])
                idx = np.full(x.shape, -1, dtype=np.int32)
                idx[ok] = self._grid[column[ok], d[ok]]
                found = idx >= 0
                dist = np.full(x.shape, np.inf)
                dist[found] = np.hypot(self.xy[idx[found], 0] - x[found], self.xy[idx[found], 1] - y[found])
                better = dist < best_d
                best[better], best_d[better] = idx[better], dist[better]
        return best

    def hex_at(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        i = np.clip(np.rint(x / self.cell).astype(int), 0, self._raster.shape[0] - 1)
        j = np.clip(np.rint(y / self.cell).astype(int), 0, self._raster.shape[1] - 1)
        return self._raster[i, j]

    def _blocked(self, a: np.ndarray, b: np.ndarray, px: np.ndarray, py: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Per sample point: does the hex there (on both sides of the line) rise above the line?"""
        dx, dy = self.xy[b, 0] - self.xy[a, 0], self.xy[b, 1] - self.xy[a, 1]
        length = np.hypot(dx, dy)
        nx_, ny_ = -dy / length * SIDE, dx / length * SIDE
        height = self.base[a] + (self.base[b] - self.base[a]) * t
        blocks = np.ones(px.shape, dtype=bool)
        for sign in (1, -1):
            h = self.hex_at(px + sign * nx_, py + sign * ny_)
            between = (h >= 0) & (h != a) & (h != b)
            blocks &= between & (self.top[np.maximum(h, 0)] > height + 1e-9)
        return blocks

    def _samples(self, a, b) -> np.ndarray:
        """Samples along a line: one every third of a hex of its length (the same for both methods)."""
        return np.maximum(2, np.ceil(np.hypot(*(self.xy[b] - self.xy[a]).T) / self.hex_width / STEP)).astype(int)

    def visible(self, viewer: str, target: str) -> bool:
        """One line of sight, sample by sample (the plain-Python reference)."""
        a, b = self.index[viewer], self.index[target]
        samples = int(self._samples(np.array([a]), np.array([b]))[0])
        for k in range(1, samples):
            t = k / samples
            x, y = self.xy[a] + (self.xy[b] - self.xy[a]) * t
            if self._blocked(np.array([a]), np.array([b]), np.array([x]), np.array([y]), np.array([t]))[0]:
                return False
        return True

    def pairs(self, max_range: int) -> tuple[np.ndarray, np.ndarray]:
        """Every (viewer, target) pair of different hexes within ``max_range`` hexes."""
        d = np.hypot(self.xy[:, None, 0] - self.xy[None, :, 0], self.xy[:, None, 1] - self.xy[None, :, 1])
        return np.nonzero((d <= (max_range + 0.5) * self.hex_width) & (d > 0))

    def lines(self, a: np.ndarray, b: np.ndarray, chunk: int = 20000) -> np.ndarray:
        """LOS for each pair (a[i], b[i]) of hex indices (True: seen), vectorised."""
        seen = np.ones(len(a), dtype=bool)
        for start in range(0, len(a), chunk):
            aa, bb = a[start:start + chunk], b[start:start + chunk]
            need = self._samples(aa, bb)[:, None]
            k = np.arange(1, need.max())[None, :]
            t = k / need
            px = self.xy[aa, 0, None] + (self.xy[bb, 0] - self.xy[aa, 0])[:, None] * t
            py = self.xy[aa, 1, None] + (self.xy[bb, 1] - self.xy[aa, 1])[:, None] * t
            blocked = self._blocked(aa[:, None], bb[:, None], px, py, t) & (k < need)
            seen[start:start + chunk] = ~blocked.any(axis=1)
        return seen

    def los_matrix(self, max_range: int = 16) -> np.ndarray:
        """LOS between every pair of hexes within ``max_range`` hexes (True: seen), vectorised."""
        seen = np.eye(len(self.nodes), dtype=bool)
        a, b = self.pairs(max_range)
        seen[a, b] = self.lines(a, b)
        return seen
