"""The player's actions (solo/sasl/action.py, issue 39): one dataclass each in one registry, whose JSON is what the
log always had, whose parse from the app's form gives what the CLI gives, and which the engine, the CLI, the app and
the VASL sync share."""

import dataclasses

import pytest

from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import MISSIONS, mission_of
from solo.sasl.action import Typed
from solo.sasl.actions import Confirm, Enter, Group, HexAction, Move, Remove, Result, Sw
from solo.sasl.engine import ACTIONS, TURN, Activate, EndTurn, NextPhase, Place, Report, actions_of
from solo.sasl.session import MissionSession
from solo.sasl.state import Mission
from solo.sasl.sync import Sync
from solo.sasl.words import Attitude

MISSION = Mission("oto-s1", "Breakthrough to Orsha", Attitude.HOLD)


@pytest.mark.parametrize("mission", sorted(MISSIONS))
def test_one_registry_by_word_every_mission_its_own_actions_too(mission):
    game = MISSIONS[mission]
    known = actions_of(game)
    assert list(known)[:len(ACTIONS)] == [a.do for a in ACTIONS]  # every mission's, its own, then the turn's
    assert list(known)[-len(TURN):] == ["phase", "turn"]
    assert all(known[a.do] is a for a in game.actions)
    assert all(dataclasses.is_dataclass(a) and a.__doc__ for a in known.values())


@pytest.mark.parametrize("action", [
    Place(2, []), Place(0, ["K5", "M2"]), Activate("S3", 4, "Vehicle", {"vpo": True, "level": -1}),
    Report({"vpo_friendly": 2}), Enter("Q1", ["5-2-7", "LMG"]), Group("coy1", ["G26"]), Move(["F1", "F2"], ["K5"]),
    Result("F3", "broken"), Sw("F4", None), Remove("S2"), Confirm("E4", "K6", "broken"), Confirm(),
    Sync([{"id": "1", "name": "5-2-7", "hex": "K5"}], True), NextPhase(), EndTurn({"rr": False}),
])
def test_an_action_is_its_json(action):
    raw = action.to_json()
    assert raw["do"] == action.do and set(raw) == {"do", *action.keys()}
    assert type(action).from_json(raw) == action


def test_the_json_the_log_always_had_reads_as_before():
    """The JSON the CLI built by hand before the dataclasses (and old answers files hold): the same action."""
    assert Enter.from_json({"do": "enter", "hex": "5A1", "units": ["5-2-7"]}) == Enter("5A1", ["5-2-7"])
    assert Group.from_json({"do": "group", "group": "coy1", "hexes": ["G26"]}) == Group("coy1", ["G26"])
    assert Sync.from_json({"do": "sync", "pieces": []}).confirm is None
    assert NextPhase.from_json({"do": "phase"}) == NextPhase()


def test_an_unknown_key_is_one_line_naming_what_the_action_takes():
    with pytest.raises(SoloError, match=r"^move: unknown key\(s\) hexes; it takes units, path$"):
        Move.from_json({"do": "move", "units": ["F1"], "hexes": ["K5"]})
    with pytest.raises(SoloError, match="it takes nothing more"):
        NextPhase.from_json({"do": "phase", "report": {}})


def test_the_app_forms_words_give_the_action_the_cli_gives():
    at = Typed(MISSION, cursor="K5", s="S3")
    assert Place.typed("3", at) == Place(3, []) and Place.typed("k5 m2", at) == Place(0, ["K5", "M2"])
    assert Activate.typed("3 vpo level=2 vehicle", at) == Activate("S3", 3, "Vehicle", {"vpo": True, "level": -2})
    assert Enter.typed("5-2-7 5-2-7 LMG q1", at) == Enter("Q1", ["5-2-7", "5-2-7", "LMG"])
    assert Enter.typed("50mm MTR, LMG", at) == Enter("K5", ["50mm MTR", "LMG"])  # commas: names with spaces
    assert Move.typed("F1 f2 K6 K7", at) == Move(["F1", "F2"], ["K6", "K7"])
    assert Move.typed("F1", at) == Move(["F1"], ["K5"])  # the cursor's hex
    assert Result.typed("f3 broken", at) == Result("F3", "broken")
    assert Sw.typed("F4 F2", at) == Sw("F4", "F2") and Sw.typed("F4", at) == Sw("F4", None)
    assert Remove.typed("s2", at) == Remove("S2")
    assert Confirm.typed("", at) == Confirm() and Confirm.typed("e4 broken", at) == Confirm("E4", None, "broken")
    assert Confirm.typed("E4 K6 broken", at) == Confirm("E4", "K6", "broken")
    assert Report.typed("vpo_friendly=2 no-rr road", at) == Report({"vpo_friendly": 2, "rr": False, "road": True})
    assert EndTurn.typed("", at) == EndTurn({})
    with pytest.raises(SoloError, match="give the range first"):
        Activate.typed("vpo", at)


def test_a_group_is_typed_in_the_enter_form(orsha):
    """The Enter form takes a whole group by its name: the form's words give a Group."""
    mission = MissionSession(mission_of(EventLog.open(orsha)), orsha).outcome.mission
    assert Enter.typed("coy 1 g26", Typed(mission)) == Group("coy1", ["G26"])
    assert Enter.typed("armor", Typed(mission, cursor="M27")) == Group("armor", ["M27"])


def test_a_missions_own_action_is_a_hex_action(orsha):
    kinds = mission_of(EventLog.open(orsha)).actions
    assert {a.do for a in kinds} == {"minefield", "wreck"} and all(issubclass(a, HexAction) for a in kinds)
    wreck = actions_of(mission_of(EventLog.open(orsha)))["wreck"]
    assert wreck.typed("", Typed(MISSION, cursor="K14")) == wreck("K14")
    with pytest.raises(SoloError, match="give the wreck's hex, e.g. K14"):
        wreck.typed("", Typed(MISSION))
