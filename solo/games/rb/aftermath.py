"""Red Barricades RePh steps 11.602-11.611: from the end of the CG scenario to Battle Hardening (seed 003).

What happened on the map comes from the facts (solo/campaign/facts.py and the [facts.extra] of
missions/rb.toml); every die the rules call for is rolled here with its table and modifiers.
"""

from solo.campaign.facts import fact
from solo.campaign.reph import Reph, step
from solo.campaign.state import ScenarioResult, SideState, Unit
from solo.campaign.steps import scenario_end
from solo.campaign.steps.escape import escape_roll, isolate, isolated_escapes, shared_drm
from solo.campaign.steps.escape import smc_must_escape as must_escape
from solo.campaign.steps.hardening import mmc_to_harden, promotion, recombine, won_drm
from solo.campaign.steps.losses import eliminate, find, isolated_drm, lose, morale, reduce, wounded_leader_rolls
from solo.campaign.steps.prisoners import prisoners_step
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.rules.units import battle_hardened, unit_type

SMC = ("leader", "hero")
INFANTRY = ("squad", "hs", "crew", "leader", "hero")
# Leaders from the lowest grade up (11.6113: "the lowest-grade Retained non-wounded leader").
GRADES = ("6+1", "7-0", "7-1", "8-0", "8+1", "8-1", "9-0", "9-1", "9-2", "10-0", "10-1", "10-2", "10-3")


def cvp(r: Reph) -> dict[str, int]:
    """CVP amassed by each side in the scenario just played (the other side's losses)."""
    return {side: int(fact(r, f"{side.lower()}_cvp", 0)) for side in r.c.sides}


@step("marker_removal")
def marker_removal(r: Reph) -> None:
    """11.602 Marker Removal (11.601, the end of the scenario, is not in the copy: the units Eliminated and the state
    of the survivors come from the facts as in every CG). Hidden units are placed on-map concealed [EXC: hidden Set DC
    may stay hidden until 11.6073]; units beneath a Sewer marker are Retained."""
    scenario_end.melee(r)
    r.say("remove from the map: FFE, SR and Barrage markers; SMOKE; Acquired Target markers; Radios and Field Phones; "
          "DM, Disrupted, Fanatic, Berserk, Wall Advantage and HD markers, Dummy stacks and Dummy Cloaking counters; "
          "CX, "
          "Motion, CE, BU, Stun; Sewer markers (units beneath are Retained); Snipers. Place still hidden/Cloaked units "
          "and Equipment on-map concealed (hidden Set DC may stay hidden until 11.6073) (11.602)")

# --- 11.603 -----------------------------------------------------------------------------------

def scenario_winner(r: Reph, kind: str) -> tuple[str, str]:
    """11.6031/11.6235: the winner of the scenario just played, by its type, and why in a player's words."""
    points = cvp(r)
    gained = {side: int(fact(r, f"stone_gained_{side.lower()}", 0)) for side in r.c.sides}
    if kind == "Initial Scenario":
        winner = fact(r, "winner")
        if winner not in r.c.sides:
            raise SoloError("facts winner: the Initial Scenario's Victory Conditions are on the CG card (11.51-11.53): "
                            "report winner = \"German\" or \"Russian\"")
        return winner, "by the CG card's Initial Scenario Victory Conditions (11.51-11.53), as reported"
    if kind == "Dual Attack":
        vp = {side: points[side] + gained[side] for side in r.c.sides}
        winner = "German" if vp["German"] > vp["Russian"] else "Russian"
        return winner, (f"Dual Attack VP (CVP + Stone Locations taken): German {points['German']}+{gained['German']} = "
                        f"{vp['German']}, Russian {points['Russian']}+{gained['Russian']} = {vp['Russian']}; the "
                        "Germans win only with more VP (11.6235)")
    attacker = kind.split()[0]
    if attacker not in r.c.sides:
        raise SoloError(f"no Victory Conditions for a {kind!r} scenario (11.6235)")
    defender = r.c.other(attacker)
    if fact(r, "russian_all_stone", False):
        return "Russian", "the Russians Control all Stone Locations at scenario end (11.6235)"
    margin = assault_margin(r, attacker)
    net = gained[attacker] - gained[defender]
    doubled = points[attacker] > 0 and points[attacker] >= 2 * points[defender]
    why = (f"{attacker} Assault: the {people(attacker)} gained {gained[attacker]} Stone Locations and lost "
           f"{gained[defender]} "
           f"(net {net}, needed {margin}); CVP {points[attacker]} against {points[defender]} (needed twice as many)")
    return (attacker if net >= margin or doubled else defender), why + " (11.6235)"


