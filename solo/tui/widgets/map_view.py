"""MapView: joined mapboards as text, one character a hex, with markers and a hex cursor."""

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from solo.board.render import COLOURS, symbol


class MapView(Widget, can_focus=True):
    """Joined mapboards as text, one character a hex (odd columns half a hex higher, as solo boards shows them),
    with markers: ? for an S?, E for an ENEMY unit, V for a VPO; the arrows move the hex cursor."""

    BINDINGS = [Binding("up", "move(0, -1)", "Up", show=False), Binding("down", "move(0, 1)", "Down", show=False),
                Binding("left", "move(-1, 0)", "Left", show=False), Binding("right", "move(1, 0)", "Right", show=False)]
    cursor = reactive((0, 1))

    class Moved(Message):
        def __init__(self, hex_id: str):
            super().__init__()
            self.hex_id = hex_id

    def __init__(self, boards: list, markers: dict[str, str], **kwargs):
        super().__init__(**kwargs)
        self.boards = boards  # [(board id, Board)], north to south
        self.markers = markers  # hex id -> marker letter

    def on_mount(self) -> None:
        self.styles.width = 7 + 2 * self.boards[0][1].grid.columns  # one line a hex row: the map scrolls, never wraps
        self.styles.height = len(self.grid_rows())

    def grid_rows(self) -> list[tuple[str, int]]:
        return [(board_id, row) for board_id, board in self.boards for row in range(board.grid.rows + 1)]

    def hex_at(self, column: int, line: int) -> str | None:
        board_id, row = self.grid_rows()[line]
        board = dict(self.boards)[board_id]
        return f"{board_id}{board.grid.name(column, row)}" if board.grid.contains(column, row) else None

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for line, (board_id, row) in enumerate(self.grid_rows()):
            board = dict(self.boards)[board_id]
            text.append(f"{board_id:>3}{row:>3} ", style="dim")
            for column in range(board.grid.columns):
                name = board.grid.name(column, row)
                if not board.grid.contains(column, row):
                    text.append("  ")
                    continue
                h = board.hexes[name]
                mark = self.markers.get(f"{board_id}{name}")
                shown = mark or symbol(h)
                style = "bold white on red" if mark == "E" else "bold black on yellow" if mark == "?" else \
                    "bold white on magenta" if mark == "V" else COLOURS.get(h.terrain, "white")
                if (column, line) == self.cursor:
                    style += " reverse"
                text.append(shown, style=style)
                text.append(" ")
            text.append("\n")
        return text

    def action_move(self, dc: int, dl: int) -> None:
        column, line = self.cursor
        columns = self.boards[0][1].grid.columns
        new = (max(0, min(columns - 1, column + dc)), max(0, min(len(self.grid_rows()) - 1, line + dl)))
        if self.hex_at(*new):
            self.cursor = new
            self.post_message(self.Moved(self.hex_at(*new)))
