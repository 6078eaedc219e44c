"""Red Barricades RePh 11.602-11.618 with entered dice, each worked out by hand beside the rule it cites (seed 003).

The RG charts and CG start are the TEST pack (tests/fixtures/packs/rb: invented, not the rulebook's)."""

import pytest

from solo.campaign.facts import check
from solo.campaign.steps import fortify
from solo.core.errors import SoloError
from solo.games.rb import aftermath as rb
from solo.games.rb import refit as rb_day
from tests.games.rb.fixture import facts, rb_reph, scenario
from tests.reph import finals


@pytest.fixture
def rbr(pack):
    """The RB factory over the TEST pack."""
    pack("rb")
    return rb_reph


def test_dates_are_the_historical_drm_chart(rbr):
    # 11.6161: the 30 CG Days 17 Oct .. 15 Nov; the TEST cg_start plays CG I from 17 to 21 Oct.
    r = rbr()
    assert len(r.defn.dates) == 30 and r.defn.dates[0] == "17 Oct" and r.defn.dates[-1] == "15 Nov"
    assert r.c.dates == ("17 Oct", "18 Oct", "19 Oct", "20 Oct", "21 Oct")
    assert all(r.cat.chart("rb.historical_drm", d, "German") is not None for d in r.defn.dates)


def test_attack_chits_per_variant_match_11_6231(rbr):
    # 11.6231: RB CG I 4, II 2, III 8, IV 2, RO I 3, RO II 2 Russian; RO III: the German has 4 (Russian unlimited).
    r = rbr()
    for variant, given in r.defn.variants.items():
        side, count = next(iter(given["attack_chits"].items()))
        key = ("RO CG " + variant[3:]) if variant.startswith("RO") else f"RB CG {variant}"
        assert (side, count) == (r.cat.chart("rb.attack_chit_limits", key, "Side"),
                                 r.cat.chart("rb.attack_chit_limits", key, "Attack chits"))
    assert "Russian" not in r.defn.variants["RO III"]["attack_chits"]


# --- 11.6031 victory ------------------------------------------------------------------------------

def test_initial_scenario_winner_comes_from_the_facts(rbr):
    r = rbr(date="17 Oct")
    facts(r, winner="Russian", cvp={"German": 10, "Russian": 44})
    rb.victory(r)
    assert (r.c.last.winner, r.c.last.type, r.c.last.cvp["Russian"]) == ("Russian", "Initial Scenario", 44)
    r = rbr(date="17 Oct")
    with pytest.raises(SoloError, match=r"^facts winner: the Initial Scenario's Victory Conditions are on the CG card"):
        check(r.c, {"german_cvp": 10})  # refused when reported, so the answer is never kept


def test_dual_attack_vp_are_cvp_plus_stone_locations(rbr):
    # 11.6235 Dual Attack: German 20 CVP + 6 Stone = 26 > Russian 22 + 3 = 25: the Germans win; a tie goes Russian.
    r = rbr()
    r.c.initiative = {"type": "Dual Attack"}
    facts(r, cvp={"German": 20, "Russian": 22}, stone_gained_german=6, stone_gained_russian=3)
    rb.victory(r)
    assert r.c.last.winner == "German"
    r = rbr()
    r.c.initiative = {"type": "Dual Attack"}
    facts(r, cvp={"German": 20, "Russian": 23}, stone_gained_german=6, stone_gained_russian=3)
    rb.victory(r)
    assert r.c.last.winner == "Russian"


