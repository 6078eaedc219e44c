"""`solo cg simulate`: a whole Campaign Game, computer against computer, the scenarios from the stand-in model."""

from solo.campaign.engine import Outcome, run
from solo.campaign.reph import load_campaign
from solo.store import EventLog


def simulate_campaign(cg: str, seed: int, save: str = ":memory:") -> Outcome:
    load_campaign(cg)
    log = EventLog.create(save, {"cg": cg, "human": "none", "seed": seed})
    return run(log, stop_at_scenario=False)
