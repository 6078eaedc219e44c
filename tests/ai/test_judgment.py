"""Issue 21 part 3, "Judgment": the computer's RePh purchases in whole numbers, a seeded mixed strategy that replays
from the log, one value of a CPP over the whole CG, units classified from their real type."""

import random
from collections import Counter

import pytest

from solo.ai.reph import cpp_value, mixed, near, weights
from solo.campaign import rg as rgs
from solo.campaign.engine import run, start_meta
from solo.campaign.facts import check
from solo.campaign.state import Purchase, RosterLine, ScenarioResult
from solo.core.play import Question
from solo.core.store import EventLog
from solo.games import campaign
from solo.games.oto2 import computer as oto2
from solo.games.oto2.purchase import purchase_parser
from tests.reph import new_reph

WEATHER = ("Clear", "Overcast", "Rain", "Mist")


def _ask(r, side):
    s = r.side(side)
    q = Question("purchase", "7.518", side, "", purchase_parser(r, s), {"reph": r, "side": s})
    reply = campaign("oto2").decide(side, q)
    return q.parse(reply.value), reply


def _random_state(rng: random.Random):
    """A random OtO2 RePh purchase state: the date, weather, CPP, both OBs, RGs already bought, the facts."""
    r = new_reph(seed=rng.randrange(10**6))
    r.c.date = date = rng.choice(r.c.dates)
    if date != r.c.dates[0] or rng.random() < 0.5:
        lvp = rng.randrange(11)
        r.c.scenarios = [ScenarioResult(r.c.dates[0], {"Russian": 10, "German": 10}, "German", lvp=lvp, vp=lvp,
                                        scenario_vp=lvp)]
        facts = {"lvp": lvp}
        if rng.random() < 0.5:
            facts["russian_afv_seen"] = rng.randrange(20)
        r.c.facts = check(r.c, facts)
    r.c.weather[date] = rng.choice(WEATHER)
    for side, s in r.c.sides.items():
        s.cpp = rng.randrange(0, 80)
        s.roster[date] = RosterLine(date, start=0, repl=s.cpp, total=s.cpp)
        chart = r.chart(side)
        for _ in range(rng.randrange(30)):
            s.add(rng.choice(("4-6-7", "4-4-7")) if side == "German" else "4-4-7", rng.choice(("squad", "hs")))
        for line, g in enumerate(rng.sample(list(chart.values()), rng.randrange(8)), 1):
            s.purchases.append(Purchase(line, g.id, g.title, rng.choice(r.c.dates), g.cpp))
            if g.letter in "VG" and g.full:
                for _ in range(g.full):
                    s.add(g.units, "vehicle" if g.letter == "V" else "gun", rg=line)
    return r


def _check_state(r):
    for side in r.c.sides:
        s, w = r.side(side), weights("oto2")[side]["purchase"]
        needs = oto2.Needs(r, s, w)
        for g in r.chart(side).values():
            pts, why = oto2.value(g, needs, w)
            assert isinstance(pts, int) and why, (g.id, pts)  # issue 21: no float decides
        items, reply = _ask(r, side)  # parsed by the purchase step's own checks: legal
        spent = sum(rgs.cost(r.rg(side, i["rg"]), rgs.parse_item(i)) for i in items)
        assert spent <= s.cpp and reply.why


def test_random_purchase_states_buy_legally_in_whole_numbers():
    """OtO2 7.518 (issue 21): over 60 random RePh purchase states (the plain run's sample; 10,000 with -m long) every
    purchase passes the Basket's checks and every score is a whole number."""
    rng = random.Random(21)
    for _ in range(60):
        _check_state(_random_state(rng))


@pytest.mark.long
def test_ten_thousand_random_purchase_states_buy_legally_in_whole_numbers():
    """OtO2 7.518 (issue 21): the same over 10,000 random states."""
    rng = random.Random(2121)
    for _ in range(10_000):
        _check_state(_random_state(rng))


def test_near_equal_options_are_found_in_whole_numbers():
    """Issue 21: 0.4000000000000001 > 0.4 bought a G4; in thousandths, 400 is no more than 400, and the near-best
    test is exact."""
    assert near([1000, 950, 949]) >= 2 and near([1000, 1000, 1000]) == 3
    with pytest.raises(AssertionError):
        mixed([0.4000000000000001, 0.4], lambda x: x, None)


def test_a_decisions_draw_comes_from_the_save_and_the_event():
    """Issue 21: the computer's draw is the same for the same save at the same event (a replay, an undo), another for
    another save."""
    def draws(seed):
        r = new_reph(seed=seed)
        return [r.play.draw(7) for _ in range(20)]
    assert draws(3) == draws(3)
    assert draws(3) != draws(4)
    r = new_reph(seed=3)
    assert all(0 <= r.play.draw(3) < 3 for _ in range(50))


