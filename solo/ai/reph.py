"""The common machinery of the computer's RePh decisions: each game's heuristics (solo/games/<game>/computer.py) are
handed to `decider`, with weights from ai/<game>.toml; the greedy purchase, the Escape choice and the Battle
Hardening picks serve several games.

Every decision returns the choice, why in a player's words, and the alternatives it weighed (Wesnoth-style
candidate actions with scores).
"""

from collections.abc import Callable, Mapping
from functools import cache

from solo.campaign.reph import Reph
from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.rules.odds import odds
from solo.rules.units import unit_type

Decision = Callable[[Reph, str, dict, Question], Reply]  # (the RePh, the side, its weights, the question)

SURPLUS = 0.1  # a unit beyond what a need wants is worth this share of one that fills it
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


def greedy(offers, keep: float) -> tuple[list[tuple], tuple]:
    """Buy the offer with the most points per CPP, again and again, while it beats ``keep`` points per CPP kept
    (OtO2 7.518, VotG 12.621, ABtF 9.617). ``offers(bought)`` lists the legal next buys, given those made so far, as
    (points per CPP, RG, item, reason). Returns what was bought, and the first round's six best as the alternatives
    weighed."""
    bought, weighed = [], None
    while True:
        candidates = sorted(offers(bought), key=lambda c: (-c[0], c[1].id))
        if weighed is None:
            weighed = tuple((c[1].id, f"{c[0]:.2f} points/CPP: {c[3]}") for c in candidates[:6])
        if not candidates or candidates[0][0] <= keep:
            return bought, weighed
        bought.append(candidates[0])


def escape_decision(table: str, mods, rule: str) -> Decision:
    """The "escape" decision of a CG: ``escape_choice`` on its Escape Table (OtO2 7.5061, RB 11.6061, VotG 12.6071)."""
    return lambda r, side, w, q: escape_choice(r, w, q, table, mods, rule)


def keep_prisoners(why: str, free: str, execute: str) -> Decision:
    """The "prisoners" decision (RB 11.608, VotG 12.609): keep them, ``why``; the options passed over say what freeing
    and executing would bring."""
    return lambda r, side, w, q: Reply("keep", why, (("free", free), ("execute", execute)))


def escape_choice(r: Reph, w: dict, q: Question, table: str, mods, rule: str) -> Reply:
    """OtO2 7.5063, RB 11.6063, VotG 12.6073: attempt an Escape when the Escape Table's chance of Elimination is low
    enough (Ammunition Shortage awaits a unit left in a type C/D Area), or when it must (``rule``). ``mods(r, unit)``
    gives the CG's Escape Table column and DRM."""
    picks, why, weighed = [], [], []
    for unit in q.context["units"]:
        if unit.kind not in ("squad", "hs", "crew", "leader", "hero", "vehicle") or "immobilized" in unit.flags:
            continue
        column, drm = mods(r, unit)
        lost = float(sum(p for result, p in odds(r.cat, table, column, drm) if result.startswith("Eliminated")))
        must = unit.id in q.context["must"]
        weighed.append((unit.id, f"Elimination {lost:.0%}"))
        if must or (unit.isolated in "CD" and lost < w["escape"]["max_elimination"]):
            picks.append(unit.id)
            why.append(f"{unit.id} {unit.type} tries: " + (f"it must ({rule})" if must else
                       f"only {lost:.0%} to be Eliminated, and Ammunition Shortage awaits it in its Pocket"))
        else:
            why.append(f"{unit.id} {unit.type} stays: {lost:.0%} to be Eliminated is too high")
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
