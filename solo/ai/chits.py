"""The computer's Initiative chit (RB 11.623, VotG 12.625, ABtF 9.6213) and Night declaration (11.6234, 12.6254).

It picks in secret, before any chit is revealed, and never sees the human's: it weighs its OB's strength
against the opponent's, the day's Historical DRM, its chits left against the days to play, what an Attack
costs in the next RePh, and its standing plan under the scenario victory conditions (weights in
ai/initiative.toml). Idle scores 0; Attack is picked when it scores above 0.
"""

from functools import cache

from solo.campaign.facts import strength
from solo.campaign.reph import Reph
from solo.campaign.steps.initiative import chits_left
from solo.core.content import content_dir, read_toml_file
from solo.core.play import Question, Reply


@cache
def chit_weights() -> dict:
    return read_toml_file(content_dir("ai") / "initiative.toml", "heuristics file")


def ratio(r: Reph, side: str) -> float:
    """Own OB strength over the opponent's (solo/campaign/facts.py weights, no defence bonus)."""
    return strength(r.c, side, False) / strength(r.c, r.c.other(side), False)


def attack_score(r: Reph, side: str, w: dict) -> tuple[float, list[str]]:
    c = r.c
    parts = []
    power = ratio(r, side)
    parts.append((w["ratio"] * (power - 1), f"strength {power:.2f} x the {c.other(side)}s'"))
    parts.append((w["bias"], "the side's plan in this CG"))
    if "historical" in r.defn.tables:
        hist = r.historical_drm(side)
        parts.append((-w["history"] * hist, f"Historical DRM {hist:+d} today"))
    parts.append((-w["cost"], "an Attack chit costs CPP and ELR in the next RePh"))
    left = chits_left(r, side)["Attack"]
    if left is not None:
        days = c.dates_left
        spare = w["spare"] * min(1.0, left / days) if left >= days else -w["spare"] * (1 - left / days)
        parts.append((spare, f"{left} Attack chits left for {days} CG Days"))
    return sum(points for points, _ in parts), [f"{why} {points:+.2f}" for points, why in parts]


def initiative(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights()[r.defn.id][side]
    choices = q.context["choices"]
    score, reasons = attack_score(r, side, w)
    pick = "Attack" if score > 0 and "Attack" in choices else "Idle" if "Idle" in choices else "Attack"
    forced = "" if len(choices) > 1 else f" (no {'Idle' if pick == 'Attack' else 'Attack'} chit left)"
    why = f"picks {pick}{forced}: Attack scores {score:+.2f} against Idle 0 (" + "; ".join(reasons) + ")"
    return Reply(pick, why, (("Attack", f"{score:+.2f}"), ("Idle", "+0.00")))


def night(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights()[r.defn.id][side]
    power = ratio(r, side)
    declare = power < w["night"]
    why = (f"{'declares' if declare else 'does not declare'} a Night scenario: strength {power:.2f} x the "
           f"{r.c.other(side)}s' ({'below' if declare else 'not below'} {w['night']}); by night a weaker attacker "
           "closes in unseen (E1)")
    return Reply(declare, why, (("night", f"strength < {w['night']}"), ("day", f"strength >= {w['night']}")))


DECISIONS = {"initiative": initiative, "night": night}