@pytest.mark.parametrize("kind, given, winner", [
    ("German Assault", {"stone_gained_german": 26, "stone_gained_russian": 2}, "German"),   # net 24 >= 24
    ("German Assault", {"stone_gained_german": 25, "stone_gained_russian": 2}, "Russian"),  # net 23
    ("German Assault", {"stone_gained_german": 40, "russian_all_stone": True}, "Russian"),  # all Stone: Russian
    ("German Assault", {"cvp": {"German": 30, "Russian": 15}}, "German"),               # twice the CVP
    ("Russian Assault", {"stone_gained_russian": 12}, "Russian"),                        # 12 with none lost
    ("Russian Assault", {"stone_gained_russian": 12, "stone_gained_german": 1}, "German"),
])
def test_assault_victory_conditions(rbr, kind, given, winner):
    r = rbr()
    r.c.initiative = {"type": kind}
    facts(r, **given)
    rb.victory(r)
    assert r.c.last.winner == winner


def test_ro_cg_iii_swaps_the_assault_margins(rbr):
    r = rbr(variant="RO III")
    assert (rb.assault_margin(r, "German"), rb.assault_margin(r, "Russian")) == (12, 24)


# --- 11.604-11.606 --------------------------------------------------------------------------------

def test_encircled_1tc_and_ap_minefield_ntc(rbr):
    # 11.6041: Russian 4-4-7 (morale 7) 1TC: DR 4+4 = 8, +1 = 9 > 7: Eliminated. 11.6042 NTC: 2-3-7 HS DR 3+3 = 6 <= 7.
    r = rbr(faces=[4, 4, 3, 3])
    s = r.side("Russian")
    squad, hs = s.add("4-4-7", "squad"), s.add("2-3-7", "hs")
    facts(r, encircled=[squad.id], ap_minefield=[hs.id])
    rb.encirclement(r)
    assert (squad.status, hs.status) == ("Eliminated", "Retained")


def test_escape_russian_encircled_squad_casualty_reduced(rbr):
    # 11.6063 Infantry: Russian -1, +1 per HS equivalency > 1 HS (a squad), Encircled +2, adjacent -1: net +1.
    # DR 4+5 = 9, Final 10: "Escapes, Casualty Reduced": the 4-4-7 becomes its HS 2-3-7, no longer Isolated.
    r = rbr(faces=[4, 5], human="Russian", answers={"escape": ["R1"]})
    squad = r.side("Russian").add("4-4-7", "squad")
    facts(r, isolated={"R1": "C"}, encircled=["R1"], near={"R1": "adjacent"})
    rb.perimeter(r)
    rb.isolation(r)
    assert finals(r) == [10]
    assert (squad.type, squad.isolated, squad.retained) == ("2-3-7", "", True)


def test_smc_must_escape_from_type_b_and_enemy_type_c(rbr):
    # 11.6061: a German leader alone (B) must Escape; a Russian leader in the Germans' type C Area must too.
    r = rbr()
    g, ru = r.side("German"), r.side("Russian")
    lone, squad, guest = g.add("8-0", "leader"), g.add("4-6-7", "squad"), ru.add("8-0", "leader")
    lone.isolated, squad.isolated, guest.isolated = "B", "C", "C"
    assert rb.must_escape(g, ru) == [lone.id]
    assert rb.must_escape(ru, g) == [guest.id]


def test_escape_abandoned_afv_with_armor_leader(rbr):
    # 11.6063 AFV: a 9-1 armor leader -1, adjacent -1: DR 6+6 = 12, Final 10: Abandoned, crew Escapes.
    r = rbr(faces=[6, 6], human="German", answers={"escape": ["G1"]})
    g = r.side("German")
    tank = g.add("PzKpfw IVF1", "vehicle")
    g.add("9-1", "armor-leader", **{"in": tank.id})
    facts(r, isolated={"G1": "C"}, near={"G1": "adjacent"})
    rb.perimeter(r)
    rb.isolation(r)
    assert finals(r) == [10] and "abandoned" in tank.flags and g.retained("crew")


def test_smc_outside_perimeter_eliminated(rbr):
    r = rbr()
    leader = r.side("German").add("9-1", "leader")
    facts(r, smc_outside=[leader.id])
    rb.perimeter(r)
    assert leader.status == "Eliminated"


# --- 11.608-11.611 --------------------------------------------------------------------------------

