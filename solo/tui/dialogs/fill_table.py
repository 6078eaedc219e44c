"""FillTable: a table the texts lack typed in from the player's rulebook, in the app (the form of `solo tables fill`).
solo builds its structure; the player goes row by row, a field for each column that knows what it allows (a CG Day
picked from the game's days, RG IDs completed from the chart) and checks each cell as it is typed. What is typed is
kept in a draft until the table is saved, so a refused table or a closed app loses nothing. The same rows can be
edited as CSV, and read from or written to a file (to share a CG card)."""

from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Button, Input, Label, OptionList, Select, Static, TextArea
from textual.widgets.option_list import Option

from solo.core.content import data_dir
from solo.core.errors import SoloError
from solo.rules import default_catalog, load_catalog
from solo.rules.catalog import catalog_folders
from solo.rules.fill import (
    ROLLS,
    Allowed,
    Shape,
    allowed,
    check_cell,
    check_key,
    column_kind,
    draft_path,
    export,
    parse_rows,
    rows_from_csv,
    save,
    shape_of,
    start_rows,
    to_csv,
)


def allowed_for(table_id: str) -> Allowed:
    """What the Campaign Game a table belongs to allows in its cells (nothing for another table)."""
    from solo.games import CAMPAIGNS
    game = CAMPAIGNS.get(table_id.split(".")[0])
    return allowed(default_catalog(), game.definition.raw) if game else Allowed()


class Completes(Suggester):
    """Completes the last of comma-separated IDs from the ones allowed ("I1, A" -> "I1, A6")."""

    def __init__(self, ids: list[str]):
        super().__init__(use_cache=False, case_sensitive=True)
        self.ids = ids

    async def get_suggestion(self, value: str) -> str | None:
        head, _, last = value.rpartition(",")
        last = last.strip()
        found = next((i for i in self.ids if last and i.startswith(last) and i != last), None)
        return f"{head}, {found}" if found and head else found


