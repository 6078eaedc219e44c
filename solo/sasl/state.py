"""A SASL mission's state: mission tables, both OoBs, the S? and the Activated ENEMY, the turn, RE and VP.

The state is what the mission's steps make of the event log; nothing here rolls a die.
"""

from dataclasses import dataclass, field
from typing import Literal

from solo.sasl.words import Attitude, Kind, Side, SStatus, Status

PHASES = ("RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh")
# A Game Turn: the FRIENDLY player turn (the FRIENDLY side moves first in both OtO missions), then the ENEMY's.
SEQUENCE = tuple(f"{side} {phase}" for side in (Side.FRIENDLY, Side.ENEMY) for phase in PHASES)


@dataclass
class SQuestion:
    """An S? counter (4.): where it stands, its Attitude, and what its Activation revealed."""

    id: str  # "S1"
    where: str  # a hex ("12F3") or the placement rule it came from
    attitude: Attitude
    status: SStatus = SStatus.HIDDEN
    units: list[str] = field(default_factory=list)
    origin: str = "set up"  # set up | reinforcement (ENEMY RE 34-36, 37-40)
    did: list[str] = field(default_factory=list)  # of DID: an S? moves (in the ENEMY MPh) like the units

    def to_json(self) -> dict:
        return dict(self.__dict__)


ON_MAP = (Status.GOOD_ORDER, Status.BROKEN)  # a unit's status while it is on the map
MARKS = ("pinned", "DM", "CX", "concealed", "HIP", "immobilized", "wreck", "captured", "malfunctioned", "recalled",
         "burning", "culvert", "mounted")  # counters a unit carries; "culvert": IN the Culvert Location of its hex
# (OtO 3.1); "mounted": an MMC on the horse it possesses (rules 7 on)
DID = ("prep fire", "first fire", "final fire", "advancing fire", "moved", "advanced", "routed")
# What a unit did this Player Turn (A3: the Prep Fire, First Fire, Final Fire markers and what moved, routed or
# Advanced), read by every ENEMY decision: a unit that Prep Fires neither moves nor fires in the AFPh (A3.3), one that
# moved fires in the AFPh at half FP (A3.6), one that First Fired fires in the DFPh only at an ADJACENT target (A8.4).
# Cleared as the markers are, at the end of the Player Turn (solo: as the next RPh begins).


@dataclass
class Unit:
    """A counter of either side on the map: a squad, HS, leader, SW, Gun, vehicle or fortification (an ENEMY one from
    the set-up or an S?'s Activation, a FRIENDLY one from the mission's OoB), where it stands and in what state."""

    id: str  # "E1" ENEMY, "F1" FRIENDLY
    type: str  # "4-6-7", "9-1", "LMG", "StuG IIIG", "20L(6) AA", "Trench" ...
    kind: Kind
    hex: str  # its hex; an ENEMY unit set up by a placement rule the player applies names that rule
    attitude: Attitude | Literal[""] = ""  # an ENEMY unit's Attitude (3.); none for a fortification or FRIENDLY
    source: str = "set up"  # the S? it came from, "set up", or "OoB" (FRIENDLY)
    status: Status = Status.GOOD_ORDER
    side: str = Side.ENEMY  # a Side
    marks: list[str] = field(default_factory=list)  # of MARKS
    owner: str | None = None  # a SW (or Gun) possessed by this unit id (A4.4)
    did: list[str] = field(default_factory=list)  # of DID, this Player Turn

    @property
    def on_map(self) -> bool:
        return self.status in ON_MAP

    def to_json(self) -> dict:
        return dict(self.__dict__) | {"where": self.hex}  # "where": the key of saves' JSON before units had hexes


