"""The common machinery of the computer's RePh decisions: each game's heuristics (solo/games/<game>/computer.py) are
handed to `decider`, with weights from ai/<game>.toml; the greedy purchase, the Escape choice and the Battle
Hardening picks serve several games.

Every decision returns the choice, why in a player's words, and the alternatives it weighed (Wesnoth-style
candidate actions with scores).

Scores are whole numbers, thousandths of a point (`milli`): no float comparison decides a purchase (issue 21, where
0.4000000000000001 > 0.4 bought a RG). Among the options within `NEAR` percent of the best the computer draws one with
`Play.draw` (a mixed strategy, issue 21), which replays from the log: the decision is logged as drawn.
"""

from collections.abc import Callable, Mapping
from functools import cache
from typing import cast

from solo.campaign.facts import fact
from solo.campaign.reph import Reph
from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.rules.odds import kept_odds
from solo.rules.units import parse_unit, unit_type

Decision = Callable[[Reph, str, dict, Question], Reply]  # (the RePh, the side, its weights, the question)

SURPLUS = 10  # percent: a unit beyond what a need wants is worth this share of one that fills it
MILLI = 1000  # a score is a whole number of thousandths of a point
NEAR = 10  # percent: the options scoring within this of the best are drawn among (a mixed strategy, issue 21)


def milli(x: float) -> int:
    """A weight of ai/<cg>.toml (or a count) in whole thousandths of a point: read once, whole from then on."""
    return round(x * MILLI)


