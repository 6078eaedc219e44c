"""Losses in the RePh as the CGs share them: Eliminated, Casualty Reduced, Replaced, Wounded Leaders, captures."""

import re
from collections.abc import Callable, Iterator

from solo.campaign.facts import CVP, fact
from solo.campaign.reph import Reph
from solo.campaign.state import PERSONNEL, SideState, Unit
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.rules.units import casualty_reduced, replaced, unit_type


def wounded_leader_rolls(r: Reph, table: str, rule: str, mods: Callable[[SideState, Unit], dict]) -> Iterator:
    """Wounded Leaders (OtO2 7.510, RB 11.610, VotG 12.611, ABtF 9.6101): a dr on ``table`` for each wounded Retained
    leader with the drm ``mods(side, leader)`` gives; the row's effect "leader" "unwounded" heals him. Yields (side,
    leader, trace) for the game to remove an "evacuated"/"eliminated" leader and say the line."""
    for s in r.c.sides.values():
        for leader in [u for u in s.retained("leader") if "wounded" in u.flags]:
            trace = r.roll(table, f"Wounded {leader.label} ({rule})", side=s.name, mods=mods(s, leader))
            if trace.effect["leader"] == "unwounded":
                leader.flags.discard("wounded")
            yield s, leader, trace


def isolated_drm(s: SideState, leader: Unit) -> dict:
    """The Wounded Leader drm of RB 11.610 and VotG 12.611: +1 if confined to an Isolated Area."""
    return {"isolated": True} if leader.isolated else {}


def eliminate(r: Reph, unit: Unit, why: str) -> None:
    """``unit`` Eliminated; said for its side alone when the rules keep it secret (Unit.secret: unused OBA,
    aircraft)."""
    unit.status = "Eliminated"
    r.say(f"{unit.side} {unit.id} {unit.type} Eliminated: {why}", secret=unit.side if unit.secret else "")


def lose(r: Reph, unit: Unit, why: str) -> None:
    """Eliminate a unit in the RePh as a loss whose CVP count (RB 11.616 and VotG 12.618 "including friendly unit[s]
    Eliminated since the last scenario during the current CG Day's RePh"; ABtF 9.6202 "including CVP awarded thus far
    during this RePh")."""
    eliminate(r, unit, why)
    counted(r, unit)


def counted(r: Reph, unit: Unit) -> None:
    """Note a unit Eliminated in this RePh (by lose, or by a Casualty Reduction or Replacement that Eliminated it)."""
    r.c.facts.setdefault("reph_eliminated", []).append(unit.id)


def reph_cvp(r: Reph, side: str) -> int:
    """CVP ``side`` earned in this RePh (the other side's units noted by ``counted``): the stand-in A26 values of
    solo/campaign/facts.py (CVP) by kind."""
    noted = [find(r, i) for i in fact(r, "reph_eliminated", [])]
    return sum(CVP.get(unit.kind, 0) for unit in noted if unit.side != side)


def reduce(r: Reph, unit: Unit, why: str) -> None:
    """Casualty Reduction: a squad becomes its HS, an unwounded leader is wounded (A17); anything else is Eliminated."""
    if unit.kind == "leader" and "wounded" not in unit.flags:
        unit.flags.add("wounded")
        r.say(f"{unit.side} {unit.id} {unit.type} wounded: {why}")
        return
    smaller = casualty_reduced(unit_type(unit.type, unit.side)) if unit.kind in ("squad", "hs", "crew") else None
    if smaller is None:
        eliminate(r, unit, why)
    else:
        r.say(f"{unit.side} {unit.id} {unit.type} Casualty Reduced to {smaller.name}: {why}")
        unit.type, unit.kind = smaller.name, smaller.kind


def replace(r: Reph, unit: Unit, why: str) -> bool:
    """Replacement (A19.13); a unit with no lower type is Eliminated (Escape Table note 1). True if it survives."""
    lower = replaced(unit_type(unit.type, unit.side)) if unit.kind in ("squad", "hs") else None
    if lower is None:
        eliminate(r, unit, why)
        return False
    r.say(f"{unit.side} {unit.id} {unit.type} Replaced by {lower.name}: {why}")
    unit.type = lower.name
    return True


AFV_CREW = "2-2-8"


