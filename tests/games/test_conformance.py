"""The game contract (issue 39), checked over the registry (solo/games/__init__.py): every Campaign Game keeps
solo/campaign/game.py's CampaignRules and every mission solo/sasl/game.py's MissionGame; every step of a CG and every
mission's set-up, actions and Random Events cite the rule they play; every table a game names loads, with the player's
pack where the texts lack it and, without one, a new game says in one line which table to add; a side playing
random-legal plays a whole campaign from what each question gives (its examples read as typed), none of it left to
the game's own computer; and a random-legal FRIENDLY player (tests/games/mission_player.py) plays every mission to its
end through MissionSession, against the ENEMY AI where the mission's map has LOS.

Beside this suite, over the same registry: an old save of each game replays (tests/games/test_old_saves.py), with and
without a rulebook pack; greedy-cheapest plays whole campaigns too (tests/campaign/test_policies.py); whole missions
against the ENEMY AI (tests/ai/test_whole_missions.py).
"""

import inspect
import random
import re
import shutil
from pathlib import Path

import pytest

from solo.campaign.engine import run, start_meta
from solo.campaign.game import CampaignRules
from solo.campaign.reph import load_campaign
from solo.campaign.simulate import policy_deciders, simulate_campaign
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import CAMPAIGNS, MISSIONS, enemy_ai
from solo.games.policies import decider
from solo.rules import default_catalog
from solo.sasl.action import Action
from solo.sasl.engine import ACTIONS, TURN, actions_of, status_json
from solo.sasl.game import MissionGame
from solo.sasl.session import MissionSession
from tests.conftest import VASL_BOARDS
from tests.games.mission_player import Player, new_save
from tests.reph import PACKS

DRILL = Path(__file__).parents[1] / "fixtures" / "games" / "drill"
# a rule as the texts cite it: 7.520, 11.6206, A8.1, CG13, IHSR 5, MSR 8, RE 37-40, or a Random Event's own numbers
RULE = re.compile(r"\b\d+\.\d+|\b[A-G]\d+(?:\.\d+)*\b|\b(?:CG|IHSR|MSR|SSR|RE) ?\d+"
                  r"|^(?:ENEMY |FRIENDLY )?\d\d(?:-\d\d)?\b")


# the words of a refusal of an answer's form (issue 23: an example the player cannot type as shown)
SYNTAX = ("give a list", "give a table", "answer ", "unknown option", "write the facts as", "give true or false",
          "give a text", "RG entry", "give the number")


def cites(func) -> bool:
    return bool(RULE.search(inspect.getdoc(func) or ""))


@pytest.fixture(params=[*sorted(CAMPAIGNS), "drill"])
def cg(request, pack):
    """Each Campaign Game, on the first CG of its family (RB, VotG and ABtF with their TEST pack), and a fifth made
    for this suite (tests/fixtures/games/drill), which joins solo as a game does: its package, its campaign file, its
    charts and one line in the registry."""
    if request.param == "drill":
        return request.getfixturevalue("drill")
    if (PACKS / request.param).is_dir():
        pack(request.param)
    return CAMPAIGNS[request.param]


@pytest.fixture
def drill(monkeypatch, tmp_path):
    """Drill installed: the shipped content with its campaign file and charts beside the others (as solo's own
    missions/ and tables/ hold a game's), its GAME in the registry."""
    from solo.core import content
    from tests.fixtures.games.drill import GAME
    for folder in ("missions", "tables", "ai"):
        shutil.copytree(content.content_dir(folder), tmp_path / folder)
    shutil.copy(DRILL / "drill.toml", tmp_path / "missions")
    shutil.copytree(DRILL / "tables", tmp_path / "tables" / "drill")
    monkeypatch.setattr(content, "_PACKAGE", tmp_path / "solo")  # content_dir: <_PACKAGE>/../<folder>
    monkeypatch.setitem(CAMPAIGNS, "drill", GAME)
    load_campaign.cache_clear()
    default_catalog.cache_clear()
    yield GAME
    load_campaign.cache_clear()
    default_catalog.cache_clear()


def test_a_campaign_game_keeps_the_contract(cg):
    assert isinstance(cg, CampaignRules)
    defn = cg.definition  # every [[step]] of its file names a step it has (CampaignGame.definition checks it)
    assert defn.id == cg.id and len(defn.sides) == 2 and defn.dates
    unused = set(cg.steps) - {sd.run for sd in defn.steps}
    assert not unused, f"{cg.id}: steps no [[step]] runs: {sorted(unused)}"


def test_every_step_of_a_campaign_game_cites_its_rule(cg):
    for sd in cg.definition.steps:
        assert RULE.search(sd.rule), f"{cg.id}: step {sd.title!r} has no rule ({sd.rule!r})"
        assert cites(cg.steps[sd.run]), f"{cg.id} {sd.rule}: {sd.run} cites no rule in its docstring"


