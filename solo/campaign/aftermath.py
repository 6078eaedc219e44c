"""RePh steps 7.501-7.511: from the end of the scenario to Battle Hardening.

What happened on the map comes from the facts (solo/campaign/facts.py); every die the rules
call for is rolled here with its table and modifiers.
"""

import json
from collections import defaultdict

from solo.campaign import choices
from solo.campaign.reph import Reph, first_number, step
from solo.campaign.state import PERSONNEL, ScenarioResult, Unit
from solo.rules.units import battle_hardened, casualty_reduced, replaced, unit_type
from solo.core.errors import SoloError

LEADER_ORDER = ("6+1", "7-0", "7-1", "8-0", "8-1", "9-1", "9-2", "10-0", "10-1", "10-2", "10-3")


def eliminate(r: Reph, unit: Unit, why: str) -> None:
    unit.status = "Eliminated"
    r.say(f"{unit.side} {unit.id} {unit.type} Eliminated: {why}")


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


def morale(unit: Unit) -> int:
    return unit_type(unit.type, unit.side).morale if unit.kind in PERSONNEL[:5] else 7


def find(r: Reph, unit_id: str) -> Unit:
    """The unit ``unit_id`` of either side (the facts name units of both)."""
    unit = next((s.unit(unit_id) for s in r.c.sides.values() if s.unit(unit_id)), None)
    if unit is None:
        raise SoloError(f"no unit {unit_id!r} in either OB; 'solo cg status FILE' lists the ids")
    return unit


FLAGS = {"wounded": "wounded", "heroic": "heroic", "immobilized": "immobilized", "stunned": "stunned",
         "malfunctioned": "malfunctioned"}


@step("melee")
def melee(r: Reph) -> None:
    """7.501 Conclusion of Melee: the Melee rounds are played on the map (the Russians are the ATTACKER,
    7.5011 order by the Russian); the units Eliminated in the scenario and its Melee, and the state of the
    survivors at scenario end (wounded, immobilized, Recall ...), come from the facts."""
    f = r.c.facts
    for key, flag in FLAGS.items():
        for unit_id in f[key]:
            find(r, unit_id).flags.add(flag)
    for unit_id, why in f["recall"].items():
        find(r, unit_id).flags.add("low-ammo" if why == "low-ammo" else "recall")
    for unit_id in f["eliminated"]:
        unit = next(s.unit(unit_id) for s in r.c.sides.values() if s.unit(unit_id))
        if unit.retained:
            eliminate(r, unit, "in the scenario or its Melee (facts)")


@step("marker_removal")
def marker_removal(r: Reph) -> None:
    """7.502 Marker Removal (a-i). What stays in the OB: Radios/Field Phones of Retained OBA (d; CG7);
    Bombardments are used up before play (note m, footnote 20) and FB/GA/DB counters leave the map (i)."""
    for s in r.c.sides.values():
        for unit in s.retained("bombardment", "aircraft"):
            eliminate(r, unit, "Bombardment resolved (note m)" if unit.kind == "bombardment" else "FB/GA/DB counters removed (7.502 i)")
    r.say("remove from the map: SR and FFE (a), Smoke/WP (b), Acquisition (c), Radios/Field Phones unless Retained (d), "
          "DM, Disrupted, Fanatic, Berserk, HD, Dummy Cloaking and '?' (e), CX, Motion, CE, BU, Labor (f); place hidden "
          "units, entrenchments and Equipment on map (g); Sniper counters (h); FB/GA/DB counters (i)")


def scenario_vp(r: Reph, lvp: int) -> int:
    """7.4 CG Victory Conditions: LVP Controlled + 1 VP per 20 CVP + 1 VP per 20 EVP (cumulative, kept apart)."""
    v = r.defn.victory
    return lvp + r.c.cvp_total["Russian"] // v["cvp_per_vp"] + r.c.evp_total // v["evp_per_vp"]


