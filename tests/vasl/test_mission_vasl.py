"""A mission and the player's VASL game (issue 37): counter definitions from a VASL module, a new mission written as
a VASL game and read back whole, the sync's board check and rule checks, the ENEMY written back, and `follow`.

The module is built at test time from the counters of ../shared/vasl-saves (tests/vasl/saves.py make_module); the
boards are ../shared/vasl-boards. Skipped when either is absent; nothing of them is kept here."""

import json
import shutil
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.vasl.definitions import read_module
from solo.vasl.game import read_game
from solo.vasl.savefile import read_save
from tests.conftest import VASL_BOARDS
from tests.fuzz.run import save_rows, solo
from tests.sasl.test_map_play import _to
from tests.vasl.saves import VASL_SAVES, make_module

pytestmark = pytest.mark.skipif(not (VASL_SAVES.is_dir() and VASL_BOARDS.is_dir()),
                                reason="../shared/vasl-saves or ../shared/vasl-boards is not beside the checkout")

NAME = "Cross Roads \"S2\" (it's mine).vsav"  # VASL's own saves have spaces; a player's may have quotes


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    monkeypatch.setenv("SOLO_VASL_MODULE", str(make_module(tmp_path / "test.vmod")))
    return tmp_path


def mission_new(capsys, tmp_path, mission_id, out_name):
    out = solo(capsys, "mission", "new", mission_id, "--save", str(tmp_path / "m.db"), "--seed", "7", "--vasl",
               str(tmp_path / out_name))
    assert out.code == 0, out.err
    return tmp_path / "m.db", tmp_path / out_name


def test_counter_definitions_from_a_module(tmp_path):
    """A PieceSlot through a prototype is expanded as VASSAL does: the German "?" made from the module has the very
    traits of the German "?" VASL put in qmarks.vsav."""
    defs = read_module(make_module(tmp_path / "m.vmod"))
    real = next(a for a in read_game(VASL_SAVES / "qmarks.vsav", VASL_BOARDS).commands()
                if a.name == "?" and a.side == "German")
    found = defs.find("?", "German")
    assert [t.type for t in found.added.traits] == [t.type for t in real.traits]
    assert defs.find("?", "Russian").side == "Russian"
    assert (defs.find("4-6-7", "German").side, defs.find("4-6-7", "Russian")) == ("German", None)
    assert defs.find("PzKw IVH", "German").added.name == "PzKw IVH"
    assert defs.find("PaK 40 75L (6)", "German").added.name == "75L AT PaK 40"  # a Gun named the other way round
    assert defs.find("PaK 40 50L", "German") is None
    assert read_save(VASL_SAVES / "qmarks.vsav")  # the shared save is only read


def test_a_module_that_is_none_is_one_line(env, capsys):
    bad = env / "bad.vmod"
    bad.write_bytes(b"not a zip")
    out = solo(capsys, "mission", "new", "oto-s2", "--save", str(env / "m.db"), "--vasl", str(env / "o.vsav"),
               "--vasl-module", str(bad))
    assert out.code == 2 and len(out.err.strip().splitlines()) == 1 and "not a VASL module" in out.err
    assert not (env / "m.db").exists() and not (env / "o.vsav").exists()


def test_a_game_already_there_is_never_written_over(env, capsys):
    """The player's own VASL game is never replaced by a new mission's: one line, nothing created."""
    mine = env / "my game.vsav"
    mine.write_bytes(b"the player's game")
    out = solo(capsys, "mission", "new", "oto-s2", "--save", str(env / "m.db"), "--vasl", str(mine))
    assert out.code == 2 and len(out.err.strip().splitlines()) == 1 and "is there already" in out.err
    assert not (env / "m.db").exists() and mine.read_bytes() == b"the player's game"


