"""`solo cg` as a player meets it: JSON names, a scripted RePh, export, undo, and one-line errors."""

import json
import os
import subprocess
import sys

import pytest


@pytest.fixture
def solo(tmp_path):
    def run(*args, stdin=""):
        env = {**os.environ, "SOLO_CONFIG": str(tmp_path / "config")}
        return subprocess.run([sys.executable, "-m", "solo.cli", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, input=stdin)
    return run


def test_many_campaigns_the_same_whatever_the_jobs(solo):
    """Issue 22: `--runs` spreads the campaigns over `--jobs` processes; each campaign is its seed's alone."""
    one, two = (json.loads(solo("cg", "simulate", "oto2", "--seed", "5", "--runs", "6", "--jobs", j, "--json").stdout)
                for j in ("1", "2"))
    assert one == two and [r["seed"] for r in one["results"]] == [5, 6, 7, 8, 9, 10]
    assert one["runs"] == 6 and sum(one["wins"].values()) == 6
    single = json.loads(solo("cg", "simulate", "oto2", "--seed", "7", "--json").stdout)["result"]
    assert {k: one["results"][2][k] for k in single} == single
    assert set(one["cpp_left"]) == {"German", "Russian"} and one["results"][2]["decided_by"] == "cg"
    out = solo("cg", "simulate", "oto2", "--runs", "2", "--save", "x.db")
    assert out.returncode == 2 and out.stderr.count("\n") == 1


def test_simulate_plays_each_side_by_a_policy(solo):
    """Issue 21: --german/--russian/--british choose each side's policy; --runs prints the win rates, VP and CPP."""
    out = solo("cg", "simulate", "oto2", "--runs", "3", "--jobs", "1", "--german", "greedy", "--russian", "random")
    assert out.returncode == 0, out.stderr
    assert "German greedy, Russian random" in out.stdout and "German CPP left at the CG End: mean" in out.stdout
    data = json.loads(solo("cg", "simulate", "oto2", "--seed", "4", "--german", "random", "--json").stdout)
    assert data["policies"] == {"German": "random", "Russian": "heuristic"} and data["stage"] == "ended"
    for bad in (["--british", "greedy"], ["--german", "clever"]):
        out = solo("cg", "simulate", "oto2", *bad)
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr


def test_simulate_json_keeps_its_names(solo):
    out = solo("cg", "simulate", "oto2", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [d["date"] for d in data["dates"]] == ["23AM", "23PM", "24AM", "24PM"]
    first = data["dates"][0]
    assert first["weather"] == "Overcast" and first["ec"] == "Wet"
    german = first["sides"]["German"]
    assert set(german["cpp"]) == {"start", "repl", "total", "spent", "left"}
    assert german["cpp"]["start"] == 66 and german["elr"] == 3 and german["san"] == 3
    given = [p for p in german["purchases"] if p["given"]]
    assert [p["id"] for p in given] == ["I1"]
    assert set(given[0]) >= {"id", "cpp", "strength", "units", "sw", "leaders", "given"}
    assert set(data["result"]) >= {"vp", "winner"}


def _new(solo, human="russian"):
    out = solo("cg", "new", "oto2", "--save", "c.db", "--human", human, "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_scripted_initial_set_up_and_reph(solo, tmp_path):
    data = _new(solo)
    assert data["waiting"]["key"] == "purchase" and data["hidden"] == "German"
    assert data["dates"][0]["sides"]["German"]["cpp"]["total"] is None  # the computer's CPP stay secret
    (tmp_path / "a.toml").write_text('purchase = ["I2", "I2", "V4", { rg = "O2", prereg = 1 }]\nrecon = 1\n')
    out = solo("cg", "reph", "c.db", "--answers", "a.toml", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["stage"] == "scenario" and data["waiting"] is None
    russian = data["dates"][0]["sides"]["Russian"]
    assert russian["cpp"]["spent"] == 7 + 7 + 4 + 5 and russian["recon"] is not None
    status = json.loads(solo("cg", "status", "c.db", "--json").stdout)
    assert status["waiting"]["key"] == "facts"


def test_answers_piped_on_stdin_are_read_like_typed_ones(solo):
    """Issue 23.2: `printf 'I2 I2 V4 O2 prereg=1\n1\n' | solo cg reph c.db`, the purchase as a player types it."""
    _new(solo)
    out = solo("cg", "reph", "c.db", stdin="I2 I2 V4 O2 prereg=1\n1\n")
    assert out.returncode == 0, out.stderr
    data = json.loads(solo("cg", "status", "c.db", "--json").stdout)
    assert data["stage"] == "scenario" and data["dates"][0]["sides"]["Russian"]["cpp"]["spent"] == 7 + 7 + 4 + 5
    assert data["waiting"]["key"] == "facts"  # the piped lines ran out: the save waits, nothing is lost


def test_bad_answers_are_one_line_and_lose_nothing(solo, tmp_path):
    _new(solo)
    before = solo("cg", "log", "c.db", "--json").stdout
    for text, message in (('purchase = ["I9"]', "no RG 'I9' on the Russian RG chart"),
                          ('purchase = ["I1", "I1", "I1"]', "CG Date Max is 2"),
                          ('purchase = ["B1", "B1", "I5", "I5"]', "CG Date Max is 1"),
                          ('purchase = [', "not valid TOML")):
        (tmp_path / "bad.toml").write_text(text)
        out = solo("cg", "reph", "c.db", "--answers", "bad.toml")
        assert out.returncode == 2 and message in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    assert solo("cg", "log", "c.db", "--json").stdout == before


@pytest.mark.parametrize("args, message", [
    (["cg", "status", "nowhere.db"], "no save file nowhere.db"),
    (["cg", "new", "xyz", "--save", "x.db"], "no Campaign Game 'xyz'"),
    (["cg", "reph", "junk.db"], "not a readable solo save file"),
])
def test_errors(solo, tmp_path, args, message):
    (tmp_path / "junk.db").write_bytes(b"garbage" * 100)
    out = solo(*args)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_export_undo_and_review(solo, tmp_path):
    _new(solo)
    (tmp_path / "a.toml").write_text('purchase = ["I1"]\nrecon = 0\n')
    assert solo("cg", "reph", "c.db", "--answers", "a.toml").returncode == 0
    md = solo("cg", "export", "c.db", "--format", "md").stdout
    assert "## CG Roster" in md and "## RG Purchase Record" in md and "## Force Organizer" in md
    assert "| 23AM | German | ? |" in md  # the German's CPP stay secret
    csv = solo("cg", "export", "c.db", "--format", "csv").stdout
    assert csv.splitlines()[1].startswith("Date,Side,Start,Repl,Total")
    review = json.loads(solo("cg", "log", "c.db", "--json").stdout)
    # the German's Secret DRs and decisions hidden until the CG End, with no marker (issue 36: it told one was made)
    assert not [e for e in review if e["secret"] and e["side"] == "German"]
    assert "secret rolls and decisions are not shown" in solo("cg", "log", "c.db").stdout
    assert [e["seq"] for e in review] == list(range(1, len(review) + 1))
    undone = solo("cg", "undo", "c.db")
    assert undone.returncode == 0 and "Undone: your answer to recon" in undone.stdout


def test_cg4_game_end_dr_each_turn_from_the_sixth(solo, tmp_path):
    _new(solo, human="none")
    for turn in (7, 12):  # CG4: the first dr is at the end of Game Turn 6 (issue 36: no turn of the player's choice)
        skipped = solo("cg", "game-end", "c.db", "--turn", str(turn))
        assert skipped.returncode == 2 and "the next Game End dr is at the end of Game Turn 6" in skipped.stderr
    out = solo("cg", "game-end", "c.db", "--turn", "6", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["turn"] == 6 and data["circled"] == 1 and data["ends"] == (data["dr"] <= 1)
    assert "Game Turn 6" in solo("cg", "game-end", "c.db", "--turn", "5").stderr
    again = solo("cg", "game-end", "c.db", "--turn", "6")  # issue 20.9 (CG4): a roll once made stands
    assert again.returncode == 2 and "a roll once made stands" in again.stderr if not data["ends"] else \
        "the scenario ended by the Game End dr" in again.stderr
    if not data["ends"]:
        skipped = solo("cg", "game-end", "c.db", "--turn", "8")  # CG4: each Game Turn's dr, none skipped
        assert skipped.returncode == 2 and "Game Turn 7" in skipped.stderr
        later = json.loads(solo("cg", "game-end", "c.db", "--turn", "7", "--json").stdout)  # the Turn 6 dr replayed
        assert later["turn"] == 7 and later["circled"] == 2
