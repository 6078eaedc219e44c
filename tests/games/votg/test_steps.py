"""VotG Refit Phase steps (seed 001, 12.601-12.627) with entered dice, on the TEST pack (tests/fixtures/packs/votg:
invented charts, not the rulebook's). Each comment works the roll out from the printed table and DRM."""

import pytest

from solo.campaign.state import ScenarioResult
from solo.campaign.steps import fortify
from solo.campaign.steps.initiative import initiative
from solo.core.errors import SoloError
from solo.games.votg import aftermath as votg
from solo.games.votg import purchase as votg_purchase
from solo.games.votg import refit as votg_refit
from solo.games.votg import strength as votg_strength
from tests.reph import day_reph, finals


@pytest.fixture
def vr(pack):
    pack("votg")

    def make(faces=(), human="none", answers=None, date="14 Sept", variant="II"):
        r = day_reph("votg", date, variant, faces, human, answers)
        return r
    return make


def test_ex_12_6215_two_infantry_companies_on_14_sept(vr):
    # 12.6215 EX: on 14 September (German Historical DRM 0) the German may buy at most two Infantry Companies.
    r = vr()
    g = r.side("German")
    g.cpp = 40
    assert votg_purchase.check(r, g, [votg_purchase.Item("I1"), votg_purchase.Item("I1")]) == 12
    with pytest.raises(SoloError, match="at most 2 Infantry Companies"):
        votg_purchase.check(r, g, [votg_purchase.Item("I1")] * 3)
    # ... modified inversely by the Historical DRM: 16 Sept German -2 -> four (Daily Max 3 stops the fourth I1).
    r.c.date = "16 Sept"
    assert votg_purchase.coy_max(r, "German") == 4


def test_purchase_options_costs_entry_codes_and_support(vr):
    # 12.6214: On-Map +3 German (+0 for German I4), Reserve -1, Russian Dug-In AFV 50% FRU (6 -> 3).
    r = vr()
    g, ru = r.chart("German"), r.chart("Russian")
    assert votg_purchase.cost(r, "German", g["I1"], votg_purchase.Item("I1", "onmap")) == 9
    assert votg_purchase.cost(r, "German", g["I4"], votg_purchase.Item("I4", "onmap")) == 3
    assert votg_purchase.cost(r, "Russian", ru["I2"], votg_purchase.Item("I2", "reserve")) == 4
    assert votg_purchase.cost(r, "Russian", ru["A1"], votg_purchase.Item("A1", "dugin")) == 3
    s = r.side("Russian")
    s.cpp = 40
    with pytest.raises(SoloError, match="Brown Entry Code RG are available from 23 Sept"):
        votg_purchase.check(r, s, [votg_purchase.Item("I2")])
    with pytest.raises(SoloError, match="Red Entry Code"):  # 12.6217 Red: not for a daytime 14 Sept scenario
        votg_purchase.check(r, s, [votg_purchase.Item("I1")])
    r.c.flags.add("counterattack")
    assert votg_purchase.check(r, s, [votg_purchase.Item("I1")]) == 7
    with pytest.raises(SoloError, match="only a Russian AFV Pltn"):
        votg_purchase.check(r, r.side("German"), [votg_purchase.Item("A1", "dugin")])
    # 12.6181: 6 Support CPP of 10 only for non-Infantry RG: an Infantry Coy (6) is refused, the StuG Pltn is fine.
    votg_refit.set_support_cpp(r, 6)
    r.side("German").cpp = 10
    with pytest.raises(SoloError, match="Support CPP"):
        votg_purchase.check(r, r.side("German"), [votg_purchase.Item("I1")])
    assert votg_purchase.check(r, r.side("German"), [votg_purchase.Item("A1"), votg_purchase.Item("I4")]) == 8


def test_dual_attack_victory_and_rally(vr):
    # 12.6255 Dual Attack: German 20 CVP + 2 Stone Hexes = 22 VP > Russian 18 + 3 = 21: the Germans win.
    r = vr()
    r.c.initiative = {"date": "14 Sept", "type": "Dual Attack", "chits": {"German": "Attack", "Russian": "Attack"}}
    r.c.facts = {"german_cvp": 20, "russian_cvp": 18, "german_stone_hexes": 2, "russian_stone_hexes": 3}
    votg.victory(r)
    assert r.c.scenarios[-1].winner == "German" and r.c.scenarios[-1].type == "Dual Attack"
    # An Assault's conditions are cut in this copy: the facts must name the winner.
    r.c.initiative = {"date": "14 Sept", "type": "German Assault"}
    r.c.facts = {}
    with pytest.raises(SoloError, match="give the winner"):
        votg.victory(r)


