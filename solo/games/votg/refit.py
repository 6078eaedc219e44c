"""Valor of the Guards Refit Phase 12.614-12.620: new CG Day, SAN and Booby Traps, equipment repair with Labor
status, Armor Recall and Redeployment, Fortification Removal, CPP (with German Support CPP and the Counterattack
halving), ELR, Weather and EC (seed 001)."""

import math
import re

from solo.campaign.reph import Reph, step
from solo.campaign.state import Unit
from solo.campaign.steps import day, fortify
from solo.campaign.steps.day import assault_engineers
from solo.campaign.steps.losses import capture, eliminate, find, lose, reph_cvp
from solo.campaign.steps.repair import captured_weapons
from solo.games.votg.aftermath import COUNTERATTACK, fact
from solo.rules.resolve import Mods
from solo.rules.units import unit_type

SUPPORT = "support-cpp:"  # + the German Support CPP still to spend on non-Infantry RG (12.6181)
MMC = re.compile(r"\d{1,2}-\d{1,2}-\d{1,2}")


def support_cpp(r: Reph) -> int:
    return next((int(f[len(SUPPORT):]) for f in r.c.flags if f.startswith(SUPPORT)), 0)


def set_support_cpp(r: Reph, n: int) -> None:
    r.c.flags = {f for f in r.c.flags if not f.startswith(SUPPORT)} | ({f"{SUPPORT}{n}"} if n else set())


def last_day(r: Reph) -> list[dict]:
    """The Initiatives of the last CG Day one was determined on ("the previous CG Day" of 12.618/12.619: the Day just
    played, or the last Idle Day); a Counterattack Day has two."""
    entries = list(r.c.history)
    if r.c.initiative and r.c.initiative not in entries:
        entries.append(r.c.initiative)
    return [e for e in entries if e["date"] == entries[-1]["date"]] if entries else []


def attacked(r: Reph, side: str) -> bool:
    return any(e.get("chits", {}).get(side) == "Attack" for e in last_day(r))


@step("new_day")
def new_day(r: Reph) -> None:
    """12.6141 a new CG Day; 12.6142 SAN Adjustment (SAN >= 4: dr + (SAN - 4), Final >= 5 lowers it by one; SAN 0 is
    raised to 2); 12.6143 Booby Trap deactivation (Level A or B: Russian dr, an Original 6 lowers it one Level)."""
    day.new_day(r, "votg.san_adjustment", "12.6142", 4, 0)
    fortify.booby_deactivation(r, "votg.booby_trap_deactivation", "12.6143")


# --- 12.615 Equipment Repair & Replenishment ---------------------------------------------------

def _captured_wreck(r: Reph, v) -> None:
    """12.6156: a Captured AFV with no functioning Weapon becomes a Wreck, Retained as one (12.6151f: a Captured enemy
    Wreck is never repaired)."""
    v.flags.add("wreck")
    r.say(f"Captured {v.id} {v.type} has no functioning Weapon: it becomes a Wreck (12.6156)")


def _captured_switch(r: Reph) -> None:
    if r.rules < 3:  # from rules 3 captured at the scenario's end (losses.captured_in_play)
        capture(r, fact(r, "captured", []), once=True)


@step("field_maintenance")
def field_maintenance(r: Reph) -> None:
    """12.6151 a) an abandoned non-Isolated AFV in a friendly-Controlled Location may be re-manned (the unit begins
    the next scenario in it); b) Shocked/UK AFV (the copy is cut: the recuperation results come from the facts);
    c) a manned bogged AFV makes Bog Removal attempts (D8.3) on the map until unbogged or immobilized."""
    _captured_switch(r)
    for side, s in r.c.sides.items():
        crews = [u for u in s.retained("crew", "squad", "hs") if not u.isolated]
        for v in [v for v in s.retained("vehicle") if "abandoned" in v.flags and not v.isolated]:
            if crews:
                crew = crews.pop()
                v.flags.discard("abandoned")
                crew.detail["manning"] = v.id
                r.say(f"{side} {crew.id} {crew.type} re-mans abandoned {v.id} {v.type}; it begins the next scenario in "
                      "it (12.6151a)")
    for unit_id, outcome in fact(r, "shock", {}).items():
        unit = find(r, unit_id)
        if outcome == "eliminated":
            lose(r, unit, "did not recuperate from Shock/UK (12.6151b)")
    for unit_id, outcome in fact(r, "bog", {}).items():
        unit = find(r, unit_id)
        if outcome == "immobilized":
            unit.flags.add("immobilized")
        r.say(f"{unit.side} {unit.id} {unit.type}: Bog Removal {outcome}" +
              (" and cleared from the map" if outcome == "unbogged" and not unit.isolated else "") + " (12.6151c)")


