"""Valor of the Guards 12.622 RG Strength, Weapons & Leaders, 12.623 Fortifications and 12.624 Recon (seed 001)."""

import re

from solo.campaign import choices
from solo.campaign.reph import Reph, step
from solo.campaign.state import Purchase, SideState
from solo.campaign.steps import fortify
from solo.campaign.steps.losses import replace
from solo.campaign.steps.recon import recon_mods
from solo.core.choices import number, words
from solo.core.errors import SoloError
from solo.games.votg.purchase import COY_LEVELS, is_coy, is_hw, raw_row

SW_COLUMNS = ("HMG", "MMG", "LMG", "ATR", "Lt MTR", "FT", "DC")
LEVEL_MODS = {"Lightly Depleted": "lightly", "Moderately Depleted": "moderately", "Heavily Depleted": "heavily",
              "Reinforced Strength": "reinforced"}


def _new(r: Reph, s: SideState) -> list[Purchase]:
    return [p for p in s.purchases if p.date == r.c.date and not p.strength and not p.units]


@step("strength")
def strength(r: Reph) -> None:
    """12.6221 a Secret DR per Infantry Coy (five levels) and per Pltn (Full/Depleted), with the Historical DRM;
    12.6222 SW; 12.6223 HW & MOL-P weapons; 12.6224 Gun Batteries and OBA; 12.6225 leaders; 12.6226 Commissars;
    12.6227 armor leaders; Dug-In AFV (12.6214c)."""
    for side, s in r.c.sides.items():
        coys = 0
        for p in _new(r, s):
            g = r.chart(side)[p.rg]
            if is_coy(g):
                coys += 1
                _coy(r, s, p, g)
            elif g.letter in "AI":
                _pltn(r, s, p, g)
            elif g.letter == "G":
                _battery(r, s, p, g)
            elif g.letter == "O":
                trace = r.roll(f"votg.oba_{side.lower()}", f"Ammo of {g.label()} (12.6224)", side=side,
                               mods={"historical": r.historical(side)}, secret=r.computer(side))
                p.strength = trace.result
                p.units.append(s.add(f"{g.title} {g.units}".strip(), "oba", p.line, ammo=trace.result).type)
            else:
                _other(s, p, g)
            r.say(
                f"{side} {p.rg} {p.title}: {p.strength or 'received'}; units {', '.join(p.units) or '-'}"
                + (f"; SW {', '.join(p.sw)}" if p.sw else "")
                + (f"; leaders {', '.join(p.leaders)}" if p.leaders else ""),
                secret=side,
            )
        if side == "Russian" and coys:
            commissars(r, s, coys)


def _squads(r: Reph, s: SideState, p: Purchase, g, count: int, kind: str) -> list:
    made = [s.add(g.units.split(",")[0].strip(), kind, p.line) for _ in range(count)]
    p.units += [u.type for u in made]
    return made


def _coy(r: Reph, s: SideState, p: Purchase, g) -> None:
    """12.6221 Infantry Coy RG Strength Table; the chart's "Coy Strength" cell gives the units of each level,
    "RS/FS/LD/MD/HD", an exponent ^n naming the squads that undergo ELR Replacement (A19.13)."""
    trace = r.roll("votg.infantry_coy_strength", f"Strength of {g.label()} (12.6221)", side=s.name,
                   mods={"historical": r.historical(s.name)}, secret=r.computer(s.name))
    level = trace.result.rstrip("†")
    p.strength = level
    cells = str(raw_row(r, s.name, g.id).get("Coy Strength", "")).split("/")
    if len(cells) != 5:
        raise SoloError(f"{r.defn.tables['rg_chart'][s.name]} {g.id}: give \"Coy Strength\" as RS/FS/LD/MD/HD unit "
                        "counts, e.g. 14/12/10^2/9/7^1 (12.6221)")
    count, _, replaced = cells[COY_LEVELS.index(level)].partition("^")
    squads = _squads(r, s, p, g, int(count), "squad")
    for unit in squads[: int(replaced or 0)]:
        replace(r, unit, f"{level} Coy: ELR Replacement (12.6221 †)")
    _sw(r, s, p, g, level)
    _coy_leaders(r, s, p, g, level)


