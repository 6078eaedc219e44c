"""Issue 24: a bad mission input is one line, exit 2, and changes nothing in the save; counts are bounded."""

import json

import pytest

from tests.conftest import VASL_BOARDS
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
    (["place", "--hex", "B3"], "B3 already holds an S?"),  # issue 18: one S? per Location (4.1)
    (["place", "--hex", "K12", "--hex", "k12"], "K12 already holds an S?"),
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
    answers.write_text('action = { do = "minefield", hex = "b25" }\n')
    out = solo(capsys, "mission", "answer", str(oto_s1), "--answers", str(answers), "--json")
    assert out.code == 0, out
    assert "Known minefield B25" in solo(capsys, "mission", "status", str(oto_s1)).out


def test_vpo_reported_are_at_most_the_map_s(oto_s1, capsys):
    """Without a map that names its VPO, the stated maximum (200) bounds the report."""
    out = solo(capsys, "mission", "turn", str(oto_s1), "--vpo-friendly", "150", "--vpo-enemy", "100")
    assert refused(out) and "250 VPO controlled, but the map has 200" in out.err


def test_a_save_s_vasl_folder_is_read_only_when_it_is_the_player_s(tmp_path, capsys, monkeypatch):
    """Issue 24: a crafted save's vasl_boards pointed reads at any folder."""
    from solo.core.store import EventLog
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    (tmp_path / "elsewhere").mkdir()
    EventLog.create(tmp_path / "c.db", {"mission": "oto-s2", "seed": 4, "vasl_boards": str(tmp_path / "elsewhere")})
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(tmp_path / "mine"))
    out = solo(capsys, "mission", "status", "c.db")
    assert refused(out) and "which is not your VASL boards folder" in out.err
    monkeypatch.setenv("SOLO_VASL_BOARDS", "")
    assert "none set" in solo(capsys, "mission", "status", "c.db").err


@pytest.mark.parametrize("meta", [{"mission": "../../x"}, {"mission": "oto-s1/../oto-s2"}, {"cg": "../rb"}])
def test_a_save_s_game_id_goes_through_the_registry(tmp_path, capsys, meta):
    from solo.core.store import EventLog
    EventLog.create(tmp_path / "s.db", meta | {"seed": 1})
    kind = "mission" if "mission" in meta else "cg"
    out = solo(capsys, kind, "status", str(tmp_path / "s.db"))
    assert refused(out) and "choose one of" in out.err


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
def test_oto_s2_vpo_reported_are_at_most_its_vpo(tmp_path, capsys, monkeypatch):
    """`--vpo-friendly 2000` on a map with 3 VPO scored 3,335 VP: OtO-S2 knows its VPO from the VASL boards."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    assert solo(capsys, "mission", "new", "oto-s2", "--save", "c.db", "--seed", "4").code == 0
    vpo = len(json.loads(solo(capsys, "mission", "status", "c.db", "--json").out)["boards"]["vpo"])
    before = save_rows(tmp_path / "c.db")
    out = solo(capsys, "mission", "turn", "c.db", "--vpo-friendly", str(vpo + 1))
    assert refused(out) and f"give a whole number from 0 to {vpo}" in out.err
    assert save_rows(tmp_path / "c.db") == before
    assert solo(capsys, "mission", "turn", "c.db", "--vpo-friendly", str(vpo)).code == 0


def test_reports_add_up_to_at_most_the_map_s_vpo(oto_s1, capsys):
    assert solo(capsys, "mission", "turn", str(oto_s1), "--vpo-friendly", "150").code == 0
    out = solo(capsys, "mission", "turn", str(oto_s1), "--vpo-enemy", "100")
    assert refused(out) and "250 VPO controlled, but the map has 200" in out.err


def test_the_oto_map_has_bare_hex_ids(oto_s1, capsys):
    out = solo(capsys, "mission", "place", str(oto_s1), "--hex", "4K5")
    assert refused(out) and "hex '4K5': this mission's map has no board numbers" in out.err


@pytest.mark.parametrize("args, says", [
    (["enter", "ZZ99", "6-2-8"], "no hex 'ZZ99'"),
    (["enter", "A26", "6-2-8"], "west of the FRIENDLY set up area"),
    (["enter", "K25", "9-9-9"], "the OoB has no '9-9-9'"),
    (["enter", "K25", "6-2-8", "6-2-8", "6-2-8", "4-5-8"], "stacking limit is 3 (A5.1)"),
    (["move", "F9", "K24"], "no FRIENDLY unit 'F9'"),
    (["move", "F1", "K24"], "move in the FRIENDLY MPh"),
    (["result", "F1", "vanished"], "Invalid value for 'RESULT'"),
    (["result", "E1", "broken"], "broken is for infantry"),
    (["sw", "F2", "E1"], "F2 6-2-8 is no SW"),
    (["remove", "S9"], "no S? 'S9' on the map"),
    (["enemy"], "no ENEMY move waits for you"),
])
def test_bad_map_actions_change_nothing(oto_s1, capsys, args, says):
    """Issue 15: a hex not on the map, a unit that is not there, a move in the wrong phase, overstacking: one line,
    exit code 2, the save as it was."""
    assert solo(capsys, "mission", "enter", str(oto_s1), "K25", "6-2-8", "6-2-8").code == 0
    before = save_rows(oto_s1)
    out = solo(capsys, "mission", args[0], str(oto_s1), *args[1:])
    assert refused(out) and says in out.err, out
    assert save_rows(oto_s1) == before


def test_units_in_the_status_json(oto_s1, capsys):
    """Issue 15.6: every unit with id, side, type, hex and status."""
    assert solo(capsys, "mission", "enter", str(oto_s1), "K25", "6-2-8", "LMG", "--json").code == 0
    units = json.loads(solo(capsys, "mission", "status", str(oto_s1), "--json").out)["units"]
    assert [{k: u[k] for k in ("id", "side", "type", "hex", "status")} for u in units if u["side"] == "FRIENDLY"] == [
        {"id": "F1", "side": "FRIENDLY", "type": "6-2-8", "hex": "K25", "status": "Good Order"},
        {"id": "F2", "side": "FRIENDLY", "type": "LMG", "hex": "K25", "status": "Good Order"}]
    assert {u["side"] for u in units} == {"FRIENDLY", "ENEMY"}  # the German Guns set up by the mission


def test_a_report_of_none_is_kept(oto_s1, capsys):
    """Issue 18: `--vpo-friendly 0` and a "no" were dropped from the report, so a VPO lost was never reported."""
    assert solo(capsys, "mission", "turn", str(oto_s1), "--vpo-friendly", "2", "--rr").code == 0
    assert solo(capsys, "mission", "turn", str(oto_s1), "--vpo-friendly", "0", "--no-rr").code == 0
    report = json.loads(solo(capsys, "mission", "status", str(oto_s1), "--json").out)["vp"]["report"]
    assert report["vpo_friendly"] == 0 and report["rr"] is False


def test_all_vpo_cannot_be_reported_with_enemy_vpo(tmp_path, capsys, monkeypatch):
    """Issue 18: `--all-vpo` took counts that cannot be (every VPO FRIENDLY, yet some ENEMY)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_VASL_BOARDS", "")
    assert solo(capsys, "mission", "new", "oto-s2", "--save", "c.db", "--seed", "4").code == 0
    before = save_rows(tmp_path / "c.db")
    out = solo(capsys, "mission", "turn", "c.db", "--all-vpo", "--vpo-enemy", "1")
    assert refused(out) and "all_vpo says FRIENDLY controls every VPO, but vpo_enemy=1" in out.err
    assert save_rows(tmp_path / "c.db") == before


