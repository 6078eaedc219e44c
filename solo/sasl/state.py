"""A SASL mission's state: mission tables, both OoBs, the S? and the Activated ENEMY, the turn, RE and VP.

The state is what the mission's steps make of the event log; nothing here rolls a die.
"""

from dataclasses import dataclass, field

PHASES = ("RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh")
# A Game Turn: the FRIENDLY player turn (the FRIENDLY side moves first in both OtO missions), then the ENEMY's.
SEQUENCE = tuple(f"{side} {phase}" for side in ("FRIENDLY", "ENEMY") for phase in PHASES)


@dataclass
class SQuestion:
    """An S? counter (4.): where it stands, its Attitude, and what its Activation revealed."""

    id: str  # "S1"
    where: str  # a hex ("12F3") or the placement rule it came from
    attitude: str
    status: str = "hidden"  # hidden | activated | removed
    units: list[str] = field(default_factory=list)
    origin: str = "set up"  # set up | reinforcement (ENEMY RE 34-36, 37-40)

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass
class EnemyUnit:
    id: str  # "E1"
    type: str  # "4-6-7", "9-1", "LMG", "StuG IIIG", "20L(6) AA", "Trench" ...
    kind: str  # squad | hs | leader | sw | gun | vehicle | fortification
    where: str
    attitude: str
    source: str  # the S? it came from, or "set up"
    status: str = "active"  # active | eliminated

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Mission:
    id: str
    title: str
    attitude: str  # the Prevailing Attitude
    tables: dict = field(default_factory=dict)  # enemy_san, friendly_san, enemy_ac, enemy_re, friendly_re
    friendly_oob: dict = field(default_factory=lambda: {"infantry": [], "armor": [], "air": [], "oba": [], "reinforcements": []})
    enemy: dict = field(default_factory=dict)  # elr, sniper, guns, minefields, wrecks, fortifications, ofa strikes
    s: list[SQuestion] = field(default_factory=list)
    units: list[EnemyUnit] = field(default_factory=list)
    boards: dict = field(default_factory=dict)
    month: str | None = None
    turn: int = 1
    phase: str = "set up"
    re_numbers: dict = field(default_factory=dict)  # {"ENEMY": [5, 6], "FRIENDLY": [4, 5]}
    effects: list[str] = field(default_factory=list)  # lasting effects of Random Events
    reinforcement_dr: bool = False  # ENEMY RE 37-40: a Reinforcement dr in each ENEMY RPh
    report: dict = field(default_factory=dict)  # the player's latest report of control (VP schedule)
    record: list[dict] = field(default_factory=list)
    ended: dict | None = None

    def new_s(self, where: str, attitude: str | None = None, origin: str = "set up") -> SQuestion:
        """A new S?; ``where`` "" when the player placed it without naming its hex."""
        n = len(self.s) + 1
        s = SQuestion(f"S{n}", where or f"S{n}'s Location", attitude or self.attitude, origin=origin)
        self.s.append(s)
        return s

    def s_counter(self, s_id: str) -> SQuestion | None:
        return next((s for s in self.s if s.id.lower() == str(s_id).lower()), None)

    def add_unit(self, type_: str, kind: str, where: str, attitude: str, source: str) -> EnemyUnit:
        unit = EnemyUnit(f"E{len(self.units) + 1}", type_, kind, where, attitude, source)
        self.units.append(unit)
        return unit

    @property
    def activated(self) -> list[EnemyUnit]:
        return [u for u in self.units if u.status == "active" and u.source != "set up"]
