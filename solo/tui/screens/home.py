"""The Home screen: the menu (new mission, new campaign, continue, mapboards, tables, help) and the saves."""

from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList
from textual.widgets.option_list import Option

from solo.tui.saves import list_saves
from solo.tui.shell import shell

MENU = (("New mission (OtO-S1, OtO-S2)", "m", "new_mission"),
        ("New campaign (OtO2, RB, VotG, ABtF)", "c", "new_campaign"),
        ("Open the highlighted save", "o", "continue"), ("Random mapboards (The Cross Roads)", "b", "boards"),
        ("Tables and odds", "t", "tables"), ("Help", "?", "help"))


class HomeScreen(Screen):
    BINDINGS = [Binding("m", "new_mission", "New mission"), Binding("c", "new_campaign", "New campaign"),
                Binding("o", "continue", "Open save"), Binding("s", "saves", "Saves"), Binding("t", "tables", "Tables"),
                Binding("b", "boards", "Mapboards"), Binding("r", "rename", "Rename save", show=False),
                Binding("d", "delete", "Delete save", show=False)]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="home"):
            yield Label("[b]solo[/b] — the solitaire ASL companion", id="title")
            yield OptionList(*(Option(f"{label:<40} {key}", id=action) for label, key, action in MENU), id="menu")
            yield Label("Saves (Enter or o opens the highlighted one, r renames, d deletes; s here):", id="saves-title")
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
        if found:
            saves.highlighted = 0
            untouched = not self.query_one("#menu", OptionList).highlighted
            if self.focused is None or self.focused.id == "menu" and untouched:
                saves.focus()  # Enter opens the last save played, not New mission

    def _chosen_save(self) -> Path | None:
        """The save highlighted in the list (rename and delete act on it)."""
        saves = self.query_one("#saves", OptionList)
        option = saves.highlighted_option
        if option is None or option.disabled or option.id is None:
            self.notify("no save to choose: start a mission or a campaign first")
            return None
        return Path(option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id
        if chosen is None:  # "(no saves yet)": disabled, never chosen
            return
        app = shell(self)
        if event.option_list.id == "saves":
            app.open_save(Path(chosen))
        else:
            getattr(self, f"action_{chosen}", app.action_help)()

    def action_new_mission(self) -> None:
        from solo.tui.dialogs.new_mission import NewMission
        self.app.push_screen(NewMission())

    def action_new_campaign(self) -> None:
        from solo.tui.dialogs.new_campaign import NewCampaign
        self.app.push_screen(NewCampaign())

    def action_continue(self) -> None:
        """o: open the save highlighted in the list (the last one played unless another is chosen)."""
        if path := self._chosen_save():
            shell(self).open_save(path)

    def action_saves(self) -> None:
        self.query_one("#saves", OptionList).focus()

    def action_rename(self) -> None:
        from solo.tui.dialogs.save_file import RenameSave
        if path := self._chosen_save():
            self.app.push_screen(RenameSave(path), self._saves_changed)

    def action_delete(self) -> None:
        from solo.tui.dialogs.save_file import DeleteSave
        if path := self._chosen_save():
            self.app.push_screen(DeleteSave(path), self._saves_changed)

    def _saves_changed(self, done: bool | None) -> None:
        self.load_saves()

    def action_tables(self) -> None:
        from solo.tui.screens.tables import TablesScreen
        self.app.push_screen(TablesScreen())

    def action_boards(self) -> None:
        from solo.tui.screens.boards import BoardsScreen
        self.app.push_screen(BoardsScreen())
