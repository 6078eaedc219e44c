"""RePh steps 7.512-7.517: the new CG Date, SAN, equipment repair, removal, CPP, ELR and weather."""

from solo.campaign import choices
from solo.campaign.reph import Reph, step
from solo.campaign.state import Unit
from solo.campaign.steps import day, fortify
from solo.campaign.steps.day import assault_engineers, new_day
from solo.campaign.steps.losses import capture
from solo.campaign.steps.repair import captured_weapons, equipment_by_side, mg_exchange
from solo.core.choices import words
from solo.core.errors import SoloError
from solo.games.oto2.aftermath import eliminate
from solo.rules.resolve import Mods
from solo.rules.units import unit_type


@step("new_date")
def new_date(r: Reph) -> None:
    """7.512: 7.5121 a new CG Date; 7.5122 SAN Adjustment (SAN >= 3: dr + (SAN - 4), Final >= 5 lowers it by one;
    SAN <= 1 is raised to 2)."""
    new_day(r, "oto2.san_adjustment", "7.5122", 3, 1)


def _armor_leader_drm(s, vehicle: Unit) -> int:
    leader = next((u for u in s.retained("armor-leader") if u.detail.get("in") == vehicle.id), None)
    return unit_type(leader.type, s.name).modifier if leader else 0


def _weapon_repair_number(r: Reph, unit: Unit) -> int:
    repair = r.defn.raw["weapons"]["repair"]
    return repair.get(unit.type, repair["vehicle"] if unit.kind == "vehicle" else repair["gun"])


@step("equipment")
def equipment(r: Reph) -> None:
    """7.513 Equipment Repair and Replenishment, 7.5131 a-d and 7.5132-7.51310."""
    f, after_23pm = r.c.facts, r.c.date == r.c.dates[2]
    if r.rules < 3:  # from rules 3 captured at the scenario's end (losses.captured_in_play)
        capture(r, f["captured"])
    for s in r.c.sides.values() if r.rules >= 3 else ():
        _remann(r, s)
    equipment_by_side(r, lambda r, s, v: _vehicle(r, s, v, after_23pm),
                      (_weapon_repair, _mg_exchange, _ft_dc, _captured, _abandon),
                      {"ammo-shortage"}, "{side}: Depleted special ammunition restored (7.5138); Low Ammo removed "
                      "and non-Isolated Ammunition Shortage lifted (7.5139); SW/Guns may be dismantled or assembled "
                      "(7.51310)")


def _vehicle(r: Reph, s, v: Unit, after_23pm: bool) -> None:
    """7.5131 a) abandoned vehicles may be re-manned, b) immobilization repair (only in the RePh after 23PM),
    c) AFV Recall, d) Stun recovery."""
    al = _armor_leader_drm(s, v)
    if "abandoned" in v.flags and r.rules < 3 and any(u.isolated == v.isolated
                                                      for u in s.retained("crew", "squad", "hs")):
        v.flags.discard("abandoned")  # 7.5131a before issue 20.27: re-manned unasked (_remann from rules version 3)
        r.say(f"{s.name} re-mans abandoned {v.id} {v.type} (7.5131a)")
    if "immobilized" in v.flags and after_23pm and "captured" not in v.flags and "abandoned" not in v.flags:
        mods: Mods = {k: True for k, on in (("front-line", v.id in r.c.facts["front_line"]), ("isolated", v.isolated),
                                      ("non-qualified", "non-qualified" in v.flags)) if on}
        if al:
            mods["armor-leader"] = al
        trace = r.roll("oto2.immobilization_repair", f"Immobilization repair of {v.label} (7.5131b)", side=s.name,
                       mods=mods)
        if trace.effect.get("repaired"):
            v.flags.discard("immobilized")
        r.say(f"{s.name} {v.id} {v.type} immobilization: dr {trace.original} Final {trace.final}, {trace.result}")
    if "recall" in v.flags and not v.isolated and "immobilized" not in v.flags:
        eliminate(r, v, "Mobile, non-Isolated and under Recall (7.5131c)")
        return
    if "low-ammo" in v.flags and not v.isolated:
        trace = r.roll("oto2.recall_low_ammo", f"Recalled for Low Ammunition: {v.label} (7.5131c)", side=s.name)
        v.flags.discard("held-back")
        if trace.effect.get("held_back"):
            v.flags.add("held-back")
        else:
            v.flags.discard("low-ammo")
            v.flags.add("enters-offboard")
        r.say(f"{s.name} {v.id} {v.type} (Low Ammo Recall) dr {trace.original}: {trace.result}")
    if "stunned" in v.flags:
        mods = {"isolated": True} if v.isolated else {}
        if al:
            mods["armor-leader"] = al
        trace = r.roll("oto2.vehicle_stun_recovery", f"Stun recovery of {v.label} (7.5131d)", side=s.name, mods=mods)
        if trace.effect.get("recovered"):
            v.flags.discard("stunned")
        elif trace.effect.get("eliminated"):  # read as Abandoned
            v.flags.discard("stunned")
            v.flags.add("abandoned")
        r.say(f"{s.name} {v.id} {v.type} Stun: dr {trace.original} Final {trace.final}, {trace.result}"
              + (" (the vehicle is Abandoned)" if trace.effect.get("eliminated") else ""))


