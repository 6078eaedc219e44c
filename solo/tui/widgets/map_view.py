"""MapView: joined mapboards as text, one character a hex, with column letters, markers, the ENEMY's decided paths
and a hex cursor."""

from dataclasses import replace

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from solo.board.render import COLOURS, symbol

MARKS = {"F": "bold white on blue", "E": "bold white on red", "?": "bold black on yellow", "V": "bold white on magenta"}
HOLDERS = {"FRIENDLY": "bold white on blue", "ENEMY": "bold white on red"}  # a VPO's V by the side that holds it
KEY = ("F FRIENDLY unit  E ENEMY unit  ? S?  V a VPO, right of its hex (blue FRIENDLY, red ENEMY controlled)  "
       "dotted: the set up line  underlined: an ENEMY move waiting")


class MapView(Widget, can_focus=True):
    """Joined mapboards as text, one character a hex (odd columns half a hex higher, as solo boards shows them),
    column letters along the top, board and row numbers down the left, markers (F a FRIENDLY unit, E an ENEMY unit,
    ? an S?), a VPO's V to the right of its hex whatever stands in it (coloured by who controls it), the set up
    line's hexes dotted, and the hexes of the ENEMY's waiting moves underlined; the arrows move the hex cursor."""

    BINDINGS = [Binding("up", "move(0, -1)", "Up", show=False), Binding("down", "move(0, 1)", "Down", show=False),
                Binding("left", "move(-1, 0)", "Left", show=False), Binding("right", "move(1, 0)", "Right", show=False),
                Binding("enter", "choose", "Choose hex", show=False)]
    cursor = reactive((0, 1))

    class Moved(Message):
        def __init__(self, hex_id: str):
            super().__init__()
            self.hex_id = hex_id

    class Chosen(Message):
        """Enter on the map: the hex under the cursor is chosen (the end of a move traced with the arrows)."""

    def __init__(self, boards: list, markers: dict[str, str], paths: set[str] = frozenset(),
                 terrain: dict[str, str] | None = None, vpo: dict[str, str | None] | None = None,
                 line: set[str] = frozenset(), **kwargs):
        super().__init__(**kwargs)
        self.vpo = vpo or {}  # VPO hex -> the side that controls it (None: not known)
        self.line = line  # the hexes of the FRIENDLY set up line (OtO-S1)
        self.terrain = terrain or {}  # hex id -> its terrain where the mission changes the board's (OtO-S2 MSR 5)
        self.boards = boards  # [(board id, Board)], north to south
        self.markers = markers  # hex id -> marker letter
        self.paths = paths  # hexes of the ENEMY's waiting moves

    def on_mount(self) -> None:
        self.styles.width = 7 + 2 * self.boards[0][1].grid.columns  # one line a hex row: the map scrolls, never wraps
        self.styles.height = len(self.grid_rows()) + 1

    def grid_rows(self) -> list[tuple[str, int]]:
        return [(board_id, row) for board_id, board in self.boards for row in board.grid.row_numbers]

    def hex_at(self, column: int, line: int) -> str | None:
        board_id, row = self.grid_rows()[line]
        board = dict(self.boards)[board_id]
        return f"{board_id}{board.grid.name(column, row)}" if board.grid.contains(column, row) else None

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        grid = self.boards[0][1].grid
        text.append("       " + "".join(f"{grid.name(c, 1)[:-1][:2]:<2}" for c in range(grid.columns)) + "\n", style="dim")
        for line, (board_id, row) in enumerate(self.grid_rows()):
            board = dict(self.boards)[board_id]
            text.append(f"{board_id:>3}{row:>3} ", style="dim")
            for column in range(board.grid.columns):
                name = board.grid.name(column, row)
                if not board.grid.contains(column, row):
                    text.append("  ")
                    continue
                h = board.hexes[name]
                if self.terrain.get(f"{board_id}{name}", h.terrain) != h.terrain:
                    h = replace(h, terrain=self.terrain[f"{board_id}{name}"])
                mark = self.markers.get(f"{board_id}{name}")
                shown = mark or symbol(h)
                style = MARKS.get(mark) or COLOURS.get(h.terrain, "white")
                if f"{board_id}{name}" in self.paths:
                    style += " underline"
                if f"{board_id}{name}" in self.line and not mark:
                    shown, style = ":", "bold yellow"
                if (column, line) == self.cursor:
                    style += " reverse"
                text.append(shown, style=style)
                if f"{board_id}{name}" in self.vpo:
                    text.append("V", style=HOLDERS.get(self.vpo[f"{board_id}{name}"], MARKS["V"]))
                else:
                    text.append(" ")
            text.append("\n")
        return text

    def on_click(self, event) -> None:
        """A click puts the cursor on the hex clicked (each hex two characters wide, after the row labels)."""
        column, line = (event.x - 7) // 2, event.y - 1
        if 0 <= line < len(self.grid_rows()) and 0 <= column < self.boards[0][1].grid.columns and \
                self.hex_at(column, line):
            self.cursor = (column, line)
            self.post_message(self.Moved(self.hex_at(column, line)))

    def action_choose(self) -> None:
        self.post_message(self.Chosen())

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
        if self.hex_at(*new):
            self.cursor = new
            self.post_message(self.Moved(self.hex_at(*new)))
