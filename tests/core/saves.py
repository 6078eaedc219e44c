"""Helpers for the save-integrity tests (issue 24): a save's state, its replay, and solo run in-process."""

import json
import os
import shutil
import sqlite3
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO

from solo.cli import cli
from solo.core.errors import SoloError
from solo.core.store import KEY, KEY_ID, SEAL, EventLog, seal
from solo.games import run_campaign, run_mission

ANSWERS = 'purchase = ["I2", "I2", "V4", { rg = "O2", prereg = 1 }]\nrecon = 1\n'


def fix_key(path, key: str) -> None:
    """The save's secret key set to ``key``, kept in the save (a test that wants the computer's secret rolls and draws
    the same at every run), its sides sealed with it."""
    with sqlite3.connect(path) as db:
        meta = {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM meta")}
        db.execute("DELETE FROM meta WHERE key = ?", (KEY_ID,))
        db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                       [(KEY, json.dumps(key)), (SEAL, json.dumps(seal(key, meta)))])


def state(path) -> tuple | None:
    """What a save holds (its events and pending faces), after checking that it replays; None if there is no save."""
    if not os.path.exists(path):
        return None
    log = EventLog.open(path)
    (run_campaign if "cg" in log.meta else run_mission)(log, frozen=True)
    return tuple((e.seq, e.kind, e.step, e.side, e.secret, repr(e.data)) for e in log.events), tuple(log.pending)


def same_game(now: tuple | None, then: tuple | None, new_save: bool) -> bool:
    """Two states of one command's run are the same game: equal; for a save created anew (a new save has its own random
    secret key: issue 21's computer draws among near-equal options and its secret rolls come from it), equal but for
    what the computer's secret events hold."""
    if not new_save or now is None or then is None:
        return now == then

    def public(state: tuple) -> tuple:
        events, pending = state
        return tuple(e[:5] + ((None,) if e[4] else e[5:]) for e in events), pending
    return public(now) == public(then)


def solo(*args) -> int:
    """`solo ARGS` in this process, quietly: its exit code (2 for a player's error, as the CLI's main gives)."""
    try:
        with redirect_stdout(StringIO()), redirect_stderr(StringIO()):
            cli.main(list(args), standalone_mode=False)
    except SoloError:
        return 2
    return 0


def mission_save(folder) -> str:
    """An OtO-S1 mission at Game Turn 2 (one turn ended), the save the issue's repro runs on."""
    path = str(folder / "m.db")
    assert solo("mission", "new", "oto-s1", "--save", path, "--seed", "5") == 0
    assert solo("mission", "turn", path, "--vpo-friendly", "1") == 0
    return path


def campaign_save(folder) -> str:
    """An OtO2 campaign after `cg new`, waiting for the Russian purchase; ``a.toml`` beside it answers it."""
    path = str(folder / "c.db")
    (folder / "a.toml").write_text(ANSWERS)
    assert solo("cg", "new", "oto2", "--save", path, "--human", "russian", "--seed", "4") == 0
    return path


def copy(path, to) -> str:
    shutil.copyfile(path, to)
    return str(to)


def statements(args) -> int:
    """How many SQL statements `solo ARGS` executes (it is run here, on the save it names)."""
    count = [0]
    real = sqlite3.connect

    def connect(*a, **k):
        db = real(*a, **k)
        db.set_trace_callback(lambda sql: count.__setitem__(0, count[0] + 1))
        return db

    sqlite3.connect = connect
    try:
        solo(*args)
    finally:
        sqlite3.connect = real
    return count[0]
