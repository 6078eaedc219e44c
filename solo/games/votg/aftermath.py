"""Valor of the Guards Refit Phase, first part: 12.602-12.613, from Ferry Landing Interdiction to the Russian
Counterattack Declaration (seed 001). The other steps: votg_refit.py (12.614-12.620), votg_purchase.py
(12.621-12.624), votg_setup.py (12.6254-12.627).

What happened on the map comes from the facts (the generic keys and the [facts.extra] of missions/votg.toml);
every die the rules call for is rolled here with its table and modifiers.
"""

from solo.campaign.facts import fact
from solo.campaign.reph import DAY, NIGHT, Reph, step
from solo.campaign.state import ScenarioResult, Unit
from solo.campaign.steps.escape import escape_roll, isolate, isolated_escapes, shared_drm
from solo.campaign.steps.hardening import mmc_to_harden, promotion, recombine, won_drm
from solo.campaign.steps.losses import eliminate, find, isolated_drm, lose, morale, reduce, wounded_leader_rolls
from solo.campaign.steps.prisoners import prisoners_step
from solo.core.choices import words, yes_no
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.rules.units import battle_hardened, unit_type

COUNTERATTACK = "counterattack"
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def scenario_type(r: Reph) -> str:
    """The type of the scenario just played (12.6253), or "Initial Scenario" before any Initiative."""
    return (r.c.initiative or {}).get("type") or "Initial Scenario"


def won_today(r: Reph, side: str) -> int:
    """CG scenarios the side won on the current CG Day (two on a Counterattack day; 12.6123, 12.6124)."""
    return sum(1 for s in r.c.scenarios if s.date == r.c.date and s.winner == side)


@step("ferry_interdiction")
def ferry_interdiction(r: Reph) -> None:
    """12.602 Ferry Landing Interdiction: the German determines which Ferry Landings are Interdicted (CG12.1-.12, on
    the map); each German unit designated as Interdicting is marked TI until the next scenario starts (12.6264)."""
    landings = fact(r, "interdicted_landings", 0)
    for unit_id in fact(r, "ti", []):
        unit = find(r, unit_id)
        if unit.side != "German":
            raise SoloError(f"facts ti: {unit.id} is Russian; only German units Interdict Ferry Landings (12.602)")
        unit.flags.add("TI")
    r.c.flags = {f for f in r.c.flags if not f.startswith("interdicted:")} | {f"interdicted:{landings}"}
    ti = [u.id for u in r.side("German").retained() if "TI" in u.flags]
    r.say(f"German Interdicts {landings} Ferry Landing(s) (CG12.1-.12); units marked TI until the next scenario "
          f"starts (12.6264): {', '.join(ti) or 'none'}")


@step("marker_removal")
def marker_removal(r: Reph) -> None:
    """12.603 Marker Removal (a-i): done on the map. Bombardments and aircraft leave the OB."""
    for s in r.c.sides.values():
        for unit in s.retained("bombardment", "aircraft"):
            eliminate(r, unit, "its counters are removed (12.603)")
    r.say("remove from the map: FFE, SR and Barrage (a); SMOKE (b); Acquired Target (c); Radios and Field Phones (d); "
          "DM, Disrupted, Fanatic, Berserk, Wall Advantage, HD, Dummy stacks and Dummy Cloaking (e); CX, Motion, CE, "
          "BU, Stun (f); place still-hidden units on the map (g); Sewer counters (h); Snipers (i)")