def assault_margin(r: Reph, attacker: str) -> int:
    """11.6235: >= 24 (German) or >= 12 (Russian) more Stone Locations than lost; swapped in RO CG III."""
    variant = r.defn.variants.get(r.c.variant, {})
    return (variant.get("assault_margin") or r.defn.raw["victory"]["assault_margin"])[attacker]


@step("victory")
def victory(r: Reph) -> None:
    """11.6031 CG Scenario Victory Determination by the scenario type (11.6235; the Initial Scenario's conditions
    are on the CG card, 11.51-11.53: its winner comes from the facts); a Location Controlled only because the
    opponent set it on Fire does not count. 11.6032 Rally: all broken units rally (no DR); Passengers/Riders unload."""
    kind = r.c.initiative["type"] if r.c.initiative else "Initial Scenario"
    winner, why = scenario_winner(r, kind)
    r.c.scenarios.append(ScenarioResult(r.c.date, cvp(r), winner, kind))
    r.say(f"{r.c.date} {kind}: {why}: the {people(winner)} win it (11.6031)")
    for s in r.c.sides.values():
        for unit in s.retained():
            unit.flags -= {"broken", "disrupted"}
    r.say("all broken units rally, even if Disrupted; Passengers/Riders unload into their Vehicle's Location (one "
          "unloading into an A-P minefield is attacked in 11.6042) (11.6032)")

# --- 11.604-11.606 ------------------------------------------------------------------------------

def _check(r: Reph, unit: Unit, purpose: str, one: bool) -> bool:
    mods = {"morale": -morale(unit)}
    if one:
        mods["one"] = True
    trace = r.roll("asl.task_check", purpose, side=unit.side, mods=mods)
    return trace.result != "Fails"


@step("encirclement")
def encirclement(r: Reph) -> None:
    """11.6041 each Encircled unit [EXC: prisoner] takes a 1TC, failure Eliminates it (the Encircled PRC of an
    Immobile AFV: the AFV stays, Immobile and Abandoned); 11.6042 each Infantry unit in an A-P minefield hex takes a
    NTC, failure Casualty-Reduces it (the facts list only units that could not leave the hex unattacked);
    AFV mine attacks are resolved on the map."""
    for unit_id in fact(r, "encircled", []):
        unit = find(r, unit_id)
        if not unit.retained or "prisoner" in unit.flags:
            continue
        if unit.kind == "vehicle":
            if "immobilized" in unit.flags:
                unit.flags.add("abandoned")
                r.say(f"{unit.side} {unit.id} {unit.type}: its Encircled crew is Eliminated; the AFV stays Immobile "
                      "and Abandoned (11.6041)")
            continue
        if _check(r, unit, f"1TC for Encircled {unit.label} (11.6041)", one=True):
            r.say(f"{unit.side} {unit.id} passes its Encircled 1TC and stays in its Location (11.6041)")
        else:
            lose(r, unit, "failed its 1TC while Encircled (11.6041); a prisoner it Guarded must be claimed by a "
                      "friendly unit in its Location, or is Rearmed with the dropped Equipment")
    for unit_id in fact(r, "ap_minefield", []):
        unit = find(r, unit_id)
        if unit.retained and unit.kind in INFANTRY and not _check(r, unit, f"NTC in an A-P minefield: {unit.label} "
                                                                       "(11.6042)", one=False):
            reduce(r, unit, "failed its NTC in an A-P minefield (11.6042)")
    r.say("each AFV in a minefield is attacked by its mines on the map as if exiting the Location (11.6042)")


@step("perimeter")
def perimeter(r: Reph) -> None:
    """11.605 Perimeter Determination (11.6051-11.6058) is drawn on the map; the Isolated Areas and their types come
    from the facts. 11.6059: each SMC still outside its Perimeter Area is Eliminated."""
    isolate(r, fact(r, "isolated", {}))
    for unit_id in fact(r, "smc_outside", []):
        unit = find(r, unit_id)
        if unit.retained:
            lose(r, unit, "SMC outside its side's Perimeter Area (11.6059)")
    isolated = [u for s in r.c.sides.values() for u in s.retained() if u.isolated]
    r.say("Perimeters drawn on the map (map-edge markers 11.6053, then 11.6054-11.6058); each side gains Control of "
          "its non-Isolated Perimeter Area, No Man's Land becomes un-Controlled (11.6059); "
          f"{len(isolated)} units in Isolated Areas" + (": " + ", ".join(f"{u.id} ({u.isolated})" for u in isolated)
                                                          if isolated else ""))


