"""Loading validates: unknown keys, gaps and overlaps over every reachable Final, duplicate ids,
references to missing tables; each error one line naming the file, the table and the fix."""

import pytest

GOOD = """
[[table]]
id = "t.wounded"
title = "Wounded Leader Table"
rule = "7.510"
source = "000:563"
roll = "dr"
[[table.row]]
roll = "<=1"
result = "Retained unwounded"
[[table.row]]
roll = "2"
result = "Retained wounded"
[[table.row]]
roll = ">=3"
result = "Evacuated"
[[table.modifier]]
name = "isolated"
label = "Isolated"
value = 1
[[table.modifier]]
name = "heroic"
label = "Heroic"
value = -1
"""


def test_a_good_table_loads(make_catalog):
    cat = make_catalog(GOOD)
    assert cat.errors == []
    table = cat.get("t.wounded")
    assert table.result_at(0) == "Retained unwounded"
    assert table.result_at(2) == "Retained wounded"
    assert table.result_at(7) == "Evacuated"
    assert [(m.name, m.value) for m in table.modifiers] == [("isolated", 1), ("heroic", -1)]


def one_error(cat):
    assert len(cat.errors) == 1, cat.errors
    error = cat.errors[0]
    assert "\n" not in error and "t.toml" in error
    return error


def test_unknown_key(make_catalog):
    error = one_error(make_catalog(GOOD.replace('roll = "dr"', 'roll = "dr"\ncolour = "red"')))
    assert "table t.wounded" in error and "unknown key(s) colour" in error and "allowed:" in error


def test_unknown_row_key(make_catalog):
    error = one_error(make_catalog(GOOD.replace('result = "Evacuated"', 'result = "Evacuated"\nnote = 1')))
    assert "row 3" in error and "unknown key(s) note" in error


def test_gap(make_catalog):
    error = one_error(make_catalog(GOOD.replace('roll = "2"', 'roll = "5"').replace('">=3"', '">=6"')))
    assert "no row for Final 2..4" in error and "add rows" in error


def test_gap_reached_only_by_a_modifier(make_catalog):
    text = GOOD.replace('roll = "<=1"', 'roll = "1"')  # heroic -1 makes Final 0 reachable
    error = one_error(make_catalog(text))
    assert "no row for Final 0" in error


def test_overlap(make_catalog):
    error = one_error(make_catalog(GOOD.replace('roll = "2"', 'roll = "2-3"')))
    assert "overlap at Final 3" in error


def test_duplicate_id(make_catalog):
    error = one_error(make_catalog(GOOD + GOOD))
    assert "duplicate id" in error and "rename one" in error


def test_missing_chain(make_catalog):
    error = one_error(make_catalog(GOOD.replace('result = "Evacuated"', 'result = "Evacuated"\nthen = ["t.nowhere"]')))
    assert "chained roll to 't.nowhere'" in error


def test_chain_to_a_listed_missing_table_is_allowed(make_catalog):
    text = GOOD.replace('result = "Evacuated"', 'result = "Evacuated"\nthen = ["sasl.a6c"]')
    inventory = '[[missing]]\nid = "sasl.a6c"\ntitle = "Table A6c"\nrule = "SASL A6c"\nreferenced_by = ["000:1588"]\n'
    cat = make_catalog(text, inventory)
    assert cat.errors == []
    assert [m.id for m in cat.unsupplied()] == ["sasl.a6c"]


def test_chart_modifier_must_name_a_chart(make_catalog):
    text = GOOD + '[[table.modifier]]\nname = "hist"\nlabel = "Historical"\nchart = "t.nochart"\n'
    assert "looks up chart 't.nochart'" in one_error(make_catalog(text))


def test_unbounded_per_unit_modifier_needs_an_open_row(make_catalog):
    text = GOOD.replace('roll = ">=3"', 'roll = "3-20"') + (
        '[[table.modifier]]\nname = "cvp"\nlabel = "Per 30 CVP"\nper = 30\nvalue = 1\n')
    assert "no upper bound" in one_error(make_catalog(text))


def test_bad_toml(make_catalog):
    error = one_error(make_catalog('[[table]\nid = "x"'))
    assert "not valid TOML" in error


def test_bad_range(make_catalog):
    error = one_error(make_catalog(GOOD.replace('roll = "2"', 'roll = "two"')))
    assert "bad range 'two'" in error


def test_columns_with_their_own_breakpoints(make_catalog):
    text = """
    [[table]]
    id = "t.cols"
    title = "T"
    rule = "1"
    source = "000:1"
    roll = "dr"
    columns = ["German", "Russian"]
    [[table.row]]
    roll = "<=2"
    results = { German = "A" }
    [[table.row]]
    roll = ">=3"
    results = { German = "B" }
    [[table.row]]
    roll = "<=4"
    results = { Russian = "C" }
    [[table.row]]
    roll = ">=5"
    results = { Russian = "D" }
    """
    cat = make_catalog(text)
    assert cat.errors == []
    assert cat.get("t.cols").result_at(3, "German") == "B"
    assert cat.get("t.cols").result_at(3, "rus") == "C"


