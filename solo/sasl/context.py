"""What a mission step works with: the mission and its file, its state, the dice (through the event log) and the
player."""

from collections.abc import Callable

from solo.board.terrain import Board
from solo.core.context import StepContext
from solo.core.play import Play
from solo.rules.resolve import Applied
from solo.sasl.mission_map import MissionMap
from solo.sasl.state import Mission


class Ctx(StepContext):
    """The context handed to every mission step: the mission file, its state and its record."""

    def __init__(self, play: Play, m: Mission, game):
        super().__init__(play, m.record)
        self.m, self.game, self.defn = m, game, game.definition  # game: the MissionGame it plays (solo/sasl/game.py)
        self.boards: dict[str, Board] = {}  # the classified mapboards by id, when the mission reads the player's boards
        self.last: dict | None = None  # what the last action did, for the CLI
        self.map: MissionMap | None = None  # the mission's map (solo/sasl/mission_map.py), once its set-up knows it
        self.enemy_ai: Callable[[Ctx, str], list] | None = None  # enemy_ai(x, phase): the ENEMY's decisions for a phase
        self.rules = play.log.rules  # the rules version the save is played by (solo/core/store.py RULES)

    @property
    def known_map(self) -> MissionMap:
        """The mission's map, in a step reached only once its set-up knows it (the caller's guard: ``kept``,
        ``on_the_map``, a map action's check)."""
        assert self.map is not None, "the mission's map is known once its set-up ran (engine.setup_mission)"
        return self.map

    @property
    def where(self) -> str:
        return self.m.phase

    def entry(self, text: str, rule: str, secret: str) -> dict:
        return {"turn": self.m.turn, "phase": self.m.phase, "rule": rule, "text": text}

    def context(self) -> dict:
        return {"mission": self.m}

    def table_id(self, table: str) -> str:
        """A mission's table by its key in [tables] ("activation"), or a table id."""
        return self.defn["tables"].get(table, table)

    def standing(self, table: str, column: str | None = None) -> tuple[Applied, ...]:
        """The mission's standing DRM on a table it names by its key in [tables] or its id, in a column or all (its
        [[drm]]: OtO-S2 MSR 1, OtO-S1's Armor Leaders)."""
        return tuple(Applied(d["name"], d["label"], d["value"], d.get("die")) for d in self.defn.get("drm", ())
                     if d["table"] == table and d.get("column") in (None, column))
