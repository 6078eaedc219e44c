"""Activation by LOS (5.): when an S? a FRIENDLY unit sees is checked, and the AC drm the map tells.

When an S? is checked (5., as tables/core/SOURCES.md and /work/shared/SASL-FACTS.md give it from VASL's public
SASL activation checker): "an Activation check arises when a Good Order FRIENDLY unit has an unblocked LOS to an S?
at range <= 16". solo checks it after each hex a FRIENDLY unit enters (its move, rout, Advance, entry or set up),
and after the ENEMY's confirmed moves and a Random Event that puts S? on the map (``sweep``). The texts and those
facts never say "once a phase"; solo's reading (issue 35, replacing issue 18's "once a phase" from rules version 6
on): the AC dr once made stands for the phase at that range bracket (issue 18: the same S? was rolled for again and
again), so an S? is checked again in the same phase only when a FRIENDLY unit sees it in a better bracket (closer:
an automatic bracket always Activates). A FRIENDLY unit never stands in a hex with a hidden S?: entering its hex
Activates it at range 0 whatever the unit (solo's reading of a concealed unit's Location entered, A12.15), and
ENEMY units it reveals in the hex entered or the next hex of the path end the move short of them (the moving
units go back to the hex they came from, in the MPh and RtPh; an Advance may end in their Location, for CC).
"""

from solo.sasl import activation
from solo.sasl.context import Ctx
from solo.sasl.mission_map import wrecks
from solo.sasl.state import Unit
from solo.sasl.words import INFANTRY, Kind, SStatus, Status

RANKS = {"auto": 99, "long": -9, "none": -99}  # a bracket's chance: automatic, an AC bracket number, long range, none


def bracket_ranks(x: Ctx, viewer: str) -> list[int]:
    """How good a chance of Activation each range 0-16 gives ``viewer`` (sasl.ac_brackets): higher is better."""
    brackets = (x.cat.chart("sasl.ac_brackets", str(r), viewer) for r in range(activation.SIGHTING_RANGE + 1))
    return [RANKS.get(b, b) for b in brackets]


def sightings(x: Ctx, units: list[Unit], path: list[str], inside=()) -> list[list]:
    """The hidden S? that FRIENDLY ``units`` moving through ``path`` (or entering its one hex) must check, [S? id,
    range, step] each, ``step`` the index of the hex entered from which it is seen: seen by a Good Order one within
    16 hexes in a better range bracket than its check this phase had (the reading above), or in the hex entered
    (range 0). The nearest S? first at each hex, then by id. Worked out when the action is checked, and kept with it
    in the save."""
    if x.map is None:
        return []
    viewers = [u for u in units if u.status == Status.GOOD_ORDER and u.kind in (*INFANTRY, Kind.VEHICLE)]
    ranks = bracket_ranks(x, viewer_of(viewers or units))
    hidden: dict[str, list] = {}  # the map's hex -> the hidden S? in it
    for s in x.m.s:
        where = x.map.name(s.where) if s.status == SStatus.HIDDEN else None
        if where:
            hidden.setdefault(where, []).append(s)
    best, found = dict(x.m.bracket), []
    along = x.map.seen_along(path, list(hidden), activation.SIGHTING_RANGE, hindering(x), x.rules >= 7) \
        if viewers and x.map.has_los and hidden else [{}] * len(path)
    for step, here in enumerate(path):
        seen = dict(along[step])
        if step in inside:
            seen = {h: 1 for h in x.map.culvert_ends if h in hidden}
        if here in hidden:
            seen[here] = 0
        for rng, _, s in sorted((rng, int(s.id[1:]), s) for where, rng in seen.items() for s in hidden[where]):
            if ranks[rng] > max(best.get(s.id, RANKS["none"]), RANKS["none"]):
                best[s.id] = ranks[rng]
                found.append([s.id, rng, step])
    return found