@step("rally_and_victory")
def rally_and_victory(r: Reph) -> None:
    """7.503 Rally and Unloading (all broken units rally, no DR) and 7.5031 Victory Determination: the Russian
    wins a CG scenario with >= 7 VP earned in it, the Initial Scenario with > 5 VP (7.4)."""
    f, v = r.c.facts, r.defn.victory
    start_vp = r.c.last.vp if r.c.last else 0
    result = ScenarioResult(r.c.date, {"Russian": f["russian_cvp"], "German": f["german_cvp"]}, lvp=f["lvp"], evp=f["evp"])
    r.c.scenarios.append(result)
    result.vp = scenario_vp(r, f["lvp"])
    initial = len(r.c.scenarios) == 1
    result.scenario_vp = result.vp - start_vp
    won = result.vp >= v["initial_vp"] if initial else result.scenario_vp >= v["scenario_vp"]
    result.winner = "Russian" if won else "German"
    for s in r.c.sides.values():
        for unit in s.retained():
            unit.flags.discard("broken")
    need = f"> {v['initial_vp'] - 1} VP in all" if initial else f">= {v['scenario_vp']} VP earned in it"
    r.say(f"all broken units rallied (7.503). The Russians have {result.vp} VP (LVP {f['lvp']}, CVP {r.c.cvp_total['Russian']}, "
          f"EVP {r.c.evp_total}), {result.scenario_vp} earned in the {r.c.date} scenario; they needed {need}: "
          f"the {result.winner}s win it (7.5031).")


@step("encirclement")
def encirclement(r: Reph) -> None:
    """7.504: 7.5041 each Encircled unit takes a 1TC (failed: Eliminated); 7.5042 Infantry in an AP minefield takes a
    NTC (failed: Casualty Reduction); 7.5043 Bog and 7.5044 Shock/UK are resolved on the map (D8.3, C7.42: facts)."""
    f = r.c.facts
    for unit_id in f["encircled"]:
        unit = find(r, unit_id)
        if unit.retained and unit.kind in PERSONNEL:
            trace = r.roll("asl.task_check", unit.side, f"1TC for Encircled {unit.label} (7.5041)",
                           mods={"morale": -morale(unit), "one": True})
            if trace.result == "Fails":
                eliminate(r, unit, f"failed its 1TC while Encircled (DR {trace.original})")
            else:
                r.say(f"{unit.side} {unit.id} passes its Encircled 1TC (DR {trace.original})")
    for unit_id in f["ap_minefield"]:
        unit = find(r, unit_id)
        if unit.retained and unit.kind in PERSONNEL:
            trace = r.roll("asl.task_check", unit.side, f"NTC in an AP minefield for {unit.label} (7.5042)",
                           mods={"morale": -morale(unit)})
            if trace.result == "Fails":
                reduce(r, unit, f"failed its NTC in an AP minefield (DR {trace.original})")
    for unit_id, outcome in f["bog"].items():
        unit = find(r, unit_id)
        if outcome == "immobilized":
            unit.flags.add("immobilized")
        r.say(f"{unit.side} {unit.id} {unit.type}: Bog Removal {outcome} (7.5043)")
    for unit_id, outcome in f["shock"].items():
        unit = find(r, unit_id)
        if outcome == "eliminated":
            eliminate(r, unit, "did not recuperate from Shock/UK (7.5044)")


@step("perimeter")
def perimeter(r: Reph) -> None:
    """7.505 Perimeter Determination: each side's Perimeter, Pockets and Control (7.5051-7.5058) are drawn on the map;
    the Isolated Areas and their types come from the facts until the map module computes them."""
    for unit_id, area in r.c.facts["isolated"].items():
        find(r, unit_id).isolated = area
    isolated = [u for s in r.c.sides.values() for u in s.retained() if u.isolated]
    r.say(f"Perimeters drawn on the map; {len(isolated)} units in Isolated Areas"
          + (": " + ", ".join(f"{u.id} ({u.isolated})" for u in isolated) if isolated else ""))


