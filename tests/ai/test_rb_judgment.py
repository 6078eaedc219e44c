"""Issue 21, the Red Barricades computer (solo/games/rb/computer.py, solo/ai/chits.py): RGs valued by their fighting
power per CPP, every CPP put to use, Initiative chits that weigh the dug-in Defender and the CG standing, Recon in
whole numbers. The RG charts are the TEST pack (tests/fixtures/packs/rb: invented where the texts are silent)."""

import pytest

from solo.ai.chits import assault_odds, chit_weights, initiative
from solo.ai.reph import MILLI, weights
from solo.campaign.state import Fortification
from solo.core.play import Question
from solo.games.rb import computer
from solo.games.rb import purchase as rb_purchase
from tests.games.rb.fixture import rb_reph, scenario


@pytest.fixture
def rbr(pack):
    pack("rb")
    return rb_reph


def _power(r, side, rg, option=""):
    return computer.offer(r, side, r.rg(side, rg), option, 0, weights("rb")[side]["purchase"],
                          computer.full_share(r, side))


def test_a_rg_is_valued_by_the_fighting_power_it_brings(rbr):
    """11.6201-11.6205 (issue 21: RB bought by squad quality alone): a Pioneer Coy's 8-3-8 outfight a Rifle Coy's 4-6-7
    squad for squad, a Company brings its SW and leaders beside its squads, a Reserve (11.6194b) is worth less than the
    same Coy entering free; every score is a whole number."""
    r = rbr()
    rifle, rifle_cpp, _ = _power(r, "German", "I1")
    pioneer, _, _ = _power(r, "German", "I4")
    reserve, reserve_cpp, why = _power(r, "German", "I1", "reserve")
    assert all(isinstance(n, int) for n in (rifle, pioneer, reserve))
    assert pioneer * 12 > rifle * 8  # per squad
    squads_only = 12 * computer.street_quality("4-6-7") * computer.full_share(r, "German") // MILLI
    assert rifle > squads_only
    assert reserve < rifle and reserve_cpp == rifle_cpp - 1 and "Reserve" in why


def test_the_last_cg_day_leaves_no_cpp_a_rg_could_use(rbr):
    """RB Victory Conditions count no CPP (issue 21, cpp_value): on the last CG Day the computer buys while any RG is
    legal, and keeps no more CPP than the cheapest RG left legal costs."""
    r = rbr(date="21 Oct")
    s = r.side("German")
    s.cpp = 40
    s.roster["21 Oct"].start = s.cpp
    rb_purchase.purchase(r)
    assert s.cpp < min(g.cpp for g in r.chart("German").values())


def test_a_daily_maximum_with_cpp_to_spare_buys_stronger_companies(rbr):
    """11.6195 (issue 21: CPP left unspent): when the Infantry Companies allowed today are bought and CPP remain, a
    cheap Company is exchanged for a stronger one those CPP pay for, and the reason says so."""
    r = rbr()
    s = r.side("Russian")
    s.cpp = 25
    s.roster["18 Oct"].start = s.cpp
    q = Question("purchase", "11.619", "Russian", "", rb_purchase.purchase_parser(r, s), {"reph": r, "side": s})
    reply = computer.purchase(r, "Russian", weights("rb")["Russian"], q)
    orders = [rb_purchase.parse_order(o) for o in q.parse(reply.value)]
    assert "exchanged for" in reply.why
    assert s.cpp - rb_purchase.check(r, s, orders) < 3  # no more than a Militia Coy's price left


def _chit(r, side, choices=("Attack", "Idle")):
    q = Question("initiative", "11.623", side, "", str, {"reph": r, "choices": choices})
    return initiative(r, side, {}, q)


def _sides(r, german, russian):
    for _ in range(german):
        r.side("German").add("4-6-7", "squad")
    for _ in range(russian):
        r.side("Russian").add("4-4-7", "squad")


