"""A mission following the player's VASL game (issue 19.4-5): counters matched once and kept, FRIENDLY units
entering and moving from the VASL game, Activation checked as after a move, units gone eliminated, and the ENEMY's
confirmed moves written back into a copy of the game."""

import json

import pytest

from solo.ai.mission import situation
from solo.core.store import EventLog
from solo.games import mission, run_mission
from solo.vasl.game import read_game
from solo.vasl.sequence import join
from tests.conftest import VASL_BOARDS
from tests.fuzz.run import refused, save_rows, solo
from tests.mission import act
from tests.sasl.test_map_play import _to
from tests.vasl.saves import make_save

pytestmark = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


BOARDS = "bd\t0\t0\t33\tbd\t0\t1\t19\tbd\t0\t2\t04\t"  # seed 7's boards, north to south


def counter(id, nation, image, name):
    """A counter set aside at (1, 1), off the boards, as VASL writes a unit."""
    return "+/" + join([str(id), join(["mark;DBCounterType", f"piece;K;D;{nation}/{image};{name}"], "\t"),
                        join(["unit", "Main Map;1;1;1"], "\t")], "/")


@pytest.fixture
def game(tmp_path, monkeypatch):
    """OtO-S2 seed 7 (boards 33, 19, 4 north to south) and a VASL game of the same boards with three Russian
    counters standing on 33Q1 and a German one off the boards."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    save = tmp_path / "m.db"
    EventLog.create(save, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(save), {"entry_edge": "North"})
    path = make_save(tmp_path / "g.vsav", [BOARDS,
                                           counter(1, "ru", "ru527S", "5-2-7 1sq"),
                                           counter(2, "ru", "ru527S", "5-2-7 1sq"),
                                           counter(3, "ru", "ruLMG", "LMG"), counter(4, "ge", "ge447S", "4-4-7 1sq")])
    g = read_game(path, VASL_BOARDS)
    for piece in ("1", "2", "3"):
        g.move(piece, "33Q1")
    g.write(tmp_path / "g1.vsav")
    return save, tmp_path


def moved(tmp_path, source: str, target: str, moves: dict) -> str:
    g = read_game(tmp_path / source, VASL_BOARDS)
    for piece, where in moves.items():
        g.move(piece, where)
    g.write(tmp_path / target)
    return str(tmp_path / target)


def test_a_mission_follows_its_vasl_game(game, capsys):
    save, tmp_path = game
    _to(save, "FRIENDLY MPh")
    out = solo(capsys, "mission", "sync", str(save), str(tmp_path / "g1.vsav"), "--json")
    assert out.code == 0, out.err
    done = json.loads(out.out)
    assert [(u["id"], u["type"], u["hex"]) for u in done["appeared"]] == [
        ("F1", "5-2-7", "33Q1"), ("F2", "5-2-7", "33Q1"), ("F3", "LMG", "33Q1")]
    o = run_mission(EventLog.open(save), frozen=True)
    assert o.mission.vasl == {"F1": "1", "F2": "2", "F3": "3"}  # kept for the next syncs
    # the player moves the squads on VASL: the mission follows, and checks Activation as after a move
    later = moved(tmp_path, "g1.vsav", "g2.vsav", {"1": "33Q4", "2": "33Q4", "3": "33Q4"})
    done = json.loads(solo(capsys, "mission", "sync", str(save), later, "--json").out)
    assert sorted(map(tuple, done["moved"])) == [("F1", "33Q1", "33Q4"), ("F2", "33Q1", "33Q4"), ("F3", "33Q1", "33Q4")]
    o = run_mission(EventLog.open(save), frozen=True)
    assert {u.hex for u in o.mission.units if u.side == "FRIENDLY"} == {"33Q4"}
    assert done.get("activation"), "moving into LOS of S? checks them"
    s = situation(o.mission, o.map, mission("oto-s2").definition)  # what the next ENEMY decisions see
    assert {p.id: p.hex for p in s.friendly} == {"F1": "33Q4", "F2": "33Q4"}
    # a counter taken off the boards is a unit eliminated
    g = read_game(tmp_path / "g2.vsav", VASL_BOARDS)
    g.place("2", 1, 1)
    g.write(tmp_path / "g3.vsav")
    done = json.loads(solo(capsys, "mission", "sync", str(save), str(tmp_path / "g3.vsav"), "--json").out)
    assert done["gone"] == ["F2"]
    assert run_mission(EventLog.open(save), frozen=True).mission.unit("F2").status == "eliminated"


def test_the_enemy_s_moves_go_back_into_vasl(game, capsys):
    """An ENEMY unit the player stood on VASL is matched to the mission's; once its decided move is confirmed, the
    sync writes a copy of the game with its counter moved (the game read is not changed)."""
    save, tmp_path = game
    o = _to(save, "FRIENDLY MPh")
    o = act(save, {"do": "enter", "hex": "33Q1", "units": ["5-2-7", "5-2-7", "LMG", "9-1"]})
    o = act(save, {"do": "move", "units": ["F1", "F2", "F4"], "path": ["33Q2", "33Q3"]})  # E9 then moves
    mover = None
    for phase in ("ENEMY MPh", "ENEMY APh"):
        o = _to(save, phase)
        mover = next((p for p in o.mission.pending if len(p["path"]) > 1), None)
        if mover:
            break
    assert mover, "the ENEMY moves a unit"
    unit = o.mission.unit(mover["unit"])
    path = make_save(tmp_path / "e.vsav", [BOARDS, counter(1, "ru", "ru527S", "5-2-7 1sq"),
                                           counter(2, "ru", "ru527S", "5-2-7 1sq"), counter(3, "ru", "ruLMG", "LMG"),
                                           counter(4, "ge", "geX", unit.type)])
    g = read_game(path, VASL_BOARDS)
    g.move("4", unit.hex)
    for piece, u in (("1", "F1"), ("2", "F2"), ("3", "F3")):
        g.move(piece, o.mission.unit(u).hex)
    g.write(tmp_path / "before.vsav")
    # the first sync matches the counters to the units where they stand
    out = solo(capsys, "mission", "sync", str(save), str(tmp_path / "before.vsav"), "--json")
    assert out.code == 0, out.err
    assert unit.id in run_mission(EventLog.open(save), frozen=True).mission.vasl
    act(save, {"do": "enemy"})
    out = solo(capsys, "mission", "sync", str(save), str(tmp_path / "before.vsav"), "--write", "after.vsav")
    assert out.code == 0, out.err
    assert read_game(tmp_path / "after.vsav", VASL_BOARDS).piece("4").hex == mover["path"][-1]
    assert read_game(tmp_path / "before.vsav", VASL_BOARDS).piece("4").hex == unit.hex
    assert run_mission(EventLog.open(save), frozen=True).mission.unit(unit.id).hex == mover["path"][-1]


def test_a_bad_vasl_file_changes_nothing(game, capsys):
    save, tmp_path = game
    (tmp_path / "bad.vsav").write_text("not a zip")
    before = save_rows(save)
    out = solo(capsys, "mission", "sync", str(save), str(tmp_path / "bad.vsav"))
    assert refused(out)
    assert save_rows(save) == before


def test_sync_write_to_no_folder_changes_nothing(game, capsys):
    """Issue 40: `sync --write no/such/folder/out.vsav` said "cannot write" but the save had grown (35 to 39 events)
    and the ENEMY's moves were marked as sent. The copy's path is checked before anything is written."""
    save, tmp_path = game
    _to(save, "FRIENDLY MPh")
    before = save_rows(save)
    out = solo(capsys, "mission", "sync", str(save), str(tmp_path / "g1.vsav"), "--write", "no/such/folder/out.vsav")
    assert refused(out) and "no/such/folder" in out.err
    assert save_rows(save) == before


def test_sync_write_that_fails_while_writing_leaves_the_save_as_it_was(game, capsys, monkeypatch):
    """The copy is written before the save's transaction commits: a copy that cannot be written (a full disk, a
    folder gone meanwhile) leaves the save as it was, so the next sync finds the ENEMY's moves still to send."""
    save, tmp_path = game
    _to(save, "FRIENDLY MPh")
    before = save_rows(save)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("solo.vasl.savefile.zipfile.ZipFile.writestr", full_disk)
    out = solo(capsys, "mission", "sync", str(save), str(tmp_path / "g1.vsav"), "--write", "out.vsav")
    assert refused(out) and "No space left on device" in out.err
    assert save_rows(save) == before and not (tmp_path / "out.vsav").exists()
