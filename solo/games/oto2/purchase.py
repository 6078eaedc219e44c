"""RePh steps 7.518-7.520: purchasing RGs, their strength, weapons and leaders, and fortifications."""

import math
import re

from solo.campaign import choices
from solo.campaign import rg as rgs
from solo.campaign.reph import Reph, step
from solo.campaign.state import Fortification, Purchase, SideState
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.rules.resolve import Mods
from solo.rules.units import SQUAD_EQUIVALENTS

FPP_PER_M1 = 50  # M1 "50 FPP"
MINEFIELD = "Minefield: 8 hexes of 8 AP and 3 AT mines (note j)"


def initial(r: Reph) -> bool:
    return not r.c.scenarios


def basket(r: Reph, s: SideState) -> rgs.Basket:
    """An empty purchase of side ``s`` today, checked as it is filled (7.518)."""
    no_forts = initial(r) and s.name in r.defn.initial["no_fortifications"]
    return rgs.Basket(r.chart(s.name), r.c, s, r.defn.limits, initial(r), no_forts, oba_at_purchase=r.rules < 3)


def purchase_parser(r: Reph, s: SideState):
    def parse(raw) -> list[dict]:
        entries = rgs.purchase_entries(raw, (*rgs.ITEM_FLAGS, "given"))
        given = [e for e in entries if _given(e)]
        items = [rgs.parse_item(e) for e in entries if not _given(e)]
        no_forts = initial(r) and s.name in r.defn.initial["no_fortifications"]
        spent = rgs.check(r.chart(s.name), r.c, s, items, r.defn.limits, initial(r), no_forts, r.rules < 3)
        onboard = _given_onboard(r, s, given)
        total = spent + len(onboard) * _onboard_cpp(r, s)
        if total > s.cpp:
            raise SoloError(f"the purchase costs {total} CPP, the OB-given RGs set up on board included, but the "
                            f"{people(s.name)} have {s.cpp} (7.518, CG12b)")
        return [i.to_json() for i in items] + [{"rg": rg, "onboard": True, "given": True} for rg in onboard]
    return parse


def _given(entry) -> bool:
    """An entry naming an OB-given RG ("V5 given onboard", {rg = "V5", given = true, onboard = true}): CG12b."""
    return bool(entry.get("given")) if isinstance(entry, dict) else "given" in str(entry).lower().split()


def _onboard_cpp(r: Reph, s: SideState) -> int:
    return r.defn.initial[s.name].get("given_onboard_cpp", 0) if initial(r) and r.rules >= 3 else 0


def _given_onboard(r: Reph, s: SideState, entries: list) -> list[str]:
    """CG12b: "All Russian RG enters from off board on the east edge during the Initial Scenario [EXC: the Russians may
    opt to expend one additional CPP (per RG) for any number of RGs and set them up on board in hexes numbered >= 42;
    this also includes any OoB given RGs]": in the Initial Scenario's purchase the side names each OB-given RG it sets
    up on board ("V5 given onboard"), each for [initial.<side>] given_onboard_cpp (issue 20.27; saves of rules version
    3 on). CG12a lets the German's OB-given RG set up or enter from off board, but costs and refunds no CPP: it was
    not purchased."""
    if entries and not _onboard_cpp(r, s):
        raise SoloError("only the Russians' OB-given RGs may set up on board for one CPP more, in the Initial "
                        "Scenario (CG12b)")
    left = list(r.defn.initial[s.name]["rg"]) if entries else []
    out = []
    for entry in entries:
        words = ({k for k, v in entry.items() if v is True} | {str(entry.get("rg", "")).upper()}
                 if isinstance(entry, dict) else set(str(entry).upper().split()))
        rg = next((g for g in left if g in words), None)
        if rg is None or "ONBOARD" not in {w.upper() for w in words} or len(words) != 3:
            raise SoloError(f"{entry!r}: write an OB-given RG as \"V5 given onboard\", one of {', '.join(left)} "
                            "(CG12b)")
        left.remove(rg)
        out.append(rg)
    return out


