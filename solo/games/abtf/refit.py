"""A Bridge Too Far RePh 9.612-9.616: new CG Date and SAN, Shift, equipment repair, OB-given reinforcements, CPP."""

import re

from solo.campaign.reph import Reph, step
from solo.campaign.state import Purchase, SideState, Unit
from solo.campaign.steps.day import roster, san_adjustment
from solo.campaign.steps.losses import capture, counted, eliminate, lose, reduce
from solo.campaign.steps.repair import captured_weapons
from solo.core.choices import words
from solo.core.errors import SoloError
from solo.games.abtf.aftermath import (
    armor_leader,
    fact,
    leader_drm,
    previous_idle,
    role,
    shortage_level,
    side_mods,
)
from solo.rules.resolve import Mods

# 9.61221-9.61222: SAN >= from: dr + (SAN - from) on the table, whose row says how far it falls.
SAN_TABLES = {"British": ("abtf.san_british", 4, "san-minus-4"), "German": ("abtf.san_german", 5, "san-minus-5")}


@step("new_date")
def new_date(r: Reph) -> None:
    """9.612: 9.6121 each passage starts a new CG Date; 9.6122 SAN < 2 is raised to 2; 9.61221 British SAN >= 4 and
    9.61222 German SAN >= 5 make a dr + (SAN - 4 / - 5): Final >= 4 lowers the SAN by two."""
    r.c.next_date()
    r.say(f"the new CG Date is {r.c.date} (9.6121)")
    for side, s in r.c.sides.items():
        table, start, mod = SAN_TABLES[side]
        if s.san < 2:
            s.san = 2
            r.say(f"{side} SAN raised to 2 at no CPP (9.6122)")
        elif s.san >= start:
            trace = san_adjustment(r, side, table, f"SAN adjustment, SAN {s.san} ({r.cat.get(table).rule})",
                                   {mod: s.san - start})
            r.say(f"{side} SAN dr {trace.original} {trace.final - trace.original:+d}: Final {trace.final}, "
                  f"{trace.result}; SAN now {s.san}")
        roster(s, r.c.date).san = s.san


# --- 9.613 Shift ------------------------------------------------------------------------------

def shift_parser(r: Reph, s: SideState):
    """Groups as "G3+G4>Block D hexes=2" (to an Area, with the Uncontrolled Territory hexes along the path)."""
    movable = {u.id.lower(): u for u in s.retained() if u.kind in ("squad", "hs", "crew", "leader", "hero", "vehicle",
                                                                   "armor-leader", "sw", "gun")}
    entry_ok = s.name in role(r, "entry_shift")

    def parse(raw) -> list[dict]:
        out, seen = [], set()
        for word in words(raw):
            match = re.fullmatch(r"\s*([^>]+?)\s*>\s*(.+?)(?:\s+hexes=(\d+))?\s*", str(word))
            if not match:
                raise SoloError(f"{word!r}: write the group, '>', the Area and the Uncontrolled hexes, e.g. "
                                "\"G3+G4>Block D hexes=2\"")
            ids = []
            for unit_id in match[1].split("+"):
                unit = movable.get(unit_id.strip().lower())
                if unit is None:
                    raise SoloError(f"{unit_id.strip()!r} is not a Retained unit of yours")
                if unit.id in seen:
                    raise SoloError(f"{unit.id}: one Shift attempt per unit per CG Date (9.613)")
                if unit.kind == "vehicle" and "immobilized" in unit.flags:
                    raise SoloError(f"{unit.id} is immobile: only Mobile vehicles Shift (9.613)")
                seen.add(unit.id)
                ids.append(unit.id)
            if "entry" in match[2].lower() and not entry_ok:
                raise SoloError(f"only the {', '.join(role(r, 'entry_shift'))} may Shift to an Eligible Entry Area "
                                "(9.613)")
            out.append({"units": ids, "to": match[2].strip(), "hexes": int(match[3] or 0)})
        return out
    return parse


@step("shift")
def shift(r: Reph) -> None:
    """9.613 Shift: each group a Secret DR on the Shift Table (-2 British, -1 British after an Idle CG Date, +1 per
    two Uncontrolled Territory hexes on the path, FRD); on 11 each unit a dr (>= 4: Casualty Reduction, a vehicle
    Eliminated); >= 12 the group is Eliminated."""
    for side, s in r.c.sides.items():
        groups = r.ask("shift", "9.613 Shift: which groups attempt to Shift from their Setup Area to another "
                       "Friendly Setup Area" + (" or an Eligible Entry Area" if side in role(r, "entry_shift") else "")
                       + "? (a path of Enterable Uncontrolled/Friendly hexes; a non-WW MMC portages <= 5 PP, a WW MMC "
                       "<= 3, a SMC <= 2, a wounded SMC none; no non-dm Gun unless hooked to a vehicle)",
                       shift_parser(r, s),
                       side=side, context={"reph": r, "side": s}, example='shift = ["G3+G4>Block D hexes=2"]')
        for group in groups:
            _shift(r, s, [s.known(i) for i in group["units"]], group["to"], group["hexes"])  # shift_parser's ids