@step("isolation")
def isolation(r: Reph) -> None:
    """7.506 Isolation: 7.5061 SMC in a type B or C Area must Escape, units in C/D suffer Ammunition Shortage;
    7.5063 Escape Table; 7.5064 equipment of an escapee Eliminated while escaping; 7.5065 Encircled markers removed."""
    isolated_escapes(r, "escape", "7.5061", _escape, must=lambda s: [u.id for u in s.retained("leader", "hero")
                                                                      if u.isolated and u.isolated in "BC"])
    r.say("Encircled markers removed (7.5065)")


def isolated_escapes(r: Reph, key: str, rule: str, escape, may=lambda unit: True, must=lambda side: []) -> None:
    """OtO2 7.506, RB 11.606, VotG 12.607: each side names which of its Isolated units (those ``may`` allows) attempt to
    Escape, every one ``must(side)`` names among them (``rule``); ``escape(r, unit, carrying)`` rolls each. Then every
    unit left in a type C/D Area suffers Ammunition Shortage, and the Encircled markers go."""
    for side, s in r.c.sides.items():
        isolated = [u for u in s.retained() if u.isolated]
        if not isolated:
            continue
        units, required = [u for u in isolated if may(u)], must(s)
        attempts = r.ask(key, side, f"{rule} Escape: which of your Isolated units attempt to Escape (\"+id\" for a SW it "
                         f"carries)? ({', '.join(u.label for u in units) or 'none may'}; must: {', '.join(required) or 'none'})",
                         choices.escape_parser(s, required, units, rule), {"reph": r, "units": units, "must": required},
                         example=f'{key} = ["G5", "G7+G31"]  # "+G31": the SW it carries')
        for entry in attempts:
            escape(r, s.unit(entry["unit"]), [s.unit(sw) for sw in entry["carrying"]])
        for unit in s.retained():
            if unit.isolated in ("C", "D"):
                unit.flags.add("ammo-shortage")
    for s in r.c.sides.values():
        for unit in s.units:
            unit.flags.discard("encircled")


def escape_mods(r: Reph, unit: Unit) -> tuple[str, dict]:
    """The Escape Table column and DRM for ``unit`` (7.5063)."""
    f = r.c.facts
    vehicle = unit.kind == "vehicle"
    mods = {}
    near = f["near"].get(unit.id)
    if near:
        mods[near] = True
    if unit.kind in ("leader", "hero") and "wounded" not in unit.flags:
        mods["lone-smc"] = True
    if not vehicle:
        if unit.kind == "squad":
            mods["hs"] = 1
        if unit.id in f["encircled"]:
            mods["encircled"] = True
    elif "captured" in unit.flags:
        mods["captured-afv"] = True
    return ("Vehicle" if vehicle else "Infantry"), mods


def escape_result(r: Reph, unit: Unit, trace, rule: str) -> None:
    """The Escape Table's result for ``unit`` (OtO2 7.5063, RB 11.6063, VotG 12.6073): Eliminated; an AFV Abandoned in
    its hex and facing, its crew Escaping or Eliminated; Infantry Replaced and/or Casualty Reduced. A survivor is no
    longer Isolated and loses its Ammunition Shortage."""
    result = trace.result
    r.say(f"{unit.side} {unit.id} {unit.type} Escape DR {trace.original} Final {trace.final}: {result}")
    if result.startswith("Eliminated"):
        eliminate(r, unit, f"while Escaping ({rule})")
    elif result.startswith("Abandoned"):
        unit.flags.add("abandoned")
        crew = "crew escapes" in result.lower()
        if crew:
            r.side(unit.side).add("2-2-8", "crew")
        r.say(f"{unit.id} is Abandoned in its hex and facing; its crew {'Escapes' if crew else 'is Eliminated'} ({rule})")
    else:
        if "Replaced" in result and not replace(r, unit, f"Escape Table ({rule})"):
            return
        if "Casualty Reduced" in result and unit.retained:
            reduce(r, unit, f"Escape Table ({rule})")
        if unit.retained:
            unit.isolated = ""
            unit.flags.discard("ammo-shortage")