def escape_mods(r: Reph, unit: Unit, pp: int = 0) -> tuple[str, dict]:
    """The Escape Table column and DRM for ``unit`` (11.6063; the <= 2 hexes, ADJACENT and PP > IPC DRM:
    escape.shared_drm); a unit Escapes alone (a stack and the leader/Heroic DRM are played with 'solo roll
    rb.escape')."""
    vehicle = unit.kind == "vehicle"
    mods = shared_drm(r, unit, pp)
    if unit.kind in SMC:
        mods["lone-smc"] = True
    if vehicle:
        leader = next((u for u in r.side(unit.side).retained("armor-leader") if u.detail.get("in") == unit.id), None)
        if leader:
            mods["leader"] = unit_type(leader.type, unit.side).modifier
        if "captured" in unit.flags:
            mods["captured-afv"] = True
    else:
        if unit.side == "Russian":
            mods["russian"] = True
        if unit.kind == "squad":
            mods["hs"] = 1
        if unit.id in fact(r, "encircled", []):
            mods["encircled"] = True
    return ("AFV" if vehicle else "Infantry"), mods


@step("isolation")
def isolation(r: Reph) -> None:
    """11.606 Isolation: 11.6061 SMC in a type B Area, and enemy SMC in a type C Area, must Escape; every unit/Weapon
    left in a type C/D Area begins the next scenario with Ammunition Shortage; 11.6063 Escape Table; 11.6064 an
    Original 2 is Escape with Heat of Battle; Encircled markers are removed; 11.6065 Areas whose type changes are
    judged again on the map; 11.6066 the Perimeter is recorded on the reduced-size map."""
    isolated_escapes(r, "escape", "11.6061", _escape, may=lambda u: u.kind in INFANTRY + ("vehicle",),
                               must=lambda s: must_escape(s, r.side(r.c.other(s.name))),
                     chances=lambda u: ("rb.escape", escape_mods(r, u)))
    r.say("Encircled markers removed (11.6064); an Area whose type an Escape changed is judged again (11.6065); record "
          "both Perimeters and the Isolated Area types on the reduced-size map (11.6066)")


def _escape(r: Reph, unit: Unit, carrying: list[Unit], pp: int = 0) -> None:
    escape_roll(r, unit, "rb.escape", "11.6063", escape_mods(r, unit, pp),
                " Escapes with Heat of Battle (A15; 11.6064): resolve it on the map; any result other than "
                "Hero-Creation/Battle Hardening Eliminates it")
    for sw in carrying:
        if unit.retained and unit.isolated == "":
            sw.isolated = ""
            r.say(f"{sw.id} {sw.type} is Retained with its possessor (11.6064)")

# --- 11.607-11.610 ------------------------------------------------------------------------------

@step("clearing")
def clearing(r: Reph) -> None:
    """11.607 Clearing the Map [EXC: a Gun/AFV in a Fortified Building Location or Pillbox, and Immobile vehicles,
    stay]; 11.6071 Isolated units stay; 11.6072 all Equipment is Retained by the side Controlling its Location and may
    be Eliminated after Scrounging (D10.5); 11.6073 hidden Fortifications in enemy-Controlled Locations are revealed."""
    for side, s in r.c.sides.items():
        counters = s.counters()
        on_map = [u.id for u in counters if u.isolated or "immobilized" in u.flags]
        r.say(f"{side}: {len(counters) - len(on_map)} units to the Chapter O divider, {len(on_map)} stay on the map"
              + (f" ({', '.join(on_map)})" if on_map else "") + " (11.607)")
    r.say("Equipment is Retained by the side Controlling its Location; Scrounge (D10.5) before Eliminating any, an AFV "
          "becoming a Wreck (11.6072). Place each hidden Fortification (Fortified Building Locations, tunnel ends when "
          "both are enemy-Controlled) in an enemy-Controlled Location on the map, a minefield as a Known Minefield; a "
          "hidden Set DC there is Eliminated (11.6073)")


prisoners = prisoners_step("11.608")  # 11.608 Prisoners; listed in rb/__init__.py


