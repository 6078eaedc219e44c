"""MapView: joined mapboards as text, with column letters, a compass naming the map's edges, markers and stack counts,
hexsides (roads, walls, hedges), the ENEMY's decided paths and a hex cursor.

Two scales (z switches): compact, a text line a hex row and two characters a hex (the second its stack's count, a VPO's
V, else the hexside to its right; a wall or hedge on its south side underlines it); full, two lines a hex row and
three characters a hex, with every hexside drawn: the two slanted ones between the hexes, the south one on the line
below. Neighbouring columns sit half a hex apart (the grid's ``neighbour`` says which way), so of a hex's two slanted
hexsides to the right one lies on its own line and the other beside the line below. The widget shows the part of the
map around the cursor it has room for, under a compass and column letters that stay in place."""

from collections.abc import Set as AbstractSet
from dataclasses import replace

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from solo.board.render import COLOURS, HEXSIDE_COLOURS, symbol

# X: a wreck (OtO-S1 MSR 8, D10.1)
MARKS: dict[str | None, str] = {"F": "bold white on blue", "E": "bold white on red", "?": "bold black on yellow",
                                 "X": "bold white on #3c3c3c", "V": "bold white on magenta"}
# a VPO's V by the side that holds it
HOLDERS: dict[str | None, str] = {"FRIENDLY": "bold white on blue", "ENEMY": "bold white on red"}
ROAD = "bold #b4783c"
SIDE_COLOURS = HEXSIDE_COLOURS | {"cliff": "#d0d0d0", "bocage": "#2e8b2e"}  # black would not show on a dark terminal
SLANTED = {"wall": "|", "hedge": "¦", "bocage": "‖", "cliff": "!"}  # a hexside between two hexes of one text line
SOUTH = {"wall": "──", "hedge": "┄┄", "bocage": "══", "cliff": "!!"}  # a hex's south hexside, on the line below it
KEY = ("F FRIENDLY  E ENEMY  ? S?  X a wreck  ²-⁹ (⁺ more) the counters of a stack (o opens it)  V a VPO, or its "
       "stack's count on its colour (blue FRIENDLY, red ENEMY)  : the set up line  dark red: an ENEMY move waiting  "
       "hexsides: = road | wall ¦ hedge ‖ bocage (── ┄┄ ══ on a hex's south side; compact: the hex underlined)  "
       "z: full map / compact")
COUNTS = " ¹²³⁴⁵⁶⁷⁸⁹"  # a stack's count, raised
LABEL = 7  # the row labels' width: board id, row number


