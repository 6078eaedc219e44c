"""A Bridge Too Far RePh 9.601-9.611 (seed 004), and what every ABtF step shares.

The sides come from r.c.sides and missions/abtf.toml ([roles] says whom a rule names); the map's
part (Block Control, paths of Uncontrolled Territory, Melee) comes from the facts. The later steps
are in abtf_areas (9.605), abtf_date (9.612-9.616), abtf_purchase (9.617-9.619) and abtf_commence (9.620-9.6216).
"""

import re

from solo.campaign.facts import fact
from solo.campaign.reph import Reph, step
from solo.campaign.state import ScenarioResult, SideState, Unit
from solo.campaign.steps import scenario_end as shared_end
from solo.campaign.steps.hardening import mmc_to_harden, recombine
from solo.campaign.steps.losses import eliminate, find, lose, wounded_leader_rolls
from solo.core.content import config_dir
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.rules.units import battle_hardened, parse_unit, unit_type

MMC = ("squad", "hs", "crew")
WEAPONS = ("sw", "gun", "vehicle")
HS_EQUIVALENTS = {"squad": 2, "hs": 1, "crew": 1}

# --- shared ---------------------------------------------------------------------------------

def role(r: Reph, name: str):
    """The side (or sides) a rule names: missions/abtf.toml [roles]."""
    return r.defn.raw["roles"][name]


def night(date: str) -> bool:
    """A CG Date ending in "N" is a Night scenario (9.6161 chart: 17N, 18N ...)."""
    return date.endswith("N")


def side_mods(r: Reph, table_id: str, side: str) -> dict:
    """The table's modifier named after the side ("british" on the Wounded Leader Table), if it prints one."""
    names = {m.name for m in r.cat.get(table_id).modifiers}
    return {side.lower(): True} if side.lower() in names else {}


def exhaustion(r: Reph, date: str | None = None) -> int:
    """The Campaign Exhaustion DRM of the CG Date (9.6161 CPP Base Number Chart)."""
    return int(r.cat.chart(r.defn.tables["cpp_base"], date or r.c.date, "Campaign Exhaustion DRM"))


def shortage_level(r: Reph) -> int:
    """The British Ammunition Shortage Level (9.6201, SSR CG 17), kept as the campaign flag "ammo-shortage:N"."""
    return next((int(f.split(":")[1]) for f in r.c.flags if f.startswith("ammo-shortage:")), 0)


def set_shortage_level(r: Reph, level: int) -> None:
    r.c.flags -= {f for f in r.c.flags if f.startswith("ammo-shortage:")}
    r.c.flags.add(f"ammo-shortage:{level}")


def previous_idle(r: Reph) -> bool:
    """The previous CG Date was an Idle CG Date (9.613 DRM, 9.6201 EXC)."""
    return bool(r.c.history) and r.c.history[-1].get("type") == "Idle Day"


def pack_table(r: Reph, key: str, rule: str, why: str) -> str:
    """The id of a table the texts lack; one line naming the pack folder when the player has not given it."""
    table_id = r.defn.tables[key]
    if table_id not in r.cat.tables:
        raise SoloError(f"{rule} {why} needs {table_id}, which is not in the rule texts: add it to your table pack "
                        f"in {config_dir() / 'tables'} (see tables/inventory/004-missing.toml)")
    return table_id


def pairs(text: str, key: str) -> dict[str, str]:
    """A facts text such as "A=German, C=British" or "G5=3" as a dict; one line for a bad entry."""
    out = {}
    for part in (p.strip() for p in str(text or "").split(",")):
        if not part:
            continue
        name, eq, value = part.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise SoloError(f"facts {key}: {part!r}: write NAME=VALUE, e.g. {key} = \"A=German, C=British\"")
        out[name.strip()] = value.strip()
    return out


def block_control(r: Reph) -> dict[str, str]:
    """Each Block's Controlling side, kept as campaign flags "block:A=German" (9.605: Control lasts until lost)."""
    return dict(f[6:].split("=", 1) for f in r.c.flags if f.startswith("block:"))


def leader_drm(type_: str) -> int:
    """A leader's DRM from its counter ("9-2" -> -2, "6+1" -> +1); a hero's is -1 (A15.2)."""
    try:
        return int(parse_unit(type_)[1]) if not re.fullmatch(r"\d+-\d+-\d+", type_) else -1
    except SoloError:
        return 0


def armor_leader(s: SideState, vehicle: Unit) -> Unit | None:
    return next((u for u in s.retained("armor-leader") if u.detail.get("in") == vehicle.id), None)


# --- 9.601-9.604 ----------------------------------------------------------------------------

@step("melee")
def melee(r: Reph) -> None:
    """9.601 Conclusion of Melee: Climb markers resolved, Melee rounds on the map with the side that moved first as
    ATTACKER, in alphanumeric order (9.6011); what was Eliminated and the survivors' state come from the facts."""
    shared_end.melee(r)
    first = (r.c.initiative or {}).get("moves_first") or "the side that moved first"
    r.say(f"Melee to the end on the map, {first} the ATTACKER, Locations in alphanumeric order (A1, B16, B17 ...); "
          "after the first round: concealment lost, pins and CX removed, Motion removed, Stun flipped to +1 (9.601)")


