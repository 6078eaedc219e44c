"""OtO-S2 Random Events (MSR 1 and 4): what each entry of the ENEMY (A11) and FRIENDLY (R9) Random Events tables does
on the mission's map.

Both tables are stand-ins of the project's own design (tables/core/sasl_mission_stand_ins.toml: the real A11 and R9
are not in the texts); each handler does what its entry says, on the units and S? the mission keeps on its map, and
"where an event finds nothing to act on, it has no effect" (the tables' note). The board edges and the VPO the
FRIENDLY side holds are solo's readings (solo/sasl/mission_map.py). Without the player's VASL boards the mission has
no map to measure on: an entry that needs one is kept among the lasting effects, for the player to apply.
"""

from solo.core.errors import SoloError
from solo.sasl.actions import apply_result
from solo.sasl.context import Ctx
from solo.sasl.events import (
    REROLL,
    arrive,
    chained_number,
    closest,
    create_hero,
    dr_total,
    edge_hexes,
    ffe_strike,
    leader_hardens,
    local_counterattack,
    r3_leader,
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
from solo.sasl.mission_map import board_edge
from solo.sasl.state import Unit
from solo.sasl.words import INFANTRY, Attitude, Kind, SStatus, Status

NO_EVENT = "no event"


# --- what the map cannot tell -------------------------------------------------------------------------------------

def _later(x: Ctx, text: str) -> str:
    """An effect the mission cannot apply without its map: kept among the lasting effects, for the player."""
    x.m.effects.append(f"Turn {x.m.turn}: {text}")
    return f"{text} (no map to apply it on: apply it on your own map)"


def _rally(x: Ctx, side: str, toward: str) -> str:
    """The broken ``side`` unit(s) in the Location closest to the ``toward`` side's board edge rally."""
    if x.map is None:
        if not any(u.side == side and u.status == Status.BROKEN for u in x.m.units):
            return f"no broken {side} unit: no effect"
        edge = "FBE" if toward == "FRIENDLY" else "EBE"
        return _later(x, f"the broken {side} unit(s) in the Location closest to the {edge} rally")
    return rally_nearest(x, side, toward) or f"no broken {side} unit: no effect"


# --- ENEMY (A11 stand-in) ------------------------------------------------------------------------------------------

def _no_event(x: Ctx, trace) -> str:
    """11-12: ENEMY in disarray."""
    return NO_EVENT


def _re(side: str, step: int):
    def apply(x: Ctx, trace) -> str:
        """ENEMY 13-14 / 43-44, FRIENDLY 15-16 / 44-46: the side's RE#s fall or rise by one; none past 2/3 or 6/7."""
        return re_change(x, side, step, at_limit=f"{side} RE# already {'/'.join(map(str, x.m.re_numbers[side]))}: "
                         "no event")
    return apply


def _enemy_rally(x: Ctx, trace) -> str:
    """15-16: the broken ENEMY unit(s) in the Location closest to the FBE rally."""
    return _rally(x, "ENEMY", "FRIENDLY")


def _sniper(side: str, dr: int):
    def apply(x: Ctx, trace) -> str:
        """ENEMY 21-22 / 31-32, FRIENDLY 11-12: a Sniper attack (A14.3, core ASL: the player resolves it)."""
        return sniper(x, side, dr, "now" if side == "ENEMY" else "as the first action of the next FRIENDLY PFPh")
    return apply


def _dig_in(x: Ctx, trace) -> str:
    """23-24: a Foxhole under each Activated Good Order ENEMY Infantry unit in Open Ground not in a fortification."""
    if x.map is None:
        return _later(x, "a Foxhole under each Activated Good Order ENEMY Infantry unit in Open Ground")
    fortified = {u.hex for u in x.m.units if u.kind == Kind.FORTIFICATION and u.on_map}
    hexes = sorted({u.hex for u in x.m.activated if u.kind in INFANTRY and u.status == Status.GOOD_ORDER
                    and x.map.name(u.hex) and x.map.terrain(u.hex) == "open" and u.hex not in fortified})
    for where in hexes:
        x.m.add_unit("Foxhole", Kind.FORTIFICATION, where, "", f"RE {trace.row}")
    return f"Foxholes in {', '.join(hexes)}" if hexes else "no Activated ENEMY Infantry in Open Ground: no effect"


def _sw_found(x: Ctx, trace) -> str:
    """25-26: the Activated ENEMY squad closest to a FRIENDLY unit receives one SW of the chained type."""
    kind = sub_result(trace, "sasl.enemy_sw") or "LMG"
    if x.map is None:
        return _later(x, f"the Activated ENEMY squad closest to a FRIENDLY unit receives a {kind}")
    squads = [u for u in x.m.activated if u.kind == Kind.SQUAD and x.map.name(u.hex)]
    friendly = {u.hex for u in units_on_map(x, "FRIENDLY")}
    where = closest(x, [u.hex for u in squads], friendly, "the ENEMY squad closest to a FRIENDLY unit")
    if where is None:
        return "no Activated ENEMY squad or no FRIENDLY unit on the map: no effect"
    here = [u for u in squads if u.hex == where]
    owner = here[random_selection(x, f"the ENEMY squad in {where} to receive the {kind}", len(here)) - 1]
    sw = x.m.add_unit(kind, Kind.SW, where, "", f"RE {trace.row}")
    sw.owner = owner.id
    return f"{owner.id} {owner.type} in {where} receives {sw.id} {kind}"


def _minefield(x: Ctx, trace) -> str:
    """33-34: the FRIENDLY Infantry stack closest to the EBE not in a building has stumbled into a 6-factor A-P
    minefield (B28.1), attacked as the first event of the next ENEMY PFPh. OtO-S2 has no FRIENDLY set up area on the
    map (its units set up off board), so every stack on the map is eligible."""
    if x.map is None:
        return _later(x, "6-factor A-P minefield attack on the FRIENDLY Infantry stack closest to the EBE (not in a "
                      "building), the first event of the next ENEMY PFPh")
    stacks = [u.hex for u in units_on_map(x, "FRIENDLY", INFANTRY) if "building" not in (x.map.terrain(u.hex) or "")]
    where = closest(x, stacks, edge_hexes(x, "ENEMY"), "the FRIENDLY Infantry stack closest to the EBE")
    if where is None:
        return "no FRIENDLY Infantry stack outside a building: no event"
    x.m.add_unit("A-P Minefield (6)", Kind.FORTIFICATION, where, "", f"RE {trace.row}")
    x.m.effects.append(f"Turn {x.m.turn}: 6-factor A-P minefield attack on the FRIENDLY Infantry in {where}, the first "
                       "event of the next ENEMY PFPh (B28.1)")
    return f"6-factor A-P minefield in {where}: it attacks the FRIENDLY Infantry there first in the next ENEMY PFPh"


def _strike(what: str, re_up: bool = False):
    def apply(x: Ctx, trace) -> str:
        """35-36, 45-46, 61-62, 73-74: a number of FFE (the chained A6 table) on the FRIENDLY units closest to the
        EBE (8.7.75); 73-74 also raises the ENEMY RE#s (not above 6/7)."""
        said = ffe_strike(x, chained_number(trace), what)
        return said + (f"; {re_change(x, 'ENEMY', 1, at_limit='ENEMY RE# stays 6/7')}" if re_up else "")
    return apply


def _reinforcements(kind: str, plus: int = 0):
    def apply(x: Ctx, trace) -> str:
        """41-42 (dr), 63-64 (DR), 71-72 (DR+2): S? enter this turn along the EBE in Advance Attitude; each unit
        Activated from them takes the Prevailing Attitude (solo/sasl/activation.py); each on an EBE hex
        (solo/sasl/events.py `reinforcement_s`)."""
        count = dr_total(x, f"ENEMY RE {trace.row}: S? ({kind}{f'+{plus}' if plus else ''})", "ENEMY", kind) + plus
        new = reinforcement_s(x, count)
        return f"{count} S? enter along the EBE in Advance Attitude: " + ", ".join(f"{s.id} {s.where}" for s in new)
    return apply


def _alerted(x: Ctx, trace) -> str:
    """55-56: the ENEMY AC# increases by one for the rest of the mission."""
    x.m.tables["enemy_ac"] += 1
    return f"ENEMY AC# now {x.m.tables['enemy_ac']}"


def _counterattack(s_too: bool, leader: bool = False):
    def apply(x: Ctx, trace) -> str:
        """51-52: Activated ENEMY units within six hexes of the FRIENDLY controlled VPO closest to the EBE assume
        Advance Attitude, and revert to Hold once the VPO is captured; 65-66 the S? there too; 75-76 an ENEMY leader
        (the chained type) first enters along the EBE."""
        came = ""
        if leader:
            kind = sub_result(trace, "sasl.enemy_leader") or "8-0"
            if x.map is None:
                return _later(x, f"an ENEMY {kind} leader enters along the EBE; then Local Counterattack (65-66)")
            edge = sorted(edge_hexes(x, "ENEMY"))
            where = edge[random_selection(x, "the EBE hex the ENEMY leader enters", len(edge)) - 1]
            new = x.m.add_unit(kind, Kind.LEADER, where, Attitude.ADVANCE, f"RE {trace.row}")
            came = f"{new.id} {kind} enters in {where}; "
        if x.map is None:
            return _later(x, "Local Counterattack: the ENEMY within six hexes of the FRIENDLY controlled VPO closest "
                          "to the EBE assume Advance Attitude")
        done = local_counterattack(x, units=True, s=s_too)
        return came + (done or "no FRIENDLY controlled VPO, or no ENEMY within six hexes of it: no counterattack")
    return apply


def _hardens(x: Ctx, trace) -> str:
    """53-54: the best Activated ENEMY leader not already a 10-3 is Battle Hardened (A15.3) and, if broken, rallied."""
    done = leader_hardens(x, rally_location=False)
    return "no Activated ENEMY leader who can Battle Harden: no effect" if done == REROLL else done


# --- FRIENDLY (R9 stand-in) ----------------------------------------------------------------------------------------

def _recall(x: Ctx, trace) -> str:
    """13-14: one FRIENDLY Mobile AFV (Random Selection if several) is placed under Recall (D5.341)."""
    afv = [u for u in x.m.units if u.side == "FRIENDLY" and u.kind == Kind.VEHICLE and u.on_map
           and not {"immobilized", "wreck", "recalled"} & set(u.marks)]
    if not afv:
        return "no Mobile FRIENDLY AFV on the map: no effect"
    pick = afv[random_selection(x, "the FRIENDLY AFV to Recall", len(afv)) - 1]
    pick.marks = sorted({*pick.marks, "recalled"})
    return f"{pick.id} {pick.type} is placed under Recall (D5.341)"


def _hero(x: Ctx, trace) -> str:
    """21-23: a Hero is created from the FRIENDLY MMC closest to an unbroken ENEMY unit."""
    if x.map is None:
        return _later(x, "a Hero is created from the FRIENDLY MMC closest to an unbroken ENEMY unit")
    return create_hero(x, f"RE {trace.row}") or "no FRIENDLY MMC or no unbroken ENEMY unit on the map: no effect"


def _friendly_rally(x: Ctx, trace) -> str:
    """24-26: the broken FRIENDLY unit(s) in the Location closest to the EBE rally."""
    return _rally(x, "FRIENDLY", "ENEMY")


def _oba(x: Ctx, trace) -> str:
    """31-33: OBA (H1.53) with its ammunition (R8); the player gives a radio to a FRIENDLY leader of his choice."""
    oba, ammo = sub_result(trace, "sasl.h1_53"), sub_result(trace, "sasl.r8")
    x.m.friendly_oob["oba"].append({"turn": x.m.turn, "oba": oba, "ammo": ammo})
    leaders = [u for u in x.m.units
               if u.side == "FRIENDLY" and u.kind == Kind.LEADER and u.on_map and u.type != "1-4-9"]
    said = f"{oba}, {ammo}"
    if not leaders:
        x.m.effects.append(f"Turn {x.m.turn}: a radio for {oba} goes to the first FRIENDLY leader on the map")
        return said + "; no FRIENDLY leader on the map yet: the radio goes to the first to enter"
    chosen = x.m.unit(x.ask("radio_leader", "FRIENDLY RE 31-33: which FRIENDLY leader takes the radio? "
                            f"[{', '.join(f'{u.id} {u.type} {u.hex}' for u in leaders)}]", _one_of(leaders),
                            example='radio_leader = "F4"'))
    assert chosen is not None  # _one_of took a FRIENDLY leader on the map
    radio = x.m.add_unit("Radio", Kind.SW, chosen.hex, "", f"RE {trace.row}", side="FRIENDLY")
    radio.owner = chosen.id
    return said + f"; {radio.id} Radio with {chosen.id} {chosen.type} in {chosen.hex}"


def _one_of(units: list[Unit]):
    def parse(raw) -> str:
        found = next((u.id for u in units if u.id.lower() == str(raw).strip().lower()), None)
        if found is None:
            raise SoloError(f"{raw!r}: one of {', '.join(u.id for u in units)}")
        return found
    return parse


def _infantry(x: Ctx, trace) -> str:
    """34-36: a dr+1 squads, all of the type R2 gives, with their SMC/SW by H1.8-1.83 (each leader by R3)."""
    squads = dr_total(x, "FRIENDLY RE 34-36: squads (dr+1)", "FRIENDLY", "dr") + 1
    kind = sub_result(trace, "sasl.r2") or "4-4-7"
    units = [(kind, squads)]
    for what, n in with_squads(sub_result(trace, "sasl.h1_8") or "", squads):
        if what == "leader":
            for k in range(n):
                units += r3_leader(x, f"leader {k + 1} of the reinforcements")
        else:
            units.append((what, n))
    return arrive(x, trace, "Infantry reinforcements", units)


def _guns(x: Ctx, trace) -> str:
    """41-43: A6f Guns of the one R5 type ("Outside"), each crewed by a 2-2-8 and towed by a transport of the R7
    type (one each: solo's reading), entering through a road hex on the FBE; R7 rolled again until it can tow the Gun
    (``towing``: the asl.towing stand-in chart, rules version 7 on)."""
    n, gun = chained_number(trace), sub_result(trace, "sasl.r5") or "Gun"
    tow = towing(x, gun, sub_result(trace, "sasl.r7") or "transport", "RE 41-43")
    return arrive(x, trace, "Gun section (towed, through a road hex on the FBE)", [(gun, n), ("2-2-8", n), (tow, n)])


def _leader_arrives(x: Ctx, trace) -> str:
    """51-52: a FRIENDLY leader by R3 (Leader column) enters along the FBE; "None": no leader."""
    found = sub_result(trace, "sasl.r3")
    if not found or found == "None":
        return "Table R3 gives no leader: no effect"
    return arrive(x, trace, "A FRIENDLY leader", [(found, 1)])


def _mines_found(x: Ctx, trace) -> str:
    """53-54: a Known A-P minefield (B28.46) in the hex adjacent to the FRIENDLY Infantry unit closest to the EBE,
    toward the EBE (Random Selection if several); an S? there is removed."""
    if x.map is None:
        return _later(x, "a Known A-P minefield in the hex adjacent to the FRIENDLY Infantry unit closest to the EBE, "
                      "toward the EBE; an S? there is removed")
    ebe = edge_hexes(x, "ENEMY")
    where = closest(x, [u.hex for u in units_on_map(x, "FRIENDLY", INFANTRY)], ebe,
                    "the FRIENDLY Infantry unit closest to the EBE")
    if where is None:
        return "no FRIENDLY Infantry on the map: no effect"
    toward = x.map.toward(where, board_edge(x.m, x.defn, "ENEMY"))
    if not toward:
        return f"{where} is on the EBE: no hex beyond it, no effect"
    mines = toward[random_selection(x, "the hex of the Known minefield", len(toward)) - 1]
    x.m.add_unit("Known A-P Minefield", Kind.FORTIFICATION, mines, "", f"RE {trace.row}")
    gone = [s for s in x.m.s if s.status == SStatus.HIDDEN and s.where == mines]
    for s in gone:
        s.status = SStatus.REMOVED
    return f"Known A-P minefield in {mines}" + (f"; {', '.join(s.id for s in gone)} removed" if gone else "")


def _sappers(x: Ctx, trace) -> str:
    """55-56: A6a 4-5-8 sapper squads (H1.23), each with one DC, enter along the FBE; R3 for a leader."""
    n = chained_number(trace)
    leader = sub_result(trace, "sasl.r3")
    units = [("4-5-8", n), ("DC", n)] + ([(leader, 1)] if leader and leader != "None" else [])
    return arrive(x, trace, "Sappers", units)


def _armorers(x: Ctx, trace) -> str:
    """61-62: every malfunctioned FRIENDLY SW/Gun in the Location closest to the FBE is repaired."""
    broken = [u for u in x.m.units if u.side == "FRIENDLY" and u.on_map and "malfunctioned" in u.marks]
    if not broken:
        return "no malfunctioned FRIENDLY SW or Gun: no effect"
    if x.map is None:
        return _later(x, "every malfunctioned FRIENDLY SW/Gun in the Location closest to the FBE is repaired")
    where = closest(x, [u.hex for u in broken if x.map.name(u.hex)], edge_hexes(x, "FRIENDLY"),
                    "the Location of malfunctioned SW/Guns closest to the FBE")
    here = [u for u in broken if u.hex == where]
    for u in here:
        apply_result(x, u, "repaired")
    return f"{', '.join(f'{u.id} {u.type}' for u in here)} in {where} repaired"


def _guards(x: Ctx, trace) -> str:
    """63-64: the FRIENDLY ELR increases by one for the rest of the mission, not above 5. OtO-S2 gives no FRIENDLY ELR
    (solo does not keep one): the rise is kept among the lasting effects."""
    x.m.effects.append(f"Turn {x.m.turn}: FRIENDLY ELR +1 for the rest of the mission (not above 5)")
    return "FRIENDLY ELR +1 (not above 5)"


def _orders_astray(x: Ctx, trace) -> str:
    """65-66: the FRIENDLY leader closest to the EBE may not direct fire or movement in the next FRIENDLY Player
    Turn."""
    if x.map is None:
        return _later(x, "the FRIENDLY leader closest to the EBE may not direct fire or movement next Player Turn")
    leaders = [u for u in units_on_map(x, "FRIENDLY", (Kind.LEADER,)) if u.type != "1-4-9"]
    where = closest(x, [u.hex for u in leaders], edge_hexes(x, "ENEMY"), "the FRIENDLY leader closest to the EBE")
    if where is None:
        return "no FRIENDLY leader on the map: no effect"
    here = [u for u in leaders if u.hex == where]
    who = here[random_selection(x, f"the FRIENDLY leader in {where}", len(here)) - 1]
    x.m.effects.append(f"Turn {x.m.turn}: {who.id} {who.type} may not direct fire or movement in FRIENDLY Player Turn "
                       f"{x.m.turn + 1}")
    return f"{who.id} {who.type} in {where} may not direct fire or movement next FRIENDLY Player Turn"


RANDOM_EVENTS = {
    ("ENEMY", "11-12"): _no_event,
    ("ENEMY", "13-14"): _re("ENEMY", -1), ("ENEMY", "43-44"): _re("ENEMY", 1),
    ("ENEMY", "15-16"): _enemy_rally,
    ("ENEMY", "21-22"): _sniper("ENEMY", 2), ("ENEMY", "31-32"): _sniper("ENEMY", 1),
    ("ENEMY", "23-24"): _dig_in,
    ("ENEMY", "25-26"): _sw_found,
    ("ENEMY", "33-34"): _minefield,
    ("ENEMY", "35-36"): _strike("80+mm mortar FFE"), ("ENEMY", "61-62"): _strike("100+mm FFE"),
    ("ENEMY", "45-46"): _strike("Harassing Fire FFE (C1.72)"), ("ENEMY", "73-74"): _strike("100+mm FFE", re_up=True),
    ("ENEMY", "41-42"): _reinforcements("dr"), ("ENEMY", "63-64"): _reinforcements("DR"),
    ("ENEMY", "71-72"): _reinforcements("DR", 2),
    ("ENEMY", "51-52"): _counterattack(s_too=False), ("ENEMY", "65-66"): _counterattack(s_too=True),
    ("ENEMY", "75-76"): _counterattack(s_too=True, leader=True),
    ("ENEMY", "53-54"): _hardens,
    ("ENEMY", "55-56"): _alerted,
    ("FRIENDLY", "11-12"): _sniper("FRIENDLY", 2),
    ("FRIENDLY", "13-14"): _recall,
    ("FRIENDLY", "15-16"): _re("FRIENDLY", -1), ("FRIENDLY", "44-46"): _re("FRIENDLY", 1),
    ("FRIENDLY", "21-23"): _hero,
    ("FRIENDLY", "24-26"): _friendly_rally,
    ("FRIENDLY", "31-33"): _oba,
    ("FRIENDLY", "34-36"): _infantry,
    ("FRIENDLY", "41-43"): _guns,
    ("FRIENDLY", "51-52"): _leader_arrives,
    ("FRIENDLY", "53-54"): _mines_found,
    ("FRIENDLY", "55-56"): _sappers,
    ("FRIENDLY", "61-62"): _armorers,
    ("FRIENDLY", "63-64"): _guards,
    ("FRIENDLY", "65-66"): _orders_astray,
}
