"""NewMission: the dialog that sets a new mission up (which mission, the entry edge, its name, the seed)."""

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, Select, Static

from solo.board.vasl import set_boards_folder
from solo.core.store import EventLog
from solo.games import MISSIONS, mission, run_mission
from solo.tui.dialogs.new_save import NewSaveDialog
from solo.tui.vasl import boards_folder_or_none


class NewMission(NewSaveDialog):
    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("[b]New mission[/b]")
            yield Select([(g.definition["title"] + f" ({g.id})", g.id) for g in MISSIONS.values()], id="which",
                         value="oto-s1", allow_blank=False)
            yield Select([("enter on the North edge (OtO-S2)", "north"), ("enter on the South edge (OtO-S2)", "south")],
                         id="entry", value="north", allow_blank=False)
            yield Input(value=boards_folder_or_none() or "", id="vasl",
                        placeholder="your VASL boards folder (the one with bd04, bd12 ...): OtO-S2 reads its boards "
                                    "there")
            yield Input(placeholder="save name (empty: the mission and the time)", id="name")
            yield Input(placeholder="seed (empty: from the clock)", id="seed")
            yield Button("Set up", id="go", variant="primary")
            yield Static("", id="error", classes="error")

    def game(self) -> str:
        return self.query_one("#which", Select).value

    def create(self, path: Path, seed: int) -> None:
        mission_id = self.game()
        typed = self.query_one("#vasl", Input).value.strip()
        if typed and typed != boards_folder_or_none():
            set_boards_folder(typed)  # remembered as the player's setting; a folder that is not there is refused
        folder = boards_folder_or_none()
        folder = folder if mission(mission_id).reads_boards(folder) else None
        with EventLog.creating(path, {"mission": mission_id, "seed": seed, "vasl_boards": folder}) as log:
            run_mission(log, {"entry_edge": self.query_one("#entry", Select).value})