def test_an_assault_weighs_the_defender_dug_in_behind_its_fortifications(rbr):
    """11.6233 (issue 21: the German attacked into the prepared defences at poor odds): 12 squads against 11 are more
    than 1:1, but not against the Russians dug in behind their Fortifications; the German stays Idle and says why."""
    r = rbr()
    _sides(r, 12, 11)
    r.side("Russian").fortifications.append(Fortification("Russian", "Fortified Building", 6, "17 Oct"))
    assert assault_odds(r, "German", chit_weights("rb", "German")) < MILLI
    reply = _chit(r, "German")
    assert reply.value == "Idle" and "dug in behind their Fortifications" in reply.why


def test_a_side_ahead_keeps_its_lead_and_a_side_behind_attacks(rbr):
    """11.623 and the CG standing (issue 21): the German that won the Initial Scenario stands Idle at even odds; the
    German that lost it attacks even below 1:1 (it has no limit of Attack chits: nothing to save), for standing Idle
    loses the CG."""
    r = rbr()
    _sides(r, 16, 12)
    r.c.scenarios = [scenario("17 Oct", "German")]
    assert _chit(r, "German").value == "Idle"
    r.c.scenarios = [scenario("17 Oct", "Russian")]
    r.side("Russian").fortifications.append(Fortification("Russian", "Trench", 30, "17 Oct"))
    reply = _chit(r, "German")
    assert assault_odds(r, "German", chit_weights("rb", "German")) < MILLI
    assert reply.value == "Attack" and "0 CG scenarios won, 1 lost" in reply.why


def test_the_russian_behind_saves_its_only_attack_chit_for_a_better_day(rbr, pure_chits):
    """11.6231 (issue 21): the Russian, behind but with one Attack chit for the four CG Days left, does not spend it at
    poor odds; on the last CG Day it does."""
    r = rbr()
    _sides(r, 16, 12)
    r.c.scenarios = [scenario("17 Oct", "German")]
    assert _chit(r, "Russian").value == "Idle"
    r.c.date = "21 Oct"
    r.side("Russian").roster.setdefault("21 Oct", r.side("Russian").roster["18 Oct"])
    assert _chit(r, "Russian").value == "Attack"


def test_recon_is_weighed_in_whole_numbers(rbr):
    """11.622 (issue 21: the RB Recon decision computed with floats): the CPP spent on Recon are weighed against what
    a CPP kept is worth, in whole thousandths; no Recon against an enemy that shows no Fortifications (his mines are
    his secret: seen_by); on the last CG Day a CPP kept is worth nothing, so Recon gets the +3 drm."""
    r = rbr()
    s = r.side("German")
    s.cpp = 10
    q = Question("recon", "11.622", "German", "", int, {"reph": r, "side": s})
    reply = computer.recon(r, "German", weights("rb")["German"], q)
    assert reply.value == 0 and all(int(v.replace(".", "")) == 0 for _, v in reply.alternatives[:1])
    r.side("Russian").fortifications.append(Fortification("Russian", "Fortified Building", 6, "17 Oct"))
    r.c.date = "21 Oct"
    reply = computer.recon(r, "German", weights("rb")["German"], q)
    assert reply.value == 2 and "a CPP kept is worth 0.00 points" in reply.why
    assert all(isinstance(computer.revealed(r, "German", n), int) for n in (1, 2))


def test_the_odds_count_squads_at_their_real_strength(rbr, pure_chits):
    """11.623 (issue 21: a RG or an OB valued at its real strength): eight 8-3-8 Pioneers against fourteen 4-2-6
    Militia dug in are better than 1:1, though they are fewer squads; the German attacks."""
    r = rbr()
    for _ in range(8):
        r.side("German").add("8-3-8", "squad")
    for _ in range(14):
        r.side("Russian").add("4-2-6", "squad")
    assert assault_odds(r, "German", chit_weights("rb", "German")) > MILLI
    assert _chit(r, "German").value == "Attack"
