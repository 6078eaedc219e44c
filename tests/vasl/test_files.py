"""Saved games made by the tests: what is read from them, and bad files refused in one line with exit code 2."""

import json
import zipfile

import pytest

from solo.cli import main
from solo.core.errors import SoloError
from solo.vasl.game import changes, read_game
from solo.vasl.savefile import deobfuscate, obfuscate, read_save
from solo.vasl.sequence import join
from tests.vasl.saves import make_save


def unit(id, image, name, x, y):
    return "+/" + join([str(id), join(["mark;DBCounterType", f"piece;K;D;ge/{image};{name}"], "\t"),
                        join(["unit", f"Main Map;{x};{y};1"], "\t")], "/")


def marker(id, image, name, x, y):
    return "+/" + join([str(id), f"piece;K;D;MS/{image};{name}", f"Main Map;{x};{y};2"], "/")


def solo(capsys, *args):
    """(exit code, stdout, stderr) of `solo ARGS` run in this process."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_obfuscation_as_vassal_writes_it():
    """!VCSK, the key as two hex digits, then each byte XOR the key as two hex digits (lower case)."""
    assert obfuscate("AB", 0x0F) == b"!VCSK0f4e4d"
    assert deobfuscate(b"!VCSK0f4e4d", "x") == (0x0F, "AB")
    assert deobfuscate(b"plain text", "x") == (None, "plain text")  # VASSAL reads an unobfuscated game too


def test_markers_mark_the_counter_under_them(tmp_path):
    """Stack bottom to top: a squad, a CX marker, a leader, a DM marker: the squad is CX, the leader DM."""
    commands = [unit(id=1, image="ge467S", name="4-6-7 1sq", x=50, y=60),
                marker(id=2, image="cx", name="CX", x=50, y=60),
                unit(id=3, image="geL92", name="9-2", x=50, y=60),
                marker(id=4, image="dm", name="DM", x=50, y=60),
                "+/5/stack/Main Map;50;60;1;2;3;4"]
    game = read_game(make_save(tmp_path / "g.vsav", commands))
    traits = {p.name: p.traits for p in game.pieces}
    assert traits == {"4-6-7 1sq": ["CX"], "CX": [], "9-2": ["DM"], "DM": []}
    assert all(p.map == "Main Map" and p.hex is None and p.stack == "5" for p in game.pieces)
    assert [p.side for p in game.pieces] == ["German", None, "German", None]


def test_a_save_without_boards_needs_no_boards_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("SOLO_VASL_BOARDS", raising=False)
    path = make_save(tmp_path / "g.vsav", ["bd\t", unit(id=1, image="ge467S", name="4-6-7 1sq", x=5, y=6)])
    code, out, err = solo(capsys, "vasl", "show", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["boards"] == []
    piece = data["pieces"][0]
    assert {k: piece[k] for k in ("name", "image", "side", "hex", "level", "x", "y", "traits")} == {
        "name": "4-6-7 1sq", "image": "ge/ge467S", "side": "German", "hex": None, "level": None, "x": 5, "y": 6,
        "traits": []}


def test_a_board_needs_the_boards_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("SOLO_VASL_BOARDS", raising=False)
    path = make_save(tmp_path / "g.vsav", ["bd\t0\t0\t04\tVER\t6.1\t"])
    code, out, err = solo(capsys, "vasl", "show", str(path))
    assert code == 2 and "no VASL boards folder" in err and len(err.strip().splitlines()) == 1


def bad_files(tmp_path):
    good = make_save(tmp_path / "good.vsav", ["bd\t", unit(id=1, image="a", name="A", x=1, y=1)])
    data = good.read_bytes()
    (tmp_path / "text.vsav").write_text("not a saved game")
    (tmp_path / "cut.vsav").write_bytes(data[:len(data) // 2])
    make_save(tmp_path / "other.vsav", ["bd\t"], module="Paths of Glory")
    with zipfile.ZipFile(tmp_path / "nogame.vsav", "w") as z:
        z.writestr("moduledata", "<data><name>VASL</name></data>")
    with zipfile.ZipFile(tmp_path / "garbled.vsav", "w") as z:
        z.writestr("savedGame", b"!VCSK5az9")
        z.writestr("moduledata", "<data><name>VASL</name></data>")
    return {"text.vsav": "not a zip archive", "cut.vsav": "not a zip archive, or a damaged or truncated one",
            "other.vsav": "saved with the VASSAL module Paths of Glory, not VASL",
            "nogame.vsav": "holds no savedGame", "garbled.vsav": "its savedGame is damaged",
            "missing.vsav": "no such file"}


def test_bad_files_are_one_line_and_exit_2(tmp_path, capsys):
    for name, message in bad_files(tmp_path).items():
        code, out, err = solo(capsys, "vasl", "show", str(tmp_path / name))
        assert code == 2, name
        assert message in err and len(err.strip().splitlines()) == 1 and out == "", (name, err)
        with pytest.raises(SoloError):
            read_save(tmp_path / name)


def test_a_bad_move_is_one_line_and_nothing_written(tmp_path, capsys):
    path = make_save(tmp_path / "g.vsav", ["bd\t", unit(id=1, image="a", name="A", x=1, y=1)])
    for args, message in [(["1"], "bad move"), (["9=2K5"], "no counter with id 9"), (["1=2K5"], "no hex '2K5'")]:
        code, out, err = solo(capsys, "vasl", "move", str(path), str(tmp_path / "out.vsav"), *args)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out.vsav").exists()
    code, out, err = solo(capsys, "vasl", "move", str(path), str(path), "1=2K5")
    assert code == 2


def test_what_moved_appeared_and_went(tmp_path, capsys):
    """From one save to the next (no boards: every counter off-board): the squad moved within the margin, which
    changes no hex; the leader went, an LMG appeared."""
    old = make_save(tmp_path / "old.vsav", [unit(1, "ge467S", "4-6-7 1sq", 5, 6), unit(2, "geL92", "9-2", 5, 6),
                                            marker(3, "cx", "CX", 7, 8)])
    game = read_game(old)
    game.place("1", 50, 60)
    game.write(tmp_path / "mid.vsav")
    new = make_save(tmp_path / "new.vsav", [unit(1, "ge467S", "4-6-7 1sq", 50, 60), marker(3, "cx", "CX", 7, 8),
                                            unit(4, "geLMG", "LMG", 5, 6)])
    before = {p.id: p.hex for p in read_game(old).pieces}
    found = changes(before, read_game(new))
    assert (found.moved, found.appeared, found.gone) == ({}, ["4"], ["2"])  # off-board to off-board: no hex changed
    code, out, err = solo(capsys, "vasl", "diff", str(old), str(new), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [p["name"] for p in data["appeared"]] == ["LMG"] and [p["name"] for p in data["gone"]] == ["9-2"]
    code, out, err = solo(capsys, "vasl", "diff", str(old), str(tmp_path / "mid.vsav"))
    assert code == 0 and out.splitlines() == ["Moved: 0", "Appeared: 0", "Gone: 0"]


def test_a_stack_stays_after_its_counters(tmp_path):
    """VASSAL adds a stack's counters before the stack: a counter written after a stack it joins moves the stack's
    command after its own; the stack a counter leaves empty goes."""
    path = make_save(tmp_path / "g.vsav", [unit(1, "ge467S", "4-6-7 1sq", 5, 6), "+/2/stack/Main Map;5;6;1",
                                           unit(3, "geL92", "9-2", 9, 9), "+/4/stack/Main Map;9;9;3"])
    game = read_game(path)
    game.place("1", 70, 80)
    game.place("3", 70, 80)
    game.write(tmp_path / "out.vsav")
    again = read_game(tmp_path / "out.vsav")
    texts = [leaf.text for leaf in again.tree.leaves()]
    assert [t.split("/")[1] for t in texts if t.startswith("+/")] == ["1", "3", "5"]
    assert texts[-2] == "+/5/stack/Main Map;70;80;1;3"
    assert [(p.name, p.x, p.y, p.stack) for p in again.pieces] == [("4-6-7 1sq", 70, 80, "5"), ("9-2", 70, 80, "5")]
