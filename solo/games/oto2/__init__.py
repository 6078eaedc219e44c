"""Onslaught to Orsha 2, the "On Track to Orsha" Campaign Game: the Reorganization Phase 7.501-7.523.

aftermath.py 7.501-7.511, refit.py 7.512-7.517, purchase.py 7.518-7.520, setup.py 7.521-7.523, end.py the CG End
(7.4) and the CG4 Game End dr; computer.py the computer's decisions (weights in ai/oto2.toml).
"""

from solo.ai.reph import decider
from solo.campaign.game import CampaignGame, DuringScenario
from solo.campaign.reph import steps_of
from solo.campaign.steps import scenario_end
from solo.games.oto2 import aftermath, computer, end, purchase, refit, setup

GAME = CampaignGame(
    id="oto2",
    steps=steps_of(scenario_end.melee, scenario_end.encirclement, aftermath, refit, purchase, setup),
    decide=decider("oto2", computer.DECISIONS),
    finish=end.finish,
    during=DuringScenario("oto2.game_end", end.game_end),
)
