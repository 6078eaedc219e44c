"""solo's Textual app, keyboard first: the App, its command palette, and ``main``."""

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import cast

from textual.app import App
from textual.binding import Binding
from textual.command import Hit, Hits, Provider

from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.tui.saves import last_save, remember
from solo.tui.screens.help import HelpScreen
from solo.tui.screens.home import HomeScreen


class SoloCommands(Provider):
    """The command palette: every key of the screen you are on (its bindings, by their names), and the screens
    and actions that Home opens from anywhere."""

    async def search(self, query: str) -> Hits:
        app = cast(SoloApp, self.app)
        home, screen = app.home, self.screen
        commands: list[tuple[str, Callable[[], object]]] = [
            (name, partial(screen.run_action, action)) for name, action in screen_actions(screen)]
        commands += [("New mission", home.action_new_mission), ("New campaign", home.action_new_campaign),
                     ("Tables and odds", home.action_tables), ("Random mapboards", home.action_boards),
                     ("Help", app.action_help), ("Home", app.action_home)]
        matcher = self.matcher(query)
        seen = set()
        for name, run in commands:
            score = matcher.match(name)
            if score > 0 and name not in seen:
                seen.add(name)
                yield Hit(score, matcher.highlight(name), run, help=f"{name.lower()} ({type(screen).__name__[:-6]})")


def screen_actions(screen) -> list[tuple[str, str]]:
    """A screen's own actions as (name, action): its bindings that have a description."""
    return [(b.description, b.action) for b in screen.BINDINGS if b.description and not b.action.startswith("app.")]


class SoloApp(App):
    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "solo"
    COMMANDS = App.COMMANDS | {SoloCommands}
    BINDINGS = [Binding("question_mark", "help", "Help"), Binding("q", "quit", "Quit", show=False),
                Binding("h", "home", "Home", show=False)]

    def __init__(self, resume: bool = True):
        super().__init__()
        self.resume = resume
        self.home = HomeScreen()

    def get_default_screen(self) -> HomeScreen:
        """Home is the bottom of the screen stack (one screen to build at start, not a blank one under it)."""
        return self.home

    def on_mount(self) -> None:
        last = last_save() if self.resume else None
        if last:
            self.open_save(last)

    def open_save(self, path: Path, vasl_game: Path | None = None) -> None:
        """Open a save on its screen (a mission with ``vasl_game`` followed from the start); a broken save is one line,
        and the app stays on Home."""
        from solo.tui.screens.campaign import CampaignScreen
        from solo.tui.screens.mission import MissionScreen
        try:
            meta = EventLog.open(path).meta
            screen = MissionScreen(path, vasl_game) if "mission" in meta else CampaignScreen(path)
        except SoloError as exc:
            self.notify(str(exc), severity="error")
            remember(None)
            return
        remember(path)
        self.push_screen(screen)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_home(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        remember(None)


def main(resume: bool = True) -> None:
    SoloApp(resume).run()