@step("recovery")
def recovery(r: Reph) -> None:
    """12.6151d a dr for each friendly non-Isolated immobilized AFV or Wreck (not Burnt-Out) [EXC: an Isolated one with
    a path free of enemy Control]: +2 Isolated, -2 in friendly Perimeter, +2 Dug-In; <= 4 Recovered (Retained,
    cleared from the map); an Original 6 makes a Wreck a Burnt-Out-Wreck."""
    for unit_id in fact(r, "wrecks", []):
        find(r, unit_id).flags.add("wreck")
    outside = fact(r, "outside_perimeter", [])
    for side, s in r.c.sides.items():
        for v in [
            u
            for u in s.units
            if u.kind == "vehicle"
            and "captured" not in u.flags
            and "recovered" not in u.flags
            and (("wreck" in u.flags and "burnt-out" not in u.flags) or (u.retained and "immobilized" in u.flags))
        ]:
            if v.isolated and v.id not in fact(r, "recovery_path", []):
                continue
            mods = {k: True for k,
                    on in (("isolated", v.isolated), ("perimeter", not v.isolated and v.id not in outside),
                                          ("dug-in", "dug-in" in v.flags)) if on}
            trace = r.roll("votg.afv_recovery", f"Recovery of {v.label} (12.6151d)", side=side, mods=mods)
            what = "Wreck" if "wreck" in v.flags else "AFV"
            if trace.effect.get("wreck") == "burnt-out" and what == "Wreck":
                v.flags.add("burnt-out")
                r.say(f"{side} Wreck {v.id} {v.type}: Original dr 6, unrecoverable: a Burnt-Out-Wreck (may be "
                      "Scrounged, 12.6082)")
            elif trace.effect.get("recovered"):
                v.flags.add("recovered")
                v.isolated = ""
                if what == "Wreck":
                    v.status = "Retained"
                r.say(f"{side} {what} {v.id} {v.type}: dr {trace.original} Final {trace.final}, Recovered: Retained "
                      "and cleared from the map (12.6151d)")
            else:
                r.say(f"{side} {what} {v.id} {v.type}: dr {trace.original} Final {trace.final}, Recovery unsuccessful; "
                      "it stays on the map (12.6151d)")


def labor(r: Reph, v, rule: str) -> None:
    """The '*' of 12.6151e/f: mark a -1 Labor counter, or flip it to -2."""
    if v.detail.get("labor", 0) > -2:
        v.detail["labor"] = v.detail.get("labor", 0) - 1
        r.say(f"{v.id} gets Labor {v.detail['labor']} ({rule} *)")


def _armor_leader_drm(s, v) -> int:
    leader = next((u for u in s.retained("armor-leader") if u.detail.get("in") == v.id), None)
    return unit_type(leader.type, s.name).modifier if leader else 0


@step("immobilization_repair")
def immobilization_repair(r: Reph) -> None:
    """12.6151e a dr for each Retained immobilized AFV or manned, Isolated immobilized AFV: armor leader DRM if
    Isolated, +1 only Non-Qualified Use, +1 Isolated, +1 Inexperienced Crew, -1/-2 Labor; <= 2 Mobile."""
    for side, s in r.c.sides.items():
        for v in [u for u in s.retained("vehicle") if "immobilized" in u.flags and "wreck" not in u.flags
                  and not (u.isolated and "abandoned" in u.flags)]:
            mods: Mods = {k: True for k, on in (("non-qualified", "captured" in v.flags), ("isolated", v.isolated),
                                          ("inexperienced", "inexperienced" in v.flags)) if on}
            if v.isolated and _armor_leader_drm(s, v):
                mods["armor-leader"] = _armor_leader_drm(s, v)
            if v.detail.get("labor"):
                mods["labor"] = v.detail["labor"]
            trace = r.roll("votg.immobilization_repair", f"Immobilization repair of {v.label} (12.6151e)", side=side,
                           mods=mods)
            r.say(f"{side} {v.id} {v.type}: dr {trace.original} Final {trace.final}, {trace.result.rstrip('*')}")
            if trace.effect.get("repaired"):
                v.flags.discard("immobilized")
                v.detail.pop("labor", None)
            else:
                labor(r, v, "12.6151e")


