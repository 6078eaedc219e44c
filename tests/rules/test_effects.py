"""A row's effect (tables/README.md, "Effects"): loaded, validated in one line, exposed on the Trace."""

import re

import pytest

from solo.core.dice import TypedDice
from solo.rules.catalog import default_catalog
from solo.rules.resolve import resolve
from tests.rules.test_loader import GOOD, one_error

WITH_EFFECT = GOOD.replace('result = "Evacuated"', 'result = "Evacuated"\neffect = { san = -1 }')


def test_an_effect_loads_and_the_trace_shows_it(make_catalog):
    cat = make_catalog(WITH_EFFECT)
    assert cat.errors == []
    assert cat.get("t.wounded").row_at(5).effects == {"": {"san": -1}}
    assert resolve(cat, "t.wounded", TypedDice([5])).effect == {"san": -1}
    assert resolve(cat, "t.wounded", TypedDice([1])).effect == {}
    assert resolve(cat, "t.wounded", TypedDice([5])).to_json()["effect"] == {"san": -1}
    assert "effect" not in resolve(cat, "t.wounded", TypedDice([1])).to_json()


@pytest.mark.parametrize("effect, words", [
    ("{ morale = 1 }", "unknown key(s) morale"),
    ('{ san = "one" }', "effect san must be int"),
    ("{ elr = true }", "effect elr must be int"),
    ('{ escape = "flees" }', "effect escape must be one of"),
    ("1", "must be an inline table"),
])
def test_a_bad_effect_is_one_line_naming_file_and_table(make_catalog, effect, words):
    error = one_error(make_catalog(WITH_EFFECT.replace("{ san = -1 }", effect)))
    assert "table t.wounded row 3" in error and words in error


def test_effects_per_column(make_catalog):
    text = GOOD.replace('roll = "dr"', 'roll = "dr"\ncolumns = ["A", "B"]').replace(
        'result = "Evacuated"', 'result = "Evacuated"\neffects = { B = { escape = "eliminated" } }')
    cat = make_catalog(text)
    assert cat.errors == []
    assert resolve(cat, "t.wounded", TypedDice([6]), column="B").effect == {"escape": "eliminated"}
    assert resolve(cat, "t.wounded", TypedDice([6]), column="A").effect == {}
    assert "columns among A, B" in one_error(make_catalog(text.replace("effects = { B", "effects = { C")))


# --- the shipped tables: each effect says what its printed text says ---------------------------------

ELR_TABLES = ["oto2.elr_loss_gain", "rb.elr_loss_gain", "votg.elr_loss_gain", "abtf.elr_loss_gain"]


def _signed(text: str) -> int:
    if re.search(r"increases by one|\+1", text):
        return 1
    if re.search(r"decreases by one|-1", text):
        return -1
    assert text.lower() == "no change", text
    return 0


@pytest.mark.parametrize("table_id", ELR_TABLES)
def test_every_elr_table_effect_agrees_with_its_text(table_id):
    table = default_catalog().get(table_id)
    for row in table.rows:
        text, effect = row.results[""], row.effects.get("", {})
        assert effect.get("elr", 0) == _signed(text), text
        bound = re.search(r"\((maximum|minimum) (\d)\)", text)
        printed = {f"elr_{bound[1][:3]}": int(bound[2])} if bound else {}
        assert {k: v for k, v in effect.items() if k != "elr"} == printed, text


@pytest.mark.parametrize("table_id", ["oto2.san_adjustment", "rb.san_adjustment", "votg.san_adjustment",
                                      "abtf.san_british", "abtf.san_german"])
def test_every_san_table_effect_agrees_with_its_text(table_id):
    for row in default_catalog().get(table_id).rows:
        text = row.results[""]
        want = {"reduced by one": -1, "reduced by two": -2}.get(re.sub(r".* SAN is ", "", text), 0)
        assert row.effects.get("", {}).get("san", 0) == want, text