@step("victory")
def victory(r: Reph) -> None:
    """12.6041 CG Scenario Victory Determination by scenario type (12.6255) and 12.6042 Rally.
    Dual Attack: each side's VP are its Casualty VP plus one per Stone Hex it Controls that the opponent Controlled
    at scenario start; the German wins with more VP than the Russian. The German/Russian Assault and Counterattack
    conditions are cut in this copy ("German Assault or Russian Assault/"), and those of each CG's Initial Scenario
    and of CG I scenarios are on the CG cards (12.51-.54, 12.6255 EXC): the facts give the winner."""
    kind = scenario_type(r)
    cvp = {side: fact(r, f"{side.lower()}_cvp", 0) for side in r.c.sides}
    given = fact(r, "winner", "")
    r.c.flags.discard(COUNTERATTACK)  # the Counterattack's RePh is over once its scenario was played (12.6253)
    if kind == "Dual Attack" and r.c.variant != "I":
        vp = {"German": cvp["German"] + fact(r, "german_stone_hexes", 0),
              "Russian": cvp["Russian"] + fact(r, "russian_stone_hexes", 0)}
        winner = "German" if vp["German"] > vp["Russian"] else "Russian"
        how = f"Dual Attack: German {vp['German']} VP, Russian {vp['Russian']} VP (CVP + Stone Hexes gained; 12.6255)"
        if given and given != winner:
            raise SoloError(f"facts winner: {given}, but the Dual Attack VP ({how}) make the {people(winner)} the "
                            "winner")
    else:
        if given not in r.c.sides and given != "none":
            raise SoloError(f"facts winner: give the winner of the {kind} (German, Russian or none): its Victory "
                            "Conditions are on the CG card (12.51-.54) or cut in this copy (12.6255)")
        winner, how = given, f"{kind}: the winner by the Victory Conditions of the CG card / 12.6255 (facts)"
    r.c.scenarios.append(ScenarioResult(r.c.date, cvp, winner, kind))
    for s in r.c.sides.values():
        for unit in s.retained():
            unit.flags.discard("broken")
    r.say(f"{how}: the {people(winner)} win the {r.c.date} scenario (12.6041; a Location Controlled only by a fire the "
          "opponent set does not count, A26.16). All broken units rally, even if Disrupted; Passengers/Riders "
          "unload (12.6042)")


def task_check(r: Reph, unit: Unit, one: bool, purpose: str):
    """A 1TC or NTC of ``unit`` (morale; leader DRM on the map are the player's --mod leader)."""
    mods = {"morale": -morale(unit)}
    if one:
        mods["one"] = True
    return r.roll("asl.task_check", purpose, side=unit.side, mods=mods)


@step("encirclement")
def encirclement(r: Reph) -> None:
    """12.6051 each Encircled unit [EXC: prisoner] takes a 1TC: failed, Eliminated [EXC: the Vulnerable PRC of an
    Immobile AFV: the AFV stays Immobile and Abandoned]; 12.6052 Infantry in an A-P minefield takes a NTC: failed,
    Casualty Reduction; a Mobile AFV in a minefield is attacked on the map."""
    for unit_id in fact(r, "encircled", []):
        unit = find(r, unit_id)
        if not unit.retained or "prisoner" in unit.flags:
            continue
        if unit.kind == "vehicle":
            unit.flags.add("abandoned")
            r.say(f"{unit.side} {unit.id} {unit.type}: its Encircled Vulnerable PRC take a 1TC on the map; if they "
                  "fail they are Eliminated and the AFV stays Immobile and Abandoned (12.6051)")
            continue
        trace = task_check(r, unit, True, f"1TC for Encircled {unit.label} (12.6051)")
        if trace.result == "Fails":
            lose(r, unit, f"failed its Encircled 1TC (DR {trace.original}); a prisoner it Guarded is claimed by a "
                               "friendly unit in the Location or Rearmed, its Equipment left unpossessed (12.6051)")
        else:
            r.say(f"{unit.side} {unit.id} passes its Encircled 1TC (DR {trace.original}): it stays put (12.6051)")
    for unit_id in fact(r, "ap_minefield", []):
        unit = find(r, unit_id)
        if unit.retained and unit.kind in INFANTRY:
            trace = task_check(r, unit, False, f"NTC in an A-P minefield for {unit.label} (12.6052)")
            if trace.result == "Fails":
                reduce(r, unit, f"failed its NTC in an A-P minefield (DR {trace.original}; 12.6052)")
    r.say("each Mobile AFV in a minefield is attacked as if exiting it, on the map (12.6052)")