@step("wreck_repair")
def wreck_repair(r: Reph) -> None:
    """12.6151f a dr for each Retained Wreck [EXC: a Captured enemy Wreck]: -1 German, +1 partially armored, -1/-2
    Labor; <= 2 Repaired, fully functional; an Original 6 is a total loss (Eliminated)."""
    for side, s in r.c.sides.items():
        for v in [u for u in s.retained("vehicle") if "wreck" in u.flags and "captured" not in u.flags]:
            mods = {k: True for k, on in (("german", side == "German"),
                                          ("partially-armored", "partially-armored" in v.flags)) if on}
            if v.detail.get("labor"):
                mods["labor"] = v.detail["labor"]
            trace = r.roll("votg.wreck_repair", f"Repair of Wreck {v.label} (12.6151f)", side=side, mods=mods)
            if trace.effect.get("wreck") == "eliminated":
                v.status = "Eliminated"
                r.say(f"{side} Wreck {v.id} {v.type}: Original dr 6, a total loss: Eliminated (12.6151f)")
            elif trace.effect.get("repaired"):
                v.flags -= {"wreck", "recovered", "immobilized", "ma-disabled"}
                v.detail.pop("labor", None)
                r.say(f"{side} Wreck {v.id} {v.type}: dr {trace.original} Final {trace.final}, Repaired: fully "
                      "functional (12.6151f)")
            else:
                r.say(f"{side} Wreck {v.id} {v.type}: dr {trace.original} Final {trace.final}, no change (12.6151f)")
                labor(r, v, "12.6151f")


def repair_number(r: Reph, unit) -> int:
    repair = r.defn.raw["weapons"]["repair"]
    return repair.get(unit.type, repair["vehicle"] if unit.kind == "vehicle" else repair["gun"])


@step("weapon_repair")
def weapon_repair(r: Reph) -> None:
    """12.6152 Weapon Repair (<= 1 Repaired, else Eliminated / Disabled if vehicular; a Disabled MA makes the AFV a
    Wreck); 12.6153 AFV MG exchange; 12.6155 Captured Weapons (dr >= 3 Eliminated); 12.6156 a Captured AFV with
    no functioning Weapon becomes a Wreck; 12.6157-.6159 ammunition restored."""
    for side, s in r.c.sides.items():
        for unit in [u for u in s.retained() if "malfunctioned" in u.flags and "captured" not in u.flags]:
            mods = {"repair": -repair_number(r, unit)}
            for name, on in (("vehicle", unit.kind == "vehicle"), ("isolated", unit.isolated),
                             ("russian-mg-atr", side == "Russian" and ("MG" in unit.type or "ATR" in unit.type))):
                if on:
                    mods[name] = True
            trace = r.roll("votg.weapon_repair", f"Repair of {unit.label} (12.6152)", side=side, mods=mods)
            r.say(f"{side} {unit.id} {unit.type}: repair dr {trace.original} Final {trace.final}, "
                  + ("Repaired" if trace.effect.get("repaired") else "not repaired"))
            if trace.effect.get("repaired"):
                unit.flags.discard("malfunctioned")
            elif unit.kind == "vehicle":
                unit.flags = (unit.flags - {"malfunctioned"}) | {"ma-disabled", "wreck"}
                r.say(f"{unit.id}'s Main Armament is Disabled: the AFV is Retained as a Wreck (12.6152 *, 12.615d)")
            else:
                lose(r, unit, "failed its repair (12.6152)")
        if r.rules >= 3:  # issue 20.23: 12.6155-12.6156 print OtO2's 7.5135-7.5136 and RB's 11.6135-11.6136
            captured_weapons(r, s, "votg.captured_weapon", "12.6155", "12.6156", lambda v: _captured_wreck(r, v))
        for unit in [u for u in s.retained("sw", "gun", "vehicle") if "captured" in u.flags and r.rules < 3]:
            if "malfunctioned" in unit.flags or "ma-disabled" in unit.flags:
                eliminate(r, unit, "an already malfunctioned Captured Weapon (12.6155)"
                          + ("; the AFV becomes a Wreck (12.6156)" if unit.kind == "vehicle" else ""))
                continue
            trace = r.roll("votg.captured_weapon", f"Captured {unit.label} (12.6155)", side=side)
            if trace.effect.get("eliminated"):
                if unit.kind == "vehicle":
                    unit.flags |= {"ma-disabled", "wreck"}
                    r.say(f"Captured {unit.id} {unit.type}: dr {trace.original}, its MA Disabled (no Recall); with no "
                          "functioning Weapon it becomes a Wreck (12.6155-.6156)")
                else:
                    eliminate(r, unit, f"Captured Weapon, dr {trace.original} (12.6155)")
        for unit in s.retained():
            if not unit.isolated:
                unit.flags -= {"ammo-shortage", "low-ammo"}
        r.say(f"{side}: a Disabled non-Isolated AFV MG may be repaired by Eliminating a non-Isolated LMG (12.6153); "
              "Depleted special ammo restored to non-Isolated Guns (12.6157); Low Ammo removed (12.6158) and "
              "non-Isolated Ammunition Shortage lifted (12.6159). 12.6154 (FT/DC) is cut in this copy: apply it from "
              "your rules")


