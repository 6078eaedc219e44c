"""Every hex of boards 4, 12, 19, 34 and 50 against VASL's own reading of its terrain grid (skipped
when ../shared/vasl-boards is absent; nothing read from it is kept).

The reference below is written out pixel by pixel in plain Python from how VASL's board code reads
a hex (its Hex.resetTerrain, read to learn it): the centre dot's terrain; a building that misses the
dot but covers a hexside point or a point 5 pixels from the dot; inherent terrain nearer the centre
than any hexside point; the level at the dot; hexside terrain at the hexside point of either hex.
Road hexsides, which VASL does not record, are found by a flood fill: the road pixels lying across the
middle of a hexside (its corners left out) reach 7 pixels into the hex and 7 pixels beyond it (or the
board's edge) through road pixels that stay beside the middle of that hexside."""

import math
from collections import deque

import pytest

from solo.board.cache import load_board
from solo.board.terrain import ROADS, Board, kind_of
from solo.board.vasl import read_board, terrain_types
from tests.conftest import VASL_BOARDS as BOARDS

pytestmark = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")

BOARD_CLASSES = {"4": "hedges, walls and grain", "12": "buildings (a village)", "19": "woods",
                 "34": "woods, paths and streams", "50": "woods and hills"}
BUILDINGS = ("BUILDING", "FACTORY", "MARKETPLACE")


class Reference:
    """One board read the way VASL reads it, in plain Python."""

    def __init__(self, board: str):
        raw = read_board(BOARDS, board)
        self.types = terrain_types(BOARDS)
        self.grid = raw.grid
        self.terrain = raw.terrain.tolist()
        self.elevation = raw.elevation.tolist()
        self.width, self.height = raw.terrain.shape

    def code(self, x: int, y: int) -> int | None:
        return self.terrain[x][y] if 0 <= x < self.width and 0 <= y < self.height else None

    def building(self, code) -> bool:
        return code is not None and code in self.types and self.types[code].category in BUILDINGS

    def dot(self, column: int, row: int) -> tuple[int, int]:
        cx, cy = self.grid.centre(column, row)
        return min(max(int(cx), 0), self.width - 1), min(max(int(cy), 0), self.height - 1)

    def side_points(self, column: int, row: int) -> list[tuple[int, int]]:
        cx, cy = self.grid.centre(column, row)
        h = self.grid.hex_height / 2
        across = math.cos(math.radians(30)) * h
        points = [(cx, cy - h + 1), (cx + across - 1, cy - h / 2 + 1), (cx + across - 1, cy + h / 2 - 1),
                  (cx, cy + h - 1), (cx - across + 1, cy + h / 2 - 1), (cx - across + 1, cy - h / 2 + 1)]
        return [(min(max(int(x), 0), self.width - 1), min(max(int(y), 0), self.height - 1)) for x, y in points]

    def sides_on_map(self, column: int, row: int) -> list[int]:
        sides = set(range(6))
        if column == 0:
            sides -= {4, 5}
        if column == self.grid.columns - 1:
            sides -= {1, 2}
        if column % 2 == 1 and row == 0:
            sides -= {0, 1, 5}
        if column % 2 == 1 and row == self.grid.rows:
            sides -= {2, 3, 4}
        return sorted(sides)

    def centre(self, column: int, row: int) -> int:
        x, y = self.dot(column, row)
        code = self.code(x, y)
        if not self.building(code):
            for p in self.side_points(column, row):
                if self.building(self.code(*p)):
                    code = self.code(*p)
                    break
        if not self.building(code):
            for dx, dy in ((5, 0), (-5, 0), (0, 5), (0, -5)):
                if self.building(self.code(x + dx, y + dy)):
                    code = self.code(x + dx, y + dy)
        cx, cy = self.grid.centre(column, row)
        r, h = self.grid.hex_width / 1.5, self.grid.hex_height / 2
        xs = [round(cx + dx) for dx in (-r / 2, r / 2, r, r / 2, -r / 2, -r)]
        ys = [round(cy + dy) for dy in (-h, -h, 0, h, h, 0)]
        points = [self.side_points(column, row)[s] for s in self.sides_on_map(column, row)]
        for px in range(max(min(xs), 0), min(max(xs), self.width)):
            for py in range(max(min(ys), 0), min(max(ys), self.height)):
                found = self.terrain[px][py]
                if found in self.types and self.types[found].inherent:
                    here = math.hypot(px - x, py - y)
                    if all(not math.hypot(px - sx, py - sy) < here for sx, sy in points):
                        return found
        return code

    def hexsides(self, column: int, row: int) -> dict[int, str]:
        sides = {}
        for side in self.sides_on_map(column, row):
            code = self.code(*self.side_points(column, row)[side])
            if self.types[code].category != "HEXSIDE" and (other := self.grid.neighbour(column, row, side)):
                code = self.code(*self.side_points(*other)[(side + 3) % 6])
            if self.types[code].category == "HEXSIDE":
                sides[side] = kind_of(self.types[code].name)
        return sides

    def road(self, x: int, y: int) -> bool:
        code = self.code(x, y)
        return code is not None and self.types[code].name in ROADS

    def road_sides(self, column: int, row: int) -> list[int]:
        cx, cy = self.grid.centre(column, row)
        r, h = self.grid.hex_width / 1.5, self.grid.hex_height / 2
        corners = [(cx - r / 2, cy - h), (cx + r / 2, cy - h), (cx + r, cy), (cx + r / 2, cy + h), (cx - r / 2, cy + h),
                   (cx - r, cy)]
        found = []
        for side in range(6):
            (ax, ay), (bx, by) = corners[side], corners[(side + 1) % 6]
            length = math.hypot(bx - ax, by - ay)
            ux, uy = (bx - ax) / length, (by - ay) / length
            nx, ny = ((ax + bx) / 2 - cx), ((ay + by) / 2 - cy)
            nx, ny = nx / math.hypot(nx, ny), ny / math.hypot(nx, ny)

            def place(px, py, ax=ax, ay=ay, ux=ux, uy=uy, nx=nx, ny=ny, length=length):
                """(along the hexside 0-1, beyond it in pixels: < 0 inside the hex)."""
                return ((px - ax) * ux + (py - ay) * uy) / length, (px - ax) * nx + (py - ay) * ny

            start = {(min(max(round(ax + (bx - ax) * t), 0), self.width - 1),  # a hexside on the board's edge:
                      min(max(round(ay + (by - ay) * t), 0), self.height - 1))  # the edge's own pixels
                     for t in [0.2 + i * 0.6 / 60 for i in range(61)]}
            start = {p for p in start if self.road(*p)}
            edge = self.grid.neighbour(column, row, side) is None
            seen, queue, inside, outside = set(start), deque(start), False, False
            while queue and not (inside and outside):
                px, py = queue.popleft()
                t, d = place(px, py)
                inside |= d <= -6.5  # the pixel 7 pixels away (a pixel is a unit square round its point)
                outside |= d >= 6.5
                for qx, qy in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    t, d = place(qx, qy)
                    if (qx, qy) in seen or not (0.2 <= t <= 0.8 and abs(d) <= 8):
                        continue
                    if self.code(qx, qy) is None:
                        outside |= edge and d >= 0  # off the board beyond a hexside on its edge
                        continue
                    if self.road(qx, qy):
                        seen.add((qx, qy))
                        queue.append((qx, qy))
            if inside and outside:
                found.append(side)
        return found


