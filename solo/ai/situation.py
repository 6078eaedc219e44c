"""A situation for the enemy AI: the boards, the objectives, the board edges and every unit of both sides.

A situation file (TOML):
    boards = ["4", "12"]            # joined top to bottom (north to south), as solo boards does
    objectives = ["4K5", "12P3"]    # VPO hexes
    friendly_held = ["12P3"]         # the VPO the FRIENDLY side holds (Attack Attitude heads for the nearest)
    ebe = "west"                     # the ENEMY Board Edge: west, east, north or south
    [[enemy]]
    id = "E1"
    unit = "4-6-7"                   # a squad, "9-1" a leader, "LMG", "StuG IIIG" ...
    hex = "4K5"
    attitude = "hold"                # an Attitude, any case: hold, advance, attack (solo/sasl/words.py)
    broken = false
    did = ["prep fire"]              # what it did this Player Turn (solo/sasl/state.py DID)
    goal = "12P3"                    # a hex it heads for (a Local Counterattack's VPO)
    [[friendly]]
    id = "F1"
    unit = "4-5-8"
    hex = "4P6"
    [[s]]                            # an S?: id, hex, attitude, did, goal
    id = "S1"
    hex = "4M2"
    moving = ["12O4", "12O5"]        # the FRIENDLY MPh: the hexes a FRIENDLY stack entered, and its units (First Fire)
    movers = ["F1"]
Optional per unit: fp, range, mf (otherwise read from the name, or ai/units.toml).
"""

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError
from solo.rules.units import parse_unit
from solo.sasl.state import DID
from solo.sasl.words import Attitude, Kind, Side
from solo.sasl.words import attitude as read_attitude

EDGES = ("west", "east", "north", "south")


@cache
def unit_data() -> dict:
    return read_toml_file(content_dir("ai") / "units.toml")


@dataclass(frozen=True)
class Piece:
    id: str
    side: Side
    unit: str
    hex: str
    kind: Kind  # squad, hs, leader, sw or vehicle; an S? S_QUESTION
    fp: float
    range: int
    mf: float
    morale: int = 0
    leadership: int = 0
    attitude: Attitude = Attitude.HOLD
    broken: bool = False
    owner: str = ""  # a SW: the unit possessing it ("with"), which alone may fire it (A4.4)
    did: tuple[str, ...] = ()  # what it did this Player Turn (solo/sasl/state.py DID): "prep fire", "moved" ...
    goal: str = ""  # a hex it heads for whatever its Attitude's objective: a Local Counterattack's VPO


def piece(raw: dict, side: Side, where: str) -> Piece:
    """A unit of the situation, its firepower, range and MF from its name (or ai/units.toml)."""
    for key in ("id", "unit", "hex"):
        if not raw.get(key):
            raise SoloError(f"{where}: every [[{side.lower()}]] needs {key}")
    name, data = str(raw["unit"]), unit_data()
    attitude = _attitude(raw, where)
    try:
        numbers = [int(n) for n in parse_unit(name)]
    except SoloError:
        numbers = []
    if len(numbers) == 3:
        fp, rng, morale = numbers
        kind, mf, leadership = (Kind.SQUAD if fp >= 3 else Kind.HS), data["infantry"]["mf"], 0
    elif numbers:
        kind, fp, rng, mf = Kind.LEADER, 0, 0, data["infantry"]["leader_mf"]
        morale, leadership = numbers
    elif name in data["sw"]:
        (fp, rng), kind, mf, morale, leadership = data["sw"][name], Kind.SW, data["infantry"]["mf"], 0, 0
    else:
        v = data["vehicle"]
        kind, fp, rng, mf, morale, leadership = Kind.VEHICLE, v["fp"], v["range"], v["mp"], 0, 0
    did = raw.get("did", [])
    if not isinstance(did, list) or set(did) - set(DID):
        raise SoloError(f"{where}: {raw['id']} did {did!r}: a list of {', '.join(DID)}")
    return Piece(str(raw["id"]), side, name, str(raw["hex"]).upper(), kind, float(raw.get("fp", fp)),
                 int(raw.get("range", rng)), float(raw.get("mf", mf)), morale, leadership, attitude,
                 bool(raw.get("broken")),
                 str(raw.get("with", "")) if kind == Kind.SW else "", tuple(did), str(raw.get("goal", "")).upper())