def shift_mods(r: Reph, side: str, hexes: int) -> dict:
    """9.613 Shift Table DRM: -2 British, -1 British after an Idle CG Date, +1 per two Uncontrolled hexes (FRD)."""
    mods = side_mods(r, "abtf.shift", side)
    if side in role(r, "idle_shift_drm") and previous_idle(r):
        mods["idle"] = True
    if hexes:
        mods["hexes"] = hexes
    return mods


def _shift(r: Reph, s: SideState, units: list[Unit], to: str, hexes: int) -> None:
    mods = shift_mods(r, s.name, hexes)
    names = "+".join(u.id for u in units)
    trace = r.roll("abtf.shift", f"Shift of {names} to {to} (9.613)", side=s.name, mods=mods, secret=r.computer(s.name))
    r.say(f"{s.name} {names} Shift to {to}: DR {trace.original} Final {trace.final}, {trace.result}", secret=s.name)
    if trace.effect.get("eliminated"):
        for unit in units:
            lose(r, unit, "ambushed while Shifting (9.613 note 3)")
        return
    if trace.effect["shift"] == "failed":
        return
    for unit in units:
        unit.detail["area"] = to
    if trace.effect.get("reduced"):
        for unit in [u for u in units if u.kind in ("squad", "hs", "crew", "leader", "hero", "vehicle")]:
            hit = r.roll("abtf.shift_casualty", f"Shift casualty dr for {unit.label} (9.613 note 2)", side=s.name,
                         secret=r.computer(s.name))
            if not hit.effect.get("reduced"):
                continue
            if unit.kind == "vehicle":
                lose(r, unit, f"Shift dr {hit.original}: removed, no wreck, no Scrounging; make a CS DR for its "
                              "Inherent crew on the map (9.613 note 2)")
            else:
                reduce(r, unit, f"Shift dr {hit.original} (9.613 note 2)")
                if not unit.retained:
                    counted(r, unit)


# --- 9.614 Equipment Repair and Replenishment ----------------------------------------------------

@step("equipment")
def equipment(r: Reph) -> None:
    """9.614: 9.6141 vehicles (a Abandoned, b immobilization, c Recall, d Stun), 9.6142 Weapon repair (9.61421-9.61422
    on the map), 9.6143 captured Weapons (German only), 9.6144 special ammunition."""
    if r.rules < 3:  # 9.6071: Retained as Captured by its captor; from rules 3 at the scenario's end
        capture(r, fact(r, "captured", []), once=True)
    for side, s in r.c.sides.items():
        for v in s.retained("vehicle"):
            _vehicle(r, s, v)
        _weapon_repair(r, s)
        if side == role(r, "german"):
            _captured_check(r, s)
        _special_ammo(r, s)
        r.say(f"{side}: a disabled vehicular MG may be repaired by Eliminating a LMG of its Setup Area (9.61421); "
              "vehicles in a Friendly Setup Area with Personnel may be Abandoned, wrecked or Scrounged (9.61422)")