def test_counterattack_declared_and_cpp_halved(vr):
    # 12.613 after a German Assault the Russian declares a Counterattack (answers file); 12.618 in that RePh the German
    # CPP are halved (FRU): German DR 3+3 = 6, Historical 0 (14 Sept), +1 Attack chit: 7 -> +17, halved 9, plus 6
    # Support CPP (12.6181); Russian DR 1+1 = 2 -> +20, not halved (14 Sept is not the last Day).
    r = vr(faces=[3, 3, 1, 1], human="Russian", answers={"counterattack": "yes"})
    r.c.initiative = {"date": "14 Sept", "type": "German Assault", "chits": {"German": "Attack", "Russian": "Idle"}}
    r.c.history = [r.c.initiative]
    r.c.scenarios = [ScenarioResult("14 Sept", {"German": 0, "Russian": 0}, "German", "German Assault")]
    votg.counterattack(r)
    assert "counterattack" in r.c.flags
    g, ru = r.side("German"), r.side("Russian")
    before = (g.cpp, ru.cpp)
    votg_refit.cpp(r)
    assert (g.cpp - before[0], ru.cpp - before[1]) == (9 + 6, 20)
    assert votg_refit.support_cpp(r) == 6
    # In the RePh right after the Counterattack the Russian's are halved: DR 1+1 = 2 -> +20 -> 10.
    r2 = vr(faces=[6, 6, 1, 1], date="15 Sept")
    r2.c.scenarios = [ScenarioResult("14 Sept", {}, "Russian", "Russian Counterattack")]
    start = r2.side("Russian").cpp
    votg_refit.cpp(r2)
    assert r2.side("Russian").cpp - start == 10


@pytest.mark.parametrize(("night", "rules", "russian"), [("yes", 3, 2 - 2), ("no", 3, 2), ("yes", 2, 2)])
def test_12_6182_14_sept_night_historical_drm(vr, night, rules, russian):
    """12.6182 *: "On 14 Sept the Russian has two Historical DRM, the 0 DRM applies to any daytime scenario(s) played
    and the -2 DRM applies to a Night scenario (if one is played)" (issue 20.20: the -2 was never applied). The only
    second scenario of 14 Sept is the Counterattack (12.613), whose RePh rolls come before the 12.6254 Night
    declaration: the Russian declares it Night with the Counterattack. Russian CPP DR 1+1 = 2, -2 by night. The
    Initiative then takes the declared Night without asking again. Saves before rules 3: never -2."""
    r = vr(faces=[3, 3, 1, 1], human="Russian", answers={"counterattack": "yes", "night": night})
    r.rules = rules
    r.c.initiative = {"date": "14 Sept", "type": "German Assault", "chits": {"German": "Attack", "Russian": "Idle"}}
    r.c.history = [r.c.initiative]
    r.c.scenarios = [ScenarioResult("14 Sept", {"German": 0, "Russian": 0}, "German", "German Assault")]
    votg.counterattack(r)
    votg_refit.cpp(r)
    assert finals(r)[1] == russian
    if rules >= 3:
        initiative(r)
        assert r.c.initiative["type"] == "Russian Counterattack" and r.c.initiative["night"] == (night == "yes")
        assert [e.data["what"] for e in r.play.log.events if e.kind == "answer"] == ["counterattack", "night"]


def test_new_day_san_and_booby_traps(vr):
    # 12.6142: German SAN 5 rolls dr 4 + 1 = 5: SAN 4; Russian SAN 0 -> 2. 12.6143 Level A, Russian dr 6: Level B.
    r = vr(faces=[4, 6])
    r.side("German").san, r.side("Russian").san = 5, 0
    fortify.set_booby_level(r, "A")
    votg_refit.new_day(r)
    assert r.c.date == "15 Sept"
    assert (r.side("German").san, r.side("Russian").san) == (4, 2)
    assert fortify.booby_level(r) == "B"


def test_wreck_recovery_and_repair_with_labor(vr):
    # 12.6151d German Wreck in its Perimeter: dr 5 - 2 = 3 <= 4 Recovered. f) dr 4 - 1 (German) = 3: no change,
    # Labor -1; next RePh dr 4 - 1 - 1 = 2: Repaired.
    r = vr(faces=[5, 4, 4])
    tank = r.side("German").add("StuG IIIB", "vehicle", 1)
    tank.status = "Eliminated"
    r.c.facts = {"wrecks": [tank.id]}
    votg_refit.recovery(r)
    assert tank.retained and "recovered" in tank.flags
    votg_refit.wreck_repair(r)
    assert tank.detail["labor"] == -1 and "wreck" in tank.flags
    votg_refit.wreck_repair(r)
    assert "wreck" not in tank.flags and finals(r) == [3, 3, 2]


def test_escape_russian_squad(vr):
    # 12.6073 Infantry: Russian 4-4-7 squad (-1 Russian, +1 per HS equivalency >= 1 HS), adjacent to a friendly
    # non-Isolated hex (-1): DR 5+5 = 10, Final 9 -> "Escapes; Replaced": 4-4-7 -> its Replacement type.
    r = vr(faces=[5, 5], human="Russian", answers={"escape": ["R1"]})
    squad = r.side("Russian").add("4-4-7", "squad")
    r.c.facts = {"isolated": {"R1": "C"}, "near": {"R1": "adjacent"}}
    votg.perimeter(r)
    votg.isolation(r)
    assert finals(r) == [9] and not squad.isolated and squad.type != "4-4-7"


