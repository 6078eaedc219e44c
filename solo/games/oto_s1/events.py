"""OtO-S1 Random Events (MSR 4): what each entry of the ENEMY and FRIENDLY RE tables does beyond its rolls, and the
Reinforcement dr of ENEMY RE 37-40. On the OtO map (the player's VASL boards; saves of rules version 3 on) an entry
finds the units, S? and VPO it names; without it the player names them."""

from solo.core.choices import words, yes_no
from solo.core.errors import SoloError
from solo.sasl.context import Ctx
from solo.sasl.events import (
    REROLL,
    all_subrolls,
    arrive,
    chained_number,
    closest,
    counterattack_ends,
    create_hero,
    dr_total,
    edge_hexes,
    ffe_strike,
    leader_hardens,
    local_counterattack,
    on_the_map,
    rally_nearest,
    random_selection,
    re_change,
    reinforcement_s,
    sniper,
    sub_result,
    towing,
    units_on_map,
    with_squads,
)
from solo.sasl.mission_map import board_edge, in_set_up_area
from solo.sasl.words import INFANTRY, Attitude, Kind, SStatus

# --- ENEMY RE -------------------------------------------------------------------------------

def _counterattack_s(x: Ctx, trace) -> str:
    """11-12: Hold S? within six hexes of the FRIENDLY-controlled VPO closest to the EBE take Advance Attitude;
    rolled again if no such VPO or S?. On the map solo finds them; without it the player names them."""
    if on_the_map(x):
        return local_counterattack(x, units=False, s=True, hold_s_only=True) or REROLL
    hold = [s for s in x.m.s if s.status == SStatus.HIDDEN and s.attitude == Attitude.HOLD]
    ids = x.ask(
        "counterattack_s",
        "ENEMY RE 11-12 Local Counterattack: which Hold S? are within six hexes of the "
        "FRIENDLY-controlled VPO closest to the EBE? (none: no such VPO or S?; the RE is rolled again) "
        f"[{', '.join(f'{s.id} {s.where}' for s in hold)}]",
        _s_ids(x, hold),
        example='counterattack_s = ["S3"]',
    )
    if not ids:
        return REROLL
    for s_id in ids:
        s_q = x.m.s_counter(s_id)
        assert s_q is not None  # _s_ids took only the Hold S? on the map
        s_q.attitude = Attitude.ADVANCE
    return f"{', '.join(ids)} now in Advance Attitude"


def _s_ids(x: Ctx, allowed):
    def parse(raw):
        ids = [str(w).upper() for w in words(raw)]
        bad = [i for i in ids if i not in {s.id for s in allowed}]
        if bad:
            raise SoloError(f"{', '.join(bad)}: not one of {', '.join(a.id for a in allowed) or 'none'}")
        return ids
    return parse


def _minefield(x: Ctx, trace) -> str:
    """13-16, 25-26, 51-56: the FRIENDLY Infantry stack in an eligible minefield Location nearest the EBE; rolled again
    if the only eligible unit is in the FRIENDLY set up area or none is eligible. Strength by the follow-up dr."""
    strength = trace.subrolls[0].result if trace.subrolls else "see the table"
    if on_the_map(x):
        line, graph = x.defn["friendly_entry"]["on_or_east_of"], x.known_map.terrain_graph
        stacks = [u.hex for u in units_on_map(x, "FRIENDLY", INFANTRY)
                  if "building" not in graph.nodes[u.hex]["terrain"]
                  and not in_set_up_area(x.known_map.hex_grid, line, u.hex, x.rules >= 6)]
        where = closest(x, stacks, edge_hexes(x, "ENEMY"), "the FRIENDLY Infantry stack nearest the EBE")
        if where is None:
            return REROLL
        x.m.effects.append(f"Turn {x.m.turn}: AP minefield attack on the FRIENDLY stack in {where}, nearest the EBE, "
                           f"first event of the ENEMY PFPh ({strength})")
        return f"mine attack on the FRIENDLY stack in {where} in the upcoming ENEMY PFPh: {strength}"
    ok = x.ask("minefield", "ENEMY RE Minefield!: is a FRIENDLY (non-Melee) Infantry stack in an eligible non-building "
               "minefield Location outside the FRIENDLY set up area? (yes/no; no: rolled again)", yes_no,
               example="minefield = true")
    if not ok:
        return REROLL
    x.m.effects.append(f"Turn {x.m.turn}: AP minefield attack on the FRIENDLY stack nearest the EBE, first event of "
                       f"the ENEMY PFPh ({strength})")
    return f"mine attack in the upcoming ENEMY PFPh: {strength}"