def _first_purchase(seed: int) -> dict[str, tuple]:
    log = EventLog.create(":memory:", start_meta("oto2", None, "none") | {"seed": seed})
    run(campaign("oto2"), log, stop_at_scenario=True)
    return {e.side: tuple(sorted(i["rg"] for i in e.data["value"])) for e in log.events
            if e.kind == "decision" and e.data["what"] == "purchase"}, log


def test_the_same_dates_purchase_varies_over_seeds_and_stays_legal():
    """OtO2 7.518 (issue 21: the 23AM purchase was the same in 200 of 200 campaigns): over 50 seeds the German buys
    at least 5 different sets on 23AM, each passed by the purchase step's checks (a computer's reply is parsed)."""
    buys = Counter(_first_purchase(seed)[0]["German"] for seed in range(1, 51))
    assert len(buys) >= 5


def test_a_drawn_purchase_replays_as_logged():
    """Issue 21: a drawn purchase is a logged decision; replaying the save gives the same purchase and state."""
    first, log = _first_purchase(7)
    again = run(campaign("oto2"), log, stop_at_scenario=True).campaign
    bought = sorted(p.rg for p in again.sides["German"].purchases if not p.given and p.date == "23AM")
    assert bought == sorted(first["German"])


def test_a_cpp_is_worth_the_same_at_every_date():
    """OtO2 7.518 Note (issue 21): each German CPP left after the last RePh is 1 VP off the Russian total, so a German
    CPP is worth the same at every CG Date; a Russian one buys nothing after the last RePh."""
    r = new_reph()
    w = weights("oto2")
    values = set()
    for date in r.c.dates:
        r.c.date = date
        values.add(cpp_value(r, "German", w["German"]["purchase"]["keep"], w["German"]["purchase"]["vp"]))
    assert len(values) == 1
    assert cpp_value(r, "Russian", 0.3, 0.0) == 0


def _situation(date="23PM", cpp=40, lvp=2, afv=None, squads=20, weather="Clear"):
    r = new_reph()
    r.c.date = date
    r.c.weather[date] = weather
    r.c.scenarios = [ScenarioResult("23AM", {"Russian": 10, "German": 10}, "German", lvp=lvp, vp=lvp, scenario_vp=lvp)]
    r.c.facts = check(r.c, {"lvp": lvp} | ({"russian_afv_seen": afv} if afv is not None else {}))
    g = r.side("German")
    g.cpp = cpp
    g.roster[date] = RosterLine(date, start=0, repl=cpp, total=cpp)
    for _ in range(squads):
        g.add("4-6-7", "squad")
    return r, g


def test_a_flak_halftrack_is_no_armour():
    """OtO2 German RG V5 "SP Flk. Sect." (issue 21): its SdKfz 10/4 count as flak, not armour; a StuG does."""
    r, g = _situation()
    w = weights("oto2")["German"]["purchase"]
    g.purchases.append(Purchase(1, "V5", "SP Flk. Sect. I", "23AM", 2))
    g.add("SdKfz 10/4", "vehicle", rg=1)
    g.add("SdKfz 10/4", "vehicle")  # the Initial OB's, with no RG: classified by its type on the chart
    n = oto2.Needs(r, g, w)
    assert (n.armor, n.aa) == (0, 2)
    assert r.rg("German", "V5").role == "aa" and r.rg("German", "V3").role == "armor"
    assert r.rg("German", "V1").role == "at"


def test_tank_destroyers_set_up_on_the_map_in_the_initial_scenario():
    """OtO2 CG12a (issue 21: the TD stayed off board on 23AM): no German AFV RG enters from off board in the Initial
    Scenario, and a Tank Destroyer never does (it holds the line); only armour after it."""
    w = weights("oto2")["German"]["purchase"]
    chart = new_reph().chart("German")
    assert not any(oto2._item(g, w, True).offboard for g in chart.values())
    assert not oto2._item(chart["V1"], w, False).offboard and oto2._item(chart["V3"], w, False).offboard


def test_russian_afv_seen_is_derived_when_the_fact_is_missing():
    """OtO2 facts (issue 21: a missing russian_afv_seen was read as 0): the Russian vehicles on the map count."""
    r, g = _situation()
    for _ in range(5):
        r.side("Russian").add("T-34/M43", "vehicle")
    assert oto2.afv_seen(r) == 5
    r.c.facts["russian_afv_seen"] = 9
    assert oto2.afv_seen(r) == 9


def test_the_computer_keeps_its_own_fortifications():
    """OtO2 7.514 (issue 21: it removed its own): the German tries the Russian Wire and the wreck, not its own Wire."""
    r = new_reph()
    items = [{"item": "Wire", "where": "rear", "own": True}, {"item": "Wire", "where": "front-line", "own": False},
             {"item": "Wreck", "where": "adjacent", "own": True}]
    q = Question("removal", "7.514", "German", "", str, {"reph": r, "items": items, "squads": 3, "tracked": 1})
    reply = campaign("oto2").decide("German", q)
    assert reply.value == [3, 2] and "keeps its own Wire" in reply.why


