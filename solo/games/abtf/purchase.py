"""A Bridge Too Far RePh 9.617-9.619: purchasing RGs; their Strength, SW, Leaders and composition; fortifications."""

import math
import re

from solo.campaign.choices import kind_counts
from solo.campaign.reph import Reph, step
from solo.campaign.rg import RGType, purchase_entries
from solo.campaign.state import Fortification, Purchase, SideState
from solo.campaign.steps.day import roster
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.games.abtf.aftermath import exhaustion, night, role, side_mods

KINDS = {"I": "squad", "A": "vehicle", "G": "gun"}


def base_id(rg_id: str) -> str:
    """The chart ID without its Kampfgruppe: "I1(K)" -> "I1" (9.6178)."""
    return re.sub(r"\(.*\)$", "", rg_id).strip()


def check_purchase(r: Reph, s: SideState, ids: list[str]) -> int:
    """9.617, 9.6175-9.6176: RGs of the side's chart, within the CG Date and CG Maximums and the CPP on hand;
    OB-given RGs never count. Returns the CPP spent; one line for anything illegal."""
    chart, spent = r.chart(s.name), 0
    for n, rg_id in enumerate(ids):
        g = chart.get(rg_id)
        if g is None:
            raise SoloError(f"no RG {rg_id!r} on the {s.name} RG chart: choose one of {', '.join(chart)}")
        this_date = s.bought(g.id, r.c.date) + ids[: n + 1].count(g.id)
        if this_date > g.date_max:
            raise SoloError(f"{g.id}: CG Date Max is {g.date_max} (9.6175); {this_date} would be bought on {r.c.date}")
        if s.bought(g.id) + ids[: n + 1].count(g.id) > g.cg_max:
            raise SoloError(f"{g.id}: CG Maximum is {g.cg_max} (9.6176); {s.bought(g.id)} already bought in the CG")
        spent += g.cpp
    if spent > s.cpp:
        raise SoloError(f"the purchase costs {spent} CPP but the {people(s.name)} have {s.cpp} (9.617)")
    return spent


def purchase_parser(r: Reph, s: SideState):
    def parse(raw) -> list[str]:
        ids = [str(w).strip().upper() for w in purchase_entries(raw, ())]
        check_purchase(r, s, ids)
        return ids
    return parse


@step("purchase")
def purchase(r: Reph) -> None:
    """9.617 Purchasing Reinforcement Groups: secret; CPP not spent are halved (FRU) into the "Left" column; one RG
    Purchase Record line per RG (9.6178)."""
    for side, s in r.c.sides.items():
        chart = r.chart(side)
        listing = "\n".join(f"  {g.label()}: {g.cpp} CPP, max {g.date_max} a CG Date, {g.cg_max} in the CG "
                            f"(bought {s.bought(g.id)})" for g in chart.values())
        ids = r.ask("purchase", f"9.617 Purchase RGs with {s.cpp} CPP on {r.c.date} (unspent CPP are "
                    f"halved, FRU):\n{listing}", purchase_parser(r, s), side=side, context={"reph": r, "side": s},
                    example="I1, A2")
        spent = 0
        for rg_id in ids:
            g = chart[rg_id]
            s.purchases.append(Purchase(len(s.purchases) + 1, g.id, g.title, r.c.date, g.cpp))
            spent += g.cpp
        line = roster(s, r.c.date)
        line.spent = spent
        s.cpp = math.ceil((s.cpp - spent) / 2)
        line.left = s.cpp
        r.say(f"{side} buys {', '.join(f'{i} ({chart[i].cpp})' for i in ids) or 'nothing'}: Spent {spent}, "
              f"{s.cpp} Left after halving (9.617)", secret=side)


# --- 9.618 ----------------------------------------------------------------------------------

def _new(r: Reph, s: SideState) -> list[Purchase]:
    return [p for p in s.purchases if p.date == r.c.date and not p.units and not p.strength]


@step("strength")
def strength(r: Reph) -> None:
    """9.618 for each RG just purchased or OB-given: 9.6181 Strength, 9.6182 SW, 9.6183 Leaders, 9.6184 German
    vehicle group composition."""
    for s in r.c.sides.values():
        for p in _new(r, s):
            _receive(r, s, p)


def _receive(r: Reph, s: SideState, p: Purchase) -> None:
    g = r.rg(s.name, p.rg)
    full = True
    if g.full is not None and g.depleted is not None:
        trace = r.roll("abtf.rg_strength", f"Strength of {g.label()} (9.6181)", side=s.name,
                       mods=strength_mods(r, s.name, g), secret=r.computer(s.name))
        p.strength = trace.effect["strength"]
        full = p.strength == "Full"
    types = _composition(r, s, g) or ([g.units] * ((g.full if full else g.depleted) or 0) if g.full is not None
                                      else listed(g.units))
    for unit_type in types:
        fpp = re.fullmatch(r"(\d+)\s*FPP", unit_type)
        if fpp:
            s.fpp += int(fpp[1])
        else:
            s.add(unit_type, KINDS.get(g.letter, "module"), p.line)
        p.units.append(unit_type)
    if g.letter == "I":
        _sw(r, s, p, g, full)
    if g.letter in "IA":
        _leader(r, s, p, g)
    r.say(f"{s.name} {p.rg} {g.title}: {p.strength or 'received'}; units {', '.join(p.units) or '-'}"
          + (f"; SW {', '.join(p.sw)}" if p.sw else "") + (f"; leaders {', '.join(p.leaders)}" if p.leaders else "")
          + (f" ({p.options['enters']})" if p.options.get("enters") else ""), secret=s.name)


