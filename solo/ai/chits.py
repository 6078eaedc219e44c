"""The computer's Initiative chit (RB 11.623, VotG 12.625, ABtF 9.6213) and Night declaration (11.6234, 12.6254).

It picks in secret, before any chit is revealed, and never sees the human's: it weighs its OB's strength
against the opponent's as it may see him (solo/campaign/view.py seen_by: neither his secret units nor his secret
Fortifications, issue 21), the day's Historical DRM, its chits left against the days to play, what an Attack costs
in the next RePh, and its standing plan under the scenario victory conditions (weights in each CG's ai/<cg>.toml,
its side's [<side>.chits]).
Idle scores 0; Attack is picked when it scores above 0, never below the odds the side needs (``min_ratio``, 1:1 unless
its weights say otherwise: issue 21, the RB German attacked at odds below 1:1), and drawn with `Play.draw`
when Attack and Idle lie within ``band`` points of each other (a mixed strategy, issue 21).

ABtF (its weights give an ``edge``) scores both chits over the Initiative Matrix instead (matrix_scores): there an
Idle chit avoids no Assault of the opponent's, so each chit is weighed against both of the opponent's, by how surely
the opponent attacks (its odds, its chits left, which are public), the odds each scenario would be fought at, the
odds the CPP still to come will make, and the chits the side will lack on a later day.
Scores are whole thousandths of a point (issue 21: no float comparison decides).

The weights ([<side>.chits] of ai/<cg>.toml):
The computer's Initiative chit (RB 11.623, VotG 12.625, ABtF 9.6213) and Night declaration
(RB 11.6234, VotG 12.6254): weights of this module, per CG and side. Points: Attack is picked when
its score is above 0 (Idle scores 0).

ratio:    points per 100% of strength above the opponent's (own OB strength / theirs, minus 1)
bias:     the side's standing plan in the CG (the scenario victory conditions below it)
history:  points per point of the day's Historical DRM in the side's favour (RB 11.6161: it also
          modifies CPP, ELR and RG strength, so a good day is a day to spend effort)
cost:     what an Attack chit costs in the next RePh (RB 11.616 +1 CPP DR, 11.617 +1 ELR DR;
          VotG alike); an Idle Day instead gives -2 to the ELR DR
spare:    points when the side has at least as many Attack chits left as CG Days to play (use them),
          the same taken away, scaled, as they run short (keep them for a stronger day)
night:    declare an Assault a Night scenario when the own/opponent strength is below this
soft:     with it, the chit is drawn (a mixed strategy, issue 36): Attack's chance 500 + 500 x lead / (|lead| + soft)
          thousandths, lead its points above Idle: a coin when even, 3 in 4 when it leads by soft, 7 in 8 by 3 x soft
With ``edge`` (ABtF, 9.62132), both chits are scored over the Initiative Matrix (solo/ai/chits.py matrix_scores):
edge:     the Assault's Attacker fights as if this many times as strong (it picks where and moves first)
ratio:    then points per step of (odds - 1/odds) / 2 of a scenario's odds (taken within 1:3 and 3:1)
prospects: how much of a fight put off by an Idle CG Date comes back later (x the share of the later days the
          opponent has Attack chits for), at the odds the CPP still to come make (the CPP Base # of the later CG
          Dates within the CG Maximums, ABtF 9.6161, 9.6175)
cpp_strength: squads a CPP of the side buys (the odds once the CPP to come are spent)
spare:    the share of what a scarce chit would bring on a later day (fewer left than CG Days) taken from using it now
dug_in, fortification: an Assault's odds are own strength over the opponent's x dug_in, plus fortification points
          per Fortification counter (or mine factor) it holds (1 and 0 where not given)
standing: points taken from an Attack per CG scenario the side is ahead (won - lost), given per scenario behind:
          ahead, standing Idle keeps the lead (twice on the CG's last Day); behind, only an Attack wins it back
min_ratio: the least odds an Attack is taken at (1.0 where not given); behind_ratio: the same for a side that has
          lost more CG scenarios than it won, once it has no Attack chit to save for a better day
"""


