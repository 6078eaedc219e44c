"""Shared pieces: the hex map with a cursor, the new-save dialog, and the screen over one save."""

import time

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from solo.board.render import COLOURS, symbol
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.tui.saves import remember


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


class NewSaveDialog(ModalScreen):
    """A dialog that starts a save: its own fields, a seed (empty: from the clock), and Start."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Cancel")]

    def on_mount(self) -> None:
        self.query_one("#seed", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._start()

    def _start(self) -> None:
        text = self.query_one("#seed", Input).value.strip()
        if text and not text.isdigit():
            self.query_one("#error", Static).update("the seed is a whole number")
            return
        try:
            path = self.create(int(text) if text else int(time.time()))
        except SoloError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.app.pop_screen()
        self.app.open_save(path)

    def create(self, seed: int):
        """Make the save and return its path."""
        raise NotImplementedError


class SaveScreen(Screen):
    """A screen over one save (mission or campaign): the engine's ``replay`` runs in a worker with the player's
    answers and typed dice, and undo takes back the last answer. Subclasses show ``self.outcome``."""

    def __init__(self, path, replay):
        super().__init__()
        self.path, self.replay = path, replay
        self.outcome = replay(EventLog.open(path), frozen=True)

    def refresh_view(self) -> None:
        raise NotImplementedError

    def action_undo(self) -> None:
        try:
            EventLog.open(self.path).undo_last_answer()
        except SoloError as exc:
            self.notify(str(exc), severity="error")
            return
        self.outcome = self.replay(EventLog.open(self.path), frozen=True)
        self.refresh_view()
        self.notify("your last answer is undone; the dice rolled after it are kept")

    @work(thread=True, exclusive=True)
    def play(self, answers: dict, faces: list[int]) -> None:
        """Run the engine in a worker (the UI stays live); every roll and answer is saved as it happens."""
        log = EventLog.open(self.path)
        before = log.pending
        log.set_pending(before + faces)
        try:
            self.replay(log, answers)
            outcome = self.replay(EventLog.open(self.path), frozen=True)
        except SoloError as exc:
            log.set_pending(before)
            self.app.call_from_thread(self.query_one("#error", Static).update, str(exc))
            return
        self.app.call_from_thread(self.played, outcome)

    def played(self, outcome) -> None:
        self.outcome = outcome
        for field in self.query(Input):
            field.value = ""
        self.query_one("#error", Static).update("")
        remember(self.path)
        self.refresh_view()