def afv_crew(r: Reph, vehicle: Unit, rg: int = 0) -> Unit:
    """The crew that leaves ``vehicle`` and is Retained (the Escape Table's "Abandoned (crew Escapes)", OtO2 7.5063,
    RB 11.6063, VotG 12.6073, ABtF 9.6054; ABtF 9.6053's Abandoned immobile vehicle), of the vehicle's side.

    solo's reading (issue 20.22): a 2-2-8 for every side. No text gives the crew counter of an AFV. The crews they do
    print are 2-2-8s of both sides (OtO2 RG notes b, German and Russian: "Each MG/Mtr/Gun is set up with a 2-2-8
    Crew"; the Russian cavalry of OtO-S2 MSR 9, "4x 2-2-8"; 4.1, a MGC's "inherent 2-2-8 crew") and the German HW
    weapon crews of the RB 11.6204 EX (1-2-7 and 2-2-8, missions/rb.toml [hw_crews]). The Inexperienced Crews of RB
    11.6207 and VotG 12.6227 are D3.45's, core ASL, not in the texts: the texts never make them 1-2-7 counters, so a
    1-2-7 for a Russian (or Inexperienced) AFV crew would be invented; tables/units lists no Russian or British
    1-2-7."""
    return r.side(vehicle.side).add(AFV_CREW, "crew", rg)


def morale(unit: Unit) -> int:
    return unit_type(unit.type, unit.side).morale if unit.kind in PERSONNEL[:5] else 7


def find(r: Reph, unit_id: str) -> Unit:
    """The unit ``unit_id`` of either side (the facts name units of both)."""
    unit = next((u for s in r.c.sides.values() if (u := s.unit(unit_id))), None)
    if unit is None:
        raise SoloError(f"no unit {unit_id!r} in either OB (the CG Roster lists the ids)")
    return unit


def capture(r: Reph, unit_ids, once: bool = False) -> None:
    """Equipment the enemy Captured (the facts' list: OtO2 7.513, RB 11.6072, VotG 12.6082) is marked Captured and
    Retained by the side that took it (``once``: not again if already Captured, VotG). Saves before rules version 3:
    from rules 3 on the capture is made at the end of the scenario (``captured_in_play``)."""
    for unit_id in unit_ids:
        unit = find(r, unit_id)
        if once and "captured" in unit.flags:
            continue
        unit.flags.add("captured")
        switch_side(r, unit)


def captured_in_play(r: Reph, rule: str) -> None:
    """The Weapons and vehicles the facts name captured were taken, and used, by the other side during the scenario:
    they are its own from the scenario's end, so a Captured AFV Escapes as its captor's with the Escape Table's "+2
    Captured AFV" (OtO2 7.5063, RB 11.6063, VotG 12.6073; ABtF 9.6054 "+1 ... captured vehicle") and is then checked
    as a Captured Weapon (OtO2 7.5135-7.5136 ...). One its owner took back is his own again, no longer Captured.
    Issue 20.4/20.23: before rules version 3 the capture waited for Equipment Repair (7.513), after the Escape. The
    captured unit takes a new id of its captor's side; the facts name it by the new id from here on."""
    for unit_id in fact(r, "captured", []):
        unit = find(r, unit_id)
        old, owner = unit.id, unit.side
        retaken = "captured" in unit.flags
        unit.flags ^= {"captured"}
        switch_side(r, unit)
        r.c.facts = renamed(r.c.facts, old, unit.id)
        r.say(f"{unit.side} {unit.id} {unit.type}: " + (f"retaken from the {people(owner)} ({old}), no longer Captured"
                                                       if retaken else f"the {owner} {old} Captured in the scenario, "
                                                       f"Retained and used by its captor") + f" ({rule})")


def renamed(value, old: str, new: str):
    """``value`` (the facts, or any part of them) with the unit id ``old`` written ``new``: in lists, as a table's key,
    and inside a text ("G5=3")."""
    if isinstance(value, dict):
        return {(new if k == old else k): renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, str):
        return re.sub(rf"\b{re.escape(old)}\b", new, value)
    return value


def switch_side(r: Reph, unit: Unit) -> None:
    """A Captured weapon is Retained by the side that captured it (7.5135)."""
    old, new = r.c.sides[unit.side], r.c.sides[r.c.other(unit.side)]
    old.units.remove(unit)
    unit.side, unit.id = new.name, new.next_id()
    new.units.append(unit)


def engineer_casualty(r: Reph, s) -> None:
    """An Original dr 6 on the Removal Table Casualty Reduces an elite MMC (Assault Engineers first), else any
    non-Isolated
    MMC (OtO2 7.514 **; RB and VotG the same)."""
    elite = [u for u in s.retained("squad", "hs") if not u.isolated and unit_type(u.type, s.name).elite]
    elite.sort(key=lambda u: ("assault-engineer" not in u.flags, u.kind != "squad", u.id))
    pool = elite or [u for u in s.retained("squad", "hs") if not u.isolated]
    if pool:
        reduce(r, pool[0], "Original dr 6 on the Removal Table (7.514 **)")