def _refused(empty: rgs.Basket, rg_id: str) -> str:
    """Why an RG cannot be bought now, on its own (this date, the maxima, the CPP left), or nothing."""
    try:
        one = empty.copy()
        one.add(rgs.Item(rg_id))
        one.close()
    except SoloError as exc:
        return f" - not now: {exc}"
    return ""


@step("purchase")
def purchase(r: Reph) -> None:
    """7.518 Purchasing Reinforcement Groups: each side secretly spends CPP on RGs of its chart; the CG Roster gets
    the IDs and CPP (Spent, Left), the RG Purchase Record one line per RG (7.5189). In the Initial Scenario the OB's
    CPP pool (7.4) is spent here, and the OB-given RGs are recorded first (never counted against a maximum)."""
    for side, s in r.c.sides.items():
        if initial(r):
            for rg_id in r.defn.initial[side]["rg"]:
                _record(r, s, rgs.Item(rg_id), given=True)
        chart, parse, empty = r.chart(side), purchase_parser(r, s), basket(r, s)
        listing = "\n".join(f"  {g.label()}: {g.cpp} CPP, max {g.date_max} a CG Date, {g.cg_max} in the CG"
                            f" (bought {s.bought(g.id)}){_refused(empty, g.id)}" for g in chart.values()) \
            if not r.computer(side) else "(the computer's own chart)"  # a player's to read (issue 36: speed)
        given = r.defn.initial[side] if initial(r) else {}
        also = ", ".join(given.get("rg", []) + [f"{u['type']} x{u['count']}" for u in given.get("units", [])])
        onboard_cpp = _onboard_cpp(r, s)
        given_onboard = f"; an OB-given RG on board, +{onboard_cpp}: V5 given onboard" * bool(onboard_cpp)
        answer = r.ask("purchase", (f"7.4 Your Initial OB gives {also}.\n" if also else "")
                       + f"7.518 Purchase RGs with {s.cpp} CPP on {r.c.date} (options after an RG's ID, each changing "
                         "its "
                       "cost: prereg=1 or 2, +1 CPP a hex (note f); observer_level=3, +1 (notes h/i); trucks, +1 (note "
                       f"o); offboard, -1 (CG12a/b); onboard, +1 (CG12b){given_onboard}):\n{listing}",
                       parse,
                       side=side, context={"reph": r, "side": s},
                       example='I1, V4, O2 prereg=1')
        spent = 0
        for raw in answer:
            if raw.get("given"):  # CG12b: an OB-given RG set up on board
                p = next(p for p in s.purchases if p.given and p.rg == raw["rg"] and not p.options)
                p.cpp, p.options = _onboard_cpp(r, s), {"onboard": True}
                spent += p.cpp
                continue
            item = rgs.parse_item(raw)
            spent += _record(r, s, item, given=False)
        line = s.roster[r.c.date]
        line.spent = spent
        s.cpp -= spent
        line.left = s.cpp
        bought = ", ".join(f"{p.rg}{' given onboard' * p.given} ({p.cpp})" for p in s.purchases
                           if p.date == r.c.date and (p.cpp or not p.given)) or "nothing"
        r.say(f"{side} buys {bought}: Spent {spent}, Left {line.left} (7.518)", secret=side)


def _record(r: Reph, s: SideState, item: rgs.Item, given: bool) -> int:
    g = r.rg(s.name, item.rg)
    price = 0 if given else rgs.cost(g, item)
    options = {k: v for k, v in item.to_json().items() if k != "rg"}
    s.purchases.append(Purchase(len(s.purchases) + 1, g.id, g.title, r.c.date, price, given, options=options))
    return price


def _new(r: Reph, s: SideState) -> list[Purchase]:
    """The RGs of the current CG Date still to be received (7.519)."""
    return [p for p in s.purchases if p.date == r.c.date and not p.units and not p.strength]


