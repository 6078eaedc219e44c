"""The SQLite event log: written before it takes effect, reopened intact, undo keeps the dice."""

import json
import sqlite3
import subprocess
import sys

import pytest

from solo.core.errors import SoloError
from solo.core.store import RULES, EventLog, waiting
from tests.core.saves import mission_save, solo


def test_events_survive_reopening(tmp_path):
    path = tmp_path / "cg.db"
    log = EventLog.create(path, {"cg": "oto2", "human": "Russian", "seed": 3})
    log.append("roll", "7.515", "German", {"what": "oto2.cpp_replenishment", "faces": [2, 5]}, secret=True)
    log.append("answer", "7.518", "Russian", {"what": "purchase", "value": ["I1"]})
    again = EventLog.open(path)
    assert again.meta == {"cg": "oto2", "human": "Russian", "seed": 3, "rules": RULES}  # the rules it is played by
    assert [(e.seq, e.kind, e.step, e.side, e.secret) for e in again.events] == [
        (1, "roll", "7.515", "German", True), (2, "answer", "7.518", "Russian", False)]
    assert again.events[1].data["value"] == ["I1"]


def test_undo_drops_the_last_answer_and_keeps_the_dice_after_it(tmp_path):
    log = EventLog.create(tmp_path / "cg.db", {"cg": "oto2", "human": "Russian", "seed": 3})
    log.append("roll", "7.515", "Russian", {"what": "t", "faces": [1, 2]})
    log.append("answer", "7.518", "Russian", {"what": "purchase", "value": []})
    log.append("roll", "7.519", "Russian", {"what": "t", "faces": [6, 4]})
    log.append("roll", "7.519", "Russian", {"what": "t", "faces": [3]})
    undone = log.undo_last_answer()
    assert undone.seq == 2
    assert [e.seq for e in EventLog.open(tmp_path / "cg.db").events] == [1]
    assert log.pending == [6, 4, 3]
    log.append("roll", "7.519", "Russian", {"what": "t", "faces": [6, 4]}, used_pending=2)
    assert log.pending == [3]
    again = EventLog.open(tmp_path / "cg.db")
    assert again.pending == [3] and [e.seq for e in again.events] == [1, 2]


def test_an_in_memory_log_numbers_writes_and_undoes_as_a_save_does():
    """Issue 36: an in-memory log (a simulation's) writes without a transaction or a max(seq) query of its own; what
    its database holds is what a save's would."""
    log = EventLog.create(":memory:", {"cg": "oto2", "human": "none", "seed": 3})
    log.append("roll", "7.515", "Russian", {"what": "t", "faces": [1, 2]})
    log.append("answer", "7.518", "Russian", {"what": "purchase", "value": []})
    log.append("roll", "7.519", "Russian", {"what": "t", "faces": [6, 4]})
    assert log.undo_last_answer().seq == 2 and log.pending == [6, 4]
    log.append("roll", "7.519", "Russian", {"what": "t", "faces": [6, 4]}, used_pending=2)
    rows = log._db.execute("SELECT seq, data FROM events ORDER BY seq").fetchall()
    assert [seq for seq, _ in rows] == [e.seq for e in log.events] == [1, 2]
    assert [json.loads(data)["faces"] for _, data in rows] == [[1, 2], [6, 4]] and log.pending == []
    assert json.loads(dict(log._db.execute("SELECT key, value FROM meta").fetchall())["pending"]) == []


def test_nothing_to_undo(tmp_path):
    log = EventLog.create(tmp_path / "cg.db", {"cg": "oto2"})
    with pytest.raises(SoloError, match="nothing to undo"):
        log.undo_last_answer()


def test_a_broken_or_foreign_file_is_one_clear_error(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 50)
    with pytest.raises(SoloError, match="not a readable solo save file"):
        EventLog.open(junk)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE x (a)")
    with pytest.raises(SoloError, match="not a solo save file"):
        EventLog.open(other)
    with pytest.raises(SoloError, match="no save file"):
        EventLog.open(tmp_path / "missing.db")


def test_an_existing_save_is_never_overwritten(tmp_path):
    path = tmp_path / "cg.db"
    EventLog.create(path, {"cg": "oto2"})
    with pytest.raises(SoloError, match="already exists"):
        EventLog.create(path, {"cg": "oto2"})


def test_status_shows_the_faces_waiting_for_the_next_rolls(tmp_path):
    # The faces an undo kept for the next public rolls: status counts them (not those kept for the computer's secret
    # rolls, whose number would count its secret rolls: issue 21). The faces the player typed are shown, so after a
    # crash the player knows whether to type --dice again.
    path = mission_save(tmp_path)
    assert solo("mission", "undo", path) == 0
    kept = len(EventLog.open(path).queue(False))
    assert kept
    with EventLog.writing(path) as log:
        log.type_faces([6, 2])
    status = lambda *extra: subprocess.run([sys.executable, "-m", "solo.cli", "mission", "status", path, *extra],  # noqa: E731
                                           capture_output=True, text=True).stdout
    assert json.loads(status("--json"))["pending"] == {"typed": [6, 2], "kept": kept}
    assert f"Dice waiting for the next rolls: yours 6, 2 (typed with --dice); {kept} kept by an undo" in status()


def test_typed_faces_are_counted_off_as_the_rolls_use_them():
    log = EventLog.create(":memory:", {"cg": "oto2"})
    log.type_faces([3, 4, 5])
    log.append("roll", "7.5", "", {"what": "t", "faces": [3, 4]}, used_pending=2)
    assert log.typed == [5] and log.kept == 0

def test_the_faces_kept_for_the_computer_s_secret_rolls_are_not_counted():
    """Issue 21: an undo keeps the faces of the computer's secret rolls for its next ones; status counts only those
    kept for the public rolls, so the number tells the human nothing of the secret rolls taken back."""
    log = EventLog.create(":memory:", {"cg": "rb"})
    log.append("answer", "11.619", "Russian", {"what": "purchase", "value": []})
    log.append("roll", "11.620", "German", {"what": "t", "faces": [3, 4, 1]}, True)
    log.append("roll", "11.620", "Russian", {"what": "t", "faces": [5, 2]})
    log.undo_last_answer()
    assert log.kept == 2 and log.queue(True) == [3, 4, 1] and waiting(log) == {"typed": [], "kept": 2}
