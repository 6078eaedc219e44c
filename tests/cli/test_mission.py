"""`solo mission` as a player meets it: JSON names, a short mission, one-line errors."""

import json
import os
import subprocess
import sys

import pytest


@pytest.fixture
def solo(tmp_path):
    def run(*args):
        env = {**os.environ, "SOLO_CONFIG": str(tmp_path / "config"), "SOLO_VASL_BOARDS": ""}
        return subprocess.run([sys.executable, "-m", "solo.cli", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path)
    return run


def test_list(solo):
    listed = json.loads(solo("mission", "list", "--json").stdout)
    assert {"id": "oto-s1", "title": "Breakthrough To Orsha"} in listed
    assert {"id": "oto-s2", "title": "The Cross Roads"} in listed


def test_new_status_activate_turn_json(solo):
    out = solo("mission", "new", "oto-s1", "--save", "m.db", "--seed", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) >= {"mission", "tables", "friendly_oob", "enemy", "s", "boards", "month", "turn", "vp"}
    assert set(data["tables"]) == {"enemy_san", "friendly_san", "enemy_ac", "enemy_re", "friendly_re"}
    assert "/" in data["tables"]["enemy_re"] and data["mission"]["id"] == "oto-s1"
    assert set(data["friendly_oob"]) >= {"infantry", "armor", "air", "oba"} and len(data["friendly_oob"]["armor"]) == 11
    assert solo("mission", "place", "m.db", "--hex", "K12", "--hex", "M9").returncode == 0
    hit = json.loads(solo("mission", "activate", "m.db", "--s", "S1", "--range", "1", "--json").stdout)
    assert hit["activated"] and hit["units"] and all(u["where"] == "K12" for u in hit["units"])
    turn = json.loads(solo("mission", "turn", "m.db", "--vpo-friendly", "1", "--json").stdout)
    assert turn["turn"] == 1 and "random_events" in turn and turn["mission_end"] is None
    status = json.loads(solo("mission", "status", "m.db", "--json").stdout)
    assert status["turn"] == 2 and [s["status"] for s in status["s"]] == ["activated", "hidden"]


def test_oto_s2_without_vasl_boards(solo):
    data = json.loads(solo("mission", "new", "oto-s2", "--save", "c.db", "--seed", "4", "--entry", "south",
                           "--json").stdout)
    assert len(data["boards"]["boards"]) == 3 and data["boards"]["vpo"] is None and data["month"] in ("June", "July")


@pytest.mark.parametrize("args, message", [
    (["mission", "new", "oto-s9", "--save", "x.db"], "no mission 'oto-s9'"),
    (["mission", "activate", "m.db", "--s", "S7", "--range", "2"], "no S? 'S7'"),
    (["mission", "activate", "m.db", "--s", "S1", "--range", "30"], "within 16 hexes"),
    (["mission", "status", "nowhere.db"], "no save file"),
    (["mission", "place", "m.db"], "give --count N"),
])
def test_errors(solo, args, message):
    solo("mission", "new", "oto-s1", "--save", "m.db", "--seed", "2")
    solo("mission", "place", "m.db", "--count", "2")
    out = solo(*args)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_a_campaign_save_is_not_a_mission(solo):
    solo("cg", "new", "oto2", "--save", "c.db", "--seed", "1")
    out = solo("mission", "status", "c.db")
    assert out.returncode == 2 and "is a Campaign Game save" in out.stderr
    solo("mission", "new", "oto-s1", "--save", "m.db", "--seed", "1")
    out = solo("cg", "status", "m.db")
    assert out.returncode == 2 and "is a mission save" in out.stderr
