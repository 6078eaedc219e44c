"""The Boards screen: the random mapboards of The Cross Roads (OtO-S2), with their VPO when the boards are read."""

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from solo.board.cache import load_board
from solo.core.dice import SeededDice
from solo.tui.vasl import boards_folder_or_none
from solo.tui.widgets.map_view import MapView


class BoardsScreen(Screen):
    """The Cross Roads (OtO-S2) random mapboards: MSR 6 boards, MSR 7 bridges, 14. VPO, MSR 8 month."""

    BINDINGS = [Binding("r", "roll", "Roll again"), Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="bar")
        yield Vertical(id="map")
        yield Footer()

    def on_mount(self) -> None:
        self.action_roll()

    def action_roll(self) -> None:
        from solo.games import random_map  # the registry: the mission that rolls one (OtO-S2)
        folder = boards_folder_or_none()
        holder = self.query_one("#map", Vertical)
        holder.remove_children()
        config = random_map(SeededDice(), None if folder is None else lambda b: load_board(Path(folder), b))
        if folder is None:
            self.query_one("#bar", Static).update("Mapboards (MSR 6): " + ", ".join(m.id for m in config.mapboards)
                                                  + f" · month {config.month.result} — set SOLO_VASL_BOARDS "
                                                    "to see them and their VPO")
            return
        self.query_one("#bar", Static).update(
            "Mapboards (MSR 6): " + ", ".join(m.id for m in config.mapboards) + f" · month {config.month.result} · VPO "
            + ", ".join(v.hex for v in config.vpo))
        holder.mount(MapView([(m.id, config.boards[m.id]) for m in config.mapboards], {v.hex: "V" for v in config.vpo}))