def test_executed_prisoner_brings_massacre(rbr):
    r = rbr(human="German", answers={"prisoners": "execute"})
    prisoner = r.side("Russian").add("4-4-7", "squad")
    facts(r, prisoners={prisoner.id: "isolated"})
    rb.prisoners(r)
    assert prisoner.status == "Eliminated" and "massacre" in r.c.flags


def test_wounded_leader_isolated_drm(rbr):
    # 11.610: dr 2 Retained wounded; an Isolated one with dr 2 +1 = 3 is Eliminated.
    r = rbr(faces=[2, 2])
    g = r.side("German")
    a, b = g.add("8-0", "leader"), g.add("9-1", "leader")
    a.flags.add("wounded")
    b.flags.add("wounded")
    b.isolated = "C"
    rb.wounded_leaders(r)
    assert (a.status, b.status) == ("Retained", "Eliminated")


def test_mmc_battle_hardening_russian_winner(rbr):
    # 11.6112: the Russians won (-3), Russian (-1), 44 CVP amassed (-2 per full 20): DR 3+4 = 7, Final 1: 3 MMC.
    # The German rolls 6+6 = 12 (he amassed 10 CVP): none.
    r = rbr(faces=[6, 6, 3, 4])
    r.c.scenarios = [scenario("17 Oct", "Russian", {"German": 10, "Russian": 44})]
    facts(r, cvp={"German": 10, "Russian": 44})
    ru = r.side("Russian")
    squads = [ru.add(t, "squad") for t in ("4-4-7", "4-4-7", "4-4-7", "4-4-7")]
    elite = ru.add("6-2-8", "squad")
    for s in r.c.sides.values():
        rb._mmc(r, s)
    assert finals(r) == [12, 1]
    assert sum(u.type == "4-5-8" for u in squads) + ("fanatic" in elite.flags) == 3


def test_leader_battle_hardening_selected_or_lowest(rbr):
    # 11.6113 Russian column: DR 3+2 = 5 selects a 9-0, who always hardens to a 10-0; DR 4+4 = 8 selects an 8-0,
    # none Retained: the lowest-grade non-wounded leader (the 7-0) hardens.
    r = rbr(faces=[3, 2])
    ru = r.side("Russian")
    commissar = ru.add("9-0", "leader")
    rb._leader(r, ru)
    assert commissar.type == "10-0"
    r = rbr(faces=[4, 4])
    ru = r.side("Russian")
    low, high = ru.add("7-0", "leader"), ru.add("9-1", "leader")
    rb._leader(r, ru)
    assert (low.type, high.type) == ("8-0", "9-1")


def test_promotion_out_of_the_ranks_limit(rbr):
    # 11.6114: German one leader per four squad-equivalents: one 8-0 becoming two 7-0 needs 2 x 4 = 8 squad-
    # equivalents; with 7 it is refused, with 8 allowed.
    r = rbr(human="German", answers={"promotion": "exchange 8-0"})
    g = r.side("German")
    g.add("8-0", "leader")
    for _ in range(7):
        g.add("4-6-7", "squad")
    with pytest.raises(SoloError, match="one leader per 4"):
        rb._leader(r, g)
    g.add("4-6-7", "squad")
    r.play.sides["German"].answers["promotion"] = "exchange 8-0"
    rb._leader(r, g)
    assert sorted(u.type for u in g.retained("leader")) == ["7-0", "7-0"]


# --- 11.612-11.618 --------------------------------------------------------------------------------