def _remann(r: Reph, s) -> None:
    """7.5131a: "Each abandoned vehicle may remain abandoned, or may be re-manned and operated (as per A21.22 or
    D5.42/D6.631) by Personnel Retained within that Perimeter Area": the owner pairs each vehicle he re-mans with the
    crew, squad or HS that mans it; the others stay abandoned (issue 20.27; saves of rules version 3 on, before which
    any such Personnel re-manned each unasked). The Area is read by the Isolated type, as in 7.5133; a unit already
    manning a Retained vehicle or Gun is not free. A non-crew mans it by non-Qualified Use (A21.13): the +1 drm of
    7.5131b and 7.5132."""
    vehicles = [v for v in s.retained("vehicle") if "abandoned" in v.flags]
    manned = {u.id for u in s.retained("vehicle", "gun")}
    free = [u for u in s.retained("crew", "squad", "hs") if u.detail.get("manning") not in manned]
    if not vehicles or not free:
        return
    pairs = r.ask("remann", "7.5131a Abandoned vehicles may remain abandoned or be re-manned by Personnel Retained in "
                  f"their Perimeter Area: which unit mans which (vehicle=unit)? Vehicles: "
                  f"{', '.join(v.label for v in vehicles)}; Personnel: {', '.join(u.label for u in free)}",
                  _remann_parser(s, vehicles, free), side=s.name,
                  context={"reph": r, "vehicles": vehicles, "units": free},
                  example=f'remann = ["{vehicles[0].id}={free[0].id}"]')
    for v_id, unit_id in pairs.items():
        v, crew = s.unit(v_id), s.unit(unit_id)
        crew.detail["manning"] = v.id
        v.flags.discard("abandoned")
        if crew.kind != "crew":
            v.flags.add("non-qualified")
        r.say(f"{s.name} {crew.id} {crew.type} re-mans abandoned {v.id} {v.type}"
              + (" (non-Qualified Use, A21.13)" if crew.kind != "crew" else "") + " (7.5131a)")
    for v in vehicles:
        if v.id not in pairs:
            r.say(f"{s.name} {v.id} {v.type} remains abandoned (7.5131a)")


def _remann_parser(s, vehicles: list[Unit], free: list[Unit]):
    def parse(raw) -> dict[str, str]:
        pairs: dict[str, str] = {}
        for word in words(raw):
            v_id, sep, unit_id = str(word).replace(" ", "").partition("=")
            v, crew = s.unit(v_id), s.unit(unit_id)
            if not sep or v not in vehicles or crew not in free:
                raise SoloError(f"remann: {word!r}: give vehicle=unit, an abandoned vehicle of "
                                f"{', '.join(u.id for u in vehicles)} and Personnel of "
                                f"{', '.join(u.id for u in free)}")
            if v.id in pairs or crew.id in pairs.values():
                raise SoloError(f"remann: {word!r}: each vehicle is re-manned once, by one unit (7.5131a)")
            if v.isolated != crew.isolated:
                raise SoloError(f"remann: {crew.id} is not in {v.id}'s Perimeter Area (7.5131a)")
            pairs[v.id] = crew.id
        return pairs
    return parse