@step("strength")
def strength(r: Reph) -> None:
    """7.519 RG Strength, Weapons and Leaders: 7.5191 a Strength DR for each note-c RG (IHSR 2: all Full in the
    Initial Scenario); 7.5192 Infantry Company SW; 7.5193 HW Sections; 7.5194 vehicles (notes j, k, l); 7.5195 OBA;
    7.5196 leaders; 7.5197 Armor Leaders and Platoon Leaders."""
    for s in r.c.sides.values():
        if initial(r):
            _given_units(r, s)
        for p in _new(r, s):
            _receive(r, s, p)


def _given_units(r: Reph, s: SideState) -> None:
    """7.4: the Initial Scenario OB's units and fortifications beside its RGs; IHSR 6 Armor Leader DRs."""
    given = r.defn.initial[s.name]
    r.say(f"{s.name} Initial OB: " + ", ".join(f"{e['type']} x{e['count']}" for e in given.get("units", []))
          + "".join(f", {e['kind']} x{e['count']}" for e in given.get("fortifications", [])))
    for entry in given.get("units", []):
        made = [s.add(entry["type"], entry["kind"]) for _ in range(entry["count"])]
        for n in range(entry.get("armor_leader_drs", 0)):
            _armor_leader(r, s, made[n % len(made)], [], f"IHSR 6 Armor Leader DR {n + 1} for the {entry['type']}s")
    for entry in given.get("fortifications", []):
        s.fortifications.append(Fortification(s.name, entry["kind"], entry["count"], r.c.date, given=True,
                                              fpp=printed_worth(fort_costs(r), entry["kind"], entry["count"])))


def _count(text: str) -> int:
    """How many of a weapon an entry such as "HMG x 2" gives."""
    match = re.search(r"x\s*(\d+)", text)
    return int(match[1]) if match else 1


def _receive(r: Reph, s: SideState, p: Purchase) -> None:
    g = r.rg(s.name, p.rg)
    full = True
    if "c" in g.notes and not (initial(r) and r.defn.initial["all_full"]):
        trace = r.roll("oto2.rg_strength", f"Strength of {g.label()} (7.5191)", side=s.name,
                       mods={"historical": r.historical(s.name)}, secret=r.computer(s.name))
        full = trace.effect["strength"] == "Full"
    p.strength = ("Full" if full or g.is_cupola else "Depleted") if "c" in g.notes or g.is_cupola else ""
    if g.is_hw or g.is_cupola:
        _hw(r, s, p, g, full)
    elif g.letter in "IVG":
        n = g.full if full else g.depleted
        assert n is not None  # an I, V or G row of the RG chart gives its Full/Depleted units
        kind = {"I": "squad", "V": "vehicle", "G": "gun"}[g.letter]
        for _ in range(n):
            unit = s.add(_vehicle_type(r, s, g), kind, p.line)
            if "d" in g.notes:
                unit.flags.add("assault-engineer")
            if "b" in g.notes:
                s.add("2-2-8", "crew", p.line, manning=unit.id)
            p.units.append(unit.type)
        if p.options.get("trucks"):
            p.units += [s.add("GAZ-MM Medium Truck", "truck", p.line).type for _ in range(n)]
        if g.infantry_company:
            _sw(r, s, p, g, full)
            # 7.5196: a DR "for each Infantry RG purchased"; the German I3/I4 platoons (notes a and e) are led by their
            # 7.5197 Platoon dr alone: "for each ... platoon sized infantry unit received, roll on the following chart
            # to determine the leadership quality". The reading, reviewed for issue 36 against issue 20.3's (both
            # rolls): the text allows both, as I3/I4 are Infantry RGs and carry note e ("SW and Leader types are
            # determined per 7.5192 and 7.5196") beside note a ("Roll for ... Platoon Leader availability on table
            # 7.5197"). 7.5197 is right, for three reasons: (1) the rule for the platoon (7.5197, naming "platoon
            # sized infantry" and its own "German Eng/Assault Plt" column) is the specific one, 7.5196 the general one
            # for "each Infantry RG", and in ASL a specific rule takes precedence over a general one; (2) note e is on
            # I3/I4 for their SW: 7.5192's German chart has rows for I3 and I4, so the note is needed without meaning a
            # 7.5196 roll; (3) 7.5196's table gives a company its leaders (two or three for 9-12 squads, its drm
            # naming only companies: German I2, Russian I2/I4/I5), and a 7.5197 dr of 1 gives the platoon none
            # ("availability"), which a second roll would make meaningless: both rolls gave a 3-squad platoon three to
            # four leaders. Saves of rules 3 and 4 rolled both (issue 20.3's reading).
            both = 3 <= r.rules < 5
            if both or g.id not in r.defn.raw["platoon_leader_rg"].get(s.name, []):
                _leaders(r, s, p, g, full)
        if "a" in g.notes:
            _platoon_leader(r, s, p, g, full)
    elif g.is_oba:
        _oba(r, s, p, g)
    elif g.is_observer or g.is_cbm:
        level = p.options.get("observer_level", 2)
        unit = s.add(g.title, "observer" if g.is_observer else "cbm", p.line,
                     **({"level": level} if g.is_observer else {}))
        p.units.append(unit.type + (f" (level {level})" if g.is_observer else ""))
    else:
        _misc(r, s, p, g)
    r.say(f"{s.name} {p.rg} {p.title}: {p.strength or 'received'}; units {', '.join(p.units) or '-'}"
          + (f"; SW {', '.join(p.sw)}" if p.sw else "") + (f"; leaders {', '.join(p.leaders)}" if p.leaders else ""),
          secret=s.name)


