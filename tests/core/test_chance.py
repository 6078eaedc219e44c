"""Honest chance (issue 24, item 7): the computer's secret rolls cannot be worked out from the printed seed and the
log, the faces the player types never reach them, and an undo never crosses a revealed secret."""

import itertools
import json
import random
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner

from solo.campaign.state import RosterLine
from solo.campaign.steps.initiative import initiative
from solo.cli import cli
from solo.core.errors import SoloError
from solo.core.sides import Human
from solo.core.store import KEY, KEY_ID, SEAL, EventLog, keys_dir, secret_faces
from tests.core.saves import ANSWERS, solo, state
from tests.reph import new_reph
from tests.vasl.test_files import solo as run_main

TYPED = "1,1,1,1,1,1,1,1,1,1,1,1"


def reph(folder, name, seed=4, dice=TYPED) -> EventLog:
    """An OtO2 campaign (you are the Russian) after its first RePh, with ``dice`` typed: the German's purchase makes
    secret rolls (7.518), yours public ones."""
    path = str(folder / name)
    (folder / "a.toml").write_text(ANSWERS)
    assert solo("cg", "new", "oto2", "--save", path, "--human", "russian", "--seed", str(seed)) == 0
    assert solo("cg", "reph", path, "--answers", str(folder / "a.toml"), "--dice", dice) == 0
    return EventLog.open(path)


def secret_rolls(log: EventLog) -> list:
    return [e for e in log.events if e.kind == "roll" and e.secret]


def public_number(log: EventLog, event) -> int:
    """``event``'s place among the public events of ``log`` (the public events before it, plus one)."""
    return sum(1 for e in log.events if e.seq < event.seq and not e.secret) + 1


def stored_key(path) -> str:
    """The save's secret key, from its file in the player's data folder (issue 40: not in the save)."""
    key_id = json.loads(sqlite3.connect(path).execute("SELECT value FROM meta WHERE key = ?", (KEY_ID,)).fetchone()[0])
    return (keys_dir() / key_id).read_text()


def test_the_same_seed_does_not_give_the_same_secret_rolls(tmp_path):
    one, two = reph(tmp_path, "one.db"), reph(tmp_path, "two.db")
    assert len(secret_rolls(one)) >= 5
    assert [e.data["faces"] for e in secret_rolls(one)] != [e.data["faces"] for e in secret_rolls(two)]
    for log in (one, two):  # the public faces: the typed ones, then the seed's stream of each roll's own public event:
        typed = 12          # numbered by the public events alone, so the computer's secret events before them change
        for e in (e for e in log.events if e.kind == "roll" and not e.secret):  # nothing (issue 21)
            kept = min(typed, len(e.data["faces"]))
            typed -= kept
            rng = random.Random(4 * 1_000_003 + public_number(log, e))
            assert e.data["faces"] == [1] * kept + [rng.randint(1, 6) for _ in range(len(e.data["faces"]) - kept)]


def test_secret_faces_are_not_the_seeds_and_come_from_the_saves_key(tmp_path):
    log = reph(tmp_path, "c.db")
    key = stored_key(log.where)
    assert KEY not in log.meta and len(key) == 64
    seeded = []
    for e in secret_rolls(log):
        n = len(e.data["faces"])
        assert e.data["faces"] == list(itertools.islice(secret_faces(key, e.seq), n))
        rng = random.Random(4 * 1_000_003 + public_number(log, e))  # what the printed seed would give it
        seeded.append([rng.randint(1, 6) for _ in range(n)])
    assert [e.data["faces"] for e in secret_rolls(log)] != seeded  # (by chance equal once in 6**15 saves)


def test_typed_faces_never_reach_a_secret_roll(tmp_path):
    log = reph(tmp_path, "c.db")
    key = stored_key(log.where)
    public = [f for e in log.events if e.kind == "roll" and not e.secret for f in e.data["faces"]]
    assert public[:12] == [1] * 12  # all twelve typed faces went to your rolls, in order
    assert all(e.data["faces"] == list(itertools.islice(secret_faces(key, e.seq), len(e.data["faces"])))
               for e in secret_rolls(log))
    assert log.typed == []


def test_the_key_is_never_shown(tmp_path):
    log = reph(tmp_path, "c.db")
    key = stored_key(log.where)
    for args in (["cg", "status", log.where, "--json"], ["cg", "log", log.where, "--json"],
                 ["cg", "export", log.where]):
        out = CliRunner().invoke(cli, args)
        assert out.exit_code == 0 and key not in out.output, args


def test_reveal_is_refused_while_the_cg_runs_against_the_computer(tmp_path, capsys):
    """Issue 21: the computer's secrets reach the human only when the rules reveal them (the CG End): --reveal before
    it is one line, exit 2, and shows nothing."""
    log = reph(tmp_path, "c.db")
    for args in (["cg", "status", log.where, "--json", "--reveal"], ["cg", "log", log.where, "--reveal"],
                 ["cg", "export", log.where, "--reveal"]):
        code, out, err = run_main(capsys, *args)
        assert code == 2 and not out and err.count("\n") == 1 and "until the CG End" in err, args