def _vehicle(r: Reph, s: SideState, v: Unit) -> None:
    uncontrolled = v.id in fact(r, "uncontrolled", []) or v.id in fact(r, "front_line", [])
    al = armor_leader(s, v)
    if "abandoned" in v.flags:
        if not uncontrolled and s.retained("squad", "hs", "crew"):
            v.flags.discard("abandoned")
            r.say(f"{s.name} remans Abandoned {v.id} {v.type} with Personnel of its Setup Area (9.6141a)")
        return
    if "immobilized" in v.flags and "captured" not in v.flags:
        mods: Mods = {k: True for k, on in (("non-qualified", v.id in fact(r, "non_qualified", [])),
                                      ("front-line", uncontrolled)) if on}
        if al and leader_drm(al.type):
            mods["armor-leader"] = leader_drm(al.type)
        trace = r.roll("abtf.immobilization_repair", f"Immobilization repair of {v.label} (9.6141b)", side=s.name,
                       mods=mods)
        if trace.effect.get("repaired"):
            v.flags.discard("immobilized")
        r.say(
            f"{s.name} {v.id} {v.type} immobilized: dr {trace.original} Final {trace.final}, {trace.result}"
            + (" and is Retained in its (or the nearest) Friendly Setup Area" if trace.effect.get("repaired") else "")
        )
    if "recall" in v.flags and "immobilized" not in v.flags:
        # 9.6141c: "CVP for Recalled AFV which ended the CG Scenario on map are awarded normally. No CVP are awarded for
        # Recalled AFV which exited the map during play" (issue 20.24: they counted; the facts now name them, "exited")
        if v.id in fact(r, "exited", []):
            eliminate(r, v, "AFV under Recall that exited the map during play removed from play, no CVP (9.6141c)")
        else:
            lose(r, v, "Mobile AFV under Recall removed from play (9.6141c; CVP only if it ended the scenario on the "
                       "map)")
        return
    if "stunned" in v.flags:
        trace = r.roll("abtf.vehicle_stun_recovery", f"Stun recovery of {v.label} (9.6141d)", side=s.name)
        r.say(f"{s.name} {v.id} {v.type} stunned: dr {trace.original}, {trace.result}")
        if trace.effect.get("recovered"):
            v.flags.discard("stunned")
        elif trace.effect.get("eliminated"):
            lose(r, v, "did not recover from the stun: full CVP, no wreck, no Crew Survival (9.6141d)")


def _repair_number(r: Reph, unit: Unit) -> int:
    repair = r.defn.raw["weapons"]["repair"]
    return repair.get(unit.type, repair["vehicle"] if unit.kind == "vehicle" else repair["gun"])


def _weapon_repair(r: Reph, s: SideState) -> None:
    """9.6142: a dr for each malfunctioned, non-captured, Retained Weapon: Final <= 1 repaired, else Eliminated (a
    vehicle's MA disabled: the AFV is Recalled and removed, 9.6141c; a Gun Eliminated with full CVP)."""
    for unit in [u for u in s.retained(*("sw", "gun",
                                         "vehicle")) if "malfunctioned" in u.flags and "captured" not in u.flags]:
        if unit.type in r.defn.raw["weapons"]["x_number"]:
            lose(r, unit, "an X# Weapon is removed from play when it malfunctions (ASL counter, stand-in)")
            continue
        mods = {"repair": -_repair_number(r, unit)}
        vehicular = unit.kind == "vehicle"
        if vehicular:
            mods["vehicle"] = True
            al = armor_leader(s, unit)
            if al and leader_drm(al.type):
                mods["armor-leader"] = leader_drm(al.type)
        if unit.id in fact(r, "non_qualified", []):
            mods["non-qualified"] = True
        trace = r.roll("abtf.weapon_repair", f"Repair of {unit.label}" + (" MA" if vehicular else "") + " (9.6142)",
                       side=s.name,
                       mods=mods)
        r.say(f"{s.name} {unit.id} {unit.type}: dr {trace.original} Final {trace.final}, {trace.result}")
        if trace.effect.get("repaired"):
            unit.flags.discard("malfunctioned")
        elif vehicular:
            unit.flags.add("ma-disabled")
            lose(r, unit, "MA disabled: the AFV is Recalled and removed (9.6142, 9.6141c; it ended the scenario on the "
                          "map)")
        else:
            lose(r, unit, "not repaired (9.6142)" + (": full CVP" if unit.kind == "gun" else ""))


def _captured_check(r: Reph, s: SideState) -> None:
    """9.6143: a dr for each functioning captured Retained Weapon: >= 4 Eliminated (disabled if vehicular, no Recall);
    a captured vehicle with no functioning Weapon "is replaced with a Burnt-out Wreck", no CVP (repair.captured_weapons,
    the rule of OtO2 7.5135-7.5136 with ABtF's dr; issue 20.23: saves of rules version 3 on, before which the Burnt-out
    Wreck was never made)."""
    if r.rules >= 3:
        burnt = "a captured vehicle with no functioning Weapon is replaced with a Burnt-out Wreck; no CVP (9.6143)"
        captured_weapons(r, s, "abtf.captured_equipment", "9.6143", "9.6143", lambda v: eliminate(r, v, burnt),
                         functioning_only=True)
        return
    for unit in [u for u in s.retained("sw", "gun",
                                       "vehicle") if "captured" in u.flags and "malfunctioned" not in u.flags]:
        trace = r.roll("abtf.captured_equipment", f"Captured {unit.label} (9.6143)", side=s.name)
        if not trace.effect.get("eliminated"):
            r.say(f"{s.name} captured {unit.id} {unit.type}: dr {trace.original}, kept (9.6143)")
        elif unit.kind == "vehicle":
            unit.flags.add("ma-disabled")
            r.say(f"{s.name} captured {unit.id} {unit.type}: dr {trace.original}, MA disabled (no Recall); it stays "
                  "only if another of its Weapons works, else it becomes a Burnt-out Wreck (9.6143)")
        else:
            unit.status = "Eliminated"
            r.say(f"{s.name} captured {unit.id} {unit.type}: dr {trace.original}, Eliminated (no CVP) (9.6143)")