@step("perimeter")
def perimeter(r: Reph) -> None:
    """12.606 Perimeter Determination (12.6061-.6069), drawn on the map: the Isolated Areas and their types come from
    the facts; 12.6068 a Russian Perimeter with south but no north map-edge hex nor non-interdicted Ferry Landing is
    Isolated; 12.6069 each SMC still outside its Perimeter Area is Eliminated."""
    isolate(r, fact(r, "isolated", {}))
    if fact(r, "south_only", False):
        for unit in r.side("Russian").retained():
            unit.isolated = unit.isolated or "C"
        r.say("the Russian Perimeter Area holds south map-edge hexes but no north map-edge hex nor non-interdicted "
              "Ferry Landing: it is Isolated (12.6068); Russian units exiting off the south edge outside a "
              "non-isolated Perimeter are Eliminated")
    for unit_id in fact(r, "smc_outside", []):
        unit = find(r, unit_id)
        if unit.kind not in ("leader", "hero", "armor-leader"):
            raise SoloError(f"facts smc_outside: {unit.id} is a {unit.type}, not a SMC (12.6069)")
        if unit.retained:
            lose(r, unit, "SMC still outside its Perimeter Area (12.6069)")
    isolated = [u for s in r.c.sides.values() for u in s.retained() if u.isolated]
    r.say("Perimeters drawn (map-edge markers first, 12.6063; Pockets 12.6066-.6067); each side Controls the "
          f"non-Isolated Locations inside its Perimeter (12.6069). {len(isolated)} units Isolated"
          + (": " + ", ".join(f"{u.id} ({u.isolated})" for u in isolated) if isolated else ""))

# --- 12.607 Isolation and Escape -------------------------------------------------------------

def must_escape(unit: Unit, enemy: list[str]) -> bool:
    """12.6071: each SMC in a type B Area [EXC: TI]; each enemy SMC in a type C Area (one holding the other side's
    MMC only)."""
    if unit.kind not in ("leader", "hero", "armor-leader") or "TI" in unit.flags:
        return False
    return unit.isolated == "B" or (unit.isolated == "C" and unit.id in enemy)


def escape_mods(r: Reph, unit: Unit, pp: int = 0) -> tuple[str, dict]:
    """The Escape Table column and DRM for ``unit`` (12.6073): leader DRM (the player's), Russian -1, lone unwounded
    SMC -1, <= 2 hexes and adjacent to a friendly non-Isolated hex -1 each, +1 per PP > IPC (escape.shared_drm), +1
    per HS equivalency >= 1 HS, Encircled +2 (NA to AFV); Captured AFV +2."""
    afv = unit.kind == "vehicle"
    mods = shared_drm(r, unit, pp)
    if afv:
        if "captured" in unit.flags:
            mods["captured-afv"] = True
        return "AFV", mods
    if unit.side == "Russian":
        mods["russian"] = True
    if unit.kind in ("leader", "hero") and "wounded" not in unit.flags:
        mods["lone-smc"] = True
    hs = {"squad": 2, "hs": 1, "crew": 1}.get(unit.kind, 0)
    if hs > 1:
        mods["hs"] = hs - 1
    if unit.id in fact(r, "encircled", []):
        mods["encircled"] = True
    return "Infantry", mods


@step("isolation")
def isolation(r: Reph) -> None:
    """12.607 Isolation: 12.6071 SMC that must Escape; C/D Areas (the copy is cut: read as RB 11.6071) bring
    Ammunition Shortage; 12.6073 Escape Table; 12.6074 results; Encircled markers removed."""
    enemy = fact(r, "enemy_smc", [])
    isolated_escapes(r, "escape", "12.6071", escape, may=lambda u: "TI" not in u.flags and "immobilized" not in u.flags,
                     must=lambda s: [u.id for u in s.retained() if u.isolated and must_escape(u, enemy)],
                     chances=lambda u: ("votg.escape", escape_mods(r, u)))
    r.say("units in type C/D Isolated Areas suffer Ammunition Shortage (12.6071); Encircled markers removed (12.6074)")


