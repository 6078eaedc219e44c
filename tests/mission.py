"""A mission context over an in-memory event log with the faces a test wants rolled, and a mission save a test
plays action by action."""

import itertools

from solo.core.dice import TypedDice
from solo.core.play import Play
from solo.core.sides import Human
from solo.core.store import EventLog
from solo.games import mission, run_mission
from solo.rules import default_catalog
from solo.rules.resolve import resolve
from solo.sasl.context import Ctx
from solo.sasl.state import Mission

TURN = {"do": "turn"}
RE_ANSWERS = {"counterattack_s": [], "counterattack_units": [], "minefield": True, "broken": False,
              "oba_radio": "motorcycle"}


def ctx(mission_id="oto-s1", faces=(), seed=1, answers=None) -> Ctx:
    log = EventLog.create(":memory:", {"mission": mission_id, "seed": seed})
    log.type_faces(list(faces))
    log.typed_secrets = True  # the test fixes every face, the computer's secret rolls too
    game = mission(mission_id)
    defn = game.definition
    m = Mission(defn["id"], defn["title"], defn["attitude"])
    return Ctx(Play(log, seed, {"table": Human(answers)}, default_catalog()), m, game)


def faces_for(table_id, wanted, mods=None, column=None):
    """Dice faces that give ``wanted`` on a table (with its chains' first faces), found by trying them all."""
    cat = default_catalog()
    table = cat.get(table_id)
    count = 1 if table.roll == "dr" else 2
    for faces in itertools.product(range(1, 7), repeat=count):
        trace = resolve(cat, table_id, TypedDice(list(faces) + [1] * 8), column, mods)
        if trace.result == wanted:
            return list(faces)
    raise AssertionError(f"no faces give {wanted!r} on {table_id}")


def new(tmp_path, mission_id="oto-s1", seed=1, name="m.db"):
    path = tmp_path / name
    EventLog.create(path, {"mission": mission_id, "seed": seed})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    return path


def act(path, action, **answers):
    return run_mission(EventLog.open(path), {"action": action, **RE_ANSWERS, **answers})


def hidden_s(x, attitude="Hold"):
    """An S? in 12F3 with the ENEMY AC# 3."""
    x.m.tables["enemy_ac"] = 3
    return x.m.new_s("12F3", attitude)


def started(tmp_path, mission_id="oto-s1"):
    """A new mission with three S? placed."""
    path = new(tmp_path, mission_id)
    act(path, {"do": "place", "count": 3, "hexes": []})
    return path


def play_to_end(path, **report):
    """End Game Turns with the same report until the mission ends."""
    for _ in range(40):
        outcome = act(path, {"do": "turn", "report": report})
        if outcome.mission.ended:
            return outcome
    raise AssertionError("the mission never ended")


def on_boards(mission_id: str, seed: int, answers: dict | None = None) -> Ctx:
    """A mission set up on the player's VASL boards (tests/conftest.py VASL_BOARDS), its context kept for a test to
    act on in one process (``act_on``), without replaying the save for each action."""
    from solo.board.cache import load_board
    from solo.sasl import engine
    from tests.conftest import VASL_BOARDS
    log = EventLog.create(":memory:", {"mission": mission_id, "seed": seed, "vasl_boards": str(VASL_BOARDS)})
    game = mission(mission_id)
    defn = game.definition
    m = Mission(defn["id"], defn["title"], defn["attitude"])
    x = Ctx(Play(log, seed, {"table": Human({"entry_edge": "North", **(answers or {})})}, default_catalog()), m, game)
    engine.setup_mission(x, lambda board: load_board(VASL_BOARDS, board))
    return x


def act_on(x: Ctx, raw: dict) -> dict:
    """The player's action on ``x``, checked as the engine checks it (one line if refused, nothing changed), then
    done."""
    from solo.sasl import engine
    return engine.do(x, engine._action(x)(raw))
