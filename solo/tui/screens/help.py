"""The Help screen: the keys of every screen, read from the screens' own bindings (so it never lists a key that is
gone or misses a new one)."""

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

TITLE = "[b]solo — keys[/b] (the footer shows those of each screen)"

EVERYWHERE = ("? help · ctrl+p commands · escape back · q quit. Nothing is lost: every roll and answer is saved as "
              "it happens, and reopening solo takes you back there.")
DICE = "every form has a dice field: empty rolls here, or type the faces you rolled, colored die first"
MORE = {"Mission": "arrows move the hex cursor on the map (tab to it) · z the full map or the compact one",
        "Campaign": "enter answers the question"}
KEY_NAMES = {"question_mark": "?", "slash": "/"}


def keys_of(screen: type[Screen]) -> str:
    """A screen's keys and what they do, from its bindings (those that have a description; solo's screens write each
    as a Binding)."""
    return " · ".join(f"{KEY_NAMES.get(b.key, b.key)} {b.description}" for b in screen.BINDINGS
                      if isinstance(b, Binding) and b.description and not b.action.startswith("app."))


def help_table() -> Table:
    from solo.tui.screens.boards import BoardsScreen
    from solo.tui.screens.campaign import CampaignScreen
    from solo.tui.screens.home import HomeScreen
    from solo.tui.screens.mission import MissionScreen
    from solo.tui.screens.tables import TablesScreen
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("Everywhere", EVERYWHERE)
    for name, screen in (("Home", HomeScreen), ("Mission", MissionScreen), ("Campaign", CampaignScreen),
                         ("Tables", TablesScreen), ("Mapboards", BoardsScreen)):
        table.add_row(name, " · ".join(filter(None, (keys_of(screen), MORE.get(name)))))
    table.add_row("Dice", DICE)
    return table


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Close"), Binding("question_mark", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        yield Static(Group(Text.from_markup(TITLE + "\n"), help_table()), id="help")
