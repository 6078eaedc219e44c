"""Reconnaissance (RB 11.622, VotG 12.624): the Recon dr's drm, the reconnoitering side's Majority Squad Type among
them (issue 20.25: it was missing; saves of rules version 2 on, solo/core/store.py RULES).

Majority Squad Type is core ASL (A11.17, not in the texts). solo's reading, a marked stand-in: a side's squads are
Lax when most of its Retained squads are Green or Conscript (A11.17's Lax MMC); the German and Russian squads of these
CGs are never Stealthy. A side whose squads are of no majority type has no such drm.
"""

from solo.campaign.reph import Reph
from solo.campaign.state import SideState
from solo.rules.units import unit_type

LAX_CLASSES = ("green", "conscript")


def majority_squad_type(s: SideState) -> str | None:
    """ "lax" when more than half of the side's Retained squads are Green or Conscript, else None."""
    squads = [unit_type(u.type, s.name) for u in s.retained("squad")]
    lax = sum(1 for t in squads if t.klass in LAX_CLASSES)
    return "lax" if squads and lax * 2 > len(squads) else None


def recon_mods(r: Reph, side: str, s: SideState, spend: int) -> dict:
    """The Recon dr's drm: +3 for 2 CPP spent, +1 Russian, and the Majority Squad Type's (Lax -1)."""
    mods = {k: True for k, on in (("spent-2", spend == 2), ("russian", side == "Russian")) if on}
    majority = majority_squad_type(s) if r.rules >= 2 else None
    if majority:
        mods[majority] = True
    return mods
