"""7.518 purchase legality: costs with notes f, h/i, o and CG12; CG Date Max, CG Max, note i, CG13, IHSR 7."""

import pytest

from solo.campaign import rg as rgs
from solo.core.errors import SoloError
from solo.games.oto2.purchase import (
    _given_units,
    _receive,
    _record,
    fort_costs,
    fortification_cost,
    fortification_parser,
)


def _check(r, side, *entries, initial=False):
    s = r.side(side)
    items = [rgs.parse_item(e) for e in entries]
    return rgs.check(r.chart(side), r.c, s, items, r.defn.limits, initial, initial and side == "Russian")


def test_costs(make_reph):
    r = make_reph()
    chart = r.chart("German")
    assert rgs.cost(chart["I1"], rgs.Item("I1")) == 7
    assert rgs.cost(chart["V3"], rgs.Item("V3", offboard=True)) == 5  # CG12a: one CPP less
    assert rgs.cost(chart["O2"], rgs.Item("O2", prereg=2)) == 6  # note f: +1 per Pre-Registered hex
    assert rgs.cost(chart["O4"], rgs.Item("O4", observer_level=3)) == 2  # note h*: level 3 for one more
    russian = r.chart("Russian")
    assert rgs.cost(russian["G2"], rgs.Item("G2", trucks=True)) == 6  # note o
    assert rgs.cost(russian["I1"], rgs.Item("I1", onboard=True)) == 6  # CG12b, Initial Scenario


def test_budget_and_maximums(make_reph):
    r = make_reph()
    assert _check(r, "German", "I1", "I1") == 14
    with pytest.raises(SoloError, match="CG Date Max is 2"):
        _check(r, "German", "I1", "I1", "I1")
    r.side("German").cpp = 10
    with pytest.raises(SoloError, match="costs 14 CPP but the Germans have 10"):
        _check(r, "German", "I1", "I1")


def test_cg_max_ignores_ob_given_rgs(make_reph):
    # 7.5188: V4 (StuH-42) may be bought twice in the CG; an OB-given V4 would not count (7.4 / 7.5187).
    r = make_reph()
    g = r.side("German")
    for date in ("23AM", "23PM"):
        r.c.date = date
        _record(r, g, rgs.Item("V4"), given=False)
    _record(r, g, rgs.Item("V4"), given=True)
    r.c.date = "24AM"
    with pytest.raises(SoloError, match="CG Max is 2"):
        _check(r, "German", "V4")


def test_twenty_percent_cap_on_m1_m2(make_reph):
    # German note i: at most 20% (FRU) of the date's CPP on M1/M2: 22 CPP -> 5 CPP (4.4 rounded up).
    r = make_reph()
    r.side("German").cpp = 22
    assert _check(r, "German", "M1", "M1", "M1", "M2") == 5
    with pytest.raises(SoloError, match="at most 20% .FRU. of the 22 CPP available, 5 CPP"):
        _check(r, "German", "M1", "M1", "M2", "M2")


def test_oba_modules_per_scenario(make_reph):
    # CG13: the Germans may use at most three OBA modules per CG scenario.
    r = make_reph()
    g = r.side("German")
    for _ in range(2):
        g.add("100mm+ OBA Battalion ART", "oba")
    assert _check(r, "German", "O1") == 3
    with pytest.raises(SoloError, match="at most 3 OBA modules"):
        _check(r, "German", "O1", "O2")


def test_options_are_for_the_right_rgs(make_reph):
    r = make_reph()
    with pytest.raises(SoloError, match="Pre-Registered hexes are for OBA modules"):
        _check(r, "German", {"rg": "I1", "prereg": 1})
    with pytest.raises(SoloError, match="not for this RG"):
        _check(r, "German", "G1 offboard")  # CG12a: NA for Guns
    with pytest.raises(SoloError, match="not for this RG"):
        _check(r, "German", "I7 offboard")  # ... and Cupolas
    with pytest.raises(SoloError, match="only the Russians pay one CPP more"):
        _check(r, "German", "I1 onboard")
    with pytest.raises(SoloError, match="Initial Scenario"):
        _check(r, "Russian", "I1 offboard", initial=True)  # CG12b: the discount starts on 23PM
    with pytest.raises(SoloError, match="IHSR 7"):
        _check(r, "Russian", "M1", initial=True)
    with pytest.raises(SoloError, match="no RG 'X9'"):
        _check(r, "German", "X9")


def test_fortifications(make_reph):
    # 7.520: Trench 6, Wire 13, AP mines 2 per factor, Pillbox (a+b+c) x 2; Russians only Foxholes; FPP limit.
    r = make_reph()
    costs = fort_costs(r)  # read from the 7.520 chart
    assert costs == {"Foxhole 3": 3, "Foxhole 2": 2, "Foxhole 1": 1, "Trench": 6, "AT Ditch": 18, "AP Mine": 2,
                     "AT Mine": 4, "?": 1, "Wire": 13, "HIP cupola": 5, "HIP squad": 3, "HIP HS": 2, "HIP crew": 1}
    assert fortification_cost(costs, "Trench", 2) + fortification_cost(costs, "AP Mine", 6) == 24
    assert fortification_cost(costs, "Pillbox 1+5+7", 1) == 26
    g, ru = r.side("German"), r.side("Russian")
    g.fpp = ru.fpp = 50
    assert fortification_parser(r, g)({"Wire": 2, "Trench": 4}) == {"Wire": 2, "Trench": 4}
    with pytest.raises(SoloError, match="cost 56 FPP; the Germans have 50"):
        fortification_parser(r, g)({"Wire": 2, "Trench": 5})
    with pytest.raises(SoloError, match="only expend FPP on Foxholes"):
        fortification_parser(r, ru)({"Trench": 1})
    assert fortification_parser(r, ru)("Foxhole 3 4") == {"Foxhole 3": 4}


def test_fortifications_are_worth_their_7_520_price(make_reph):
    """What the stand-in scenario model counts (Fortification.fpp): the printed Initial OB's at 7.520's prices (5 AT
    Ditches 90, 10 Wire 130, 10 Trenches 60, 4 Minefield hexes of 3 AT and 6 AP mines 96), a M2 Minefield the FPP its
    2 CPP buy in M1 (50 FPP a CPP)."""
    r = make_reph()
    g = r.side("German")
    g.fortifications.clear()
    _given_units(r, g)
    assert [(f.kind.split(" (")[0], f.fpp) for f in g.fortifications] == [
        ("AT Ditch", 90), ("Wire", 130), ("Trench", 60), ("Minefield hex", 96)]
    _record(r, g, rgs.Item("M2"), given=False)
    _receive(r, g, g.purchases[-1])
    assert g.fortifications[-1].fpp == 100
