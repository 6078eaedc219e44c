"""Red Barricades RePh steps 11.620-11.624: RG Strength, SW, HW, Gun Batteries, OBA, leaders, Commissars, armor
leaders; Fortifications; the Night Assault; set-up guidance (seed 002)."""

import re

from solo.campaign.reph import Reph, step
from solo.campaign.rg import RGType
from solo.campaign.state import Purchase, SideState
from solo.campaign.steps import fortify
from solo.campaign.steps.setup import armor_leaders, isolated_first
from solo.core.choices import words
from solo.core.errors import SoloError
from solo.games.rb.purchase import infantry_company, record
from solo.rules.units import unit_types


def pack_table(r: Reph, key: str) -> str:
    """A table the copy lost (leaders 11.6205, OBA 11.6204) or gives in part: one line naming the pack table."""
    table_id = r.defn.tables[key]
    table = r.cat.tables.get(table_id)
    if table is None or table.incomplete or table.stand_in:
        raise SoloError(f"{table_id} ({r.defn.raw['rules']} {key}) is not whole in the rule texts: type it in from "
                        f"your rulebook with 'solo tables fill {table_id}' (in the app: Tables, f)")
    return table_id


def weapons(text: str) -> list[str]:
    """"HMG x2, MMG x2, 81mm MTR x2" -> one name per weapon."""
    out = []
    for part in re.split(r"[;,]", text):
        match = re.search(r"x\s*(\d+)", part)
        name = re.sub(r"x\s*\d+", "", part).strip()
        out += [name] * (int(match[1]) if match else 1) if name else []
    return out


def strength_rolled(g: RGType) -> bool:
    """11.6201: each Infantry Coy, HW Pltn, MOL-P Pltn and AFV Pltn."""
    return infantry_company(g) or g.letter == "A" or "HW" in g.title or "MOL-P" in g.title


def battery(g: RGType) -> bool:
    return "Battery" in g.title or "Btry" in g.title


def oba(g: RGType) -> bool:
    return g.letter == "O" and "OBA" in g.title


def _new(r: Reph, s: SideState) -> list[Purchase]:
    return [p for p in s.purchases if p.date == r.c.date and not p.units and not p.strength]


@step("strength")
def strength(r: Reph) -> None:
    """11.620: 11.6201 a Strength DR for each Infantry Coy / HW / MOL-P / AFV Pltn (and Initial-OB Infantry RG),
    11.6204 for each Gun Battery and OBA module, all with the Historical DRM; then 11.6202 Company SW, 11.6203 HW/
    MOL-P weapons, 11.6205 leaders, 11.6206 Commissars, 11.6207 armor leaders; FPP bought as a RG are received."""
    for s in r.c.sides.values():
        new = _new(r, s)
        if not new:
            continue
        for p in new:
            _strength(r, s, p)
        for p in new:
            _units(r, s, p)
        companies = [p for p in new if infantry_company(r.rg(s.name, p.rg))]
        for p in companies:
            _leaders(r, s, p)
        if s.name == "Russian" and companies:
            _commissars(r, s, companies)
        for p in new:
            if p.rg.startswith("A") and not ("SPW" in p.title and s.name == "German"):
                _armor_leader(r, s, p)
        for p in new:
            r.say(
                f"{s.name} {p.rg} {p.title}: {p.strength or 'received'}; units {', '.join(p.units) or '-'}"
                + (f"; SW {', '.join(p.sw)}" if p.sw else "")
                + (f"; leaders {', '.join(p.leaders)}" if p.leaders else ""),
                secret=s.name,
            )
        for line in record(s, r):
            r.say(f"{s.name} RG Purchase Record: {line} (11.6197)", secret=s.name)


def _strength(r: Reph, s: SideState, p: Purchase) -> None:
    g, secret = r.rg(s.name, p.rg), r.computer(s.name)
    mods = {"historical": r.historical(s.name)}
    if strength_rolled(g):
        trace = r.roll("rb.rg_strength", f"Strength of {g.label()} (11.6201)", side=s.name, mods=mods, secret=secret)
        p.strength = trace.effect["strength"]
    elif battery(g):
        trace = r.roll("rb.gun_battery", f"Strength of {g.label()} (11.6204)", side=s.name, mods=mods, secret=secret)
        p.strength = trace.effect["strength"]
    elif oba(g):
        trace = r.roll(pack_table(r, "oba"), f"Ammunition of {g.label()} (11.6204)", side=s.name, mods=mods,
                       secret=secret)
        p.strength = trace.result
    else:
        return
    r.say(f"{s.name} {g.id}: DR {trace.original} Final {trace.final}: {p.strength}", secret=s.name)


