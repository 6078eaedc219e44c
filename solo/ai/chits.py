"""The computer's Initiative chit (RB 11.623, VotG 12.625, ABtF 9.6213) and Night declaration (11.6234, 12.6254).

It picks in secret, before any chit is revealed, and never sees the human's: it weighs its OB's strength
against the opponent's as it may see him (solo/campaign/view.py seen_by: neither his secret units nor his secret
Fortifications, issue 21), the day's Historical DRM, its chits left against the days to play, what an Attack costs
in the next RePh, and its standing plan under the scenario victory conditions (weights in ai/initiative.toml).
Idle scores 0; Attack is picked when it scores above 0, never below the odds the side needs (``min_ratio``, 1:1 unless
ai/initiative.toml says otherwise: issue 21, the RB German attacked at odds below 1:1), and drawn with `Play.draw`
when Attack and Idle lie within ``band`` points of each other (a mixed strategy, issue 21). Scores are
whole thousandths of a point (issue 21: no float comparison decides).
"""

from functools import cache

from solo.ai.reph import MILLI, milli, shown, street_quality
from solo.campaign.reph import Reph
from solo.campaign.state import SideState, Unit
from solo.campaign.steps.initiative import chits_left
from solo.campaign.view import seen_by
from solo.core.content import content_dir, read_toml_file
from solo.core.play import Question, Reply
from solo.core.sides import people


@cache
def chit_weights() -> dict:
    return read_toml_file(content_dir("ai") / "initiative.toml", "heuristics file")


# The OB strength the chit weighs (a stand-in of the project's), in thousandths of a squad: squads 1, HS/crews 0.5,
# AFV 2, Guns 1, OBA modules 1.5, bombardments 2, cupolas 1.
STRENGTH = {"squad": 1000, "hs": 500, "crew": 500, "vehicle": 2000, "gun": 1000, "oba": 1500, "bombardment": 2000,
            "cupola": 1000}
BAND = 100  # thousandths of a point: an Attack scoring within this of Idle's 0 is drawn for, a coin between the two


MMC = ("squad", "hs", "crew")


def worth(u: Unit, quality: bool) -> int:
    """A unit's STRENGTH, in thousandths of a squad; with ``quality``, an MMC at its real strength where its name is a
    counter's (street_quality: a 4-4-7 squad 1000, a 8-3-8 2285, a 4-2-6 857; a HS 2-4-7 500)."""
    if quality and u.kind in MMC:
        return street_quality(u.type, STRENGTH.get(u.kind, 0))
    return STRENGTH.get(u.kind, 0)


def strength(s: SideState, quality: bool = False) -> int:
    """A side's OB strength by STRENGTH in thousandths of a squad (``quality``: MMC at their real strength, worth), at
    least one squad."""
    return max(sum(worth(u, quality) for u in s.retained()), MILLI)


def ratio(r: Reph, side: str) -> int:
    """Own OB strength over the opponent's as it may see it (seen_by), in thousandths."""
    return strength(r.c.sides[side]) * MILLI // strength(seen_by(r.c, side))


def cpp_to_come(r: Reph, side: str) -> int:
    """The CPP Base # of the CG Dates after this one (ABtF 9.6161, a public chart): how much stronger the side will get."""
    table = r.defn.tables.get("cpp_base")
    later = r.c.dates[r.c.dates.index(r.c.date) + 1:]
    return sum(n for date in later if isinstance(n := r.cat.chart(table, date, side), int)) if table else 0


def assault_odds(r: Reph, side: str, w: dict) -> int:
    """The odds of an Assault, in thousandths: own OB strength over what it attacks, the opponent dug in (x
    ``dug_in``) behind its Fortifications (``fortification`` points a counter or mine factor); both 1 and 0 unless
    ai/initiative.toml says otherwise (RB 11.6233: the German Assault comes "against the prepared defenses"). The
    opponent as it may see him (seen_by): his secret units and his mines, Dummies and HIP count nothing (issue 21)."""
    enemy, quality = seen_by(r.c, side), w.get("quality", False)
    forts = milli(w.get("fortification", 0.0)) * sum(f.count for f in enemy.fortifications)
    defence = (strength(enemy, quality) + forts) * milli(w.get("dug_in", 1.0)) // MILLI
    return strength(r.c.sides[side], quality) * MILLI // max(defence, 1)