# --- 12.616 - 12.617 ------------------------------------------------------------------------------

def win_loss_low(r: Reph, side: str) -> bool:
    """12.6162 *: the side's win:loss ratio is <= 1:2, once > two CG scenarios have been completed."""
    wins = sum(1 for s in r.c.scenarios if s.winner == side)
    losses = sum(1 for s in r.c.scenarios if s.winner == r.c.other(side))
    return len(r.c.scenarios) > 2 and 2 * wins <= losses


@step("redeployment")
def redeployment(r: Reph) -> None:
    """12.6161 Recall: a Mobile non-Isolated AFV under Recall returns to Good Order (a Disabled MA makes it a Wreck);
    an Isolated one stays under Recall with Ammunition Shortage. 12.6162 a Secret dr for each non-Isolated,
    non-Dug-In AFV Pltn that had an AFV on the map: >= 6 it is Redeployed (removed with its armor leaders); a
    Redeployed Pltn re-enters play on <= 5 with the Historical DRM. The "+2 If German and date is on/" drm has
    lost its date in this copy and is not applied."""
    for unit_id in fact(r, "on_map", []):
        find(r, unit_id).flags.add("been-on-map")
    for side, s in r.c.sides.items():
        for v in [u for u in s.retained("vehicle") if "recall" in u.flags and "immobilized" not in u.flags]:
            if v.isolated:
                v.flags.add("ammo-shortage")
            elif "ma-disabled" in v.flags:
                v.flags = (v.flags - {"recall"}) | {"wreck"}
                r.say(f"{side} {v.id} {v.type}: under Recall with its MA Disabled, Retained as a Wreck (12.6161)")
            else:
                v.flags.discard("recall")
                r.say(f"{side} {v.id} {v.type} returns to Good Order from Recall (12.6161)")
        platoons: dict[int, list[Unit]] = {}
        for v in s.units:
            if v.kind == "vehicle" and v.rg and (v.retained or v.status == "Redeployed") and "wreck" not in v.flags:
                platoons.setdefault(v.rg, []).append(v)
        for line, vehicles in sorted(platoons.items()):
            _platoon(r, s, line, vehicles)


