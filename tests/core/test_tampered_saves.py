"""Issue 40, "Replay validates the file": a save edited outside solo (7 of the audit's 51 tampered saves crashed on
replay; a logged place of 100,000,000 S? hung past 5.5 GB) is one line, exit code 2, and the file is not changed."""

import json
import sqlite3
import time

import pytest

from tests.fuzz.run import refused, save_rows, solo
from tests.mission import act, new


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """An OtO-S1 mission with S? placed and one checked: rolls (with traces), answers and meta to tamper with."""
    folder = tmp_path_factory.mktemp("tampered")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLO_CONFIG", str(tmp_path_factory.mktemp("config")))
        path = new(folder, seed=11)
        act(path, {"do": "place", "count": 20, "hexes": []})
        act(path, {"do": "activate", "s": "S20", "range": 0})
    return path.read_bytes()


def _event(db, kind: str, what: str | None = None) -> int:
    rows = [(seq, json.loads(data)) for seq, data in db.execute("SELECT seq, data FROM events WHERE kind = ?", (kind,))]
    return next(seq for seq, data in rows if what is None or data["what"] == what)


def _action(db, do: str) -> int:
    rows = [(seq, json.loads(data)) for seq, data in db.execute("SELECT seq, data FROM events WHERE kind = 'answer'")]
    return next(seq for seq, data in rows if isinstance(data["value"], dict) and data["value"].get("do") == do)


TAMPERS = {
    "event data not JSON": lambda db: db.execute("UPDATE events SET data = '{not json' WHERE seq = 3"),
    "event data 100,000 deep": lambda db: db.execute(
        "UPDATE events SET data = ? WHERE seq = 3", ('{"what": "x", "value": ' + "[" * 100_000 + "]" * 100_000 + "}",)),
    "event data a list": lambda db: db.execute("UPDATE events SET data = '[1, 2]' WHERE seq = 3"),
    "event kind unknown": lambda db: db.execute("UPDATE events SET kind = 'wish' WHERE seq = 3"),
    "event secret a text": lambda db: db.execute("UPDATE events SET secret = 'yes' WHERE seq = 3"),
    "roll faces not dice": lambda db: db.execute(
        "UPDATE events SET data = json_set(data, '$.faces', json('[7, \"a\"]')) WHERE seq = ?", (_event(db, "roll"),)),
    "roll trace of another shape": lambda db: db.execute(
        "UPDATE events SET data = json_set(data, '$.trace', json('{\"table\": 5}')) WHERE seq = ?",
        (_event(db, "roll"),)),
    "roll trace nested deep": lambda db: db.execute(
        "UPDATE events SET data = json_set(data, '$.trace.subrolls', json(?)) WHERE seq = ?",
        ("[" * 70 + "]" * 70, _event(db, "roll"))),
    "meta seed null": lambda db: db.execute("UPDATE meta SET value = 'null' WHERE key = 'seed'"),
    "meta seed of 5,000 digits": lambda db: db.execute("UPDATE meta SET value = ? WHERE key = 'seed'", ("9" * 5000,)),
    "meta seed a text": lambda db: db.execute("UPDATE meta SET value = '\"eleven\"' WHERE key = 'seed'"),
    "meta human a number": lambda db: db.execute("INSERT OR REPLACE INTO meta VALUES ('human', '5')"),
    "meta pending not dice": lambda db: db.execute("INSERT OR REPLACE INTO meta VALUES ('pending', '[0, 9]')"),
    "meta from a newer solo": lambda db: db.execute("INSERT OR REPLACE INTO meta VALUES ('rules', '99')"),
    "a place of 100,000,000 S?": lambda db: db.execute(
        "UPDATE events SET data = json_set(data, '$.value.count', 100000000) WHERE seq = ?", (_action(db, "place"),)),
    "an action of another type": lambda db: db.execute(
        "UPDATE events SET data = json_set(data, '$.value', 5) WHERE seq = ?", (_action(db, "place"),)),
    "an Activation of an S? never placed": lambda db: db.execute(
        "UPDATE events SET data = json_set(data, '$.value.s', 'S99') WHERE seq = ?", (_action(db, "activate"),)),
}


@pytest.mark.parametrize("tamper", TAMPERS)
def test_a_tampered_save_is_one_line_and_stays_as_it_is(template, tmp_path, capsys, tamper):
    path = tmp_path / "m.db"
    path.write_bytes(template)
    with sqlite3.connect(path) as db:
        TAMPERS[tamper](db)
    before = save_rows(path)
    start = time.perf_counter()
    for command in (["mission", "status", str(path)], ["mission", "turn", str(path)]):
        result = solo(capsys, *command)
        assert refused(result), (tamper, result)
        assert str(path) in result.err and ("damaged" in result.err or "newer solo" in result.err), result.err
    assert time.perf_counter() - start < 10
    assert save_rows(path) == before
