"""Golden runs of single RePh steps with entered dice, each checked by hand against the rule it cites.

The faces are queued on the event log (as a player's typed dice are); the comment beside each test
works the roll out from the printed table and DRM, so a reader can check it against seed 000.
"""

import pytest

from solo.campaign.facts import check
from solo.campaign.state import Purchase, RosterLine, ScenarioResult
from solo.campaign.steps import scenario_end
from solo.core.play import NeedAnswer
from solo.games.oto2 import aftermath, purchase
from solo.games.oto2 import refit as reorganization


def _facts(r, **given):
    r.c.facts = check(r.c, given)


def _scenario(date, winner, german_cvp=0, russian_cvp=0, lvp=0):
    return ScenarioResult(date, {"Russian": russian_cvp, "German": german_cvp}, winner, lvp=lvp, vp=lvp,
                          scenario_vp=lvp)


def test_cpp_replenishment_with_historical_drm(make_reph):
    # 7.515: German on 24PM, Historical DRM +1 (7.5151): DR 1+1 = 2, Final 3 -> "3-4: 24 CPP"; Start 3 + 24 = 27.
    # Russian on 24PM, DRM 0: DR 6+6 = 12 -> ">= 11: 20 CPP"; Start 0 + 20 = 20.
    r = make_reph(faces=[1, 1, 6, 6])
    r.c.date = "24PM"
    for side, start in (("German", 3), ("Russian", 0)):
        r.side(side).roster["24PM"] = RosterLine("24PM", start=start)
    r.c.step = "7.515"
    reorganization.cpp_replenishment(r)
    german, russian = r.side("German").roster["24PM"], r.side("Russian").roster["24PM"]
    assert (german.repl, german.total, r.side("German").cpp) == (24, 27, 27)
    assert (russian.repl, russian.total) == (20, 20)


def test_san_adjustment(make_reph):
    # 7.5122: German SAN 3 rolls dr 6 + (3 - 4) = 5 >= 5: SAN 2. Russian SAN 1 is raised to 2 without a roll.
    r = make_reph(faces=[6])
    r.side("Russian").san = 1
    reorganization.new_date(r)
    assert r.c.date == "23PM"
    assert (r.side("German").san, r.side("Russian").san) == (2, 2)
    assert len(r.play.log) == 1  # the German roll only


def test_elr_loss_gain_drm(make_reph):
    # 7.516 on 23PM after a Russian win on 23AM. German: DR 6+4 = 10, +2 (one scenario completed), Historical 0
    # -> 12: ELR 3 -> 2. Russian: DR 5+5 = 10, -1 won, +2 scenario, +1 Historical (23PM), +1 per 50 CVP suffered (50)
    # -> 13: ELR 4 -> 3.
    r = make_reph(faces=[6, 4, 5, 5])
    r.c.date = "23PM"
    r.c.scenarios = [_scenario("23AM", "Russian", german_cvp=50)]
    for s in r.c.sides.values():
        s.roster["23PM"] = RosterLine("23PM")
    reorganization.elr(r)
    assert (r.side("German").elr, r.side("Russian").elr) == (2, 3)
    finals = [e.data["trace"]["final"] for e in r.play.log.events]
    assert finals == [12, 13]


def test_mmc_and_leader_battle_hardening(make_reph):
    # 7.5112: the Germans won (-3) and amassed 65 CVP (-1 per 30, FRD: -2): DR 3+3 = 6, Final 1 -> "0-1: 3 MMC".
    # 7.5113: won -2, German -1: DR 3+3 = 6, Final 3 -> "9-2*": the best Retained leader <= 9-2 is the 9-1,
    # who Battle Hardens to 9-2. The Russians roll 6+6 twice: 12 -> 0 MMC; 12 -> 6+1, no leader that low.
    r = make_reph(faces=[3, 3, 3, 3, 6, 6, 6, 6])
    r.c.scenarios = [_scenario("23AM", "German", german_cvp=65)]
    _facts(r)
    g = r.side("German")
    squads = [g.add(t, "squad") for t in ("4-6-7", "4-6-7", "4-6-7", "4-6-7", "4-4-7")]
    nine_one, eight_oh = g.add("9-1", "leader"), g.add("8-0", "leader")
    aftermath.battle_hardening(r)
    assert sorted(u.type for u in squads) == ["4-4-7", "4-6-7", "4-6-8", "4-6-8", "4-6-8"]
    assert (nine_one.type, eight_oh.type) == ("9-2", "8-0")


