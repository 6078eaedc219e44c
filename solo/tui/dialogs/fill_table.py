"""FillTable: a table the texts lack typed in from the player's rulebook, in the app (the form of `solo tables fill`):
solo builds its structure, the player types the values under its header, one row a line, and it is checked before
it is kept."""

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static, TextArea

from solo.core.errors import SoloError
from solo.rules import default_catalog, load_catalog
from solo.rules.catalog import catalog_folders
from solo.rules.fill import ROLLS, rows_from_csv, save, shape_of


class FillTable(ModalScreen[bool]):
    """The table's header and rows as CSV to complete; ctrl+s checks and saves, Escape cancels. A table nothing
    describes asks first how it is built (its roll, key and columns)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Check and save")]

    def __init__(self, table_id: str):
        super().__init__()
        self.table_id, self.shape = table_id, None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="fill"):
            yield Label(f"[b]Fill in {escape(self.table_id)}[/b] from your rulebook", id="fill-title")
            with Horizontal(id="fill-build"):
                yield Select([(r, r) for r in ROLLS], prompt="roll", id="fill-roll")
                yield Input(placeholder="key column (a chart)", id="fill-key")
                yield Input(placeholder="columns, comma-separated", id="fill-columns")
                yield Button("Build", id="fill-make")
            yield TextArea("", id="fill-csv")
            yield Static("", id="error", classes="error")
            yield Label("one row a line, cells separated by commas; a row left empty is left out · "
                        "ctrl+s check and save · escape cancel", classes="hint")

    def on_mount(self) -> None:
        self._build({})

    def _build(self, asked: dict) -> None:
        try:
            self.shape = shape_of(load_catalog(catalog_folders()), self.table_id, asked)
        except SoloError as exc:
            self.query_one("#fill-build").display = True
            self.query_one("#error", Static).update(f"{exc}: choose them above, then Build")
            return
        self.query_one("#fill-build").display = bool(asked)
        self.query_one("#fill-title", Label).update(
            f"[b]Fill in {escape(self.shape.title)}[/b] ({escape(self.shape.where)}) from your rulebook")
        self.query_one("#fill-csv", TextArea).text = self.shape.template()
        self.query_one("#error", Static).update("")
        self.query_one("#fill-csv", TextArea).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        roll = self.query_one("#fill-roll", Select).value
        asked = {"roll": roll if isinstance(roll, str) else "", "key": self.query_one("#fill-key", Input).value,
                 "columns": self.query_one("#fill-columns", Input).value.split(",")}
        self._build({k: v for k, v in asked.items() if v})

    def action_save(self) -> None:
        if self.shape is None:
            return
        try:
            save(self.shape, rows_from_csv(self.shape, self.query_one("#fill-csv", TextArea).text))
        except SoloError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        default_catalog.cache_clear()
        self.app.notify(f"{self.table_id} is in your table pack: solo now uses it")
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
