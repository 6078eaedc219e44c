"""Red Barricades Campaign Games (RB CG I-IV, RO CG I-III): the Refit Phase 11.602-11.625.

aftermath.py 11.602-11.611, refit.py 11.612-11.618, purchase.py 11.619 and 11.622, strength.py 11.620-11.624;
the Initiative chits and the first move (11.623, 11.625) are the shared steps of solo/campaign/steps/initiative.py;
computer.py the computer's decisions (weights in ai/rb.toml).
"""

from solo.ai import chits
from solo.ai.reph import decider
from solo.campaign.game import CampaignGame, scenarios_won
from solo.campaign.reph import steps_of
from solo.campaign.steps import initiative
from solo.games.rb import aftermath, computer, purchase, refit, strength

KEYS = ("removal", "commissars", "recon", "promotion", "escape", "won_drm", "prisoners", "mg_exchange",
        "fortifications", "battle_harden", "purchase")

GAME = CampaignGame(
    id="rb",
    steps=steps_of(aftermath, aftermath.prisoners, refit, purchase, strength, initiative.initiative,
                   initiative.first_move),
    decide=decider("rb", computer.DECISIONS | chits.DECISIONS),
    finish=scenarios_won,
    aliases={f"rb_{key}": key for key in KEYS},  # the keys before solo/games/ (a save's log, an answers file)
)
