"""The computer's RePh heuristics: each rule tested in the situation it exists for."""

from solo.ai.reph import weights
from solo.campaign import rg as rgs
from solo.campaign.facts import check
from solo.campaign.state import RosterLine, ScenarioResult
from solo.core.play import Question
from solo.games import campaign
from solo.games.oto2.computer import Needs, value
from solo.games.oto2.purchase import purchase_parser


def _situation(make_reph, date="23PM", cpp=22, lvp=2, afv=0, squads=20, at=0):
    r = make_reph()
    r.c.date = date
    r.c.scenarios = [ScenarioResult("23AM", {"Russian": 10, "German": 10}, "German", lvp=lvp, vp=lvp, scenario_vp=lvp)]
    r.c.facts = check(r.c, {"lvp": lvp, "russian_afv_seen": afv})
    g = r.side("German")
    g.cpp = cpp
    g.roster[date] = RosterLine(date, start=0, repl=cpp, total=cpp)
    for _ in range(squads):
        g.add("4-6-7", "squad")
    for n in range(at):
        g.purchases.append(_at_purchase(n + 1))
        g.add("75L (PaK 40)", "gun", rg=n + 1)
    return r, g


def _at_purchase(line):
    from solo.campaign.state import Purchase
    return Purchase(line, "G1", "AT Plt. I", "23AM", 5)


def _buy(r, g):
    q = Question("purchase", "7.518", "German", "", purchase_parser(r, g), {"reph": r, "side": g})
    reply = campaign("oto2").decide("German", q)
    return [i["rg"] for i in q.parse(reply.value)], reply


def _spent(r, reply):
    return sum(rgs.cost(r.rg("German", i["rg"]), rgs.parse_item(i)) for i in reply.value)


def test_buys_infantry_when_short_of_squads_for_the_lvp(make_reph):
    # 8 LVP still German, 1.6 squads each wanted: 13 squads; only 4 Retained.
    r, g = _situation(make_reph, lvp=2, squads=4, afv=0)
    bought, reply = _buy(r, g)
    assert {"I1", "I2"} & set(bought)
    assert "infantry 4 squads for 8 LVP to hold, wants 13" in reply.why


def test_reacts_to_russian_armour_with_at_assets(make_reph, narrow_purchases):
    # Enough squads; 12 Russian AFV seen and no AT asset: 0.6 per AFV wanted.
    r, g = _situation(make_reph, lvp=2, squads=20, afv=12)
    bought, reply = _buy(r, g)
    assert {"V1", "V2", "V3", "V4", "G1", "G2"} & set(bought)  # Tank Destroyers, AT Guns or StuG (issue 21)
    assert any("against 12 Russian AFV seen" in text for _, text in reply.alternatives)


def test_no_at_purchase_when_armour_is_covered(make_reph):
    r, g = _situation(make_reph, lvp=2, squads=20, afv=2, at=4)
    bought, _ = _buy(r, g)
    assert not {"G1", "G2"} & set(bought)


def test_fortifications_while_they_still_count(make_reph, narrow_purchases):
    # 23PM: three of the four scenarios still to come: 50 FPP (M1) for 1 CPP are bought, after the squads that add
    # more strength per CPP (issue 21: a RG's worth is its strength per CPP).
    r, g = _situation(make_reph, date="23PM", squads=20)
    bought, reply = _buy(r, g)
    assert "M1" in bought and "50 FPP of fortifications, 75% of the CG still to fight" in reply.why


def test_keeps_cpp_after_the_last_reph(make_reph):
    # 24PM is the last CG Date: each CPP left is 1 VP off the Russian total (7.518), so a well-stocked German
    # buys only what is worth more than that and keeps the rest.
    r, g = _situation(make_reph, date="24PM", squads=100, lvp=2)
    _, reply = _buy(r, g)
    assert _spent(r, reply) < 22
    assert "1 VP off the Russian total" in reply.why


def test_purchases_are_always_legal_and_explained(make_reph):
    r, g = _situation(make_reph, cpp=3, squads=0, afv=20)
    _, reply = _buy(r, g)  # parsed by the purchase step's own checks
    assert _spent(r, reply) <= 3
    assert reply.alternatives and all(" points/CPP" in text for _, text in reply.alternatives)


def test_escape_when_the_odds_are_good_and_not_when_bad(make_reph):
    # 7.5063: a squad adjacent to its lines (-1, +1 squad): Eliminated only on Final >= 12 (DR 12: 1/36);
    # an Encircled squad (+2) far away: DR >= 9 -> 10/36 = 28% to be Eliminated: it stays.
    r = make_reph()
    g = r.side("German")
    near, trapped = g.add("4-6-7", "squad"), g.add("4-6-7", "squad")
    r.c.facts = check(r.c, {"isolated": {"G1": "C", "G2": "C"}, "near": {"G1": "adjacent"}, "encircled": ["G2"]})
    near.isolated = trapped.isolated = "C"
    q = Question("escape", "7.5063", "German", "", str, {"reph": r, "units": [near, trapped], "must": []})
    reply = campaign("oto2").decide("German", q)
    assert reply.value == ["G1"]
    assert "G2 4-6-7 stays: 28% to be Eliminated" in reply.why