def test_oto_s2_round_trip(env, capsys):
    """The new mission's VASL game read back: the three boards where VASL lays them, every S? on its hex."""
    save, game = mission_new(capsys, env, "oto-s2", NAME)
    m = run_mission(EventLog.open(save), frozen=True).mission
    g = read_game(game, VASL_BOARDS)
    assert [(b.label, b.spec.column, b.spec.row, b.x, b.y, b.spec.flipped) for b in g.boards] == [
        (board, 0, row, 400, 400 + 645 * row, False) for row, board in enumerate(m.boards["boards"])]
    qmarks = Counter(p.hex for p in g.pieces if p.name == "?" and p.side == "German")
    assert qmarks == Counter(s.where for s in m.s if s.status == "hidden") and sum(qmarks.values()) == len(m.s) > 40
    assert g.save.entries[2][0].filename == "moduledata" and b"<name>VASL</name>" in g.save.entries[2][1]


def test_oto_s1_round_trip_on_the_oto_map(env, capsys):
    save, game = mission_new(capsys, env, "oto-s1", "orsha.vsav")
    m = run_mission(EventLog.open(save), frozen=True).mission
    g = read_game(game, VASL_BOARDS)
    assert [(b.label, b.x, b.y, b.size) for b in g.boards] == [("OTO", 400, 400, (2410, 5036))]
    qmarks = Counter(p.hex for p in g.pieces if p.name == "?" and p.side == "German")
    assert qmarks == Counter(f"OTO{s.where}" for s in m.s if s.status == "hidden") and qmarks
    out = solo(capsys, "mission", "sync", str(save), str(game), "--json")
    assert out.code == 0, out.err  # its own game syncs: nothing moved


def test_a_game_of_other_boards_is_refused(env, capsys):
    save, _ = mission_new(capsys, env, "oto-s2", "s2.vsav")
    before = save_rows(save)
    out = solo(capsys, "mission", "sync", str(save), str(VASL_SAVES / "Hill 621 (Scenario E).vsav"))
    assert out.code == 2 and len(out.err.strip().splitlines()) == 1
    assert "its boards are 2 (column 0, row 0), 4 (column 0, row 1), 3 (column 0, row 2), not the mission's" in out.err
    assert save_rows(save) == before


def _with_friendly(game: Path, out: Path, where: dict[str, int]) -> None:
    """A copy of the game with Russian 5-2-7s put on hexes (as the player does in VASL)."""
    g = read_game(game, VASL_BOARDS)
    defs = read_module(Path(str(shutil.os.environ["SOLO_VASL_MODULE"])))
    for hex_id, n in where.items():
        for _ in range(n):
            g.add(defs.find("5-2-7", "Russian").added, hex_id)
    g.write(out)


def test_units_put_on_the_map_in_the_rph_are_held_for_the_player(env, capsys):
    """Issue 37: two 5-2-7s put on a hex in VASL and synced in the FRIENDLY RPh are not taken: they are listed with
    the rule they break, and taken only when the player confirms."""
    save, game = mission_new(capsys, env, "oto-s2", NAME)
    m = run_mission(EventLog.open(save), frozen=True).mission
    where = next(h for h in (f"{m.boards['boards'][1]}Q5", f"{m.boards['boards'][1]}K5") if not any(
        s.where == h for s in m.s))
    _with_friendly(game, env / "rph.vsav", {where: 2})
    out = solo(capsys, "mission", "sync", str(save), str(env / "rph.vsav"))
    assert out.code == 0, out.err
    assert "Held back, against the rules" in out.out and "FRIENDLY units enter in the FRIENDLY MPh" in out.out
    assert not [u for u in run_mission(EventLog.open(save), frozen=True).mission.units if u.side == "FRIENDLY"
                and u.on_map]
    held = json.loads(solo(capsys, "mission", "sync", str(save), str(env / "rph.vsav"), "--json").out)["held"]
    assert [h["type"] for h in held] == ["5-2-7", "5-2-7"] and {h["to"] for h in held} == {where}
    out = solo(capsys, "mission", "sync", str(save), str(env / "rph.vsav"), "--confirm")  # the player takes them
    assert out.code == 0 and "taken as the player confirmed" in out.out
    assert [u.hex for u in run_mission(EventLog.open(save), frozen=True).mission.units if u.side == "FRIENDLY"] == [
        where, where]