def _platoon(r: Reph, s, line: int, vehicles: list) -> None:
    away = [v for v in vehicles if v.status == "Redeployed"]
    mods: Mods = {"losing": True} if win_loss_low(r, s.name) else {}
    if away:
        mods["historical"] = r.historical(s.name)
        trace = r.roll("votg.afv_platoon_redeployment", f"Redeployed AFV Pltn (line {line}) re-entering "
                       "(12.6162)", side=s.name, mods=mods, secret=r.computer(s.name))
        back = not trace.effect.get("removed")
        if back:
            for u in away + [
                a for a in s.units if a.kind == "armor-leader" and a.status == "Redeployed" and a.rg == line
            ]:
                u.status = "Retained"
        r.say(f"{s.name} Redeployed AFV Pltn line {line}: dr {trace.original} Final {trace.final}, "
              + ("back in play" if back else "still away") + " (12.6162)", secret=s.name)
        return
    home = [v for v in vehicles if not v.isolated and "dug-in" not in v.flags]
    if not home or not any("been-on-map" in v.flags for v in vehicles):
        return
    trace = r.roll("votg.afv_platoon_redeployment", f"AFV Pltn {home[0].type} (line {line}) Redeployment "
                   "(12.6162)", side=s.name, mods=mods, secret=r.computer(s.name))
    if trace.effect.get("removed"):
        for u in home + [a for a in s.retained("armor-leader") if a.detail.get("in") in {v.id for v in home}]:
            u.status = "Redeployed"
        isolated = [v.id for v in vehicles if v.isolated]
        r.say(f"{s.name} AFV Pltn line {line}: dr {trace.original} Final {trace.final}, Redeployed: "
              f"{', '.join(v.id for v in home)} leave play" + (f"; Isolated {', '.join(isolated)} dr for Recall in "
                                                              "each friendly RPh (12.6163)" if isolated else ""),
              secret=s.name)
    else:
        r.say(f"{s.name} AFV Pltn line {line}: dr {trace.original} Final {trace.final}, Retained (12.6162)",
              secret=s.name)


@step("fortification_removal")
def fortification_removal(r: Reph) -> None:
    """12.617 a dr for each Known wire/minefield/entrenchment/Roadblock a side tries to Eliminate (the facts' removal
    list): +2 in a Front Line Location (Roadblock: along its hexside), +1 ADJACENT to one, -1 with >= three
    non-Isolated Assault Engineer squads; <= 3 Eliminated (all mines of a minefield Location); an Original 6
    Casualty Reduces a non-Isolated elite MMC."""
    for item in fact(r, "removal", []):
        s = r.side(item["side"])
        fortify.removal(r, s, item, "votg.fortification_removal", "12.617",
                        fortify.removal_mods(item, assault_engineers(s)),
                        "{side} removal of {item[item]} ({item[where]}): dr {trace.original} Final {trace.final}, "
                        "{result}")


# --- 12.618 - 12.620 ------------------------------------------------------------------------------

@step("cpp")
def cpp(r: Reph) -> None:
    """12.618 CPP Replenishment: a Secret DR (Historical DRM, +1 Attack chit on the previous CG Day, -1 per 20 CVP
    suffered in the previous scenario and by its units Eliminated in this RePh: losses.lose). 12.6253: in the RePh
    before a Counterattack the German's CPP are halved (FRU), and the Russian's on the final CG Day; in the RePh right
    after it the Russian's. 12.6181 German Support CPP: +6 after a scenario the German chose Attack for (none after a
    Counterattack: he is Idle), only for non-Infantry RG."""
    before = COUNTERATTACK in r.c.flags
    after = bool(r.c.scenarios) and r.c.scenarios[-1].type == "Russian Counterattack"
    for side, s in r.c.sides.items():
        mods: Mods = {"historical": r.historical(side)}
        if attacked(r, side):
            mods["attack"] = True
        suffered = r.c.scenarios[-1].cvp.get(r.c.other(side), 0) if r.c.scenarios else 0
        if r.rules >= 3:  # "(including friendly unit[s] Eliminated since the last scenario during the current CG Day's
            suffered += reph_cvp(r, r.c.other(side))  # RePh)": issue 20.17
        if suffered:
            mods["cvp"] = suffered
        trace = r.roll("votg.cpp_replenishment", "CPP Replenishment (12.618)", side=side, mods=mods,
                       secret=r.computer(side))
        repl = trace.effect["cpp"]
        halve = (before and (side == "German" or r.c.is_last_date)) or (after and side == "Russian")
        if halve:
            repl = math.ceil(repl / 2)
        chose = (r.c.initiative or {}).get("chits", {}).get(side)  # the scenario just played (not a Counterattack's)
        support = r.defn.raw["limits"]["support_cpp"] if side == "German" and chose == "Attack" else 0
        if support:
            set_support_cpp(r, support_cpp(r) + support)
        line = s.roster[r.c.date]
        s.cpp += repl + support
        line.repl += repl + support
        line.total = s.cpp
        r.say(f"{side} CPP: DR {trace.original} Final {trace.final}, {trace.result}" + (", halved (FRU) to "
              f"{repl} (12.6253)" if halve else "") + (f", + {support} Support CPP for non-Infantry RG (12.6181)"
              if support else "") + f": {s.cpp} CPP (12.618)", secret=side)