def test_escape_replaced_then_casualty_reduced(make_reph):
    # 7.5063 Infantry: a German 4-6-7 squad (+1 per HS equivalency > 1 HS), Encircled (+2), adjacent to a
    # friendly non-Isolated hex (-1): DR 4+5 = 9, Final 11 -> "Escapes, Replaced then Casualty Reduced":
    # 4-6-7 is Replaced by 4-4-7 (A19.13), then Casualty Reduced to its HS 2-3-7, no longer Isolated.
    r = make_reph(faces=[4, 5], human="German", answers={"escape": ["G1"]})
    squad = r.side("German").add("4-6-7", "squad")
    _facts(r, isolated={"G1": "C"}, encircled=["G1"], near={"G1": "adjacent"})
    aftermath.perimeter(r)
    aftermath.isolation(r)
    trace = r.play.log.events[-1].data["trace"]
    assert (trace["original"], trace["final"]) == (9, 11)
    assert (squad.type, squad.kind, squad.isolated, squad.retained) == ("2-3-7", "hs", "", True)


def test_the_escape_question_shows_each_unit_s_odds(make_reph):
    # Issue 23.2: the Escape question gives each Isolated unit's exact chances with its own DRM (7.5063): a 4-6-7
    # (+1), Encircled (+2), adjacent (-1): Final = Original + 2; the Infantry column Eliminates on a Final >= 12, so on
    # an Original 10-12: 6 in 36, 17%.
    r = make_reph(human="German")
    r.side("German").add("4-6-7", "squad")
    _facts(r, isolated={"G1": "C"}, encircled=["G1"], near={"G1": "adjacent"})
    aftermath.perimeter(r)
    with pytest.raises(NeedAnswer) as asked:
        aftermath.isolation(r)
    shown = asked.value.question.prompt.splitlines()[-1]
    assert shown.startswith("  G1 4-6-7") and "Eliminated 17%" in shown.split(" · ")


def test_isolated_unit_that_stays_suffers_ammunition_shortage(make_reph):
    # 7.5061: a unit in a type C Isolated Area that does not Escape begins the next scenario with Ammunition Shortage.
    r = make_reph(human="German", answers={"escape": []})
    squad = r.side("German").add("4-6-7", "squad")
    _facts(r, isolated={"G1": "C"})
    aftermath.perimeter(r)
    aftermath.isolation(r)
    assert "ammo-shortage" in squad.flags and squad.isolated == "C"


def _rifle_company(r, full):
    g = r.side("German")
    p = Purchase(1, "I1", "Rifle Co. I", "23AM", 7)
    g.purchases.append(p)
    purchase._sw(r, g, p, r.rg("German", "I1"), full)
    return p.sw


def test_sw_allotment_ex_full(make_reph):
    # 7.5192 EX: Rifle Company I at Full gets LMG x3 and MMG x1 (and its PSK), and must roll <= 3 for an
    # additional MMG: dr 3 -> received.
    assert _rifle_company(make_reph(faces=[3]), full=True) == ["LMG", "LMG", "LMG", "MMG", "MMG", "PSK"]


def test_sw_allotment_ex_depleted(make_reph):
    # 7.5192 EX: Depleted, the LMGs/MMG come on drs <= 4 and the additional MMG on a dr <= 2.
    # LMG drs 4, 5, 1 -> two; MMG dr 4 -> one; additional MMG dr 3 -> none (needs <= 2); PSK dr 6 -> none.
    assert _rifle_company(make_reph(faces=[4, 5, 1, 4, 3, 6]), full=False) == ["LMG", "LMG", "MMG"]


def test_depleted_hw_section_always_gets_one_weapon(make_reph):
    # 7.5193: a Depleted HW Platoon receives each Weapon on an Original dr <= 4; drs 5 and 6 forfeit both,
    # but at least one Weapon (with its crew) is always received.
    r = make_reph(faces=[5, 6])
    g = r.side("German")
    p = Purchase(1, "I5", "HW Sect. I", "23AM", 2)
    g.purchases.append(p)
    purchase._hw(r, g, p, r.rg("German", "I5"), full=False)
    assert p.sw == ["HMG"]
    assert sorted(u.kind for u in g.units) == ["crew", "sw"]