def strength_mods(r: Reph, side: str, g: RGType) -> dict:
    """9.6181 RG Strength DRM: -2 British, +1 German VG Pltn, + half the Campaign Exhaustion DRM (FRD)."""
    mods = side_mods(r, "abtf.rg_strength", side)
    if side == role(r, "german") and re.search(r"\bVG\b|Volksgrenadier", g.title):
        mods["vg-pltn"] = True
    if exhaustion(r) // 2:
        mods["exhaustion-half"] = exhaustion(r) // 2
    return mods


def _composition(r: Reph, s: SideState, g: RGType) -> list[str]:
    """9.6184: a dr for each German A2, A3, A4 or A6 RG [EXC: KG Graebner's A4 and A6]: the vehicles it holds."""
    table = r.defn.tables["composition"].get(base_id(g.id))
    graebner = g.id.endswith(r.defn.raw["composition"]["graebner"]) or "Graebner" in g.title
    if s.name != role(r, "german") or not table or (graebner and base_id(g.id) in ("A4", "A6")):
        return []
    trace = r.roll(table, f"Composition of {g.label()} (9.6184)", side=s.name, secret=r.computer(s.name))
    return listed(str(trace.result))


def listed(text: str) -> list[str]:
    """Units written "SPW 250/9 x2, SdKfz 10/4 x1" (or "20 FPP"), one entry per unit."""
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, count = part.rpartition(" x")
        out += [name.strip()] * int(count) if name and count.isdigit() else [part]
    return out


def _sw(r: Reph, s: SideState, p: Purchase, g: RGType, full: bool) -> None:
    """9.6182: a Full RG receives every SW of its row; a Depleted RG each on a secret dr <= the number in parentheses.
    German "*": first a secret dr, 1-2 a Lt. Mtr, 3-6 a PSK (9.6182 EX: the type dr comes before the SW drs)."""
    table = r.cat.get(r.defn.tables["sw_chart"][s.name])
    key = base_id(g.id)
    if not any(row.key == key for row in table.rows):
        return
    row = table.chart_row(key).results
    cells = [(column, re.fullmatch(r"(\d|\*)\((\d)\)", str(row.get(column, "")).strip())) for column in table.columns]
    weapons = []
    for column, match in cells:
        if match and match[1] == "*":
            pick = r.roll("abtf.psk_or_mortar", f"{g.id}: PSK or Lt. Mtr (9.6182)", side=s.name,
                          secret=r.computer(s.name))
            weapons.append(("Lt. Mtr" if "Lt. Mtr" in pick.result else "PSK", 1, match[2]))
        elif match:
            weapons.append((column, int(match[1]), match[2]))
    for weapon, count, need in weapons:
        for _ in range(count):
            if not full:
                trace = r.roll("abtf.depleted_sw", f"Depleted {g.id}: {weapon} (9.6182)", side=s.name,
                               column=f"({need})",
                               secret=r.computer(s.name))
                if trace.result != "Received":
                    continue
            s.add(weapon, "sw", p.line)
            p.sw.append(weapon)


def _leader(r: Reph, s: SideState, p: Purchase, g: RGType) -> None:
    """9.6183: one secret DR per "I" or "A" RG; an A RG reads the (Armor) column, its leader joins its first vehicle
    († a Hvy Tank Pltn's 8-1 becomes a 9-1 A.L.)."""
    words_drm = r.defn.raw["leader_drm"].get(s.name, {})
    mods = {name: True for word, name in words_drm.items() if re.search(rf"\b{re.escape(word)}\b", g.title)}
    armor = g.letter == "A"
    column = "(Armor)" if armor else s.name
    table = r.cat.get("abtf.leader")
    mods = {m: v for m, v in mods.items() if table.modifier(m).applies_to(column)}
    trace = r.roll("abtf.leader", f"Leader of {g.label()} (9.6183)", side=s.name, column=column, mods=mods,
                   secret=r.computer(s.name))
    result = str(trace.result)
    if result.startswith("-"):
        r.say(f"{s.name} {g.id}: DR {trace.original} Final {trace.final}, no Armor Leader (9.6183)", secret=s.name)
        return
    leader = result.strip("()†")
    if "†" in result and re.search(r"\bHvy Tank\b", g.title):
        leader = "9-1"
    if armor:
        vehicle = next((u for u in s.units if u.rg == p.line and u.kind == "vehicle"), None)
        s.add(leader, "armor-leader", p.line, **({"in": vehicle.id} if vehicle else {}))
        p.leaders.append(f"{leader} AL")
    else:
        s.add(leader, "leader", p.line)
        p.leaders.append(leader)