def _re_up(side: str):
    def apply(x: Ctx, trace) -> str:
        """21-22 (ENEMY) / 44-46 (FRIENDLY): the side's RE#s rise by one; rolled again if already 6/7."""
        return re_change(x, side, 1)
    return apply


def _counterattack_units(x: Ctx, trace) -> str:
    """23-24, 44-46: Activated ENEMY units within six hexes of the FRIENDLY-controlled VPO closest to the EBE take
    Advance Attitude, and revert to Hold when the VPO is captured."""
    if on_the_map(x):
        done = local_counterattack(x, units=True)
        if done:
            x.m.effects.append(f"Turn {x.m.turn}: {done}; they revert to Hold when the VPO is captured; they cross "
                               "minefields unharmed but with -1 DRM against them there")
        return done or "no FRIENDLY-controlled VPO, or no Activated ENEMY unit within six hexes of it: no effect"
    active = x.m.activated
    ids = x.ask("counterattack_units", "ENEMY RE Local Counterattack: which Activated ENEMY units are within six hexes "
                f"of the FRIENDLY-controlled VPO closest to the EBE? [{', '.join(f'{u.id} {u.type}' for u in active)}]",
                _s_ids(x, active), example="counterattack_units = [\"E4\", \"E5\"]")
    for unit in active:
        if unit.id in ids:
            unit.attitude = Attitude.ADVANCE
    if ids:
        x.m.effects.append(f"Turn {x.m.turn}: Local Counterattack by {', '.join(ids)}; they revert to Hold when the "
                           "VPO is captured; they cross minefields unharmed but with -1 DRM against them there")
    return f"{', '.join(ids) or 'no unit'} in Advance Attitude"


def _reinforcements(x: Ctx, trace) -> str:
    """34-36: a number of S? (a DR + 2) enter this turn along the EBE in Advance Attitude; 37-40 a Reinforcement dr in
    each later ENEMY RPh."""
    count = dr_total(x, "ENEMY RE 34-36: S? (DR + 2)", "ENEMY") + 2
    new = _entering(x, count)
    x.m.reinforcement_dr = True
    return (f"{count} S? enter along the EBE in Advance Attitude ({_where(new)}); a Reinforcement dr each later "
            "ENEMY RPh")


def _entering(x: Ctx, count: int) -> list:
    """S? entering along the EBE: on an EBE hex of the OtO map (rules version 5 on, issue 34: they had no hex), else
    where the rule says."""
    if x.rules >= 5:
        return reinforcement_s(x, count)
    return [x.m.new_s(f"entering on the {x.defn.get('ebe', 'EBE')} edge", Attitude.ADVANCE, "reinforcement")
            for _ in range(count)]


def _where(new: list) -> str:
    return ", ".join(f"{s.id} {s.where}" for s in new) if new and not new[0].where.startswith("entering") \
        else f"{new[0].id}-{new[-1].id}"


def _leader_hardens(x: Ctx, trace) -> str:
    """61-62: the best Activated ENEMY leader eligible to Battle Harden (not a 10-3) Battle Hardens (A15.3), a Random
    dr among two or more of the best type; he and every broken ENEMY unit in his Location rally; rolled again if no
    Activated ENEMY leader is onboard (issue 18: saves of rules version 3 on; before, a best leader who was a 10-3
    rolled the RE again and nothing rallied)."""
    return leader_hardens(x, rally_location=True, eligible_only=x.rules >= 3)


def _strike(what: str):
    def apply(x: Ctx, trace) -> str | None:
        """31-33 (A6a), 41 (A6c), 42-43 (A6e, each as Harassing Fire, C1.72): the FFE fall on the FRIENDLY units
        closest to the EBE (8.7.75). Saves before rules version 3 kept the entry's text alone."""
        if x.rules < 3:
            return None
        return ffe_strike(x, chained_number(trace), what)
    return apply