def test_an_old_save_gets_a_key_with_its_first_new_secret_roll_and_replays(tmp_path):
    path = str(tmp_path / "old.db")
    (tmp_path / "a.toml").write_text(ANSWERS)
    assert solo("cg", "new", "oto2", "--save", path, "--human", "russian", "--seed", "4") == 0
    with sqlite3.connect(path) as db:  # as a save from before issue 24: no key
        db.execute("DELETE FROM meta WHERE key IN (?, ?, ?)", (KEY, KEY_ID, SEAL))
    before = state(path)
    assert solo("cg", "reph", path, "--answers", str(tmp_path / "a.toml")) == 0
    key, log = stored_key(path), EventLog.open(path)
    assert tuple(log.events[:len(before[0])]) and state(path)[0][:len(before[0])] == before[0]
    assert all(e.data["faces"] == list(itertools.islice(secret_faces(key, e.seq), len(e.data["faces"])))
               for e in secret_rolls(log))


def test_a_simulation_stays_the_same_for_a_seed(tmp_path):
    runs = []
    for name in ("s1.db", "s2.db"):
        assert solo("cg", "simulate", "oto2", "--seed", "3", "--save", str(tmp_path / name)) == 0
        runs.append(state(str(tmp_path / name)))
    assert runs[0] == runs[1]
    with sqlite3.connect(tmp_path / "s1.db") as db:
        assert db.execute("SELECT count(*) FROM meta WHERE key IN (?, ?)", (KEY, KEY_ID)).fetchone()[0] == 0  # derived


def test_undo_keeps_the_secret_faces_for_the_secret_rolls(tmp_path):
    log = reph(tmp_path, "c.db", dice="2,2")
    before = [(e.seq, e.data) for e in log.events]
    assert solo("cg", "undo", log.where) == 0  # back to the Recon answer
    assert solo("cg", "undo", log.where) == 0  # back to the purchase: the German's secret rolls are dropped
    undone = EventLog.open(log.where)
    assert undone.queue(True) == [f for e in secret_rolls(log) for f in e.data["faces"]]
    assert solo("cg", "reph", log.where, "--answers", str(tmp_path / "a.toml")) == 0
    assert [(e.seq, e.data) for e in EventLog.open(log.where).events] == before  # nothing re-rolled


@pytest.fixture
def chits(pack):
    """An RB CG Day (the TEST pack) whose Initiative chits are picked: yours (the Russian's) Idle, then the
    computer's, then both revealed (RB 11.623); no answer of yours follows (an Assault's Night is its Attacker's)."""
    pack("rb")
    r = new_reph((), "Russian", cg="rb", variant="I")
    r.play.sides["Russian"] = Human({"initiative": "Idle"})
    r.c.date = "18 Oct"
    for s in r.c.sides.values():
        s.roster.setdefault("18 Oct", RosterLine("18 Oct"))
    initiative(r)
    return r


def test_undo_never_crosses_a_revealed_initiative_chit(chits):
    log = chits.play.log
    assert any("chits revealed" in e["text"] for e in chits.c.record)
    assert [(e.kind, e.data["what"]) for e in log.events[:2]] == [("answer", "initiative"), ("decision", "initiative")]
    events, pending = log.events, log.pending
    with pytest.raises(SoloError, match=r"^cannot undo your answer to initiative: the German's Initiative chit \(RB "
                                        r"11.623 / VotG 12.625 / ABtF 9.6213\) was revealed after it"):
        log.undo_last_answer()
    assert (log.events, log.pending) == (events, pending)


def test_an_undo_after_the_reveal_still_works(tmp_path):
    log = EventLog.create(":memory:", {"cg": "rb", "human": "Russian", "seed": 1})
    log.append("answer", "11.623", "Russian", {"what": "initiative", "value": "Attack"})
    log.append("decision", "11.623", "German", {"what": "initiative", "value": "Idle"}, secret=True)
    log.append("answer", "11.6234", "Russian", {"what": "night", "value": False})
    assert log.undo_last_answer().data["what"] == "night"
    with pytest.raises(SoloError, match="revealed"):
        log.undo_last_answer()
    assert len(log) == 2


def test_cg_undo_refuses_in_one_line_and_changes_nothing(tmp_path):
    path = tmp_path / "rb.db"
    log = EventLog.create(path, {"cg": "oto2", "human": "Russian", "seed": 1})
    log.append("answer", "11.623", "Russian", {"what": "initiative", "value": "Attack"})
    log.append("decision", "11.623", "German", {"what": "initiative", "value": "Idle"}, secret=True)
    before = EventLog.open(path).events
    out = subprocess.run([sys.executable, "-m", "solo.cli", "cg", "undo", str(path)], capture_output=True, text=True)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "revealed" in out.stderr
    assert EventLog.open(path).events == before
