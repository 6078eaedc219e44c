"""The CLI as a player meets it: text, --json, and one-line errors with exit code 2."""

import json
import os
import subprocess
import sys

import pytest

PACK = """
[[table]]
id = "pack.weather"
title = "Weather Table"
rule = "7.517"
roll = "DR"
[[table.row]]
roll = "<=3"
result = "Rain"
[[table.row]]
roll = "4-7"
result = "Overcast"
[[table.row]]
roll = ">=8"
result = "Clear"
then = ["pack.wind"]
[[table.modifier]]
name = "overcast"
label = "If previous CG Date was Overcast"
value = -1

[[table]]
id = "pack.wind"
title = "Wind"
rule = "B25.63"
roll = "dr"
[[table.row]]
roll = "1-3"
result = "No Wind"
[[table.row]]
roll = "4-6"
result = "Mild Breeze"
"""


@pytest.fixture
def solo(tmp_path):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "pack.toml").write_text(PACK)

    def run(*args):
        env = {**os.environ, "SOLO_CONFIG": str(tmp_path)}
        return subprocess.run([sys.executable, "-m", "solo.cli", *args], capture_output=True, text=True, env=env)
    run.config = tmp_path
    return run


def test_roll_json_keeps_its_names(solo):
    out = solo("roll", "pack.weather", "--dice", "5,4", "--dice", "2", "--mod", "overcast", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["table"] == "pack.weather" and data["rule"] == "7.517"
    assert data["dice"] == [5, 4] and data["original"] == 9 and data["final"] == 8
    assert data["modifiers"] == [{"name": "overcast", "label": "If previous CG Date was Overcast", "value": -1}]
    assert data["result"] == "Clear" and data["footnotes"] == []
    assert data["subrolls"][0]["dice"] == [2] and data["subrolls"][0]["result"] == "No Wind"


def test_roll_text(solo):
    out = solo("roll", "pack.weather", "--dice", "1,2")
    assert out.returncode == 0
    assert "colored 1, white 2: Original DR 3" in out.stdout and "Final DR 3 (row <=3): Rain" in out.stdout


def test_seeded_rolls_repeat(solo):
    first = solo("roll", "pack.weather", "--seed", "11", "--json").stdout
    assert first == solo("roll", "pack.weather", "--seed", "11", "--json").stdout


def test_odds_json(solo):
    out = solo("odds", "pack.weather", "--json")
    data = json.loads(out.stdout)
    p = {o["result"]: o["p"] for o in data["outcomes"]}
    assert p["Rain"] == pytest.approx(3 / 36)
    assert p["Clear → No Wind"] == pytest.approx(15 / 36 / 2)
    assert sum(p.values()) == pytest.approx(1)


def test_tables_list_and_show(solo):
    listed = json.loads(solo("tables", "list", "--json").stdout)
    assert {"id": "pack.wind", "title": "Wind", "rule": "B25.63", "source": "table pack", "roll": "dr"} in listed
    shown = solo("tables", "show", "pack.weather")
    assert "--mod overcast" in shown.stdout and "(then roll pack.wind)" in shown.stdout


@pytest.mark.parametrize("args, message", [
    (["roll", "pack.wether"], "unknown table 'pack.wether'; did you mean pack.weather"),
    (["roll", "pack.weather", "--dice", "7,1"], "bad die face 7"),
    (["roll", "pack.weather", "--dice", "3"], "needs one more die"),
    (["roll", "pack.weather", "--dice", "3,3,3"], "left over"),
    (["roll", "pack.weather", "--mod", "sunny"], "has no modifier 'sunny'"),
    (["roll", "pack.weather", "--column", "German"], "has no columns"),
    (["odds", "nosuch.table"], "unknown table"),
    (["tables", "show", "nosuch"], "unknown table"),
])
def test_player_errors_are_one_line_exit_2(solo, args, message):
    out = solo(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_a_broken_pack_file_is_one_line(solo):
    """Issue 24: a broken pack stops only what uses it; 'tables check' names it in one line."""
    (solo.config / "tables" / "broken.toml").write_text("[[table]\nid=")
    out = solo("tables", "list")
    assert out.returncode == 0 and "your table pack has 1 problem(s): 'solo tables check'" in out.stdout
    out = solo("tables", "check")
    assert out.returncode == 2 and out.stdout.count("broken.toml: not valid TOML") == 1
    out = solo("roll", "pack.nothing")
    assert out.returncode == 2 and "your table pack has problems" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_check_lists_every_problem(solo, tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "a.toml").write_text(PACK.replace('"4-7"', '"5-7"').replace('"4-6"', '"5-6"'))
    out = solo("tables", "check", str(bad))
    assert out.returncode == 2
    assert "pack.weather: no row for Final 4" in out.stdout and "pack.wind: no row for Final 4" in out.stdout


@pytest.mark.parametrize("args, says", [
    (["roll", "oto2.recon", "--seed", "-1"], "Invalid value for '--seed'"),
    (["boards", "cross-roads", "--seed", "-1"], "Invalid value for '--seed'"),
    (["roll", "oto2.recon", "--dice", "²"], "bad die face '²'"),
])
def test_bad_seed_and_dice_are_one_line_exit_2(args, says):
    """Issue 24: a negative seed and non-ASCII digits were tracebacks (exit 1)."""
    out = subprocess.run([sys.executable, "-m", "solo.cli", *args], capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and says in out.stderr and out.stderr.startswith("solo: ")


def test_solo_help_lists_each_command_by_its_own_help_without_importing_it():
    """Issue 22: `solo --help` imports no command group; the line it shows for each is that command's own help."""
    import subprocess
    import sys

    from solo.cli import COMMANDS
    for name, (command, short) in COMMANDS.items():
        assert command().get_short_help_str(200) == short, name
    code = ("import sys; from solo.cli import main; sys.argv = ['solo', '--help']\ntry:\n    main()\nexcept "
            "SystemExit:\n"
            "    pass\nheavy = [m for m in ('numpy', 'networkx', 'textual', 'solo.games', 'solo.rules') if m in "
            "sys.modules]\nprint('HEAVY', heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "HEAVY []" in out.stdout and "mission" in out.stdout, out.stdout + out.stderr