def _pltn(r: Reph, s: SideState, p: Purchase, g) -> None:
    """12.6221 Pltn RG Strength Table for an Infantry (HW, MOL-P too) or AFV Pltn; SW, leaders, armor leaders."""
    trace = r.roll("votg.pltn_strength", f"Strength of {g.label()} (12.6221)", side=s.name,
                   mods={"historical": r.historical(s.name)}, secret=r.computer(s.name))
    p.strength = trace.effect["strength"]
    full = p.strength == "Full"
    count = g.full if full else g.depleted
    if g.letter == "A":
        vehicles = _squads(r, s, p, g, count or 0, "vehicle")
        if p.options.get("option") == "dugin":
            for v in vehicles:
                v.flags.add("dug-in")
                p.sw.append(s.add("LMG", "sw", p.line).type)
            r.say(f"{s.name} {g.id} Dug-In: each BMG Disabled and Scrounged: {len(vehicles)} LMG join the OB "
                  "(12.6214c)",
                  secret=s.name)
        if vehicles and "leichte FlaK" not in g.title:
            _armor_leader(r, s, p, vehicles)
        return
    if is_hw(g):
        weapons = r.cat.get(r.defn.tables["hw_mol_p"])  # not in the texts: one line naming the pack table
        row = weapons.chart_row(g.title).results
        for name in words(str(next(iter(row.values())))):
            p.sw.append(s.add(name, "sw", p.line).type)
        return
    _squads(r, s, p, g, count or 0, "squad")
    _sw(r, s, p, g, p.strength)
    _pltn_leader(r, s, p, g, full)


def _sw(r: Reph, s: SideState, p: Purchase, g, level: str) -> None:
    """12.6222: Reinforced/Full Strength receives every SW of its row ("@": Reinforced +1 LMG); a Depleted Coy or Pltn
    a Secret dr <= 4 for each (+1 Moderately, +2 Heavily Depleted Coy); "†" a dr for LMG or DC, "‡" for MMG or Lt
    MTR."""
    chart = r.cat.get(r.defn.tables["sw"][s.name])
    if g.title not in {row.key for row in chart.rows}:
        return
    cells = chart.chart_row(g.title).results
    full = level in ("Reinforced Strength", "Full Strength", "Full")
    for column in SW_COLUMNS:
        cell = str(cells.get(column, "")).strip()
        if not cell:
            continue
        count = int(cell[0]) + (1 if "@" in cell and level == "Reinforced Strength" else 0)
        for n in range(count):
            if not full:
                mods = {LEVEL_MODS[level]: True} if level in ("Moderately Depleted", "Heavily Depleted") else {}
                got = r.roll("votg.depleted_coy_sw", f"{g.id} {column} {n + 1} (12.6222)", side=s.name, mods=mods,
                             secret=r.computer(s.name))
                if got.final > 4:
                    continue
            name = column
            for mark, table in (("†", "votg.gds_smg_pltn_sw"), ("‡", "votg.nkvd_militia_sw")):
                if mark in cell:
                    name = r.roll(table, f"{g.id} SW {mark} (12.6222)", side=s.name,
                                  secret=r.computer(s.name)).result.split()[1]
            p.sw.append(s.add(name.replace("LtMTR", "Lt MTR"), "sw", p.line).type)


def _coy_leaders(r: Reph, s: SideState, p: Purchase, g, level: str) -> None:
    """12.6225 the side's Coy leader table; an NKVD Militia Coy receives the bracketed Commissars; a Reinforced
    Strength (Gds) Rifle Coy an extra 7-0."""
    mods = {LEVEL_MODS[level]: True} if level in LEVEL_MODS else {}
    if s.name == "German":
        mods.pop("lightly", None)
    else:
        mods.update({k: True for k, on in (("guards", "Gds Rifle" in g.title), ("smg", "SMG Coy" in g.title)) if on})
    trace = r.roll(f"votg.coy_leaders_{s.name.lower()}", f"Leaders of {g.label()} (12.6225)", side=s.name, mods=mods,
                   secret=r.computer(s.name))
    plain, _, bracket = trace.result.partition("{")
    leaders = bracket.rstrip("}") if "NKVD" in g.title else plain
    names = []
    for part in leaders.split(","):
        name, _, times = part.strip().partition(" x")
        names += [name] * int(times or 1)
    if level == "Reinforced Strength" and re.search(r"(^|Gds )Rifle Co", g.title):
        names.append("7-0")
    for name in names:
        p.leaders.append(s.add(name, "leader", p.line).type)


def _pltn_leader(r: Reph, s: SideState, p: Purchase, g, full: bool) -> None:
    """12.6225 Pltn leader table (German -1 Stösstruppe; Russian -1 Storm Group, after a dr <= 4; +1 Depleted)."""
    if s.name == "Russian":
        check = r.roll("votg.pltn_leader_russian_check", f"May {g.label()} have a leader? (12.6225 @)", side=s.name,
                       secret=r.computer(s.name))
        if check.final > 4:
            return
    mods = {k: True for k, on in (("depleted", not full), ("stosstruppe", "Stösstruppe" in g.title),
                                  ("storm-group", "Storm Group" in g.title)) if on}
    trace = r.roll("votg.pltn_leader", f"Leader of {g.label()} (12.6225)", s.name, mods, side=s.name,
                   secret=r.computer(s.name))
    if trace.result != "none":
        p.leaders.append(s.add(trace.result, "leader", p.line).type)


