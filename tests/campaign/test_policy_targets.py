"""Issue 21's targets for the computer's judgment, measured over the stand-in scenario model: heuristic against
heuristic wins 35-65% of the campaigns; the heuristic side beats random-legal in >= 80% and greedy-cheapest in >= 65%
of them, playing either side. The long run plays 500 campaigns per CG and matchup (seeds 1-500, about 15 minutes on
2 cores) and asserts each target where it holds; where it does not, the figure measured over those 500 campaigns is its
xfail reason. The plain run plays a small sample of every matchup (a few campaigns each) and checks only the
bookkeeping.

Winner of a campaign: solo/campaign/simulate.py (the CG's own result where the texts give it, else scenarios won, else
CVP). RB, VotG and ABtF play the first CG of the family on their TEST pack."""

import pytest

from solo.campaign.simulate import results, summary
from solo.games import CAMPAIGNS, campaign
from solo.games.policies import decider
from tests.reph import PACKS

# (cg, the heuristic's side, the other side's policy) -> the heuristic side's win rate measured over 500 campaigns
# (seeds 1-500) where the target missed it; "heuristic" as the other side's policy is heuristic against heuristic
# (the first side's win rate).
MISSED = {
    # VotG CG I (TEST pack): the Initial Scenario decides most campaigns, both policies play it alike (on 14 Sept the
    # Russian may buy only I5, A1 and M1), and a greedy-cheapest opponent never fights again; so the heuristic's win
    # rates against greedy add up to about 1.1 at every [model] bias (missions/votg.toml), where the targets ask 1.3
    ("votg", "Russian", "greedy"): 0.46,
}
TARGET = {"heuristic": (0.35, 0.65), "random": (0.80, 1.0), "greedy": (0.65, 1.0)}
CASES = [(cg, side, other) for cg in sorted(CAMPAIGNS) for other in TARGET
         for side in CAMPAIGNS[cg].definition.sides[: 1 if other == "heuristic" else 2]]


def win_rate(cg: str, side: str, other: str, runs: int, jobs: int = 2) -> tuple[float, dict]:
    game = campaign(cg)
    policies = {s: "heuristic" if s == side else other for s in game.definition.sides}
    found = results(campaign, cg, range(1, runs + 1), next(iter(game.definition.variants), None), jobs,
                    policies=policies, make=decider)
    total = summary(found)
    return total["wins"].get(side, 0) / runs, total


def _use_pack(cg, pack):
    if (PACKS / cg).is_dir():
        pack(cg)


@pytest.mark.long
@pytest.mark.parametrize("cg,side,other", [
    pytest.param(*case, marks=pytest.mark.xfail(reason=f"measured {MISSED[case]:.0%}", strict=True))
    if case in MISSED else case for case in CASES])
def test_the_heuristic_meets_the_targets(cg, side, other, pack):
    _use_pack(cg, pack)
    rate, total = win_rate(cg, side, other, 500)
    low, high = TARGET[other]
    assert low <= rate <= high, (rate, total)


@pytest.mark.parametrize("cg", sorted(CAMPAIGNS))
def test_a_small_sample_of_every_matchup(cg, pack):
    _use_pack(cg, pack)
    for _, side, other in [case for case in CASES if case[0] == cg]:
        rate, total = win_rate(cg, side, other, 2, jobs=1)
        assert 0 <= rate <= 1 and total["runs"] == 2 and sum(total["wins"].values()) == 2
        assert all(spread["min"] >= 0 for spread in total["cpp_left"].values())


# Issue 36: against the exploiter (solo/games/policies.py exploit: the human's side, which learned the computer's habits
# from 50 earlier campaigns), the computer's side keeps at least 80% of its win rate against the heuristic baseline.
# Measured 2026-11-28, seeds 1-500: OtO2 German 41.4% against the heuristic and 41.4% against the exploiter, RB German
# 51.6% and 51.6%, the same campaigns won: the exploiter found no habit to punish (the German fielded every role a
# Russian RG counters in the 50 earlier campaigns, OBA in 27 and aircraft in 7 of them; no RB CG Date's chit was the
# same in 80% of them, Attack 24-42%), so it answered as the heuristic does; test_policies.py plants habits and sees
# it punish them.
@pytest.mark.long
@pytest.mark.parametrize("cg", ["oto2", "rb"])
def test_the_computer_keeps_its_win_rate_against_the_exploiter(cg, pack):
    _use_pack(cg, pack)
    computer = campaign(cg).definition.sides[0]
    baseline, _ = win_rate(cg, computer, "heuristic", 500)
    exploited, total = win_rate(cg, computer, "exploit", 500)
    assert exploited >= 0.8 * baseline, (exploited, baseline, total)