def standing(r: Reph, side: str) -> tuple[int, int]:
    """The CG scenarios ``side`` has won and lost so far."""
    won = sum(1 for sc in r.c.scenarios if sc.winner == side)
    return won, sum(1 for sc in r.c.scenarios if sc.winner == r.c.other(side))


def attack_score(r: Reph, side: str, w: dict) -> tuple[int, list[str]]:
    """The Attack chit's score in thousandths of a point (a whole number), and its parts in a player's words."""
    c = r.c
    parts, theirs = [], people(c.other(side), possessive=True)
    power = assault_odds(r, side, w)
    parts.append((milli(w["ratio"]) * (power - MILLI) // MILLI, f"strength {shown(power)} x the {theirs}"
                  + (" dug in behind their Fortifications" if "dug_in" in w else "")))
    parts.append((milli(w["bias"]), "the side's plan in this CG"))
    if "standing" in w:
        won, lost = standing(r, side)
        last = c.dates_left == 1 and won > lost  # nothing after the last CG Day can win a lost lead back
        parts.append((-milli(w["standing"]) * (won - lost) * (2 if last else 1), f"{won} CG scenarios won, {lost} lost"
                      + (" with the last CG Day to play" if last else "")))
    if "historical" in r.defn.tables:
        hist = r.historical_drm(side)
        parts.append((-milli(w["history"]) * hist, f"Historical DRM {hist:+d} today"))
    parts.append((-milli(w["cost"]), "an Attack chit costs CPP and ELR in the next RePh"))
    if w.get("prospects"):
        own, later = cpp_to_come(r, side), cpp_to_come(r, c.other(side))
        if own + later:
            parts.append((milli(w["prospects"]) * (later - own) // (own + later),
                          f"CPP Base # still to come {own} against the {theirs} {later} ("
                          + ("time is against us: strike now" if later > own else "time is on our side: wait") + ")"))
    left = chits_left(r, side)["Attack"]
    if left is not None:
        days = c.dates_left
        spare = milli(w["spare"]) * min(left, days) // days if left >= days else \
            -milli(w["spare"]) * (days - left) // days
        parts.append((spare, f"{left} Attack chits left for {days} CG Days"))
    return sum(points for points, _ in parts), [f"{why} {'+' if points >= 0 else '-'}{shown(abs(points))}"
                                                for points, why in parts]


def needed(r: Reph, side: str, w: dict) -> int:
    """The least odds an Attack is taken at, in thousandths: ``min_ratio`` (1:1 unless given); a side behind in the
    CG (more scenarios lost than won) has no lead to keep, only an Attack wins scenarios back: ``behind_ratio``, once
    it has no Attack chit to save for a better day (as many chits left as CG Days, or no limit)."""
    won, lost = standing(r, side)
    left = chits_left(r, side)["Attack"]
    last_chance = left is None or left >= r.c.dates_left
    return milli(w.get("behind_ratio", w.get("min_ratio", 1.0)) if lost > won and last_chance
                 else w.get("min_ratio", 1.0))


def initiative(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights()[r.defn.id][side]
    choices = q.context["choices"]
    score, reasons = attack_score(r, side, w)
    power, least = assault_odds(r, side, w), needed(r, side, w)
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
           f"{people(r.c.other(side), possessive=True)} ({'below' if declare else 'not below'} {w['night']}); by night a "
           "weaker attacker closes in unseen (E1)")
    return Reply(declare, why, (("night", f"strength < {w['night']}"), ("day", f"strength >= {w['night']}")))


DECISIONS = {"initiative": initiative, "night": night}