@step("blazes")
def blazes(r: Reph) -> None:
    """11.609 Extinguishing Blazes: every Blaze has consumed its Location (11.6091-11.6095 terrain changes on the
    map); 11.6096 each Flame becomes a Blaze and spreads to adjacent Burnable Terrain; the Isolated units confined to a
    consumed building/Factory or a new Blaze Location are Eliminated (facts); 11.6097 Fortifications and Equipment in
    a Blaze Location are Eliminated [EXC: Entrenchment, Pillbox]."""
    n_blazes, n_flames = fact(r, "blazes", 0), fact(r, "flames", 0)
    r.say(f"{n_blazes} Blazes consumed their Locations: a Burning Wreck's Blaze passes to its Burnable Terrain and it "
          "becomes a Burnt-Out Wreck (11.6091); brush/orchard/wooden rubble become Shellholes (11.6092); stone rubble "
          "stays (11.6093); a non-Factory building with a Blaze becomes Rubble without Cellars (11.6094); a Factory is "
          f"Gutted (11.6095). {n_flames} Flames become Blazes and spread a Blaze to each adjacent Burnable Terrain hex "
          "without one (11.6096); Fortifications/Equipment in a non-Factory Blaze Location are Eliminated [EXC: "
          "Entrenchment and Pillbox keep their Fortification] (11.6097)")
    for unit_id in fact(r, "blaze_eliminated", []):
        unit = find(r, unit_id)
        if unit.retained:
            lose(r, unit, "Isolated in a Location consumed by a Blaze (11.6094-11.6096)"
                      + ("; replace it with a Burnt-Out Wreck" if unit.kind == "vehicle" else ""))


@step("wounded_leaders")
def wounded_leaders(r: Reph) -> None:
    """11.610 Wounded Leaders: a dr for each Wounded leader, +1 if confined to an Isolated Area: <= 2 Retained
    wounded, >= 3 Eliminated (evacuated, or died of his wounds)."""
    for s, leader, trace in wounded_leader_rolls(r, "rb.wounded_leader", "11.610", isolated_drm):
        r.say(f"{s.name} {leader.id} {leader.type}: dr {trace.original} Final {trace.final}, {trace.result}")
        if trace.effect["leader"] == "eliminated":
            lose(r, leader, "wounds (11.610)")

# --- 11.611 -----------------------------------------------------------------------------------

@step("battle_hardening")
def battle_hardening(r: Reph) -> None:
    """11.611: 11.6111 Recombining, 11.6112 Heroes and MMC, 11.6113 Leader Battle Hardening, 11.6114 Promotion out
    of the Ranks."""
    for s in r.c.sides.values():
        recombine(r, s, "11.6111")
        _mmc(r, s)
        _heroic(r, s)
        _leader(r, s)


def _harden_mmc(r: Reph, s: SideState, unit: Unit, t, better) -> None:
    if t.elite or better is None:
        unit.flags.add("fanatic")
        r.say(f"{s.name} {unit.id} {unit.type} Battle Hardens: an Elite MMC becomes Fanatic for the next scenario "
              "(11.6112)")
    else:
        r.say(f"{s.name} {unit.id} {unit.type} Battle Hardens to {better.name} (11.6112)")
        unit.type = better.name
    unit.flags.add("hardened")


def _mmc(r: Reph, s: SideState) -> None:
    """11.6112: each Retained Hero is Eliminated and hardens one non-crew MMC; one Secret DR for the number of
    Retained Infantry non-crew MMC (-3 won, -1 Russian, -1 per 20 CVP amassed); no MMC hardens twice."""
    heroes = [u for u in s.retained("hero")]
    for hero in heroes:
        eliminate(r, hero, "Retained Hero (11.6112): one non-crew MMC Battle Hardens in his stead")
    mods = {"cvp": cvp(r)[s.name]}
    if r.c.won_last(s.name):
        mods["won"] = True
    if s.name == "Russian":
        mods["russian"] = True
    trace = r.roll("rb.mmc_battle_hardening", "Number of MMC to Battle Harden (11.6112)", side=s.name, mods=mods,
                   secret=r.computer(s.name))
    count = trace.effect["count"] + len(heroes)
    r.say(f"{s.name}: MMC Battle Hardening DR {trace.original}, Final {trace.final}: {trace.result}"
          + (f", +{len(heroes)} for Heroes" if heroes else ""), secret=s.name)
    eligible = [u for u in s.retained("squad", "hs") if "hardened" not in u.flags]
    count = min(count, len(eligible))
    if not count:
        return
    for picked in mmc_to_harden(r, s, f"11.6112 Battle Harden {count} non-crew MMC (an Elite one becomes Fanatic)",
                                eligible, count, shown=count):
        _harden_mmc(r, s, *picked)