def bought_on(r: Reph, s, date: str | None) -> dict:
    """What 12.619 counts among the RG a side purchased on ``date``: elite and first-line Infantry Coys, AFV Pltns
    (issue 20.16: saves of rules 3 on), Infantry Pltns [EXC: MOL-P/HW]."""
    counts = {"elite-coy": 0, "first-line": 0, "pltn": 0}
    for p in s.purchases:
        if p.date != date or p.given:
            continue
        if r.rules >= 3 and day.elr_afv_pltn(p):  # 12.619 "-1 Per friendly first-line-Infantry Coy/[AFV Pltn]"
            counts["first-line"] += 1
        if not p.rg.startswith("I"):
            continue
        title = p.title
        if "Pltn" in title:
            counts["pltn"] += not ("HW" in title or "MOL-P" in title)
            continue
        g = r.chart(s.name).get(p.rg)
        found = MMC.search(g.units if g else "")
        klass = unit_type(found[0], s.name).klass if found else ""
        if klass == "elite":
            counts["elite-coy"] += 1
        elif klass == "first-line":
            counts["first-line"] += 1
    return counts


def since_idle(r: Reph, kind: str = "") -> int:
    """Scenarios (of ``kind``: "night") completed since the start of the CG or since the last Idle Day, the side's
    choice: the smaller count (12.619)."""
    count, since = 0, 0
    for entry in r.c.history:
        if entry.get("type") == "Idle Day":
            since = 0
        elif not kind or entry.get(kind):
            since += 1
            count += 1
    if not kind:
        count = len(r.c.scenarios)
    return min(count, since) if any(e.get("type") == "Idle Day" for e in r.c.history) else count


@step("elr")
def elr(r: Reph) -> None:
    """12.619 ELR Loss/Gain (votg.elr_loss_gain, its thresholds read as RB 11.617; day.elr_loss_gain): -1 per scenario
    won on the previous CG Day, -2 per Idle Day since the last scenario, -2 per elite Infantry Coy and -1 per
    first-line Infantry Coy or AFV Pltn bought on the previous CG Day, -1 per two (FRU) Infantry Pltn, +1 Attack chit,
    +2 per scenario since the start or the last Idle Day, Historical DRM, German +1 per Night scenario."""
    days = last_day(r)
    previous = days[0]["date"] if days else r.c.dates[max(0, r.c.dates.index(r.c.date) - 1)]

    def mods(side: str) -> dict:
        given = {"won": sum(1 for sc in r.c.scenarios if sc.date == previous and sc.winner == side),
                 "idle": r.c.idle_days, "attack": attacked(r, side),
                 "night": since_idle(r, "night") if side == "German" else 0, **bought_on(r, r.side(side), previous)}
        return {"historical": r.historical(side), "scenarios": since_idle(r)} | {k: v for k, v in given.items() if v}

    day.elr_loss_gain(r, "votg.elr_loss_gain", "ELR Loss/Gain (12.619)", mods,
                      "{side} ELR DR {trace.original} Final {trace.final}: ELR {elr} (12.619)")


@step("weather")
def weather(r: Reph) -> None:
    """12.620 the Russian makes a DR on the VotG Weather Table (-1 after an Overcast Day), then a dr for the EC (-3
    after Overcast, -1 after Fog/Mist, +1 after Dry EC) (day.weather_and_ec). Wind comes at 12.6261."""
    index = r.c.dates.index(r.c.date)
    previous = r.c.dates[index - 1] if index else ""
    was, ec_was = r.c.weather.get(previous, ""), r.c.ec.get(previous, "")
    traces = day.weather_and_ec(r, "Russian", ("votg.weather", "Weather (12.620)", {"overcast": was == "Overcast"}),
                                ("votg.ec", "EC (12.620)", {"overcast": was == "Overcast", "fog": was.startswith("Fog"),
                                                            "dry": ec_was == "Dry"}))
    r.say(f"{r.c.date}: {day.weather_line(*traces)}; record them on the CG Roster (12.620)")
