"""Two writers on one save (issue 24): one waits for the other or says, in one line, that the save is in use;
readers read beside a writer; the save always replays as the two commands one after the other, never spliced.

The plain run tries a few concurrent pairs; `pytest -m long tests/core` tries 100."""

import os
import subprocess
import sys
import threading
import time

import pytest

from solo.core import store
from solo.core.errors import SoloError
from solo.core.store import EventLog
from tests.core.saves import campaign_save, copy, mission_save, solo, state


def test_a_second_writer_waits_then_says_the_save_is_in_use(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "WAIT_SECONDS", 0.2)
    path = mission_save(tmp_path)
    before = state(path)
    with EventLog.writing(path) as first:
        first.append("roll", "t", "", {"what": "t", "faces": [3]})
        with pytest.raises(SoloError, match=r"^\S+m.db is in use by another solo command or program: nothing was "
                                            r"changed; try again when it has finished$"):
            with EventLog.writing(path):
                pass
        with pytest.raises(SoloError, match="in use"):
            EventLog.open(path).type_faces([1])
        assert state(path) == before  # a reader reads beside the writer: the last committed save
    assert len(EventLog.open(path)) == len(before[0]) + 1


def test_a_write_from_a_log_read_before_another_command_wrote_is_refused(tmp_path):
    path = mission_save(tmp_path)
    stale = EventLog.open(path)
    assert solo("mission", "undo", path) == 0
    after = state(path)
    with pytest.raises(SoloError, match="was changed by another command since this one read it"):
        stale.append("answer", "t", "", {"what": "action", "value": {"do": "phase"}})
    assert state(path) == after


def test_the_next_number_comes_from_the_save(tmp_path):
    path = mission_save(tmp_path)
    with EventLog.writing(path) as log:
        event = log.append("roll", "t", "", {"what": "t", "faces": [3]})
    assert event.seq == max(e.seq for e in EventLog.open(path).events) == len(log)


def test_the_loser_is_told_in_one_line_which_process_holds_the_save(tmp_path):
    path = mission_save(tmp_path)
    before = state(path)
    with EventLog.writing(path):  # held longer than the other command waits
        out = subprocess.run([sys.executable, "-m", "solo.cli", "mission", "turn", path, "--vpo-friendly", "2"],
                             capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == (f"solo: {path} is in use by another solo command or program (process {os.getpid()}): "
                          "nothing was changed; try again when it has finished\n")
    assert state(path) == before


@pytest.mark.parametrize("kind", ["cg", "mission"])
def test_undo_on_the_wrong_kind_of_save_changes_nothing(tmp_path, kind):
    path = mission_save(tmp_path) if kind == "cg" else campaign_save(tmp_path)
    if kind == "mission":
        assert solo("cg", "reph", path, "--answers", str(tmp_path / "a.toml")) == 0
    before = state(path)
    for _ in range(3):
        assert solo(kind, "undo", path) == 2
    assert state(path) == before


def _serial(base, first, second, folder) -> tuple:
    """The save after ``first`` then ``second`` (either may be refused), run one after the other on a copy."""
    work = copy(base, folder / "serial.db")
    for args in (first, second):
        solo(*[work if a == "PATH" else a for a in args])
    return state(work)


def _pair(base, first, second, delay, folder) -> tuple:
    """``first`` and ``second`` as two processes on one copy of ``base``, the second started ``delay`` s later: their
    exit codes, one-line errors and the save after both."""
    work = copy(base, folder / "both.db")
    command = lambda args: [sys.executable, "-m", "solo.cli", *[work if a == "PATH" else a for a in args]]  # noqa: E731
    a = subprocess.Popen(command(first), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    b = subprocess.Popen(command(second), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    errors = [p.communicate()[1] for p in (a, b)]
    return (a.returncode, b.returncode), errors, state(work)


def pairs(folder, count: int) -> dict:
    """``count`` concurrent pairs: the issue's repro (a mission turn, an undo 0.03 s later), and a RePh beside a
    `cg undo`, each at several delays; every save must replay as one of the serial orders."""
    m, c = mission_save(folder), campaign_save(folder)
    reph = ("cg", "reph", "PATH", "--answers", str(folder / "a.toml"))
    cases = [(m, ("mission", "turn", "PATH", "--vpo-friendly", "2"), ("mission", "undo", "PATH")),
             (c, reph, ("cg", "undo", "PATH")), (c, ("cg", "undo", "PATH"), reph)]
    seen = {"pairs": 0, "both ran": 0}
    for n in range(count):
        base, first, second = cases[n % len(cases)]
        codes, errors, after = _pair(base, first, second, (0.0, 0.03, 0.1, 0.3)[n // len(cases) % 4], folder)
        assert all(code in (0, 2) for code in codes), errors
        assert all(e == "" or (e.count("\n") == 1 and e.startswith("solo: ")) for e in errors), errors
        orders = {_serial(base, first, second, folder), _serial(base, second, first, folder)}
        assert after in orders, f"pair {n} {first[:2]} / {second[:2]}: the save is none of the serial orders"
        seen["pairs"] += 1
        seen["both ran"] += codes == (0, 0)
    return seen


def test_concurrent_pairs_never_splice(tmp_path):
    assert pairs(tmp_path, 3)["pairs"] == 3


@pytest.mark.long
def test_a_hundred_concurrent_pairs(tmp_path):
    print("concurrent pairs:", pairs(tmp_path, 100))


def test_readers_read_beside_a_writer(tmp_path):
    path = mission_save(tmp_path)
    before, seen = state(path), []
    held, done = threading.Event(), threading.Event()

    def writer():
        with EventLog.writing(path) as log:
            log.append("roll", "t", "", {"what": "t", "faces": [3]})
            held.set()
            done.wait(5)

    thread = threading.Thread(target=writer)
    thread.start()
    held.wait(5)
    seen.append(state(path))
    done.set()
    thread.join()
    assert seen == [before] and len(EventLog.open(path)) == len(before[0]) + 1