def filled(per: int, count: int, short: int, unit: int = 1) -> int:
    """Points of ``count`` units at ``per`` each while they fill ``short`` (counted in ``unit``s of a unit, e.g. two
    half-squads a squad), SURPLUS of that beyond the need; a whole number (issue 21)."""
    filling = min(count * unit, max(short, 0))
    return (per * filling + per * SURPLUS // 100 * (count * unit - filling)) // unit


def shown(score: int) -> str:
    """A score in points, as the player reads it."""
    return f"{score / MILLI:.2f}"


def near(scores: list[int], percent: int = NEAR) -> int:
    """How many of ``scores`` (best first, all > 0) lie within ``percent`` of the first: exact, in whole numbers."""
    return sum(1 for score in scores if score * 100 >= scores[0] * (100 - percent))


def mixed(options: list, score: Callable, draw: Callable[[int], int] | None, percent: int = NEAR,
          weighted: bool = False) -> tuple[object, int]:
    """One of ``options`` (best first): drawn with ``draw(n)`` among the ``n`` whose whole-number ``score`` is within
    ``percent`` of the best (issue 21: a mixed strategy among near-equal options); the first without ``draw``. With
    ``weighted`` each is drawn in proportion to how far its score lies above the band's floor (the best most often,
    one at the floor never: issue 36, a wider band that costs little strength). Returns the option and ``n``."""
    scores = [score(o) for o in options]
    assert all(isinstance(s, int) for s in scores), "a score must be a whole number (issue 21)"
    if not options or scores[0] <= 0 or draw is None:
        return (options[0] if options else None), 1
    n = near(scores, percent)
    if n <= 1:
        return options[0], n
    if not weighted:
        return options[draw(n)], n
    floor = scores[0] * (100 - percent) // 100
    weights = [max(s - floor, 1) for s in scores[:n]]
    pick = draw(sum(weights))
    for i, weight in enumerate(weights):
        if pick < weight:
            return options[i], n
        pick -= weight
    raise AssertionError("unreachable")


REFERENCE_SQUAD = (4, 4, 7)  # the squad a point of infantry is measured by: its quality (fp x 2 + range) x morale


def squad_quality(units: str) -> int:
    """A RG's squad ("4-6-7", its chart's Units Received) against the 4-4-7, in thousandths (1000: as good): (FP x 2 +
    range) x morale, read from its name as tables/units reads a squad; 1000 for a name that is no squad."""
    try:
        fp, rng, morale = (int(n) for n in parse_unit(units.split(",")[0].split(" x ")[0]))
    except (SoloError, ValueError):
        return MILLI
    ref = (REFERENCE_SQUAD[0] * 2 + REFERENCE_SQUAD[1]) * REFERENCE_SQUAD[2]
    return (fp * 2 + rng) * morale * MILLI // ref


def street_quality(units: str, default: int = MILLI) -> int:
    """A squad's fighting power where fire is at one to three hexes (the factories of RB, a street fight), in
    thousandths of a 4-4-7: FP x morale, range counting for little; ``default`` for a name that is no squad."""
    try:
        fp, _, morale = (int(n) for n in parse_unit(units.split(",")[0].split(" x ")[0]))
    except (SoloError, ValueError):
        return default
    return fp * morale * MILLI // (REFERENCE_SQUAD[0] * REFERENCE_SQUAD[2])


def cpp_value(r: Reph, side: str, keep: float, vp: float) -> int:
    """What one CPP kept is worth, in thousandths of a point per CPP, weighed the same way at every CG Date (issue
    21): what it is worth at the CG End by the CG's victory rules (OtO2 7.518 Note: each German CPP left after the
    last RePh is 1 VP off the Russian total; ``vp`` points per VP), and, while CG Dates remain, at least what it may
    buy later (``keep`` points); after the last RePh a CPP buys nothing."""
    end = milli(vp) * cpp_vp(r, side)
    return max(end, 0 if r.c.is_last_date else milli(keep))


def cpp_vp(r: Reph, side: str) -> int:
    """VP one CPP left at the CG End is worth to ``side`` (OtO2 7.518 Note; the RB, VotG and ABtF Victory Conditions
    on their CG cards count no CPP)."""
    return 1 if r.defn.victory.get(f"{side.lower()}_cpp_vp") else 0


CLASS_GAIN = {"first-line": 3, "second-line": 2, "green": 2, "conscript": 1, "elite": 0}


@cache
def weights(cg: str) -> dict:
    return read_toml_file(content_dir("ai") / f"{cg}.toml", "heuristics file")


def decider(cg: str, decisions: Mapping[str, Decision]) -> Callable[[str, Question], Reply]:
    """The computer of the CG ``cg``: its answer, for a side, to a question, by the question's key."""
    def decide(side: str, q: Question) -> Reply:
        handler = decisions.get(q.key)
        if handler is None:
            raise SoloError(f"the computer has no heuristic for {q.key!r} ({q.step})")
        return handler(q.context["reph"], side, weights(cg)[side], q)
    return decide


def greedy(offers, keep: int, draw: Callable[[int], int] | None = None,
           stop_near: bool = False, percent: int = NEAR, weighted: bool = False) -> tuple[list[tuple], tuple]:
    """Buy an offer with the most points per CPP, again and again, while it beats ``keep`` points per CPP kept
    (OtO2 7.518, VotG 12.621, ABtF 9.617); ``draw`` (the computer's logged draw) picks among those within
    ``percent`` (`NEAR`) of the best that beat ``keep``, and with ``stop_near`` keeping the CPP is one of the options
    drawn among when ``keep`` is within ``percent`` of the best (``weighted``: mixed's draw by score) (a mixed
    strategy over spending or keeping, issue 21).
    ``offers(bought)`` lists the legal next buys, given those made so far, as (thousandths of a point per CPP, a whole
    number; RG, item, reason). Returns what was bought, each with how many options it was drawn among, and the first
    round's six best as the alternatives weighed."""
    bought: list[tuple] = []
    weighed = None
    while True:
        candidates = sorted(offers(bought), key=lambda c: (-c[0], c[1].id))
        if weighed is None:
            weighed = tuple((c[1].id, f"{shown(c[0])} points/CPP: {c[3]}") for c in candidates[:6])
        worth = [c for c in candidates if c[0] > keep] + ([None] if stop_near else [])
        pick, among = mixed(worth, lambda c: keep if c is None else c[0], draw, percent, weighted)
        if pick is None:
            return bought, weighed
        bought.append((*cast(tuple, pick), among))  # mixed gives one of the offers, a tuple


def drawn(among: int, percent: int = NEAR, weighted: bool = False) -> str:
    """What the player reads of a pick drawn among near-equal options (within ``percent`` of the best)."""
    return (f", drawn among {among} within {percent}% of the best" + (" (the better the likelier)" if weighted else "")
            if among > 1 else "")


def escape_decision(table: str, mods, rule: str, staying=None) -> Decision:
    """The "escape" decision of a CG: ``escape_choice`` on its Escape Table (OtO2 7.5061, RB 11.6061, VotG 12.6071);
    ``staying(r, unit)``: what a unit that stays risks besides Ammunition Shortage (OtO2 7.5094's Blaze)."""
    return lambda r, side, w, q: escape_choice(r, w, q, table, mods, rule, staying)


def keep_prisoners(why: str, free: str, execute: str) -> Decision:
    """The "prisoners" decision (RB 11.608, VotG 12.609): keep them, ``why``; the options passed over say what freeing
    and executing would bring."""
    return lambda r, side, w, q: Reply("keep", why, (("free", free), ("execute", execute)))


CONTROL_WEIGHT = {"adjacent": 150, "within-2": 125}  # percent of max_elimination a unit beside friendly hexes accepts


def escape_choice(r: Reph, w: dict, q: Question, table: str, mods, rule: str, staying=None) -> Reply:
    """OtO2 7.5063, RB 11.6063, VotG 12.6073: attempt an Escape when the Escape Table's chance of Elimination is low
    enough (Ammunition Shortage awaits a unit left in a type C/D Area), or when it must (``rule``). ``mods(r, unit)``
    gives the CG's Escape Table column and DRM. It weighs the Control of the hexes around the unit (the facts' near,
    issue 21): beside a friendly-Controlled non-Isolated hex ("adjacent", or "within-2") the escape leads into its own
    lines, so a higher chance of Elimination is accepted (CONTROL_WEIGHT); compared exactly, in whole numbers. A unit
    that risks more by staying (``staying(r, unit)``: a chance and why, OtO2 7.5094) than by the Escape tries it."""
    picks, why, weighed = [], [], []
    near = fact(r, "near", {})
    for unit in q.context["units"]:
        if unit.kind not in ("squad", "hs", "crew", "leader", "hero", "vehicle") or "immobilized" in unit.flags:
            continue
        column, drm = mods(r, unit)
        lost = sum(p for result, p in kept_odds(r.cat, table, column, drm) if result.startswith("Eliminated"))
        must = unit.id in q.context["must"]
        control = near.get(unit.id, "")
        most = milli(w["escape"]["max_elimination"]) * CONTROL_WEIGHT.get(control, 100) // 100
        risk, danger = staying(r, unit) if staying else (0, "")
        weighed.append((unit.id, f"Elimination {float(lost):.0%}" + (f", {control} to friendly hexes" if control
                                                                      else "") + (f"; staying {float(risk):.0%}"
                                                                                  if risk else "")))
        if risk > lost and not must:
            picks.append(unit.id)
            why.append(f"{unit.id} {unit.type} tries: {float(lost):.0%} to be Eliminated, less than the "
                       f"{float(risk):.0%} it risks staying: {danger}")
        elif must or (unit.isolated in "CD" and lost * MILLI < most):
            picks.append(unit.id)
            why.append(f"{unit.id} {unit.type} tries: " + (f"it must ({rule})" if must else
                       f"only {float(lost):.0%} to be Eliminated, and Ammunition Shortage awaits it in its Pocket"
                       + (f"; it is {control} to a friendly-Controlled hex (up to {most / 10:g}% accepted)"
                          if control else "")))
        else:
            why.append(f"{unit.id} {unit.type} stays: {float(lost):.0%} to be Eliminated is too high"
                       + (f" even {control} to a friendly-Controlled hex" if control else ""))
    return Reply(picks, "; ".join(why) or "no unit to Escape", tuple(weighed))


def battle_harden(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.5112: harden the MMC that gain most (class step x squad-equivalents: a first-line squad to elite first);
    elite ones and crews last (an 8-0 instead)."""
    def gain(u):
        t = unit_type(u.type, side)
        step = CLASS_GAIN.get(t.klass, 0) if t.hardens_to and u.kind != "crew" else 0
        return (-step * t.squad_equivalents, u.id)
    ranked = sorted(q.context["units"], key=gain)
    picks = [u.id for u in ranked[: q.context["count"]]]
    return Reply(picks, f"hardens {', '.join(picks)}: the biggest gains first (a squad counts twice a HS)",
                 tuple((u.id, unit_type(u.type, side).klass) for u in ranked[:6]))


def won_drm(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """RB 11.6113 / VotG 12.6124: the won DRM (-2, -1 or 0) whose selected leader hardens the best leader (the
    question's context ranks the leader each DRM would harden)."""
    options, rank = q.context["options"], q.context["rank"]
    best = max((-2, -1, 0), key=lambda d: (rank[d], -d))
    return Reply(best, f"applies {best}: it selects the {options[best]}, hardening the best leader it can",
                 tuple((str(d), options[d]) for d in (-2, -1, 0)))


def leader_hardening(r: Reph, side: str, w: dict, q: Question) -> Reply:
    return Reply("roll", "rolls the Leader Battle Hardening DR: it may harden a leader up to a 10-2, where an exchange "
                 "only trades one leader for two poorer ones", (("exchange", "two poorer leaders"),))