def _armor_leader(r: Reph, s: SideState, p: Purchase, vehicles: list) -> None:
    """12.6227 a DR (-1 German, +1 Russian): a 10-2 to 8-1 armor leader, none, or Inexperienced Crews (D3.45)."""
    trace = r.roll("votg.armor_leader", f"Armor leader of {p.rg} (12.6227)", side=s.name, mods={s.name.lower(): True},
                   secret=r.computer(s.name))
    if trace.effect.get("inexperienced"):
        for v in vehicles:
            v.flags.add("inexperienced")
        p.leaders.append("Inexperienced Crews")
    elif trace.effect.get("armor_leader"):
        s.add(trace.effect["armor_leader"], "armor-leader", p.line, **{"in": vehicles[0].id})
        p.leaders.append(f"{trace.effect['armor_leader']} AL")


def _battery(r: Reph, s: SideState, p: Purchase, g) -> None:
    """12.6224 Gun Battery Table: Full, or one less of each Gun type of the RG chart."""
    trace = r.roll("votg.gun_battery", f"Strength of {g.label()} (12.6224)", side=s.name,
                   mods={"historical": r.historical(s.name)}, secret=r.computer(s.name))
    p.strength = trace.effect["strength"]
    full = p.strength == "Full"
    for part in g.units.split(","):
        name, _, n = part.strip().partition(" x")
        for _ in range(int(n or 1) - (0 if full else 1)):
            p.units.append(s.add(name.strip(), "gun", p.line).type)


def _other(s: SideState, p: Purchase, g) -> None:
    """S, B, M RG: FPP (an "FPP" in the title or units) are added to the side's FPP for 12.623."""
    fpp = re.search(r"(\d+)\s*FPP", f"{g.title} {g.units}")
    if fpp:
        s.fpp += int(fpp[1])
        p.units.append(f"{fpp[1]} FPP")
    else:
        p.units.append(s.add(g.title, "module", p.line).type)


def commissars(r: Reph, s: SideState, coys: int) -> None:
    """12.6226: up to one new Coy leader per Infantry Coy RG bought today may become a Commissar (10-x -> 10-0, 9-x ->
    9-0, else 8+1: our reading), NA past one Commissar per twelve (FRD) squads of the Russian OB."""
    squads = s.squad_equivalents()
    have = sum(1 for u in s.retained("leader") if u.type in ("10-0", "9-0", "8+1"))
    room = min(coys, int(squads // r.defn.raw["limits"]["commissar_squads"]) - have)
    coy_lines = {p.line for p in _today(r, s) if is_coy(r.chart(s.name)[p.rg])}  # "these new leaders": the Coys'
    new = [u for u in s.retained("leader") if u.rg in coy_lines and u.type not in ("10-0", "9-0", "8+1")]
    if room <= 0 or not new:
        return
    picks = r.ask("commissars", f"12.6226 Exchange up to {room} new leaders for Commissars? "
                  f"({', '.join(u.label for u in new)})", choices.unit_list(s, new, room), side=s.name,
                  context={"reph": r, "units": new, "room": room}, example="commissars = []")
    for unit_id in picks:
        unit = s.known(unit_id)  # choices.unit_list took only the new leaders' ids
        old, unit.type = unit.type, {"10": "10-0", "9": "9-0"}.get(unit.type.split("-")[0].split("+")[0], "8+1")
        r.say(f"Russian {unit.id} {old} becomes Commissar {unit.type} (12.6226)", secret="Russian")


def _today(r: Reph, s: SideState) -> list[Purchase]:
    return [p for p in s.purchases if p.date == r.c.date and not p.given]


# --- 12.623 Fortifications ----------------------------------------------------------------------

@step("fortifications")
def fortifications(r: Reph) -> None:
    """12.623 Purchasing Fortifications with the FPP bought in 12.621 (solo/campaign/fortify.py)."""
    fortify.purchase(r, "12.623", "fortifications")


@step("recon")
def recon(r: Reph) -> None:
    """12.624 Reconnaissance: each side may spend 1 CPP (2 for the +3 drm) from its CPP Left for a Recon dr (+1
    Russian); the Final dr is the number of Locations, inspected after all set-up (12.6265); what is Left is the next
    CG Day's Start; the Majority Squad Type's drm by solo/campaign/steps/recon.py."""
    for side, s in r.c.sides.items():
        line = s.roster[r.c.date]
        spend = r.ask("recon", f"12.624 Recon: spend 0, 1 or 2 CPP (2 gives +3 drm) of your {s.cpp} CPP Left?",
                      number(0, min(2, s.cpp)),
                      side=side, context={"reph": r, "side": s}, example="recon = 1", default="0")
        if not spend:
            line.recon = None
            r.say(f"{side} makes no Recon (12.624)", secret=side)
            continue
        s.cpp -= spend
        line.left = s.cpp
        mods = recon_mods(r, side, s, spend)
        trace = r.roll("votg.recon", "Recon (12.624)", side=side, mods=mods, secret=r.computer(side))
        line.recon = trace.effect["count"]
        r.say(f"{side} Recon ({spend} CPP): dr {trace.original} Final {trace.final}, {line.recon} Location(s), "
              "inspected after all set-up (12.6265)", secret=side)
