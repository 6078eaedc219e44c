"""The computer's Initiative chit (RB 11.623, VotG 12.625, ABtF 9.6213) and Night declaration (11.6234, 12.6254).

It picks in secret, before any chit is revealed, and never sees the human's: it weighs its OB's strength
against the opponent's, the day's Historical DRM, its chits left against the days to play, what an Attack
costs in the next RePh, and its standing plan under the scenario victory conditions (weights in
ai/initiative.toml). Idle scores 0; Attack is picked when it scores above 0, never below the odds the side needs
(``min_ratio``, 1:1 unless ai/initiative.toml says otherwise: issue 21, the RB German attacked at odds below 1:1), and
drawn with `Play.draw` when Attack and Idle lie within ``band`` points of each other (a mixed strategy, issue 21).
Scores are whole thousandths of a point (issue 21: no float comparison decides).
"""

from functools import cache

from solo.ai.reph import MILLI, milli, shown
from solo.campaign.reph import Reph
from solo.campaign.state import SideState
from solo.campaign.steps.initiative import chits_left
from solo.core.content import content_dir, read_toml_file
from solo.core.play import Question, Reply


@cache
def chit_weights() -> dict:
    return read_toml_file(content_dir("ai") / "initiative.toml", "heuristics file")


# The OB strength the chit weighs (a stand-in of the project's), in thousandths of a squad: squads 1, HS/crews 0.5,
# AFV 2, Guns 1, OBA modules 1.5, bombardments 2, cupolas 1.
STRENGTH = {"squad": 1000, "hs": 500, "crew": 500, "vehicle": 2000, "gun": 1000, "oba": 1500, "bombardment": 2000,
            "cupola": 1000}
BAND = 100  # thousandths of a point: an Attack scoring within this of Idle's 0 is drawn for, a coin between the two


def strength(s: SideState) -> int:
    """A side's OB strength by STRENGTH in thousandths of a squad, at least one squad."""
    return max(sum(STRENGTH.get(u.kind, 0) for u in s.retained()), MILLI)


def ratio(r: Reph, side: str) -> int:
    """Own OB strength over the opponent's, in thousandths."""
    return strength(r.c.sides[side]) * MILLI // strength(r.c.sides[r.c.other(side)])


def attack_score(r: Reph, side: str, w: dict) -> tuple[int, list[str]]:
    """The Attack chit's score in thousandths of a point (a whole number), and its parts in a player's words."""
    c = r.c
    parts = []
    power = ratio(r, side)
    parts.append((milli(w["ratio"]) * (power - MILLI) // MILLI, f"strength {shown(power)} x the {c.other(side)}s'"))
    parts.append((milli(w["bias"]), "the side's plan in this CG"))
    if "historical" in r.defn.tables:
        hist = r.historical_drm(side)
        parts.append((-milli(w["history"]) * hist, f"Historical DRM {hist:+d} today"))
    parts.append((-milli(w["cost"]), "an Attack chit costs CPP and ELR in the next RePh"))
    left = chits_left(r, side)["Attack"]
    if left is not None:
        days = c.dates_left
        spare = milli(w["spare"]) * min(left, days) // days if left >= days else \
            -milli(w["spare"]) * (days - left) // days
        parts.append((spare, f"{left} Attack chits left for {days} CG Days"))
    return sum(points for points, _ in parts), [f"{why} {'+' if points >= 0 else '-'}{shown(abs(points))}"
                                                for points, why in parts]


def initiative(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights()[r.defn.id][side]
    choices = q.context["choices"]
    score, reasons = attack_score(r, side, w)
    power, least = ratio(r, side), milli(w.get("min_ratio", 1.0))
    odds = power >= least
    drawn = odds and abs(score) <= BAND and {"Attack", "Idle"} <= set(choices)
    if drawn:
        pick = ("Attack", "Idle")[r.play.draw(2)]
    else:
        pick = "Attack" if score > 0 and odds and "Attack" in choices else "Idle" if "Idle" in choices else "Attack"
    forced = "" if len(choices) > 1 else f" (no {'Idle' if pick == 'Attack' else 'Attack'} chit left)"
    why = (f"picks {pick}{forced}: Attack scores {'+' if score >= 0 else '-'}{shown(abs(score))} against Idle 0 ("
           + "; ".join(reasons) + ")")
    if drawn:
        why += f"; within {shown(BAND)} of Idle, so drawn between the two"
    elif not odds and "Idle" in choices:
        why += f"; odds {shown(power)} below the {shown(least)} an Attack needs"
    return Reply(pick, why, (("Attack", f"{shown(score)}"), ("Idle", "+0.00")))


def night(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights()[r.defn.id][side]
    power = ratio(r, side)
    declare = power < milli(w["night"])
    why = (f"{'declares' if declare else 'does not declare'} a Night scenario: strength {shown(power)} x the "
           f"{r.c.other(side)}s' ({'below' if declare else 'not below'} {w['night']}); by night a weaker attacker "
           "closes in unseen (E1)")
    return Reply(declare, why, (("night", f"strength < {w['night']}"), ("day", f"strength >= {w['night']}")))


DECISIONS = {"initiative": initiative, "night": night}