def test_every_table_a_campaign_game_names_loads(cg):
    """Each table its file names is in the texts or its TEST pack, or one the catalog lists as the player's to type in
    (`solo tables list --missing`: VotG's HW & MOL-P Platoon weapons, which the pack leaves out)."""
    cat = default_catalog()
    named = [t for v in cg.definition.tables.values() for t in (v.values() if isinstance(v, dict) else [v])]
    assert named and all(t in cat.tables or t in cat.missing for t in named), [t for t in named if t not in cat.tables]
    assert any(t in cat.tables for t in named)


@pytest.mark.parametrize("game", sorted(set(CAMPAIGNS) - {"oto2"}))
def test_without_its_pack_a_campaign_game_names_the_table_to_add(game, monkeypatch, tmp_path):
    """The CG cards the texts lack (RB, VotG, ABtF): without the player's pack a new campaign stops in one line."""
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path))
    default_catalog.cache_clear()
    variant = next(iter(CAMPAIGNS[game].definition.variants))
    with pytest.raises(SoloError, match=rf"{game}\.cg_start"):
        start_meta(game, variant, None)
    default_catalog.cache_clear()


def test_random_legal_sides_play_a_whole_campaign_from_the_questions(cg, asked):
    """Both sides random-legal: each answer drawn from what the question enumerates (solo/games/policies.py names no
    game), to the CG End; every question's example, in this campaign or one the game's computer plays, reads as typed
(issue 23)."""
    defn = cg.definition
    variant = next(iter(defn.variants), None)
    log = EventLog.create(":memory:", start_meta(cg.id, variant, "none") | {"seed": 5})
    outcome = run(cg, log, stop_at_scenario=False,
                  deciders=policy_deciders(cg, 5, dict.fromkeys(defn.sides, "random"), decider))
    assert outcome.campaign.stage == "ended"
    decisions = [e.data for e in log.events if e.kind == "decision"]
    assert decisions and not [d for d in decisions if "has no enumeration" in d["why"]]
    simulate_campaign(cg, 3, variant=variant)  # the game's computer meets questions the draws may not (OtO2 remann)
    for key, q in asked.items():
        assert q.example, f"{cg.id} {key}: no example shown"
        try:
            q.parse_typed(q.typed_example)
        except SoloError as exc:  # refused for what it asks in this moment (more CPP than are left), not its form
            assert not any(word in str(exc) for word in SYNTAX), f"{cg.id} {key}: {q.typed_example!r} -> {exc}"


@pytest.mark.parametrize("mission", sorted(MISSIONS))
def test_a_mission_keeps_the_contract_and_cites_its_rules(mission):
    game = MISSIONS[mission]
    assert isinstance(game, MissionGame) and game.definition["id"] == mission
    hooks = [game.set_up, game.vp_schedule, *game.actions, *game.random_events.values()]
    assert not [f.__qualname__ for f in hooks if not cites(f)]
    every = {a.do for a in (*ACTIONS, *TURN)}  # a mission's own actions are actions, named by no other
    assert all(issubclass(a, Action) and a.do not in every for a in game.actions)
    assert len(actions_of(game)) == len(every) + len(game.actions)


# one seed a mission and map in the plain run, more with `pytest -m long`
SEEDS = [1, *(pytest.param(seed, marks=pytest.mark.long) for seed in range(2, 12))]
STEPS = 3000  # more than a mission needs: its last Game Turn ends it by the Mission End dr (12.5)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("on_boards", [False, True], ids=["own-map", "vasl-boards"])
@pytest.mark.parametrize("mission", sorted(MISSIONS))
def test_a_random_legal_player_plays_a_mission_to_its_end(mission, on_boards, seed, tmp_path, monkeypatch):
    """A save made as `solo mission new` makes it, with the player's VASL boards or without (on the mission's own hex
    grid, or on no map), played action by action through MissionSession, the actions the engine accepts drawn
    from what the mission shows: it ends with a verdict; a refused action changed nothing; the save reopened stands
    where the session stood; on the boards the ENEMY AI decided and its moves were confirmed."""
    game = MISSIONS[mission]
    boards = None
    if on_boards:
        if not game.vasl_boards:
            pytest.skip(f"{mission} reads no VASL boards")
        if not game.reads_boards(VASL_BOARDS if VASL_BOARDS.is_dir() else None):
            pytest.skip(f"{VASL_BOARDS} is absent or lacks {', '.join(game.board_files)} (set SOLO_SHARED)")
        monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
        boards = VASL_BOARDS
    path = tmp_path / "mission.db"
    new_save(game, path, seed, boards, random.Random(seed).choice(("North", "South")))
    player = Player(game, path, seed)
    played = player.play(STEPS)
    end = player.session.outcome.mission.ended
    assert end["says"] and "winner" in end and end["turn"] >= 1, end
    # at least a few actions a Game Turn played (an immediate win may end it early), units brought on the map
    assert sum(played.accepted.values()) >= 3 * end["turn"] and played.accepted["enter"] + played.accepted["group"], \
        played
    assert sum(played.refused.values()) and played.kept, played  # refusals met, some sent to the save itself
    again = MissionSession(game, path, enemy_ai).outcome
    assert status_json(again) == status_json(player.session.outcome)
    if on_boards:
        assert any(e["rule"] == "ENEMY AI" and e["text"].startswith("decided") for e in again.mission.record)
        assert played.accepted["enemy"], played