def test_weapon_repair(make_reph):
    # 7.5132: a German MMG (Repair # 1, stand-in): dr 3 - 1 = 2 -> Repaired; a second MMG dr 4 - 1 = 3 ->
    # Eliminated; a vehicle's MA: dr 4 - 2 (vehicle-mounted) - 1 = 1 -> Repaired. A PSK (X#) is removed unrolled.
    r = make_reph(faces=[3, 4, 4])
    g = r.side("German")
    mmg1, mmg2, stug, psk = (g.add(t, k) for t,
                             k in (("MMG", "sw"), ("MMG", "sw"), ("StuG IIIG", "vehicle"), ("PSK", "sw")))
    for unit in (mmg1, mmg2, stug, psk):
        unit.flags.add("malfunctioned")
    reorganization._weapon_repair(r, g)
    assert (mmg1.retained, "malfunctioned" in mmg1.flags) == (True, False)
    assert not mmg2.retained and not psk.retained
    assert stug.retained and "malfunctioned" not in stug.flags


def test_immobilization_repair_only_after_23pm(make_reph):
    # 7.5131b: only in the RePh after the 23PM scenario (the new CG Date is 24AM): dr 4 + 1 (Front-Line hex) = 5
    # -> No change; on 23PM no roll is made at all.
    r = make_reph(faces=[4])
    kv = r.side("Russian").add("KV-1S", "vehicle")
    _facts(r, immobilized=["R1"], front_line=["R1"])
    scenario_end.melee(r)  # the facts of the scenario's end take effect
    r.c.date = "23PM"
    reorganization.equipment(r)
    assert len(r.play.log) == 0 and "immobilized" in kv.flags
    r.c.date = "24AM"
    reorganization.equipment(r)
    assert r.play.log.events[0].data["trace"]["final"] == 5 and "immobilized" in kv.flags


def test_ft_dc_retention(make_reph):
    # 7.5134: Russian FT with an Original effects DR of 11 is Retained (Russian FT <= 11), a DC with 11 is not
    # (<= 10); never more than the non-Isolated Assault Engineer squads (one here).
    r = make_reph()
    ru = r.side("Russian")
    ru.add("6-2-8", "squad").flags.add("assault-engineer")
    ft, dc = ru.add("FT", "sw"), ru.add("DC", "sw")
    _facts(r, ft_dc={"R2": 11, "R3": 11})
    reorganization._ft_dc(r, ru)
    assert ft.retained and not dc.retained


def test_removal_original_six_reduces_an_assault_engineer(make_reph):
    # 7.514: the Russians try to remove Wire in a Front-Line hex: dr 6 + 2 = 8 -> No Effect, and the Original 6
    # Casualty-Reduces a non-Isolated elite MMC, an Assault Engineer if possible: 6-2-8 -> 3-2-8.
    r = make_reph(faces=[6], human="Russian", answers={"removal": [1]})
    ru = r.side("Russian")
    ru.add("4-5-8", "squad")
    engineer = ru.add("6-2-8", "squad")
    engineer.flags.add("assault-engineer")
    _facts(r, removal=[{"side": "Russian", "item": "Wire", "where": "front-line"}])
    reorganization.removal(r)
    assert engineer.type == "3-2-8"


def test_initial_scenario_victory(make_reph):
    # 7.4: the Russians win the Initial Scenario with > 5 VP: LVP 4 + 40 CVP (1 VP per 20) = 6 VP.
    r = make_reph()
    _facts(r, lvp=4, russian_cvp=40, german_cvp=10)
    aftermath.rally_and_victory(r)
    assert (r.c.last.vp, r.c.last.winner) == (6, "Russian")
    # A later scenario needs >= 7 VP earned in it: 6 -> 12 is 6 earned, a German win.
    _facts(r, lvp=8, russian_cvp=40)
    aftermath.rally_and_victory(r)
    assert (r.c.last.vp, r.c.last.scenario_vp, r.c.last.winner) == (12, 6, "German")
