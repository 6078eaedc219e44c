"""The Decisions screen: the enemy's decisions for a mission's Activated units, with their reasons (solo.ai)."""

from pathlib import Path

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, RichLog, Select

from solo.ai.decide import PHASES, decide
from solo.ai.maps import terrain_for
from solo.ai.situation import mission_situation, situation_from
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import run_mission


class DecisionsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, path: Path):
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="form"):
            yield Label("FRIENDLY units on the map (type@hex, e.g. 4-5-8@13T2 4-4-7@12Q4); Enter decides")
            yield Input(id="friendly", placeholder="4-5-8@13T2")
            yield Select([(p, p) for p in PHASES], value="move", allow_blank=False, id="phase")
        yield RichLog(id="decisions", wrap=True, markup=True, min_width=20)
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.run_ai(event.value, self.query_one("#phase", Select).value)

    @work(thread=True, exclusive=True)
    def run_ai(self, text: str, phase: str) -> None:
        log = self.query_one("#decisions", RichLog)
        try:
            friendly = []
            for n, word in enumerate(text.split(), 1):
                unit, at, hex_id = word.partition("@")
                if not at:
                    raise SoloError(f"{word!r}: write type@hex, e.g. 4-5-8@13T2")
                friendly.append({"id": f"F{n}", "unit": unit, "hex": hex_id})
            s = situation_from(mission_situation(run_mission(EventLog.open(self.path), frozen=True).mission, str(self.path), friendly), str(self.path))
            decisions = decide(terrain_for(s.boards), s, phase)
        except SoloError as exc:
            self.app.call_from_thread(log.write, f"[red]{escape(str(exc))}[/red]")
            return
        self.app.call_from_thread(log.clear)
        for d in decisions or []:
            self.app.call_from_thread(log.write, f"[b]{d.unit}[/b] {escape(d.why.removeprefix(d.unit + ' '))}" + (f"\n   path {' '.join(d.path)}" if len(d.path) > 1 else ""))
        if not decisions:
            self.app.call_from_thread(log.write, "no Activated ENEMY unit stands in a known hex yet")