def _weapon_repair(r: Reph, s) -> None:
    """7.5132 Weapon Repair: a dr for each malfunctioned, non-Captured, Retained weapon; X# weapons are removed. A
    malfunctioned MG Cupola is repaired without a dr (4.1: "automatically repaired in the RePh (7.5132)"; issue 20.1,
    saves of rules version 3 on)."""
    for unit in [u for u in s.retained() if "malfunctioned" in u.flags and "captured" not in u.flags]:
        if unit.kind == "cupola" and r.rules >= 3:
            unit.flags.discard("malfunctioned")
            r.say(f"{s.name} {unit.id} {unit.type}: a Malfunctioned MG Cupola is automatically repaired (4.1, 7.5132)")
            continue
        if unit.type in r.defn.raw["weapons"]["x_number"]:
            eliminate(r, unit, "a malfunctioned X# weapon is removed from play (7.5132)")
            continue
        mods = {"repair": -_weapon_repair_number(r, unit)}
        if unit.kind == "vehicle":
            mods["vehicle"] = True
        if "non-qualified" in unit.flags:  # 7.5131a: re-manned by non-crew Personnel
            mods["non-qualified"] = True
        if unit.isolated:
            mods["isolated"] = True
        trace = r.roll("oto2.weapon_repair", f"Repair of {unit.label} (7.5132)", side=s.name, mods=mods)
        r.say(f"{s.name} {unit.id} {unit.type}: repair dr {trace.original} Final {trace.final}, {trace.result}")
        if trace.effect.get("repaired"):
            unit.flags.discard("malfunctioned")
        elif unit.kind == "cupola":
            r.say(f"{unit.id} stays malfunctioned: a MG Cupola never takes a permanent X (4., footnote 2)")
        elif unit.kind == "vehicle":
            unit.flags.discard("malfunctioned")
            unit.flags |= {"ma-disabled", "recall"} if not unit.isolated else {"ma-disabled", "recall", "ammo-shortage"}
            r.say(f"{unit.id}'s Main Armament is Disabled; the vehicle is placed under Recall (7.5131c)")
        else:
            eliminate(r, unit, "failed its repair (7.5132)")


def _mg_exchange(r: Reph, s) -> None:
    """7.5133 Vehicular-MG Exchange (issue 20.27; saves of rules version 3 on): a Disabled, non-Captured vehicular MG
    may be repaired by Eliminating a MG "of the type that would be given were the disabled MG to be Removed" (a LMG
    for a CMG), "Retained within that Perimeter Area as the AFV" (repair.mg_exchange, shared with RB 11.6133). The
    facts' mg_disabled give that type; solo knows an Area only by its Isolated type, so the MG must share the AFV's
    (non-Isolated with non-Isolated), as 7.5131a's re-manning reads it."""
    if r.rules < 3:
        return
    vehicles = [v for v in s.retained("vehicle") if "disabled_mg" in v.detail and "captured" not in v.flags]
    mg_exchange(r, s, "7.5133", vehicles, lambda v: next(
        (u for u in s.retained("sw") if u.type == v.detail["disabled_mg"] and u.isolated == v.isolated), None))


def _ft_dc(r: Reph, s) -> None:
    """7.5134 FT/DC: one removed during the scenario is Retained only if its Original effects DR was <= 10 (Russian
    FT <= 11), and never more than the side's non-Isolated Assault Engineer squads."""
    engineers = assault_engineers(s)
    kept = 0
    for unit_id, dr in r.c.facts["ft_dc"].items():
        unit = s.unit(unit_id)
        if unit is None:
            continue
        limit = 11 if (s.name == "Russian" and unit.type == "FT") else 10
        if dr <= limit and kept < engineers:
            kept += 1
            unit.status = "Retained"
            r.say(f"{s.name} {unit.id} {unit.type} Retained: Original effects DR {dr} <= {limit} (7.5134)")
        else:
            why = f"Original effects DR {dr} > {limit}" if dr > limit else f"only {engineers} Assault Engineer squads"
            eliminate(r, unit, f"{why} (7.5134)")


