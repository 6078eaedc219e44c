"""Every game solo plays, by id: the registry the CLI and the app read.

A game is a package here that exports one object, GAME: a Campaign Game's steps, its computer and its hooks
(solo/campaign/game.py), or a SASL mission's hooks (solo/sasl/game.py). To add one: its package, its TOML under
tables/, missions/ and ai/, one line below.
"""

from solo.campaign.engine import Outcome, run
from solo.campaign.game import CampaignGame
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import abtf, oto2, oto_s1, oto_s2, rb, votg
from solo.sasl import engine as sasl_engine
from solo.sasl.game import MissionGame

CAMPAIGNS: dict[str, CampaignGame] = {g.id: g for g in (oto2.GAME, rb.GAME, votg.GAME, abtf.GAME)}
MISSIONS: dict[str, MissionGame] = {g.id: g for g in (oto_s1.GAME, oto_s2.GAME)}


def campaign(cg: str) -> CampaignGame:
    """The Campaign Game ``cg``; one line naming the known ones if there is none."""
    game = CAMPAIGNS.get(str(cg).lower())
    if game is None:
        raise SoloError(f"no Campaign Game {cg!r}: choose one of {', '.join(sorted(CAMPAIGNS))}")
    return game


def campaign_of(log: EventLog) -> CampaignGame:
    """The Campaign Game a save plays; one line if it is a mission save or names no known game."""
    if "cg" not in log.meta:
        raise SoloError(f"{log.where} is a mission save: open it with 'solo mission status {log.where}'")
    return campaign(log.meta["cg"])


def run_campaign(log: EventLog, *args, **options) -> Outcome:
    """`solo.campaign.engine.run` for the Campaign Game the save plays."""
    return run(campaign_of(log), log, *args, **options)


def mission(mission_id: str) -> MissionGame:
    """The SASL mission ``mission_id``; one line naming the known ones if there is none."""
    game = MISSIONS.get(str(mission_id).lower())
    if game is None:
        raise SoloError(f"no mission {mission_id!r}: choose one of {', '.join(MISSIONS)} ('solo mission list')")
    return game


def mission_of(log: EventLog) -> MissionGame:
    """The mission a save plays; one line if it is a Campaign Game save or names no known mission."""
    if "mission" not in log.meta:
        raise SoloError(f"{log.where} is a Campaign Game save: open it with 'solo cg status {log.where}'")
    return mission(log.meta["mission"])


def run_mission(log: EventLog, *args, **options) -> sasl_engine.Outcome:
    """`solo.sasl.engine.run` for the mission the save plays."""
    return sasl_engine.run(mission_of(log), log, *args, **options)