@pytest.fixture(scope="module", params=sorted(BOARD_CLASSES, key=int))
def both(request):
    """(board, classified, reference); classified here, not through the cache (module fixtures run before
    the test's own cache folder is set)."""
    return request.param, Board(read_board(BOARDS, request.param), terrain_types(BOARDS)), Reference(request.param)


def test_every_hex_s_terrain_and_level_as_vasl_reads_them(both):
    board_id, board, ref = both
    wrong = []
    for column, row in ref.grid.hexes:
        name = ref.grid.name(column, row)
        h, code = board.hexes[name], ref.centre(column, row)
        x, y = ref.dot(column, row)
        if h.elevation != ref.elevation[x][y]:
            wrong.append(f"{name}: level {h.elevation}, VASL {ref.elevation[x][y]}")
        vasl = kind_of(ref.types[code].name)
        if vasl in ("open", "road", "path"):  # the dot shows open ground or a road: the terrain around it counts
            near = {kind_of(ref.types[c].name) for dx in range(-18, 19, 3) for dy in range(-18, 19, 3)
                    if dx * dx + dy * dy <= 324 and (c := ref.code(x + dx, y + dy)) is not None}
            if "building" in h.terrain or h.terrain not in near | {"open"}:
                wrong.append(f"{name}: {h.terrain}, VASL's dot {ref.types[code].name}, around it {sorted(near)}")
        elif h.terrain != vasl and not ("building" in h.terrain and "building" in vasl):
            wrong.append(f"{name}: {h.terrain}, VASL {ref.types[code].name}")
    assert not wrong, f"board {board_id} ({BOARD_CLASSES[board_id]}): {wrong}"


def test_every_hexside_s_terrain_as_vasl_reads_it(both):
    board_id, board, ref = both
    wrong = [f"{ref.grid.name(c, r)}: {board.hexes[ref.grid.name(c, r)].sides}, VASL {ref.hexsides(c, r)}"
             for c, r in ref.grid.hexes if board.hexes[ref.grid.name(c, r)].sides != ref.hexsides(c, r)]
    assert not wrong, f"board {board_id} ({BOARD_CLASSES[board_id]}): {wrong}"


def test_every_hex_s_road_hexsides_and_the_intersections(both):
    board_id, board, ref = both
    sides = {ref.grid.name(c, r): ref.road_sides(c, r) for c, r in ref.grid.hexes}
    wrong = [f"{name}: {list(board.hexes[name].road_sides)}, flood fill {found}" for name, found in sides.items()
             if list(board.hexes[name].road_sides) != found]
    assert not wrong, f"board {board_id} ({BOARD_CLASSES[board_id]}): {wrong}"
    assert board.intersections() == [name for name, found in sides.items() if len(found) >= 3]


def test_the_hexes_issue_16_names():
    """Centre-dot buildings, paths, roads through a corner, a slanting road crossing."""
    four, twelve, nineteen = (load_board(BOARDS, b) for b in ("4", "12", "19"))
    assert "building" in four.hexes["X8"].terrain and "building" in nineteen.hexes["C3"].terrain
    assert all("building" in twelve.hexes[h].terrain for h in ("O1", "P2", "U2", "FF4", "U6", "V2", "V4"))
    thirty_four = load_board(BOARDS, "34")
    assert all(thirty_four.hexes[h].path_sides and h not in thirty_four.intersections() for h in ("H6", "J5", "BB5"))
    assert len(four.hexes["FF5"].road_sides) == len(load_board(BOARDS, "50").hexes["B5"].road_sides) == 2
    assert 1 in nineteen.hexes["X1"].road_sides and 4 in nineteen.hexes["Y1"].road_sides  # X1/Y1 across NE/SW