@dataclass
class Mission:
    id: str
    title: str
    attitude: Attitude  # the Prevailing Attitude
    tables: dict = field(default_factory=dict)  # enemy_san, friendly_san, enemy_ac, enemy_re, friendly_re
    friendly_oob: dict = field(default_factory=lambda: {"infantry": [], "armor": [], "air": [], "oba": [],
                                                         "reinforcements": []})
    enemy: dict = field(default_factory=dict)  # elr, sniper, guns, minefields, wrecks, fortifications, ofa strikes
    s: list[SQuestion] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)  # both sides' counters
    entered: dict = field(default_factory=dict)  # FRIENDLY OoB counters put on the map, by type
    reinforced: dict = field(default_factory=dict)  # of them, a Random Event's reinforcements entered later (OtO-S1)
    groups: list[str] = field(default_factory=list)  # the OoB's groups entered whole ("coy1", "armor": issue 38)
    checked: list[str] = field(default_factory=list)  # the S? given an Activation check this phase
    bracket: dict = field(default_factory=dict)  # S? id -> the best range bracket it was checked at this phase (5.)
    spent: dict = field(default_factory=dict)  # MF each FRIENDLY unit has spent this phase
    vasl: dict = field(default_factory=dict)  # unit id -> the id of its counter in the player's VASL game
    synced: dict = field(default_factory=dict)  # unit id -> its hex at the last sync with the VASL game
    pending: list[dict] = field(default_factory=list)  # the ENEMY's decided moves of the phase, not yet confirmed
    moving: dict = field(default_factory=dict)  # the FRIENDLY stack's last move in its MPh (units, path): First Fire
    boards: dict = field(default_factory=dict)
    month: str | None = None
    turn: int = 1
    phase: str = "set up"
    re_numbers: dict = field(default_factory=dict)  # {"ENEMY": [5, 6], "FRIENDLY": [4, 5]}
    effects: list[str] = field(default_factory=list)  # lasting effects of Random Events
    occurred: list[str] = field(default_factory=list)  # the Random Events that have occurred: "ENEMY 23-24"
    reinforcement_dr: bool = False  # ENEMY RE 37-40: a Reinforcement dr in each ENEMY RPh
    report: dict = field(default_factory=dict)  # the player's latest report of control (VP schedule)
    control: dict = field(default_factory=dict)  # a scored Location (VPO, OtO-S1's RR and road hexes) -> its side
    record: list[dict] = field(default_factory=list)
    ended: dict | None = None

    def new_s(self, where: str, attitude: Attitude | None = None, origin: str = "set up") -> SQuestion:
        """A new S?; ``where`` "" when the player placed it without naming its hex."""
        n = len(self.s) + 1
        s = SQuestion(f"S{n}", where or f"S{n}'s Location", attitude or self.attitude, origin=origin)
        self.s.append(s)
        return s

    def s_counter(self, s_id: str) -> SQuestion | None:
        return next((s for s in self.s if s.id.lower() == str(s_id).lower()), None)

    def named_s(self, s_id: str) -> SQuestion:
        """The S? an action names, once the action's check found it there."""
        s = self.s_counter(s_id)
        assert s is not None, f"no S? {s_id}: the action's check names only S? in play"
        return s

    def named_unit(self, unit_id: str) -> Unit:
        """The unit an action names, once the action's check found it there."""
        u = self.unit(unit_id)
        assert u is not None, f"no unit {unit_id}: the action's check names only units in play"
        return u

    def add_unit(self, type_: str, kind: Kind, where: str, attitude: Attitude | Literal[""], source: str,
                 side: str = Side.ENEMY) -> Unit:
        prefix = side[0]
        n = 1 + sum(1 for u in self.units if u.side == side)
        unit = Unit(f"{prefix}{n}", type_, kind, where, attitude, source, side=side)
        self.units.append(unit)
        return unit

    def unit(self, unit_id: str) -> Unit | None:
        return next((u for u in self.units if u.id.lower() == str(unit_id).lower()), None)

    def at(self, hex_id: str, side: str | None = None) -> list[Unit]:
        """The units on the map in ``hex_id`` (of ``side``, or both)."""
        return [u for u in self.units if u.hex == hex_id and u.on_map and side in (None, u.side)]

    def holds_enemy(self, hex_id: str) -> bool:
        """An ENEMY unit stands in ``hex_id``: a fortification (a minefield, a Foxhole) alone does not bar a FRIENDLY
        unit from entering (issue 18: a Random Event's minefield barred it as if it were an ENEMY unit)."""
        return any(u.kind != Kind.FORTIFICATION for u in self.at(hex_id, Side.ENEMY))

    def new_player_turn(self) -> None:
        """The Player Turn's markers removed (DID): no unit has yet fired or moved."""
        marked: list[Unit | SQuestion] = [*self.units, *self.s]
        for u in marked:
            u.did = []
        self.moving = {}

    @property
    def activated(self) -> list[Unit]:
        return [u for u in self.units if u.on_map and u.side == Side.ENEMY and u.source != "set up"]

    @property
    def activated_units(self) -> list[Unit]:
        """The Activated ENEMY units that are units: a fortification (a minefield, a Foxhole) is none (issue 35: they
        counted for the -1 AC drm and the ENEMY RE check)."""
        return [u for u in self.activated if u.kind != Kind.FORTIFICATION]
