"""Red Barricades RePh steps 11.612-11.618: the new CG Day, repair, Armor Withdrawal, fortification removal, CPP,
ELR, weather (seed 003)."""

from solo.campaign.reph import Reph, step
from solo.campaign.state import SideState, Unit
from solo.campaign.steps import day, fortify
from solo.campaign.steps.day import assault_engineers
from solo.campaign.steps.losses import capture, eliminate, find, lose, reph_cvp
from solo.campaign.steps.repair import captured_weapons, equipment_by_side, mg_exchange
from solo.core.choices import words
from solo.core.errors import SoloError
from solo.games.rb.aftermath import fact
from solo.rules.resolve import Mods
from solo.rules.units import unit_type


def previous_day(r: Reph) -> str:
    return r.c.dates[r.c.dates.index(r.c.date) - 1]


def yesterday(r: Reph) -> dict | None:
    """The Initiative of the previous CG Day (None before the first one: the Initial Scenario's day)."""
    return r.c.history[-1] if r.c.history else None


def attacked_yesterday(r: Reph, side: str) -> bool:
    day = yesterday(r)
    if not day:
        return False
    return day["chits"].get(side) == "Attack"


def scenario_yesterday(r: Reph):
    """The scenario played on the previous CG Day, if one was (not after an Idle Day)."""
    last = r.c.last
    return last if last and last.date == previous_day(r) else None


@step("new_day")
def new_day(r: Reph) -> None:
    """11.612: 11.6121 a new CG Day (an Idle Day repeats 11.612-11.623); 11.6122 SAN Adjustment: a side with SAN >= 4
    rolls a dr + (SAN - 4), Final >= 5 lowers it by one; a SAN of zero is raised to 2; 11.6123 Booby Trap
    Deactivation: with Level A or B in effect the Russian rolls a dr, an Original 6 lowers the Level by one."""
    day.new_day(r, "rb.san_adjustment", "11.6122", 4, 0)
    fortify.booby_deactivation(r, "rb.booby_trap_deactivation", "11.6123")


# --- 11.613 -----------------------------------------------------------------------------------

def armor_leader_drm(s: SideState, vehicle: Unit) -> int:
    leader = next((u for u in s.retained("armor-leader") if u.detail.get("in") == vehicle.id), None)
    return unit_type(leader.type, s.name).modifier if leader else 0


@step("repair")
def repair(r: Reph) -> None:
    """11.613 Equipment Repair and Replenishment: 11.6131 AFV (remanning, Shock/UK, Bog, Immobilization Removal),
    11.6132 Weapon Repair, 11.6133 AFV MG Exchange, 11.6134 FT/DC, 11.6135 Captured Weapons, 11.6136 Captured AFV,
    11.6137 Special Ammo, 11.6138 Low Ammo, 11.6139 Ammunition Shortage."""
    if r.rules < 3:  # 11.6072: Retained by the side Controlling its Location; from rules 3 at the scenario's end
        capture(r, fact(r, "captured", []))
    equipment_by_side(r, _afv, (_weapon_repair, _mg_exchange, _ft_dc, _captured), {"low-ammo", "ammo-shortage"},
                      "{side}: non-Captured, non-Isolated Guns have their Depleted ammunition restored (11.6137); Low "
                      "Ammo removed from non-Isolated units (11.6138); non-Isolated Ammunition Shortage lifted "
                      "(11.6139)")


def _afv(r: Reph, s: SideState, v: Unit) -> None:
    """11.6131 for each AFV in a friendly-Controlled Location."""
    if v.id in fact(r, "remanned", []) and "abandoned" in v.flags and not v.isolated:
        v.flags.discard("abandoned")
        r.say(f"{s.name} remans {v.id} {v.type}; the remanning unit begins the next scenario manning it (11.6131)")
    shock = fact(r, "shock", {}).get(v.id)
    if shock:
        r.say(f"{s.name} {v.id} {v.type}: Shock/UK dr (C7.42) until it ends: {shock} (11.6131)")
        if shock == "eliminated":
            lose(r, v, "did not recover from Shock/UK (11.6131)")
            return
    bog = fact(r, "bog", {}).get(v.id)
    if bog:
        if bog == "immobilized":
            v.flags.add("immobilized")
        r.say(f"{s.name} {v.id} {v.type}: Bog Removal (D8.3) until unbogged or immobilized: {bog} (11.6131)")
    if "immobilized" in v.flags and "abandoned" not in v.flags:
        mods = {}
        if armor_leader_drm(s, v):
            mods["armor-leader"] = armor_leader_drm(s, v)
        for name, on in (("non-qualified", v.id in fact(r, "non_qualified", [])), ("isolated", bool(v.isolated)),
                         ("inexperienced", "inexperienced" in v.flags)):
            if on:
                mods[name] = True
        trace = r.roll("rb.immobilization_removal", f"Immobilization Removal: {v.label} (11.6131)", side=s.name,
                       mods=mods)
        if trace.effect.get("repaired"):
            v.flags.discard("immobilized")
        r.say(f"{s.name} {v.id} {v.type}: dr {trace.original} Final {trace.final}, {trace.result}")


