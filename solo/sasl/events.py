"""Random Events (SASL 2.4-2.5): the checks of both sides against their RE#, the RE tables with every follow-up roll;
the mission's handler for an entry applies what lasts or has it rolled again.

The RE check itself is core SASL and not in the texts, and no public source gives the exact trigger for a RE# such
as 5/6 (tables/core/SOURCES.md, "Not found"). Stand-in reading, said in the record: at the end of each Game Turn
each side makes a RE check DR, and a Random Event occurs when it equals one of the side's two RE numbers; so a higher
RE# (ENEMY RE 21-22, FRIENDLY RE 44-46) makes Random Events likelier, up to 6/7.
"""

import math
import re

from solo.core.dice import roll
from solo.rules.units import battle_hardened, unit_type
from solo.sasl.actions import apply_result
from solo.sasl.context import Ctx
from solo.sasl.mission_map import CONTROLLING, board_edge, held_vpo
from solo.sasl.state import SQuestion, Unit
from solo.sasl.words import MMC, Attitude, Kind, Side, SStatus, Status

REROLL = "reroll"
RE_LIMITS = ([2, 3], [6, 7])  # a side's RE#s: 6/7 at most (OtO-S1 RE 21-22, 44-46), 2/3 at least (the A11 and R9
# stand-ins' own floor, not in the texts)


def re_change(x: Ctx, side: str, step: int, at_limit: str = REROLL) -> str:
    """2.4 (FRIENDLY) / 2.5 (ENEMY): the side's RE#s rise (``step`` 1) or fall (-1) by one; at 6/7 (2/3 falling)
    nothing changes and the entry gives ``at_limit`` (OtO-S1: rolled again; the A11/R9 stand-ins: no event)."""
    if x.m.re_numbers[side] == RE_LIMITS[step > 0]:
        return at_limit
    x.m.re_numbers[side] = [n + step for n in x.m.re_numbers[side]]
    return f"{side} RE# now {x.m.re_numbers[side][0]}/{x.m.re_numbers[side][1]}"


COUNTERATTACK = 6  # "within six hexes of the FRIENDLY controlled VPO closest to the EBE"


def on_the_map(x: Ctx) -> bool:
    """The mission knows its map's terrain and VPO (the player's VASL boards): a Random Event finds on it what its
    entry names, where a mission without it asks the player (saves of rules version 3 on)."""
    return x.map is not None and x.map.graph is not None and x.rules >= 3


def edge_hexes(x: Ctx, side: str) -> set[str]:
    """The hexes of the ENEMY (EBE) or FRIENDLY (FBE) board edge."""
    return x.known_map.edge(board_edge(x.m, x.defn, side))


def units_on_map(x: Ctx, side: str, kinds: tuple[Kind, ...] = CONTROLLING, status: Status | None = None) -> list[Unit]:
    """``side``'s units of ``kinds`` (and ``status``) standing in a hex of the map."""
    return [u for u in x.m.units if u.side == side and u.on_map and u.kind in kinds and x.known_map.name(u.hex)
            and status in (None, u.status)]


def rally_nearest(x: Ctx, side: str, toward: str) -> str | None:
    """The broken ``side`` unit(s) in the Location closest to the ``toward`` side's board edge rally (Random
    Selection among tied Locations); None when no unit of ``side`` is broken."""
    broken = [u for u in x.m.units if u.side == side and u.status == Status.BROKEN and x.known_map.name(u.hex)]
    if not broken:
        return None
    where = closest(x, [u.hex for u in broken], edge_hexes(x, toward), f"the Location of broken {side} units to rally")
    here = [u for u in broken if u.hex == where]
    for u in here:
        apply_result(x, u, "rallied")
    return f"{', '.join(f'{u.id} {u.type}' for u in here)} in {where} rally"