@step("marker_removal")
def marker_removal(r: Reph) -> None:
    """9.602 Marker Removal: hidden units and Equipment placed on the map [EXC]; markers a-e removed."""
    r.say("place hidden/Cloaked units, Entrenchments and Equipment on the map (still-hidden Observers, Emplaced Guns "
          "and "
          "Fortifications other than Entrenchments may stay HIP, free, if they set up there next); remove SR/FFE (a), "
          "SMOKE and Sniper counters (b), Acquired (c), DM, Disrupted, Fanatic, Berserk, Wall Advantage, HD, Dummy "
          "stacks and Cloaking counters, '?' (d), CX, Motion, CE, BU, Labor (e) (9.602)")


@step("scenario_end")
def scenario_end(r: Reph) -> None:
    """9.603 Rally and Unloading: all broken units rally, Passengers/Riders unload; CG Scenario End. Each side notes
    its CVP (9.51, 9.6202). 9.6211: a CG Scenario has no winner. 9.6212: Sudden Death ends the CG, the German wins."""
    c = r.c
    cvp = {side: fact(r, f"{side.lower()}_cvp", 0) for side in c.sides}
    kind = (c.initiative or {}).get("type", "")
    c.scenarios.append(ScenarioResult(date=c.date, cvp=cvp, winner="none", type=kind))
    for s in c.sides.values():
        for unit in s.retained():
            unit.flags.discard("broken")
    r.say("all broken units rally; Passengers/Riders unload into their vehicle's Location (9.603). CG Scenario End: "
          + ", ".join(f"{side} earned {n} CVP" for side, n in cvp.items()) + "; no side wins a CG Scenario (9.6211)")
    if fact(r, "sudden_death", False):
        winner = role(r, "german")
        c.result = {"winner": winner, "sudden_death": True, "cvp": cvp}
        c.stage, c.step = "ended", ""
        r.say(f"Sudden Death (9.6212): the {people(winner)} Control every Strategic Location of Block H: they win the "
              "CG")


@step("encirclement")
def encirclement(r: Reph) -> None:
    """9.604: 9.6041 each Encircled unit [EXC: prisoner] takes a 1TC (failed: Eliminated); 9.6042 Infantry in an A-P
    minefield a NTC (failed: Casualty Reduction); 9.6043 Bog and 9.6044 Shock/UK are resolved on the map (facts)."""
    shared_end.encirclement(r)
    r.say("British units Eliminated here do not go to the Walking Wounded Box (9.6041); a British Jeep or a German "
          "Vehicle Note L vehicle may use one squad-equivalent of its Setup Area for the -2 Bog drm (9.6043)")

# --- 9.606-9.611 ------------------------------------------------------------------------------

@step("encircled_markers")
def encircled_markers(r: Reph) -> None:
    """9.606 Encircled-Marker Removal."""
    for s in r.c.sides.values():
        for unit in s.units:
            unit.flags.discard("encircled")
    r.say("all Encircled markers removed (9.606)")


@step("equipment_possession")
def equipment_possession(r: Reph) -> None:
    """9.607 Equipment Possession (in a Setup Area: Retained by its Controller; elsewhere left in place) and Hidden
    Fortifications (revealed in the opponent's Setup Area)."""
    r.say("Equipment in a Setup Area is Retained by the side Controlling it (as Captured if the enemy's; it may be "
          "Eliminated, Abandoned or remanned by Personnel Retained there) (9.6071); unpossessed/Abandoned Equipment in "
          "Uncontrolled Territory and immobile vehicles stay in their Location and CA (9.6072); still-hidden "
          "Fortifications in the opponent's Setup Area are placed on the map, minefields without their strength; an "
          "on-map Fortification belongs to the side Controlling its Location (9.6073)")


@step("prisoners")
def prisoners(r: Reph) -> None:
    """9.608 Prisoners: each is removed from play (no CVP); an unarmed unit without a Guard is Rearmed and Retained."""
    for unit_id in fact(r, "prisoners", {}):
        unit = find(r, unit_id)
        if unit.retained:
            unit.status = "Eliminated"
            unit.flags.add("prisoner")
            r.say(f"{unit.side} {unit.id} {unit.type}: prisoner, removed from play (no CVP) (9.608)")
    for unit_id in fact(r, "unarmed", []):
        unit = find(r, unit_id)
        if unit.retained and unit.id not in fact(r, "prisoners", {}):
            r.say(f"{unit.side} {unit.id} {unit.type} unarmed without a Guard: Rearmed (A20.551) and Retained into a "
                  "Friendly Setup Area (9.608)")


