"""Campaign Game speed. Run: pytest tests/benchmarks/test_campaign_benchmark.py --benchmark-only"""

from solo.campaign.engine import run
from solo.campaign.simulate import simulate_campaign
from solo.store import EventLog


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


def test_thousand_campaigns(benchmark):
    """1,000 whole campaigns computer against computer (scenarios from the stand-in model)."""
    results = benchmark.pedantic(lambda: [simulate_campaign("oto2", seed).campaign.result for seed in range(1000)],
                                 rounds=1)
    benchmark.extra_info["russian_wins"] = sum(r["winner"] == "Russian" for r in results)
    assert len(results) == 1000