def _attitude(raw: dict, where: str) -> Attitude:
    try:
        return read_attitude(raw.get("attitude", Attitude.HOLD))
    except SoloError as e:
        raise SoloError(f"{where}: {raw['id']}: {e}") from None


def s_piece(s_id: str, where: str, attitude: Attitude, did=(), goal: str = "") -> Piece:
    """An S? (SASL 4.) as the AI moves it: a concealed stack of unknown Infantry, with an Infantry unit's MF (solo's
    reading: the texts give no S? MF) and no fire of its own."""
    return Piece(s_id, Side.ENEMY, "S?", where, Kind.S_QUESTION, 0.0, 0, float(unit_data()["infantry"]["mf"]),
                 attitude=attitude, did=tuple(did), goal=goal)


@dataclass(frozen=True)
class Situation:
    boards: tuple[str, ...]
    objectives: tuple[str, ...]
    friendly_held: tuple[str, ...]
    ebe: str
    pieces: tuple[Piece, ...]
    moving: tuple[str, ...] = ()  # the FRIENDLY MPh: the hexes the moving stack entered (First Fire, A8.1)
    movers: tuple[str, ...] = ()  # its units' ids
    wrecks: tuple[tuple[str, tuple[bool, ...]], ...] = ()  # (hex, each wreck's burning) of a mission's map (D10)
    sight_limits: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (hex, all its FRIENDLY units see): OtO 3.1's Culvert

    @cached_property
    def enemy(self) -> list[Piece]:
        return [p for p in self.pieces if p.side == Side.ENEMY]

    @cached_property
    def friendly(self) -> list[Piece]:
        return [p for p in self.pieces if p.side == Side.FRIENDLY]


def situation_from(raw: dict, where: str) -> Situation:
    known = {"boards", "objectives", "friendly_held", "ebe", "enemy", "friendly", "s", "moving", "movers"}
    if set(raw) - known:
        raise SoloError(f"{where}: unknown key(s) {', '.join(sorted(set(raw) - known))}; the keys are "
                        f"{', '.join(sorted(known))}")
    boards = tuple(str(b) for b in raw.get("boards", []))
    if not boards:
        raise SoloError(f"{where}: give the boards, e.g. boards = [\"4\", \"12\"]")
    ebe = str(raw.get("ebe", "west")).lower()
    if ebe not in EDGES:
        raise SoloError(f"{where}: ebe is one of {', '.join(EDGES)}")
    pieces = [piece(r, Side.ENEMY, where) for r in raw.get("enemy", [])] + [
        piece(r, Side.FRIENDLY, where) for r in raw.get("friendly", [])
    ]
    ids = [p.id for p in pieces]
    if len(set(ids)) != len(ids):
        raise SoloError(f"{where}: unit ids must differ ({', '.join(sorted({i for i in ids if ids.count(i) > 1}))} "
                        "twice)")
    objectives = tuple(str(h).upper() for h in raw.get("objectives", []))
    held = tuple(str(h).upper() for h in raw.get("friendly_held", []))
    if set(held) - set(objectives):
        raise SoloError(f"{where}: friendly_held names hexes that are not objectives: "
                        f"{', '.join(sorted(set(held) - set(objectives)))}")
    pieces += [s_piece(str(r["id"]), str(r["hex"]).upper(), _attitude(r, where), r.get("did", ()),
                       str(r.get("goal", "")).upper()) for r in raw.get("s", [])]
    moving = tuple(str(h).upper() for h in raw.get("moving", []))
    return Situation(boards, objectives, held, ebe, tuple(pieces), moving, tuple(str(i) for i in raw.get("movers", [])))


def load_situation(path: str | Path) -> Situation:
    return situation_from(read_toml_file(path, "situation file"), str(path))
