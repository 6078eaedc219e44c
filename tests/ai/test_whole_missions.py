"""Issue 34 Done-when: whole scripted missions against the ENEMY (tests/ai/whole_mission.py), every ENEMY decision
carried out checked against the rules with the Player Turn's record: 0 that break the sequence of play, every S? a
Random Event brings on a hex of the map, S? that move when they are in Advance. The plain run plays one OtO-S2 and one
OtO-S1 mission; `pytest -m long tests/ai/test_whole_missions.py` plays 25 of each."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from tests.ai.whole_mission import checked, play_whole
from tests.conftest import VASL_BOARDS

needs_boards = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards is absent")


def new(tmp_path, mission_id: str, seed: int):
    path = tmp_path / f"{mission_id}-{seed}.db"
    EventLog.create(path, {"mission": mission_id, "seed": seed, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    return path


def whole(tmp_path, monkeypatch, mission_id: str, seed: int):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = new(tmp_path, mission_id, seed)
    o = play_whole(path)
    assert o.mission.ended, "the mission reaches its end"
    report = checked(path, monkeypatch)
    assert report.illegal == [], "\n".join(report.illegal[:20])
    m = o.mission
    for s in m.s:  # every S? a Random Event brought stands on a hex of the map
        if s.origin == "reinforcement" and s.status == "hidden":
            assert o.map.name(s.where), f"{s.id} has no hex: {s.where}"
    if report.advance_s_phases:  # an ENEMY MPh came with Advance S? on the map: they moved
        assert report.s_moves > 0
    return report


@needs_boards
@pytest.mark.parametrize("mission_id, seed", [("oto-s2", 3), ("oto-s1", 5)])
def test_a_whole_mission_keeps_the_sequence_of_play(tmp_path, monkeypatch, mission_id, seed):
    assert whole(tmp_path, monkeypatch, mission_id, seed).carried_out > 0  # these two see the ENEMY act


@needs_boards
@pytest.mark.long
@pytest.mark.parametrize("mission_id", ["oto-s2", "oto-s1"])
@pytest.mark.parametrize("seed", range(101, 126))
def test_fifty_whole_missions_keep_the_sequence_of_play(tmp_path, monkeypatch, mission_id, seed):
    whole(tmp_path, monkeypatch, mission_id, seed)