def _sniper(side: str, when: str):
    def apply(x: Ctx, trace) -> str | None:
        """ENEMY 63-64 / FRIENDLY 63: the subsequent dr gives the Sniper attack's dr (1 or 2, A14.3), resolved
        ``when``. Saves before rules version 3 kept the entry's text alone."""
        if x.rules < 3:
            return None
        got = next((sub.result for sub in all_subrolls(trace)), "")
        dr = 1 if "of 1" in got or "'1'" in got else 2  # "... a Sniper attack dr of 1", "a '1' sniper attack"
        return sniper(x, side, dr, when)
    return apply


def _stukas(x: Ctx, trace) -> str:
    """65-66: JU-87G Stukas (OtO Aircraft 12.1) may enter in the next FRIENDLY MPh."""
    x.m.effects.append(f"Turn {x.m.turn}: JU-87G Stukas (OtO Aircraft 12.1; number per E7.21, not in the texts) may "
                       "enter in the next FRIENDLY MPh and attack the AFV closest to the EBE")
    return "Stukas arrive: roll their number per E7.21 from your rules"


# --- FRIENDLY RE ----------------------------------------------------------------------------

def _arrivals(label: str):
    def apply(x: Ctx, trace) -> str:
        """11-13, 21-23, 31-36, 53, 61-62, 64: FRIENDLY reinforcements arrive, with their follow-up rolls."""
        got = "; ".join(f"{sub.table.title}: {sub.result}" for sub in all_subrolls(trace)) or trace.result
        x.m.friendly_oob["reinforcements"].append({"turn": x.m.turn, "what": label, "rolls": got})
        return f"{label} ({got})"
    return apply


FBE_ROAD = "through a road hex on the FBE"  # 11-13 "All guns enter towed through a road hex on the FBE", 31-33 "along
# a road on the FBE" (solo's reading: the road hexes of the FBE)


def _on_map(label: str, entry: str, units, before=None):
    """An entry whose reinforcements reach the map (rules version 6 on: issue 35, they were kept as text and `enter`
    refused them): ``units(x, trace)`` the counters it brings, to enter from the next FRIENDLY MPh as ``entry`` says.
    Older saves keep the entry's text (``before``, else ``_arrivals``)."""
    def apply(x: Ctx, trace) -> str:
        if x.rules < 6:
            return (before or _arrivals(label))(x, trace)
        return arrive(x, trace, label, units(x, trace), entry=entry)
    apply.__doc__ = units.__doc__
    return apply


def _gun_section(x: Ctx, trace) -> list:
    """11-13: A6f Guns of one R5 type ("Outside"), each crewed by a 2-2-8 and towed by a transport of the R7 type (one
    each: solo's reading), R7 rolled again until it can tow the Gun (``towing``: the asl.towing stand-in chart)."""
    n, gun = chained_number(trace), sub_result(trace, "sasl.r5") or "Gun"
    return [(gun, n), ("2-2-8", n), (towing(x, gun, sub_result(trace, "sasl.r7") or "transport", "RE 11-13"), n)]


def _engineers(x: Ctx, trace) -> list:
    """31-33: three 6-2-8 Assault Engineers, a 9-1, one FT and two DC; on the subsequent dr <= 3 each squad may ride a
    GAZ-MM truck (three trucks)."""
    trucks = 3 if "GAZ-MM" in (sub_result(trace, "oto-s1.re_friendly_engineer_truck") or "") else 0
    return [("6-2-8", 3), ("9-1", 1), ("FT", 1), ("DC", 2), ("GAZ-MM", trucks)]


def _afv(x: Ctx, trace) -> list:
    """34-36, 61-62: A6a AFV of one type by the BtO Armor Support table (its 5 and 6 make another dr), and an armor
    leader by R3 (Armor Leader column)."""
    found = next(sub for sub in all_subrolls(trace) if sub.table.id == x.defn["friendly_oob"]["armor_table"])
    name = found.subrolls[0].result if found.subrolls else found.result
    afv = x.defn["friendly_oob"].get("afv_names", {}).get(name, name)
    al = sub_result(trace, "sasl.r3")
    return [(afv, chained_number(trace))] + ([(f"AL {al}", 1)] if al and al != "None" else [])