from solo.ai.reph import MILLI, milli, shown, street_quality, weights
from solo.campaign.reph import Reph
from solo.campaign.state import SideState, Unit
from solo.campaign.steps.initiative import (
    CHITS,
    allowed,
    chits_left,
    printed_cell,
    scenario_type,
)
from solo.campaign.view import seen_by
from solo.core.play import Question, Reply
from solo.core.sides import people


def chit_weights(cg: str, side: str) -> dict:
    """The chit weights of ``side`` in the CG ``cg`` ([<side>.chits] of ai/<cg>.toml)."""
    return weights(cg)[side]["chits"]


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


def cpp_to_come(r: Reph, side: str, by: str | None = None) -> int:
    """The CPP Base # of the CG Dates after this one (ABtF 9.6161, a public chart) that the side can still spend: no
    more than the RGs its chart's CG Maximums leave it to buy (9.6175; CPP beyond them make it no stronger). Judged by
    the opponent (``by``), the whole CPP Base #: the RGs the side bought are secretly recorded (9.6172)."""
    table = r.defn.tables.get("cpp_base")
    if not table:
        return 0
    later = r.c.dates[r.c.dates.index(r.c.date) + 1:]
    base = sum(n for date in later if isinstance(n := r.cat.chart(table, date, side), int))
    if by not in (None, side):
        return base
    s = r.c.sides[side]
    room = sum(max(g.cg_max - s.bought(g.id), 0) * g.cpp for g in r.chart(side).values())
    return min(base, room)


def known(r: Reph, side: str, by: str) -> SideState:
    """``side``'s OB as ``by`` knows it: all of it when it is his own, else what he may see (seen_by, issue 21)."""
    return r.c.sides[side] if side == by else seen_by(r.c, by)


def assault_odds(r: Reph, side: str, w: dict, by: str | None = None) -> int:
    """The odds of an Assault of ``side``, in thousandths, as ``by`` (the side itself unless given) judges them: own OB
    strength over what it attacks, the opponent dug in (x ``dug_in``) behind its Fortifications (``fortification``
    points a counter or mine factor); both 1 and 0 unless its weights say otherwise (RB 11.6233: the German
    Assault comes "against the prepared defenses"). Each OB as ``by`` knows it: the opponent's secret units and his
    mines, Dummies and HIP count nothing (known, issue 21)."""
    by = by or side
    own, enemy, quality = known(r, side, by), known(r, r.c.other(side), by), w.get("quality", False)
    forts = milli(w.get("fortification", 0.0)) * sum(f.count for f in enemy.fortifications)
    defence = (strength(enemy, quality) + forts) * milli(w.get("dug_in", 1.0)) // MILLI
    return strength(own, quality) * MILLI // max(defence, 1)


def standing(r: Reph, side: str) -> tuple[int, int]:
    """The CG scenarios ``side`` has won and lost so far."""
    won = sum(1 for sc in r.c.scenarios if sc.winner == side)
    return won, sum(1 for sc in r.c.scenarios if sc.winner == r.c.other(side))


