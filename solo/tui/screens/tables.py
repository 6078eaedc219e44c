"""The Tables screen: search any table, see its rows, and the odds of each result with chosen modifiers."""

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from solo.core.errors import SoloError
from solo.rules import default_catalog
from solo.rules.odds import odds
from solo.rules.resolve import parse_mods


class TablesScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("slash", "focus_search", "Search"),
                Binding("f2", "focus_on('tables')", "List"), Binding("f3", "focus_on('rows')", "Rows"),
                Binding("f4,o", "focus_mods", "Modifiers"), Binding("f5,f", "fill", "Fill in from your rulebook")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with Vertical(id="table-list"):
                yield Input(placeholder="search tables (id or title)", id="search")
                yield OptionList(id="tables")
            with Vertical(id="table-view"):
                yield Static("", id="table-title")
                yield DataTable(id="rows", zebra_stripes=True)
                yield Input(placeholder="e.g. column=Infantry encircled leader=-1 (Enter: odds)", id="mods")
                yield Static("", id="odds")
        yield Footer()

    def on_mount(self) -> None:
        self.table_id: str | None = None
        self._fill("")

    def _fill(self, text: str) -> None:
        cat = default_catalog()
        wanted = text.lower()
        lacking = [
            m for m in cat.unsupplied() if m.id not in cat.tables and (wanted in m.id or wanted in m.title.lower())
        ]
        found = cat.search(text)
        options = self.query_one("#tables", OptionList)
        options.clear_options()
        options.add_options([Option(Text(f"{t.id}  {t.title}" + ("  (to fill)" if t.stand_in or t.incomplete else "")),
                                    id=t.id) for t in found]
                            + [Option(Text(f"{m.id}  {m.title}  (to fill)"), id=m.id) for m in lacking])
        if found or lacking:
            options.highlighted = 0

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self._fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:  # every table's option has its id
            self.show(event.option.id)

    def show(self, table_id: str) -> None:
        self.table_id = table_id
        cat = default_catalog()
        if table_id not in cat.tables:
            gone = cat.missing[table_id]
            self.query_one("#table-title", Static).update(
                f"[b]{escape(gone.title)}[/b]\n{escape(gone.rule)} · not in the rule texts: press f to type it in "
                "from your rulebook")
            self.query_one("#rows", DataTable).clear(columns=True)
            self.query_one("#odds", Static).update("")
            return
        table = cat.get(table_id)
        mods = ", ".join(m.name for m in table.modifiers) or "none"
        badge = "  [stand-in]" if table.stand_in else ""
        self.query_one("#table-title", Static).update(f"[b]{escape(table.title)}[/b]{escape(badge)}\n"
                                                      f"{escape(table.rule)} · {table.roll} · modifiers: "
                                                      f"{escape(mods)}")
        rows = self.query_one("#rows", DataTable)
        rows.clear(columns=True)
        columns = list(table.result_columns)
        rows.add_columns(table.key or table.roll, *(c or "Result" for c in columns))
        for row in table.rows:
            first = row.key if row.key is not None else row.span.text if row.span is not None else ""
            rows.add_row(Text(str(first)), *(Text(str(row.results.get(c, ""))) for c in columns))
        self._odds(table_id, "")

    def action_fill(self) -> None:
        from solo.tui.dialogs.fill_table import FillTable
        if self.table_id:
            self.app.push_screen(FillTable(self.table_id), self._filled)

    def _filled(self, how: str | None) -> None:
        """The table typed in and saved: the list shows it filled."""
        if how == "saved":
            self._fill(self.query_one("#search", Input).value)

    def _odds(self, table_id: str, text: str) -> None:
        out = self.query_one("#odds", Static)
        table = default_catalog().get(table_id)
        if table.is_chart:
            out.update("a chart: looked up, not rolled")
            return
        words = text.split()
        column = next((w.partition("=")[2] for w in words if w.startswith("column=")), None)
        try:
            found = odds(default_catalog(), table_id, column,
                         parse_mods(tuple(w for w in words if not w.startswith("column="))))
        except SoloError as exc:
            out.update(f"[red]{escape(str(exc).replace('choose --column', 'add column=NAME'))}[/red]")
            return
        out.update("\n".join(f"{float(p):6.1%}  {escape(result)}" for result, p in found))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        table_id = self.table_id
        if event.input.id == "mods" and table_id is not None and table_id in default_catalog().tables:
            self._odds(table_id, event.value)

    def action_focus_on(self, name: str) -> None:
        self.query_one(f"#{name}").focus()

    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_focus_mods(self) -> None:
        self.query_one("#mods", Input).focus()
