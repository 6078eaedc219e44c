"""NewSaveDialog: the dialog that starts a save, the base of New mission and New campaign."""

import time
from pathlib import Path

from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from solo.core.errors import SoloError
from solo.tui.saves import new_save_path
from solo.tui.shell import shell


def lacking_table(error: str) -> str | None:
    """The table an error says the texts lack (the catalog's "<id> (<title>) is not in the rule texts ...")."""
    from solo.rules import default_catalog
    cat, first = default_catalog(), error.split(" ", 1)[0]
    known = first in cat.missing or (first in cat.tables and cat.tables[first].incomplete)
    lacks = "is not in the rule texts" in error or "is not whole in the rule texts" in error
    return first if known and lacks else None


class NewSaveDialog(ModalScreen):
    """A dialog that starts a save: its own choices first (focus opens there, so Enter opens the first list rather
    than starting with the defaults), a save name and a seed (both may stay empty), and Start. Escape cancels."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Cancel"), Binding("ctrl+s", "start", "Start"),
                Binding("f2", "focus_on('name')", "Save name"), Binding("f3", "focus_on('seed')", "Seed")]

    def __init__(self):
        super().__init__()
        self.later: set[str] = set()  # the tables the player leaves for later (the game can start without them)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()

    def action_focus_on(self, name: str) -> None:
        self.query_one(f"#{name}").focus()

    def needs(self) -> list[str]:
        """The tables the texts lack that the game will need (a form each, before it starts)."""
        return []

    def _filled(self, table_id: str, how: str) -> None:
        if how == "later":
            self.later.add(table_id)
        if how in ("saved", "later"):
            self.action_start()
        else:
            self.query_one("#error", Static).update(f"{table_id} is not filled in yet: Start asks for it again "
                                                    "(what you typed is kept)")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        text = self.query_one("#seed", Input).value.strip()
        if text and not text.isdigit():
            self.query_one("#error", Static).update("the seed is a whole number")
            return
        from solo.tui.dialogs.fill_table import FillTable
        wanted = [t for t in self.needs() if t not in self.later]
        if wanted:  # every table the game will need, one form each, before it starts
            self.query_one("#error", Static).update(f"{len(wanted)} table(s) to type in from your rulebook: "
                                                    f"{', '.join(wanted)}")
            self.app.push_screen(FillTable(wanted[0], later=True), lambda how: self._filled(wanted[0], how))
            return
        try:
            path = new_save_path(self.game(), self.query_one("#name", Input).value)
            self.create(path, int(text) if text else int(time.time()))
        except SoloError as exc:
            self.query_one("#error", Static).update(str(exc))
            lacking = lacking_table(str(exc))
            if lacking:  # a table the texts lack and the game needs to start: the player types it in, then on
                self.later.discard(lacking)
                self.query_one("#error", Static).update(f"{lacking} is not in the rule texts and the start needs it: "
                                                        "type it in from your rulebook, and the start goes on")
                self.app.push_screen(FillTable(lacking), lambda how: self._filled(lacking, how))
            return
        self.app.pop_screen()
        self.open(path)

    def open(self, path: Path) -> None:
        """The new save opened on its screen."""
        shell(self).open_save(path)

    def game(self) -> str:
        """The chosen game's id: a save left unnamed is named after it and the time."""
        raise NotImplementedError

    def create(self, path: Path, seed: int) -> None:
        """Make the save at ``path``."""
        raise NotImplementedError