def _escape(r: Reph, unit: Unit, carrying: list[Unit]) -> None:
    column, mods = escape_mods(r, unit)
    escape_result(r, unit, r.roll("oto2.escape", unit.side, f"Escape of {unit.label} (7.5063)", column, mods), "7.5063")
    for sw in carrying:
        if unit.retained:
            sw.isolated = ""
        elif sw.retained:
            gone = r.roll("oto2.escape_equipment", unit.side, f"Equipment {sw.label} of an Eliminated escapee (7.5064)")
            if gone.original >= 4:
                eliminate(r, sw, f"escapee Eliminated, dr {gone.original} (7.5064)")


@step("clearing")
def clearing(r: Reph) -> None:
    """7.507 Clearing the Map: non-Isolated units/Equipment go to the Force Organizer [EXC: Guns in buildings,
    trenches or pillboxes, and Immobile vehicles stay]; 7.5071 Isolated ones stay put; 7.5073 hidden minefields
    in Russian-owned Locations are revealed."""
    for side, s in r.c.sides.items():
        on_map = [u.id for u in s.retained() if u.isolated or "immobilized" in u.flags]
        r.say(f"{side}: {len(s.retained()) - len(on_map)} units to the Force Organizer, {len(on_map)} stay on the map"
              + (f" ({', '.join(on_map)})" if on_map else ""))


@step("prisoners")
def prisoners(r: Reph) -> None:
    """7.508 Prisoners: those Guarded by a non-Isolated unit are Eliminated; an Isolated Guard keeps or frees them;
    a freed unarmed MMC is Replaced by a Conscript MMC of the same size."""
    for unit_id, guard in r.c.facts["prisoners"].items():
        unit = find(r, unit_id)
        if guard == "non-isolated":
            eliminate(r, unit, "prisoner of a non-Isolated Guard (7.508)")
            continue
        keeper = r.c.other(unit.side)
        free = r.ask("free_prisoners", keeper, f"7.508 Your Isolated Guard holds {unit.label}: free it (yes/no)?",
                     choices.yes_no, {"reph": r, "prisoner": unit}, example="free_prisoners = false", default="no")
        if free:
            conscript = unit_type(unit.type, unit.side)
            while conscript.replaced_by and conscript.kind in ("squad", "hs"):
                conscript = unit_type(conscript.replaced_by, unit.side)
            r.say(f"{keeper} frees {unit.id}; it is Retained by the {unit.side}s as {conscript.name}")
            unit.type = conscript.name
        else:
            r.say(f"{keeper}'s Isolated Guard keeps {unit.id} prisoner")
            unit.flags.add("prisoner")


def guarded_prisoners(r: Reph, rule: str, key: str) -> None:
    """RB 11.608, VotG 12.609 Prisoners: those Guarded by a non-Isolated unit are Eliminated; an Isolated Guard keeps,
    executes (Massacre, A20.4, in the next scenario) or frees them; a freed unarmed MMC is Replaced by a Conscript MMC
    of the same size, a freed SMC by its original type."""
    for unit_id, guard in r.c.facts.get("prisoners", {}).items():
        unit = find(r, unit_id)
        if guard == "non-isolated":
            eliminate(r, unit, f"prisoner of a non-Isolated Guard ({rule})")
            continue
        keeper = r.c.other(unit.side)
        choice = r.ask(key, keeper, f"{rule} Your Isolated Guard holds {unit.label}: keep, execute or free?",
                       choices.one_of("keep", "execute", "free"), {"reph": r, "prisoner": unit},
                       example=f'{key} = "keep"', default="keep")
        if choice == "execute":
            eliminate(r, unit, f"executed by its Isolated Guard: Massacre (A20.4) is in effect next scenario ({rule})")
            r.c.flags.add("massacre")
        elif choice == "free":
            unit.flags.discard("prisoner")
            if unit.kind in ("squad", "hs"):
                conscript = unit_type(unit.type, unit.side)
                while conscript.replaced_by:
                    conscript = unit_type(conscript.replaced_by, unit.side)
                unit.type = conscript.name
            r.say(f"{keeper} frees {unit.id}; the {unit.side}s Retain it as {unit.type} ({rule})")
        else:
            unit.flags.add("prisoner")
            r.say(f"{keeper}'s Isolated Guard keeps {unit.id} prisoner ({rule})")


