"""`solo cg simulate`: whole Campaign Games, computer against computer, the scenarios from the stand-in model
(solo/campaign/model.py); many of them spread over the machine's cores, each side played by a policy (the game's
heuristics, or one to measure them against: solo/games/policies.py).

Who won a campaign: the CG's own result where the texts give it (OtO2's VP, ABtF's Sudden Death). Where the CG
Victory Conditions are on the CG card, which the texts lack (RB, VotG, ABtF), a stand-in for measuring: the side that
won more CG scenarios, else (a tie, or ABtF, whose scenarios have no winner) the side that earned more CVP, else a
draw. The result says which (``decided_by``).
"""

from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from solo.campaign.engine import Outcome, run, start_meta
from solo.campaign.game import CampaignRules
from solo.campaign.state import Campaign
from solo.core.play import Question, Reply
from solo.core.store import EventLog

Decide = Callable[[str, Question], Reply]
Policy = Callable[[str, Decide, str, int], Decide]  # (policy name, the game's decider, side, seed) -> a side's decider


def simulate_campaign(game: CampaignRules, seed: int, save: str = ":memory:", variant: str | None = None,
                      deciders: Mapping[str, Decide] | None = None) -> Outcome:
    log = EventLog.create(save, start_meta(game.id, variant, "none") | {"seed": seed})
    return run(game, log, stop_at_scenario=False, deciders=deciders)


def policy_deciders(game: CampaignRules, seed: int, policies: Mapping[str, str], make: Policy | None) -> dict:
    """Each side's decider by its policy's name (``make`` builds one; none: the game's own computer)."""
    return {side: make(name, game.decide, side, seed) for side, name in policies.items()} if make else {}


def winner(c: Campaign) -> tuple[str, str]:
    """The campaign's winner (or "draw") and what decided it (the module's docstring)."""
    assert c.result is not None  # a simulated campaign runs to its CG End, which records the result
    if c.result.get("winner"):
        return c.result["winner"], "cg"
    won = {side: sum(1 for s in c.scenarios if s.winner == side) for side in c.sides}
    cvp = c.cvp_total
    for decided_by, points in (("scenarios", won), ("cvp", cvp)):
        best = max(points.values())
        if list(points.values()).count(best) == 1:
            return next(side for side, n in points.items() if n == best), decided_by
    return "draw", "draw"


def _result(lookup: Callable[[str], CampaignRules], game_id: str, variant: str | None, policies: Mapping[str, str],
            make: Policy | None, seed: int) -> dict:
    game = lookup(game_id)
    c = simulate_campaign(game, seed, variant=variant, deciders=policy_deciders(game, seed, policies, make)).campaign
    won, decided_by = winner(c)
    assert c.result is not None  # as winner found it
    return {"seed": seed, **c.result, "winner": won, "decided_by": decided_by,
            "scenarios": len(c.scenarios), "cpp_left": {side: s.cpp for side, s in c.sides.items()}}


def results(lookup: Callable[[str], CampaignRules], game_id: str, seeds: Iterable[int], variant: str | None = None,
            jobs: int = 1, done: Callable[[int], None] = lambda n: None, policies: Mapping[str, str] | None = None,
            make: Policy | None = None) -> list[dict]:
    """The result of the campaign of each seed, in the seeds' order whatever ``jobs`` (each campaign is its seed's
    alone); ``jobs`` processes share the work, each finding the game by ``lookup`` (a game does not travel between
    processes); ``policies`` names each side's policy, ``make`` builds it; ``done(1)`` after each campaign."""
    seeds, work = list(seeds), partial(_result, lookup, game_id, variant, dict(policies or {}), make)
    if jobs <= 1 or len(seeds) < 2:
        out = []
        for seed in seeds:
            out.append(work(seed))
            done(1)
        return out
    out = []
    with ProcessPoolExecutor(min(jobs, len(seeds))) as pool:
        for result in pool.map(work, seeds, chunksize=max(1, len(seeds) // (jobs * 25))):
            out.append(result)
            done(1)
    return out


def _spread(values: list) -> dict | None:
    return {"mean": round(sum(values) / len(values), 2), "min": min(values), "max": max(values)} if values else None


def summary(results: list[dict]) -> dict:
    """Who won how often (and the share of the campaigns), how it was decided, the VP (OtO2) and each side's CPP left at
    the CG End: mean, least and most."""
    wins: dict[str, int] = {}
    decided: dict[str, int] = {}
    for r in results:
        wins[r["winner"] or "draw"] = wins.get(r["winner"] or "draw", 0) + 1
        decided[r["decided_by"]] = decided.get(r["decided_by"], 0) + 1
    sides = sorted({side for r in results for side in r["cpp_left"]})
    return {"runs": len(results), "wins": dict(sorted(wins.items())),
            "win_rate": {side: round(n / len(results), 3) for side, n in sorted(wins.items())} if results else {},
            "decided_by": dict(sorted(decided.items())),
            "vp": _spread([r["vp"] for r in results if "vp" in r]),
            "cpp_left": {side: _spread([r["cpp_left"][side] for r in results]) for side in sides}}