def escape(r: Reph, unit: Unit, carrying: list[Unit], pp: int = 0) -> None:
    """One Escape DR (12.6073) and its result (12.6074): survivors and the SW they portage are Retained."""
    escape_roll(r, unit, "votg.escape", "12.6073", escape_mods(r, unit, pp),
                ": Original DR 2, Escape and Heat of Battle (A15.) on the map; a Berserk or Surrender result "
                "Eliminates it (12.6074)")
    for sw in carrying:
        if unit.retained and unit.kind != "vehicle":
            sw.isolated = ""
        elif sw.retained and not unit.retained:
            r.say(f"{sw.id} {sw.type} is left in the Location, Retained by whoever Controls it (12.6082)")


@step("clearing")
def clearing(r: Reph) -> None:
    """12.608 Clearing the Map: every non-Isolated, non-TI unit and its Equipment leave the map (12.6081 Isolated ones
    stay); 12.6082 removed and left Equipment is Retained by the side Controlling its Location, which may Scrounge
    and Eliminate it; 12.6083 hidden Fortifications."""
    for side, s in r.c.sides.items():
        counters = s.counters()
        stay = [u.id for u in counters if u.isolated or "TI" in u.flags]
        r.say(f"{side}: {len(counters) - len(stay)} units leave the map, {len(stay)} stay"
              + (f" ({', '.join(stay)})" if stay else ""))
    r.say("Equipment left on the map is Retained by the side Controlling its Location (an AFV it does not want becomes "
          "a Wreck or Burnt-Out-Wreck, after any Scrounging, D10.5); still-hidden Fortifications stay hidden (12.6083)")


prisoners = prisoners_step("12.609")  # 12.609 Prisoners; listed in votg/__init__.py


@step("blazes")
def blazes(r: Reph) -> None:
    """12.610 Extinguishing Blazes: 12.6101 Burning Wrecks become Burnt-Out-Wrecks; 12.6102 brush, orchard and
    wooden rubble become Shellholes; 12.6103 stone rubble stays; 12.6104 a dr on the Non-Factory Building Table for
    each stone building with a Blaze (+2 single-hex), wooden ones become wooden rubble; 12.6105 Factories Gutted;
    12.6106 railcars Gutted; 12.6107 each Flame becomes a Blaze."""
    r.say("Burning Wrecks become Burnt-Out-Wrecks, their Blaze passing to Burnable Terrain (12.6101); Blazes in brush, "
          "orchard and wooden rubble leave a Shellhole (12.6102); stone rubble stays (12.6103); each wooden "
          "non-Factory "
          "building with a Blaze becomes wooden rubble (12.6104); a Factory gets a Gutted marker (12.6105), a railcar "
          "too (12.6106)")
    for key, single in (("stone_buildings_ablaze", False), ("single_hex_buildings_ablaze", True)):
        for building in words(fact(r, key, "")):
            trace = r.roll("votg.non_factory_building", f"Non-Factory stone building {building} (12.6104)",
                           side="German",
                           mods={"single-hex": True} if single else {})
            outcome = (
                "Gutted (7.)"
                if trace.effect["building"] == "gutted"
                else "rubbled: a Rubble counter in each ground-level Location"
            )
            r.say(f"building {building}: dr {trace.original} Final {trace.final}, {outcome}")
    flames = fact(r, "flames", 0)
    if flames:
        r.say(f"{flames} Flame(s) flip to their Blaze side (12.6107)")


@step("wounded_leaders")
def wounded_leaders(r: Reph) -> None:
    """12.611 Wounded Leaders: a dr for each wounded leader, +1 if confined to an Isolated Area: <= 2 Retained
    wounded, >= 3 Eliminated."""
    for s, leader, trace in wounded_leader_rolls(r, "votg.wounded_leader", "12.611", isolated_drm):
        if trace.effect["leader"] == "eliminated":
            lose(r, leader, f"dr {trace.original} Final {trace.final}: evacuated (or died, if Isolated; 12.611)")
        else:
            r.say(f"{s.name} {leader.id} {leader.type}: dr {trace.original}, Retained wounded (12.611)")

# --- 12.612 Battle Hardening & Promotion ----------------------------------------------------------

@step("battle_hardening")
def battle_hardening(r: Reph) -> None:
    """12.6121 Light Mortar teams, 12.6122 Recombining, 12.6123 Heroes and MMC, 12.6124 Leaders, 12.6125 Promotion."""
    for s in r.c.sides.values():
        recombine(r, s, "12.6122", teams=len([u for u in s.retained("sw") if "MTR" in u.type.upper()]))
        mmc_hardening(r, s)
        leader_hardening(r, s)


