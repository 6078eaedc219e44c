"""Issue 24: a bad mission input is one line, exit 2, and changes nothing in the save; counts are bounded."""

import pytest

from tests.fuzz.run import refused, save_rows, solo


@pytest.fixture
def oto_s1(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_VASL_BOARDS", "")
    assert solo(capsys, "mission", "new", "oto-s1", "--save", "m.db", "--seed", "2").code == 0
    assert solo(capsys, "mission", "place", "m.db", "--hex", "B3").code == 0
    return tmp_path / "m.db"


@pytest.mark.parametrize("args, says", [
    (["place", "--count", "10000000"], "Invalid value for '--count'"),
    (["place", "--count", "0"], "give --count N"),
    (["place", "--hex", ""], "hex '': give a hex id"),
    (["place", "--hex", "ZZ99"], "no hex 'ZZ99'"),
    (["place", "--hex", "../../x"], "bad hex id '../../x'"),
    (["place", "--hex", "K\x0012"], "bad hex id"),
    (["place", "--hex", "K29"], "no hex 'K29': column K has rows"),
    (["minefield", "--hex", "ZZ99"], "no hex 'ZZ99'"),
    (["turn", "--vpo-friendly", "1000000"], "Invalid value for '--vpo-friendly'"),
    (["turn", "--guns", "-1"], "Invalid value for '--guns'"),
    (["activate", "--s", "S1", "--range", "17"], "range"),
    (["activate", "--s", "S1", "--level", "9"], "level"),
])
def test_bad_mission_inputs_change_nothing(oto_s1, capsys, args, says):
    before = save_rows(oto_s1)
    out = solo(capsys, "mission", args[0], str(oto_s1), *args[1:])
    assert refused(out) and says in out.err, out
    assert save_rows(oto_s1) == before


def test_good_hexes_are_kept_as_written_on_the_map(oto_s1, capsys):
    assert solo(capsys, "mission", "place", str(oto_s1), "--hex", "k12", "--hex", "DD21").code == 0
    status = solo(capsys, "mission", "status", str(oto_s1))
    assert "S2 K12" in status.out and "S3 DD21" in status.out


@pytest.mark.parametrize("action, says", [
    ('{ do = "minefield" }', "hex None"),
    ('{ do = "minefield", hex = "ZZ99" }', "no hex 'ZZ99'"),
    ('{ do = "place", count = 1.5 }', "give a whole number"),
    ('{ do = "place", count = true }', "give a whole number"),
    ('{ do = "place", hexes = "K12" }', "hexes is a list"),
    ('{ do = "activate", s = ["S1"] }', "no S?"),
    ('{ do = "activate", s = "S1", mods = { vpo = "yes" } }', "AC drm"),
    ('{ do = "turn", report = { vpo_friendly = 1e9 } }', "report vpo_friendly"),
    ('{ do = "turn", report = { guns = 1000 } }', "report guns: 1000"),
    ('{ do = "turn", report = { rr = 1 } }', "report rr=1"),
    ('{ do = "report", report = [] }', "a report is a table"),
])
def test_a_malformed_action_never_reaches_the_log(oto_s1, capsys, tmp_path, action, says):
    """`action = { do = "minefield" }` was logged and every later command ended in KeyError: 'hex'."""
    answers = tmp_path / "a.toml"
    answers.write_text(f"action = {action}\n")
    before = save_rows(oto_s1)
    out = solo(capsys, "mission", "answer", str(oto_s1), "--answers", str(answers))
    assert refused(out) and says in out.err, out
    assert save_rows(oto_s1) == before
    assert solo(capsys, "mission", "status", str(oto_s1)).code == 0


def test_the_minefield_hex_is_checked_before_the_roll(oto_s1, capsys, tmp_path):
    answers = tmp_path / "a.toml"
    answers.write_text('action = { do = "minefield", hex = "b27" }\n')
    out = solo(capsys, "mission", "answer", str(oto_s1), "--answers", str(answers), "--json")
    assert out.code == 0, out
    assert "Known minefield B27" in solo(capsys, "mission", "status", str(oto_s1)).out


def test_vpo_reported_are_at_most_the_map_s(oto_s1, capsys):
    """Without a map that names its VPO, the stated maximum (200) bounds the report."""
    out = solo(capsys, "mission", "turn", str(oto_s1), "--vpo-friendly", "150", "--vpo-enemy", "100")
    assert refused(out) and "250 VPO controlled, but the map has 200" in out.err
