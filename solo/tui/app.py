"""solo's Textual app: Home, Mission, Campaign, Tables and Help, keyboard first, with the command palette."""

from pathlib import Path

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import Hit, Hits, Provider
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, Label, OptionList, Static
from textual.widgets.option_list import Option

from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.tui.saves import last_save, list_saves, remember

HELP = """[b]solo — keys[/b] (the footer shows those of each screen)

[b]Everywhere[/b]  ? help · ctrl+p commands · escape back · q quit
            Nothing is lost: every roll and answer is saved as it
            happens, and reopening solo takes you back there.
[b]Home[/b]        m new mission · c new campaign · o continue a save
            t tables · b random mapboards
[b]Mission[/b]     p place S? · a activate the highlighted S?
            n next phase · t end the Game Turn · r report control
            d the enemy's decisions · u undo your last action
            arrows move the hex cursor on the map (tab to it)
[b]Campaign[/b]    enter answers the question · ctrl+n next step
            ctrl+z undo your last answer
[b]Tables[/b]      / search · o modifiers (enter shows the odds)
[b]Dice[/b]        every form has a dice field: empty rolls here,
            or type the faces you rolled, colored die first
"""


MENU = (("New mission (OtO-S1, OtO-S2)", "m", "new_mission"), ("New campaign (OtO2, RB, VotG, ABtF)", "c", "new_campaign"),
        ("Continue a save", "o", "continue"), ("Random mapboards (The Cross Roads)", "b", "boards"),
        ("Tables and odds", "t", "tables"), ("Help", "?", "help"))


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Close"), Binding("question_mark", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        yield Static(HELP, id="help")


class HomeScreen(Screen):
    BINDINGS = [Binding("m", "new_mission", "New mission"), Binding("c", "new_campaign", "New campaign"),
                Binding("o", "continue", "Continue"), Binding("t", "tables", "Tables"),
                Binding("b", "boards", "Mapboards")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="home"):
            yield Label("[b]solo[/b] — the solitaire ASL companion", id="title")
            yield OptionList(*(Option(f"{label:<40} {key}", id=action) for label, key, action in MENU), id="menu")
            yield Label("Saves:", id="saves-title")
            yield OptionList(id="saves")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.load_saves()

    @work(thread=True, exclusive=True)
    def load_saves(self) -> None:
        """The saves with where each stands (a replay each): in a worker, so that Home never waits for them."""
        found = list_saves()
        self.app.call_from_thread(self._show_saves, found)

    def _show_saves(self, found) -> None:
        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        saves.add_options([Option(s.label, id=str(s.path)) for s in found] or [Option("(no saves yet)", disabled=True)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "saves":
            self.app.open_save(Path(event.option.id))
        else:
            getattr(self, f"action_{event.option.id}", self.app.action_help)()

    def action_new_mission(self) -> None:
        from solo.tui.mission import NewMission
        self.app.push_screen(NewMission())

    def action_new_campaign(self) -> None:
        from solo.tui.campaign import NewCampaign
        self.app.push_screen(NewCampaign())

    def action_continue(self) -> None:
        self.query_one("#saves", OptionList).focus()

    def action_tables(self) -> None:
        from solo.tui.tables import TablesScreen
        self.app.push_screen(TablesScreen())

    def action_boards(self) -> None:
        from solo.tui.mission import BoardsScreen
        self.app.push_screen(BoardsScreen())


class SoloCommands(Provider):
    """The command palette: every screen and action by name."""

    async def search(self, query: str) -> Hits:
        home = self.app.home
        commands = [("New mission", home.action_new_mission), ("New campaign", home.action_new_campaign),
                    ("Tables and odds", home.action_tables), ("Random mapboards", home.action_boards),
                    ("Help", self.app.action_help), ("Home", self.app.action_home)]
        matcher = self.matcher(query)
        for name, run in commands:
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), run, help=f"open {name.lower()}")


class SoloApp(App):
    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "solo"
    COMMANDS = App.COMMANDS | {SoloCommands}
    BINDINGS = [Binding("question_mark", "help", "Help"), Binding("q", "quit", "Quit"),
                Binding("h", "home", "Home", show=False)]

    def __init__(self, resume: bool = True):
        super().__init__()
        self.resume = resume
        self.home = HomeScreen()

    def on_mount(self) -> None:
        self.push_screen(self.home)
        last = last_save() if self.resume else None
        if last:
            self.open_save(last)

    def open_save(self, path: Path) -> None:
        """Open a save on its screen; a broken save is one line, and the app stays on Home."""
        from solo.tui.campaign import CampaignScreen
        from solo.tui.mission import MissionScreen
        try:
            meta = EventLog.open(path).meta
            screen = MissionScreen(path) if "mission" in meta else CampaignScreen(path)
        except SoloError as exc:
            self.notify(str(exc), severity="error")
            remember(None)
            return
        remember(path)
        self.push_screen(screen)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_home(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        remember(None)


def main(resume: bool = True) -> None:
    SoloApp(resume).run()
