"""NewSaveDialog: the dialog that starts a save, the base of New mission and New campaign."""

import time

from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from solo.core.errors import SoloError


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
