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
from textual.worker import get_current_worker

from solo.ai.decide import PHASES
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import mission, run_mission
from solo.sasl.engine import AI_PHASES, FIRST_FIRE
from solo.sasl.mission_map import MissionMap

PHASE_NAMES = {"prep": "Prep Fire or move (ENEMY PFPh)", "first": "Defensive First Fire (FRIENDLY MPh)",
               "move": "move or rout (ENEMY MPh, RtPh)", "defensive": "Defensive Final Fire (FRIENDLY DFPh)",
               "advancing": "Advancing Fire (ENEMY AFPh)", "advance": "Advance (ENEMY APh)"}


class DecisionsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, path: Path):
        super().__init__()
        self.path = path
        self.shown: object = None  # the phase whose decisions the log shows

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="form"):
            yield Label("What the ENEMY would decide now, for the units on the map: choose the phase")
            yield Select([(PHASE_NAMES[p], p) for p in PHASES], value=self._now(), allow_blank=False, id="phase")
        yield RichLog(id="decisions", wrap=True, markup=True, min_width=20)
        yield Footer()

    def _now(self) -> str:
        """The ENEMY's decisions of the mission's phase (the ENEMY AFPh: its Advancing Fire), else its move."""
        phase = run_mission(EventLog.open(self.path), frozen=True).mission.phase
        return AI_PHASES.get(phase, FIRST_FIRE if phase == "FRIENDLY MPh" else ("move",))[0]

    def on_select_changed(self, event: Select.Changed) -> None:
        """The Select says its first value when it is mounted too: the decisions are worked out once a change."""
        if event.value != self.shown:
            self.shown = event.value
            self.run_ai(str(event.value))

    @work(thread=True, exclusive=True)
    def run_ai(self, phase: str) -> None:
        from solo.ai.mission import decided
        log = self.query_one("#decisions", RichLog)
        try:
            o = run_mission(EventLog.open(self.path), frozen=True)
            if not isinstance(o.map, MissionMap) or not o.map.has_los:
                raise SoloError(f"{o.mission.title}: solo has no LOS on this map (OtO-S2 with your VASL boards "
                                "folder has it)")
            decisions = decided(o.mission, o.map, mission(o.mission.id).definition, phase)
        except SoloError as exc:
            self.app.call_from_thread(log.write, f"[red]{escape(str(exc))}[/red]")
            return
        texts = []
        for d in decisions:
            text = f"[b]{d.unit}[/b] {escape(d.why.removeprefix(d.unit + ' '))}"
            if len(d.path) > 1:
                text += f"\n   path {' '.join(d.path)}"
            for c in d.candidates[1:]:
                text += f"\n   [dim]or {c.end} ({c.score:+.2f}): {escape(c.words)}[/dim]"
            texts.append(text)
        if get_current_worker().is_cancelled:  # another phase was chosen meanwhile: its worker writes the log
            return
        self.app.call_from_thread(self._show, texts or ["no ENEMY unit stands on the map yet"])

    def _show(self, texts: list[str]) -> None:
        """The log cleared and written in one go (issue 38: two workers' lines had run together, E1 E2 E1 E2)."""
        log = self.query_one("#decisions", RichLog)
        log.clear()
        for text in texts:
            log.write(text)