@step("flames")
def flames(r: Reph) -> None:
    """7.509 Extinguishing Flames and Blazes: 7.5091 Burning Wrecks become Burnt-Out Wrecks; 7.5092-7.5093 terrain
    becomes Open Ground / wooden rubble; 7.5094 a dr for each Flame (1-4 removed, 5-6 Blaze); 7.5095 Eliminations."""
    blazes = 0
    for n in range(r.c.facts["flames"]):
        trace = r.roll("oto2.flame_spread", "German", f"Flame {n + 1} (7.5094)")
        blazes += trace.original >= 5
    r.say(f"{r.c.facts['flames']} Flames: {blazes} become Blazes for the next scenario (7.5094)")


@step("wounded_leaders")
def wounded_leaders(r: Reph) -> None:
    """7.510 Wounded Leaders: a dr for each wounded Retained leader (+1 Isolated, -1 Heroic)."""
    for s in r.c.sides.values():
        for leader in [u for u in s.retained("leader") if "wounded" in u.flags]:
            mods = {k: True for k, on in (("isolated", leader.isolated), ("heroic", "heroic" in leader.flags)) if on}
            trace = r.roll("oto2.wounded_leader", s.name, f"Wounded {leader.label} (7.510)", mods=mods)
            if trace.result == "Evacuated":
                leader.status = "Evacuated"
            elif trace.result == "Retained unwounded":
                leader.flags.discard("wounded")
            r.say(f"{s.name} {leader.id} {leader.type}: dr {trace.original} Final {trace.final}, {trace.result}")


@step("battle_hardening")
def battle_hardening(r: Reph) -> None:
    """7.511: 7.5111 Recombining, 7.5112 Heroes and MMC Battle Hardening, 7.5113 Leader Battle Hardening,
    7.5114 Armor leaders (not eligible)."""
    for s in r.c.sides.values():
        recombine(r, s, "7.5111")
        _mmc_hardening(r, s)
        _leader_hardening(r, s)


def recombine(r: Reph, s, rule: str, teams: int = 0, apart=lambda unit: unit.isolated) -> None:
    """Same-type HS Recombine (A1.32) so that at most one of each is Retained (OtO2 7.5111, RB 11.6111, VotG 12.6122,
    ABtF 9.6111). HS that ``apart`` tells apart never combine (their Isolated Area; ABtF: Walking Wounded status);
    up to ``teams`` HS stay apart as SW Teams (VotG 12.6121 light mortars; ABtF 9.6111 MTR/PSK/PIAT)."""
    groups = defaultdict(list)
    for unit in s.retained("hs"):
        groups[(unit.type, apart(unit))].append(unit)
    for (hs_type, _), units in groups.items():
        exempt = min(teams, len(units))
        teams -= exempt
        pairs = units[exempt:]
        squad = unit_type(hs_type, s.name).squad
        for a, b in zip(pairs[::2], pairs[1::2]):
            a.type, a.kind = squad, "squad"
            b.status = "Eliminated"
            b.flags.add("recombined")
            r.say(f"{s.name} HS {a.id} and {b.id} ({hs_type}) Recombine into {squad} {a.id} ({rule})")
        if exempt:
            r.say(f"{s.name}: {exempt} {hs_type} HS kept apart as SW Team(s) ({rule})")