def _heroic(r: Reph, s: SideState) -> None:
    """11.6113: each Retained heroic leader Battle Hardens and loses his heroic status [EXC: a heroic 10-3 or 10-0
    only loses it]."""
    for leader in [u for u in s.retained("leader") if "heroic" in u.flags]:
        leader.flags.discard("heroic")
        better = None if leader.type in ("10-3", "10-0") else battle_hardened(unit_type(leader.type, s.name))
        if better:
            r.say(f"{s.name} heroic {leader.id} {leader.type} Battle Hardens to {better.name} (11.6113)")
            leader.type = better.name
        else:
            r.say(f"{s.name} heroic {leader.id} {leader.type} loses his heroic status (11.6113)")


def leader_count_ok(r: Reph, s: SideState) -> bool:
    """11.6114: an exchange may not give more than one leader per four (German) / eight (Russian) squad-equivalents of
    the currently Retained units (the exchange adds one leader)."""
    per = r.defn.raw["promotion"]["squads_per_leader"][s.name]
    return (len(s.retained("leader")) + 1) * per <= s.squad_equivalents()


def leader_limit(r: Reph):
    """11.6114: an exchange may not give > one leader per four (German) or eight (Russian) squad-equivalents."""
    def limit(s: SideState) -> None:
        if not leader_count_ok(r, s):
            per = r.defn.raw["promotion"]["squads_per_leader"][s.name]
            raise SoloError(f"an exchange would give the {people(s.name)} more than one leader per {per} "
                            "squad-equivalents "
                            f"({len(s.retained('leader'))} leaders, {s.squad_equivalents():g} squad-equivalents) "
                            "(11.6114)")
    return limit


def _leader(r: Reph, s: SideState) -> None:
    """11.6113 one Secret DR on the side's column (-2 won: after the DR the player may apply only -1, or none); the
    selected type Battle Hardens (9-0 always to a 10-0, 8-1 always to a 9-1), else the lowest-grade Retained
    non-wounded leader. 11.6114: in lieu of the DR, an 8-0 for two 7-0, or an 8-1 for an 8-0 and a 7-0."""
    if promotion(r, s, "promotion", "11.6114", leader_limit(r)):
        return
    won = r.c.won_last(s.name)
    trace = r.roll("rb.leader_battle_hardening", "Leader Battle Hardening (11.6113)", s.name,
                   {"won": True} if won else {},
                   side=s.name, secret=r.computer(s.name))
    drm = 0
    if won:
        drm = won_drm(r, s, "11.6113", trace.original, lambda final: selected_leader(r, s.name, final),
                      lambda selected: grade(leader_to_harden(s, selected)))
    selected = selected_leader(r, s.name, trace.original + drm)
    leader = leader_to_harden(s, selected)
    if leader is None:
        r.say(f"{s.name}: the DR {trace.original}{drm:+d} selects the {selected}; no non-wounded leader to harden",
              secret=s.name)
        return
    better = {"9-0": "10-0", "8-1": "9-1"}.get(leader.type) or getattr(battle_hardened(unit_type(leader.type, s.name)),
                                                                       "name", None)
    if better is None:
        r.say(f"{s.name}: the DR selects the {selected}; {leader.id} {leader.type} cannot harden further",
              secret=s.name)
        return
    r.say(f"{s.name}: the DR {trace.original}{drm:+d} selects the {selected}; {leader.id} {leader.type} Battle Hardens "
          f"to {better} (11.6113)", secret=s.name)
    leader.type = better


def selected_leader(r: Reph, side: str, final: int) -> str:
    """The leader type the 11.6113 table selects for a Final DR."""
    return str(r.cat.get("rb.leader_battle_hardening").result_at(final, side)).split()[0].rstrip("*†")


def grade(leader: Unit | None) -> int:
    """The grade of a leader in the 11.6113 table's order (-1: none)."""
    return GRADES.index(leader.type) if leader else -1


def leader_to_harden(s: SideState, selected: str) -> Unit | None:
    """The Retained leader of the selected type, else the lowest-grade Retained non-wounded leader (11.6113)."""
    leaders = [u for u in s.retained("leader") if "wounded" not in u.flags and u.type in GRADES]
    exact = [u for u in leaders if u.type == selected]
    if exact:
        return exact[0]
    return min(leaders, key=lambda u: (GRADES.index(u.type), u.id), default=None)

