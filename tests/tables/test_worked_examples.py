"""Every worked example ("EX:") of the texts that is a dice computation, reproduced through
the tables (rule number in each test name)."""

from math import ceil

import pytest

from solo.core.dice import TypedDice
from solo.rules import default_catalog
from solo.rules.resolve import resolve


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


def roll(cat, table_id, faces, column=None, **mods):
    return resolve(cat, table_id, TypedDice(faces), column=column,
                   mods={k.replace("_", "-"): v for k, v in mods.items()})


def test_oto2_7_5192_german_rifle_company_sw(cat):
    """7.5192 EX: Rifle Company I at Full gets LMGx3 and MMGx1 and needs dr <= 3 for another MMG;
    Depleted, the LMGs/MMG come on drs <= 4 and the additional MMG on a dr <= 2."""
    assert cat.chart("oto2.sw_allotment_german", "I1", "LMG") == "3"
    assert cat.chart("oto2.sw_allotment_german", "I1", "MMG") == "1; (3)"
    assert roll(cat, "oto2.sw_allotment_dr", [3], "(3)").result == "Received"
    assert roll(cat, "oto2.sw_allotment_dr", [4], "(3)").result == "Not received"
    depleted = "Depleted, SW not in parenthesis"
    assert roll(cat, "oto2.sw_allotment_dr", [4], depleted).result == "Received"
    assert roll(cat, "oto2.sw_allotment_dr", [5], depleted).result == "Not received"
    assert roll(cat, "oto2.sw_allotment_dr", [2], "(2)").result == "Received"
    assert roll(cat, "oto2.sw_allotment_dr", [3], "(2)").result == "Not received"


def test_rb_11_6162_cpp_replenishment(cat):
    """11.6162 EX: German Original DR 10, -2 Historical DRM (18 Oct), -2 for 44 Casualty VP: Final DR 6."""
    t = roll(cat, "rb.cpp_replenishment", [4, 6], historical="18 Oct:German", cvp=44)
    assert (t.original, t.final, t.result) == (10, 6, "+16 CPP")
    assert [(m.name, m.value) for m in t.modifiers] == [("historical", -2), ("cvp", -2)]


def test_rb_11_6122_san_adjustment(cat):
    """11.6122 EX: Russian SAN 6 gives a +2 drm; an Original dr of 3, 4, 5 or 6 lowers the SAN to 5."""
    for die in (3, 4, 5, 6):
        assert roll(cat, "rb.san_adjustment", [die],
                    san_minus_4=6 - 4).result == "The side's current SAN is reduced by one"
    for die in (1, 2):
        assert roll(cat, "rb.san_adjustment", [die], san_minus_4=2).result == "No change"


def test_rb_11_6194_on_map_and_dug_in_costs(cat):
    """11.6194 EX: German A6 RG (5 CPP) for on-map setup the same Day: 5+3 = 8 CPP;
    Russian A3 RG (5 CPP) Dug-in: 5 x 1/2 = 2 1/2 (FRU) = 3 CPP."""
    assert 5 + int(cat.chart("rb.rg_purchase_options", "On-map Setup", "German")) == 8
    assert cat.chart("rb.rg_purchase_options", "Dug-in", "Russian") == "x 1/2 (FRU)"
    assert ceil(5 * 0.5) == 3


def test_rb_11_6195_daily_company_maximum(cat):
    """11.6195 EX: two Infantry Companies a Day, modified inversely by the Historical DRM:
    12 Nov (-1) three, 13 Nov (0) two, 14 Nov (+1) one."""
    maxima = {day: 2 - cat.chart("rb.historical_drm", day, "German") for day in ("12 Nov", "13 Nov", "14 Nov")}
    assert maxima == {"12 Nov": 3, "13 Nov": 2, "14 Nov": 1}


