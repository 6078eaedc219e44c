"""Issue 40's smaller faults, each as the audit found it: an outside lock, a kill's leftover file, 20,000 typed
faces, a relative VASL boards folder, and honest words about seeds."""

import os
import sqlite3
import time

import pytest

from solo.core.dice import parse_faces
from solo.core.errors import SoloError
from solo.core.store import EventLog
from tests.fuzz.run import refused, save_rows, solo
from tests.mission import new


def test_an_outside_exclusive_lock_reads_in_use(tmp_path, capsys):
    """It read "not a readable solo save"; the save is in use, and nothing is changed."""
    path = new(tmp_path)
    before = save_rows(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        for command in (["mission", "status", str(path)], ["mission", "turn", str(path)]):
            result = solo(capsys, *command)
            assert refused(result) and "is in use by another" in result.err, result.err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert save_rows(path) == before


def test_a_new_save_clears_the_temporary_files_kills_left(tmp_path):
    """66 of 90 kills during `new` left `.NAME.xxxx.new` never cleaned: the next new save in the folder removes those
    older than a minute that no command holds; one still being made (locked) or just made stays."""
    old, held, young = (tmp_path / f".m.db.{tag}.new" for tag in ("0badcafe", "00c0ffee", "0000beef"))
    for path in (old, held, young):
        sqlite3.connect(path).execute("CREATE TABLE meta (key TEXT)").connection.close()
    (tmp_path / ".m.db.0badcafe.new-journal").write_bytes(b"")
    for path in (old, held):
        os.utime(path, (time.time() - 120, time.time() - 120))
    other = tmp_path / ".notes.txt.new"
    other.write_text("a file of the player's")
    os.utime(other, (time.time() - 120, time.time() - 120))
    lock = sqlite3.connect(held, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")
    try:
        EventLog.create(tmp_path / "n.db", {"mission": "oto-s1", "seed": 1})
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    assert not old.exists() and not (tmp_path / ".m.db.0badcafe.new-journal").exists()
    assert held.exists() and young.exists() and other.exists()


def test_dice_typed_are_at_most_a_hundred_at_a_time(tmp_path, capsys):
    """--dice with 20,000 faces was stored whole."""
    with pytest.raises(SoloError, match="at most 100 faces"):
        parse_faces(",".join(["3"] * 20_000))
    assert parse_faces(" ".join(["3"] * 100)) == [3] * 100
    path = new(tmp_path)
    before = save_rows(path)
    result = solo(capsys, "mission", "activate", str(path), "--s", "S1", "--dice", ",".join(["3"] * 20_000))
    assert refused(result) and "at most 100 faces" in result.err
    assert save_rows(path) == before
    log = EventLog.open(path)
    log.type_faces([3] * 100)
    log.type_faces([4] * 100)
    with pytest.raises(SoloError, match="at most 200 may wait"):
        log.type_faces([5])


def test_a_relative_vasl_boards_folder_is_kept_whole(tmp_path, capsys, monkeypatch):
    """A relative --vasl-boards was stored as typed, and the save refused from any other folder."""
    from tests.conftest import VASL_BOARDS
    if not (VASL_BOARDS / "bd19").exists():
        pytest.skip("../shared/vasl-boards is absent")
    os.symlink(VASL_BOARDS, tmp_path / "boards")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLO_VASL_BOARDS", "boards")
    result = solo(capsys, "mission", "new", "oto-s2", "--save", "m.db", "--seed", "7", "--vasl-boards", "boards")
    assert result.code == 0, result.err
    assert EventLog.open(tmp_path / "m.db").meta["vasl_boards"] == str((tmp_path / "boards").resolve())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(tmp_path / "boards"))
    assert solo(capsys, "mission", "status", str(tmp_path / "m.db")).code == 0


def test_the_seed_s_words_are_honest(tmp_path, capsys):
    """`cg new` printed "(seed N)", but the same seed and answers gave another campaign (the computer's secret rolls
    and choices come from a secret key of each save): it says so, as does --seed's help."""
    result = solo(capsys, "cg", "new", "oto2", "--save", str(tmp_path / "c.db"), "--human", "German", "--seed", "5")
    assert result.code == 0, result.err
    assert "(seed 5: the same seed gives the same public rolls; the computer's secret rolls and choices differ" \
        in result.out
    assert "the computer's secret rolls and choices come from the save's own secret key" in " ".join(
        solo(capsys, "mission", "new", "--help").out.split())
    assert refused(solo(capsys, "mission", "new", "oto-s1", "--save", str(tmp_path / "m.db"), "--seed", "9" * 30))


def test_the_secret_key_is_kept_outside_the_save_and_its_sides_are_sealed(tmp_path, capsys):
    """The secret key sat in plain text in the save, and meta.human set to "none" showed the German's purchases: the
    key is in the player's data folder (platformdirs), and a save whose sides were edited is refused in one line."""
    from solo.core.store import KEY, KEY_ID, keys_dir
    from tests.core.saves import ANSWERS
    path = tmp_path / "c.db"
    (tmp_path / "a.toml").write_text(ANSWERS)
    assert solo(capsys, "cg", "new", "oto2", "--save", str(path), "--human", "russian", "--seed", "4").code == 0
    assert solo(capsys, "cg", "reph", str(path), "--answers", str(tmp_path / "a.toml")).code == 0
    log = EventLog.open(path)
    key = log.secret_key
    assert len(key) == 64 and key.encode() not in path.read_bytes()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM meta WHERE key = ?", (KEY,)).fetchone()[0] == 0
        key_id = db.execute("SELECT value FROM meta WHERE key = ?", (KEY_ID,)).fetchone()[0].strip('"')
    assert (keys_dir() / key_id).read_text() == key and (keys_dir() / key_id).stat().st_mode & 0o077 == 0
    for human in ('"none"', '"German"'):
        edited = tmp_path / f"edited-{human.strip(chr(34))}.db"
        edited.write_bytes(path.read_bytes())
        with sqlite3.connect(edited) as db:
            db.execute("UPDATE meta SET value = ? WHERE key = 'human'", (human,))
        for command in (["cg", "status", str(edited), "--json"], ["cg", "log", str(edited)]):
            result = solo(capsys, *command)
            assert refused(result) and "damaged" in result.err and not result.out, (human, result)


def test_a_picture_to_a_folder_that_is_not_there_is_one_line(tmp_path, capsys, monkeypatch):
    """Not in the audit's list: `boards show --svg no/such/folder/x.svg` was a traceback."""
    from tests.conftest import VASL_BOARDS
    if not (VASL_BOARDS / "bd19").exists():
        pytest.skip("../shared/vasl-boards is absent")
    result = solo(capsys, "boards", "show", "19", "--vasl-boards", str(VASL_BOARDS), "--svg",
                  str(tmp_path / "no" / "such" / "x.svg"))
    assert refused(result) and "cannot write" in result.err
