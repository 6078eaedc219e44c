"""The policies `solo cg simulate` measures the computer against (solo/games/policies.py): whole campaigns of every
CG played by random-legal and greedy-cheapest sides, each answer legal (the engine parses it), none left to the
heuristic, the same for the same seed, and a save that replays."""

import random

import pytest

from solo.campaign.engine import run, start_meta
from solo.campaign.report import status_json
from solo.campaign.simulate import policy_deciders, results, summary
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import CAMPAIGNS, campaign
from solo.games import run_campaign as replay
from solo.games.policies import _legal, answer, decider
from tests.reph import PACKS


@pytest.fixture(params=sorted(CAMPAIGNS))
def family(request, pack):
    """Each CG on the first CG of its family, RB, VotG and ABtF with their TEST pack (as test_whole_campaigns)."""
    cg = request.param
    if (PACKS / cg).is_dir():
        pack(cg)
    return cg, next(iter(CAMPAIGNS[cg].definition.variants), None)


def played(cg, variant, seed, policies, save=":memory:"):
    game = campaign(cg)
    log = EventLog.create(save, start_meta(game.id, variant, "none") | {"seed": seed})
    outcome = run(game, log, stop_at_scenario=False, deciders=policy_deciders(game, seed, policies, decider))
    return outcome, log


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_policy_plays_whole_campaigns(family, policy, tmp_path):
    cg, variant = family
    sides = campaign(cg).definition.sides
    for seed in (1,):
        outcome, log = played(cg, variant, seed, dict.fromkeys(sides, policy), str(tmp_path / f"{seed}.db"))
        assert outcome.campaign.stage == "ended", (seed, outcome.campaign.step)
        decisions = [e for e in log.events if e.kind == "decision" and e.side]
        assert decisions and all("no enumeration" not in e.data["why"] for e in decisions), seed
        assert {e.data["what"] for e in decisions} >= {"purchase"}
        again = replay(EventLog.open(tmp_path / f"{seed}.db"), frozen=True)
        assert status_json(again, reveal=True) == status_json(outcome, reveal=True)


def test_greedy_buys_the_cheapest_rgs_until_none_is_legal(family):
    """At the first purchase of each side (asked of a human side, answered here by the policy): greedy's basket is
    legal, starts with the cheapest legal RG and takes no further RG; random's is legal and differs by seed."""
    cg, variant = family
    game = campaign(cg)
    for side in game.definition.sides:
        log = EventLog.create(":memory:", start_meta(game.id, variant, side) | {"seed": 3})
        q = run(game, log).waiting
        assert q.key == "purchase" and q.side == side
        chart = q.context["reph"].chart(side).values()
        text = answer(q, None, lambda: None).value
        q.parse(text)
        bought = [w.strip() for w in text.split(",")] if text != "none" else []
        legal = [g for g in chart if _legal(q, g.id)]
        assert bought and min((g.cpp, g.id) for g in legal) == next((g.cpp, g.id) for g in chart if g.id == bought[0])
        assert not [g for g in chart if _legal(q, f"{text}, {g.id}")], (side, text)
        drawn = {answer(q, random.Random(seed), lambda: None).value for seed in range(6)}
        assert len(drawn) > 1 and all(_legal(q, text) for text in drawn), drawn


def test_the_same_seed_gives_the_same_results_and_a_summary():
    one = results(campaign, "oto2", [4, 5], policies={"German": "random", "Russian": "greedy"}, make=decider)
    assert one == results(campaign, "oto2", [4, 5], jobs=2, policies={"German": "random", "Russian": "greedy"},
                          make=decider)
    total = summary(one)
    assert total["runs"] == 2 and sum(total["wins"].values()) == 2
    assert set(total["cpp_left"]) == {"German", "Russian"} and total["cpp_left"]["German"]["min"] >= 0


def test_an_unknown_policy_is_one_line():
    with pytest.raises(SoloError, match="no policy 'clever'"):
        decider("clever", None, "German", 1)


@pytest.mark.parametrize("cg", ["oto2", "rb"])
def test_the_exploiter_plays_whole_campaigns(cg, pack, monkeypatch):
    """Issue 36: the exploiter (the human's side) learns the computer's habits from earlier campaigns (here two, the
    measurement's 50 behind -m long) and plays whole campaigns with legal answers; its reasons say what it exploits."""
    import solo.games.policies as policies
    if (PACKS / cg).is_dir():
        pack(cg)
    monkeypatch.setattr(policies, "EARLIER", range(100_001, 100_003))
    policies.habits.cache_clear()
    sides = campaign(cg).definition.sides
    variant = next(iter(campaign(cg).definition.variants), None)
    outcome, log = played(cg, variant, 1, {sides[0]: "heuristic", sides[1]: "exploit"})
    assert outcome.campaign.stage == "ended"
    whys = [e.data["why"] for e in log.events if e.kind == "decision" and e.side == sides[1]
            and e.data["what"] in ("purchase", "initiative")]
    assert whys and all(why.startswith("exploit: ") for why in whys)
    seen = policies.habits(cg, variant or "", sides[0])
    assert seen["roles"] and (cg == "oto2" or seen["chits"])
    policies.habits.cache_clear()


def test_the_exploiter_punishes_the_habits_it_saw(pack, monkeypatch):
    """Issue 36: where the earlier campaigns show a habit, the exploiter's answers leave the heuristic's. Planted here
    (the computer as it is shows none over 50 campaigns: 500 campaigns against the exploiter gave the same wins as
    against the heuristic, tests/campaign/test_policy_targets.py): an OtO2 German that never fielded OBA and laid its
    mines mostly AP, so a Counter Battery module bought against it is dropped for armour (its tanks cross safely);
    an RB German that always picked Attack, so the Russian stands Idle, dug in, on every CG Date he may."""
    import solo.games.policies as policies
    planted = {"roles": {"infantry", "armor"}, "chits": {}, "mines": {"AT Mine": 0, "AP Mine": 12}}
    monkeypatch.setattr(policies, "habits", lambda *_: planted)

    def with_counter_battery(name, heuristic, side, seed):
        def decide(who, q):
            reply = heuristic(who, q)
            if q.key == "purchase":  # the heuristic's purchase with a Counter Battery module, in place of its last RG
                bought = next((b for b in ([*reply.value, {"rg": "O7"}], [*reply.value[:-1], {"rg": "O7"}])
                               if _legal(q, b)), reply.value)
                reply = type(reply)(bought, reply.why, reply.alternatives)
            return policies.exploit(q, reply)
        return decide if name == "exploit" else decider(name, heuristic, side, seed)
    game = campaign("oto2")
    log = EventLog.create(":memory:", start_meta("oto2", None, "none") | {"seed": 3})
    run(game, log, stop_at_scenario=False,
        deciders=policy_deciders(game, 3, {"German": "heuristic", "Russian": "exploit"}, with_counter_battery))
    dropped = [d for d in russian(log, "purchase") if d["why"].startswith("exploit: drops O7")]
    assert dropped and all("for armor" in d["why"] and {"rg": "O7"} not in d["value"] for d in dropped)

    pack("rb")
    planted["chits"] = {place: (50, 50) for place in range(40)}
    outcome, log = played("rb", next(iter(campaign("rb").definition.variants), None), 1,
                          {"German": "heuristic", "Russian": "exploit"})
    chits = russian(log, "initiative")
    assert chits and all(d["value"] == "Idle" and d["why"].endswith("so Idle") for d in chits), chits


def russian(log, what):
    """The Russian side's decisions of kind ``what``."""
    return [e.data for e in log.events if e.kind == "decision" and e.side == "Russian" and e.data["what"] == what]
