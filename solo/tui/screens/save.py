"""SaveScreen: the screen over one save, the base of the Mission and Campaign screens."""

from textual import work
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static

from solo.core.dice import parse_faces
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.tui.saves import remember


class SaveScreen(Screen):
    """A screen over one save (mission or campaign): the engine's ``replay`` runs in a worker with the player's
    answers and typed dice, and undo takes back the last answer. Subclasses show ``self.outcome``. Escape cancels the
    form and nothing else; ctrl+b goes back to Home."""

    BINDINGS = [Binding("ctrl+b", "app.home", "Home", show=False)]  # the Campaign screen's footer shows it

    def __init__(self, path, replay, outcome=None):
        super().__init__()
        self.path, self.replay = path, replay
        self.outcome = outcome if outcome is not None else replay(EventLog.open(path), frozen=True)

    def refresh_view(self) -> None:
        raise NotImplementedError

    def on_resize(self) -> None:
        """The logs are written at the width they had: written again, they wrap at the new one."""
        if self.is_mounted:
            self.refresh_view()

    def typed_faces(self) -> list[int]:
        """The faces the player typed in the dice field (none: the program rolls); one line if they are not dice."""
        text = self.query_one("#dice", Input).value
        return parse_faces(text) if text.strip() else []

    def action_back(self) -> None:
        """Escape: cancel the form (what is typed is cleared, the save unchanged), and nothing else: an empty form
        stays where it is (ctrl+b goes Home)."""
        for field in self.query(Input):
            field.value = ""
        self.query_one("#error", Static).update("")
        self.refresh_view()  # the form the save waits for, as it was

    def take_back(self):
        """Undo the last answer: the outcome without it."""
        with EventLog.writing(self.path) as log:
            log.undo_last_answer()
        return self.replay(EventLog.open(self.path), frozen=True)

    def act(self, answers: dict, faces: list[int], **options):
        """Play ``answers`` and ``faces`` on the save: the outcome."""
        with EventLog.writing(self.path) as log:  # a refused answer keeps nothing, the typed faces neither
            log.type_faces(faces)
            self.replay(log, answers, **options)
        return self.replay(log, frozen=True)

    def action_undo(self) -> None:
        try:
            self.outcome = self.take_back()
        except SoloError as exc:
            self.notify(str(exc), severity="error")
            return
        self.refresh_view()
        self.notify("your last answer is undone; the dice rolled after it are kept")

    @work(thread=True, exclusive=True)
    def play(self, answers: dict, faces: list[int], **options) -> None:
        """Run the engine in a worker (the UI stays live); every roll and answer is saved as it happens; ``options``
        go to the engine's run (a Campaign's ``game_end_turn``)."""
        try:
            outcome = self.act(answers, faces, **options)
        except SoloError as exc:
            self.app.call_from_thread(self.refused, str(exc), answers, faces, options)
            return
        self.app.call_from_thread(self.played, outcome)

    def refused(self, error: str, answers: dict, faces: list[int], options: dict) -> None:
        """The engine refused what was played (nothing was kept): its one line; a table the texts lack that the
        game needs now is typed in, in its form, and the same answer is played again."""
        from solo.tui.dialogs.new_save import lacking_table
        self.query_one("#error", Static).update(error)
        if table_id := lacking_table(error):
            from solo.tui.dialogs.fill_table import FillTable
            self.query_one("#error", Static).update(f"{table_id} is not whole in the rule texts and this step needs "
                                                    "it: type it in from your rulebook, and the step goes on")

            def filled(how: str | None) -> None:
                if how == "saved":
                    self.play(answers, faces, **options)

            self.app.push_screen(FillTable(table_id), filled)

    def played(self, outcome) -> None:
        self.outcome = outcome
        for field in self.query(Input):
            field.value = ""
        self.query_one("#error", Static).update("")
        remember(self.path)
        self.refresh_view()