@pytest.mark.parametrize(
    "table_id, key",
    [(f"{g}.weather", "weather") for g in ("oto2", "rb", "votg", "abtf")]
    + [("oto2.environmental_conditions", "ec")]
    + [(f"{g}.ec", "ec") for g in ("rb", "votg", "abtf")],
)
def test_weather_and_ec_effects_are_the_printed_results(table_id, key):
    for row in default_catalog().get(table_id).rows:
        assert row.effects[""] == {key: row.results[""]}


@pytest.mark.parametrize("table_id", ["oto2.escape", "rb.escape", "votg.escape", "abtf.escape"])
def test_escape_effects_agree_with_the_text(table_id):
    table = default_catalog().get(table_id)
    for row in table.rows:
        for column, text in row.results.items():
            effect = row.effects[column]
            assert effect["escape"] == ("eliminated" if text.startswith(("Eliminated", "All units")) else
                                        "abandoned" if text.startswith("Abandoned") else "escapes"), text
            assert effect.get("replaced", False) == ("Replaced" in text)
            assert effect.get("reduced", False) == ("Casualty Reduced" in text)
            crew = re.search(r"crew (?:\(if any\) )?(escapes|eliminated)", text, re.I)
            assert effect.get("crew") == (crew[1].lower() if crew else None)


@pytest.mark.parametrize(
    "table_id, key",
    [(f"{g}.cpp_replenishment", "cpp") for g in ("oto2", "rb", "votg")]
    + [(f"{g}.{t}", "count") for g in ("oto2", "rb", "votg") for t in ("mmc_battle_hardening", "recon")],
)
def test_number_effects_are_the_printed_numbers(table_id, key):
    for row in default_catalog().get(table_id).rows:
        printed = re.match(r"\+?(\d+) ", row.results[""])
        assert row.effects[""] == {key: int(printed[1]) if printed else 0}, row.results[""]


@pytest.mark.parametrize("table_id", [f"{g}.wounded_leader" for g in ("oto2", "rb", "votg", "abtf")])
def test_wounded_leader_effects_agree_with_the_text(table_id):
    for row in default_catalog().get(table_id).rows:
        text = row.results[""]
        fate = ("eliminated" if text.endswith("Eliminated") else "evacuated" if text.startswith("Evacuated") else
                "unwounded" if "unwounded" in text else "wounded")
        assert row.effects[""] == {"leader": fate}, text


def test_a_footnote_effect_joins_the_row_effect_when_it_fires(make_catalog):
    text = (
        WITH_EFFECT + '[[table.footnote]]\noriginal = "6"\ntext = "Original 6"\neffect = { engineer_casualty = true }\n'
    )
    cat = make_catalog(text)
    assert cat.errors == []
    assert resolve(cat, "t.wounded", TypedDice([6])).effect == {"san": -1, "engineer_casualty": True}
    assert resolve(cat, "t.wounded", TypedDice([5])).effect == {"san": -1}
    assert "table t.wounded footnote" in one_error(make_catalog(text.replace("engineer_casualty = true", "x = 1")))


@pytest.mark.parametrize("table_id", ["oto2.removal", "rb.fortification_removal", "votg.fortification_removal"])
def test_removal_casualty_is_the_original_6_footnote(table_id):
    table = default_catalog().get(table_id)
    notes = [f for f in table.footnotes if f.effect]
    assert len(notes) == 1 and notes[0].original.text == "6" and "Casualty" in notes[0].text
    assert notes[0].effect == {"engineer_casualty": True}
    assert not any(row.effects for row in table.rows)


FLAGS = [(t, "repaired", ("Becomes Mobile", "Vehicle becomes mobile", "Repaired"))
         for t in ("oto2.immobilization_repair", "rb.immobilization_removal", "votg.immobilization_repair",
                   "abtf.immobilization_repair", "oto2.weapon_repair", "rb.weapon_repair", "votg.weapon_repair",
                   "abtf.weapon_repair", "votg.wreck_repair")] + [
    ("votg.afv_recovery", "recovered", ("Recovered",)),
    ("oto2.vehicle_stun_recovery", "recovered", ("Recover",)),
    ("abtf.vehicle_stun_recovery", "recovered", ("Recovers",)),
    ("oto2.recall_low_ammo", "held_back", ("Retained, but cannot return",))] + [
    (t, "eliminated", ("Eliminated",)) for t in ("oto2.captured_weapon", "rb.captured_weapon", "votg.captured_weapon",
                                                 "abtf.captured_equipment", "oto2.vehicle_stun_recovery",
                                                 "abtf.vehicle_stun_recovery")]


