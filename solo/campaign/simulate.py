"""`solo cg simulate`: a whole Campaign Game, computer against computer, the scenarios from the stand-in model."""

from solo.campaign.engine import Outcome, run, start_meta
from solo.campaign.game import CampaignGame
from solo.core.store import EventLog


def simulate_campaign(game: CampaignGame, seed: int, save: str = ":memory:", variant: str | None = None) -> Outcome:
    log = EventLog.create(save, start_meta(game.id, variant, "none") | {"seed": seed})
    return run(game, log, stop_at_scenario=False)
