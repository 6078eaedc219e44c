"""Run a Campaign Game over its event log: the Initial Scenario, then scenario, RePh, scenario ... to the CG End.

The order is the campaign file's [[step]] list (7.5): before the Initial Scenario only the steps
marked "!" (and the purchase of the OB's CPP pool, 7.4); after the last scenario only those
marked ">"; steps marked "*" repeat from 7.512 until 7.523 generates a scenario (in OtO2 every
CG Date has one, 7.521).
"""

from dataclasses import dataclass

from solo.campaign import aftermath, purchase, reorganization, setup  # noqa: F401 - they register the steps
from solo.campaign.facts import check as check_facts
from solo.play import NeedAnswer, Play, Question, ScenarioReached
from solo.campaign.reph import STEPS, CampaignDef, Reph, StepDef, load_campaign
from solo.campaign.sides import make_sides
from solo.campaign.state import Campaign, RosterLine, SideState
from solo.errors import SoloError
from solo.rules import default_catalog
from solo.store import EventLog

HUMANS = ("russian", "german", "none")


@dataclass
class Outcome:
    campaign: Campaign
    waiting: Question | None  # the question the run stopped at, if any


def initial_campaign(defn: CampaignDef, human: str) -> Campaign:
    """The state before the Initial Scenario (7.4): ELR, SAN and the CPP pool of each side."""
    first = defn.dates[0]
    sides = {}
    for side in ("German", "Russian"):
        given = defn.initial[side]
        s = SideState(side, given["elr"], given["san"], cpp=given["cpp"])
        s.roster[first] = RosterLine(first, start=given["cpp"], total=given["cpp"], elr=s.elr, san=s.san,
                                     historical_drm=default_catalog().chart(defn.tables["historical"], first, side))
        sides[side] = s
    c = Campaign(defn.id, defn.dates, human, sides, first)
    c.weather[first], c.ec[first] = defn.initial["weather"], defn.initial["ec"]
    return c


def run_step(r: Reph, sd: StepDef) -> None:
    r.c.step = sd.rule
    STEPS[sd.run](r)
    r.c.done.append(sd.rule)


def _scenario(r: Reph, play: Play) -> None:
    """A CG scenario is played on the map; the run takes its facts (and any CG4 Game End dr made during it)."""
    c = r.c
    c.stage, c.step, c.done = "scenario", "", []
    play.scenario_boundary()
    while (event := play.recorded_event()) and event.data.get("what") == "oto2.game_end":
        game_end(r, event.data["turn"])
    if r.game_end_turn and not play.replaying:
        game_end(r, r.game_end_turn)
        raise ScenarioReached()
    c.step = "7.501"
    c.facts = r.ask("facts", "table", f"Play the {c.date} scenario on the map (from the end of Game Turn 6: 'solo cg "
                    f"game-end FILE --turn N', CG4). When it is over, report what happened on the map (7.501-7.514)",
                    lambda raw: check_facts(c, raw), {"campaign": c},
                    example="[facts] lvp = 3, russian_cvp = 24, german_cvp = 40, eliminated = [\"G3\"] ...")
    c.stage = "reph"


def _finish(r: Reph) -> None:
    """CG End (6., 7.4): VP = the last scenario's VP less the German CPP left after the last RePh (7.518 Note);
    the Russians win with >= 20 VP. Vehicles still held back for Low Ammunition are Eliminated (7.5131c)."""
    c, v = r.c, r.defn.victory
    for s in c.sides.values():
        for unit in s.retained("vehicle"):
            if "held-back" in unit.flags:
                aftermath.eliminate(r, unit, "still held back for Low Ammunition at CG End (7.5131c): add its CVP")
    german_left = c.sides["German"].cpp if v["german_cpp_vp"] else 0
    vp = c.last.vp - german_left
    winner = "Russian" if vp >= v["cg_vp"] else "German"
    c.result = {"vp": vp, "scenario_vp": c.last.vp, "german_cpp_left": german_left, "winner": winner}
    c.stage, c.step = "ended", ""
    r.say(f"CG End: the Russians have {c.last.vp} VP less {german_left} German CPP left = {vp} VP; they needed "
          f"{v['cg_vp']}: the {winner}s win the Campaign Game")


def campaign_loop(r: Reph, play: Play) -> None:
    defn, c = r.defn, r.c
    for sd in defn.steps:
        if "!" in sd.marks or sd.initial:
            run_step(r, sd)
    while True:
        _scenario(r, play)
        if c.is_last_date:
            for sd in defn.steps:
                if ">" in sd.marks:
                    run_step(r, sd)
            _finish(r)
            return
        for sd in defn.steps:
            run_step(r, sd)


def run(log: EventLog, answers: dict | None = None, interactive: bool = False, stop_at_scenario: bool = True,
        game_end_turn: int | None = None, frozen: bool = False) -> Outcome:
    """Replay the log, then go on until a question waits, a RePh is done (``stop_at_scenario``) or the CG ends;
    ``frozen``: replay only, make no new event (status, export)."""
    meta = log.meta
    if "cg" not in meta:
        raise SoloError(f"{log.where} is a mission save: open it with 'solo mission status {log.where}'")
    defn = load_campaign(meta["cg"])
    c = initial_campaign(defn, meta["human"])
    sides = make_sides(meta["human"], defn.id, meta["seed"], answers, interactive)
    play = Play(log, meta["seed"], sides, default_catalog(), stop_at_scenario, frozen)
    r = Reph(play, c, defn)
    r.game_end_turn = 0 if frozen else game_end_turn or 0
    waiting = None
    try:
        campaign_loop(r, play)
    except NeedAnswer as need:
        waiting = need.question
    except ScenarioReached:
        pass
    return Outcome(c, waiting)


def game_end(r: Reph, turn: int) -> None:
    """CG4 Scenario End: at the end of Game Turn 6 and each later turn the German makes a Game End dr; the game ends
    if it is <= the circled number of the turn on the OtO2 CG Turn Record Chart (a marked stand-in)."""
    r.c.step = "CG4"
    circled = r.cat.chart("oto2.turn_record_chart", str(min(max(turn, 6), 10)))
    trace = r.roll("oto2.game_end", "German", f"Game End dr, Game Turn {turn}", mods={"circled": -circled}, turn=turn)
    r.say(f"Game Turn {turn}: Game End dr {trace.original} against the circled {circled}: {trace.result}")
    r.c.game_end = {"turn": turn, "dr": trace.original, "circled": circled, "ends": trace.final <= 0}