def hindering(x: Ctx) -> list[str]:
    """The hexes whose wrecks hinder LOS (OtO 1.3's EX, OtO CG5, D10.3; solo/board/los.py), from rules version 7 on
    (as the OtO map's slopes: every LOS the mission traces passes ``x.rules >= 7`` as ``slopes``)."""
    return list(wrecks(x.m)) if x.rules >= 7 else []


def viewer_of(units: list[Unit]) -> str:
    return "Vehicle" if units and all(u.kind == Kind.VEHICLE for u in units) else "Infantry"


def activation_checks(x: Ctx, sees: list, viewer: str) -> dict:
    """The Activation checks of the S? units gained LOS to, [S? id, range] or [S? id, range, step] each (an S? an
    earlier check of the same action Activated is not checked again); ``viewer`` Vehicle when only vehicles moved."""
    checks, stepwise = [], bool(sees) and len(sees[0]) == 3
    for s_id, rng, *step in sees:
        s = x.m.named_s(s_id)
        if s.status == SStatus.HIDDEN and (stepwise or s.id not in x.m.checked):
            x.m.checked.append(s.id)
            if stepwise:
                x.m.bracket[s.id] = max(x.m.bracket.get(s.id, RANKS["none"]), bracket_ranks(x, viewer)[rng])
            mods = ac_mods(x, s)
            drm = ", ".join(mods)
            x.say(f"{s.id} in {s.where} is seen at range {rng}" + (f", AC drm: {drm}" if drm else ""), rule="5.")
            checks.append(activation.check(x, s, rng, viewer, mods) | ({"step": step[0]} if step else {}))
    return {"activation": checks} if checks else {}


def sweep(x: Ctx) -> dict:
    """The checks of every hidden S? a Good Order FRIENDLY unit on the map now sees in a better bracket than this
    phase's check (or shares a hex with): after each FRIENDLY move or entry (the units that stood still see too: a
    check arises whenever a Good Order FRIENDLY unit has LOS to an S?, SASL-FACTS), after the ENEMY's confirmed moves
    and after the Random Events that put S? on the map (rules version 6 on)."""
    if x.rules < 6 or x.map is None:
        return {}
    checks = []
    stacks: dict[tuple[str, str, bool], list[Unit]] = {}
    for u in x.m.units:
        if u.side == "FRIENDLY" and u.on_map and u.kind in (*INFANTRY, Kind.VEHICLE) and (here := x.map.name(u.hex)):
            key = (here, "Vehicle" if u.kind == Kind.VEHICLE else "Infantry", "culvert" in u.marks)
            stacks.setdefault(key, []).append(u)
    for (where, viewer, inside), units in sorted(stacks.items()):
        checks += activation_checks(x, sightings(x, units, [where], (0,) if inside else ()), viewer).get(
            "activation", [])
    return {"activation": checks} if checks else {}
def ac_mods(x: Ctx, s) -> dict:
    """The AC drm the map tells (tables/core/sasl_ac_dr.toml): S? in or beside a VPO, in a stone building, an
    Activated ENEMY unit within 2 hexes, a Village or City board. An S? stands at its hex's base level."""
    mods = {}
    vpo = [v["hex"] for v in (x.m.boards or {}).get("vpo") or []]
    where = x.known_map.name(s.where)
    assert where is not None, f"S? {s.id} stands on a hex of the map ({s.where})"
    if any((hex_v := x.known_map.name(v)) and x.known_map.distance(where, hex_v) <= 1 for v in vpo):
        mods["vpo"] = True
    if x.known_map.terrain(where) == "stone building":
        mods["stone"] = True
    active = x.m.activated_units if x.rules >= 6 else x.m.activated
    if any(x.known_map.distance(where, here) <= 2 for u in active if (here := x.known_map.name(u.hex))):
        mods["near-enemy"] = True
    kind = (x.m.boards or {}).get("kinds", {}).get(next((b for b in sorted((x.m.boards or {}).get("boards", []),
                                                                            key=len, reverse=True)
                                                        if s.where.startswith(b)), ""), "")
    if kind in ("Village", "City"):
        mods[kind.lower()] = True
    return mods
