"""The ENEMY's Rally Phase (A10.6): its broken units on the map try to rally, each with one DR the player rolls (or
types with --dice).

Core ASL, not in the texts; solo's reading of it:
- a broken unit rallies on a Final DR at most its morale (its counter's printed morale: the broken side's is not in
  solo's unit data);
- a broken leader may always try to rally himself (A10.63); a broken MMC tries only in the Location of a Good Order
  leader, who adds his leadership modifier (A10.6), and one broken MMC without one may self-rally at +1 (A10.63);
  leaders try first, so that a leader who rallies then rallies the MMC beside him;
- DRM: the leader's modifier, +4 for Desperation Morale (DM, A10.62), -1 in woods or a building (A10.61), +1 for
  self-rally;
- an Original 12 eliminates a leader and Casualty Reduces an MMC (A10.61).
"""

from solo.core.dice import roll
from solo.rules.units import parse_unit
from solo.sasl.actions import apply_result
from solo.sasl.context import Ctx
from solo.sasl.state import Unit
from solo.sasl.words import INFANTRY, Kind, Side, Status

RALLY_TERRAIN = ("woods", "wooden building", "stone building")  # -1 (A10.61)


def _morale(u: Unit) -> int:
    numbers = parse_unit(u.type)
    return int(numbers[0] if len(numbers) == 2 else numbers[2])


def _leader(x: Ctx, u: Unit) -> Unit | None:
    """The best Good Order leader in ``u``'s Location (not ``u`` himself)."""
    here = [v for v in x.m.at(u.hex, u.side) if v.kind == Kind.LEADER and v.status == Status.GOOD_ORDER and v is not u]
    return min(here, key=lambda v: (int(parse_unit(v.type)[1]), v.id), default=None)


def _attempt(x: Ctx, u: Unit, leader: Unit | None, self_rally: bool) -> str:
    mods = []
    if leader is not None:
        mods.append((int(parse_unit(leader.type)[1]), f"{leader.id} {leader.type}"))
    if "DM" in u.marks:
        mods.append((4, "DM (A10.62)"))
    here = x.map.name(u.hex) if x.map is not None and x.map.graph is not None else None
    terrain = x.map.terrain(here) if x.map is not None and here else None
    if terrain in RALLY_TERRAIN:
        mods.append((-1, terrain))
    if self_rally and u.kind != Kind.LEADER:
        mods.append((1, "self-rally"))
    what = f"Rally DR for {u.id} {u.type} in {u.hex}"
    original = x.play.dice(what, Side.ENEMY, x.m.phase, lambda dice: roll(dice, "DR", what).original)
    final = original + sum(n for n, _ in mods)
    morale = _morale(u)
    drm = ", ".join(f"{n:+d} {why}" for n, why in mods)
    said = f"{what}: {original}" + (f" ({drm}), Final {final}" if mods else "") + f" against morale {morale}: "
    if original == 12:
        now = apply_result(x, u, "eliminated" if u.kind == Kind.LEADER else "reduced")
        said += f"an Original 12: {now}"
    elif final <= morale:
        said += apply_result(x, u, "rallied")
    else:
        said += "stays broken"
    x.say(said, rule="A10.6")
    return said


def enemy_rally(x: Ctx) -> list[str]:
    """A10.6: each broken ENEMY unit on the map that may try, leaders first, then the MMC with a Good Order leader,
    then one MMC without one (the highest morale, then the lowest id)."""
    broken = [u for u in x.m.units if u.side == Side.ENEMY and u.status == Status.BROKEN and u.kind in INFANTRY
              and (x.map is None or x.map.name(u.hex))]
    said = [_attempt(x, u, None, True) for u in broken if u.kind == Kind.LEADER]
    alone = []
    for u in broken:
        if u.kind == Kind.LEADER:
            continue
        leader = _leader(x, u)
        if leader is not None:
            said.append(_attempt(x, u, leader, False))
        else:
            alone.append(u)
    if alone:
        best = min(alone, key=lambda u: (-_morale(u), u.id))
        said.append(_attempt(x, best, None, True))
    return said