def test_battle_hardens_the_biggest_gain_first(make_reph):
    r = make_reph()
    g = r.side("German")
    units = [g.add(t, k) for t, k in (("4-6-8", "squad"), ("2-4-7", "hs"), ("4-4-7", "squad"), ("4-6-7", "squad"))]
    q = Question("battle_harden", "7.5112", "German", "", str, {"reph": r, "units": units, "count": 2})
    assert campaign("oto2").decide("German", q).value == ["G4", "G3"]


def test_removal_tries_the_likeliest_items_within_the_limit(make_reph):
    r = make_reph()
    items = [{"item": "Wire", "where": "front-line"}, {"item": "Minefield", "where": "rear"},
             {"item": "Wreck", "where": "adjacent"}]
    q = Question("removal", "7.514", "Russian", "", str, {"reph": r, "items": items, "squads": 1, "tracked": 1})
    assert campaign("oto2").decide("Russian", q).value == [2, 3]


def test_observer_only_for_an_oba_module_without_one(make_reph):
    r, g = _situation(make_reph, squads=20)
    w = weights("oto2")["German"]["purchase"]
    observer = r.rg("German", "O4")
    assert value(observer, Needs(r, g, w), w)[0] == 0.0  # no OBA module: no use for an observer
    g.add("100mm+ OBA Battalion ART", "oba")
    assert value(observer, Needs(r, g, w), w)[0] > 0  # a module without an observer
    g.add("Offboard Observer", "observer")
    assert value(observer, Needs(r, g, w), w)[0] == 0.0  # one module, one observer already


def test_fortifications_put_an_at_ditch_first_against_much_armour(make_reph):
    r, g = _situation(make_reph, afv=10)
    g.fpp = 50
    q = Question("fortifications", "7.520", "German", "", str, {"reph": r, "side": g})
    reply = campaign("oto2").decide("German", q)
    assert reply.value["AT Ditch"] == 1 and "the Russians showed 10 AFV" in reply.why
    assert sum(n * {"AT Ditch": 18, "Wire": 13, "Trench": 6, "AP Mine": 2, "AT Mine": 4, "?": 1, "HIP squad": 3}[k]
               for k, n in reply.value.items()) == 50  # nothing forfeited


def test_wrecks_only_vehicles_that_can_neither_move_nor_fire(make_reph):
    r = make_reph()
    g = r.side("German")
    dead, gun = g.add("StuG IIIG", "vehicle"), g.add("StuG IIIG", "vehicle")
    dead.flags |= {"immobilized", "ma-disabled"}
    gun.flags.add("immobilized")
    q = Question("abandon", "7.5137", "German", "", str, {"reph": r, "units": [dead, gun]})
    assert campaign("oto2").decide("German", q).value == ["G1"]


def test_recon_spends_two_cpp_when_rich(make_reph):
    r = make_reph()
    r.side("Russian").cpp = 9
    q = Question("recon", "7.5225", "Russian", "", str, {"reph": r, "side": r.side("Russian")})
    assert campaign("oto2").decide("Russian", q).value == 2
    r.side("Russian").cpp = 3
    assert campaign("oto2").decide("Russian", q).value == 1


def test_7_5094_escape_from_a_flame_that_may_become_a_blaze(make_reph):
    # 7.5094 (issue 20.27): an Encircled squad far away (28% to be Eliminated, as above) stays, unless the facts confine
    # it to a Flame's Location: staying, the Flame's dr 5-6 (2/6 = 33%) makes it a Blaze that Eliminates it.
    r = make_reph()
    g = r.side("German")
    trapped, burning = g.add("4-6-7", "squad"), g.add("4-6-7", "squad")
    r.c.facts = check(r.c, {"flames": 1, "isolated": {"G1": "C", "G2": "C"}, "encircled": ["G1", "G2"],
                            "flame_confined": {"G2": 1}})
    trapped.isolated = burning.isolated = "C"
    q = Question("escape", "7.5063", "German", "", str, {"reph": r, "units": [trapped, burning], "must": []})
    reply = campaign("oto2").decide("German", q)
    assert reply.value == ["G2"]
    assert "G2 4-6-7 tries: 28% to be Eliminated, less than the 33% it risks staying: Flame 1's" in reply.why
    assert dict(reply.alternatives)["G2"] == "Elimination 28%; staying 33%"
