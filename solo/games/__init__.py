"""Every game solo plays, by id: the registry the CLI and the app read.

A game is a package here that exports one object, GAME: a Campaign Game's steps, its computer and its hooks
(solo/campaign/game.py), or a SASL mission's hooks (solo/sasl/game.py). To add one: its package, its TOML under
tables/, missions/ and ai/, one line below.
"""

from solo.campaign.engine import Outcome, run
from solo.campaign.game import CampaignRules
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import abtf, oto2, oto_s1, oto_s2, rb, votg
from solo.sasl import engine as sasl_engine
from solo.sasl.game import MissionGame

CAMPAIGNS: dict[str, CampaignRules] = {g.id: g for g in (oto2.GAME, rb.GAME, votg.GAME, abtf.GAME)}
MISSIONS: dict[str, MissionGame] = {g.id: g for g in (oto_s1.GAME, oto_s2.GAME)}


def campaign(cg: str) -> CampaignRules:
    """The Campaign Game ``cg``; one line naming the known ones if there is none."""
    return _known(CAMPAIGNS, cg, "Campaign Game")


def mission(mission_id: str) -> MissionGame:
    """The SASL mission ``mission_id``; one line naming the known ones if there is none."""
    return _known(MISSIONS, mission_id, "mission", " ('solo mission list')")


def random_map(dice, load=None):
    """The random mapboard configuration a registered mission rolls (OtO-S2 MSR 6-8), on the player's boards
    (``load``: a classified board by its id) or, without them, the rolls that need no terrain: for `solo boards
    cross-roads` and the app's Random mapboards."""
    roll = next(g.random_map for g in MISSIONS.values() if g.random_map)
    return roll(dice, load)


def campaign_of(log: EventLog) -> CampaignRules:
    """The Campaign Game a save plays; one line if it is a mission save or names no known game."""
    return campaign(_played(log, "cg", "a mission", "mission"))


def mission_of(log: EventLog) -> MissionGame:
    """The mission a save plays; one line if it is a Campaign Game save or names no known mission."""
    return mission(_played(log, "mission", "a Campaign Game", "cg"))


def run_campaign(log: EventLog, *args, **options) -> Outcome:
    """`solo.campaign.engine.run` for the Campaign Game the save plays."""
    return run(campaign_of(log), log, *args, **options)


def run_mission(log: EventLog, answers: dict | None = None, interactive: bool = False,
                frozen: bool = False) -> sasl_engine.Outcome:
    """`solo.sasl.engine.run` for the mission the save plays, the ENEMY decided by solo/ai/mission.py."""
    return sasl_engine.run(mission_of(log), log, answers, interactive, frozen, enemy_ai=enemy_ai)


def enemy_ai(x, phase: str) -> list[dict]:
    from solo.ai.mission import (
        decisions,  # numpy and networkx only once the ENEMY decides
    )
    return decisions(x, phase)


def _known(games: dict, game_id: str, what: str, hint: str = ""):
    game = games.get(str(game_id).lower())
    if game is None:
        raise SoloError(f"no {what} {game_id!r}: choose one of {', '.join(sorted(games))}{hint}")
    return game


def _played(log: EventLog, key: str, other: str, command: str) -> str:
    """The game a save names under ``key``; one line if it is the other kind of save (``other``)."""
    if key not in log.meta:
        raise SoloError(f"{log.where} is {other} save: open it with 'solo {command} status {log.where}'")
    return log.meta[key]
