"""Campaign Game speed (issue 22): one full RePh in at most 25 ms (median), 1,000 simulated OtO2 campaigns on the
machine's cores in at most 30 s; one Refit Phase and a hundred campaigns of each other family, measured. Run with
the others: pytest tests/benchmarks --benchmark-only"""

import os

from solo.campaign.simulate import results, simulate_campaign
from solo.core.store import EventLog
from solo.games import campaign
from solo.games import run_campaign as run


def _at_first_reph():
    """A campaign whose Initial Scenario is set up; the first RePh is next (both sides computer)."""
    log = EventLog.create(":memory:", {"cg": "oto2", "human": "none", "seed": 9})
    run(log)
    return (log,), {}


def test_one_reph(benchmark):
    """One full RePh (23AM -> 23PM) for both sides, the German's heuristics included (the replay of the
    Initial set-up before it is timed too)."""
    outcome = benchmark.pedantic(run, setup=_at_first_reph, rounds=20)
    assert outcome.campaign.date == "23PM" and outcome.campaign.stage == "scenario"
    assert benchmark.stats.stats.median <= 0.025


def test_thousand_campaigns(benchmark):
    """1,000 whole campaigns computer against computer (scenarios from the stand-in model), as `solo cg simulate
    oto2 --runs 1000` spreads them over the machine's cores."""
    jobs = os.cpu_count() or 1
    found = benchmark.pedantic(lambda: results(campaign, "oto2", range(1, 1001), jobs=jobs), rounds=1)
    benchmark.extra_info.update(jobs=jobs, russian_wins=sum(r["winner"] == "Russian" for r in found))
    assert len(found) == 1000 and benchmark.stats.stats.max <= 30


PACKS = __import__("pathlib").Path(__file__).parents[1] / "fixtures" / "packs"


def _family_at_first_reph(cg):
    log = EventLog.create(":memory:", {"cg": cg, "variant": "I", "human": "none", "seed": 9})
    run(log)
    return (log,), {}


def test_one_refit_phase_of_each_family(benchmark, monkeypatch):
    """One RB, one VotG and one ABtF Refit Phase for both sides (TEST packs), replay of the start included."""
    from solo.rules import default_catalog

    def three(logs):
        out = []
        for cg, log in logs:
            monkeypatch.setenv("SOLO_CONFIG", str(PACKS / cg))
            default_catalog.cache_clear()
            out.append(run(log))
        return out

    def setup():
        logs = []
        for cg in ("rb", "votg", "abtf"):
            monkeypatch.setenv("SOLO_CONFIG", str(PACKS / cg))
            default_catalog.cache_clear()
            logs.append((cg, _family_at_first_reph(cg)[0][0]))
        return (logs,), {}
    outcomes = benchmark.pedantic(three, setup=setup, rounds=10)
    assert all(o.campaign.stage == "scenario" and o.campaign.initiative for o in outcomes)
    default_catalog.cache_clear()


def test_hundred_campaigns_of_each_family(benchmark, monkeypatch):
    """100 whole CG I campaigns of RB, VotG and ABtF each, computer against computer (TEST packs, stand-in model)."""
    from solo.rules import default_catalog

    def hundred():
        out = {}
        for cg in ("rb", "votg", "abtf"):
            monkeypatch.setenv("SOLO_CONFIG", str(PACKS / cg))
            default_catalog.cache_clear()
            out[cg] = [simulate_campaign(campaign(cg), seed, variant="I").campaign for seed in range(100)]
        return out
    results = benchmark.pedantic(hundred, rounds=1)
    for cg, campaigns in results.items():
        benchmark.extra_info[f"{cg}_idle_days"] = sum(
            1 for c in campaigns for i in c.history if i["type"] == "Idle Day"
        )
        benchmark.extra_info[f"{cg}_scenarios"] = sum(len(c.scenarios) for c in campaigns)
        assert all(c.stage == "ended" for c in campaigns)
    default_catalog.cache_clear()
