"""Random Events (SASL 2.4-2.5): the checks of both sides against their RE#, the RE tables with every follow-up roll;
the mission's handler for an entry applies what lasts or has it rolled again.

The RE check itself is core SASL and not in the texts, and no public source gives the exact trigger for a RE# such
as 5/6 (tables/core/SOURCES.md, "Not found"). Stand-in reading, said in the record: at the end of each Game Turn each side makes a RE check DR,
and a Random Event occurs when it equals one of the side's two RE numbers; so a higher RE# (ENEMY RE 21-22,
FRIENDLY RE 44-46) makes Random Events likelier, up to 6/7.
"""

from solo.core.dice import roll
from solo.sasl.context import Ctx

REROLL = "reroll"


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
            left = [c for c, dr in zip(left, drs) if dr == min(drs)]
        return left[0]
    return x.play.dice(f"Random Selection: {what}", "", x.m.phase, pick)


def checks(x: Ctx) -> list[dict]:
    """Both sides' RE checks at the end of a Game Turn; an ENEMY RE needs an Activated ENEMY unit unless the mission
    says otherwise (OtO-S2 MSR 4)."""
    events = []
    for side in ("ENEMY", "FRIENDLY"):
        numbers = x.m.re_numbers[side]
        if side == "ENEMY" and x.defn["enemy_re_needs_activated"] and not x.m.activated:
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
    table = "re_enemy" if side == "ENEMY" else "re_friendly"
    for attempt in range(1, 11):
        trace = x.roll(table, f"{side} Random Event" + (f" (again, {attempt})" if attempt > 1 else ""), side=side)
        handler = x.game.random_events.get((side, trace.row))
        outcome = handler(x, trace) if handler else None
        follow = [f"{sub.table.title}: {sub.result}" for sub in all_subrolls(trace)]
        if outcome == REROLL:
            x.say(f"{side} RE {trace.original} ({trace.row}) does not apply: rolled again", rule="2.4")
            continue
        read = f", Final {trace.final}" if trace.final != trace.original else ""  # the row read (issue 18)
        x.say(f"{side} RE d66 {trace.original}{read}: {trace.result}" + (f" [{'; '.join(follow)}]" if follow else "")
              + (f" -> {outcome}" if outcome else ""), rule="MSR 4")
        return {"side": side, "roll": trace.original, "final": trace.final, "row": trace.row, "event": trace.result, "follow_ups": follow,
                "effect": outcome, "stand_in": bool(trace.table.stand_in)}
    return {"side": side, "event": "no applicable Random Event in ten rolls", "follow_ups": [], "effect": None}


def all_subrolls(trace):
    """Every follow-up roll of ``trace``, depth first."""
    for sub in trace.subrolls:
        yield sub
        yield from all_subrolls(sub)