def test_two_stacks_entering_then_the_enemy_written_back(env, capsys):
    """The FRIENDLY MPh: two stacks put on the North edge in VASL sync in; an S? Activated is written back into a
    copy as its units (real counters, German, on its hex), its "?" taken off; the copy read again."""
    save, game = mission_new(capsys, env, "oto-s2", NAME)
    _to(save, "FRIENDLY MPh")
    m = run_mission(EventLog.open(save), frozen=True).mission
    north = m.boards["boards"][0]
    hexes = [h for h in (f"{north}C1", f"{north}E1", f"{north}G1", f"{north}I1") if not any(s.where == h for s in m.s)]
    _with_friendly(game, env / "mph.vsav", {hexes[0]: 2, hexes[1]: 1})
    out = solo(capsys, "mission", "sync", str(save), str(env / "mph.vsav"), "--json")
    assert out.code == 0, out.err
    done = json.loads(out.out)
    assert sorted(u["hex"] for u in done["appeared"]) == sorted([hexes[0], hexes[0], hexes[1]])
    assert not done["held"]
    s = next(s for s in m.s if s.status == "hidden")
    act = solo(capsys, "mission", "activate", str(save), "--s", s.id, "--range", "1", "--dice", "1")
    assert act.code == 0, act.err
    m = run_mission(EventLog.open(save), frozen=True).mission
    units = [u for u in m.units if u.source == s.id and u.on_map]
    out = solo(capsys, "mission", "sync", str(save), str(env / "mph.vsav"), "--write", str(env / "enemy.vsav"))
    assert out.code == 0, out.err
    g = read_game(env / "enemy.vsav", VASL_BOARDS)
    if units:  # the S? was real: its units in its hex, German, named as the mission names them
        made = [p for p in g.pieces if p.hex == s.where and p.name != "?"]
        assert sorted(p.side for p in made) == ["German"] * len(made) and made
    assert not [p for p in g.pieces if p.hex == s.where and p.name == "?"]  # Activated or a dummy: its "?" is gone
    hidden = Counter(x.where for x in m.s if x.status == "hidden")
    assert Counter(p.hex for p in g.pieces if p.name == "?" and p.side == "German") == hidden
    assert read_game(env / "mph.vsav", VASL_BOARDS).save.text != g.save.text  # the player's game is not changed


def test_in_place_keeps_a_backup(env, capsys):
    save, game = mission_new(capsys, env, "oto-s2", NAME)
    original = game.read_bytes()
    out = solo(capsys, "mission", "sync", str(save), str(game), "--in-place")
    assert out.code == 0 and "not written" in out.out and game.read_bytes() == original  # nothing to change
    s1 = run_mission(EventLog.open(save), frozen=True).mission.s[0]
    assert solo(capsys, "mission", "remove", str(save), "S1").code == 0  # a dummy revealed
    out = solo(capsys, "mission", "sync", str(save), str(game), "--in-place")
    assert out.code == 0, out.err
    backup = game.with_name(f"{game.stem} (before solo).vsav")
    assert backup.read_bytes() == original
    qmarks = Counter(p.hex for p in read_game(game, VASL_BOARDS).pieces if p.name == "?")
    assert qmarks == Counter(p.hex for p in read_game(backup, VASL_BOARDS).pieces if p.name == "?") - Counter(
        [s1.where])