def _captured(r: Reph, s) -> None:
    """7.5135 Captured Weapons and 7.5136 Captured AFV (repair.captured_weapons, shared with RB 11.6135-11.6136): a
    Captured AFV stays Retained while any of its weapons works, even with its MA Disabled (issue 20.4; saves of rules
    version 3 on, before which a malfunctioned or MA-Disabled Captured AFV always became a Wreck)."""
    if r.rules >= 3:
        captured_weapons(r, s, "oto2.captured_weapon", "7.5135", "7.5136")
        return
    for unit in [u for u in s.retained() if "captured" in u.flags and u.kind in ("sw", "gun", "vehicle")]:
        if "malfunctioned" in unit.flags or "ma-disabled" in unit.flags:
            wreck = " (the AFV becomes a Wreck, 7.5136)" if unit.kind == "vehicle" else ""
            eliminate(r, unit, "a malfunctioned Captured weapon" + wreck)
            continue
        trace = r.roll("oto2.captured_weapon", f"Captured {unit.label} (7.5135)", side=s.name)
        if trace.effect.get("eliminated"):
            if unit.kind == "vehicle":
                unit.flags.add("ma-disabled")
                eliminate(r, unit, "Captured AFV with no functioning weapon becomes a Wreck (7.5135-7.5136)")
            else:
                eliminate(r, unit, f"Captured weapon, dr {trace.original} (7.5135)")


def _abandon(r: Reph, s) -> None:
    """7.5137 Abandoning, Scrounging and Removal: at the owner's option a non-Recalled vehicle may be Abandoned or
    turned into a Wreck (NA unless >= one MMC is Retained); Scrounging (D10.5) is rolled on the map."""
    candidates = [v for v in s.retained("vehicle") if "recall" not in v.flags
                  and ({"immobilized", "ma-disabled", "abandoned"} & v.flags)]
    if not candidates or not s.retained("squad", "hs", "crew"):
        return
    picks = r.ask("abandon", "7.5137 Turn which of these vehicles into Wrecks (the rest are kept)? "
                  + ", ".join(v.label for v in candidates), choices.unit_list(s, candidates, len(candidates)),
                  side=s.name,
                  context={"reph": r, "units": candidates}, example=f"abandon = [\"{candidates[0].id}\"]")
    for unit_id in picks:
        eliminate(r, s.unit(unit_id), "turned into a Wreck by its owner (7.5137)")


@step("removal")
def removal(r: Reph) -> None:
    """7.514 Fortification, Wreck and Immobile-Vehicle Removal: attempts limited by squad-equivalents (Wire/minefields)
    or Mobile tracked vehicles (wrecks/Immobile vehicles) Retained; one dr per item; an Original 6 Casualty-Reduces
    a non-Isolated elite MMC (Assault Engineer first)."""
    for side, s in r.c.sides.items():
        items = [i for i in r.c.facts["removal"] if i["side"] == side]
        if not items:
            continue
        squads = int(s.squad_equivalents(isolated=False))
        halftracks = r.defn.raw["halftracks"] if r.rules >= 5 else []  # issue 36: counted as tracked before
        tracked = len([v for v in s.retained("vehicle") if not v.isolated and "immobilized" not in v.flags
                       and v.type not in halftracks])
        listing = "; ".join(f"{n}: {i['item']} ({i['where']})" for n, i in enumerate(items, 1))
        picks = r.ask("removal", f"7.514 Removal attempts ({squads} squad-equivalents for Wire/minefields, {tracked} "
                      f"Mobile tracked vehicles for wrecks/Immobile vehicles). Which items (numbers)? {listing}",
                      lambda raw, items=items, squads=squads, tracked=tracked: _check_removal(words(raw), items,
                                                                                             squads, tracked),
                      side=side,
                      context={"reph": r, "items": items, "squads": squads, "tracked": tracked},
                      example="removal = [1, 2]")
        engineers = assault_engineers(r.c.sides["Russian"])
        for n in picks:
            item = items[n - 1]
            mods = {}
            if item["where"] == "front-line":
                mods["front-line"] = True
            elif item["where"] == "adjacent":
                mods["adjacent-front-line"] = True
            if side == "Russian" and engineers >= 3:
                mods["assault-engineers"] = True
            if side == "German" and item["own"]:
                mods["german-own"] = True
            fortify.removal(r, s, item, "oto2.removal", "7.514", mods,
                            "{side} removal of {item[item]}: dr {trace.original} Final {trace.final}, {trace.result}")


