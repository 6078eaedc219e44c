"""The counters of a mission: what kind each is, what the FRIENDLY OoB gives the player to put on the map (whole, or
by its groups: each Coy, the AFV), and the stacking limit.

Stacking (A5.1, core ASL, not in the texts): at most three squad-equivalents (a squad 1, a HS or crew 1/2) and four
SMC of one side in a Location; SW, Guns, vehicles and fortifications do not count against it.
"""

import re
from collections import Counter

from solo.core.errors import SoloError
from solo.core.store import RULES
from solo.rules.units import unit_type
from solo.sasl.state import Mission
from solo.sasl.words import Kind

SQUADS, SMC = 3, 4  # A5.1
EQUIVALENT = {Kind.SQUAD: 1.0, Kind.HS: 0.5, Kind.CREW: 0.5}
SW = ("LMG", "MMG", "HMG", ".50 cal", "50cal HMG", "ATR", "DC", "FT", "PSK", "PIAT", "BAZ", "50mm MTR", "Radio")
GUNS = ("AT", "Mtr", "MTR", "INF", "AA", "ART", "Flak")


ADDED = {("russian", "1-2-7"): 7}  # types added to tables/units since a rules version: a vehicle in saves before it


def kind_of(type_: str, nationality: str, rules: int = RULES) -> Kind:
    """A counter's kind from its name: the nationality's squads, HS, crews and leaders (tables/units), SW and Guns by
    their names, horses, and any other name a vehicle (a type ``ADDED`` since the save's ``rules`` too)."""
    if rules < ADDED.get((nationality.lower(), type_), 0):
        return Kind.VEHICLE
    try:
        found = unit_type(type_, nationality).kind
        return Kind.LEADER if found == "hero" else Kind(found)
    except SoloError:
        pass
    if type_.startswith("AL "):
        return Kind.ARMOR_LEADER  # rides in his AFV: no infantry stacking
    if "horse" in type_.lower():
        return Kind.HORSE
    if any(type_.startswith(sw) for sw in SW):
        return Kind.SW
    if any(word in type_.split() for word in GUNS):
        return Kind.GUN
    return Kind.VEHICLE


def _heavy_weapon(text: str) -> list[tuple[str, int]]:
    """OtO-S2 MSR 9's attachment: "1x 2-2-8; 1x 45L AT; 1x Wagon" -> [("2-2-8", 1), ...]; "Nothing" -> []."""
    found = [re.fullmatch(r"(\d+)x (.+)", part.strip()) for part in text.split(";")]
    return [(m[2], int(m[1])) for m in found if m]


def oob_counters(m: Mission) -> Counter:
    """Every counter the FRIENDLY OoB gives, by type: infantry with their SW and leaders (each Coy), the heavy weapon
    attachment (OtO-S2 MSR 9), the reinforcements of Random Events, AFV with their Armor Leaders (OtO-S1)."""
    counters: Counter[str] = Counter()
    for group in m.friendly_oob.get("infantry", []):
        for type_, count in group.get("units", []):
            counters[type_] += count
        counters.update(group.get("leaders", []))
        for type_, count in _heavy_weapon(group.get("heavy_weapon", "")):
            counters[type_] += count
    for arrived in m.friendly_oob.get("reinforcements", []):  # a Random Event's reinforcements (OtO-S2 R9)
        for type_, count in arrived.get("units", []):
            counters[type_] += count
    for afv in m.friendly_oob.get("armor", []):
        counters[afv["afv"]] += 1
        if afv.get("armor_leader"):
            counters[f"AL {afv['armor_leader']}"] += 1
    return counters


def stacking(m: Mission, hex_id: str, side: str, adding: list) -> str | None:
    """What is wrong with ``adding`` these units to ``side``'s units in ``hex_id`` (A5.1), or None."""
    here = [u for u in m.at(hex_id, side) if u not in adding] + list(adding)
    squads = sum(EQUIVALENT.get(u.kind, 0) for u in here)
    smc = sum(1 for u in here if u.kind == Kind.LEADER)
    if squads > SQUADS:
        return f"{hex_id} would hold {squads:g} squad-equivalents: the stacking limit is {SQUADS} (A5.1)"
    if smc > SMC:
        return f"{hex_id} would hold {smc} SMC: the stacking limit is {SMC} (A5.1)"
    return None