def _units(r: Reph, s: SideState, p: Purchase) -> None:
    g = r.rg(s.name, p.rg)
    full = p.strength != "Depleted"
    if g.fpp:
        s.fpp += g.fpp
        p.units.append(f"{g.fpp} FPP")
    elif "HW" in g.title or "MOL-P" in g.title:
        _hw(r, s, p, g, full)
    elif battery(g):
        for name in sorted(set(weapons(g.units))):
            n = weapons(g.units).count(name) - (0 if full else 1)
            p.units += [s.add(name, "gun", p.line).type for _ in range(n)]
    elif oba(g):
        p.units.append(s.add(g.title, "oba", p.line, ammo=p.strength).type)
    elif g.full is not None:
        kind = "vehicle" if g.letter == "A" else "squad"
        units = g.full if full else g.depleted
        assert units is not None  # the chart gives Full and Depleted together (rg_chart)
        for _ in range(units):
            unit = s.add(g.units.split()[-1] if kind == "squad" else g.units, kind, p.line)
            if "Aslt Eng" in g.title or "Assault Eng" in g.title:
                unit.flags.add("assault-engineer")
            if p.options.get("on_bd") == "D":
                unit.flags.add("dug-in")
                r.say(f"Russian {unit.id} {unit.type} Dug-In (D9.5-.53): its BMG is Disabled and Scrounged; an LMG "
                      "joins the Russian OB; never Mobile; HIP bought in 11.621 (11.6194c)", secret=s.name)
                s.add("LMG", "sw", p.line)
            p.units.append(unit.type)
        if infantry_company(g):
            _company_sw(r, s, p, g, full)
    else:
        p.units.append(s.add(g.title, "sw" if g.letter == "S" else "gun", p.line).type)


def _company_sw(r: Reph, s: SideState, p: Purchase, g: RGType, full: bool) -> None:
    """11.6202: a Full Company receives every SW of the chart; a Depleted one a Secret dr <= 4 for each."""
    table = r.cat.get(pack_table(r, "company_sw"))
    key = f"{s.name} {g.title.replace(' Coy', '').strip()}"
    row = table.chart_row(key)
    for weapon in table.columns:
        for _ in range(int(row.results.get(weapon) or 0)):
            if not full:
                trace = r.roll("rb.depleted_company_sw", f"{g.id} {weapon} (11.6202)", side=s.name,
                               secret=r.computer(s.name))
                if trace.effect.get("forfeit"):
                    continue
            s.add(weapon, "sw", p.line)
            p.sw.append(weapon)


def _hw(r: Reph, s: SideState, p: Purchase, g: RGType, full: bool) -> None:
    """11.6203: a Full HW/MOL-P Pltn receives every weapon; a Depleted one a secret dr <= 3 for each, a HW Pltn
    rolling again for every weapon until it receives at least two (11.6204 EX); a crew comes with each weapon."""
    listed, received = weapons(g.units), weapons(g.units)
    while not full:
        received = [w for w in listed if r.roll("rb.depleted_hw_platoon", f"{g.id} {w} (11.6203)", side=s.name,
                                                secret=r.computer(s.name)).original <= 3]
        if len(received) >= 2 or "HW" not in g.title:
            break
        r.say(f"{s.name} {g.id}: {len(received)} weapon(s); a HW Pltn receives at least two: roll again for each "
              "(11.6203)", secret=s.name)
    for name in received:
        p.sw.append(s.add(name, "sw", p.line).type)
        s.add(hw_crew(r, s.name, name), "crew", p.line)
    if received:
        r.say(f"{s.name} {g.id}: one crew per weapon; the crews' types are as the RG chart's note gives (the 11.6204 "
              "EX German HW Pltn: 1-2-7 and 2-2-8 crews)", secret=s.name)


def hw_crew(r: Reph, side: str, weapon: str) -> str:
    """The crew of a HW/MOL-P Pltn weapon. 11.6204 EX: the German HW Pltn's two HMG, one MMG and one MTR come "plus
    three 1-2-7 and one 2-2-8 crews (as per German RG Chart note "c" and 11.6203)"; note c and 11.6203 are cut from the
    copy. solo's reading, the one rule by weapon type that gives the EX's crews: a German MG's crew is a 1-2-7, a
    mortar's a 2-2-8 (missions/rb.toml [hw_crews]); any other crew a 2-2-8 (issue 20.26: saves of rules 3 on)."""
    crews = r.defn.raw.get("hw_crews", {}).get(side, {}) if r.rules >= 3 else {}
    return next((crew for kind, crew in crews.items() if kind in weapon), "2-2-8")