def mmc_hardening(r: Reph, s) -> None:
    """12.6123: each Retained Hero is Eliminated and lets one MMC Battle Harden; a Secret DR gives how many more
    (-3 per scenario won on the current CG Day, -1 Russian, -1 per 20 CVP amassed in the previous scenario).
    An Elite MMC or crew that Battle Hardens becomes Fanatic for the next scenario."""
    heroes = [u for u in s.retained("hero")]
    for unit in heroes:
        eliminate(r, unit, "Retained Hero: one MMC may Battle Harden instead (12.6123)")
    mods = {}
    if won_today(r, s.name):
        mods["won"] = won_today(r, s.name)
    if s.name == "Russian":
        mods["russian"] = True
    amassed = r.c.scenarios[-1].cvp.get(s.name, 0) if r.c.scenarios else 0
    if amassed:
        mods["cvp"] = amassed
    trace = r.roll("votg.mmc_battle_hardening", "Number of MMC to Battle Harden (12.6123)", side=s.name, mods=mods,
                   secret=r.computer(s.name))
    count = trace.effect["count"] + len(heroes)
    eligible = s.retained("squad", "hs", "crew")
    if not count or not eligible:
        r.say(f"{s.name}: no MMC Battle Hardens (DR {trace.original}, Final {trace.final})", secret=s.name)
        return
    for unit, t, better in mmc_to_harden(r, s, f"12.6123 Battle Harden {count} MMC (an Elite MMC or a crew becomes "
                                         "Fanatic instead, for the next scenario)", eligible, count):
        if unit.kind == "crew" or t.elite or better is None:
            unit.flags.add("fanatic")
            r.say(f"{s.name} {unit.id} {unit.type} Battle Hardens: Fanatic for the next scenario (12.6123)")
        else:
            r.say(f"{s.name} {unit.id} {unit.type} Battle Hardens to {better.name} (12.6123)")
            unit.type = better.name


def leader_limit(r: Reph):
    """12.6125: an exchange may not give > one leader per four (German) or eight (Russian) squad-equivalents."""
    def limit(s) -> None:
        per, leaders = r.defn.raw["limits"]["leaders_per_squads"][s.name], len(s.retained("leader")) + 1
        if leaders * per > s.squad_equivalents():
            raise SoloError(f"{leaders} leaders would exceed one per {per} squad-equivalents "
                            f"({s.squad_equivalents():g} Retained; 12.6125)")
    return limit


def leader_hardening(r: Reph, s) -> None:
    """12.6124: each heroic leader Battle Hardens and loses heroic status [EXC: a heroic 10-3 or 10-0 only loses it];
    then a Secret DR on the side's column (-2 if it won this CG Day's scenario: after the DR the player may apply only
    -1, or none), or Promotion (12.6125). A selected
    type not Retained: the next lowest-grade Retained non-wounded leader."""
    for leader in [u for u in s.retained("leader") if "heroic" in u.flags]:
        leader.flags.discard("heroic")
        better = battle_hardened(unit_type(leader.type, s.name))
        if better and leader.type not in ("10-3", "10-0"):
            r.say(f"{s.name} heroic {leader.id} {leader.type} Battle Hardens to {better.name}, no longer heroic "
                  "(12.6124)")
            leader.type = better.name
    if promotion(r, s, "leader_hardening", "12.6125", leader_limit(r)):
        return
    won = won_today(r, s.name)
    trace = r.roll("votg.leader_battle_hardening", "Leader Battle Hardening (12.6124)", s.name,
                   {"won": True} if won else {}, side=s.name, secret=r.computer(s.name))
    final = trace.final
    if won and r.rules >= 3:  # the -2 may be ignored or made -1 after the DR (issue 20.19: never asked before rules 3)
        final = trace.original + won_drm(r, s, "12.6124", trace.original, lambda f: selected_leader(r, s.name, f),
                                         lambda selected: order(getattr(leader_to_harden(s, selected), "type", "")))
    selected = selected_leader(r, s.name, final)
    leader = leader_to_harden(s, selected)
    if leader is None:
        r.say(f"{s.name}: the DR {trace.original} (Final {final}) selects the {selected}; no Retained leader of "
              "that grade or lower", secret=s.name)
        return
    better = battle_hardened(unit_type(leader.type, s.name))
    assert better is not None  # leader_to_harden picks only a leader who can harden
    r.say(f"{s.name}: the DR {trace.original} (Final {final}) selects the {selected}; {leader.id} {leader.type} "
          f"Battle Hardens to {better.name} (12.6124)", secret=s.name)
    leader.type = better.name


