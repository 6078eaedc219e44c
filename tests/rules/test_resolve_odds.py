"""Resolving returns the whole trace; odds enumerate the dice exactly."""

import re
from fractions import Fraction

import pytest

from solo.core.dice import TypedDice
from solo.core.errors import SoloError
from solo.rules import default_catalog
from solo.rules.odds import odds
from solo.rules.resolve import applied_modifiers, resolve

ESCAPE = """
[[table]]
id = "t.escape"
title = "Escape Table"
rule = "7.5063"
source = "000:498"
roll = "DR"
columns = ["Infantry", "Vehicle"]
notes = ["(2) Use Random Selection for a stack."]
[[table.row]]
roll = "<=8"
result = "Escapes"
[[table.row]]
roll = "9-11"
results = { Infantry = "Escapes, Casualty Reduced", Vehicle = "Abandoned" }
[[table.row]]
roll = ">=12"
result = "Eliminated"
then = ["t.equipment"]
[[table.modifier]]
name = "leader"
label = "+x (Armor) Leader/Heroic DRM"
input = [-3, 0]
[[table.modifier]]
name = "encircled"
label = "If Encircled"
value = 2
columns = ["Infantry"]
[[table.modifier]]
name = "hs"
label = "Per HS equivalency > 1 HS"
per = 1
value = 1
[[table.modifier]]
name = "cvp"
label = "-1 per 20 CVP (FRD)"
per = 20
value = -1
[[table.modifier]]
name = "historical"
label = "+/- Historical DRM"
chart = "t.hist"
[[table.footnote]]
original = "2"
text = "Snake eyes: the leader is a hero."

[[table]]
id = "t.equipment"
title = "Equipment of an Eliminated escapee"
rule = "7.5064"
source = "000:525"
roll = "dr"
[[table.row]]
roll = "1-3"
result = "Left in the Location"
[[table.row]]
roll = "4-6"
result = "Eliminated"

[[table]]
id = "t.hist"
title = "Historical DRM Chart"
rule = "7.5151"
source = "000:758"
roll = "chart"
key = "CG Date"
columns = ["Russian DRM", "German DRM"]
[[table.row]]
key = "23AM"
results = { "Russian DRM" = -2, "German DRM" = -1 }
[[table.row]]
key = "24PM"
results = { "Russian DRM" = 0, "German DRM" = 1 }

[[table]]
id = "t.re"
title = "Random Events"
rule = "RE"
source = "000:1576"
roll = "d66"
[[table.row]]
roll = "11-36"
result = "Quiet"
[[table.row]]
roll = "41-66"
result = "Artillery"
[[table.row]]
roll = ">=71"
result = "Big artillery"
[[table.modifier]]
name = "colored"
label = "+1 drm to the colored die"
value = 1
die = "colored"
"""


@pytest.fixture
def cat(make_catalog):
    catalog = make_catalog(ESCAPE)
    assert catalog.errors == []
    return catalog


def test_trace_has_every_part(cat):
    trace = resolve(cat, "t.escape", TypedDice([4, 5]), column="Infantry",
                    mods={"leader": -1, "encircled": True, "hs": 2, "cvp": 45, "historical": "23AM:German"})
    assert trace.roll.faces == (4, 5) and trace.original == 9
    assert [(m.name, m.value) for m in trace.modifiers] == [
        ("leader", -1), ("encircled", 2), ("hs", 2), ("cvp", -2), ("historical", -1)]
    assert trace.final == 9 - 1 + 2 + 2 - 2 - 1
    assert trace.row == "9-11" and trace.result == "Escapes, Casualty Reduced"
    data = trace.to_json()
    assert set(data) >= {"table", "rule", "dice", "original", "modifiers", "final", "result", "footnotes", "subrolls"}
    assert data["dice"] == [4, 5] and data["modifiers"][3] == {
        "name": "cvp",
        "label": "-1 per 20 CVP (FRD)",
        "value": -2,
    }


def test_chained_roll_and_footnote(cat):
    trace = resolve(cat, "t.escape", TypedDice([6, 6, 2]), column="Vehicle")
    assert trace.result == "Eliminated"
    assert [(s.table.id, s.original, s.result) for s in trace.subrolls] == [("t.equipment", 2, "Left in the Location")]
    assert trace.footnotes == []
    snake = resolve(cat, "t.escape", TypedDice([1, 1]), column="Vehicle", mods={"leader": 0})
    assert snake.footnotes == ["Snake eyes: the leader is a hero."]