def test_a_known_minefield_strength_is_rolled_once(oto_s1, capsys):
    """OtO-S1 MINEFIELDS: a Known minefield's strength, once rolled, stands: asking again is one line, exit 2, and
    changes nothing (issue 18: it rolled anew)."""
    assert solo(capsys, "mission", "minefield", str(oto_s1), "--hex", "B25").code == 0
    before = save_rows(oto_s1)
    out = solo(capsys, "mission", "minefield", str(oto_s1), "--hex", "b25")
    assert refused(out) and "minefield B25: its strength is rolled already" in out.err
    assert save_rows(oto_s1) == before


def test_minefields_a_known_minefield_only_in_its_hexes(oto_s1, capsys):
    """OtO-S1 MINEFIELDS: "A26-H22; S15-Z18" (issue 35: a strength was rolled for M12); one line, exit 2, nothing
    changed."""
    before = save_rows(oto_s1)
    out = solo(capsys, "mission", "minefield", str(oto_s1), "--hex", "M12")
    assert refused(out) and "minefield M12: no Known minefield there" in out.err
    assert save_rows(oto_s1) == before


def test_oto_s1_without_bdoto_plays_on_its_grid(tmp_path, capsys, monkeypatch):
    """A VASL boards folder without bdOTO (the legacy OtO map archive) leaves OtO-S1 on its hex grid, as without a
    folder; named with --vasl-boards it is one line, exit 2, nothing created (issue 17's map made it refuse)."""
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "SharedBoardMetadata.xml").write_text("<boardMetadata/>")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(boards))
    assert solo(capsys, "mission", "new", "oto-s1", "--save", "g.db", "--seed", "2").code == 0
    out = solo(capsys, "mission", "new", "oto-s1", "--save", "h.db", "--vasl-boards", str(boards))
    assert refused(out) and "bdOTO is not in it" in out.err and not (tmp_path / "h.db").exists()
