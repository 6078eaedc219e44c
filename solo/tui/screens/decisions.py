"""The Decisions screen: what the ENEMY would decide now for its units on the mission's map, phase by phase, with
the candidates each unit weighed (solo.ai); nothing is saved. The decisions the mission keeps are made when its
phase comes (the Mission screen)."""

from pathlib import Path

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, RichLog, Select

from solo.ai.decide import PHASES
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import mission, run_mission


class DecisionsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, path: Path):
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="form"):
            yield Label("What the ENEMY would decide now, for the units on the map: choose the phase")
            yield Select([(p, p) for p in PHASES], value="move", allow_blank=False, id="phase")
        yield RichLog(id="decisions", wrap=True, markup=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.run_ai("move")

    def on_select_changed(self, event: Select.Changed) -> None:
        self.run_ai(str(event.value))

    @work(thread=True, exclusive=True)
    def run_ai(self, phase: str) -> None:
        from solo.ai.mission import decided
        log = self.query_one("#decisions", RichLog)
        try:
            o = run_mission(EventLog.open(self.path), frozen=True)
            if o.map is None or not o.map.has_los:
                raise SoloError(f"{o.mission.title}: solo has no LOS on this map (OtO-S2 with your VASL boards "
                                "folder has it)")
            decisions = decided(o.mission, o.map, mission(o.mission.id).definition, phase)
        except SoloError as exc:
            self.app.call_from_thread(log.write, f"[red]{escape(str(exc))}[/red]")
            return
        self.app.call_from_thread(log.clear)
        for d in decisions:
            text = f"[b]{d.unit}[/b] {escape(d.why.removeprefix(d.unit + ' '))}"
            if len(d.path) > 1:
                text += f"\n   path {' '.join(d.path)}"
            for c in d.candidates[1:]:
                text += f"\n   [dim]or {c.end} ({c.score:+.2f}): {escape(c.words)}[/dim]"
            self.app.call_from_thread(log.write, text)
        if not decisions:
            self.app.call_from_thread(log.write, "no ENEMY unit stands on the map yet")
