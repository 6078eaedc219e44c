"""NewMission: the dialog that sets a new mission up (which mission, the entry edge, the VASL boards folder, a VASL
game to write the mission into, its name, the seed)."""

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, Select, Static

from solo.board.vasl import set_boards_folder
from solo.core.store import EventLog
from solo.games import MISSIONS, mission, run_mission
from solo.tui.dialogs.new_save import NewSaveDialog
from solo.tui.shell import shell
from solo.tui.vasl import SETTINGS, boards_folder_or_none, module_or_none


def game_file(text: str) -> Path | None:
    """The VASL game's file name as typed: spaces kept (VASL's own saves are named "Hill 621 (Scenario E).vsav"), a
    name in quotes taken without them; None when left empty."""
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return Path(text).expanduser() if text else None


class NewMission(NewSaveDialog):
    def __init__(self):
        super().__init__()
        self.vasl_game: Path | None = None  # the VASL game written with the mission, followed once it opens

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("[b]New mission[/b]")
            yield Select([(g.definition["title"] + f" ({g.id})", g.id) for g in MISSIONS.values()], id="which",
                         value="oto-s1", allow_blank=False)
            yield Select([("enter on the North edge (OtO-S2)", "north"), ("enter on the South edge (OtO-S2)", "south")],
                         id="entry", value="north", allow_blank=False)
            yield Input(value=boards_folder_or_none() or "", id="vasl",
                        placeholder="your VASL boards folder (with bd04, bd12 ...: OtO-S2's boards)")
            yield Input(placeholder="your VASL game to write (optional, e.g. ~/vasl/S2.vsav)", id="vasl-game")
            yield Input(value=module_or_none() or "", id="vasl-module",
                        placeholder="your VASL module (vasl.vmod of your VASL install): the counters of that game")
            yield Input(placeholder="save name (empty: the mission and the time)", id="name")
            yield Input(placeholder="seed (empty: from the clock)", id="seed")
            yield Button("Set up", id="go", variant="primary")
            yield Static("", id="error", classes="error")

    def game(self) -> str:
        return str(self.query_one("#which", Select).value)  # a mission's id: the Select has no blank

    def create(self, path: Path, seed: int) -> None:
        """The mission's save, and its VASL game when one is named: the same set-up as `mission new --vasl`, checked
        before anything is made, written before the save is linked into place (a game that cannot be written leaves
        no save)."""
        from solo.sasl import vasl as mission_vasl
        from solo.vasl.definitions import player_module, set_module
        mission_id = self.game()
        typed = self.query_one("#vasl", Input).value.strip()
        if typed and typed != boards_folder_or_none():
            set_boards_folder(typed)  # remembered as the player's setting; a folder that is not there is refused
        folder = boards_folder_or_none()
        folder = folder if mission(mission_id).reads_boards(folder) else None
        self.vasl_game = game_file(self.query_one("#vasl-game", Input).value)
        module = game_file(self.query_one("#vasl-module", Input).value)
        if self.vasl_game and module and str(module) != module_or_none():
            set_module(str(module))  # remembered as the player's setting; a file that is not a module is refused
        defs = mission_vasl.check_set_up(self.vasl_game, player_module(), folder, SETTINGS) if self.vasl_game else None
        with EventLog.creating(path, {"mission": mission_id, "seed": seed, "vasl_boards": folder}) as log:
            outcome = run_mission(log, {"entry_edge": self.query_one("#entry", Select).value})
            if self.vasl_game and defs is not None:  # checked: a module and a boards folder
                said = mission_vasl.write_set_up(outcome.mission, mission(mission_id).definition["enemy"],
                                                 Path(folder) if folder else None, defs, self.vasl_game)
        if self.vasl_game:
            self.app.notify(said, timeout=20)

    def open(self, path: Path) -> None:
        shell(self).open_save(path, self.vasl_game)