def _vehicle_type(r: Reph, s: SideState, g: rgs.RGType) -> str:
    """The unit type; notes j, k and l roll it for each vehicle or Gun (7.518 Russian RG notes)."""
    table = r.defn.raw["type_rolls"].get(s.name, {}).get(g.id)
    if not table:
        return g.units
    return r.roll(table, f"Type of each {g.units} of {g.id} (7.518 note)", side=s.name).result


def _hw(r: Reph, s: SideState, p: Purchase, g: rgs.RGType, full: bool) -> None:
    """7.5193 HW Sections: Full receives every Weapon and crew; Depleted a Secret dr <= 4 for each (at least one);
    a MG Cupola RG is always Full."""
    weapons = []
    for part in re.split(r"[;,]", g.units):
        name = re.sub(r"x\s*\d+", "", part).strip()
        weapons += [name] * _count(part)
    received = []
    for name in weapons:
        if full or g.is_cupola:
            received.append(name)
            continue
        trace = r.roll("oto2.hw_depleted", f"Depleted {g.id}: {name} (7.5193)", side=s.name, secret=r.computer(s.name))
        if not trace.effect.get("forfeit"):
            received.append(name)
    if not received:
        received = weapons[:1]
        r.say(f"{s.name} {g.id}: at least one Weapon is always received (7.5193 EXC)", secret=s.name)
    for name in received:
        kind = "cupola" if "Cupola" in name else "sw"
        weapon = s.add(name, kind, p.line)
        p.sw.append(name)
        if kind == "sw":
            s.add("2-2-8", "crew", p.line, manning=weapon.id)


def _sw(r: Reph, s: SideState, p: Purchase, g: rgs.RGType, full: bool) -> None:
    """7.5192 Infantry Company SW: Full receives every SW not in parenthesis; a "(n)" on a dr <= n; a Depleted RG
    each SW on a dr <= 4 and a "(n)" one column to the left (the 7.5192 EX: "(3)" needs dr <= 2)."""
    chart = r.cat.get(r.defn.tables["sw_allotment"][s.name])
    row = chart.chart_row(g.id)
    for weapon in chart.columns:
        for part in str(row.results[weapon]).split(";"):
            numbered = re.fullmatch(r"\((\d)\)", part.strip())
            if numbered:
                n = int(numbered[1]) - (0 if full else 1)
                sure, rolls = 0, [f"({n})"] if n >= 1 else []
            else:
                count = int(part)
                sure, rolls = (count, []) if full else (0, ["Depleted, SW not in parenthesis"] * count)
            got = sure + sum(r.roll("oto2.sw_allotment_dr", f"{g.id} {weapon} (7.5192)", side=s.name, column=column,
                                    secret=r.computer(s.name)).result == "Received" for column in rolls)
            for _ in range(got):
                s.add(weapon, "sw", p.line)
                p.sw.append(weapon)