def local_counterattack(x: Ctx, units: bool = True, s: bool = False, hold_s_only: bool = False) -> str | None:
    """A Local Counterattack: the Activated ENEMY units (``units``) and/or the S? (``s``; Hold ones alone with
    ``hold_s_only``) within six hexes of the FRIENDLY controlled VPO closest to the EBE assume Advance Attitude; the
    units revert to Hold once the VPO is captured (`counterattack_ends`). None when no VPO is FRIENDLY controlled or
    nothing is near it."""
    the_map = x.known_map
    vpo = held_vpo(x.m, [n for v in (x.m.boards.get("vpo") or []) if (n := the_map.name(v["hex"]))])
    target = closest(x, vpo, edge_hexes(x, Side.ENEMY), "the FRIENDLY controlled VPO closest to the EBE")
    if target is None:
        return None
    near = [u for u in x.m.activated if units and u.kind in CONTROLLING and the_map.name(u.hex)
            and the_map.distance(u.hex, target) <= COUNTERATTACK]
    found = [q for q in x.m.s if s and q.status == SStatus.HIDDEN and the_map.name(q.where) and
             (q.attitude == Attitude.HOLD or not hold_s_only) and the_map.distance(q.where, target) <= COUNTERATTACK]
    if not near and not found:
        return None
    both: list[Unit | SQuestion] = [*near, *found]
    for u in both:
        u.attitude = Attitude.ADVANCE
    x.m.enemy.setdefault("counterattacks", []).append({"vpo": target, "units": [u.id for u in near],
                                                       "s": [q.id for q in found]})  # the AI attacks it (ai/mission.py)
    return f"Local Counterattack on {target}: {', '.join(u.id for u in both)} in Advance Attitude"


def reinforcement_s(x: Ctx, count: int):
    """``count`` S? in Advance Attitude entering along the EBE (OtO-S1 RE 34-36, 37-40; OtO-S2 41-42, 63-64, 71-72):
    each on an EBE hex by Random Selection among the EBE's road hexes, or all its hexes if no road reaches it; from
    rules version 5 a hex no other S? holds (4.1), the road hexes first (solo's reading: the texts do not say where
    along the edge); they then move as Advance S? do (solo/ai/decide.py). Without the map, where by the rule."""
    if x.map is None or x.map.graph is None:
        return [x.m.new_s(f"entering on the {board_edge(x.m, x.defn, Side.ENEMY)} edge", Attitude.ADVANCE,
                          "reinforcement")
                for _ in range(count)]
    edge = sorted(edge_hexes(x, Side.ENEMY))
    roads = [h for h in edge if x.map.graph.nodes[h].get("road")] or edge
    new = []
    for n in range(count):
        held = {q.where for q in x.m.s if q.status == SStatus.HIDDEN}
        free = ([h for h in roads if h not in held] or [h for h in edge if h not in held] or roads) \
            if x.rules >= 5 else roads
        new.append(x.m.new_s(free[random_selection(x, f"the EBE hex of reinforcement S? {n + 1}", len(free)) - 1],
                             Attitude.ADVANCE, "reinforcement"))
    return new


def ffe_strike(x: Ctx, count: int, what: str) -> str:
    """An ENEMY artillery strike (OtO-S1 RE 31-33, 41, 42-43; the A11 stand-in's 35-36, 45-46, 61-62, 73-74): ``count``
    FFE fall on the FRIENDLY units closest to the EBE (8.7.75, core SASL: the player resolves them), kept among the
    lasting effects; on the map solo names their hex."""
    if x.map is None or x.map.graph is None:
        x.m.effects.append(f"Turn {x.m.turn}: {count} {what} on the FRIENDLY units closest to the EBE (8.7.75)")
        return f"{count} {what} on the FRIENDLY units closest to the EBE (8.7.75): resolve them on your map"
    target = closest(x, [u.hex for u in units_on_map(x, Side.FRIENDLY)], edge_hexes(x, Side.ENEMY),
                     "the FRIENDLY units closest to the EBE")
    if target is None:
        return "no FRIENDLY unit on the map: no effect"
    x.m.effects.append(f"Turn {x.m.turn}: {count} {what} on {target}, the FRIENDLY units closest to the EBE (8.7.75): "
                       "resolve them now")
    return f"{count} {what} on {target}"


def sniper(x: Ctx, side: str, dr, when: str) -> str:
    """A Sniper attack a Random Event calls for (A14.3, core ASL: the player resolves it), kept among the effects."""
    x.m.effects.append(f"Turn {x.m.turn}: {side} Sniper attack as if a Sniper attack dr of {dr} were rolled, {when} "
                       "(A14.3)")
    return f"{side} Sniper attack, dr {dr} (A14.3), {when}"


