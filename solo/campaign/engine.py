"""Run a Campaign Game over its event log: the Initial Scenario, then scenario, RePh, scenario ... to the CG End.

The order is the campaign file's [[step]] list (OtO2 7.5, RB 11.6, VotG 12.6, ABtF 9.6): before the Initial
Scenario only the steps marked "!" (and OtO2's purchase of the OB's CPP pool, 7.4); after the last scenario
only those marked ">"; an Idle Day repeats the steps marked "*" until the Initiative generates a scenario
(in OtO2 every CG Date has one, 7.521).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from solo.campaign.facts import check as check_facts
from solo.campaign.game import CampaignRules
from solo.campaign.model import Model
from solo.campaign.reph import CampaignDef, Reph, StepDef, load_campaign
from solo.campaign.rg import rg_chart
from solo.campaign.state import Campaign, NoMoreDays, Purchase, RosterLine, SideState
from solo.core.errors import SoloError
from solo.core.play import NeedAnswer, Play, Question, Reply, ScenarioReached
from solo.core.sides import Computer, Human
from solo.core.store import RULES, EventLog
from solo.rules import default_catalog


@dataclass
class Outcome:
    campaign: Campaign
    waiting: Question | None  # the question the run stopped at, if any


def initial_campaign(defn: CampaignDef, human: str, variant: str = "", rules: int = RULES) -> Campaign:
    """The state before the Initial Scenario: ELR, SAN and the CPP pool of each side (OtO2 7.4 in its file; RB
    11.51-.53, VotG 12.51-.54 and ABtF 9.51-.53 from the player's pack table <cg>.cg_start, which the texts lack),
    and the RGs the Initial OB gives (their Strength is rolled in the RePh, e.g. RB 11.6201). ``rules``: the save's
    rules version (from 4 on the secret units are numbered apart, SideState.secret_ids)."""
    cat = default_catalog()
    start = defn.initial or cg_start(defn, variant)
    dates = defn.dates
    if "First Day" in start:
        dates = dates[dates.index(start["First Day"]): dates.index(start["Last Day"]) + 1]
    first = dates[0]
    sides = {}
    for side in defn.sides:
        given = start[side]
        s = SideState(side, given["elr"], given["san"], cpp=given["cpp"], secret_ids=rules >= 4)
        hist = cat.chart(defn.tables["historical"], first, side) if "historical" in defn.tables else 0
        s.roster[first] = RosterLine(first, start=s.cpp, total=s.cpp, elr=s.elr, san=s.san, historical_drm=hist)
        if not defn.initial:
            titles = _titles(defn, side, variant)
            s.purchases = [Purchase(n, rg, titles.get(rg, ""), first, 0, given=True) for n,
                           rg in enumerate(given["rg"], 1)]
        sides[side] = s
    c = Campaign(defn.id, dates, human, sides, first, variant)
    if "weather" in start:
        c.weather[first], c.ec[first] = start["weather"], start["ec"]
    return c


def _titles(defn: CampaignDef, side: str, variant: str) -> dict[str, str]:
    """The Group Types of ``side``'s RG chart, if the player's pack has completed it yet (else the IDs alone)."""
    try:
        return {g.id: g.title for g in rg_chart(default_catalog(), defn.tables["rg_chart"][side], side,
                                                variant).values()}
    except SoloError:
        return {}


def start_meta(cg_id: str, variant: str | None, human: str | None) -> dict:
    """The checked start of a new campaign: its file, the CG of the family, the human's side (default: the CG's
    second side, the Russians or the British); the CG start is read now, so a missing pack stops before any save."""
    defn = load_campaign(cg_id.lower())
    if defn.variants and variant is None:
        raise SoloError(f"{defn.title}: choose the CG with --variant ({', '.join(defn.variants)})")
    if variant is not None and variant not in defn.variants:
        raise SoloError(f"{defn.title} has no CG {variant!r}: choose one of "
                        f"{', '.join(defn.variants) or 'none (leave out --variant)'}")
    sides = {side.lower(): side for side in defn.sides} | {"none": "none"}
    human = (human or defn.sides[-1]).lower()
    if human not in sides:
        raise SoloError(f"--human {human}: {defn.title} is played by {', '.join(sides)}")
    initial_campaign(defn, sides[human], variant or "")
    return {"cg": defn.id, "variant": variant or "", "human": sides[human]}


def cg_start(defn: CampaignDef, variant: str) -> dict:
    """A CG's start from the pack chart ``<cg>.cg_start`` (row = the variant): dates, and each side's ELR, SAN, CPP,
    RGs."""
    if variant not in defn.variants:
        raise SoloError(f"{defn.title}: choose the CG with --variant: {', '.join(defn.variants)}")
    cat, table = default_catalog(), defn.tables["cg_start"]

    def cell(column: str):
        try:
            return cat.chart(table, variant, column)
        except KeyError:
            raise SoloError(f"{table} (your table pack) has no column {column!r}; see tables/README.md") from None

    def number(column: str) -> int:
        value = cell(column)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SoloError(f"{table} {variant}: {column} must be a whole number, not {value!r}")
        return value

    # the days (text), then each side's ELR, SAN, CPP and RGs by its name
    start: dict[str, Any] = {"First Day": str(cell("First Day")), "Last Day": str(cell("Last Day"))}
    for day in start.values():
        if day not in defn.dates:
            raise SoloError(f"{table} {variant}: {day!r} is not a CG Day of {defn.title} ({defn.dates[0]} .. "
                            f"{defn.dates[-1]})")
    for side in defn.sides:
        rgs = [w.strip() for w in str(cell(f"{side} RG")).split(",") if w.strip()]
        start[side] = {"elr": number(f"{side} ELR"), "san": number(f"{side} SAN"), "cpp": number(f"{side} CPP"),
                       "rg": rgs}
    return start


def make_sides(game: CampaignRules, defn: CampaignDef, human: str, seed: int, answers: dict | None,
               interactive: bool, deciders: Mapping[str, Callable[[str, Question], Reply]] | None = None) -> dict:
    """The CG's two sides and "table" (who reports the map): the human side(s), the computer (the game's, or a side's
    decider of ``deciders``: a policy of `solo cg simulate`), the scenario model."""
    person = Human(answers, interactive, aliases=game.aliases)
    sides: dict[str, Human | Computer | Model] = {
        side: person if side == human else Computer(side, (deciders or {}).get(side, game.decide))
        for side in defn.sides}
    sides["table"] = Model(seed) if human == "none" else person
    return sides


def run_step(r: Reph, sd: StepDef) -> None:
    if sd.skip_if and sd.skip_if in r.c.flags or r.rules < sd.since:
        return
    r.c.step = sd.rule
    r.game.steps[sd.run](r)
    r.c.done.append(sd.rule)


def reph(r: Reph) -> None:
    """One RePh in order; an Idle Day (RB 11.6233, VotG 12.6253, ABtF 9.62132) repeats the steps marked "*" up to the
    Initiative until a scenario is generated."""
    steps = r.defn.steps
    i = 0
    while i < len(steps):
        run_step(r, steps[i])
        if r.c.stage == "ended":
            return
        if steps[i].run == "initiative" and r.c.initiative and r.c.initiative["type"] == "Idle Day":  # it sets one
            i = next(n for n, sd in enumerate(steps) if "*" in sd.marks)
            before = {sd.rule for sd in steps[:i]}
            r.c.done = [rule for rule in r.c.done if rule in before]
            continue
        i += 1


def _scenario(r: Reph, play: Play) -> None:
    """A CG scenario is played on the map; the run takes its facts (and any CG4 Game End dr made during it)."""
    c = r.c
    c.stage, c.step, c.done = "scenario", "", []
    play.scenario_boundary()
    during = r.game.during
    rolled = []  # the Game Turns whose Game End dr is made: a roll once made stands (issue 20.9)
    while during and (event := play.recorded_event()) and event.data.get("what") == during.what:
        during.roll(r, event.data["turn"])
        rolled.append(event.data["turn"])
    if during and r.game_end_turn and not play.replaying:
        if c.game_end and c.game_end["ends"]:  # first: no next dr after one that ended the scenario
            raise SoloError(f"the scenario ended by the Game End dr of Game Turn {c.game_end['turn']}: report what "
                            "happened on the map")
        if rolled and r.game_end_turn <= rolled[-1]:
            assert c.game_end is not None  # each dr rolled (during.roll) records it
            raise SoloError(f"the Game End dr of Game Turn {rolled[-1]} is made (dr {c.game_end['dr']}): a roll once "
                            f"made stands; the next is at the end of Game Turn {rolled[-1] + 1}")
        due = rolled[-1] + 1 if rolled else during.first
        if r.game_end_turn != due:  # CG4: one dr at the end of each Game Turn from the 6th, none skipped (issue 36: a
            # dr for turn 9 straight after turn 7, or a first one at turn 12, let the player pick the circled number)
            raise SoloError(f"the next Game End dr is at the end of Game Turn {due}: one is made at the end of Game "
                            f"Turn {during.first} and of each Game Turn thereafter (CG4)")
        during.roll(r, r.game_end_turn)
        raise ScenarioReached()
    facts = r.defn.raw["facts"]
    c.step = facts["rule"]
    kind = f"{c.initiative['type']} " if c.initiative else ""
    c.facts = r.ask("facts", f"Play the {c.date} {kind}scenario on the map{facts.get('during', '')}. When it is "
                    f"over, report what happened on the map ({facts['rules']})",
                    lambda raw: check_facts(c, raw, r.rules), side="table",
                    context={"campaign": c, "charts": {side: r.chart(side) for side in c.sides}},
                    example=facts["example"])
    c.stage = "reph"


def campaign_loop(r: Reph, play: Play) -> None:
    defn, c = r.defn, r.c
    for sd in defn.steps:
        if "!" in sd.marks or sd.initial:
            run_step(r, sd)
    while c.stage != "ended":
        _scenario(r, play)
        try:
            if c.is_last_date:
                for sd in defn.steps:
                    if ">" in sd.marks:
                        run_step(r, sd)
                if "counterattack" not in c.flags and c.stage != "ended":
                    r.game.finish(r)
                    return
            reph(r)
        except NoMoreDays:  # Idle Days to the end of the CG
            r.game.finish(r)


def run(game: CampaignRules, log: EventLog, answers: dict | None = None, interactive: bool = False,
        stop_at_scenario: bool = True, game_end_turn: int | None = None, frozen: bool = False,
        deciders: Mapping[str, Callable[[str, Question], Reply]] | None = None) -> Outcome:
    """Replay the log of ``game``, then go on until a question waits, a RePh is done (``stop_at_scenario``) or the CG
    ends; ``frozen``: replay only, make no new event (status, export); ``deciders``: a side's computer other than the
    game's own (`solo cg simulate`'s policies)."""
    meta = log.meta
    defn = game.definition
    c = initial_campaign(defn, meta["human"], meta.get("variant", ""), log.rules)
    sides = make_sides(game, defn, meta["human"], meta["seed"], answers, interactive, deciders)
    play = Play(log, meta["seed"], sides, default_catalog(), stop_at_scenario, frozen, game.aliases)
    r = Reph(play, c, defn, game)
    r.rules = log.rules
    r.game_end_turn = 0 if frozen else game_end_turn or 0
    waiting, known = None, len(log)
    try:
        with play.guarded():
            campaign_loop(r, play)
    except NeedAnswer as need:
        waiting = need.question
    except ScenarioReached:
        pass
    except SoloError as exc:
        if any(e.kind == "answer" for e in log.events[known:]):  # a step refused what an answer of this run led to
            log.undo_last_answer()
            raise SoloError(f"{exc} (your last answer was not kept: give it again)") from None
        raise
    return Outcome(c, waiting)