def test_san_adjustment_ex_and_booby_trap_deactivation(rbr):
    # 11.6122 EX: Russian SAN 6, +2 drm: an Original dr 3 is Final 5: SAN 5. German SAN 3 makes no dr; 0 -> 2.
    # 11.6123: Level A in effect, the Russian dr 6: Level B.
    r = rbr(faces=[3, 6], date="17 Oct")
    r.side("Russian").san, r.side("German").san = 6, 0
    fortify.set_booby_level(r, "A")
    rb_day.new_day(r)
    assert r.c.date == "18 Oct"
    assert (r.side("Russian").san, r.side("German").san) == (5, 2)
    assert fortify.booby_level(r) == "B"
    assert r.side("German").roster["18 Oct"].historical_drm == -2
    r = rbr(faces=[2], date="17 Oct")  # Original dr 2 +2 = 4: no change; no Booby Trap dr at Level C
    r.side("Russian").san = 6
    rb_day.new_day(r)
    assert r.side("Russian").san == 6 and len(r.play.log.events) == 1


def test_cpp_replenishment_ex_11_6162(rbr):
    # 11.6162 EX: CG I, the Russians won the 17 Oct Initial Scenario amassing 44 CVP. 18 Oct German DR 10, -2
    # Historical, -2 for 44 CVP suffered: Final 6, +16 CPP; Start 2 + 16 = 18. Russian DR 1+1 = 2, -1: +18.
    r = rbr(faces=[4, 6, 1, 1])
    r.c.scenarios = [scenario("17 Oct", "Russian", {"German": 5, "Russian": 44})]
    r.side("German").roster["18 Oct"].start = 2
    r.side("Russian").roster["18 Oct"].start = 0
    rb_day.cpp(r)
    assert finals(r) == [6, 1]
    german = r.side("German").roster["18 Oct"]
    assert (german.repl, german.total, r.side("German").cpp) == (16, 18, 18)
    assert r.side("Russian").roster["18 Oct"].total == 18


def test_cpp_attack_chit_drm(rbr):
    # 11.616: +1 if the side chose Attack on the previous CG Day (an Idle Day: no CVP DRM).
    r = rbr(faces=[3, 3, 3, 3], date="19 Oct")
    r.c.history = [{"date": "18 Oct", "type": "Idle Day", "chits": {"German": "Attack", "Russian": "Idle"}}]
    rb_day.cpp(r)
    assert finals(r) == [6 - 1 + 1, 6 + 0]


def test_elr_drm(rbr):
    # 11.617 on 18 Oct after the Initial Scenario the Germans won: German DR 6+6 = 12, -1 won, +1 Attack (assumed in
    # the Initial Scenario), +2 one scenario, -2 Historical = 12: no change. Russian DR 6+6 = 12, +2 scenario,
    # -1 Historical, -1 per first-line Coy bought on 17 Oct (I1 4-4-7) = 12... plus -2 elite Coy (I2 6-2-8) = 10.
    r = rbr(faces=[6, 6, 6, 6])
    r.c.scenarios = [scenario("17 Oct", "German")]
    from solo.campaign.state import Purchase
    ru = r.side("Russian")
    ru.purchases += [Purchase(10, "I1", "Rifle Coy", "17 Oct", 5), Purchase(11, "I2", "Gds SMG Coy", "17 Oct", 7)]
    rb_day.elr(r)
    assert finals(r) == [12, 10]


def test_elr_limits(rbr):
    # 11.617: <= 2 ELR +1 to a maximum of 4; >= 13 ELR -1 to a minimum of 0.
    r = rbr(faces=[1, 1, 6, 6], date="30 Oct", variant="III")
    r.c.scenarios = [scenario("29 Oct", "Russian"), scenario("30 Oct", "Russian")]
    r.side("German").elr, r.side("Russian").elr = 4, 0
    rb_day.elr(r)
    assert (r.side("German").elr, r.side("Russian").elr) == (4, 0)


def test_weather_and_ec_drm(rbr):
    # 11.618 on 1 Nov after an Overcast, Dry day: Weather DR 3+3 = 6 -1 = 5 Overcast; EC dr 4 -3 -1 +1 = 1: Wet.
    r = rbr(faces=[3, 3, 4], date="1 Nov", variant="III")
    r.c.weather["31 Oct"], r.c.ec["31 Oct"] = "Overcast", "Dry"
    rb_day.weather(r)
    assert (r.c.weather["1 Nov"], r.c.ec["1 Nov"]) == ("Overcast", "Wet")