def test_rb_11_6204_strength_sw_and_hw_platoon(cat):
    """11.6204 EX (18 October, -2 Historical DRM): Final DR 10 and 9 make a Depleted Sturm Coy and
    HW Pltn; the Depleted Sturm Coy's SW dr (MMG 3; LMG 6, 4; DC 2, 5) give one MMG, one LMG and
    one DC; the HW Pltn's dr (HMG 2, 5; MMG 4, 6; MTR 5, 5) give one HMG, so it rolls again
    (3, 2, 6, 3, 1, 5): two HMG, one MMG and one MTR."""
    for faces, final in (([6, 6], 10), ([5, 6], 9)):
        t = roll(cat, "rb.rg_strength", faces, historical="18 Oct:German")
        assert (t.final, t.result) == (final, "Depleted")

    def received(table, dice):
        return sum(not roll(cat, table, [d]).result.endswith("forfeit") for d in dice)

    assert [received("rb.depleted_company_sw", d) for d in ([3], [6, 4], [2, 5])] == [1, 1, 1]
    assert [received("rb.depleted_hw_platoon", d) for d in ([2, 5], [4, 6], [5, 5])] == [1, 0, 0]
    assert [received("rb.depleted_hw_platoon", d) for d in ([3, 2], [6, 3], [1, 5])] == [2, 1, 1]


def test_rb_11_6206_leader_table_is_not_in_this_copy(cat):
    """11.6206 EX rolls on the 11.6205 leader tables, which this copy of the rules lost:
    the catalog names them as missing instead of inventing them."""
    assert "rb.leader_table" in {m.id for m in cat.unsupplied()}


def test_rb_11_621_fortification_costs(cat):
    """11.621 EX: one Fortified Building Location costs 10 FPP; one 6-factor A-P minefield 18 FPP (Russian)."""
    assert cat.chart("rb.fortification_purchase", "Fortified Building", "FPP Cost").startswith("10 ")
    assert cat.chart("rb.fortification_purchase", "A-P Mine", "FPP Cost").startswith("1/3 per factor")
    assert 6 * 3 == 18


def test_votg_12_6215_daily_company_maximum(cat):
    """12.6215 EX: on 14 September the German can purchase a maximum of two Infantry Companies."""
    assert 2 - cat.chart("votg.historical_drm", "14 Sept", "German") == 2


def test_abtf_9_6142_panther_ma_repair(cat):
    """9.6142 EX: a German Panther MA repairs on an original dr <= 3; with a Retained 9-2 Armor
    Leader assigned to it, on any original dr other than 6."""
    panther = {"vehicle": True, "repair": -1}
    assert roll(cat, "abtf.weapon_repair", [3], **panther).result == "Repaired"
    assert roll(cat, "abtf.weapon_repair", [4], **panther).result == "Eliminated*"
    assert roll(cat, "abtf.weapon_repair", [5], armor_leader=-2, **panther).result == "Repaired"
    assert roll(cat, "abtf.weapon_repair", [6], armor_leader=-2, **panther).result == "Eliminated*"


def test_abtf_9_6182_sw_allotment(cat):
    """9.6182 EX: a full SS Rifle Pltn receives a LMG and a Lt. Mortar (dr 1-2) or PSK (3-6); a full
    Volksgrenadier Pltn one LMG; the depleted SS Rifle Pltn rolls a 4 (a PSK), then a dr <= the
    parenthesised number for each SW."""
    assert cat.chart("abtf.sw_chart_german", "I1", "LMG") == "1(3)"
    assert cat.chart("abtf.sw_chart_german", "I3", "LMG") == "1(1)"
    assert roll(cat, "abtf.psk_or_mortar", [2]).result == "RG receives a Lt. Mtr"
    assert roll(cat, "abtf.psk_or_mortar", [4]).result == "RG receives a PSK"
    assert roll(cat, "abtf.depleted_sw", [3], "(3)").result == "Received"
    assert roll(cat, "abtf.depleted_sw", [3], "(2)").result == "Not received"


def test_abtf_9_6202_elr_drm(cat):
    """9.6202 EX (21PM): British DRM +7 (-1 for 42 CVP, +1 scenario, +1 Attack chit, +4 Campaign
    Exhaustion, +2 Ammunition Shortage); German +3 (-1 for 38 CVP, +1, +1, +4/2)."""
    british = roll(cat, "abtf.elr_loss_gain", [3, 3], cvp=42, scenarios=1, attack_chits=1, exhaustion=4, shortage=2)
    assert sum(m.value for m in british.modifiers) == 7 and british.final == 13 and british.result == "ELR -1"
    german = roll(cat, "abtf.elr_loss_gain", [3, 3], cvp=38, scenarios=1, attack_chits=1, exhaustion_half=4 // 2)
    assert sum(m.value for m in german.modifiers) == 3 and german.final == 9 and german.result == "No Change"