def signed(points: int) -> str:
    """A score in points with its sign, as the player reads it."""
    return f"{'+' if points >= 0 else '-'}{shown(abs(points))}"


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
    left = chits_left(r, side)["Attack"]
    if left is not None:
        days = c.dates_left
        spare = milli(w["spare"]) * min(left, days) // days if left >= days else \
            -milli(w["spare"]) * (days - left) // days
        parts.append((spare, f"{left} Attack chits left for {days} CG Days"))
    return sum(points for points, _ in parts), [f"{why} {signed(points)}"
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


# ABtF (9.62132): the chit weighed over the Initiative Matrix, where an Idle chit avoids no Assault of the opponent's
# and an Attack chit met by the opponent's makes a Dual Attack (its weights give the side an ``edge``).
ODDS_MOST = 3  # odds beyond 3:1 (or below 1:3) win (lose) no more: the weaker line is gone whatever


def fight(w: dict, odds: int) -> int:
    """Points of a scenario fought at ``odds`` (own strength over the opponent's, thousandths, taken within 1:3
    and 3:1), a whole number: ``ratio`` x (odds - 1 / odds) / 2, what is won at 3:2 lost at 2:3. Each side loses in
    proportion to the fire it meets (at 1:2 a side loses four times what it takes from the other's half-strength line,
    share for share), so the odds count both ways."""
    odds = min(max(odds, MILLI // ODDS_MOST), MILLI * ODDS_MOST)
    return milli(w["ratio"]) * (odds * odds - MILLI * MILLI) // (2 * odds) // MILLI


def cell_odds(r: Reph, side: str, w: dict, kind: str) -> int:
    """Own strength over the opponent's, in thousandths, in a scenario of type ``kind``: in a Dual Attack neither is dug
    in and neither has the Assault's edge; the side assaulted sets up first, dug in behind its Fortifications
    (assault_odds), and the side assaulting fights as if ``edge`` times as strong (it picks where and moves first;
    1.25 offsets the defender's 1.25 dug in)."""
    other, edge = r.c.other(side), milli(w["edge"])
    if kind == "Dual Attack":
        quality = w.get("quality", False)
        return strength(r.c.sides[side], quality) * MILLI // strength(known(r, other, side), quality)
    if kind.startswith(side):
        return assault_odds(r, side, w) * edge // MILLI
    return MILLI * MILLI // max(assault_odds(r, other, w, side) * edge // MILLI, 1)


def their_attack(r: Reph, side: str, w: dict) -> tuple[int, str]:
    """The chance, in thousandths, that the opponent picks Attack, as a player guesses it: sure when it has only Attack
    chits left, nil when it has none (the chits picked are revealed each CG Date, 9.62131); else half its odds of an
    Assault against the side dug in (its OB is public), within one in four and three in four (its chit is secret: no
    odds make it sure): even odds a coin toss, 3:2 or better three in four, 1:2 or worse one in four."""
    other = r.c.other(side)
    choices = allowed(r, other)
    if choices == ("Attack",):
        return MILLI, f"the {people(other)} have only Attack chits left"
    if "Attack" not in choices:
        return 0, f"the {people(other)} have no Attack chit left"
    odds = assault_odds(r, other, w, side)
    return (min(MILLI * 3 // 4, max(MILLI // 4, odds // 2)),
            f"the {people(other, possessive=True)} odds {shown(odds)} against us dug in")


def later_odds(r: Reph, side: str, w: dict) -> tuple[int, str]:
    """Own strength over the opponent's, in thousandths, once the CPP still to come are spent (cpp_to_come; each side's
    ``cpp_strength``: squads a CPP buys), and the reason in a player's words."""
    other, quality = r.c.other(side), w.get("quality", False)
    own, theirs = cpp_to_come(r, side), cpp_to_come(r, other, side)
    mine = strength(r.c.sides[side], quality) + own * milli(w["cpp_strength"])
    yours = strength(known(r, other, side), quality) + theirs * milli(chit_weights(r.defn.id, other)["cpp_strength"])
    odds, now = mine * MILLI // max(yours, 1), cell_odds(r, side, w, "Dual Attack")
    return odds, (f"CPP still to come {own} against the {people(other, possessive=True)} {theirs}: odds {shown(odds)} "
                  f"once they are spent, {shown(now)} now (" + ("time is against us: strike now" if odds < now else
                                           "time is on our side: wait" if odds > now else "time changes nothing") + ")")


def scarcity(r: Reph, side: str, w: dict, chit: str, later: int, now: int | None = None) -> int:
    """Points taken from using a ``chit`` now when fewer are left than CG Days to play (one used now leaves a later day
    without one): ``spare`` x what it would be worth on such a day, one the opponent idles (the chits it has left say
    how many those are; 9.62131: the chits picked are public), at the odds the CPP still to come make (``later``,
    thousandths): an Idle chit then avoids a fight the side would lose, an Attack chit brings one it would win. So a
    side that time favours keeps its Attack chits for the days it will be the stronger, and one it does not keeps its
    Idle chits for the days it will be the weaker. An Idle chit is weighed at the worse of ``later`` and the odds
    ``now`` (thousandths; given): the CPP to come do not say what the fights before them will cost, and a side out of
    Idle chits must attack whatever its odds have become (9.62131; issue 36: the German spent its six Idle chits on
    the first six CG Dates, waiting for CPP, then attacked ten Dates running at odds down to 0.01). 0 with enough of
    them, or no limit."""
    left, days = chits_left(r, side)[chit], r.c.dates_left
    if left is None or left >= days:
        return 0
    theirs, later_days = chits_left(r, r.c.other(side))["Attack"], days - 1
    idle_days = later_days - min(later_days, later_days if theirs is None else theirs)  # later days the opponent idles
    if chit == "Idle" and now is not None:
        later = min(later, now)
    worth = max(0, fight(w, later) if chit == "Attack" else -fight(w, later))
    return -milli(w["spare"]) * worth // MILLI * idle_days // max(later_days, 1)


def comes_back(r: Reph, side: str, w: dict) -> int:
    """The share of a fight put off by an Idle CG Date that comes back on a later day, in thousandths: ``prospects`` x
    the share of the later days the opponent has Attack chits for (all of them with no limit)."""
    theirs, later_days = chits_left(r, r.c.other(side))["Attack"], r.c.dates_left - 1
    if later_days < 1:
        return 0
    return milli(w["prospects"]) * min(later_days, later_days if theirs is None else theirs) // later_days


def matrix_scores(r: Reph, side: str, w: dict) -> tuple[dict[str, int], list[str]]:
    """Each chit's score in thousandths of a point over the Initiative Matrix: the cell of each chit of the opponent's,
    weighed by the chance it picks it (their_attack). A scenario scores the odds it is fought at (fight; dug in and
    the Assault's edge as cell_odds says); an Idle CG Date puts the fight off, comes_back of it to come back at the
    odds the CPP still to come will make (later_odds: wait while time is on your side, strike while it is not).
    Attack adds the side's plan (``bias``) less what the chit costs (``cost``), each chit its scarcity."""
    c, other = r.c, r.c.other(side)
    p, guess = their_attack(r, side, w)
    later, when = later_odds(r, side, w)
    now = cell_odds(r, side, w, "Dual Attack") if w.get("idle_at_worse") else None
    back = comes_back(r, side, w)
    reasons = [f"the {people(other)} attack with {p // 10}% ({guess})", when]
    scores = {}
    for mine in CHITS:
        parts, total = [], 0
        for theirs, chance in (("Attack", p), ("Idle", MILLI - p)):
            if not chance:
                continue
            kind = scenario_type(printed_cell(r, {side: mine, other: theirs}))
            if kind == "Idle Day":
                points = back * fight(w, later) // MILLI
                parts.append(f"{kind}, the fight put off ({back // 10}% of it to come back) {signed(points)}")
            else:
                odds = cell_odds(r, side, w, kind)
                points = fight(w, odds)
                parts.append(f"{kind} at {shown(odds)} {signed(points)}")
            total += points * chance // MILLI
        spare = scarcity(r, side, w, mine, later, now)
        left = chits_left(r, side)[mine]
        parts.append(f"{'no limit of' if left is None else left} {mine} chits left for {c.dates_left} CG Days "
                     f"{signed(spare)}")
        total += spare
        if mine == "Attack":
            total += milli(w["bias"]) - milli(w["cost"])
            parts.append(f"the side's plan {signed(milli(w['bias']))}, the chit's cost in the next RePh "
                         f"-{shown(milli(w['cost']))}")
        scores[mine] = total
        reasons.append(f"{mine} {signed(total)} (" + "; ".join(parts) + ")")
    return scores, reasons


def initiative(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights(r.defn.id, side)
    choices = q.context["choices"]
    if "edge" in w:
        return _matrix_initiative(r, side, w, choices)
    score, reasons = attack_score(r, side, w)
    power, least = assault_odds(r, side, w), needed(r, side, w)
    odds = power >= least
    pick, drawn, forced = _pick(r, score if odds else 0, choices, may_draw=odds, soft=milli(w.get("soft", 0)))
    why = f"picks {pick}{forced}: Attack scores {signed(score)} against Idle 0 (" + "; ".join(reasons) + ")"
    if drawn is not False:
        why += drawn_words(drawn, shown(BAND))
    elif not odds and "Idle" in choices:
        why += f"; odds {shown(power)} below the {shown(least)} an Attack needs"
    return Reply(pick, why, (("Attack", f"{shown(score)}"), ("Idle", "+0.00")))


def chance(lead: int, soft: int) -> int:
    """The chance, in thousandths, that a mixed strategy takes the option ``lead`` thousandths ahead of the other:
    500 + 500 x lead / (|lead| + ``soft``), a whole number: an even chance when the two are equal, three in four when
    one leads by ``soft``, seven in eight by three times it (issue 36: a chit picked by the sign of its lead alone ran
    to a fixed script, the same every campaign)."""
    return 500 + 500 * lead // (abs(lead) + soft) if soft else (1000 if lead > 0 else 0)


def _pick(r: Reph, lead: int, choices: tuple[str, ...], may_draw: bool = True,
          soft: int = 0) -> tuple[str, bool | int, str]:
    """The chit by how far Attack scores above Idle (``lead``, thousandths): with ``soft`` (a side's weight), drawn with
    `Play.draw` at the chance `chance` gives Attack (a mixed strategy: the nearer the scores, the nearer a coin);
    without it, drawn between the two when within BAND (issue 21), Attack above, Idle else; never drawn when
    ``may_draw`` is false, and the chit the side has where it has only one. Returns the chit, whether it was drawn
    (with ``soft``: Attack's chance in thousandths, True for a coin) and the note that only one was left."""
    both = may_draw and {"Attack", "Idle"} <= set(choices)
    if both and soft:
        drawn = chance(lead, soft)
        pick = "Attack" if r.play.draw(1000) < drawn else "Idle"
    elif both and abs(lead) <= BAND:
        drawn, pick = True, ("Attack", "Idle")[r.play.draw(2)]
    else:
        drawn = False
        pick = "Attack" if lead > 0 and "Attack" in choices else "Idle" if "Idle" in choices else "Attack"
    forced = "" if len(choices) > 1 else f" (no {'Idle' if pick == 'Attack' else 'Attack'} chit left)"
    return pick, drawn, forced


def drawn_words(drawn: bool | int, band: str) -> str:
    """What the player reads of a drawn chit."""
    if drawn is True:
        return f"; within {band} of each other, so drawn between the two"
    return f"; drawn, Attack's chance {drawn / 10:g}% (a mixed strategy: the nearer the scores, the nearer a coin)" \
        if drawn is not False else ""


def _matrix_initiative(r: Reph, side: str, w: dict, choices: tuple[str, ...]) -> Reply:
    """The chit with the better matrix_scores; drawn when the two lie within BAND."""
    scores, reasons = matrix_scores(r, side, w)
    pick, drawn, forced = _pick(r, scores["Attack"] - scores["Idle"], choices, soft=milli(w.get("soft", 0)))
    why = f"picks {pick}{forced}: " + "; ".join(reasons) + drawn_words(drawn, shown(BAND))
    return Reply(pick, why, tuple((chit, shown(scores[chit])) for chit in CHITS))


def night(r: Reph, side: str, _w: dict, q: Question) -> Reply:
    w = chit_weights(r.defn.id, side)
    power = ratio(r, side)
    declare = power < milli(w["night"])
    why = (f"{'declares' if declare else 'does not declare'} a Night scenario: strength {shown(power)} x the "
           f"{people(r.c.other(side), possessive=True)} ({'below' if declare else 'not below'} {w['night']}); "
           "by night a "
           "weaker attacker closes in unseen (E1)")
    return Reply(declare, why, (("night", f"strength < {w['night']}"), ("day", f"strength >= {w['night']}")))


DECISIONS = {"initiative": initiative, "night": night}
