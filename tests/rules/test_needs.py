"""Issue 39, packs that cannot break a save: a player's table is checked against what solo reads of the stand-in it
replaces (solo/rules/needs.py), and a mission's own DRM on a core table are the mission's (OtO-S2 MSR 1, OtO-S1's
Armor Leaders), so that a rulebook table typed in without the stand-ins' modifiers plays every mission."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w

from solo.core.store import EventLog
from solo.games import MISSIONS
from solo.rules import default_catalog
from tests.mission import act, play_to_end, started
from tests.rulebook import RULEBOOK, as_typed, stand_in


def write_pack(config: Path, tables: list[dict]) -> Path:
    folder = config / "tables"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.toml").write_text(tomli_w.dumps({"table": tables}))
    return config


@pytest.fixture
def rulebook_pack(tmp_path, monkeypatch):
    """The player's A1, G2, A11 and R3 without the modifiers the stand-ins once carried for the missions."""
    config = write_pack(tmp_path / "config", [as_typed(t) for t in RULEBOOK])
    monkeypatch.setenv("SOLO_CONFIG", str(config))
    default_catalog.cache_clear()
    yield config
    default_catalog.cache_clear()


def test_no_stand_in_carries_a_mission_s_own_drm():
    """tables/core names no mission's DRM: MSR 1 of OtO-S2 and OtO-S1's AL DRM are in their mission files."""
    for table_id in RULEBOOK:
        assert not stand_in(table_id).get("modifier"), table_id


@pytest.mark.parametrize("mission_id", sorted(MISSIONS))
def test_every_mission_plays_with_a_rulebook_pack_without_the_stand_ins_modifiers(mission_id, rulebook_pack,
                                                                                   tmp_path):
    """Done when: the player's A1, G2 and A11 without the stand-ins' modifiers: every shipped mission plays (its S?
    Activated, its Random Events, to Mission End), rolling on the player's tables with the mission's own DRM."""
    cat = default_catalog()
    assert not cat.errors and all(cat.get(t).pack for t in RULEBOOK)
    path = started(tmp_path, mission_id)
    for s in ("S1", "S2", "S3"):
        act(path, {"do": "activate", "s": s, "range": 0})
    assert play_to_end(path).mission.ended
    rolls = [e.data for e in EventLog.open(path).events if e.kind == "roll" and "trace" in e.data]
    mine = [r for r in rolls if r["trace"]["title"].endswith("(my rulebook)")]
    assert {r["what"] for r in mine} & {"sasl.a1", "sasl.g2"}
    if mission_id == "oto-s2":  # MSR 1: +1 on A1, +3 on G2, from the mission file
        a1 = [r for r in mine if r["what"] == "sasl.a1"]
        assert a1 and all(m["name"] == "msr-1" and m["value"] == 1 for r in a1 for m in r["trace"]["modifiers"])
        g2 = [r for r in mine if r["what"] == "sasl.g2"]
        assert g2 and all([m["value"] for m in r["trace"]["modifiers"]] == [3] for r in g2)


def test_oto_s1_armor_leaders_keep_their_drm_on_the_player_s_r3(rulebook_pack, tmp_path):
    """OtO-S1 FRIENDLY OoB "AL x 3 (an additional -1 DRM for all AL rolls on table R3)": the mission's [[drm]], on the
    Armor Leader column of whichever R3 plays."""
    path = started(tmp_path, "oto-s1")
    rolls = [e.data["trace"] for e in EventLog.open(path).events if e.kind == "roll" and e.data["what"] == "sasl.r3"]
    armor = [t for t in rolls if t["column"] == "Armor Leader"]
    assert armor and all([(m["name"], m["value"]) for m in t["modifiers"]] == [("al", -1)] for t in armor)
    assert all(not t["modifiers"] for t in rolls if t["column"] == "Leader")


BROKEN = [
    ("sasl.ac_dr", {"modifier": [m for m in stand_in("sasl.ac_dr")["modifier"] if m["name"] != "vpo"]},
     "table sasl.ac_dr: solo needs its modifier(s) vpo (as the stand-in in"),
    ("sasl.r3", {"columns": ["Leader"], "row": [r for r in stand_in("sasl.r3")["row"] if "Leader" in r["results"]]},
     "table sasl.r3: solo needs its column(s) Armor Leader"),
    ("sasl.g2", {"row": [r | {"result": "Elite squad"} for r in stand_in("sasl.g2")["row"]]},
     "table sasl.g2: row <=3 gives 'Elite squad': solo reads a squad type (FP-range-morale, e.g. 4-6-7) there"),
    ("sasl.a6a", {"row": [r | {"result": "one"} for r in stand_in("sasl.a6a")["row"]]},
     "table sasl.a6a: row 1-3 gives 'one': solo reads a whole number there"),
    ("sasl.a1", {"row": [r | {"result": "S, AFV"} for r in stand_in("sasl.a1")["row"]]},
     "table sasl.a1: row <=2 gives 'S, AFV': solo reads a list of S, HS, L, SW, F, GUN, VEHICLE (AFV: none of them)"),
    ("sasl.a9e", {"roll": "DR", "row": [{"roll": "<=6", "result": "1"}, {"roll": ">=7", "result": "2"}]},
     "table sasl.a9e: solo rolls it as roll = 'dr', not 'DR'"),
]