def _leaders(r: Reph, s: SideState, p: Purchase, g: rgs.RGType, full: bool) -> None:
    """7.5196 Leader Determination: a Secret DR for each Infantry RG (German I2 +1; Russian I2, I4, I5 -1)."""
    mods: Mods = {"historical": r.historical(s.name)}
    if not full:
        mods["depleted"] = True
    if s.name == "German" and g.id == "I2":
        mods["german-i2"] = True
    if s.name == "Russian" and g.id in ("I2", "I4", "I5"):
        mods["russian-i2-i4-i5"] = True
    trace = r.roll("oto2.leader_generation", f"Leaders of {g.label()} (7.5196)", s.name, mods, side=s.name,
                   secret=r.computer(s.name))
    for leader in trace.result.split(","):
        p.leaders.append(s.add(leader.strip(), "leader", p.line).type)


def _platoon_leader(r: Reph, s: SideState, p: Purchase, g: rgs.RGType, full: bool) -> None:
    """7.5197: an AFV platoon rolls a DR for an Armor Leader; a German Eng/Assault Plt a dr for its leader."""
    if g.letter == "V":
        vehicles = [u for u in s.units if u.rg == p.line and u.kind == "vehicle"]
        mods = list(r.defn.raw["armor_leader_mods"].get(s.name, {}).get(g.id, []))
        if s.name == "German":
            mods.append("german")
        if not full:
            mods.append("depleted")
        _armor_leader(r, s, vehicles[0], mods, f"Armor Leader of {g.label()} (7.5197)", p)
        return
    trace = r.roll("oto2.platoon_leader", f"Leader of {g.label()} (7.5197)", side=s.name,
                   mods={} if full else {"depleted": True}, secret=r.computer(s.name))
    if trace.result != "No leader":
        p.leaders.append(s.add(trace.result, "leader", p.line).type)


def _armor_leader(r: Reph, s: SideState, vehicle, mods: list[str], purpose: str, p: Purchase | None = None) -> None:
    trace = r.roll("oto2.armor_leader", purpose, side=s.name, mods={m: True for m in mods}, secret=r.computer(s.name))
    leader = trace.effect.get("armor_leader")
    if not leader:
        r.say(f"{s.name} {purpose}: DR {trace.original}, Final {trace.final}: no armor leader", secret=s.name)
        return
    s.add(leader, "armor-leader", vehicle.rg, **{"in": vehicle.id})
    if p:
        p.leaders.append(f"{leader} AL")
    r.say(f"{s.name} Armor Leader {leader} in {vehicle.id} {vehicle.type}", secret=s.name)


def _oba(r: Reph, s: SideState, p: Purchase, g: rgs.RGType) -> None:
    """7.5195 OBA: a Secret DR for each module's ammunition with the Historical DRM; notes f (Pre-Registered hexes)."""
    trace = r.roll("oto2.oba", f"Ammunition of {g.label()} (7.5195)", s.name, {"historical": r.historical(s.name)},
                   side=s.name,
                   secret=r.computer(s.name))
    p.strength = trace.result
    extra = {"ammo": trace.result}
    if p.options.get("prereg"):
        extra["prereg"] = p.options["prereg"]
    p.units.append(s.add(f"{g.title} {g.units}", "oba", p.line, **extra).type)


