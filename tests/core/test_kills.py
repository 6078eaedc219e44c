"""Kill -9 at every SQL statement of a writing command (issue 24): the save is as it was before the command or as it
is after it, never half; it replays, and no typed or undo-kept face is lost or applied twice.

The plain run tries a few kill points per command; `pytest -m long tests/core` tries every one."""

import os
import signal
import sqlite3

import pytest

from tests.core.saves import campaign_save, copy, mission_save, same_game, solo, state, statements


def killed_at(n: int, args) -> bool:
    """Run `solo ARGS` in a forked child that SIGKILLs itself just before its ``n``th SQL statement; True if it died
    so (False: it finished first)."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        seen = [0]
        real = sqlite3.connect

        def kill_at_n(sql):
            seen[0] += 1
            if seen[0] == n:
                os.kill(os.getpid(), signal.SIGKILL)

        def connect(*a, **k):
            db = real(*a, **k)
            db.set_trace_callback(kill_at_n)
            return db

        sqlite3.connect = connect
        os._exit(solo(*args))
    _, status = os.waitpid(child, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def commands(folder):
    """(name, the save before, the command over a save at PATH): a mission turn, its undo, a RePh with typed dice,
    its undo, and the new saves."""
    m, c = mission_save(folder), campaign_save(folder)
    turned, rephed = copy(m, folder / "m2.db"), copy(c, folder / "c2.db")
    solo("mission", "turn", turned, "--vpo-friendly", "2")
    reph = ("cg", "reph", "PATH", "--answers", str(folder / "a.toml"), "--dice", "6,6,1,2")
    solo(*[rephed if a == "PATH" else a for a in reph])
    return [("mission turn", m, ("mission", "turn", "PATH", "--vpo-friendly", "2")),
            ("mission undo", turned, ("mission", "undo", "PATH")),
            ("cg reph --dice", c, reph),
            ("cg undo", rephed, ("cg", "undo", "PATH")),
            ("mission new", None, ("mission", "new", "oto-s1", "--save", "PATH", "--seed", "5")),
            ("cg new", None, ("cg", "new", "oto2", "--save", "PATH", "--human", "russian", "--seed", "4"))]


def fresh(before, work) -> None:
    """The save the command starts from (none for a new save) at ``work``, and nothing else there."""
    for leftover in (work, work + "-journal"):
        if os.path.exists(leftover):
            os.remove(leftover)
    if before:
        copy(before, work)


def sweep(folder, every: bool) -> dict:
    """Kill each command at its statements (all, or a few spread over them); how many kill points each had."""
    tried = {}
    for name, before, command in commands(folder):
        work = str(folder / "work.db")
        args = [work if a == "PATH" else a for a in command]
        fresh(before, work)
        total = statements(args)
        after, start = state(work), state(before) if before else None
        points = range(1, total + 1) if every else sorted({1, total // 3, 2 * total // 3, total})
        for n in points:
            fresh(before, work)
            assert killed_at(n, args), f"{name}: no SQL statement {n} of {total}"
            left = state(work)
            assert left in (start, after), f"{name}: killed at statement {n} of {total}, the save is half-written"
            if left == start:  # the command again, as the player would: it must come out as it would have
                again = solo(*args) == 0 and same_game(state(work), after, before is None)
                assert again, f"{name}: killed at {n}, then run again"
        tried[name] = len(points)
    return tried


def test_a_kill_leaves_the_save_before_or_after_the_command(tmp_path):
    tried = sweep(tmp_path, every=False)
    assert set(tried) == {"mission turn", "mission undo", "cg reph --dice", "cg undo", "mission new", "cg new"}


@pytest.mark.long
def test_a_kill_at_every_statement(tmp_path):
    tried = sweep(tmp_path, every=True)
    print("kill points:", tried, "total", sum(tried.values()))
