"""Issue 21, the OtO2 computer's purchase judgment: a RG is worth the share by which its fighting strength raises the
side's, in VP over the scenarios it fights, against one value of a CPP over the whole CG (7.518 Note: a German CPP
left is 1 VP off the Russian total); keeping the CPP is one of the near-best options drawn among."""

import random

from solo.ai.reph import MILLI, cpp_value, greedy, weights
from solo.campaign import model
from solo.campaign.engine import initial_campaign
from solo.campaign.facts import check
from solo.campaign.reph import load_campaign
from solo.campaign.state import RosterLine, ScenarioResult
from solo.core.play import Question
from solo.games import campaign
from solo.games.oto2 import computer as oto2
from solo.games.oto2.purchase import purchase_parser
from tests.reph import new_reph


def _reph(date="23PM", cpp=22, squads=20, side="German"):
    r = new_reph()
    r.c.date = date
    r.c.weather[date] = "Clear"
    r.c.scenarios = [ScenarioResult("23AM", {"Russian": 10, "German": 10}, "German", lvp=2, vp=2, scenario_vp=2)]
    r.c.facts = check(r.c, {"lvp": 2, "russian_afv_seen": 4})
    s = r.side(side)
    s.cpp = cpp
    s.roster[date] = RosterLine(date, start=0, repl=cpp, total=cpp)
    for _ in range(squads):
        s.add("4-6-7" if side == "German" else "4-4-7", "squad")
    return r, s


def _buy(r, side):
    s = r.side(side)
    q = Question("purchase", "7.518", side, "", purchase_parser(r, s), {"reph": r, "side": s})
    reply = campaign("oto2").decide(side, q)
    return [i["rg"] for i in q.parse(reply.value)], reply


def test_a_rg_fields_its_squads_weapons_and_crews_at_their_likely_strength():
    """7.519 (issue 21: value a RG by the strength it brings): a Rifle Co. the mean of its Full and Depleted squads
    (12/9
    4-6-7: 10.5 squads of 1.166); a HW Section its two HMG and their 2-2-8 crews (note b); an AFV platoon two squads
    an AFV; an OBA module's calibre counts (C1.22)."""
    r, s = _reph()
    w = weights("oto2")["German"]["purchase"]
    n = oto2.Needs(r, s, w)
    assert oto2.strength(r.rg("German", "I1"), n, w) == round(10.5 * 1166)
    assert oto2.strength(r.rg("German", "I5"), n, w) == 2 * (250 + 571)
    assert oto2.strength(r.rg("German", "V3"), n, w) == 5000  # StuG IIIG 3/2: 2.5 AFV
    assert oto2.strength(r.rg("German", "O3"), n, w) > oto2.strength(r.rg("German", "O1"), n, w)


def test_a_squad_added_to_a_few_counts_more_than_one_added_to_many():
    """Issue 21: the battle goes by the ratio of strengths, so the same RG raises a small force by a larger share."""
    assert oto2.share(MILLI, 5 * MILLI) > oto2.share(MILLI, 50 * MILLI) > 0
    assert oto2.share(10 * MILLI, 10 * MILLI) == 666  # a doubling: 2/3, near ln 2


def test_a_rg_bought_early_is_worth_more_than_on_the_last_date():
    """7.518 Note (issue 21: it spent everything early, then hoarded): a RG bought now fights every scenario left,
    so it is worth more on 23PM than on 24PM, against the same 1 VP a German CPP is worth at both."""
    w = weights("oto2")["German"]["purchase"]
    worth = {}
    for date in ("23PM", "24PM"):
        r, s = _reph(date)
        worth[date] = oto2.value(r.rg("German", "I2"), oto2.Needs(r, s, w), w)[0]
        assert cpp_value(r, "German", w["keep"], w["vp"]) == MILLI
    assert worth["23PM"] > 2 * worth["24PM"]


def test_aircraft_and_a_bombardment_serve_one_scenario():
    """7.502 i, Russian RG note m: they are gone after the scenario, so they are worth one scenario's strength."""
    r, s = _reph("23AM", side="Russian")
    w = weights("oto2")["Russian"]["purchase"]
    assert not oto2.lasting(r.rg("Russian", "B1")) and not oto2.lasting(r.rg("Russian", "F1"))
    # 4 scenarios, each at 0.8 of the one before
    assert oto2.lasting(r.rg("Russian", "I1")) and oto2.Needs(r, s, w).fights > 2 * MILLI


def test_the_russian_spends_its_cpp_on_fighting_strength():
    """7.518 (issue 21: the Russian bought Bombardments, observers and Recon and lost to random purchases): its CPP
    are worth nothing at the CG End (7.518 Note counts the German's only), so it buys companies first and keeps less
    than the cheapest RG."""
    r, _ = _reph("23PM", cpp=30, squads=10, side="Russian")
    bought, reply = _buy(r, "Russian")
    assert {"I1", "I3"} & set(bought[:2]) and "B1" not in bought
    left = 30 - sum(r.rg("Russian", rg).cpp for rg in bought)
    assert left < 2, (bought, reply.why)


def test_the_german_keeps_cpp_a_rg_would_not_repay_on_the_last_date():
    """7.518 Note: a German with a strong line on 24PM keeps the CPP a further RG would not repay in VP."""
    r, _ = _reph("24PM", cpp=30, squads=150)
    bought, reply = _buy(r, "German")
    assert sum(r.rg("German", rg).cpp for rg in bought) < 10 and "1 VP off the Russian total" in reply.why


def test_keeping_the_cpp_is_drawn_among_the_near_best_options():
    """Issue 21 (a mixed strategy): with ``stop_near`` keeping the CPP is an option when what it is worth lies within
    NEAR percent of the best buy; a RG well above it is still bought."""
    class G:
        id = "I1"

    def offers(score):
        return lambda bought: [] if bought else [(score, G, "item", "why")]
    assert greedy(offers(1050), 1000, lambda n: n - 1, stop_near=True)[0] == []  # the draw picks keeping
    assert len(greedy(offers(1050), 1000, lambda n: 0, stop_near=True)[0]) == 1
    assert len(greedy(offers(2000), 1000, lambda n: n - 1, stop_near=True)[0]) == 1  # keeping is not near: buys
    assert len(greedy(offers(1050), 1000, lambda n: n - 1)[0]) == 1  # without stop_near: as before


def test_the_evp_come_from_the_russian_breakthrough():
    """OtO2 7.4 (EVP for Russian units exiting off the west edge), the stand-in's _lvp: no EVP when the Germans hold;
    on a Russian win, EVP_SHARE for each point of Russian power beyond what the German line (dug in) can stop, so a
    German who does not man his line pays for it in VP."""
    c = initial_campaign(load_campaign("oto2"), "none")
    raw = load_campaign("oto2").raw

    def evp(s, russians, germans=20):
        for side, squads in (("Russian", russians), ("German", germans)):
            c.sides[side].units, c.sides[side].elr, c.sides[side].san = [], 3, 0
            for _ in range(squads):
                c.sides[side].add("4-4-7", "squad")
        facts = {}
        p = {"Russian": model.power(c.sides["Russian"], False), "German": model.power(c.sides["German"], True)}
        model._lvp(c, raw, facts, s, random.Random(1), p)
        return facts["evp"]
    assert evp(-1.0, 60) == 0  # the Germans hold
    assert evp(1.0, 25) == 0  # 20 squads dug in stop 25
    assert 0 < evp(1.0, 40) < evp(1.0, 60) == round(model.EVP_SHARE * (60 - 25))