def test_repair_weapons_and_immobilization(rbr):
    # 11.6132: Russian LMG -1: dr 3 Final 2 Repaired; German MMG Isolated +1: dr 2 Final 3 Eliminated; a German
    # AFV's MA -2: dr 5 Final 3: Disabled, under Recall. 11.6131: Immobile AFV with Inexperienced Crew dr 2 +1 = 3.
    # The German rolls first (the AFV, then its Weapons), then the Russian.
    r = rbr(faces=[2, 2, 5, 3])
    ru, g = r.side("Russian"), r.side("German")
    lmg, mmg, tank = ru.add("LMG", "sw"), g.add("MMG", "sw"), g.add("PzKpfw IVF1", "vehicle")
    stuck = g.add("PzKpfw IVF1", "vehicle")
    stuck.flags |= {"immobilized", "inexperienced"}
    mmg.isolated = "C"
    facts(r, malfunctioned=[lmg.id, mmg.id, tank.id])
    tank.flags.add("malfunctioned")
    lmg.flags.add("malfunctioned")
    mmg.flags.add("malfunctioned")
    rb_day.repair(r)
    assert "immobilized" in stuck.flags
    assert lmg.retained and "malfunctioned" not in lmg.flags
    assert mmg.status == "Eliminated"
    assert {"ma-disabled", "recall"} <= tank.flags


def test_ft_dc_limited_by_assault_engineers(rbr):
    # 11.6134: Original effects DR <= 10 Retains, but no more DC than non-Isolated Assault Engineer squads (one).
    r = rbr()
    ru = r.side("Russian")
    ru.add("6-2-8", "squad").flags.add("assault-engineer")
    dcs = [ru.add("DC", "sw") for _ in range(3)]
    for dc in dcs:
        dc.status = "Eliminated"
    facts(r, ft_dc={dcs[0].id: 8, dcs[1].id: 9, dcs[2].id: 11})
    rb_day._ft_dc(r, ru)
    assert [dc.status for dc in dcs] == ["Retained", "Eliminated", "Eliminated"]


def test_armor_withdrawal_with_poor_win_loss(rbr):
    # 11.6142: two scenarios completed, the Germans lost both (win:loss 0:2 <= 1:2): -1. Pltn A6 was on the map:
    # Secret dr 6 -1 = 5: Retained. 11.6141: a Mobile non-Isolated AFV under Recall is Eliminated.
    r = rbr(faces=[6], date="19 Oct")
    r.c.scenarios = [scenario("17 Oct", "Russian"), scenario("18 Oct", "Russian")]
    g = r.side("German")
    a6 = next(p for p in g.purchases if p.rg == "A6")
    tanks = [g.add("PzKpfw IVF1", "vehicle", a6.line) for _ in range(2)]
    recalled = g.add("PzKpfw IVF1", "vehicle")
    recalled.flags.add("recall")
    facts(r, on_map=[tanks[0].id])
    rb_day.armor_withdrawal(r)
    assert finals(r) == [5] and all(t.retained for t in tanks) and recalled.status == "Eliminated"


def test_armor_withdrawal_withdraws_pltn_and_its_leader(rbr):
    # 11.6142: dr 6: Withdrawn; the Isolated Mobile AFV stays (11.6143), the armor leader goes with the Pltn.
    r = rbr(faces=[6])
    g = r.side("German")
    a6 = next(p for p in g.purchases if p.rg == "A6")
    a, b = g.add("PzKpfw IVF1", "vehicle", a6.line), g.add("PzKpfw IVF1", "vehicle", a6.line)
    leader = g.add("9-1", "armor-leader", a6.line, **{"in": a.id})
    b.isolated = "C"
    facts(r, on_map=[a.id])
    rb_day.armor_withdrawal(r)
    assert (a.status, b.status, leader.status) == ("Eliminated", "Retained", "Eliminated")
    assert "withdrawing" in b.flags


