"""Issue 21, "Done when": 0 illegal purchases and 0 float comparisons in purchase code over 10,000 random RePh states,
in all four CGs.

The states are those of whole campaigns played by random-legal policies on both sides (solo/games/policies.py) over
the stand-in scenario model: at every question of the RePh the computer's heuristic is asked too, its answer is held
to the question's own parser (as Play.ask holds the computer to the rules), and the random answer is played on, so the
next states stay random. The plain run plays a few campaigns per CG; `-m long` plays until 10,000 purchase states per
CG have been asked.

The float check reads the computer's decision code (solo/ai, solo/games/<cg>/computer.py): no float literal and no
true division outside the text shown to the player (an f-string, `shown`), so every score that decides is whole."""

import ast
from pathlib import Path

import pytest

from solo.campaign.simulate import simulate_campaign
from solo.core.play import Question
from solo.games import CAMPAIGNS, campaign
from solo.games.policies import decider
from tests.reph import PACKS

ROOT = Path(__file__).parents[2] / "solo"
DECISION_CODE = sorted([*(ROOT / "ai").glob("reph.py"), *(ROOT / "ai").glob("chits.py"),
                        *(ROOT / "games").glob("*/computer.py")])


def _use_pack(cg, pack):
    if (PACKS / cg).is_dir():
        pack(cg)


def _play(cg: str, seed: int, asked: dict) -> None:
    """One campaign of random-legal play; the heuristic answers every question beside it, checked."""
    game = campaign(cg)

    def checking(side: str):
        rand = decider("random", game.decide, side, seed)

        def decide(who: str, q: Question):
            reply = game.decide(who, q)
            q.parse(reply.value)  # an illegal answer is a SoloError: the test fails with it
            assert reply.why, (q.key, reply)
            asked[q.key] = asked.get(q.key, 0) + 1
            return rand(who, q)
        return decide
    simulate_campaign(game, seed, variant=next(iter(game.definition.variants), None),
                      deciders={side: checking(side) for side in game.definition.sides})


@pytest.mark.parametrize("cg", sorted(CAMPAIGNS))
def test_the_heuristic_answers_legally_in_random_reph_states(cg, pack):
    _use_pack(cg, pack)
    asked = {}
    for seed in range(1, 4):
        _play(cg, seed, asked)
    assert asked.get("purchase", 0) >= 6, asked


@pytest.mark.long
@pytest.mark.parametrize("cg", sorted(CAMPAIGNS))
def test_ten_thousand_random_purchase_states_per_cg(cg, pack):
    _use_pack(cg, pack)
    asked, seed = {}, 0
    while asked.get("purchase", 0) < 10_000:
        seed += 1
        _play(cg, seed, asked)
    assert asked["purchase"] >= 10_000


def _floats(path: Path) -> list[str]:
    """Float literals and true divisions in ``path`` outside f-strings and `shown` (the text the player reads) and
    `milli` (a weight read into whole thousandths)."""
    found = []

    where = path.relative_to(ROOT)

    def visit(node):
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.FunctionDef) and node.name == "shown"):
            return
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "milli":
            return  # a weight read once into whole thousandths
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            found.append(f"{where}:{node.lineno} float {node.value}")
        path_join = isinstance(getattr(node, "right", None), ast.JoinedStr) or \
            isinstance(getattr(getattr(node, "right", None), "value", None), str)  # a folder / a file's name
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.Div) and not path_join:
            found.append(f"{where}:{node.lineno} true division")
        for child in ast.iter_child_nodes(node):
            visit(child)
    visit(ast.parse(path.read_text()))
    return found


def test_no_float_decides_in_the_computers_decision_code():
    """Issue 21 (`0.4000000000000001 > 0.4` bought a G4): scores are whole thousandths (solo/ai/reph.py milli)."""
    assert DECISION_CODE
    found = [hit for path in DECISION_CODE for hit in _floats(path)]
    assert not found, found