def _squads(x: Ctx, trace) -> list:
    """51-52: DR + 1 squads, all of the R2 type, their SMC/SW by H1.8-1.83 (each leader by R3)."""
    count = dr_total(x, "FRIENDLY RE 51-52: squads (DR + 1)", "FRIENDLY") + 1
    units = [(sub_result(trace, "sasl.r2") or "4-4-7", count)]
    for what, n in with_squads(sub_result(trace, "sasl.h1_8") or "", count):
        if what != "leader":
            units.append((what, n))
            continue
        for k in range(n):
            found = x.roll("sasl.r3", f"Table R3, Leader (leader {k + 1} of the reinforcements)", "Leader",
                           side="FRIENDLY").result
            units += [] if found == "None" else [(found, 1)]
    return units


def _sapper_squads(x: Ctx, trace) -> list:
    """65: A6a 4-5-8 sapper squads, each with one DC and one LMG; a DR on R3 for a leader."""
    n, leader = chained_number(trace), sub_result(trace, "sasl.r3")
    return [("4-5-8", n), ("DC", n), ("LMG", n)] + ([(leader, 1)] if leader and leader != "None" else [])


OBA_RIDES = ("motorcycle", "GAZ-67B")  # 21-23: what the 8-0 with radio enters on (the player's option)


def _oba(x: Ctx, trace) -> str:
    """21-23 (and 53, 64, which conduct it again): OBA by H1.53 and its ammunition by R8; "The player may immediately
    give one Russian radio to any Russian leader of his choice or an 8-0 leader with radio enters along the FBE
    mounted on a motorcycle or in a GAZ-67B (player's option)": the radio goes to a FRIENDLY leader on the map (his
    id), or the 8-0, the radio and his ride join the reinforcements that enter along the FBE from the next FRIENDLY
    MPh (rules version 7 on: issue 35, the entry was kept as text and no leader ever had the radio)."""
    if x.rules < 7:
        return _arrivals("OBA")(x, trace)
    oba, ammo = sub_result(trace, "sasl.h1_53"), sub_result(trace, "sasl.r8")
    x.m.friendly_oob["oba"].append({"turn": x.m.turn, "oba": oba, "ammo": ammo, "re": trace.row})
    leaders = [u for u in x.m.units if u.side == "FRIENDLY" and u.kind == Kind.LEADER and u.on_map]
    choices = {u.id.lower(): u.id for u in leaders} | {r.lower(): r for r in OBA_RIDES}

    def parse(raw) -> str:
        found = choices.get(str(raw).strip().lower())
        if found is None:
            raise SoloError(f"{raw!r}: a FRIENDLY leader on the map ({', '.join(u.id for u in leaders) or 'none'}) "
                            f"or the 8-0's ride: {' or '.join(OBA_RIDES)}")
        return found
    on_map = "; ".join(f"{u.id} {u.type} {u.hex}" for u in leaders) or "no FRIENDLY leader on the map"
    pick = x.ask("oba_radio", f"FRIENDLY RE {trace.row}: the radio for {oba}, {ammo}: give it to a FRIENDLY leader on "
                 f"the map [{on_map}], or an 8-0 with radio enters along the FBE on a motorcycle or in a GAZ-67B",
                 parse, example='oba_radio = "GAZ-67B"')
    if pick in OBA_RIDES:
        return f"{oba}, {ammo}; " + arrive(x, trace, "8-0 leader with radio (OBA)", [("8-0", 1), ("Radio", 1),
                                                                                        (pick, 1)])
    chosen = x.m.unit(pick)
    assert chosen is not None  # parse took a FRIENDLY leader on the map, or a ride (above)
    radio = x.m.add_unit("Radio", Kind.SW, chosen.hex, "", f"RE {trace.row}", side="FRIENDLY")
    radio.owner = chosen.id
    return f"{oba}, {ammo}; {radio.id} Radio with {chosen.id} {chosen.type} in {chosen.hex}"


def _recall(x: Ctx, trace) -> str:
    """14-16: one FRIENDLY Mobile AFV on the map is placed under Recall (Random Selection); rolled again if none is
    on board (rules version 6 on: issue 35, an AFV never on the map was recalled); older saves drew from the OoB."""
    if x.rules >= 6:
        afv = [u for u in x.m.units if u.side == "FRIENDLY" and u.kind == Kind.VEHICLE and u.on_map
               and not {"immobilized", "wreck", "recalled"} & set(u.marks)]
        if not afv:
            return REROLL
        pick = afv[random_selection(x, "the FRIENDLY AFV to Recall", len(afv)) - 1]
        pick.marks = sorted({*pick.marks, "recalled"})
        return f"{pick.id} {pick.type} in {pick.hex} is placed under Recall (D5.341)"
    armor = [a for a in x.m.friendly_oob["armor"] if not a.get("recalled")]
    if not armor:
        return REROLL
    pick = armor[random_selection(x, "AFV to Recall", len(armor)) - 1]
    pick["recalled"] = True
    return f"{pick['afv']} is placed under Recall (D5.341)"


