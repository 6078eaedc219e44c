"""Hex coordinates of ASL mapboards (flat-topped hexes in vertical columns).

A geomorphic board has 33 columns, A-Z then AA-GG; even-index columns (A, C, ...) hold
rows 1-10 and odd-index columns (B, D, ...) rows 0-10 (the half hexes on the long edges):
346 hexes. A historical map numbers its own rows: the OtO map's odd-index columns hold rows
1-52 beside the even ones' 1-53 (``odd_rows``). Hex ids are written as ASL writes them, with the board in front on a
multi-board map: "4K5", "13Y3".

Internally a hex is (column index, doubled row): a hex's centre is half a hex lower in an
even-index column, so the doubled row is 2*row - 1 there and 2*row in odd-index columns.
Neighbours then differ by (0, +-2) or (+-1, +-1).
"""

import re
from dataclasses import dataclass
from functools import cached_property

from solo.core.errors import SoloError

# Hexsides, clockwise from the top (flat-topped hexes): the step to the neighbour across each.
HEXSIDE_STEPS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
HEXSIDE_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
_ID = re.compile(r"^(?P<board>\d+)?(?P<col>[A-Z]{1,2})(?P<row>\d+)$")
_LOCAL = re.compile(r"^(?P<col>[A-Z]{1,2})(?P<row>\d+)$")


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, 32 -> GG (ASL doubles the letter)."""
    letter = chr(ord("A") + index % 26)
    return letter * (index // 26 + 1)


def column_index(letters: str) -> int:
    if len(set(letters)) != 1:
        raise ValueError(letters)
    return (ord(letters[0]) - ord("A")) + 26 * (len(letters) - 1)


@dataclass(frozen=True)
class Grid:
    """The hex grid of one board: its columns and rows, and its pixel geometry (VASL)."""

    columns: int = 33
    rows: int = 10
    hex_width: float = 56.25  # pixels between column centres
    hex_height: float = 64.5  # pixels between row centres
    a1_x: float = 0.0
    a1_y: float = 32.25
    odd_rows: tuple[int, int] | None = None  # first and last row of odd-index columns (None: 0..rows)

    def row_range(self, column: int) -> range:
        """Rows of a column: 1..rows in even-index columns, 0..rows (or ``odd_rows``) in odd-index ones."""
        if column % 2 == 0:
            return range(1, self.rows + 1)
        first, last = self.odd_rows or (0, self.rows)
        return range(first, last + 1)

    @property
    def row_numbers(self) -> range:
        """Every row number any column has, top to bottom (a text map's lines)."""
        return range(min(self.row_range(0).start, self.row_range(1).start), self.rows + 1)

    @cached_property
    def hexes(self) -> tuple[tuple[int, int], ...]:
        """Every (column, row) of the board, column by column."""
        return tuple((c, r) for c in range(self.columns) for r in self.row_range(c))

    def contains(self, column: int, row: int) -> bool:
        return 0 <= column < self.columns and row in self.row_range(column)

    def name(self, column: int, row: int) -> str:
        return f"{column_letters(column)}{row}"

    def parse(self, text: str, shown: str | None = None) -> tuple[int, int]:
        """'K5' -> (10, 5); an impossible hex id is one clear line (naming ``shown``, the id as typed)."""
        shown = shown or text
        match = _LOCAL.match(text.strip().upper())
        if not match:
            raise SoloError(f"bad hex id {shown!r}: write column letters then row, e.g. K5 or 4K5")
        try:
            column = column_index(match["col"])
        except ValueError:
            raise SoloError(f"bad hex id {shown!r}: column letters are A-Z, then AA, BB ...") from None
        row = int(match["row"])
        if column >= self.columns:
            raise SoloError(f"no hex {shown!r}: there is no column {match['col']} (columns run "
                            f"A-{column_letters(self.columns - 1)})")
        if not self.contains(column, row):
            rows = self.row_range(column)
            raise SoloError(f"no hex {shown!r}: column {match['col']} has rows {rows.start}-{rows.stop - 1}")
        return column, row

    def doubled(self, column: int, row: int) -> tuple[int, int]:
        return column, 2 * row - (1 if column % 2 == 0 else 0)

    def from_doubled(self, column: int, drow: int) -> tuple[int, int]:
        return column, (drow + (1 if column % 2 == 0 else 0)) // 2

    def neighbour(self, column: int, row: int, side: int) -> tuple[int, int] | None:
        """The hex across hexside ``side`` (0 = N, clockwise), or None off the board."""
        c, d = self.doubled(column, row)
        dc, dd = HEXSIDE_STEPS[side]
        nc, nr = self.from_doubled(c + dc, d + dd)
        return (nc, nr) if self.contains(nc, nr) else None

    def neighbours(self, column: int, row: int) -> list[tuple[int, int]]:
        return [n for side in range(6) if (n := self.neighbour(column, row, side))]

    def is_edge(self, column: int, row: int) -> bool:
        """A board-edge hex: one of its hexsides leads off the board."""
        return len(self.neighbours(column, row)) < 6

    def centre(self, column: int, row: int) -> tuple[float, float]:
        """Pixel centre of a hex, as VASL draws the board."""
        _, d = self.doubled(column, row)
        return self.a1_x + column * self.hex_width, self.a1_y + (d - 1) * self.hex_height / 2


def distance(a: tuple[int, int], b: tuple[int, int], grid: Grid = Grid()) -> int:
    """Hexes from a to b (ASL range), counting the target hex and not the firer's."""
    (ac, ad), (bc, bd) = grid.doubled(*a), grid.doubled(*b)
    dc, dd = abs(ac - bc), abs(ad - bd)
    return dc + max(0, (dd - dc) // 2)


def _cube(grid: Grid, hex_: tuple[int, int]) -> tuple[float, float, float]:
    c, d = grid.doubled(*hex_)
    q, r = c, (d - c - 1) / 2  # column + doubled row is always odd
    return q, r, -q - r


def _round_cube(q: float, r: float, s: float) -> tuple[int, int]:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def line(a: tuple[int, int], b: tuple[int, int], grid: Grid = Grid()) -> list[tuple[int, int]]:
    """The hexes a straight line from a's centre to b's passes, a first (nudged off vertices)."""
    n = distance(a, b, grid)
    qa, ra, sa = _cube(grid, a)
    qb, rb, sb = _cube(grid, b)
    hexes = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q, r = _round_cube(qa + (qb - qa) * t + 1e-6, ra + (rb - ra) * t + 1e-6, sa + (sb - sa) * t - 2e-6)
        hexes.append(grid.from_doubled(q, 2 * r + q + 1))
    return hexes


@dataclass(frozen=True)
class HexId:
    """A hex on a named board: '4K5' is board '4', hex K5."""

    board: str
    column: int
    row: int

    def __str__(self) -> str:
        return f"{self.board}{column_letters(self.column)}{self.row}"


def parse_hex_id(text: str, grid: Grid = Grid(), board: str | None = None) -> HexId:
    """'4K5' -> HexId('4', 10, 5); a bare 'K5' needs ``board``."""
    match = _ID.match(text.strip().upper())
    if not match:
        raise SoloError(f"bad hex id {text!r}: write the board then the hex, e.g. 4K5")
    name = match["board"] or board
    if not name:
        raise SoloError(f"hex id {text!r} names no board: write it with the board in front, e.g. 4{text}")
    column, row = grid.parse(f"{match['col']}{match['row']}", shown=text)
    return HexId(name, column, row)
