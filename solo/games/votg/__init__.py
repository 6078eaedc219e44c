"""Valor of the Guards Campaign Games (VotG CG I-IV): the Refit Phase 12.601-12.627.

aftermath.py 12.602-12.613, refit.py 12.614-12.620, purchase.py 12.621, strength.py 12.622-12.624, setup.py
12.6254-12.626; Conclusion of Melee (12.601) is OtO2's, shared, and the Initiative chits and the first move (12.625,
12.627) are the shared steps of solo/campaign/steps/initiative.py; computer.py the computer's decisions (weights in
ai/votg.toml).
"""

from solo.ai import chits
from solo.ai.reph import decider
from solo.campaign.game import CampaignGame, scenarios_won
from solo.campaign.reph import steps_of
from solo.campaign.steps import initiative, scenario_end
from solo.games.votg import aftermath, computer, purchase, refit, setup, strength

KEYS = ("commissars", "recon", "prisoners", "escape", "leader_hardening", "counterattack", "battle_harden",
        "fortifications", "purchase")

GAME = CampaignGame(
    id="votg",
    steps=steps_of(scenario_end.melee, aftermath, aftermath.prisoners, refit, purchase, strength, setup,
                   initiative.initiative,
                   initiative.first_move),
    decide=decider("votg", chits.DECISIONS | computer.DECISIONS),  # its own Initiative chit (12.625)
    finish=scenarios_won,
    aliases={f"votg_{key}": key for key in KEYS},  # the keys before solo/games/ (a save's log, an answers file)
)