def test_bad_games_are_one_line_and_change_nothing(env, capsys):
    save, game = mission_new(capsys, env, "oto-s2", "s2.vsav")
    data = game.read_bytes()
    (env / "cut 'short'.vsav").write_bytes(data[: len(data) // 2])
    (env / "not a zip.vsav").write_bytes(b"hello")
    g = read_game(game, VASL_BOARDS)
    g.place(next(p.id for p in g.pieces if p.hex), 100_000, 100_000)  # a counter off every board
    g.write(env / "off.vsav")
    before = save_rows(save)
    for bad in ("cut 'short'.vsav", "not a zip.vsav", "no such \"file\".vsav"):
        out = solo(capsys, "mission", "sync", str(save), str(env / bad))
        assert out.code == 2 and len(out.err.strip().splitlines()) == 1, (bad, out.err)
    assert save_rows(save) == before
    out = solo(capsys, "mission", "sync", str(save), str(env / "off.vsav"))
    assert out.code == 0, out.err  # a counter set aside off the boards is the player's (VASL's margins)


def test_cross_roads_written_as_a_vasl_game(env, capsys):
    out = solo(capsys, "boards", "cross-roads", "--seed", "7", "--vasl", str(env / "roads.vsav"), "--json")
    assert out.code == 0, out.err
    boards = [b["board"] for b in json.loads(out.out)["boards"]]
    g = read_game(env / "roads.vsav", VASL_BOARDS)
    assert [(b.label, b.spec.row, b.y) for b in g.boards] == [(b, n, 400 + 645 * n) for n, b in enumerate(boards)]


def test_follow_picks_up_a_save_within_two_seconds(env, capsys):
    save, game = mission_new(capsys, env, "oto-s2", NAME)
    _to(save, "FRIENDLY MPh")
    m = run_mission(EventLog.open(save), frozen=True).mission
    north = m.boards["boards"][0]
    where = next(h for h in (f"{north}C1", f"{north}E1", f"{north}G1") if not any(s.where == h for s in m.s))
    _with_friendly(game, env / "next.vsav", {where: 1})
    saved = {}

    first = save_rows(save)

    def player_saves():
        for _ in range(600):  # once the first sync is in (however long the machine takes), the player saves
            if save_rows(save) != first:
                break
            time.sleep(0.05)
        time.sleep(0.3)
        shutil.copyfile(env / "next.vsav", game)  # VASL saves over the game
        saved["at"] = time.monotonic()

    writer = threading.Thread(target=player_saves)
    writer.start()
    out = solo(capsys, "mission", "follow", str(save), str(game), "--syncs", "2", "--every", "0.2")
    writer.join()
    took = time.monotonic() - saved["at"]
    assert out.code == 0, out.err
    assert took < 2.0
    assert [u.hex for u in run_mission(EventLog.open(save), frozen=True).mission.units if u.side == "FRIENDLY"
            and u.on_map] == [where]


def test_follow_refuses_a_game_of_other_boards(env, capsys):
    save, _ = mission_new(capsys, env, "oto-s2", "s2.vsav")
    out = solo(capsys, "mission", "follow", str(save), str(VASL_SAVES / "Hill 621 (Scenario E).vsav"))
    assert out.code == 2 and "not the mission's" in out.err


def test_the_enemy_written_back_by_hand(tmp_path):
    """write_enemy on a mission set by hand: an S? Activated as a broken 4-6-7 (its counter made, broken shown on the
    side of the counter it stands at), a dummy's "?" taken off, a "?" moved after its S?, one kept."""
    from solo.sasl import vasl as mission_vasl
    from solo.sasl.state import Mission
    from solo.vasl.game import new_game
    defs = read_module(make_module(tmp_path / "t.vmod"))
    m = Mission("oto-s2", "The Cross Roads", "Hold", boards={"boards": ["33", "19", "4"]})
    m.new_s("33Q10"), m.new_s("19C5")  # one kept where its "?" stands, one moved from 19A5
    activated, dummy = m.new_s("19K5"), m.new_s("4K5")
    activated.status, dummy.status = "activated", "removed"
    u = m.add_unit("4-6-7", "squad", "19K5", "Hold", activated.id)
    u.status = "broken"
    g = new_game(mission_vasl.layout(m), VASL_BOARDS, defs.module_data)
    for where in ("33Q10", "19A5", "19K5", "4K5"):
        g.add(defs.find("?", "German").added, where)
    done = mission_vasl.write_enemy(m, g, defs, "German")
    g.write(tmp_path / "back.vsav")
    back = read_game(tmp_path / "back.vsav", VASL_BOARDS)
    assert sorted(p.hex for p in back.pieces if p.name == "?") == ["19C5", "33Q10"]
    squad = [p for p in back.pieces if p.hex == "19K5"]
    assert [(p.name, p.side, "broken" in p.traits) for p in squad] == [("4-6-7 1sq", "German", True)]
    assert any("E1 4-6-7 placed in 19K5 from S3" in line for line in done), done