def test_no_aircraft_are_bought_for_rain():
    """E3.5 (issue 21: aircraft bought for rain): under Overcast or Rain an aircraft RG is worth nothing."""
    for weather, worth in (("Rain", False), ("Overcast", False), ("Clear", True)):
        r, g = _situation(weather=weather)
        n = oto2.Needs(r, g, weights("oto2")["German"]["purchase"])
        assert (oto2.value(r.rg("German", "F1"), n, weights("oto2")["German"]["purchase"])[0] > 0) == worth


def test_a_purchase_mixes_kinds_of_rg():
    """OtO2 7.518 (issue 21: only I2 was bought): a German short of infantry, facing armour, with CPP to spare buys
    infantry, anti-tank and support RGs of several roles, not one kind."""
    r, g = _situation(cpp=45, squads=4, afv=10, lvp=2)
    items, reply = _ask(r, "German")
    roles = {r.rg("German", i["rg"]).role for i in items}
    assert "infantry" in roles and "at" in roles and len(roles) >= 4, roles


def test_escape_weighs_the_control_of_the_hexes_around_the_unit():
    """OtO2 7.5063 (issue 21): a unit beside a friendly-Controlled non-Isolated hex (the facts' near) accepts a higher
    chance of Elimination, since its Escape leads into its own lines; the reason says so."""
    r = new_reph()
    g = r.side("German")
    unit = g.add("4-6-7", "squad")
    unit.isolated = "C"
    r.c.facts = check(r.c, {"isolated": {unit.id: "C"}, "near": {unit.id: "within-2"}})
    q = Question("escape", "7.5063", "German", "", str, {"reph": r, "units": [unit], "must": []})
    reply = campaign("oto2").decide("German", q)
    assert "within-2 to friendly hexes" in reply.alternatives[0][1]
    assert "within-2 to a friendly-Controlled hex" in reply.why


def test_the_initiative_chit_never_attacks_below_one_to_one(pack):
    """RB 11.623 (issue 21: the German attacked at odds below 1:1): a side weaker than its opponent picks Idle while it
    has an Idle chit, whatever its plan's bias; the reason says so."""
    from solo.ai.chits import initiative
    from tests.reph import day_reph
    pack("rb")
    r = day_reph("rb", "18 Oct", "I")
    german, russian = r.side("German"), r.side("Russian")
    for _ in range(8):
        german.add("4-6-7", "squad")
    for _ in range(10):
        russian.add("4-4-7", "squad")
    q = Question("initiative", "11.623", "German", "", str, {"reph": r, "choices": ("Attack", "Idle")})
    reply = initiative(r, "German", {}, q)
    assert reply.value == "Idle" and "below the 1.00 an Attack needs" in reply.why


def test_votg_fortifications_put_the_rest_into_real_fortifications(monkeypatch):
    """VotG 12.623 (issue 21: the FPP went into "?" counters): what the shares leave goes to the Fortifications, "?"
    only with what none of them costs."""
    from solo.campaign.steps import fortify
    from solo.games.votg.computer import fortifications
    r = new_reph()  # the VotG price list is the player's pack: stand-in prices, the computer's choice alone is checked
    w = {"fortifications": {"order": ["Wire", "?"], "shares": {"Wire": 0.0, "?": 0.1}}}
    prices = {"Wire": 4, "?": 1}
    s = r.side("German")
    s.fpp = 30
    monkeypatch.setattr(fortify, "cost", lambda r, side, kind, count=1: prices[kind] * count)
    reply = fortifications(r, "German", w, Question("fortifications", "12.623", "German", "", str, {}))
    assert reply.value == {"?": 3 + 3, "Wire": 6}


def test_rb_buys_companies_by_quality_per_cpp_not_only_the_cheapest(pack):
    """RB 11.619 (issue 21: only the cheapest rifle companies were bought): over 30 saves a German short of squads
    buys more than one kind of Infantry Company; each is legal, for the purchase question's own parser takes it."""
    from solo.games.rb import purchase as rb_purchase
    from tests.games.rb.fixture import rb_reph
    pack("rb")
    kinds = Counter()
    for seed in range(30):
        r = rb_reph()
        r.play.draw = random.Random(seed).randrange  # each save draws its own (Play.draw: its secret key)
        g = r.side("German")
        g.cpp = 40
        g.roster["18 Oct"].start = g.cpp
        rb_purchase.purchase(r)
        kinds.update(p.rg for p in g.purchases if p.date == "18 Oct" and p.rg.startswith("I"))
        assert g.cpp >= 0
    assert len(kinds) >= 2, kinds
