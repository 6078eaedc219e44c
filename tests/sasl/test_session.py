"""MissionSession (solo/sasl/session.py, issue 39): a save replayed once, each action then taken live on it, writes
the same events and reaches the same state as the engine run over the whole log for each action; another command's
write is seen before the next action; a refused action keeps nothing."""

import shutil

import pytest

from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import enemy_ai, mission_of, run_mission
from solo.sasl.engine import status_json
from solo.sasl.session import MissionSession

CONFIRM = {"do": "enemy", "unit": None, "stop": None, "result": None}


def _next(outcome) -> dict:
    """The ENEMY's moves confirmed when they wait, else the next phase."""
    return CONFIRM if outcome.mission.pending else {"do": "phase"}


def _events(path) -> list[dict]:
    return [e.to_json() for e in EventLog.open(path).events]


def test_a_session_plays_as_the_whole_replay_does(orsha, tmp_path):
    whole = tmp_path / "whole.db"
    shutil.copy(orsha, whole)
    session = MissionSession(mission_of(EventLog.open(orsha)), orsha, enemy_ai)
    for _ in range(30):  # through the ENEMY's decisions, its moves confirmed, the Random Events of two Game Turns
        before = run_mission(EventLog.open(whole), frozen=True)
        with EventLog.writing(whole) as log:
            run_mission(log, {"action": _next(before)})
        with session.writing() as log:
            kept = session.act(log, _next(session.outcome))
        assert _events(orsha) == _events(whole)
        assert status_json(kept) == status_json(run_mission(EventLog.open(whole), frozen=True))
    assert session.outcome.mission.turn >= 2


def test_another_commands_write_is_replayed_before_the_next_action(orsha):
    session = MissionSession(mission_of(EventLog.open(orsha)), orsha, enemy_ai)
    with EventLog.writing(orsha) as log:  # the CLI, while the app shows the save
        run_mission(log, {"action": {"do": "phase"}})
    with session.writing() as log:
        done = session.act(log, _next(run_mission(EventLog.open(orsha), frozen=True)))
    assert status_json(done) == status_json(run_mission(EventLog.open(orsha), frozen=True))


def test_a_refused_action_keeps_nothing(orsha):
    session = MissionSession(mission_of(EventLog.open(orsha)), orsha, enemy_ai)
    before = _events(orsha)
    with pytest.raises(SoloError, match="an action is"), session.writing() as log:
        session.act(log, {"do": "fly"})
    assert _events(orsha) == before
    with session.writing() as log:
        session.act(log, {"do": "phase"})
    assert status_json(session.outcome) == status_json(run_mission(EventLog.open(orsha), frozen=True))