class MapView(Widget, can_focus=True):
    """The map as text: column letters along the top (two lines in the compact scale, so that AA, BB ... stay apart),
    board and row numbers down the left, a compass line naming each edge of the picture (``edges``: "top" -> its
    words), markers (F a FRIENDLY unit, E an ENEMY unit, ? an S?) with the stack's count, a VPO's V coloured by who
    controls it, the set up line's hexes dotted, the ENEMY's waiting moves on dark red; the arrows move the hex cursor,
    Enter chooses its hex, o (or a click on the cursor's hex) opens its stack."""

    BINDINGS = [Binding("up", "move(0, -1)", "Up", show=False), Binding("down", "move(0, 1)", "Down", show=False),
                Binding("left", "move(-1, 0)", "Left", show=False), Binding("right", "move(1, 0)", "Right", show=False),
                Binding("enter", "choose", "Choose hex", show=False), Binding("z", "zoom", "Zoom map", show=False)]
    cursor = reactive((0, 1))
    full = reactive(False)

    class Moved(Message):
        def __init__(self, hex_id: str):
            super().__init__()
            self.hex_id = hex_id

    class Chosen(Message):
        """Enter on the map: the hex under the cursor is chosen (the end of a move traced with the arrows)."""

    class Opened(Message):
        """A click on the hex under the cursor: its stack is opened on the hex panel."""

    def __init__(self, boards: list, markers: dict[str, str], paths: AbstractSet[str] = frozenset(),
                 terrain: dict[str, str] | None = None, vpo: dict[str, str | None] | None = None,
                 line: AbstractSet[str] = frozenset(), counts: dict[str, int] | None = None,
                 edges: dict[str, str] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.vpo = vpo or {}  # VPO hex -> the side that controls it (None: not known)
        self.line = line  # the hexes of the FRIENDLY set up line (OtO-S1)
        self.terrain = terrain or {}  # hex id -> its terrain where the mission changes the board's (OtO-S2 MSR 5)
        self.boards = boards  # [(board id, Board)], north to south
        self.markers = markers  # hex id -> marker letter
        self.counts = counts or {}  # hex id -> the counters standing in it
        self.paths = paths  # hexes of the ENEMY's waiting moves
        self.edges = edges or {}  # "top", "right", "bottom", "left" -> the edge's name and role ("West, EBE")

    @property
    def width_of_hex(self) -> int:
        return 3 if self.full else 2

    @property
    def top(self) -> int:
        """Lines above the first hex row: the compass, the column letters (two lines in the compact scale)."""
        return 2 if self.full else 3

    def on_mount(self) -> None:
        self.full = self.app.size.height >= 45  # a large terminal shows every hexside from the start

    def watch_full(self) -> None:
        self.refresh()

    def _window(self) -> tuple[range, range]:
        """The columns and text lines in sight: the map keeps its compass and column letters in place and shows the
        part of the map around the cursor that the widget has room for."""
        rh, w = (2 if self.full else 1), self.width_of_hex
        lines, columns = len(self.grid_rows()), self.boards[0][1].grid.columns
        seen_lines = max(1, (self.size.height - self.top) // rh) if self.size.height else lines
        seen_columns = max(1, (self.size.width - LABEL) // w) if self.size.width else columns
        column, line = self.cursor
        first_line = min(max(0, line - seen_lines // 2), max(0, lines - seen_lines))
        first_column = min(max(0, column - seen_columns // 2), max(0, columns - seen_columns))
        if seen_lines >= lines:
            first_line = 0
        if seen_columns >= columns:
            first_column = 0
        return (range(first_column, min(columns, first_column + seen_columns)),
                range(first_line, min(lines, first_line + seen_lines)))

    def grid_rows(self) -> list[tuple[str, int]]:
        return [(board_id, row) for board_id, board in self.boards for row in board.grid.row_numbers]

    def hex_at(self, column: int, line: int) -> str | None:
        board_id, row = self.grid_rows()[line]
        board = dict(self.boards)[board_id]
        return f"{board_id}{board.grid.name(column, row)}" if board.grid.contains(column, row) else None

    def _compass(self) -> str:
        words = [f"{arrow} {self.edges[side]}" for side, arrow in (("top", "▲"), ("bottom", "▼"), ("left", "◀"),
                                                                 ("right", "▶")) if self.edges.get(side)]
        return "   ".join(words)

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        text.append(self._compass() + "\n", style="bold")
        grid = self.boards[0][1].grid
        columns, lines = self._window()
        names = {c: grid.name(c, 1)[:-1] for c in columns}
        w = self.width_of_hex
        if self.full:
            text.append(" " * LABEL + "".join(f"{names[c]:<{w}}" for c in columns) + "\n", style="dim")
        else:  # two lines, even columns above, odd below: each name has room for two letters and a space
            for parity in (0, 1):
                text.append(" " * LABEL + "".join(f"{names[c] if c % 2 == parity else '':<{w}}" for c in columns)
                            .rstrip() + "\n", style="dim")
        rows = self.grid_rows()
        for line in lines:
            board_id, row = rows[line]
            board = dict(self.boards)[board_id]
            text.append(f"{board_id:>3}{row:>3} ", style="dim")
            below = Text(" " * LABEL)
            for column in columns:
                self._hex(text, below, board_id, board, column, row, line)
            text.append("\n")
            if self.full:
                text.append_text(below)
                text.append("\n")
        return text

    def _hex(self, text: Text, below: Text, board_id: str, board, column: int, row: int, line: int) -> None:
        """One hex: its symbol or marker, its count or V, the hexside to its right; below it (full scale) its south
        hexside and the slanted hexside to the right of the line below."""
        grid, w = board.grid, self.width_of_hex
        if not grid.contains(column, row):
            text.append(" " * w)
            below.append(" " * (w - 1))
            below.append(*self._slanted(board, column, row, below=True))
            return
        name = f"{board_id}{grid.name(column, row)}"
        h = board.hexes[grid.name(column, row)]
        if self.terrain.get(name, h.terrain) != h.terrain:
            h = replace(h, terrain=self.terrain[name])
        mark = self.markers.get(name)
        shown, style = mark or symbol(h), MARKS.get(mark) or COLOURS.get(h.terrain, "white")
        if name in self.line and not mark:
            shown, style = ":", "bold yellow"
        if name in self.paths:
            style += " on #6e1e1e"
        if not self.full and h.sides.get(3):  # the compact scale's south hexside: the hex underlined
            style += " underline"
        if (column, line) == self.cursor:
            style += " reverse"
        text.append(shown, style=style)
        count = self.counts.get(name, 0)
        held = HOLDERS.get(self.vpo.get(name), MARKS["V"]) if name in self.vpo else None
        if count > 1:  # raised, so that "E²" is not read as the id E2
            text.append(COUNTS[count] if count < 10 else "⁺", style=held or "bold")
        elif held:
            text.append("V", style=held)
        elif self.full:
            text.append(" ")
        if self.full or not (count > 1 or held):
            text.append(*self._slanted(board, column, row))
        if self.full:
            feature = h.sides.get(3)
            if feature:
                below.append(SOUTH[feature], style=SIDE_COLOURS[feature])
            elif 3 in h.road_sides:
                below.append("‖ ", style=ROAD)
            else:
                below.append("  ")
            below.append(*self._slanted(board, column, row, below=True))

    @staticmethod
    def _slanted(board, column: int, row: int, below: bool = False) -> tuple[str, str]:
        """The slanted hexside between this column and the next: on the hex's own line (``below`` False), the one it
        shares with its neighbour on that line; beside the line below, the one between the hexes above and below that
        gap. A wall, hedge, bocage or cliff, else a road crossing it, else a space."""
        grid = board.grid
        if below:  # the gap between rows row and row + 1 to the right of this column
            if grid.neighbour(column, row, 2) == (column + 1, row + 1):
                column, row, side = column, row, 2  # this hex's SE side (the next column sits higher)
            else:
                column, row, side = column, row + 1, 1  # the NE side of the hex below (the next column sits lower)
        else:
            side = 1 if grid.neighbour(column, row, 1) == (column + 1, row) else 2
        if not grid.contains(column, row):
            return " ", ""
        h = board.hexes[grid.name(column, row)]
        feature = h.sides.get(side)
        if feature:
            return SLANTED[feature], f"bold {SIDE_COLOURS[feature]}"
        if side in h.road_sides:
            return "=", ROAD
        return " ", ""

    def on_click(self, event) -> None:
        """A click puts the cursor on the hex clicked; a click on the hex under the cursor opens its stack."""
        columns, lines = self._window()
        column = columns.start + (event.x - LABEL) // self.width_of_hex
        line = lines.start + (event.y - self.top) // (2 if self.full else 1)
        if event.y >= self.top and event.x >= LABEL and column in columns and line in lines and \
                (hex_id := self.hex_at(column, line)):
            if (column, line) == self.cursor:
                self.post_message(self.Opened())
                return
            self.cursor = (column, line)
            self.post_message(self.Moved(hex_id))

    def action_choose(self) -> None:
        self.post_message(self.Chosen())

    def action_zoom(self) -> None:
        self.full = not self.full

    def place_cursor(self, hex_id: str) -> None:
        """Put the cursor on ``hex_id`` (one of the map's names) if the map shows it."""
        for line, (board_id, row) in enumerate(self.grid_rows()):
            board = dict(self.boards)[board_id]
            for column in range(board.grid.columns):
                if f"{board_id}{board.grid.name(column, row)}" == hex_id and board.grid.contains(column, row):
                    self.cursor = (column, line)
                    self.post_message(self.Moved(hex_id))
                    return

    def action_move(self, dc: int, dl: int) -> None:
        column, line = self.cursor
        columns = self.boards[0][1].grid.columns
        new = (max(0, min(columns - 1, column + dc)), max(0, min(len(self.grid_rows()) - 1, line + dl)))
        if hex_id := self.hex_at(*new):
            self.cursor = new
            self.post_message(self.Moved(hex_id))