def _weapon_repair(r: Reph, s: SideState) -> None:
    """11.6132: a dr for each malfunctioned non-Captured Retained Weapon (-2 vehicular-mounted, -1 Russian MG/ATR,
    +1 only Non-Qualified Use, +1 Isolated): <= 2 Repaired; >= 3 Eliminated, a vehicular one Disabled (its MA: the
    AFV is placed under Recall)."""
    for unit in [u for u in s.retained() if "malfunctioned" in u.flags and "captured" not in u.flags]:
        mods = {}
        for name, on in (("vehicle", unit.kind == "vehicle"),
                         ("russian-mg-atr", s.name == "Russian" and ("MG" in unit.type or unit.type == "ATR")),
                         ("non-qualified", unit.id in fact(r, "non_qualified", [])), ("isolated", bool(unit.isolated))):
            if on:
                mods[name] = True
        trace = r.roll("rb.weapon_repair", f"Repair of {unit.label} (11.6132)", side=s.name, mods=mods)
        r.say(f"{s.name} {unit.id} {unit.type}: repair dr {trace.original} Final {trace.final}, {trace.result}")
        unit.flags.discard("malfunctioned")
        if trace.effect.get("repaired"):
            continue
        if unit.kind == "vehicle":
            unit.flags |= {"ma-disabled", "recall"}
            r.say(f"{unit.id}'s Main Armament is Disabled; the AFV is placed under Recall (11.6132, 11.6141)")
        else:
            lose(r, unit, "failed its repair (11.6132)")


def _mg_exchange(r: Reph, s: SideState) -> None:
    """11.6133: a Disabled non-Captured, non-Isolated AFV MG is repaired by Eliminating a friendly non-Isolated
    Retained LMG (repair.mg_exchange)."""
    vehicles = [u for u in s.retained("vehicle") if "mg-disabled" in u.flags and "captured" not in u.flags
                and not u.isolated]
    mg_exchange(r, s, "11.6133", vehicles,
                lambda v: next((u for u in s.retained("sw") if u.type == "LMG" and not u.isolated), None))


def _ft_dc(r: Reph, s: SideState) -> None:
    """11.6134: a FT/DC removed from play is Retained by its owner only if the Original effects DR was <= 10; never
    more DC, nor more FT, than the side's non-Isolated Assault Engineer squads."""
    engineers = assault_engineers(s)
    kept = {"FT": 0, "DC": 0}
    for unit_id, dr in fact(r, "ft_dc", {}).items():
        unit = s.unit(unit_id)
        if unit is None:
            continue
        kind = "FT" if unit.type == "FT" else "DC"
        if dr <= 10 and kept[kind] < engineers:
            kept[kind] += 1
            unit.status = "Retained"
            r.say(f"{s.name} {unit.id} {unit.type} Retained: Original effects DR {dr} <= 10 (11.6134)")
        else:
            why = f"Original effects DR {dr} > 10" if dr > 10 else f"only {engineers} Assault Engineer squads"
            eliminate(r, unit, f"{why} (11.6134)")


def _captured(r: Reph, s: SideState) -> None:
    """11.6135 Captured Weapon, 11.6136 Captured AFV (repair.captured_weapons, shared with OtO2 7.5135-7.5136)."""
    captured_weapons(r, s, "rb.captured_weapon", "11.6135", "11.6136")


# --- 11.614-11.615 ------------------------------------------------------------------------------

def win_loss_poor(r: Reph, side: str) -> bool:
    """11.6142 drm: the side's win:loss ratio is <= 1:2, once >= two CG scenarios are completed."""
    if len(r.c.scenarios) < 2:
        return False
    wins = sum(1 for sc in r.c.scenarios if sc.winner == side)
    losses = sum(1 for sc in r.c.scenarios if sc.winner not in (side, "none", ""))
    return losses > 0 and 2 * wins <= losses