def test_a_column_only_modifier_is_not_applied_to_other_columns(cat):
    trace = resolve(cat, "t.escape", TypedDice([4, 4]), column="Vehicle", mods={"encircled": True})
    assert trace.modifiers == [] and trace.final == 8


def test_without_a_column_every_column_is_read(cat):
    trace = resolve(cat, "t.escape", TypedDice([5, 5]))
    assert trace.result == "Infantry: Escapes, Casualty Reduced; Vehicle: Abandoned"


def test_d66_colored_die_modifier_moves_the_tens(cat):
    trace = resolve(cat, "t.re", TypedDice([3, 6]), mods={"colored": True})
    assert trace.original == 36 and trace.final == 46 and trace.result == "Artillery"
    assert resolve(cat, "t.re", TypedDice([6, 2]), mods={"colored": True}).result == "Big artillery"


@pytest.mark.parametrize("mods, message", [
    ({"nosuch": True}, "has no modifier 'nosuch'"),
    ({"leader": -4}, "takes a value from -3 to +0"),
    ({"leader": True}, "needs the value"),
    ({"hs": -1}, "cannot be negative"),
    ({"encircled": 3}, "name it without a value"),
    ({"historical": "25AM:German"}, "has no CG Date '25AM'"),
    ({"historical": "23AM:Finnish"}, "has no column 'Finnish'"),
])
def test_bad_modifiers(cat, mods, message):
    with pytest.raises(SoloError, match=re.escape(message)):
        resolve(cat, "t.escape", TypedDice([3, 3]), column="Infantry", mods=mods)


def test_column_only_modifier_needs_a_column(cat):
    with pytest.raises(SoloError, match="applies only to Infantry"):
        resolve(cat, "t.escape", TypedDice([3, 3]), mods={"encircled": True})


def test_chart_is_not_rolled(cat):
    with pytest.raises(SoloError, match="is a chart"):
        resolve(cat, "t.hist", TypedDice([3, 3]))
    assert cat.chart("t.hist", "24pm", "German") == 1


def test_odds_are_exact(cat):
    outcomes = dict(odds(cat, "t.escape", column="Infantry"))
    assert outcomes["Escapes"] == Fraction(25, 36)  # DR 3-8; DR 2 also fires the footnote
    assert outcomes["Escapes + Snake eyes: the leader is a hero."] == Fraction(1, 36)
    assert outcomes["Escapes, Casualty Reduced"] == Fraction(9, 36)
    assert outcomes["Eliminated → Left in the Location"] == Fraction(1, 72)
    assert outcomes["Eliminated → Eliminated"] == Fraction(1, 72)
    assert sum(outcomes.values()) == 1


def test_odds_with_modifiers(cat):
    outcomes = dict(odds(cat, "t.escape", column="Infantry", mods={"encircled": True}, drm=1))
    # Final = DR + 3: Escapes on DR <= 5 (DR 2 with the footnote), Eliminated on DR >= 9
    assert outcomes["Escapes"] == Fraction(9, 36)
    assert outcomes["Escapes, Casualty Reduced"] == Fraction(16, 36)
    assert sum(outcomes.values()) == 1


def test_odds_of_a_footnote(cat):
    outcomes = dict(odds(cat, "t.escape", column="Vehicle"))
    assert outcomes["Escapes + Snake eyes: the leader is a hero."] == Fraction(1, 36)


@pytest.mark.parametrize("table, mods, says", [
    ("abtf.elr_loss_gain", {"exhaustion": 9}, "takes a value from +0 to +4, not +9"),
    ("abtf.elr_loss_gain", {"exhaustion": True}, "needs the value as a whole number"),
    ("abtf.ammunition_shortage", {"exhaustion": True}, "give KEY:COLUMN, e.g. exhaustion=17N:"),
    ("abtf.ammunition_shortage", {"exhaustion": "3"}, "has no CG Date '3'"),
])
def test_a_modifier_takes_its_value_or_refuses_it_in_one_line(table, mods, says):
    """Issue 20.21: `--mod exhaustion=N` gave +25 or a KeyError; a value is taken within its range, looked up in its
    chart, or refused with one line that shows what it takes."""
    cat = default_catalog()
    t = cat.get(table)
    with pytest.raises(SoloError, match=re.escape(says)) as err:
        applied_modifiers(cat, t, mods, t.column_name(None))
    assert "\n" not in str(err.value)


def test_a_modifier_in_range_is_taken():
    cat = default_catalog()
    t = cat.get("abtf.elr_loss_gain")
    assert [a.value for a in applied_modifiers(cat, t, {"exhaustion": 4}, t.column_name(None))] == [4]