def test_fortification_removal_drm(rbr):
    # 11.615: Wire in a Front Line Location +2, Roadblock along a hexside of a hex adjacent to one +1, three
    # Assault Engineer squads -1: dr 2 -> 3 Eliminated; dr 6 -> 6 No Effect and the Original 6 Casualty-Reduces
    # the elite (Assault Engineer) MMC.
    r = rbr(faces=[2, 6], human="Russian", answers={"removal": [1, 2]})
    ru = r.side("Russian")
    engineers = [ru.add("6-2-8", "squad") for _ in range(3)]
    for e in engineers:
        e.flags.add("assault-engineer")
    facts(r, removal=[{"side": "Russian", "item": "Wire", "where": "front-line"},
                      {"side": "Russian", "item": "Roadblock", "where": "adjacent"}])
    rb_day.fortification_removal(r)
    assert finals(r) == [3, 6]
    assert engineers[0].kind == "hs"


def test_11_616_cpp_counts_afv_recalled_in_the_reph(rbr):
    """11.616 "-1 Per each 20 Casualty VP suffered by the friendly side on the previous CG Day (including friendly
    units[s] Eliminated since the last scenario during the current CG Day's RePh; e.g., Recalled or Withdrawn AFV)"
    (issue 20.17). The Russians amassed 36 CVP on 17 Oct; on 18 Oct a German AFV under Recall is Eliminated (11.6141:
    5 CVP, the stand-in A26 value of solo/campaign/facts.py): 41 CVP, -2 with the -2 Historical DRM: DR 10 - 4 = 6.
    Saves before rules 3: 36 CVP, -1: Final 7."""
    for rules, german in ((3, 6), (2, 7)):
        r = rbr(faces=[4, 6, 1, 1])
        r.rules = rules
        r.c.scenarios = [scenario("17 Oct", "Russian", {"German": 5, "Russian": 36})]
        facts(r, cvp={"German": 5, "Russian": 36})
        tank = r.side("German").add("PzIIIJ", "vehicle")
        tank.flags.add("recall")
        rb_day.armor_withdrawal(r)
        assert tank.status == "Eliminated"
        rb_day.cpp(r)
        assert finals(r)[0] == german


def test_11_6136_captured_afv_stays_with_a_functioning_weapon(rbr):
    """11.6135 "if >= 3 it is Eliminated (Disabled if vehicular mounted)"; 11.6136 "A Captured AFV may remain in play if
    it has any functioning Weapon (even if its MA is Disabled); otherwise, it becomes a wreck" (issue 20.23: RB was
    right already; the rule is now one function with VotG 12.6156 and ABtF 9.6143). Two captured T-34, dr 3 each: the
    one with a working MG stays, MA Disabled; the one whose MG is Disabled becomes a wreck."""
    r = rbr(faces=[3, 3])
    g = r.side("German")
    kept, bare = g.add("T-34 M41", "vehicle"), g.add("T-34 M41", "vehicle")
    bare.flags.add("mg-disabled")
    for u in (kept, bare):
        u.flags.add("captured")
    rb_day._captured(r, g)
    assert finals(r) == [3, 3]
    assert kept.retained and "ma-disabled" in kept.flags and not bare.retained


def test_11_616_cpp_counts_units_eliminated_while_escaping(rbr):
    """11.616's CVP "including friendly unit[s] Eliminated ... during the current CG Day's RePh": a unit Eliminated by
    the Escape Table (11.6063) is such a loss (issue 20.17, rules version 3 on; before, only other RePh losses)."""
    from types import SimpleNamespace

    from solo.campaign.facts import CVP
    from solo.campaign.steps.escape import escape_result
    from solo.campaign.steps.losses import reph_cvp
    eliminated = SimpleNamespace(effect={"escape": "eliminated"}, original=12, final=12, result="Eliminated")
    for rules, cvp in ((3, CVP["squad"]), (2, 0)):
        r = rbr()
        r.rules = rules
        squad = r.side("German").add("4-6-7", "squad")
        escape_result(r, squad, eliminated, "11.6063")
        assert squad.status == "Eliminated" and reph_cvp(r, "Russian") == cvp