@step("armor_withdrawal")
def armor_withdrawal(r: Reph) -> None:
    """11.614: 11.6141 each Mobile non-Isolated AFV under Recall is Eliminated (an Isolated one keeps Recall and
    Ammunition Shortage); 11.6142 a Secret dr for each non-Isolated, non-Dug-In AFV Pltn [EXC: German SPW Pltn] that
    has been on the map: 6 (-1 if win:loss <= 1:2) Withdraws it with its armor leaders; 11.6143 an Isolated Mobile AFV
    of a Withdrawn Pltn instead rolls for Recall in each friendly RPh."""
    for unit_id in fact(r, "on_map", []):
        find(r, unit_id).flags.add("been-on-map")
    for unit_id in fact(r, "dug_in", []):
        find(r, unit_id).flags.add("dug-in")
    for side, s in r.c.sides.items():
        for v in s.retained("vehicle"):
            if "recall" in v.flags and "immobilized" not in v.flags:
                if v.isolated:
                    v.flags.add("ammo-shortage")
                    r.say(f"{side} {v.id} {v.type} is Isolated: it begins the next scenario under Recall (11.6141)")
                else:
                    lose(r, v, "Mobile, non-Isolated and under Recall (11.6141)")
        for p in s.purchases:
            if not p.rg.startswith("A") or "SPW" in p.title:
                continue
            platoon = [v for v in s.retained("vehicle") if v.rg == p.line]
            present = [v for v in platoon if not v.isolated and "dug-in" not in v.flags]
            if not present or not any("been-on-map" in v.flags for v in s.units if v.rg == p.line):
                continue
            mods = {"losing": True} if win_loss_poor(r, side) else {}
            trace = r.roll("rb.afv_platoon_withdrawal", f"AFV Platoon Withdrawal: {p.rg} {p.title} (11.6142)",
                           side=side,
                           mods=mods, secret=r.computer(side))
            r.say(f"{side} {p.rg} {p.title}: dr {trace.original} Final {trace.final}, {trace.result} (11.6142)",
                  secret=side)
            if trace.result != "Withdrawn":
                continue
            for v in platoon:
                if not v.isolated:
                    lose(r, v, f"{p.rg} Platoon Withdrawn (11.6142)")
                elif "immobilized" not in v.flags:
                    v.flags.add("withdrawing")
                    r.say(f"{side} {v.id} is Isolated: not Withdrawn; in each friendly RPh of the next scenario a dr "
                          "<= the turn number places it under Recall (rb.isolated_afv_recall; 11.6143)")
            for leader in s.retained("armor-leader"):
                if leader.rg == p.line:
                    lose(r, leader, f"armor leader of the Withdrawn {p.rg} (11.6142)")


def removal_parser(items: list[dict]):
    def parse(raw) -> list[int]:
        try:
            numbers = [int(w) for w in words(raw)]
        except (TypeError, ValueError):
            raise SoloError("removal: give the item numbers, e.g. [1, 2]") from None
        if any(not 1 <= n <= len(items) for n in numbers) or len(set(numbers)) != len(numbers):
            raise SoloError(f"removal: item numbers run from 1 to {len(items)}, each once (11.615: one attempt per "
                            "item)")
        return numbers
    return parse


@step("fortification_removal")
def fortification_removal(r: Reph) -> None:
    """11.615 Fortification Removal: one dr per Known wire/minefield/Entrenchment (A-T Ditch included) in a friendly-
    Controlled non-Isolated Location, or Roadblock whose both Locations the side Controls (the facts list them; all
    A-P mines first): <= 3 Eliminated (all mines of the Location); an Original 6 Casualty-Reduces a non-Isolated elite
    MMC (Assault Engineer first)."""
    for side, s in r.c.sides.items():
        items = [i for i in fact(r, "removal", []) if i["side"] == side]
        if not items:
            continue
        listing = "; ".join(f"{n}: {i['item']} ({i['where']})" for n, i in enumerate(items, 1))
        picks = r.ask("removal", f"11.615 Fortification Removal: which items (numbers)? {listing}",
                      removal_parser(items),
                      side=side, context={"reph": r, "items": items}, example="removal = [1, 2]")
        engineers = assault_engineers(s)
        for n in picks:
            item = items[n - 1]
            fortify.removal(r, s, item, "rb.fortification_removal", "11.615", fortify.removal_mods(item, engineers),
                            "{side} removal of {item[item]} ({item[where]}): dr {trace.original} Final {trace.final}, "
                            "{trace.result}")


# --- 11.616-11.618 ------------------------------------------------------------------------------