def selected_leader(r: Reph, side: str, final: int) -> str:
    """The leader type the 12.6124 table selects for a Final DR."""
    return str(r.cat.get("votg.leader_battle_hardening").result_at(final, side)).split()[0].rstrip("*†#‡")


def leader_to_harden(s, selected: str):
    """The Retained non-wounded leader of the selected type, else the next lowest-grade one (12.6124); None if none."""
    leaders = [u for u in s.retained("leader")
               if "wounded" not in u.flags and battle_hardened(unit_type(u.type, s.name))]
    candidates = sorted((u for u in leaders if order(u.type) <= order(selected)), key=lambda u: (-order(u.type), u.id))
    return candidates[0] if candidates else None

GRADES = ("6+1", "7-0", "7-1", "8+1", "8-0", "8-1", "9-0", "9-1", "9-2", "10-0", "10-1", "10-2", "10-3")


def order(leader_type: str) -> int:
    """A leader's grade for 12.6124 "next lowest-grade", Commissars included in the printed order of the table
    (9-0 below 9-1, 8+1 below 8-0)."""
    return GRADES.index(leader_type) if leader_type in GRADES else -1


@step("counterattack")
def counterattack(r: Reph) -> None:
    """12.613 Russian Counterattack Declaration (12.6253): on a CG Day a German Assault was just played the Russian
    may spend an Attack chit for a Counterattack right after it; the RePh then leaves out 12.614, 12.615d-f, 12.619
    and 12.620 (skip_if = "counterattack")."""
    r.c.flags -= {COUNTERATTACK, NIGHT, DAY}
    if scenario_type(r) != "German Assault":
        return
    limit = r.defn.raw["variants"].get(r.c.variant, {}).get("attack_chits", {}).get("Russian")
    used = r.c.chits["Russian"]["Attack"]
    if limit is not None and used >= limit:
        r.say(f"the Russian has used all {limit} Attack chits of CG {r.c.variant}: no Counterattack (12.6251)")
        return
    left = "" if limit is None else f" ({limit - used} of {limit} Attack chits left)"
    declare = r.ask(
        "counterattack",
        f"12.613 A German Assault was just played: declare a Russian "
        f"Counterattack for tonight/today, spending an Attack chit{left}? (yes/no)",
        yes_no,
        side="Russian",
        context={"reph": r, "left": None if limit is None else limit - used},
        example="counterattack = false",
        default="no",
    )
    if declare:
        r.c.flags.add(COUNTERATTACK)
        r.say(f"the Russian declares a Counterattack on {r.c.date} (12.613): the German is Idle; steps 12.614, "
              "12.615d-f, 12.619 and 12.620 are left out of this RePh")
        if r.rules >= 3 and r.night_row():
            # 12.6182 *: on 14 Sept the Russian's Historical DRM is -2 for a Night scenario, 0 for a daytime one. The
            # rolls of this RePh (CPP, RG Strength) come before the 12.6254 Night declaration, so solo's reading: the
            # Russian declares a 14 Sept Counterattack a Night scenario now, with it (issue 20.20).
            night = r.ask("night", "12.6254 Declare this 14 Sept Counterattack a Night scenario (yes/no)? Your "
                          "Historical DRM is -2 for a Night scenario, 0 by day (12.6182 *)", yes_no, side="Russian",
                          context={"reph": r}, example="night = false", default="no")
            r.c.flags.add(NIGHT if night else DAY)
    else:
        r.say("no Russian Counterattack is declared (12.613)")