def _mmc_hardening(r: Reph, s) -> None:
    heroes = r.c.facts["heroes"].get(s.name, 0)
    for unit in s.retained("hero"):
        eliminate(r, unit, "Retained Hero (7.5112)")
    mods = {"won": r.c.won_last(s.name)} if r.c.won_last(s.name) else {}
    earned = r.c.last.cvp[s.name]
    if earned:
        mods["cvp"] = earned
    trace = r.roll("oto2.mmc_battle_hardening", s.name, "Number of MMC to Battle Harden (7.5112)", mods=mods,
                   secret=r.computer(s.name))
    count = first_number(trace.result) + heroes
    if not count:
        r.say(f"{s.name}: no MMC Battle Hardens (DR {trace.original}, Final {trace.final})", secret=s.name)
        return
    eligible = [u for u in s.retained("squad", "hs", "crew") if not u.isolated or heroes]
    picks = r.ask("battle_harden", s.name, f"7.5112 Battle Harden {count} MMC (elite MMC or crews give an 8-0 instead): "
                  f"which? ({', '.join(u.label for u in eligible)})", choices.unit_list(s, eligible, count),
                  {"reph": r, "units": eligible, "count": count},
                  example=f"battle_harden = {json.dumps([u.id for u in eligible[:count]])}")
    for unit_id in picks:
        unit = s.unit(unit_id)
        better = battle_hardened(unit_type(unit.type, s.name))
        if unit.kind == "crew" or better is None:
            new = s.add("8-0", "leader")
            r.say(f"{s.name}: {unit.id} {unit.type} cannot Battle Harden; an 8-0 {new.id} joins the OB at no cost (7.5112)")
        else:
            r.say(f"{s.name} {unit.id} {unit.type} Battle Hardens to {better.name} (7.5112)")
            unit.type = better.name


def promotion(r: Reph, s, key: str, rule: str, limit=None) -> bool:
    """Promotion out of the ranks (OtO2 7.5113, RB 11.6114, VotG 12.6125): in lieu of the Leader Battle Hardening DR a
    side may exchange a non-Isolated unwounded 8-0 Infantry leader for two 7-0s, or an 8-1 for an 8-0 and a 7-0
    (``limit`` refuses one that would give too many leaders). True if it did."""
    leaders = [u for u in s.retained("leader") if not u.isolated]
    choice = r.ask(key, s.name, f"{rule} Leader Battle Hardening: roll the DR, or exchange an 8-0 for two 7-0s, or an "
                   "8-1 for an 8-0 and a 7-0? (roll / exchange 8-0 / exchange 8-1)", choices.leader_choice(s, rule, limit),
                   {"reph": r, "leaders": leaders}, example=f'{key} = "roll"', default="roll")
    if choice == "roll":
        return False
    old = choices.exchangeable(s, choice.split()[-1])
    old.status = "Eliminated"
    old.flags.add("exchanged")
    new = [s.add(t, "leader").id for t in (("7-0", "7-0") if old.type == "8-0" else ("8-0", "7-0"))]
    r.say(f"{s.name} exchanges {old.id} {old.type} for {', '.join(new)} ({rule})")
    return True


def _leader_hardening(r: Reph, s) -> None:
    for leader in [u for u in s.retained("leader") if "heroic" in u.flags]:
        leader.flags.discard("heroic")
        better = battle_hardened(unit_type(leader.type, s.name))
        if better:
            r.say(f"{s.name} heroic {leader.id} {leader.type} Battle Hardens to {better.name} and loses heroic status (7.5113)")
            leader.type = better.name
    leaders = [u for u in s.retained("leader") if not u.isolated]
    if promotion(r, s, "leader_hardening", "7.5113"):
        return
    mods = {k: True for k, on in (("won", r.c.won_last(s.name)), ("german", s.name == "German")) if on}
    trace = r.roll("oto2.leader_battle_hardening", s.name, "Leader Battle Hardening (7.5113)", mods=mods, secret=r.computer(s.name))
    selected = trace.result.rstrip("*")
    rank = LEADER_ORDER.index(selected)
    candidates = sorted((u for u in leaders if u.type in LEADER_ORDER and LEADER_ORDER.index(u.type) <= rank),
                        key=lambda u: (-LEADER_ORDER.index(u.type), u.id))
    if not candidates:
        r.say(f"{s.name}: the DR selects a {selected}; no Retained leader of that type or lower")
        return
    leader = candidates[0]
    better = battle_hardened(unit_type(leader.type, s.name))
    if better:
        r.say(f"{s.name}: the DR selects a {selected}; {leader.id} {leader.type} Battle Hardens to {better.name} (7.5113)")
        leader.type = better.name