def _leaders(r: Reph, s: SideState, p: Purchase) -> None:
    """11.6205: a Secret DR for each Infantry Coy on the side's leader table (the player's pack): +2 Depleted (11.6206
    EX), -1 Guards Coy (EX), German Rifle Coy +1 the sixth-eighth, +2 the ninth or later (11.6205 footnote)."""
    table_id = pack_table(r, "leaders")
    g = r.rg(s.name, p.rg)
    mods = {}
    if p.strength == "Depleted":
        mods["depleted"] = True
    if s.name == "Russian" and g.title.startswith("Gds"):
        mods["guards"] = True
    # 11.6205 footnote: "the sixth ... German Rifle Coy purchased": the OB-given Companies are not purchased and do
    # not count (issue 20.15: they did before rules 3)
    purchased = (lambda q: not q.given) if r.rules >= 3 else (lambda q: True)
    if s.name == "German" and g.title == "Rifle Coy" and purchased(p):
        n = sum(1 for q in s.purchases[: s.purchases.index(p) + 1] if q.rg == p.rg and purchased(q))
        if n >= 9:
            mods["rifle-ninth"] = True
        elif n >= 6:
            mods["rifle-sixth"] = True
    trace = r.roll(table_id, f"Leaders of {g.label()} (11.6205)", s.name, mods, side=s.name, secret=r.computer(s.name))
    for leader in str(trace.result).split(","):
        if leader.strip() and leader.strip() != "-":
            p.leaders.append(s.add(leader.strip(), "leader", p.line).type)
    r.say(f"{s.name} {g.id} leaders: DR {trace.original} Final {trace.final}: {trace.result} (11.6205)", secret=s.name)


def commissar_types() -> list[str]:
    return [t.name for t in unit_types("Russian") if t.commissar]


def commissar_parser(s: SideState, new: list, most: int):
    """"G12=10-0" pairs: a new leader and the Commissar he is exchanged for."""
    allowed = commissar_types()

    def parse(raw) -> dict:
        pairs = raw if isinstance(raw, dict) else dict(w.split("=", 1) for w in words(raw) if "=" in w)
        if not isinstance(pairs, dict):
            raise SoloError('commissars: give new leader = Commissar, e.g. { R30 = "10-0" }')
        ids = [u.id for u in new]
        for unit_id, kind in pairs.items():
            if unit_id not in ids:
                raise SoloError(f"{unit_id}: only leaders received this CG Day may be exchanged ({', '.join(ids)}) "
                                "(11.6206)")
            if kind not in allowed:
                raise SoloError(f"{kind!r}: a Commissar is one of {', '.join(allowed)} (A25.22)")
        if len(pairs) > most:
            raise SoloError(f"at most {most} Commissars now (one per Infantry Coy bought today, and one per twelve "
                            "squads in the Russian OB) (11.6206)")
        return dict(pairs)
    return parse