def test_a_pack_replaces_a_stand_in_but_not_a_rulebook_table(tmp_path):
    from solo.rules import load_catalog
    shipped, pack = tmp_path / "shipped", tmp_path / "pack"
    shipped.mkdir(), pack.mkdir()
    (shipped / "inventory").mkdir()
    (shipped / "inventory" / "i.toml").write_text('[[missing]]\nid = "t.a6g"\ntitle = "Table A6g"\nrule = "SASL A6g"\n')
    stand_in = GOOD.replace('"t.wounded"', '"t.a6g"').replace('roll = "dr"', 'roll = "dr"\nstand_in = "our own design"')
    (shipped / "s.toml").write_text(GOOD + stand_in)
    (pack / "p.toml").write_text(
        stand_in.replace('stand_in = "our own design"\n', "").replace('"Evacuated"', '"From my rulebook"')
    )
    cat = load_catalog([(shipped, False)])
    assert cat.errors == [] and [m.id for m in cat.unsupplied()] == ["t.a6g"]
    cat = load_catalog([(shipped, False), (pack, True)])
    assert cat.errors == [] and cat.unsupplied() == []
    assert cat.get("t.a6g").result_at(5) == "From my rulebook" and not cat.get("t.a6g").stand_in
    (pack / "q.toml").write_text(GOOD)
    assert "duplicate id" in load_catalog([(shipped, False), (pack, True)]).errors[0]


PARTIAL = """
[[table]]
id = "t.rg_chart"
title = "RG Chart"
rule = "11.619"
source = "002:11"
roll = "chart"
key = "ID"
columns = ["Group Type", "CPP"]
partial = "the texts give two rows (11.6194 EX)"
row = [
  { key = "A6", results = { "Group Type" = "Pz IVF1 Pltn", "CPP" = 5 } },
  { key = "A3", results = { "CPP" = 5 } },
]
"""
PLAYER_CHART = """
[[table]]
id = "t.rg_chart"
title = "RG Chart"
rule = "11.619"
roll = "chart"
key = "ID"
columns = ["Group Type", "CPP"]
row = [
  { key = "A3", results = { "Group Type" = "T-34 M41 Pltn", "CPP" = 5 } },
  { key = "I1", results = { "Group Type" = "Rifle Coy", "CPP" = 6 } },
]
"""


def test_a_pack_completes_a_partial_chart_and_must_agree_with_the_rows_the_texts_give(tmp_path):
    from solo.rules import load_catalog
    shipped, pack = tmp_path / "shipped", tmp_path / "pack"
    shipped.mkdir(), pack.mkdir()
    (shipped / "inventory").mkdir()
    (shipped / "inventory" / "i.toml").write_text('[[missing]]\nid = "t.rg_chart"\ntitle = "RG Chart"\nrule = '
                                                  '"11.619"\n')
    (shipped / "c.toml").write_text(PARTIAL)
    cat = load_catalog([(shipped, False)])
    assert cat.errors == [] and cat.get("t.rg_chart").incomplete and [m.id for m in cat.unsupplied()] == ["t.rg_chart"]
    (pack / "p.toml").write_text(PLAYER_CHART)
    cat = load_catalog([(shipped, False), (pack, True)])
    chart = cat.get("t.rg_chart")
    assert cat.errors == [] and cat.unsupplied() == [] and not chart.incomplete
    assert sorted(row.key for row in chart.rows) == ["A3", "A6", "I1"]  # A6 kept from the texts
    assert cat.chart("t.rg_chart", "A6", "Group Type") == "Pz IVF1 Pltn"
    (pack / "p.toml").write_text(PLAYER_CHART.replace('"CPP" = 5', '"CPP" = 4'))
    errors = load_catalog([(shipped, False), (pack, True)]).errors
    assert len(errors) == 1 and "row A3: CPP 4, but the rule text (002:11) gives 5" in errors[0]


def test_a_purchase_step_refuses_an_incomplete_chart_with_one_line(tmp_path):
    from solo.campaign.rg import rg_chart
    from solo.core.errors import SoloError
    from solo.rules import load_catalog
    (tmp_path / "c.toml").write_text(PARTIAL)
    cat = load_catalog([(tmp_path, False)])
    with pytest.raises(SoloError, match=r"t.rg_chart \(RG Chart, 11.619\) is not in the rule texts \(only some rows\): "
                                        r"type the whole chart in from your rulebook with 'solo tables fill "
                                        r"t.rg_chart'"):
        rg_chart(cat, "t.rg_chart", "German")