def create_hero(x: Ctx, rule: str) -> str | None:
    """A Hero (the FRIENDLY 1-4-9, A15.2) created in the Location of the FRIENDLY MMC closest to an unbroken ENEMY unit
    (OtO-S1 FRIENDLY RE 24-26, the R9 stand-in's 21-23); None when there is no such MMC or ENEMY unit."""
    enemy = {u.hex for u in units_on_map(x, Side.ENEMY, status=Status.GOOD_ORDER)}
    where = closest(x, [u.hex for u in units_on_map(x, Side.FRIENDLY, MMC)], enemy,
                    "the FRIENDLY MMC closest to an unbroken ENEMY unit")
    if where is None:
        return None
    hero = x.m.add_unit("1-4-9", Kind.LEADER, where, "", rule, side=Side.FRIENDLY)
    return f"{hero.id} Hero 1-4-9 created in {where}"


def counterattack_ends(x: Ctx) -> None:
    """A Local Counterattack's units revert to Hold Attitude once its VPO is captured; checked at the start of each
    ENEMY RPh (solo's reading of "captured": a Good Order ENEMY unit stands in it and no Good Order FRIENDLY unit
    does)."""
    for attack in x.m.enemy.get("counterattacks", []):
        if attack.get("ended"):
            continue
        here = x.m.at(attack["vpo"])
        if any(u.side == Side.ENEMY and u.status == Status.GOOD_ORDER and u.kind in CONTROLLING for u in here) and \
                not held_vpo(x.m, [attack["vpo"]]):
            attack["ended"] = True
            back = [u for u in map(x.m.unit, attack["units"]) if u and u.on_map]
            for u in back:
                u.attitude = Attitude.HOLD
            x.say(f"{attack['vpo']} captured: " + (f"{', '.join(u.id for u in back)} revert to Hold Attitude" if back
                                                    else "the Local Counterattack ends"), rule="Local Counterattack")


def closest(x: Ctx, hexes, to: set[str], what: str) -> str | None:
    """Of ``hexes``, the one nearest any hex of ``to`` on the mission's map; Random Selection among the tied nearest
    (the RE tables' "RS if more than one"). None when there is none."""
    hexes = sorted(set(hexes))
    if not hexes or not to:
        return None
    far = {h: x.known_map.to_edge(h, to) for h in hexes}
    tied = [h for h in hexes if far[h] == min(far.values())]
    return tied[random_selection(x, what, len(tied)) - 1]


def leader_hardens(x: Ctx, rally_location: bool, eligible_only: bool = True) -> str:
    """An ENEMY RE "leader Battle Hardens" (OtO-S1 61-62, A11 stand-in 53-54; A15.3): the best Activated ENEMY leader
    not already a 10-3 Battle Hardens (a Random dr among two or more of the best type); if broken he rallies, and with
    ``rally_location`` every broken ENEMY unit in his Location. No Activated leader onboard: rolled again. Saves of
    rules version 2 and before took the best leader even if a 10-3 and rolled again then (``eligible_only`` False)."""
    nationality = x.defn["enemy"]
    leaders = [u for u in x.m.activated if u.kind == Kind.LEADER]
    if eligible_only:
        leaders = [u for u in leaders if battle_hardened(unit_type(u.type, nationality))]
    if not leaders:
        return REROLL

    def rank(u):
        t = unit_type(u.type, nationality)
        return t.morale, -t.modifier
    best = [u for u in leaders if rank(u) == max(map(rank, leaders))]
    pick = best[random_selection(x, "the ENEMY leader to Battle Harden", len(best)) - 1] if eligible_only else best[0]
    better = battle_hardened(unit_type(pick.type, nationality))
    if better is None:
        return REROLL
    old, pick.type = pick.type, better.name
    said = f"{pick.id} {old} Battle Hardens to {better.name}"
    if not eligible_only:
        return said + "; broken ENEMY units in its Location rally"
    rallied = [u for u in x.m.at(pick.hex, Side.ENEMY) if u.status == Status.BROKEN and (rally_location or u is pick)]
    for u in rallied:
        apply_result(x, u, "rallied")
    return said + (f"; {', '.join(u.id for u in rallied)} rallied" if rallied else "")