def _commissars(r: Reph, s: SideState, companies: list[Purchase]) -> None:
    """11.6206: on an October CG Day, up to one new leader per Infantry Coy bought today may be exchanged for a
    Commissar, never more Commissars than one per twelve squads (FRD, HS equivalents included) in the Russian OB."""
    if not r.c.date.endswith("Oct"):
        return
    lines = {p.line for p in companies}
    new = [u for u in s.retained("leader") if u.rg in lines]
    have = sum(1 for u in s.retained("leader") if u.type in commissar_types() and u.rg not in lines)
    most = max(0, min(len(companies), int(s.squad_equivalents() // 12) - have))
    if not most or not new:
        return
    pairs = r.ask("commissars", f"11.6206 Exchange up to {most} new leaders for Commissars "
                  f"({', '.join(commissar_types())}): {', '.join(u.label for u in new)}",
                  commissar_parser(s, new, most),
                  side="Russian", context={"reph": r, "leaders": new, "most": most, "types": commissar_types()},
                  example='commissars = { R30 = "10-0" }', default="none")
    for unit_id, kind in pairs.items():
        unit = s.known(unit_id)  # commissar_parser took only the new leaders' ids
        p = next(q for q in companies if q.line == unit.rg)
        p.leaders[p.leaders.index(unit.type)] = f"{kind} Commissar"
        r.say(f"Russian {unit.id} {unit.type} exchanged for a {kind} Commissar (11.6206)", secret="Russian")
        unit.type = kind


def _armor_leader(r: Reph, s: SideState, p: Purchase) -> None:
    """11.6207: a DR for each AFV Pltn [EXC: German SPW], even Depleted (-1 German, +1 Russian): <= 5 an armor leader
    in an AFV of the Pltn; >= 12 every AFV of the Pltn has an Inexperienced Crew."""
    vehicles = [u for u in s.units if u.rg == p.line and u.kind == "vehicle"]
    trace = r.roll("rb.armor_leader", f"Armor Leader of {p.rg} {p.title} (11.6207)", side=s.name,
                   mods={s.name.lower(): True}, secret=r.computer(s.name))
    if trace.effect.get("inexperienced"):
        for v in vehicles:
            v.flags.add("inexperienced")
    elif trace.effect.get("armor_leader") and vehicles:
        s.add(trace.effect["armor_leader"], "armor-leader", p.line, **{"in": vehicles[0].id})
        p.leaders.append(f"{trace.effect['armor_leader']} AL")
    r.say(f"{s.name} {p.rg} Armor Leader DR {trace.original} Final {trace.final}: {trace.result}", secret=s.name)


# --- 11.621 -----------------------------------------------------------------------------------

@step("fortifications")
def fortifications(r: Reph) -> None:
    """11.621 Purchasing Fortifications with the FPP bought in 11.619 (solo/campaign/fortify.py)."""
    fortify.purchase(r, "11.621", "fortifications")


# --- 11.6234-11.624 -------------------------------------------------------------------------------

@step("setup")
def setup(r: Reph) -> None:
    """11.624 set-up, in words until the map module places units: 11.6241 Wind, 11.6242 Isolated units first,
    11.6243 Ammunition Shortage removal in play, 11.6244 the rest, 11.6245 Recon Inspection."""
    armor_leaders(r, "11.6207")
    day = r.c.initiative or {}
    first = day.get("sets_up_first") or "the side the CG card names"
    r.say("roll Wind Force/direction (B25.63-.64, not in the texts) before set-up (11.6241)")
    r.say(f"{first} sets up first: Isolated Retained units in their Isolated Locations (HS may Recombine there), then "
          "the other side; only Fortifications marked I may be added to an Isolated Location (11.6242)")
    r.say("an Isolated unit with Ammunition Shortage loses it at the end of a Player Turn it began stacked with a Good "
          "Order armed MMC without it of US# >= its own, both becoming TI and staying Good Order; a MG when a Good "
          "Order armed MMC without it possesses it (11.6243)")
    r.say("the rest of the Retained units, Equipment, Fortifications and on-map RG set up in non-Isolated friendly "
          "Perimeter Locations; only Fortifications marked F (Fortified Building, HIP, '?', Set DC) in a Front Line "
          "Location; units kept off-map enter per SSR CG9 (11.6244)")
    r.say("after all set-up each side declares its Recon Locations one at a time, the Russians first, each <= four "
          "hexes from a friendly-Controlled hex: hidden units there are placed concealed with Right of Inspection, "
          "hidden Fortifications revealed (11.6245)")
    for side, s in r.c.sides.items():
        if r.computer(side):
            for line, secret in guidance(r, s):
                r.say(f"{side} set-up: {line}", secret=side if secret else "")


def guidance(r: Reph, s: SideState) -> list[tuple[str, bool]]:
    """Where the computer side puts its units, in words (11.6242-11.6244); each line with whether it tells a secret
    (its mines, Dummies and HIP: Fortification.secret)."""
    lines = isolated_first(s, "Isolated units in their Pockets first: {} (11.6242)")
    attacking = (r.c.initiative or {}).get("type",
                                           "").startswith(s.name) or (r.c.initiative or {}).get("type") == "Dual Attack"
    squads = len([u for u in s.retained("squad") if not u.isolated])
    if attacking:
        lines.append(f"{squads} squads massed opposite the weakest enemy Front Line Locations, engineers and AFV with "
                     "the first wave, Reserves Cloaked behind")
    else:
        lines.append(f"{squads} squads holding the Stone Locations of the Front Line in depth, HIP where bought")
    said = [(line, False) for line in lines]
    for f in s.fortifications:
        where = "in Front Line Locations" if f.kind in ("Fortified Building", "?",
                                                        "Set DC") or f.kind.startswith("HIP") \
            else "behind the Front Line"
        said.append((f"{f.label} {where}", f.secret))
    return said