@pytest.mark.parametrize("table_id, change, line", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_pack_table_without_what_solo_reads_is_one_line_naming_it(table_id, change, line, tmp_path):
    """`solo tables check` names what is missing in one line and exits 2; a roll on it is refused the same way, and
    nothing else is stopped."""
    config = write_pack(tmp_path / "config", [as_typed(table_id, **change)])
    env = {**os.environ, "SOLO_CONFIG": str(config), "SOLO_CACHE": str(tmp_path / "cache")}
    check = subprocess.run([sys.executable, "-m", "solo.cli", "tables", "check"], capture_output=True, text=True,
                           env=env)
    assert check.returncode == 2 and "Traceback" not in check.stderr
    assert [ln for ln in check.stdout.splitlines() if table_id in ln] == [ln for ln in check.stdout.splitlines()
                                                                            if line in ln]
    assert len(check.stdout.splitlines()) == 1
    roll = subprocess.run([sys.executable, "-m", "solo.cli", "roll", table_id], capture_output=True, text=True, env=env)
    assert roll.returncode == 2 and line in roll.stderr and "Traceback" not in roll.stderr
    other = subprocess.run([sys.executable, "-m", "solo.cli", "roll", "sasl.r9"], capture_output=True, text=True,
                           env=env)
    assert other.returncode == 0, other.stderr


def test_a_pack_table_that_gives_what_solo_reads_and_more_is_fine(tmp_path):
    """A rulebook table may print more modifiers and columns than the stand-in: solo needs only its own."""
    ac_dr = stand_in("sasl.ac_dr")
    extra = {"modifier": ac_dr["modifier"] + [{"name": "night", "label": "Night", "value": 1}]}
    config = write_pack(tmp_path / "config", [as_typed("sasl.ac_dr", **extra), as_typed("sasl.a1")])
    env = {**os.environ, "SOLO_CONFIG": str(config), "SOLO_CACHE": str(tmp_path / "cache")}
    check = subprocess.run([sys.executable, "-m", "solo.cli", "tables", "check"], capture_output=True, text=True,
                           env=env)
    assert check.returncode == 0, check.stdout


def test_a_pack_table_the_texts_lack_has_the_roll_and_columns_the_inventory_gives(tmp_path):
    """A table no stand-in stands for (RB's Leader Determination tables, 11.6205) is checked against its inventory
    entry's shape, the structure solo reads: without the Russian column it is one line, exit 2."""
    leaders = {"id": "rb.leader_table", "title": "Leaders (my rulebook)", "rule": "11.6205", "roll": "DR",
               "columns": ["German"], "row": [{"roll": "<=6", "results": {"German": "9-1"}},
                                              {"roll": ">=7", "results": {"German": "8-0"}}]}
    config = write_pack(tmp_path / "config", [leaders])
    env = {**os.environ, "SOLO_CONFIG": str(config), "SOLO_CACHE": str(tmp_path / "cache")}
    check = subprocess.run([sys.executable, "-m", "solo.cli", "tables", "check"], capture_output=True, text=True,
                           env=env)
    assert check.returncode == 2
    assert check.stdout.splitlines() == [f"{config / 'tables' / 'pack.toml'}: table rb.leader_table: solo needs its "
                                         "column(s) Russian (as tables/inventory gives them)"]


def test_a_pack_a_save_recorded_before_the_check_replays_as_it_was(tmp_path):
    """A pack an older save recorded (issue 40) is read as it was, unchecked: a recorded Activation brackets chart
    without the Vehicle column solo now needs still replays the save (its Infantry checks read it), to the same
    state."""
    from solo.games import run_mission
    from solo.sasl.engine import status_json

    path = started(tmp_path, "oto-s1")
    for s in ("S1", "S2", "S3"):
        act(path, {"do": "activate", "s": s, "range": 3})
    before = status_json(run_mission(EventLog.open(path), frozen=True))
    brackets = as_typed("sasl.ac_brackets", columns=["Infantry"])
    brackets["row"] = [row | {"results": {"Infantry": row["results"]["Infantry"]}} for row in brackets["row"]]
    log = EventLog.open(path)
    assert [p["tables"] for p in log.packs] == [{}]
    with log._db:
        log._write_meta(packs=[{"from": log.packs[0]["from"], "tables": {"sasl.ac_brackets": brackets}}])
    default_catalog.cache_clear()
    assert status_json(run_mission(EventLog.open(path), frozen=True)) == before
