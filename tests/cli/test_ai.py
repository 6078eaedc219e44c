"""`solo ai decide` from a situation file: the JSON names, and one-line errors."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import VASL_BOARDS

NO_BOARDS = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")

SITUATION = """
boards = ["4"]
objectives = ["4M2"]
ebe = "west"
[[enemy]]
id = "E1"
unit = "4-6-7"
hex = "4M2"
attitude = "hold"
[[enemy]]
id = "E2"
unit = "4-6-7"
hex = "4K5"
attitude = "advance"
[[friendly]]
id = "F1"
unit = "4-5-8"
hex = "4R5"
"""


@pytest.fixture
def solo(tmp_path):
    def run(*args):
        env = {**os.environ, "SOLO_CONFIG": str(tmp_path / "config"), "SOLO_CACHE": str(tmp_path / "cache"),
               "SOLO_VASL_BOARDS": str(VASL_BOARDS)}
        return subprocess.run([sys.executable, "-m", "solo.cli", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path)
    return run


@NO_BOARDS
def test_decide_json_keeps_its_names(solo, tmp_path):
    (tmp_path / "s.toml").write_text(SITUATION)
    out = solo("ai", "decide", "s.toml", "--json")
    assert out.returncode == 0, out.stderr
    decisions = json.loads(out.stdout)["decisions"]
    assert [d["unit"] for d in decisions] == ["E1", "E2"]
    for d in decisions:
        assert set(d) >= {"unit", "action", "path", "end", "why", "candidates"} and d["path"][-1] == d["end"]
        assert all(set(c) >= {"end", "score", "parts"} for c in d["candidates"])
    text = solo("ai", "decide", "s.toml", "--phase", "defensive").stdout
    assert "E1 4-6-7" in text


@pytest.mark.parametrize("content, message", [
    pytest.param("boards = [\"4\"]\n[[enemy]]\nid = \"E1\"\nunit = \"4-6-7\"\nhex = \"4Z99\"", "no hex",
                 marks=NO_BOARDS),
    ("boards = []", "give the boards"),
    ("boards = [", "not valid TOML"),
])
def test_errors(solo, tmp_path, content, message):
    (tmp_path / "bad.toml").write_text(content)
    out = solo("ai", "decide", "bad.toml")
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


@NO_BOARDS
def test_decide_for_a_saved_mission(solo, tmp_path):
    assert solo("mission", "new", "oto-s2", "--save", "m.db", "--seed", "5").returncode == 0
    assert solo("mission", "activate", "m.db", "--s", "S1", "--range", "1").returncode == 0
    out = solo("ai", "decide", "--mission", "m.db", "--json")
    assert out.returncode == 0, out.stderr
    decisions = json.loads(out.stdout)["decisions"]
    assert decisions and all(d["path"][0] == "13Q1" for d in decisions)
