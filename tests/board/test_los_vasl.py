"""LOS on real boards against a straightforward pixel trace through VASL's terrain grid (skipped when
../shared/vasl-boards is absent; nothing read from it is kept).

The trace below is written out in plain Python from the rules solo.board.los states (A6,
B9, B10, B13, B23): every pixel on the line between the two hexes' centre dots (a pixel per step
along the longer axis), its hex the one whose centre is nearest, the line's height from the viewer's
level to the target's; terrain of the two end hexes is left out; higher ground or an obstacle top
above the line blocks; a wall or hedge pixel blocks unless the hexside it lies on (between its hex
and the next nearest) belongs to an end hex; hindrance hexes are counted, six block. The board's LOS
(every second pixel, numpy) must agree on at least 99.5% of random pairs; the pairs that differ are
listed with both answers."""

import math
import random

import numpy as np
import pytest

from solo.board.graph import Placed, build_graph
from solo.board.los import LosMap
from solo.board.terrain import Board
from solo.board.vasl import read_board, terrain_types
from tests.conftest import VASL_BOARDS as BOARDS

pytestmark = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
AGREEMENT = 0.995


class PixelTrace:
    """LOS pixel by pixel on one board's VASL grid."""

    def __init__(self, board: str):
        raw = read_board(BOARDS, board)
        self.grid, self.types = raw.grid, terrain_types(BOARDS)
        self.terrain, self.elevation = raw.terrain.tolist(), raw.elevation.tolist()
        self.width, self.height = raw.terrain.shape
        self.centres = {(c, r): self.grid.centre(c, r) for c, r in self.grid.hexes}
        self._owners: dict[tuple[int, int], tuple] = {}

    def owners(self, x: int, y: int) -> tuple:
        """The hex whose centre is nearest the pixel, and the next nearest."""
        if (x, y) not in self._owners:
            column = int(x // self.grid.hex_width)
            near = sorted((math.hypot(cx - x, cy - y), hex_) for hex_, (cx, cy) in self.centres.items()
                          if column - 1 <= hex_[0] <= column + 2 and abs(cy - y) < 2 * self.grid.hex_height)
            self._owners[x, y] = (near[0][1], near[1][1])
        return self._owners[x, y]

    def level(self, hex_) -> int:
        cx, cy = self.centres[hex_]
        return self.elevation[min(int(cx), self.width - 1)][min(int(cy), self.height - 1)]

    def seen(self, a, b) -> tuple[bool, str]:
        """(seen, why): what blocks the line and at which pixel, or how many hindrance hexes it crosses."""
        (xa, ya), (xb, yb) = ((min(x, self.width - 1), min(y, self.height - 1)) for x,
                              y in (self.centres[a], self.centres[b]))
        la, lb = self.level(a), self.level(b)
        n = max(2, math.ceil(max(abs(xb - xa), abs(yb - ya))))
        hindered = []
        for k in range(1, n):
            x, y = int(xa + (xb - xa) * k / n), int(ya + (yb - ya) * k / n)
            here, beyond = self.owners(x, y)
            if here in (a, b):
                continue
            line = la + (lb - la) * k / n + 1e-6
            ground = self.elevation[x][y]
            t = self.types.get(self.terrain[x][y])
            top = ground + (t.height if t and t.obstacle else 0)
            if ground > line:
                return False, f"level {ground} ground at pixel ({x}, {y})"
            if top > line and (t.category != "HEXSIDE" or beyond not in (a, b)):
                return False, f"{t.name} at pixel ({x}, {y}) in {self.grid.name(*here)}"
            if t and t.hindrance and ground + t.height > line and here not in hindered:
                hindered.append(here)
                if len(hindered) >= 6:
                    return False, f"6 hindrance hexes, the last {t.name} at pixel ({x}, {y})"
        return True, f"{len(hindered)} hindrance hexes"


def agreement(board: str, pairs: int, seed: int = 16) -> tuple[float, list[str]]:
    b = Board(read_board(BOARDS, board), terrain_types(BOARDS))
    los = LosMap(build_graph([Placed(board, b)]))
    trace = PixelTrace(board)
    hexes = list(b.grid.hexes)
    rng = random.Random(seed)
    picks = [tuple(rng.sample(hexes, 2)) for _ in range(pairs)]
    names = [[los.index[f"{board}{b.grid.name(*h)}"] for h in pair] for pair in picks]
    fast = los.lines(np.array([n[0] for n in names]), np.array([n[1] for n in names]))
    differ = []
    for (a, t), seen in zip(picks, fast, strict=False):
        pixel, why = trace.seen(a, t)
        if pixel != seen:
            sight = los.trace(f"{board}{b.grid.name(*a)}", f"{board}{b.grid.name(*t)}")
            differ.append(f"{board}{b.grid.name(*a)}-{b.grid.name(*t)}: board {sight.text()}; pixel trace "
                          f"{'seen' if pixel else 'blocked'}: {why}")
    return 1 - len(differ) / pairs, differ


@pytest.mark.parametrize("board", ["4", "12", "19", "34"])
def test_los_agrees_with_a_pixel_trace(board):
    share, differ = agreement(board, 400)
    print(f"board {board}: {share:.2%} agree; differing pairs:", *differ, sep="\n  ")
    assert share >= AGREEMENT, (share, differ)


@pytest.mark.long
@pytest.mark.parametrize("board", ["4", "12", "19", "34"])
def test_los_agrees_with_a_pixel_trace_on_10000_pairs(board):
    share, differ = agreement(board, 10_000)
    print(f"board {board}: {share:.2%} agree; differing pairs (every second pixel against every pixel):",
          *differ, sep="\n  ")
    assert share >= AGREEMENT, (share, differ)
