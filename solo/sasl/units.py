"""The counters of a mission: what kind each is, what the FRIENDLY OoB gives the player to put on the map, and the
stacking limit.

Stacking (A5.1, core ASL, not in the texts): at most three squad-equivalents (a squad 1, a HS or crew 1/2) and four
SMC of one side in a Location; SW, Guns, vehicles and fortifications do not count against it.
"""

import re
from collections import Counter

from solo.core.errors import SoloError
from solo.rules.units import unit_type
from solo.sasl.state import Mission

SQUADS, SMC = 3, 4  # A5.1
EQUIVALENT = {"squad": 1.0, "hs": 0.5, "crew": 0.5}
SW = ("LMG", "MMG", "HMG", ".50 cal", "50cal HMG", "ATR", "DC", "FT", "PSK", "PIAT", "BAZ", "50mm MTR", "Radio")
GUNS = ("AT", "Mtr", "MTR", "INF", "AA", "ART", "Flak")


def kind_of(type_: str, nationality: str) -> str:
    """A counter's kind from its name: the nationality's squads, HS, crews and leaders (tables/units), SW and Guns by
    their names, horses, and any other name a vehicle."""
    try:
        return {"hero": "leader"}.get(found := unit_type(type_, nationality).kind, found)
    except SoloError:
        pass
    if type_.startswith("AL "):
        return "armor leader"  # rides in his AFV: no infantry stacking
    if "horse" in type_.lower():
        return "horse"
    if any(type_.startswith(sw) for sw in SW):
        return "sw"
    if any(word in type_.split() for word in GUNS):
        return "gun"
    return "vehicle"


def _heavy_weapon(text: str) -> list[tuple[str, int]]:
    """OtO-S2 MSR 9's attachment: "1x 2-2-8; 1x 45L AT; 1x Wagon" -> [("2-2-8", 1), ...]; "Nothing" -> []."""
    found = [re.fullmatch(r"(\d+)x (.+)", part.strip()) for part in text.split(";")]
    return [(m[2], int(m[1])) for m in found if m]


def oob_counters(m: Mission) -> Counter:
    """Every counter the FRIENDLY OoB gives, by type: infantry with their SW and leaders (each Coy), the heavy weapon
    attachment (OtO-S2 MSR 9), the reinforcements of Random Events, AFV with their Armor Leaders (OtO-S1)."""
    counters = Counter()
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
    smc = sum(1 for u in here if u.kind == "leader")
    if squads > SQUADS:
        return f"{hex_id} would hold {squads:g} squad-equivalents: the stacking limit is {SQUADS} (A5.1)"
    if smc > SMC:
        return f"{hex_id} would hold {smc} SMC: the stacking limit is {SMC} (A5.1)"
    return None