def _special_ammo(r: Reph, s: SideState) -> None:
    """9.6144: a dr per depleted special ammunition type of each non-captured Weapon: Final <= 3 restores it."""
    depleted = []
    for part in (p.strip() for p in str(fact(r, "depleted_ammo", "")).split(",") if p.strip()):
        unit_id, _, ammo = part.partition("=")
        unit = s.unit(unit_id.strip())
        if unit is not None and unit.retained and "captured" not in unit.flags:
            depleted.append((unit, ammo.strip() or "special ammunition"))
    for unit, ammo in depleted:
        mods = side_mods(r, "abtf.special_ammo_restoration", s.name)
        if s.name == role(r, "british") and shortage_level(r):
            mods["shortage"] = shortage_level(r)
        trace = r.roll("abtf.special_ammo_restoration", f"{ammo} of {unit.label} (9.6144)", side=s.name, mods=mods)
        r.say(f"{s.name} {unit.id} {unit.type} {ammo}: dr {trace.original} Final {trace.final}, {trace.result}")


# --- 9.615 OB-Given Reinforcements, 9.616 CPP Replenishment --------------------------------------

ITEM = re.compile(r"(SAN [+-]\d+|\d+ FPP|[A-Z]\d+)\s*(?:\(([\d,\s]+)\))?")


def schedule(r: Reph) -> dict[str, list[tuple[str, list[str]]]]:
    """The 9.6152 entries of the current CG Date by side: [(item, [note texts])]."""
    table = r.cat.get(r.defn.tables["reinforcements"])
    if not any(row.key == r.c.date for row in table.rows):
        return {}
    notes = {n.split()[0]: n.split(" ", 1)[1] for n in table.notes}
    row = table.chart_row(r.c.date).results
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for column, text in row.items():
        side = column if column in r.c.sides else role(r, "unprinted_side")
        items = [(m[1],
                  [notes[n.strip()] for n in (m[2] or "").split(",") if n.strip()]) for m in ITEM.finditer(str(text))]
        if items:
            out.setdefault(side, []).extend(items)
    return out


@step("reinforcements")
def reinforcements(r: Reph) -> None:
    """9.615 OB-Given Reinforcements by the 9.6152 schedule: RGs (Strength, Leaders and SW determined in 9.618; outside
    the CG (Date) Maximums), FPP, SAN changes (SAN 7 maximum / 2 minimum); 9.6151 they enter/set up as noted and are
    Eliminated if they have not entered by the end of the next non-Idle CG Scenario."""
    for side, items in schedule(r).items():
        s = r.side(side)
        for item, notes in items:
            where = "; ".join(notes)
            if item.startswith("SAN"):
                change = int(item.split()[1])
                limit = re.search(r"SAN (\d+) (maximum|minimum)", where)
                san = s.san + change
                if limit:
                    san = min(san, int(limit[1])) if limit[2] == "maximum" else max(san, int(limit[1]))
                s.san = san
                roster(s, r.c.date).san = san
                r.say(f"{side} {item}: SAN {s.san} ({where}) (9.6152)")
            elif item.endswith("FPP"):
                s.fpp += int(item.split()[0])
                r.say(f"{side} receives {item} ({where}) (9.6152)")
            else:
                g = r.rg(side, item)
                s.purchases.append(Purchase(len(s.purchases) + 1, g.id, g.title, r.c.date, 0, given=True,
                                            options={"enters": where}))
                r.say(f"{side} receives {g.label()} ({where}); never counted against the CG (Date) Maximums (9.6151)")


@step("cpp")
def cpp(r: Reph) -> None:
    """9.616 CPP Replenishment: the CPP Base # of the CG Date (9.6161) plus a secret DR (9.6162)."""
    for side, s in r.c.sides.items():
        base = r.cat.chart(r.defn.tables["cpp_base"], r.c.date, side)
        base = base if isinstance(base, int) else 0
        trace = r.roll("abtf.cpp_variable_arrival", "CG CPP Variable Arrival Points (9.6162)", side=side,
                       secret=r.computer(side))
        line = roster(s, r.c.date)
        line.repl = base + trace.original
        line.total = line.start + line.repl
        s.cpp = line.total
        r.say(f"{side} CPP: Base # {base} + DR {trace.original} = {line.repl}; total {line.total} (9.616)", secret=side)