class FillTable(ModalScreen[str]):
    """A row at a time (the rows on the left, the row's cells on the right); ctrl+s checks and saves it into the pack,
    Escape cancels (the draft is kept), ctrl+l leaves it for later when the game can start without it. Dismissed
    with "saved", "cancel" or "later". A table nothing describes asks first how it is built (its roll, key and
    columns)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Check and save"),
                Binding("ctrl+n", "add_row", "New row"), Binding("ctrl+t", "as_csv", "As CSV"),
                Binding("ctrl+l", "later", "Later", show=False)]

    def __init__(self, table_id: str, later: bool = False):
        super().__init__()
        self.table_id, self.later, self.problem = table_id, later, ""
        self.shape: Shape | None = None
        self.allowed = allowed_for(table_id)
        self.rows: list[list[str]] = []
        self.at = 0
        self._make({})

    def _make(self, asked: dict) -> None:
        """The table's shape and the rows to start from: the draft if there is one, else the pack's own rows, else
        the rows the table needs with the cells the texts give."""
        cat = load_catalog(catalog_folders())
        try:
            self.shape = shape_of(cat, self.table_id, asked)
        except SoloError as exc:
            self.shape, self.problem = None, str(exc)
            return
        self.problem, draft = "", draft_path(self.table_id)
        try:
            if draft.exists():
                self.rows = parse_rows(self.shape, draft.read_text(encoding="utf-8"))
                self.problem = "your draft is back: what you typed last time, not saved yet"
            else:
                table = cat.tables.get(self.table_id)
                self.rows = parse_rows(self.shape, export(cat, self.table_id)) if table is not None and table.pack \
                    else start_rows(self.shape)
        except (SoloError, OSError, UnicodeDecodeError):
            self.rows = start_rows(self.shape)
        self.rows = self.rows or [[""] * len(self.shape.header)]

    def compose(self) -> ComposeResult:
        shape = self.shape
        with Vertical(classes="dialog", id="fill"):
            title = f"[b]Fill in {escape(shape.title)}[/b] ({escape(shape.where)})" if shape else \
                f"[b]Fill in {escape(self.table_id)}[/b]"
            yield Label(title + " from your rulebook", id="fill-title")
            if shape is None:
                with Horizontal(id="fill-build"):
                    yield Select([(r, r) for r in ROLLS], prompt="roll", id="fill-roll")
                    yield Input(placeholder="key column (a chart)", id="fill-key")
                    yield Input(placeholder="columns, comma-separated", id="fill-columns")
                    yield Button("Build", id="fill-make")
                yield Static(escape(f"{self.problem}: choose them above, then Build"), id="error", classes="error")
                return
            with Horizontal(id="fill-form"):
                yield OptionList(*self._row_options(), id="fill-rows")
                with VerticalScroll(id="fill-cells"):
                    yield Label(shape.key or f"roll ({shape.roll} range)", classes="cell-label")
                    yield Input(self.rows[0][0], id="fill-row-key", placeholder=shape.key or "e.g. <=3, 4-5, >=11")
                    for i, column in enumerate(shape.columns or ["result"]):
                        kind = column_kind(shape, column, self.allowed)
                        yield Label(f"{column}" + self._hint(kind), classes="cell-label")
                        if kind == "day":
                            yield Select([(d, d) for d in self.allowed.days], prompt="pick a CG Day", id=f"cell-{i}")
                        else:
                            ids = self.allowed.rgs.get(kind[4:], []) if kind.startswith("rgs:") else []
                            yield Input(id=f"cell-{i}", suggester=Completes(ids) if ids else None)
            yield TextArea("", id="fill-csv", soft_wrap=False, show_line_numbers=True)
            with Horizontal(id="fill-file"):
                yield Input(placeholder=f"CSV file to read in or write out (empty: {self._default_file()})",
                            id="fill-path")
                yield Button("Read in", id="fill-import")
                yield Button("Write out", id="fill-export")
            yield Static(escape(self.problem), id="error", classes="error")
            yield Label("rows: ✓ whole · … in part · – empty (left out) · ! a cell refused.  Tab / Enter next cell · "
                        "ctrl+n new row · ctrl+t as CSV · ctrl+s check and save · escape cancel (what you typed is "
                        "kept)" + (" · ctrl+l later (not needed to start)" if self.later else ""), classes="hint")

    def _hint(self, kind: str) -> str:
        if kind.startswith("rgs:"):
            ids = self.allowed.rgs[kind[4:]]
            return f"  [dim](RG IDs, comma-separated: {escape(', '.join(ids)) or 'fill the RG chart first'})[/dim]"
        return {"number": "  [dim](a whole number)[/dim]", "ratio": "  [dim](e.g. 12/9)[/dim]"}.get(kind, "")

    def _default_file(self) -> Path:
        return data_dir() / "exports" / f"{self.table_id}.csv"

    @property
    def form(self) -> Shape:
        """The table's shape, where the form (its rows and cells, its file buttons) is shown: only for a shape."""
        assert self.shape is not None, "the form is shown for a table with a shape"
        return self.shape

    def on_mount(self) -> None:
        self._ready()

    def _ready(self) -> None:
        if self.shape is None:
            return
        self.query_one("#fill-csv").display = False
        self._show(0)
        self.query_one("#fill-row-key" if not self.rows[0][0] else "#cell-0").focus()

    # --- the rows ---------------------------------------------------------------------------------------------------

    def _status(self, row: list[str]) -> str:
        if not any(row[1:]):
            return "  –"
        return "  !" if self._problem_in(row) else "  ✓" if all(row[1:]) else "  …"

    def _row_options(self) -> list[Option]:
        return [Option(Text(f"{row[0] or '(new row)'}{self._status(row)}"), id=str(i))
                for i, row in enumerate(self.rows)]

    def _problem_in(self, row: list[str]) -> tuple[int, str] | None:
        """The first refused cell of a row (its column index, -1 for the key) and why."""
        if problem := check_key(self.form, row[0]):
            return -1, problem
        for i, (column, text) in enumerate(zip(self.form.columns or ["result"], row[1:], strict=True)):
            if problem := check_cell(self.form, column, text, self.allowed):
                return i, problem
        return None

    def _show(self, index: int) -> None:
        """Row ``index`` in the cells."""
        self.at = index
        row = self.rows[index]
        self.query_one("#fill-row-key", Input).value = row[0]
        columns = self.form.columns or ["result"]
        for i, text in enumerate(row[1:]):
            cell = self.query_one(f"#cell-{i}")
            if isinstance(cell, Select):
                cell.value = text if text in self.allowed.days else Select.NULL
            elif isinstance(cell, Input):  # a cell is a Select (a CG Day) or an Input
                cell.value = text
            cell.set_class(bool(check_cell(self.form, columns[i], text, self.allowed)), "refused")
        rows = self.query_one("#fill-rows", OptionList)
        if rows.highlighted != index:
            rows.highlighted = index

    def _changed(self, where: int, text: str) -> None:
        """A cell (``where``: its column index, -1 for the row's key) typed: kept, checked, and the draft written."""
        row = self.rows[self.at]
        if row[where + 1] == text:
            return
        row[where + 1] = text
        column = "" if where < 0 else (self.form.columns or ["result"])[where]
        problem = check_key(self.form, text) if where < 0 and text.strip() else \
            "" if where < 0 else check_cell(self.form, column, text, self.allowed)
        self.query_one("#error", Static).update(escape(problem))
        widget = self.query_one("#fill-row-key" if where < 0 else f"#cell-{where}")
        widget.set_class(bool(problem), "refused")
        self.query_one("#fill-rows", OptionList).replace_option_prompt_at_index(
            self.at, Text(f"{row[0] or '(new row)'}{self._status(row)}"))
        self._keep()

    def _keep(self) -> None:
        path = draft_path(self.table_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(to_csv(self.form, self.rows), encoding="utf-8")

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        name = event.input.id or ""
        if self.shape is None or not (name == "fill-row-key" or name.startswith("cell-")):
            return
        self._changed(-1 if name == "fill-row-key" else int(name[5:]), event.value)

    @on(Select.Changed)
    def _picked(self, event: Select.Changed) -> None:
        name = event.select.id or ""
        if self.shape is None or not name.startswith("cell-"):
            return
        where = int(name[5:])
        if event.value is Select.NULL and self.rows[self.at][where + 1] not in self.allowed.days:
            return  # a day the picker cannot show (typed as CSV, read from a file): kept, and refused when saved
        self._changed(where, "" if event.value is Select.NULL else str(event.value))

    @on(Input.Submitted)
    def _next_cell(self, event: Input.Submitted) -> None:
        if event.input.id == "fill-path":
            return
        event.stop()
        self.focus_next()

    @on(OptionList.OptionHighlighted, "#fill-rows")
    def _row_chosen(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.at:
            self._show(event.option_index)

    @on(OptionList.OptionSelected, "#fill-rows")
    def _row_opened(self, event: OptionList.OptionSelected) -> None:
        self._show(event.option_index)
        self.query_one("#cell-0").focus()

    def action_add_row(self) -> None:
        if self.shape is None:
            return
        self.rows.append([""] * len(self.shape.header))
        rows = self.query_one("#fill-rows", OptionList)
        rows.add_option(Option(Text("(new row)"), id=str(len(self.rows) - 1)))
        self._show(len(self.rows) - 1)
        self.query_one("#fill-row-key").focus()

    # --- CSV, files, save -----------------------------------------------------------------------------------------

    def action_as_csv(self) -> None:
        """The rows as CSV to edit (one line a row, the header first; long lines scroll, never wrap), and back."""
        if self.shape is None:
            return
        area = self.query_one("#fill-csv", TextArea)
        if not area.display:
            area.text = to_csv(self.shape, self.rows)
            area.display, self.query_one("#fill-form").display = True, False
            area.focus()
            return
        if self._read(area.text):
            area.display, self.query_one("#fill-form").display = False, True
            self.query_one("#cell-0").focus()

    def _read(self, text: str) -> bool:
        """Rows from CSV (the editor or a file) into the form; one line if the header is not the table's."""
        try:
            rows = parse_rows(self.form, text)
        except SoloError as exc:
            self.query_one("#error", Static).update(escape(str(exc)))
            return False
        self.rows = rows or [[""] * len(self.form.header)]
        options = self.query_one("#fill-rows", OptionList)
        options.clear_options()
        options.add_options(self._row_options())
        self._show(0)
        self._keep()
        return True

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "fill-make":
            roll = self.query_one("#fill-roll", Select).value
            asked = {"roll": roll if isinstance(roll, str) else "", "key": self.query_one("#fill-key", Input).value,
                     "columns": self.query_one("#fill-columns", Input).value.split(",")}
            self._make({k: v for k, v in asked.items() if v})
            await self.recompose()
            self._ready()
            return
        typed = self.query_one("#fill-path", Input).value.strip()
        path = Path(typed).expanduser() if typed else self._default_file()
        try:
            if event.button.id == "fill-import":
                if self._read(path.read_text(encoding="utf-8")):
                    self.query_one("#error", Static).update(escape(f"read in from {path}: check it, then ctrl+s"))
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(to_csv(self.form, self.rows), encoding="utf-8")
                self.query_one("#error", Static).update(escape(f"written to {path}"))
        except (OSError, UnicodeDecodeError) as exc:
            doing = "read" if event.button.id == "fill-import" else "write"
            self.query_one("#error", Static).update(escape(f"{path}: cannot {doing} it ({exc.__class__.__name__})"))

    def action_save(self) -> None:
        """Every cell checked first (the first refused one is shown and focused, nothing else changes), then the
        whole table with the shipped ones; saved into the pack only if both agree."""
        if self.shape is None:
            return
        if self.query_one("#fill-csv").display and not self._read(self.query_one("#fill-csv", TextArea).text):
            return
        for index, row in enumerate(self.rows):
            if not any(row[1:]):
                continue
            if bad := self._problem_in(row):
                self._show(index)
                self.query_one("#error", Static).update(escape(f"row {row[0] or index + 1}: {bad[1]}"))
                self.query_one("#fill-row-key" if bad[0] < 0 else f"#cell-{bad[0]}").focus()
                return
        try:
            save(self.shape, rows_from_csv(self.shape, to_csv(self.shape, [row for row in self.rows if any(row)])))
        except SoloError as exc:
            self.query_one("#error", Static).update(escape(str(exc)))
            return
        default_catalog.cache_clear()
        self.app.notify(f"{self.table_id} is in your table pack: solo now uses it")
        self.dismiss("saved")

    def action_cancel(self) -> None:
        self.dismiss("cancel")

    def action_later(self) -> None:
        if self.later:
            self.dismiss("later")