@pytest.mark.parametrize("table_id, key, starts", FLAGS)
def test_flag_effects_mark_the_rows_whose_text_says_so(table_id, key, starts):
    for row in default_catalog().get(table_id).rows:
        text = row.results[""]
        assert row.effects.get("", {}).get(key, False) == text.startswith(starts), text


@pytest.mark.parametrize("table_id, wreck", [("votg.afv_recovery", "burnt-out"), ("votg.wreck_repair", "eliminated")])
def test_original_6_wreck_footnotes(table_id, wreck):
    (note,) = default_catalog().get(table_id).footnotes
    assert note.original.text == "6" and note.effect == {"wreck": wreck}
    assert ("Burnt-Out" in note.text) == (wreck == "burnt-out") and ("Eliminated" in note.text) == (
        wreck == "eliminated"
    )


@pytest.mark.parametrize("table_id", ["abtf.rg_strength", "oto2.rg_strength", "rb.rg_strength", "rb.gun_battery",
                                      "votg.pltn_strength", "votg.gun_battery"])
def test_strength_effects_agree_with_the_text(table_id):
    for row in default_catalog().get(table_id).rows:
        text = row.results[""]
        assert row.effects[""] == {"strength": "Full" if text.startswith("Full") else "Depleted"}, text


MARKS = [("oto2.flame_spread", "blaze", "becomes a Blaze"), ("oto2.game_end", "ends", "game ends"),
         ("oto2.hw_depleted", "forfeit", "forfeited"), ("rb.depleted_company_sw", "forfeit", "is forfeit"),
         ("abtf.escape_equipment", "eliminated", "is Eliminated"),
         ("votg.afv_platoon_redeployment", "removed", "Removed"),
         ("abtf.shift_casualty", "reduced", "Casualty Reduction")]


@pytest.mark.parametrize("table_id, key, words", MARKS)
def test_marked_rows_are_those_whose_text_says_so(table_id, key, words):
    for row in default_catalog().get(table_id).rows:
        assert row.effects.get("", {}) == ({key: True} if words in row.results[""] else {}), row.results[""]


def test_abtf_shift_and_shortage_and_votg_building_effects():
    cat = default_catalog()
    shift = {row.results[""]: row.effects[""] for row in cat.get("abtf.shift").rows}
    for text, effect in shift.items():
        assert effect["shift"] == ("successful" if text.startswith("Successful") else "failed")
        assert effect.get("reduced", False) == ("Casualty Reduction" in text)
        assert effect.get("eliminated", False) == ("Eliminated" in text)
    assert [row.effects.get("", {}) for row in cat.get("abtf.ammunition_shortage").rows] == [{}, {"shortage": 1}]
    for row in cat.get("votg.non_factory_building").rows:
        assert row.effects[""] == {"building": "gutted" if "Gutted" in row.results[""] else "rubbled"}


@pytest.mark.parametrize("table_id", ["rb.booby_trap_deactivation", "votg.booby_trap_deactivation"])
def test_booby_trap_deactivation_effect(table_id):
    for row in default_catalog().get(table_id).rows:
        assert row.effects.get("", {}) == ({"booby": -1} if "decreases by one" in row.results[""] else {})


@pytest.mark.parametrize("table_id", ["oto2.armor_leader", "rb.armor_leader", "votg.armor_leader"])
def test_armor_leader_effects_are_the_printed_types(table_id):
    for row in default_catalog().get(table_id).rows:
        text = row.results[""]
        want = ({"armor_leader": text} if re.fullmatch(r"\d+-\d", text) else
                {"inexperienced": True} if text.startswith("Inexperienced") else {})
        assert row.effects.get("", {}) == want, text