def dr_total(x: Ctx, what: str, side: str, kind: str = "DR") -> int:
    """A plain DR or dr the rules ask for ("a number of S? as per a DR+2"), logged as one roll."""
    return x.play.dice(what, side, x.m.phase, lambda dice: roll(dice, kind, what).original)


def random_selection(x: Ctx, what: str, count: int) -> int:
    """Random Selection among ``count`` candidates (1-based): up to six, one dr, rolled again above the count; more than
    six, a dr for each candidate, the lowest chosen and the tied lowest rolled again (solo's reading of A.9, as the
    Cross Roads VPO are chosen: one dr could only ever pick among the first six; issue 18, RE 14-16's eleven AFV)."""
    if count <= 1:
        return 1

    def pick(dice):
        if count <= 6:
            while True:
                face = roll(dice, "dr", what).original
                if face <= count:
                    return face
        left = list(range(1, count + 1))
        while len(left) > 1:
            drs = [roll(dice, "dr", what).original for _ in left]
            left = [c for c, dr in zip(left, drs, strict=True) if dr == min(drs)]
        return left[0]
    return x.play.dice(f"Random Selection: {what}", "", x.m.phase, pick)


def checks(x: Ctx) -> list[dict]:
    """Both sides' RE checks at the end of a Game Turn; an ENEMY RE needs an Activated ENEMY unit unless the mission
    says otherwise (OtO-S2 MSR 4)."""
    events = []
    for side in (Side.ENEMY, Side.FRIENDLY):
        numbers = x.m.re_numbers[side]
        active = x.m.activated_units if x.rules >= 6 else x.m.activated  # issue 35: a fortification is no unit
        if side == Side.ENEMY and x.defn["enemy_re_needs_activated"] and not active:
            x.say("no ENEMY RE check: no ENEMY unit is Activated yet", rule="2.5")
            continue
        dr = dr_total(x, f"{side} RE check", side)
        hit = dr in numbers
        x.say(f"{side} RE check DR {dr} against RE# {numbers[0]}/{numbers[1]}: {'Random Event!' if hit else 'none'} "
              "(stand-in reading: a RE when the DR equals either RE number)", rule="2.4")
        if hit:
            events.append(event(x, side))
    return events


def event(x: Ctx, side: str) -> dict:
    """Roll the side's RE table, its follow-ups, and apply what lasts by the mission's handler for the entry; roll again
    when the entry says so."""
    table = "re_enemy" if side == Side.ENEMY else "re_friendly"
    for attempt in range(1, 11):
        trace = x.roll(table, f"{side} Random Event" + (f" (again, {attempt})" if attempt > 1 else ""), side=side)
        handler = x.game.random_events.get((side, trace.row)) if x.rules >= x.game.events_since else None
        again = (side, trace.row) in x.game.once and f"{side} {trace.row}" in x.m.occurred and x.rules >= 3
        outcome = REROLL if again else handler(x, trace) if handler else None
        follow = [f"{sub.table.title}: {sub.result}" + (" [stand-in]" if sub.table.stand_in else "")
                  for sub in all_subrolls(trace)]
        if outcome == REROLL:
            why = "has occurred before and happens once only (marked *)" if again else "does not apply"
            x.say(f"{side} RE {trace.original} ({trace.row}) {why}: rolled again", rule="2.4")
            continue
        x.m.occurred.append(f"{side} {trace.row}")
        read = f", Final {trace.final}" if trace.final != trace.original else ""  # the row read (issue 18)
        badge = " [stand-in]" if trace.table.stand_in else ""  # a marked stand-in's result says so (DESIGN.md)
        x.say(f"{side} RE d66 {trace.original}{read}: {trace.result}{badge}"
              + (f" [{'; '.join(follow)}]" if follow else "")
              + (f" -> {outcome}" if outcome else ""), rule="MSR 4")
        return {"side": side, "roll": trace.original, "final": trace.final, "row": trace.row, "event": trace.result,
                "follow_ups": follow,
                "effect": outcome, "stand_in": bool(trace.table.stand_in)}
    return {"side": side, "event": "no applicable Random Event in ten rolls", "follow_ups": [], "effect": None}


def chained_number(trace, default: int = 1) -> int:
    """The number a chained A6 stand-in table gave (the FFE, Guns or squads an entry receives)."""
    return next((int(sub.result) for sub in all_subrolls(trace) if sub.result.isdigit()), default)