@step("cpp")
def cpp(r: Reph) -> None:
    """11.616 CPP Replenishment: a Secret DR with the Historical DRM, +1 if the side chose Attack on the previous CG
    Day, -1 per 20 CVP it suffered on the previous CG Day and by its units Eliminated in this RePh (losses.lose);
    11.6162 Start + Repl = Total on the CG Roster."""
    for side, s in r.c.sides.items():
        mods: Mods = {"historical": r.historical(side)}
        if attacked_yesterday(r, side):
            mods["attack"] = True
        played = scenario_yesterday(r)
        suffered = played.cvp.get(r.c.other(side), 0) if played else 0
        if r.rules >= 3:  # "(including friendly units[s] Eliminated since the last scenario during the current CG
            suffered += reph_cvp(r, r.c.other(side))  # Day's RePh; e.g., Recalled or Withdrawn AFV)": issue 20.17
        if suffered:
            mods["cvp"] = suffered
        trace = r.roll("rb.cpp_replenishment", "CPP Replenishment (11.616)", side=side, mods=mods,
                       secret=r.computer(side))
        line = s.roster[r.c.date]
        line.repl = trace.effect["cpp"]
        line.total = line.start + line.repl
        s.cpp = line.total
        r.say(f"{side} CPP: DR {trace.original} Final {trace.final}; Start {line.start} + Repl {line.repl} = Total "
              f"{line.total} (11.6162)", secret=side)


def scenarios_counted(r: Reph) -> int:
    """11.617 +2 DRM: scenarios completed since the CG start or since the last Idle Day, the side's choice (fewer)."""
    idle = [h["date"] for h in r.c.history if h["type"] == "Idle Day"]
    if not idle:
        return len(r.c.scenarios)
    last = r.c.dates.index(idle[-1])
    return min(len(r.c.scenarios), sum(1 for sc in r.c.scenarios if r.c.dates.index(sc.date) > last))


def rg_class(r: Reph, side: str, rg_id: str) -> str:
    """The class of the squads an Infantry Coy RG gives ("" for any other RG)."""
    g = r.rg(side, rg_id)
    if not (g.letter == "I" and "Coy" in g.title):
        return ""
    try:
        return unit_type(g.units.split()[-1], side).klass
    except SoloError:
        return ""


@step("elr")
def elr(r: Reph) -> None:
    """11.617 ELR Loss/Gain (rb.elr_loss_gain, day.elr_loss_gain). DRM: -1 won yesterday's scenario, -2 per
    Idle Day since the last scenario, -2 per elite / -1 per first-line Infantry Coy or AFV Pltn [EXC: SPW] bought on
    the previous CG Day, +1 Attack chit on the previous CG Day (the German is assumed to attack in the Initial
    Scenario), +2 per scenario since the CG start or the last Idle Day, the Historical DRM."""
    previous = previous_day(r)

    def mods(side: str) -> dict:
        bought = [p for p in r.side(side).purchases if p.date == previous and not p.given]
        elite = sum(1 for p in bought if rg_class(r, side, p.rg) == "elite")
        first = sum(1 for p in bought if rg_class(r, side, p.rg) == "first-line" or day.elr_afv_pltn(p))
        played = scenario_yesterday(r)
        attack = attacked_yesterday(r, side) or (side == "German" and not r.c.history)
        given = {"won": bool(played) and played.winner == side, "idle": r.c.idle_days, "elite-coy": elite,
                 "first-line": first, "attack": bool(attack)}
        return {"historical": r.historical(side), "scenarios": scenarios_counted(r)} | {
            k: v for k, v in given.items() if v
        }

    day.elr_loss_gain(r, "rb.elr_loss_gain", "ELR Loss/Gain (11.617)", mods,
                      "{side} ELR DR {trace.original} Final {trace.final}: {trace.result}; ELR {elr} (8-3-8s/3-3-8s "
                      "always ELR 5; no Battlefield Integrity) (11.617)")


@step("weather")
def weather(r: Reph) -> None:
    """11.618 Weather and EC: the Russian rolls a DR on the RB Weather Table (-1 after an Overcast day), then a dr on
    the RB EC Table (-3 after Overcast, -1 after Fog/Mist, -1 in November, +1 after a Dry EC) (day.weather_and_ec)."""
    previous = previous_day(r)
    was, was_ec = r.c.weather.get(previous, ""), r.c.ec.get(previous, "")
    traces = day.weather_and_ec(r, "Russian", ("rb.weather", "Weather (11.618)", {"overcast": was == "Overcast"}),
                                ("rb.ec", "EC (11.618)", {"overcast": was == "Overcast", "fog": was == "Fog/Mist",
                                                          "november": r.c.date.endswith("Nov"),
                                                          "dry": was_ec == "Dry"}))
    r.say(f"{day.weather_line(*traces)}; Wind is rolled in 11.6241 (11.618)")