def oob_groups(m: Mission) -> dict[str, list[str]]:
    """The FRIENDLY OoB's groups a player enters whole (issue 38), by name, each its counters in the OoB's order: each
    Coy with the SW and leaders the OoB gives it ("coy1" ...; OtO-S2's one cavalry group with its heavy weapon
    attachment, "cavalry"), the AFV each with its Armor Leader ("armor"), each Random Event's reinforcements ("re1"
    ...)."""
    found = {}
    for n, group in enumerate(m.friendly_oob.get("infantry", []), 1):
        types = [t for t, count in group.get("units", []) for _ in range(count)] + list(group.get("leaders", []))
        types += [t for t, count in _heavy_weapon(group.get("heavy_weapon", "")) for _ in range(count)]
        found[f"coy{group['coy']}" if "coy" in group else "cavalry" if n == 1 else f"cavalry{n}"] = types
    armor = [t for afv in m.friendly_oob.get("armor", [])
             for t in [afv["afv"]] + ([f"AL {afv['armor_leader']}"] if afv.get("armor_leader") else [])]
    if armor:
        found["armor"] = armor
    for n, group in enumerate(m.friendly_oob.get("reinforcements", []), 1):
        if group.get("units"):
            found[f"re{n}"] = [t for t, count in group["units"] for _ in range(count)]
    return found


def group_name(text) -> str:
    """A group as typed: "Coy 1", "coy1" or "1" -> "coy1"; "armour", "AFV" -> "armor"."""
    name = "".join(str(text or "").lower().split())
    return {"armour": "armor", "afv": "armor", "tanks": "armor"}.get(name, f"coy{name}" if name.isdigit() else name)


def stacks(types: list[str], nationality: str) -> list[list[str]]:
    """A group's counters split into stacks that keep the stacking limit (A5.1): its MMC in the OoB's order, three
    squad-equivalents a stack; its leaders one to each stack in turn from the first; its SW to the stacks in turn (each
    goes to the first MMC of its stack, as ``enter`` gives it); a horse to a stack with a squad (Squad horse) or a HS or
    crew (HS horse) that has none yet; each vehicle its own stack with the Armor Leader named after it; Guns and the
    rest of a heavy weapon attachment together. solo's way of standing a group on the map, not a rule: move them after
    as you like."""
    kinds = [(t, kind_of(t, nationality)) for t in types]
    piles: list[list[str]] = []
    room = 0.0
    for t, kind in kinds:
        if kind in EQUIVALENT:
            if not piles or room < EQUIVALENT[kind]:
                piles.append([])
                room = SQUADS
            piles[-1].append(t)
            room -= EQUIVALENT[kind]
    infantry = len(piles)
    led = [t for t, kind in kinds if kind == Kind.LEADER] + [t for t, kind in kinds if kind == Kind.SW]
    for n, t in enumerate(led):  # the leaders first, one a stack, then the SW on from there
        (piles[n % infantry] if infantry else _alone(piles)).append(t)
    for t in (t for t, kind in kinds if kind == Kind.HORSE):
        riders = (Kind.SQUAD,) if t.lower().startswith("squad") else (Kind.HS, Kind.CREW)
        short = [p for p in piles[:infantry] if sum(kind_of(u, nationality) in riders for u in p) > p.count(t)]
        (short[0] if short else piles[infantry - 1] if infantry else _alone(piles)).append(t)
    heavy = [t for t, kind in kinds if kind == Kind.GUN or kind == Kind.VEHICLE and t.endswith("Wagon")]
    if heavy:
        piles.append(heavy)
    for t, kind in kinds:
        if kind == Kind.VEHICLE and t not in heavy:
            piles.append([t])
        elif kind == Kind.ARMOR_LEADER:
            (piles[-1] if len(piles) > infantry else _alone(piles)).append(t)
    return piles


def _alone(piles: list[list[str]]) -> list[str]:
    piles.append([])
    return piles[-1]