def _check_removal(picks, items, squads, tracked) -> list[int]:
    try:
        numbers = [int(p) for p in picks]
    except (TypeError, ValueError):
        raise SoloError("removal: give the item numbers, e.g. [1, 2]") from None
    if any(not 1 <= n <= len(items) for n in numbers) or len(set(numbers)) != len(numbers):
        raise SoloError(f"removal: item numbers run from 1 to {len(items)}, each once (7.514: one dr per item)")
    wrecks = [n for n in numbers if any(w in items[n - 1]["item"].lower() for w in ("wreck", "immobile"))]
    if len(wrecks) > tracked or len(numbers) - len(wrecks) > squads:
        raise SoloError(f"removal: at most {squads} attempts vs Wire/minefields/entrenchments and {tracked} vs wrecks/"
                        "Immobile vehicles (7.514)")
    return numbers


@step("cpp_replenishment")
def cpp_replenishment(r: Reph) -> None:
    """7.515 CPP Replenishment: a Secret DR with the side's Historical DRM (7.5151); 7.5152 Start + Repl = Total."""
    for side, s in r.c.sides.items():
        trace = r.roll("oto2.cpp_replenishment", "CPP Replenishment (7.515)", side=side,
                       mods={"historical": r.historical(side)},
                       secret=r.computer(side))
        line = s.roster[r.c.date]
        line.repl = trace.effect["cpp"]
        line.total = line.start + line.repl
        s.cpp = line.total
        r.say(f"{side} CPP: Start {line.start} + Repl {line.repl} = Total {line.total} (7.5152)", secret=side)


@step("elr")
def elr(r: Reph) -> None:
    """7.516 ELR Loss/Gain (oto2.elr_loss_gain, day.elr_loss_gain); DRM won -1, per Elite Infantry Company/Platoon
    bought on the previous CG Date -1 (not one the Initial OB gave, as RB 11.617 reads it), per scenario completed
    +2, per 50 CVP suffered +1, Historical."""
    previous = r.c.dates[r.c.dates.index(r.c.date) - 1]

    def mods(side: str) -> dict:
        s = r.side(side)
        elite = sum(1 for p in s.purchases if p.date == previous and p.rg in r.defn.raw["elite_rg"][side]
                    and not (p.given and r.rules >= 5))  # "bought": not one the OB gave (7.4; issue 36, rules 5)
        given = {"won": r.c.won_last(side), "elite": elite, "cvp": r.c.cvp_suffered(side)}
        always = {"scenarios": len(r.c.scenarios), "historical": r.historical(side)}
        return always | {k: v for k, v in given.items() if v}

    day.elr_loss_gain(r, "oto2.elr_loss_gain", "ELR Loss/Gain (7.516)", mods,
                      "{side} ELR DR {trace.original} Final {trace.final}: {trace.result}; ELR {elr}")


@step("weather")
def weather(r: Reph) -> None:
    """7.517 Weather (-1 after Overcast) and 7.5171 Environmental Conditions (after Rain / Overcast), both rolled by the
    German side (day.weather_and_ec)."""
    was = r.c.weather[r.c.dates[r.c.dates.index(r.c.date) - 1]]
    on = {"rain": was == "Rain", "overcast": was == "Overcast"}
    r.say(day.weather_line(*day.weather_and_ec(
        r, "German", ("oto2.weather", "Weather (7.517)", {"overcast": on["overcast"]}),
        ("oto2.environmental_conditions", "Environmental Conditions (7.5171)", on))))