def all_subrolls(trace):
    """Every follow-up roll of ``trace``, depth first."""
    for sub in trace.subrolls:
        yield sub
        yield from all_subrolls(sub)


def sub_result(trace, table_id: str) -> str | None:
    """What the chained roll on ``table_id`` gave; of R3 rolled without a column, its Leader column."""
    found = next((sub.result for sub in all_subrolls(trace) if sub.table.id == table_id), None)
    column = re.match(r"Leader: ([^;]+)", found or "")
    return column[1].strip() if column else found


def arrive(x: Ctx, trace, label: str, units: list[tuple[str, int]], rolls: str = "",
           entry: str = "along the FBE") -> str:
    """FRIENDLY reinforcements a Random Event brings: kept in the OoB with the Game Turn they arrived, to enter as
    ``entry`` says (`solo mission enter`, from the next FRIENDLY MPh)."""
    units = [(t, n) for t, n in units if n > 0]
    got = rolls or "; ".join(f"{sub.table.title}: {sub.result}" for sub in all_subrolls(trace))
    x.m.friendly_oob["reinforcements"].append({"turn": x.m.turn, "what": label, "rolls": got, "entry": entry,
                                               "units": [list(u) for u in units]})
    return f"{label}: {', '.join(f'{t} x{n}' for t, n in units)}, to enter {entry}"


TOWING = "asl.towing"  # the stand-in chart of what each transport tows (C10.1)
TOW_ROLLS = 50  # R7 rolled again at most this often (a transport that tows the Gun comes long before)


def towing(x: Ctx, gun: str, transport: str, why: str) -> str:
    """"Reroll, if necessary, until a vehicle is chosen that is able to Tow the Gun type" (OtO-S1 FRIENDLY RE 11-13,
    OtO-S2 41-43): Table R7 rolled again while ``transport`` cannot tow ``gun`` by the ``asl.towing`` chart (a marked
    stand-in: a Gun's calibre, the number its name begins with, at most what the transport tows), from rules version 7
    on (issue 35: the first transport stood, whatever the Gun). A transport the chart does not name (the player's own
    R7) is taken as able, and said so; when no transport of the chart tows the Gun, the first stands."""
    calibre = re.match(r"\d+", gun)
    if x.rules < 7 or not calibre:
        return transport
    chart = {row.key: row.results for row in x.cat.get(TOWING).rows}
    column = x.cat.get(TOWING).columns[0]
    if max(r[column] for r in chart.values()) < int(calibre[0]):
        x.say(f"no transport of {TOWING} tows the {gun}: the {transport} stands", rule=why)
        return transport
    for _ in range(TOW_ROLLS):
        if transport not in chart:
            x.say(f"{transport} is not in {TOWING}: taken as able to tow the {gun}", rule=why)
            return transport
        if chart[transport][column] >= int(calibre[0]):
            return transport
        x.say(f"{transport} cannot tow the {gun} ({TOWING}: up to {chart[transport][column]} mm): Table R7 again",
              rule=why)
        transport = x.roll("sasl.r7", f"Table R7 again: a transport able to tow the {gun} ({why})",
                           side=Side.FRIENDLY).result
    return transport


def r3_leader(x: Ctx, why: str) -> list[tuple[str, int]]:
    """A FRIENDLY leader by a DR on Table R3, Leader column ("None": no leader)."""
    found = x.roll("sasl.r3", f"Table R3, Leader ({why})", "Leader", side=Side.FRIENDLY).result
    return [] if found == "None" else [(found, 1)]


def with_squads(text: str, squads: int) -> list[tuple[str, int]]:
    """H1.8-1.83 (stand-in): the SMC/SW an entry gives ``squads`` squads: "1 LMG per 3 squads (FRU)" is one LMG for
    each three squads, Fractions Rounded Up; "1 leader (Table R3) per 3 squads" the leaders to roll for."""
    found = []
    for count, what, per in re.findall(r"(\d+) (leader|LMG|MMG|ATR)(?: \(Table R3\))?(?: per (\d) squads)?", text):
        found.append((what, int(count) * (math.ceil(squads / int(per)) if per else 1)))
    return found