def test_coy_strength_sw_and_leaders(vr):
    # 12.6221 Russian Gds Rifle Coy on 15 Sept (Historical -1): DR 1+1 = 2 - 1 = 1 -> Reinforced Strength: 14 squads.
    # 12.6222 all SW: HMG, MMG, 2 LMG + 1 (@), 2 ATR, 2 Lt MTR. 12.6225 Russian Coy leaders: DR 3+3 = 6, -1 Guards,
    # -1 Reinforced = 4 -> 9-2, 8-1, and the Reinforced Gds Rifle Coy's extra 7-0.
    r = vr(faces=[1, 1, 3, 3], date="15 Sept")
    s = r.side("Russian")
    s.purchases.append(votg_purchase.Purchase(len(s.purchases) + 1, "I1", "Gds Rifle Coy", "15 Sept", 7))
    votg_strength.strength(r)
    p = s.purchases[-1]
    assert p.strength == "Reinforced Strength" and len(p.units) == 14
    assert sorted(p.sw) == sorted(["HMG", "MMG", "LMG", "LMG", "LMG", "ATR", "ATR", "Lt MTR", "Lt MTR"])
    assert p.leaders == ["9-2", "8-1", "7-0"]


def test_hw_pltn_refused_without_the_pack_table(vr):
    # 12.6223 is cut in this copy: a HW Pltn needs votg.hw_mol_p_weapons from the player's pack.
    r = vr(faces=[1, 1])
    s = r.side("Russian")
    s.purchases.append(votg_purchase.Purchase(len(s.purchases) + 1, "I9", "HW Pltn", "14 Sept", 3))
    with pytest.raises(SoloError, match="votg.hw_mol_p_weapons"):
        votg_strength.strength(r)


def test_elr_drm(vr):
    # 12.619 on 15 Sept after the 14 Sept Dual Attack the German won with his Attack chit: -1 won, +1 Attack,
    # +2 one scenario, Historical -1: DR 6+6 = 12 + 1 = 13 -> ELR 4 -> 3. Russian: +2 scenario, -1 Historical,
    # +1 Attack: DR 1+1 = 2 + 2 = 4: no change.
    r = vr(faces=[6, 6, 1, 1], date="15 Sept")
    r.c.initiative = {"date": "14 Sept", "type": "Dual Attack", "chits": {"German": "Attack", "Russian": "Attack"}}
    r.c.history = [r.c.initiative]
    r.c.scenarios = [ScenarioResult("14 Sept", {"German": 10, "Russian": 5}, "German", "Dual Attack")]
    votg_refit.elr(r)
    assert finals(r) == [13, 4]
    assert (r.side("German").elr, r.side("Russian").elr) == (3, 3)


def test_weather_after_overcast(vr):
    # 12.620: after an Overcast Day the Russian DR 2+2 = 4 - 1 = 3 -> Overcast; EC dr 4 - 3 = 1 -> Moist.
    r = vr(faces=[2, 2, 4], date="15 Sept")
    r.c.weather["14 Sept"] = "Overcast"
    votg_refit.weather(r)
    assert (r.c.weather["15 Sept"], r.c.ec["15 Sept"]) == ("Overcast", "Moist")


def test_computer_purchase_is_legal(vr):
    r = vr(date="23 Sept")
    for side in ("German", "Russian"):
        votg_purchase.purchase(r)
        s = r.side(side)
        assert s.cpp >= 0
    assert any(e.kind == "decision" and e.data["why"] for e in r.play.log.events)


def test_12_618_cpp_counts_units_eliminated_in_the_reph(vr):
    """12.618 "-1 Per each 20 Casualty VP (A26.22) suffered by the friendly side in the previous CG scenario
    (including friendly unit[s] Eliminated since the last scenario during the current CG Day's RePh)" (issue 20.17).
    The Germans amassed 18 CVP on 14 Sept; on 15 Sept a Russian T-34 does not recuperate from Shock (12.6151b: 5 CVP,
    the stand-in A26 value of solo/campaign/facts.py): 23 CVP, -1; with the -1 Historical DRM: DR 3+3 = 6 - 2 = 4.
    Saves before rules 3: 18 CVP, no DRM: Final 5."""
    for rules, russian in ((3, 4), (2, 5)):
        r = vr(faces=[1, 1, 3, 3], date="15 Sept")
        r.rules = rules
        r.c.scenarios = [ScenarioResult("14 Sept", {"German": 18, "Russian": 4}, "German", "German Assault")]
        tank = r.side("Russian").add("T-34 M41", "vehicle")
        r.c.facts = {"shock": {tank.id: "eliminated"}}
        votg_refit.field_maintenance(r)
        assert tank.status == "Eliminated"
        votg_refit.cpp(r)
        assert finals(r)[1] == russian
