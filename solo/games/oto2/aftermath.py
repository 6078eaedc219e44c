"""RePh steps 7.501-7.511: from the end of the scenario to Battle Hardening.

What happened on the map comes from the facts (solo/campaign/facts.py); every die the rules
call for is rolled here with its table and modifiers.
"""

from solo.campaign.facts import fact
from solo.campaign.reph import Reph, step
from solo.campaign.state import ScenarioResult, Unit
from solo.campaign.steps.escape import escape_roll, isolate, isolated_escapes, shared_drm, smc_must_escape
from solo.campaign.steps.hardening import mmc_to_harden, promotion, recombine
from solo.campaign.steps.losses import eliminate, find, wounded_leader_rolls
from solo.core.choices import yes_no
from solo.core.sides import people
from solo.rules.resolve import Mods
from solo.rules.units import battle_hardened, unit_type

LEADER_ORDER = ("6+1", "7-0", "7-1", "8-0", "8-1", "9-1", "9-2", "10-0", "10-1", "10-2", "10-3")


@step("marker_removal")
def marker_removal(r: Reph) -> None:
    """7.502 Marker Removal (a-i). What stays in the OB: Radios/Field Phones of Retained OBA (d; CG7); a Bombardment
    resolved before play is eliminated (note m, footnote 20) and FB/GA/DB counters leave the map (i). CG7: a RG "not
    entering-play/used during a CG scenario is still available for the next": the aircraft and Bombardments the facts
    list as used go, the others are Retained, but the Initial OB's GA, Recalled at the end of Turn 2 (IHSR 4), always
    go (issue 20.5; saves of rules version 3 on, before which all of them went after every scenario)."""
    used = set(fact(r, "used", []))
    for s in r.c.sides.values():
        for unit in s.retained("bombardment", "aircraft"):
            if r.rules >= 3 and unit.id not in used and not (unit.kind == "aircraft" and not unit.rg):
                continue
            eliminate(r, unit, "Bombardment resolved (note m)" if unit.kind == "bombardment"
                      else "FB/GA/DB counters removed (7.502 i)")
    r.say("remove from the map: SR and FFE (a), Smoke/WP (b), Acquisition (c), Radios/Field Phones unless Retained "
          "(d), DM, Disrupted, Fanatic, Berserk, HD, Dummy Cloaking and '?' (e), CX, Motion, CE, BU, Labor (f); place "
          "hidden units, entrenchments and Equipment on map (g); Sniper counters (h); FB/GA/DB counters (i)")


def scenario_vp(r: Reph, lvp: int, more_cvp: int = 0) -> int:
    """7.4 CG Victory Conditions: LVP Controlled + 1 VP per 20 CVP + 1 VP per 20 EVP (cumulative, kept apart);
    ``more_cvp``: Russian CVP earned after the last scenario's (7.5131c at CG End)."""
    v = r.defn.victory
    return lvp + (r.c.cvp_total["Russian"] + more_cvp) // v["cvp_per_vp"] + r.c.evp_total // v["evp_per_vp"]


@step("rally_and_victory")
def rally_and_victory(r: Reph) -> None:
    """7.503 Rally and Unloading (all broken units rally, no DR) and 7.5031 Victory Determination: the Russian
    wins a CG scenario with >= 7 VP earned in it, the Initial Scenario with > 5 VP (7.4)."""
    f, v = r.c.facts, r.defn.victory
    start_vp = r.c.last.vp if r.c.last else 0
    result = ScenarioResult(r.c.date, {"Russian": f["russian_cvp"], "German": f["german_cvp"]}, lvp=f["lvp"],
                            evp=f["evp"])
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
    r.say(f"all broken units rallied (7.503). The Russians have {result.vp} VP (LVP {f['lvp']}, CVP "
          f"{r.c.cvp_total['Russian']}, "
          f"EVP {r.c.evp_total}), {result.scenario_vp} earned in the {r.c.date} scenario; they needed {need}: "
          f"the {people(result.winner)} win it (7.5031).")


