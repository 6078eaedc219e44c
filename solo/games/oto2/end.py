"""OtO2's CG End (6., 7.4) and the CG4 Game End dr made during a CG scenario."""

from solo.campaign.facts import fact
from solo.campaign.reph import Reph
from solo.campaign.steps.losses import eliminate
from solo.core.sides import people
from solo.games.oto2.aftermath import scenario_vp


def finish(r: Reph) -> None:
    """CG End (6., 7.4): VP = the last scenario's VP less the German CPP left after the last RePh (7.518 Note); the
    Russians win with >= 20 VP. Vehicles still held back for Low Ammunition are Eliminated and their CVP (the
    facts' german_held_back_cvp / russian_held_back_cvp: a vehicle's CVP is A26, not in the texts) go to the other
    side's total (7.5131c; issue 20.6, saves of rules version 3 on)."""
    c = r.c
    v = r.defn.victory
    held_back_cvp = {}  # CVP each side earns for the other's vehicles held back
    for side, s in c.sides.items():
        held = [u for u in s.retained("vehicle") if "held-back" in u.flags]
        for unit in held:
            eliminate(r, unit, "still held back for Low Ammunition at CG End (7.5131c): add its CVP")
        if held and r.rules >= 3:
            held_back_cvp[c.other(side)] = fact(r, f"{side.lower()}_held_back_cvp", 0)
    german_left = c.sides["German"].cpp if v["german_cpp_vp"] else 0
    assert c.last is not None  # the CG ends after a scenario
    last_vp = c.last.vp
    if held_back_cvp:  # 7.5131c: "at CG End it is Eliminated and added to the CVP totals" (issue 20.6)
        held_back_cvp = dict.fromkeys(c.sides, 0) | held_back_cvp
        last_vp = scenario_vp(r, c.last.lvp, held_back_cvp["Russian"])
        r.say(f"CVP for vehicles held back at CG End (7.5131c): {held_back_cvp['Russian']} to the Russians, "
              f"{held_back_cvp['German']} to the Germans (the facts' held_back_cvp)")
    vp = last_vp - german_left
    winner = "Russian" if vp >= v["cg_vp"] else "German"
    c.result = {"vp": vp, "scenario_vp": last_vp, "german_cpp_left": german_left, "winner": winner}
    c.stage, c.step = "ended", ""
    r.say(f"CG End: the Russians have {last_vp} VP less {german_left} German CPP left = {vp} VP; they needed "
          f"{v['cg_vp']}: the {people(winner)} win the Campaign Game")


def game_end(r: Reph, turn: int) -> None:
    """CG4 Scenario End: at the end of Game Turn 6 and each later turn the German makes a Game End dr; the game ends
    if it is <= the circled number of the turn on the OtO2 CG Turn Record Chart (a marked stand-in)."""
    r.c.step = "CG4"
    circled = r.cat.chart("oto2.turn_record_chart", str(min(max(turn, 6), 10)))
    trace = r.roll("oto2.game_end", f"Game End dr, Game Turn {turn}", side="German", mods={"circled": -circled},
                   turn=turn)
    r.say(f"Game Turn {turn}: Game End dr {trace.original} against the circled {circled}: {trace.result}")
    r.c.game_end = {"turn": turn, "dr": trace.original, "circled": circled, "ends": bool(trace.effect.get("ends"))}