def _rally(x: Ctx, trace) -> str:
    """41-43: the broken FRIENDLY units closest to the EBE rally (RS among tied Locations); rolled again if none is
    broken."""
    if on_the_map(x):
        return rally_nearest(x, "FRIENDLY", "ENEMY") or REROLL
    broken = x.ask("broken", "FRIENDLY RE 41-43: are any FRIENDLY units broken? (yes/no; no: rolled again)",
                   yes_no, example="broken = true")
    return "the broken FRIENDLY unit(s) closest to the EBE rally" if broken else REROLL


def _infantry(x: Ctx, trace) -> str:
    """51-52 before rules version 6: the number of squads, kept as text."""
    count = dr_total(x, "FRIENDLY RE 51-52: squads (DR + 1)", "FRIENDLY") + 1
    return _arrivals(f"{count} squads")(x, trace)


def _sappers(x: Ctx, trace) -> str:
    """65 before rules version 6: the number of sapper squads, kept as text."""
    count = trace.subrolls[0].result if trace.subrolls else "?"
    return _arrivals(f"{count} 4-5-8 sapper squads, each with a DC and a LMG")(x, trace)


def _hero(x: Ctx, trace) -> str:
    """24-26: a Hero is created from the FRIENDLY MMC closest to an ENEMY unbroken/vehicular unit."""
    text = "a Hero is created from the FRIENDLY MMC closest to an unbroken/vehicular ENEMY unit"
    if on_the_map(x):
        return create_hero(x, f"RE {trace.row}") or "no FRIENDLY MMC or no unbroken ENEMY unit on the map: no effect"
    return _note(text)(x, trace)


def _mines_discovered(x: Ctx, trace) -> str:
    """54-56, 66: the FRIENDLY infantry unit closest to the EBE (RS if several) has discovered a large minefield:
    three minefield counters in the three hexes adjacent to it and West (toward the EBE); a FRIENDLY unit in one of them
    undergoes an immediate minefield attack. The copy breaks off at ENEMY units in those hexes: solo leaves them be."""
    text = ("ENEMY minefield discovered: three minefields West of the FRIENDLY infantry unit closest to the EBE")
    if not on_the_map(x):
        return _note(text)(x, trace)
    ebe = edge_hexes(x, "ENEMY")
    where = closest(x, [u.hex for u in units_on_map(x, "FRIENDLY", INFANTRY)], ebe,
                    "the FRIENDLY infantry unit closest to the EBE")
    if where is None:
        return "no FRIENDLY infantry on the map: no effect"
    west = x.known_map.toward(where, board_edge(x.m, x.defn, "ENEMY"))
    gone = []
    if x.rules >= 6:  # issue 35: the S? stayed in the minefields, and minefields went under Activated ENEMY units
        west = [h for h in west if not any(u.kind != Kind.FORTIFICATION for u in x.m.at(h, "ENEMY"))]
        gone = [s for s in x.m.s if s.status == SStatus.HIDDEN and x.known_map.name(s.where) in west]
        for s_q in gone:
            s_q.status = SStatus.REMOVED
    for h in west:
        x.m.add_unit("Known A-P Minefield", Kind.FORTIFICATION, h, "", f"RE {trace.row}")
    hit = [h for h in west if x.m.at(h, "FRIENDLY")]
    if hit:
        x.m.effects.append(f"Turn {x.m.turn}: immediate minefield attack on the FRIENDLY units in {', '.join(hit)}")
    return f"Known minefields in {', '.join(west) or 'no hex'}" + (
        f"; the FRIENDLY units in {', '.join(hit)} undergo an immediate minefield attack" if hit else "") + (
        f"; {', '.join(f'{q.id} {q.where}' for q in gone)} removed" if gone else "")


def _note(text: str):
    def apply(x: Ctx, trace) -> str:
        """24-26, 54-56, 66: an effect the player applies, kept among the lasting effects."""
        x.m.effects.append(f"Turn {x.m.turn}: {text}")
        return text
    return apply