@step("perimeter")
def perimeter(r: Reph) -> None:
    """7.505 Perimeter Determination: each side's Perimeter, Pockets and Control (7.5051-7.5058) are drawn on the map;
    the Isolated Areas and their types come from the facts until the map module computes them."""
    isolate(r, r.c.facts["isolated"])
    isolated = [u for s in r.c.sides.values() for u in s.retained() if u.isolated]
    r.say(f"Perimeters drawn on the map; {len(isolated)} units in Isolated Areas"
          + (": " + ", ".join(f"{u.id} ({u.isolated})" for u in isolated) if isolated else ""))


@step("isolation")
def isolation(r: Reph) -> None:
    """7.506 Isolation: 7.5061 SMC in a type B or C Area must Escape, units in C/D suffer Ammunition Shortage;
    7.5063 Escape Table; 7.5064 equipment of an escapee Eliminated while escaping; 7.5065 Encircled markers removed."""
    isolated_escapes(r, "escape", "7.5061", _escape, must=lambda s: must_escape(r, s),
                     chances=lambda u: ("oto2.escape", escape_mods(r, u)))
    r.say("Encircled markers removed (7.5065)")


def must_escape(r: Reph, s) -> list[str]:
    """7.5061: each SMC in a type B Isolated Area must attempt to Escape, and in a type C Area "only an enemy SMC"
    (escape.smc_must_escape, shared with RB 11.6061; issue 20.2: saves of rules version 3 on, before which every SMC
    in a B or C Area had to)."""
    if r.rules >= 3:
        return smc_must_escape(s, r.side(r.c.other(s.name)))
    return [u.id for u in s.retained("leader", "hero") if u.isolated in ("B", "C")]


def escape_mods(r: Reph, unit: Unit, pp: int = 0) -> tuple[str, dict]:
    """The Escape Table column and DRM for ``unit`` (7.5063; the <= 2 hexes, ADJACENT and PP > IPC DRM:
    escape.shared_drm)."""
    f = r.c.facts
    vehicle = unit.kind == "vehicle"
    mods = shared_drm(r, unit, pp)
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


def _escape(r: Reph, unit: Unit, carrying: list[Unit], pp: int = 0) -> None:
    escape_roll(r, unit, "oto2.escape", "7.5063", escape_mods(r, unit, pp))
    for sw in carrying:
        if unit.retained:
            sw.isolated = ""
        elif sw.retained:
            gone = r.roll("oto2.escape_equipment", f"Equipment {sw.label} of an Eliminated escapee (7.5064)",
                          side=unit.side)
            if gone.original >= 4:
                eliminate(r, sw, f"escapee Eliminated, dr {gone.original} (7.5064)")


