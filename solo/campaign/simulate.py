"""`solo cg simulate`: whole Campaign Games, computer against computer, the scenarios from the stand-in model; many of
them spread over the machine's cores."""

from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from solo.campaign.engine import Outcome, run, start_meta
from solo.campaign.game import CampaignGame
from solo.core.store import EventLog


def simulate_campaign(game: CampaignGame, seed: int, save: str = ":memory:", variant: str | None = None) -> Outcome:
    log = EventLog.create(save, start_meta(game.id, variant, "none") | {"seed": seed})
    return run(game, log, stop_at_scenario=False)


def _result(lookup: Callable[[str], CampaignGame], game_id: str, variant: str | None, seed: int) -> dict:
    return {"seed": seed, **simulate_campaign(lookup(game_id), seed, variant=variant).campaign.result}


def results(lookup: Callable[[str], CampaignGame], game_id: str, seeds: Iterable[int], variant: str | None = None,
            jobs: int = 1, done: Callable[[int], None] = lambda n: None) -> list[dict]:
    """The result of the campaign of each seed, in the seeds' order whatever ``jobs`` (each campaign is its seed's
    alone); ``jobs`` processes share the work, each finding the game by ``lookup`` (a game does not travel between
    processes); ``done(1)`` after each campaign."""
    seeds, work = list(seeds), partial(_result, lookup, game_id, variant)
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


def summary(results: list[dict]) -> dict:
    """Who won how often, and the VP: mean, least and most."""
    vp = [r["vp"] for r in results]
    wins = {}
    for r in results:
        wins[r["winner"] or "draw"] = wins.get(r["winner"] or "draw", 0) + 1
    return {"runs": len(results), "wins": dict(sorted(wins.items())),
            "vp": {"mean": round(sum(vp) / len(vp), 2), "min": min(vp), "max": max(vp)} if vp else None}