def enemy_rph(x: Ctx) -> None:
    """Each ENEMY RPh: the Reinforcement dr of RE 37-40, and a Local Counterattack's units back to Hold once its VPO is
    captured (RE 23-24)."""
    enemy_reinforcement_dr(x)
    counterattack_ends(x)


def enemy_reinforcement_dr(x: Ctx) -> None:
    """ENEMY RE 37-40: in each ENEMY RPh after RE 34-36 a Reinforcement dr: <= 3 a DR of S? in Advance Attitude enter
    along the EBE; >= 4 no more (the dr is no longer made)."""
    if not x.m.reinforcement_dr:
        return
    trace = x.roll("oto-s1.re_enemy_reinforcement", "Reinforcement dr (ENEMY RE 37-40)", side="ENEMY")
    if trace.original <= 3:
        count = dr_total(x, "ENEMY RE 37-40: S? (a DR)", "ENEMY")
        new = _entering(x, count)
        x.say(f"Reinforcement dr {trace.original}: {count} more S? enter along the EBE in Advance Attitude "
              f"({_where(new)})", rule="RE 37-40")
    else:
        x.m.reinforcement_dr = False
        x.say(f"Reinforcement dr {trace.original}: no further S? (the Reinforcement dr is no longer made)",
              rule="RE 37-40")


# The entries the copy marks "*" (000:1578-1623): each happens once only and is rolled again after; ENEMY 44-46 and
# FRIENDLY 53, 61-62 and 64 repeat another entry "even if it has previously occurred" (saves of rules version 3 on).
ONCE = frozenset({("ENEMY", "23-24"), ("ENEMY", "34-36"), ("ENEMY", "44-46"),
                  ("FRIENDLY", "11-13"), ("FRIENDLY", "21-23"), ("FRIENDLY", "34-36"), ("FRIENDLY", "51-52"),
                  ("FRIENDLY", "53"), ("FRIENDLY", "54-56"), ("FRIENDLY", "61-62"), ("FRIENDLY", "64"),
                  ("FRIENDLY", "66")})

RANDOM_EVENTS = {
    ("ENEMY", "11-12"): _counterattack_s,
    ("ENEMY", "13-16"): _minefield, ("ENEMY", "25-26"): _minefield, ("ENEMY", "51-56"): _minefield,
    ("ENEMY", "21-22"): _re_up("ENEMY"), ("FRIENDLY", "44-46"): _re_up("FRIENDLY"),
    ("ENEMY", "23-24"): _counterattack_units, ("ENEMY", "44-46"): _counterattack_units,
    ("ENEMY", "34-36"): _reinforcements,
    ("ENEMY", "61-62"): _leader_hardens,
    ("ENEMY", "65-66"): _stukas,
    ("ENEMY", "31-33"): _strike("80+mm FFE"), ("ENEMY", "41"): _strike("FFE"),
    ("ENEMY", "42-43"): _strike("Harassing Fire FFE (C1.72)"),
    ("ENEMY", "63-64"): _sniper("ENEMY", "now"), ("FRIENDLY", "63"): _sniper("FRIENDLY", "first in the next PFPh"),
    ("FRIENDLY", "11-13"): _on_map("Gun section", FBE_ROAD, _gun_section),
    ("FRIENDLY", "14-16"): _recall,
    ("FRIENDLY", "21-23"): _oba, ("FRIENDLY", "53"): _oba, ("FRIENDLY", "64"): _oba,
    ("FRIENDLY", "24-26"): _hero,
    ("FRIENDLY", "31-33"): _on_map("Engineer Platoon: three 6-2-8 Assault Engineers, a 9-1, one FT and two DC",
                                   FBE_ROAD, _engineers),
    ("FRIENDLY", "34-36"): _on_map("AFV", "along the FBE", _afv),
    ("FRIENDLY", "61-62"): _on_map("AFV", "along the FBE", _afv),
    ("FRIENDLY", "41-43"): _rally,
    ("FRIENDLY", "51-52"): _on_map("Infantry reinforcements", "along the FBE", _squads, _infantry),
    ("FRIENDLY", "54-56"): _mines_discovered, ("FRIENDLY", "66"): _mines_discovered,
    ("FRIENDLY", "65"): _on_map("4-5-8 sapper squads, each with a DC and a LMG", "along the FBE", _sapper_squads,
                                 _sappers),
}