def _misc(r: Reph, s: SideState, p: Purchase, g: rgs.RGType) -> None:
    """F aircraft (number per E7.21, type per the OtO Aircraft tables: not in the texts), B Bombardment, M1 FPP,
    German M2 Minefield, SAN # Increase, Russian M3 Reconnaissance."""
    if g.letter == "F":
        p.units.append(s.add(g.title, "aircraft", p.line).type)
        r.say(f"{s.name} {g.id}: the number of aircraft comes from E7.21 and the type from the OtO Aircraft tables, "
              "which are not in the texts: roll them from your rules (then the ATCB dr, oto2.aircraft_atcb)",
              secret=s.name)
    elif g.letter == "B":
        p.units.append(s.add(g.title, "bombardment", p.line).type)
    elif g.title.replace(" ", "") == "50FPP":
        s.fpp += FPP_PER_M1
        p.units.append(f"{FPP_PER_M1} FPP")
    elif g.title == "Minefield":
        s.fortifications.append(Fortification(s.name, MINEFIELD, 1, r.c.date,  # worth the FPP of its CPP in M1
                                              fpp=FPP_PER_M1 * g.cpp // r.rg(s.name, "M1").cpp))
        p.units.append(MINEFIELD)
    elif g.title == "SAN # Increase":
        s.san += 1
        s.roster[r.c.date].san = s.san
        p.units.append(f"SAN {s.san}")
    elif g.title == "Reconnaissance":
        p.units.append("Recon with the +3 drm (7.5225)")
    else:
        raise SoloError(f"{g.id} {g.title}: solo does not know how this RG is received")


# --- 7.520 ---------------------------------------------------------------------------------

# The 7.520 table's rows as the kinds solo names them (a reading of the chart's keys: a Foxhole by its squad capacity,
# HIP by what it hides, "cupola/squad/HS/crew(SMC), respectively"); every other row is its own kind.
KINDS = {"Foxhole 3/2/1 Squad Capacity": ("Foxhole 3", "Foxhole 2", "Foxhole 1"), 'Concealment ("?") counters': ("?",),
         "HIP": ("HIP cupola", "HIP squad", "HIP HS", "HIP crew")}
AT_DITCH_MAX = 15  # "** Max purchase is 15 during CG"


def fort_costs(r: Reph) -> dict[str, int]:
    """7.520 Fortification Purchasing Table (its chart, oto2.fortification_purchase): the FPP of one of each kind (a
    mine factor, a "?" counter), in the chart's order; the Pillbox apart (fortification_cost)."""
    costs: dict[str, int] = {}
    for row in r.cat.get("oto2.fortification_purchase").rows:
        if row.key != "Pillbox":
            numbers = [int(n) for n in re.findall(r"\d+", str(row.results["FPP"]))]  # "3/2/1*", "18**", "2 per Factor"
            costs.update(zip(KINDS.get(str(row.key), (str(row.key),)), numbers, strict=True))
    return costs


def fortification_cost(costs: dict[str, int], kind: str, count: int) -> int:
    """7.520: ``count`` of ``kind`` at the chart's ``costs`` (fort_costs); a Pillbox is written "Pillbox a+b+c" and
    costs (a+b+c) x 2."""
    pillbox = re.fullmatch(r"Pillbox (\d+)\+(\d+)\+(\d+)", kind)
    if pillbox:
        return sum(int(n) for n in pillbox.groups()) * 2 * count
    if kind not in costs:
        raise SoloError(f"no fortification {kind!r}: choose from {', '.join(costs)} or \"Pillbox a+b+c\" (7.520)")
    return costs[kind] * count


def printed_worth(costs: dict[str, int], kind: str, count: int) -> int:
    """The FPP a fortification of the printed Initial OB (7.4) is worth at 7.520's prices; a minefield hex its mines."""
    hexes = re.fullmatch(r"Minefield hex \((\d+) AT, (\d+) AP mines\)", kind)
    if hexes:
        return count * (int(hexes[1]) * costs["AT Mine"] + int(hexes[2]) * costs["AP Mine"])
    return fortification_cost(costs, kind, count)


def fortification_parser(r: Reph, s: SideState):
    costs = fort_costs(r)

    def parse(raw) -> dict:
        raw = choices.kind_counts(raw, "Trench 2, AP Mine 6")
        total = sum(fortification_cost(costs, k, n) for k, n in raw.items())
        if s.name == "Russian" and any(not k.startswith("Foxhole") for k, n in raw.items() if n):
            raise SoloError("the Russians may only expend FPP on Foxholes (7.520 *)")
        if total > s.fpp:
            raise SoloError(f"these fortifications cost {total} FPP; the {people(s.name)} have {s.fpp} (7.520)")
        ditches = sum(f.count for f in s.fortifications if f.kind == "AT Ditch" and not f.given) + raw.get(
            "AT Ditch", 0
        )
        if ditches > AT_DITCH_MAX:
            raise SoloError(f"at most {AT_DITCH_MAX} AT Ditches may be purchased during the CG (7.520 **)")
        if r.rules >= 3:
            _hip_limit(r, s, raw)
        return raw
    return parse


def _hip_limit(r: Reph, s: SideState, raw: dict) -> None:
    """7.520 HIP: "No more than 10% (FRU) of the German's non-Reserve Infantry squads (plus all SW/SMC set up with them
    in the same Location) may set up using HIP in a scenario" (issue 20.27; saves of rules version 3 on). solo's
    reading: the squads are the Retained ones (a HS half a squad, as its HIP half a squad's) less those of RGs bought
    today to enter from off board (CG12a: they cannot set up), and the limit is on the HIP bought for the next
    scenario; SMC/crew HIP and Guns with their crews (A12.34) are not counted."""
    offboard = {p.line for p in s.purchases if p.date == r.c.date and p.options.get("offboard")}
    squads = sum(SQUAD_EQUIVALENTS[u.kind] for u in s.retained("squad", "hs") if u.rg not in offboard)
    most = math.ceil(squads / 10)
    hip = raw.get("HIP squad", 0) + raw.get("HIP HS", 0) / 2
    if hip > most:
        raise SoloError(f"HIP for at most 10% (FRU) of the {people(s.name, possessive=True)} {squads:g} non-Reserve "
                        f"Infantry squads, {most} squad(s); this buys HIP for {hip:g} (7.520)")


@step("fortifications")
def fortifications(r: Reph) -> None:
    """7.520 Purchasing Fortifications with the FPP bought in 7.518 (M1 = 50 FPP); the Russians only Foxholes;
    unspent FPP are forfeited. IHSR 5: Cupolas purchased on the Initial CG Date may set up HIP at no FPP."""
    for side, s in r.c.sides.items():
        if not s.fpp:
            continue
        costs = fort_costs(r)
        bought = r.ask("fortifications", f"7.520 Spend {s.fpp} FPP on fortifications ("
                       + ", ".join(f"{k} {v}" for k, v in costs.items()) + ", Pillbox a+b+c (a+b+c)x2)",
                       fortification_parser(r, s),
                       side=side, context={"reph": r, "side": s, "costs": costs},
                       example='fortifications = { Wire = 2, Trench = 3, "AP Mine" = 3 }')
        spent = sum(fortification_cost(costs, k, n) for k, n in bought.items())
        for kind, count in bought.items():
            s.fortifications.append(Fortification(side, kind, count, r.c.date,
                                                  fpp=fortification_cost(costs, kind, count)))
        s.roster[r.c.date].fpp = s.fpp
        s.roster[r.c.date].fortifications = [f"{k} x{n}" for k, n in bought.items()]
        if initial(r) and any(p.rg == "I7" for p in s.purchases):
            r.say(f"{side}: Cupolas purchased on this CG Date may set up HIP at no FPP (IHSR 5)", secret=side)
        r.say(
            f"{side} spends {spent} of {s.fpp} FPP: "
            + (", ".join(f"{k} x{n}" for k, n in bought.items()) or "nothing")
            + (f"; {s.fpp - spent} FPP forfeited" if s.fpp > spent else ""),
            secret=side,
        )
        s.fpp = 0