@step("clearing")
def clearing(r: Reph) -> None:
    """7.507 Clearing the Map: non-Isolated units/Equipment go to the Force Organizer [EXC: Guns in buildings,
    trenches or pillboxes, and Immobile vehicles stay]; 7.5071 Isolated ones stay put; 7.5073 hidden minefields
    in Russian-owned Locations are revealed."""
    for side, s in r.c.sides.items():
        counters = s.counters()
        on_map = [u.id for u in counters if u.isolated or "immobilized" in u.flags]
        r.say(f"{side}: {len(counters) - len(on_map)} units to the Force Organizer, {len(on_map)} stay on the map"
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
        free = r.ask("free_prisoners", f"7.508 Your Isolated Guard holds {unit.label}: free it (yes/no)?", yes_no,
                     side=keeper, context={"reph": r, "prisoner": unit}, example="free_prisoners = false", default="no")
        if free:
            conscript = unit_type(unit.type, unit.side)
            while conscript.replaced_by and conscript.kind in ("squad", "hs"):
                conscript = unit_type(conscript.replaced_by, unit.side)
            r.say(f"{keeper} frees {unit.id}; it is Retained by the {people(unit.side)} as {conscript.name}")
            unit.type = conscript.name
        else:
            r.say(f"{keeper}'s Isolated Guard keeps {unit.id} prisoner")
            unit.flags.add("prisoner")


@step("flames")
def flames(r: Reph) -> None:
    """7.509 Extinguishing Flames and Blazes: 7.5091 Burning Wrecks become Burnt-Out Wrecks; 7.5092-7.5093 terrain
    becomes Open Ground / wooden rubble; 7.5094 a dr for each Flame (1-4 removed, 5-6 Blaze); 7.5095 Eliminations: the
    Equipment in building/rubble Flame/Blaze Locations and the Isolated units confined to them (the facts'
    fire_eliminated; their Fortifications [EXC: Entrenchment/Pillbox] the facts' fortifications_lost, counted at 7.501;
    issue 20.27, saves of rules version 3 on); and the Isolated units confined to a Flame's Location whose dr makes it
    a Blaze (_flame_spread)."""
    if r.rules >= 3:
        for unit_id in fact(r, "fire_eliminated", []):
            unit = find(r, unit_id)
            if unit.retained:
                eliminate(r, unit, "in a building/rubble Location consumed by fire (7.5093, 7.5095)")
    blazes = sum(_flame_spread(r, n) for n in range(1, r.c.facts["flames"] + 1))
    r.say(f"{r.c.facts['flames']} Flames: {blazes} become Blazes for the next scenario (7.5094)")


def _flame_spread(r: Reph, n: int) -> bool:
    """7.5094 Flame Spread for Flame ``n``: a dr, 1-4 it is removed, 5-6 it becomes a Blaze, and "Each Isolated
    unit/Equipment confined to setting up in a Location now containing Blaze is Eliminated (replace an AFV with a
    Burnt-Out-Wreck)": those the facts' flame_confined give Flame ``n`` and still Isolated (issue 20.27; not one that
    Escaped at 7.5063). One whose Flame is removed stays (solo's reading: a building/rubble Location the fire consumed
    Eliminates its Isolated units whatever the dr, 7.5095, and the facts report those in fire_eliminated). No CVP:
    they come after 7.5031. True if the Flame becomes a Blaze."""
    trace = r.roll("oto2.flame_spread", f"Flame {n} (7.5094)", side="German")
    blaze = bool(trace.effect.get("blaze"))
    confined = [find(r, unit_id) for unit_id, flame in fact(r, "flame_confined", {}).items() if flame == n]
    for unit in [u for u in confined if u.retained and u.isolated]:  # one that Escaped (7.5063) is not confined
        if blaze:
            eliminate(r, unit, f"Isolated in Flame {n}'s Location, now a Blaze (7.5094)"
                      + ("; replace it with a Burnt-Out-Wreck" if unit.kind == "vehicle" else ""))
        else:
            r.say(f"{unit.side} {unit.id} {unit.type}: Flame {n} is removed (dr {trace.original}); it stays in its "
                  "Location (7.5094)")
    return blaze


@step("wounded_leaders")
def wounded_leaders(r: Reph) -> None:
    """7.510 Wounded Leaders: a dr for each wounded Retained leader (+1 Isolated, -1 Heroic)."""
    def mods(s, leader) -> dict:
        return {k: True for k, on in (("isolated", leader.isolated), ("heroic", "heroic" in leader.flags)) if on}

    for s, leader, trace in wounded_leader_rolls(r, "oto2.wounded_leader", "7.510", mods):
        if trace.effect["leader"] == "evacuated":
            leader.status = "Evacuated"
        r.say(f"{s.name} {leader.id} {leader.type}: dr {trace.original} Final {trace.final}, {trace.result}")


@step("battle_hardening")
def battle_hardening(r: Reph) -> None:
    """7.511: 7.5111 Recombining, 7.5112 Heroes and MMC Battle Hardening, 7.5113 Leader Battle Hardening,
    7.5114 Armor leaders (not eligible; one whose AFV is gone is placed in another)."""
    for s in r.c.sides.values():
        recombine(r, s, "7.5111")
        _mmc_hardening(r, s)
        _leader_hardening(r, s)
        if r.rules >= 3:
            _armor_leaders(r, s)


def _armor_leaders(r: Reph, s) -> None:
    """7.5114 (issue 20.12; saves of rules version 3 on): a Retained armor leader whose AFV is no longer Retained by
    his side (Eliminated, Captured) "must be placed in any retained, non-Isolated AFV of the same vehicle type, or if
    none is available, may be placed into any other retained, non-Isolated AFV" (an AFV without an armor leader first).
    The text says no more; solo's reading: with no such AFV he is Eliminated, for an armor leader exists only in a
    vehicle (D3.43, core ASL: not in the texts), and 7.5114 gives him no other place."""
    for leader in s.retained("armor-leader"):
        afv = s.unit(leader.detail.get("in", ""))
        if afv is not None and afv.retained and afv.side == s.name:
            continue
        led = {u.detail.get("in") for u in s.retained("armor-leader")}
        free = [v for v in s.retained("vehicle") if not v.isolated]
        was = afv.type if afv is not None else ""
        free.sort(key=lambda v: (v.type != was, v.id in led, v.id))
        if leader.isolated or not free:
            eliminate(r, leader, "his AFV is gone and no Retained, non-Isolated AFV can take him (7.5114; D3.43)")
            continue
        leader.detail["in"] = free[0].id
        r.say(f"{s.name} armor leader {leader.id} {leader.type} is placed in {free[0].id} {free[0].type} (7.5114)")


def _mmc_hardening(r: Reph, s) -> None:
    heroes = r.c.facts["heroes"].get(s.name, 0)
    for unit in s.retained("hero"):
        eliminate(r, unit, "Retained Hero (7.5112)")
    mods: Mods = {"won": r.c.won_last(s.name)} if r.c.won_last(s.name) else {}
    assert r.c.last is not None  # Battle Hardening follows a scenario's end
    earned = r.c.last.cvp[s.name]
    if earned:
        mods["cvp"] = earned
    trace = r.roll("oto2.mmc_battle_hardening", "Number of MMC to Battle Harden (7.5112)", side=s.name, mods=mods,
                   secret=r.computer(s.name))
    count = trace.effect["count"] + heroes
    if not count:
        r.say(f"{s.name}: no MMC Battle Hardens (DR {trace.original}, Final {trace.final})", secret=s.name)
        return
    eligible = [u for u in s.retained("squad", "hs", "crew") if not u.isolated or heroes]
    for unit, _, better in mmc_to_harden(r, s, f"7.5112 Battle Harden {count} MMC (elite MMC or crews give an 8-0 "
                                         "instead)", eligible, count, shown=count):
        if unit.kind == "crew" or better is None:
            new = s.add("8-0", "leader")
            r.say(f"{s.name}: {unit.id} {unit.type} cannot Battle Harden; an 8-0 {new.id} joins the OB at no cost "
                  "(7.5112)")
        else:
            r.say(f"{s.name} {unit.id} {unit.type} Battle Hardens to {better.name} (7.5112)")
            unit.type = better.name


def _leader_hardening(r: Reph, s) -> None:
    for leader in [u for u in s.retained("leader") if "heroic" in u.flags]:
        leader.flags.discard("heroic")
        better = battle_hardened(unit_type(leader.type, s.name))
        if better:
            r.say(f"{s.name} heroic {leader.id} {leader.type} Battle Hardens to {better.name} and loses heroic status "
                  "(7.5113)")
            leader.type = better.name
    leaders = [u for u in s.retained("leader") if not u.isolated]
    if promotion(r, s, "leader_hardening", "7.5113"):
        return
    mods = {k: True for k, on in (("won", r.c.won_last(s.name)), ("german", s.name == "German")) if on}
    trace = r.roll("oto2.leader_battle_hardening", "Leader Battle Hardening (7.5113)", side=s.name, mods=mods,
                   secret=r.computer(s.name))
    selected = trace.result.rstrip("*")
    rank = LEADER_ORDER.index(selected)
    candidates = sorted((u for u in leaders if u.type in LEADER_ORDER and LEADER_ORDER.index(u.type) <= rank),
                        key=lambda u: (-LEADER_ORDER.index(u.type), u.id))
    if not candidates:
        r.say(f"{s.name}: the DR selects the {selected}; no Retained leader of that type or lower", secret=s.name)
        return
    leader = candidates[0]
    better = battle_hardened(unit_type(leader.type, s.name))
    if better:
        r.say(f"{s.name}: the DR selects the {selected}; {leader.id} {leader.type} Battle Hardens to {better.name} "
              "(7.5113)",
              secret=s.name)  # the Secret DR's result (issue 36: where it fell was in the human's record)
        leader.type = better.name
