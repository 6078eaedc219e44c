"""A Bridge Too Far Campaign Games (ABtF CG I-III): the Refit Phase 9.601-9.62164.

aftermath.py 9.601-9.611 and what every ABtF step shares, areas.py 9.605, refit.py 9.612-9.616, purchase.py
9.617-9.619, setup.py 9.620-9.6216; the Initiative chits (9.6213) and the first move (9.6215) are the shared steps
of solo/campaign/steps/initiative.py; computer.py the computer's decisions (weights in ai/abtf.toml).
"""

from solo.ai import chits
from solo.ai.reph import decider
from solo.campaign.game import CampaignGame, scenarios_won
from solo.campaign.reph import steps_of
from solo.campaign.steps import initiative
from solo.games.abtf import aftermath, areas, computer, purchase, refit, setup

KEYS = ("shift", "purchase", "escape", "battle_harden", "random_selection", "fortifications")

GAME = CampaignGame(
    id="abtf",
    steps=steps_of(aftermath, areas, refit, purchase, setup, initiative.initiative, initiative.first_move),
    decide=decider("abtf", computer.DECISIONS | chits.DECISIONS),
    finish=scenarios_won,
    aliases={f"abtf_{key}": key for key in KEYS},  # the keys before solo/games/ (a save's log, an answers file)
)