@step("flames")
def flames(r: Reph) -> None:
    """9.609 Extinguishing Flames and Blazes: every Flame/Blaze Location is consumed (9.6091-9.6095); no dice."""
    r.say("Burning Wrecks become Burnt-out Wrecks (a terrain Blaze stays if in rubble or IN a building/woods: mark it "
          "with a Pin counter) (9.6091); wooden rubble, orchard, woods: shellholes (9.6092); stone rubble stays "
          "(9.6093); "
          "a building with a Flame/Blaze becomes rubble, its Cellars gone (9.6094); Fortifications/Equipment there and "
          "wrecks in buildings just rubbled are Eliminated (9.6095)")


@step("wounded")
def wounded(r: Reph) -> None:
    """9.6101 a dr for each wounded Retained leader (-1 British, -1 Heroic); 9.6102 Walking Wounded MMC (SSR CG 19)."""
    def mods(s, leader) -> dict:
        return side_mods(r, "abtf.wounded_leader", s.name) | ({"heroic": True} if "heroic" in leader.flags else {})

    for s, leader, trace in wounded_leader_rolls(r, "abtf.wounded_leader", "9.6101", mods):
        if trace.effect["leader"] == "eliminated":
            lose(r, leader, f"wounded, dr {trace.original} Final {trace.final} (9.6101)")
        else:
            r.say(f"{s.name} {leader.id} {leader.type}: dr {trace.original} Final {trace.final}, {trace.result} "
                  "(9.6101)")
    _walking_wounded(r)


def _walking_wounded(r: Reph) -> None:
    """9.6102: the British player recovers Walking Wounded MMC as per SSR CG 19 (not in the texts): one roll on the
    pack table abtf.walking_wounded for each MMC in the Walking Wounded Box; a result starting "Recovered" returns it
    as a Walking Wounded MMC in any Friendly Setup Area."""
    side = role(r, "british")
    box = [find(r, i) for i in fact(r, "walking_wounded", [])]
    box = [u for u in box if u.side == side and u.kind in MMC]
    if not box:
        return
    table = pack_table(r, "walking_wounded", "9.6102", "Walking Wounded recovery (SSR CG 19)")
    for unit in box:
        trace = r.roll(table, f"Walking Wounded {unit.label} (9.6102, SSR CG 19)", side=side)
        if str(trace.result).startswith("Recovered"):
            unit.status = "Retained"
            unit.flags.add("walking-wounded")
        r.say(f"{side} {unit.id} {unit.type} in the Walking Wounded Box: {trace.result}"
              + (" - placed in any Friendly Setup Area (9.6102)" if unit.retained else ""))


@step("battle_hardening")
def battle_hardening(r: Reph) -> None:
    """9.611: 9.6111 Recombining, 9.6112 Heroes and MMC Battle Hardening, 9.6113 heroic Leaders."""
    for s in r.c.sides.values():
        recombine(r, s, "9.6111", teams=sum(1 for u in s.retained("sw") if re.search(r"MTR|Mtr|PSK|PIAT", u.type)),
                  apart=lambda unit: "walking-wounded" in unit.flags)
        _heroes(r, s)
        for leader in [u for u in s.retained("leader") if "heroic" in u.flags]:
            leader.flags.discard("heroic")
            better = battle_hardened(unit_type(leader.type, s.name)) if leader.type != "10-3" else None
            r.say(
                f"{s.name} heroic {leader.id} {leader.type} "
                + (f"Battle Hardens to {better.name}" if better else "gains nothing")
                + " and loses his heroic "
                "status (9.6113)"
            )
            if better:
                leader.type = better.name


def _heroes(r: Reph, s: SideState) -> None:
    """9.6112: each Retained hero is Eliminated and lets one non-crew MMC Battle Harden (elite ones become Fanatic
    for the next CG Scenario); with no MMC to harden the hero is Retained. No MMC hardens twice."""
    heroes = s.retained("hero")
    count = len(heroes) + fact(r, "heroes", {}).get(s.name, 0)
    eligible = [u for u in s.retained("squad", "hs")]
    if not count:
        return
    if not eligible:
        r.say(f"{s.name}: no MMC to Battle Harden; its hero(es) stay Retained (9.6112)")
        return
    count = min(count, len(eligible))
    for hero in heroes[:count]:
        eliminate(r, hero, "Retained hero: a MMC Battle Hardens instead (9.6112)")
    for unit, t, better in mmc_to_harden(r, s, f"9.6112 Battle Harden {count} non-crew MMC (one per hero; elite MMC "
                                         "become Fanatic for the next CG Scenario)", eligible, count,
                                         _picks(s, eligible, count)):
        if t.elite:
            unit.flags.add("fanatic")
        if better:
            unit.type = better.name
        r.say(f"{s.name} {unit.id} {t.name} Battle Hardens" + (f" to {better.name}" if better else "")
              + (" and is Fanatic for the next CG Scenario" if t.elite else "") + " (9.6112)")


def _picks(s: SideState, allowed: list[Unit], count: int):
    def parse(raw) -> list[str]:
        from solo.campaign.choices import unit_list
        ids = unit_list(s, allowed, count)(raw)
        if len(ids) != count:
            raise SoloError(f"choose exactly {count} (9.6112)")
        return ids
    return parse

