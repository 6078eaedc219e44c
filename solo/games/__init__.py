"""Every game solo plays, by id: the registry the CLI and the app read.

A game is a package here that exports one object, GAME: a Campaign Game's steps, its computer and its hooks
(solo/campaign/game.py). To add one: its package, its TOML under tables/, missions/ and ai/, one line below.
"""

from solo.campaign.engine import Outcome, run
from solo.campaign.game import CampaignGame
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import abtf, oto2, rb, votg

CAMPAIGNS: dict[str, CampaignGame] = {g.id: g for g in (oto2.GAME, rb.GAME, votg.GAME, abtf.GAME)}


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