# --- 9.619 Purchasing Fortifications --------------------------------------------------------------

# kind -> (row of abtf.fortification_purchase, which "/" cost: an index, or "side" German/British; who may buy)
# a kind: its row of the chart, which of the row's "/"-separated FPP costs ("side": the German's, then the British),
# and the side it is only for ("" for both)
FORTS: dict[str, tuple[str, int | str, str]] = {
    "Trench": ("Trench", 0, ""), "Foxhole 3": ("Foxhole", 0, ""), "Foxhole 2": ("Foxhole", 1, ""),
    "Foxhole 1": ("Foxhole", 2, ""), "AP Mine": ("A-P minefield factor", "side", ""),
    "AT Mine": ("A-T Mine factor (British Only)", 0, "british"), "Wire": ("Wire (German Only)", 0, "german"),
    "Fortified Location": ("Fortified Location", 0, ""), "Breach": ("Breach", 0, "british"),
    "HIP squad": ("HIP", 0, ""), "HIP HS": ("HIP", 1, ""), "HIP crew": ("HIP", 2, ""), "HIP SMC": ("HIP", 3, ""),
    "?": ('"?"', 0, ""),
}
AP_PER_DATE, AT_PER_DATE, AT_PER_CG = 12, 2, 8  # note 2


def fortification_cost(r: Reph, side: str, kind: str) -> int:
    if kind not in FORTS:
        raise SoloError(f"no fortification {kind!r}: choose from {', '.join(FORTS)} (9.619)")
    row, index, only = FORTS[kind]
    if only and role(r, only) != side:
        raise SoloError(f"{kind}: only the {people(role(r, only))} may purchase it (9.619)")
    costs = str(r.cat.chart("abtf.fortification_purchase", row, "FPP")).split("/")
    if isinstance(index, str):  # "side"
        index = [role(r, "german"), role(r, "british")].index(side)
    return int(costs[index])


def fortification_parser(r: Reph, s: SideState):
    def parse(raw) -> dict:
        raw = kind_counts(raw, "Trench 1, AP Mine 6")
        total = sum(fortification_cost(r, s.name, k) * n for k, n in raw.items())
        if total > s.fpp:
            raise SoloError(f"these fortifications cost {total} FPP; the {people(s.name)} have {s.fpp} (9.619)")
        if raw.get("AP Mine", 0) > AP_PER_DATE:
            raise SoloError(f"at most {AP_PER_DATE} A-P minefield factors per CG Date (9.619 note 2)")
        if raw.get("AT Mine", 0) > AT_PER_DATE:
            raise SoloError(f"at most {AT_PER_DATE} A-T Mines per CG Date (9.619 note 2)")
        bought = sum(f.count for f in s.fortifications if f.kind == "AT Mine" and not f.given)
        if bought + raw.get("AT Mine", 0) > AT_PER_CG:
            raise SoloError(f"at most {AT_PER_CG} A-T Mines in the CG (9.619 note 2); {bought} already bought")
        hip = sum(n for k, n in raw.items() if k in ("HIP squad", "HIP HS", "HIP crew"))
        most = math.ceil(len(s.retained("squad")) / 10)
        if hip > most and not night(r.c.date):
            raise SoloError(f"HIP for at most 10% (FRU) of the {len(s.retained('squad'))} squads, {most}, in a daytime "
                            "scenario (9.619 note 5)")
        return raw
    return parse


@step("fortifications")
def fortifications(r: Reph) -> None:
    """9.619 Purchasing Fortifications with the FPP on hand (9.615 or purchased); unspent FPP are forfeit."""
    for side, s in r.c.sides.items():
        if not s.fpp:
            continue
        costs = {k: fortification_cost(r, side, k) for k in FORTS if not FORTS[k][2] or role(r, FORTS[k][2]) == side}
        bought = r.ask("fortifications", f"9.619 Spend {s.fpp} FPP on fortifications ("
                       + ", ".join(f"{k} {n}" for k, n in costs.items()) + ")",
                       fortification_parser(r, s),
                       side=side, context={"reph": r, "side": s, "costs": costs},
                       example='fortifications = { Trench = 1, "AP Mine" = 4 }')
        spent = sum(fortification_cost(r, side, k) * n for k, n in bought.items())
        for kind, count in bought.items():
            s.fortifications.append(Fortification(side, kind, count, r.c.date,
                                                  fpp=fortification_cost(r, side, kind) * count))
        line = roster(s, r.c.date)
        line.fpp = s.fpp
        line.fortifications = [f"{k} x{n}" for k, n in bought.items()]
        r.say(
            f"{side} spends {spent} of {s.fpp} FPP: "
            + (", ".join(f"{k} x{n}" for k, n in bought.items()) or "nothing")
            + (f"; {s.fpp - spent} FPP forfeit" if s.fpp > spent else "")
            + " (9.619)",
            secret=side,
        )
        s.fpp = 0
