"""SASL missions, what every mission shares: the mission tables against their exact odds, the AC dr, the phases
of a Game Turn, undo, and refused actions."""

from collections import Counter

import pytest

from solo.core.store import EventLog
from solo.games import mission, run_mission
from solo.rules import default_catalog
from solo.rules.odds import odds
from solo.sasl import activation, setup
from tests.mission import act, ctx, hidden_s, started


@pytest.mark.parametrize("mission_id", ["oto-s1", "oto-s2"])
def test_mission_tables_match_their_exact_odds(mission_id):
    """12.32: over 3,000 seeds each mission table's results fall within 4 sigma of their exact odds."""
    n = 3000
    counts = {key: Counter() for key in setup.MISSION_TABLES}
    for seed in range(n):
        x = ctx(mission_id, seed=seed)
        setup.mission_tables(x)
        for key in setup.MISSION_TABLES:
            counts[key][str(x.m.tables[key])] += 1
    defn = mission(mission_id).definition
    for key in setup.MISSION_TABLES:
        for result, p in odds(default_catalog(), defn["tables"][key]):
            seen = counts[key][result.split()[-1]] / n
            sigma = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(seen - float(p)) <= 4 * sigma + 1e-9, (key, result, seen, float(p))


def test_ac_check_by_range_bracket():
    # Range 1: automatic. Range 5 (bracket <= 0) with AC# 3: dr 3 - 3 = 0 Activates, dr 4 does not.
    x = ctx(faces=[3, 4])
    s = hidden_s(x)
    assert activation.ac_check(x, s, 1, "Infantry", {})[0]
    assert activation.ac_check(x, s, 5, "Infantry", {})[0]
    assert not activation.ac_check(x, s, 5, "Infantry", {})[0]
    assert not activation.ac_check(x, s, 6, "Vehicle", {})[0]  # no bracket for a vehicle beyond range 4


def test_phases_run_friendly_then_enemy_and_end_the_turn(tmp_path):
    path = started(tmp_path)
    seen = [run_mission(EventLog.open(path), frozen=True).mission.phase]
    for _ in range(16):
        outcome = act(path, {"do": "phase"})
        seen.append(outcome.mission.phase)
    assert seen[:3] == ["FRIENDLY RPh", "FRIENDLY PFPh", "FRIENDLY MPh"] and seen[8] == "ENEMY RPh"
    assert seen[16] == "FRIENDLY RPh" and outcome.mission.turn == 2  # after the ENEMY CCPh the turn ended


def test_undo_the_last_action_keeps_the_dice(tmp_path):
    path = started(tmp_path)
    first = act(path, {"do": "activate", "s": "S2", "range": 4})
    log = EventLog.open(path)
    log.undo_last_answer()
    again = act(path, {"do": "activate", "s": "S2", "range": 4})
    assert again.last == first.last


def test_bad_actions_are_one_clear_line(tmp_path):
    from solo.core.errors import SoloError
    path = started(tmp_path)
    with pytest.raises(SoloError, match="no S\\? 'S9'"):
        act(path, {"do": "activate", "s": "S9", "range": 2})
    with pytest.raises(SoloError, match="within 16 hexes"):
        act(path, {"do": "activate", "s": "S1", "range": 20})


def test_a_refused_action_leaves_the_save_playable(tmp_path):
    from solo.core.errors import SoloError
    path = started(tmp_path)
    count = len(EventLog.open(path))
    for bad in ({"do": "activate", "s": "S1", "range": 17},
                {"do": "activate", "s": "S1", "range": 2, "mods": {"level": -5}}):
        with pytest.raises(SoloError):
            act(path, bad)
        assert len(EventLog.open(path)) == count  # nothing was written
    assert act(path, {"do": "activate", "s": "S1", "range": 1}).mission.s[0].status == "activated"


def test_a_bad_report_is_refused_before_it_is_written(tmp_path):
    from solo.core.errors import SoloError
    path = started(tmp_path)
    count = len(EventLog.open(path))
    for report in ({"vpo_freindly": 2}, {"vpo_friendly": -1}, {"rr": 3}):
        with pytest.raises(SoloError, match="report"):
            act(path, {"do": "turn", "report": report})
    assert len(EventLog.open(path)) == count
