"""The dialogs of a save on Home: rename it, or delete it after a confirmation."""

from pathlib import Path

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from solo.core.errors import SoloError
from solo.tui.saves import delete_save, rename_save


class RenameSave(ModalScreen[bool]):
    """A new name for a save; Enter renames, Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, path: Path):
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"[b]Rename[/b] {escape(self.path.stem)}")
            yield Input(value=self.path.stem, id="name")
            yield Static("", id="error", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            rename_save(self.path, event.value)
        except (SoloError, OSError) as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


class DeleteSave(ModalScreen[bool]):
    """Delete a save for good, once the player says yes (the focus starts on No)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("y", "delete", "Yes, delete")]

    def __init__(self, path: Path):
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Delete the save [b]{escape(self.path.stem)}[/b] for good? Its rolls and answers are lost.")
            with Horizontal(id="yes-no"):
                yield Button("No, keep it", id="no", variant="primary")
                yield Button("Yes, delete", id="yes", variant="error")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "yes":
            self.action_delete()
        else:
            self.action_cancel()

    def action_delete(self) -> None:
        delete_save(self.path)
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