def test_11_6207_an_armor_leader_begins_the_scenario_in_an_afv_of_his_platoon(rbr):
    """11.6207: "Each armor leader ... must begin each scenario in an AFV of that platoon if possible" (issue 20.12):
    his AFV gone, he moves to the platoon's AFV that has no leader; with none of his platoon left he stays outside an
    AFV (not in another platoon's); saves before rules 3 leave him in the lost AFV."""
    from solo.campaign.steps.setup import armor_leaders
    for rules in (3, 2):
        r = rbr()
        r.rules = rules
        g = r.side("German")
        lost, spare, other = g.add("PzIIIJ", "vehicle", 5), g.add("PzIIIJ", "vehicle", 5), g.add("StuG", "vehicle", 6)
        leader = g.add("9-1", "armor-leader", 5, **{"in": lost.id})
        lost.status = "Eliminated"
        armor_leaders(r, "11.6207")
        assert leader.detail.get("in") == (spare.id if rules >= 3 else lost.id)
        spare.status = "Eliminated"
        armor_leaders(r, "11.6207")
        assert ("in" not in leader.detail) if rules >= 3 else leader.detail["in"] == lost.id
        assert other.id != leader.detail.get("in")


def test_11_6207_the_crew_of_an_abandoned_afv_is_a_2_2_8(rbr):
    """Issue 20.22 ("RB: crews of Eliminated (EX) AFV are 1-2-7, not 2-2-8"), read against the texts: no text gives
    the crew counter of an AFV, and the crews they print are 2-2-8s of both sides (OtO2 RG notes b, German and
    Russian; OtO-S2 MSR 9's Russian 2-2-8s), the 1-2-7 only as the RB 11.6204 EX's German HW weapon crews. 11.6207's
    Inexperienced Crews are D3.45's (core ASL, not in the texts). So solo's reading (losses.afv_crew): the crew that
    Escapes from an Abandoned AFV (11.6063 "Abandoned (crew Escapes)") is a 2-2-8, Russian or German, Inexperienced or
    not, and the record says it is a reading. No crew comes of "Abandoned (crew Eliminated)"."""
    from types import SimpleNamespace

    from solo.campaign.steps.escape import escape_result
    from solo.rules.units import unit_type
    abandoned = SimpleNamespace(effect={"escape": "abandoned", "crew": "escapes"}, original=10, final=10,
                                result="Abandoned (crew Escapes)")
    r = rbr()
    r.rules = 3
    russian, german = r.side("Russian").add("T-34 M41", "vehicle"), r.side("German").add("PzIIIJ", "vehicle")
    german.flags.add("inexperienced")
    for tank in (russian, german):
        before = {u.id for u in r.side(tank.side).units}
        escape_result(r, tank, abandoned, "11.6063")
        crew = [u for u in r.side(tank.side).units if u.id not in before]
        assert [(u.type, u.kind) for u in crew] == [("2-2-8", "crew")] and "abandoned" in tank.flags
        assert unit_type(crew[0].type, tank.side).morale == 8
    assert "solo's reading" in r.c.record[-1]["text"]
    lost = SimpleNamespace(effect={"escape": "abandoned", "crew": "eliminated"}, original=11, final=11,
                           result="Abandoned (crew Eliminated)")
    count = len(r.side("Russian").units)
    escape_result(r, r.side("Russian").add("T-34 M41", "vehicle"), lost, "11.6063")
    assert len(r.side("Russian").units) == count + 1
