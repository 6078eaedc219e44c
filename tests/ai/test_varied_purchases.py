"""Issue 21 ("the same buy every time"; done when "the same date's purchase differs between seeds, at least 5 distinct
buys in 50 seeds, every one still legal"): for each CG and side, on a CG Date where its purchase is a real choice, 50
simulated campaigns (seeds 1-50, computer against computer) give at least 5 different sets of RGs. Each purchase is the
computer's reply as the engine took it: parsed by the purchase step's own checks (Play.ask), so legal.

The date is one where the side's purchase is a real choice: on OtO2's 23AM the Russian's CPP buy nearly every RG its
chart allows (2 sets over 50 seeds), so its choice is 23PM's; on RB's first CG Date (17 Oct) the TEST pack's chart
leaves
each side few ways to spend its CPP (German 4 sets, Russian 3), on 18 Oct more (German 9, Russian 5)."""

from collections import Counter
from functools import cache

import pytest

from solo.campaign.engine import run, start_meta
from solo.core.store import EventLog
from solo.games import campaign
from tests.reph import PACKS

SEEDS = range(1, 51)
# (cg, side, the CG Date of the purchase)
CASES = [("oto2", "German", "23AM"), ("oto2", "Russian", "23PM"), ("rb", "German", "18 Oct"),
         ("rb", "Russian", "18 Oct")]


@cache
def campaigns(cg: str) -> tuple:
    """The 50 campaigns of ``cg`` (its first CG), computer against computer, played to the CG End (once for both
    sides' tests)."""
    game = campaign(cg)
    variant = next(iter(game.definition.variants), None)
    return tuple(run(game, EventLog.create(":memory:", start_meta(cg, variant, "none") | {"seed": seed}),
                     stop_at_scenario=False).campaign for seed in SEEDS)


def purchases(cg: str, side: str, date: str) -> Counter:
    """The RG IDs ``side`` bought on ``date`` in each of the 50 campaigns, as sorted tuples, counted."""
    return Counter(tuple(sorted(p.rg for p in c.sides[side].purchases if p.date == date and not p.given))
                   for c in campaigns(cg))


@pytest.mark.parametrize("cg,side,date", CASES)
def test_the_same_dates_purchase_differs_between_seeds(cg, side, date, pack):
    if (PACKS / cg).is_dir():
        pack(cg)
    buys = purchases(cg, side, date)
    assert sum(buys.values()) == len(SEEDS) and len(buys) >= 5, buys


# Issue 36 ("one habit, every campaign"; done when, over 50 seeded OtO2 campaigns, the German buys at least 8 of its
# chart's RG kinds at least once, no single 23AM purchase appears in more than 20% of them, nor any fortification
# split; each CG's chits differ between at least 5 of 10 seeds).

def test_the_oto2_german_has_no_habit():
    bought = Counter(p.rg for c in campaigns("oto2") for p in c.sides["German"].purchases if not p.given)
    assert len(bought) >= 8, bought
    first = purchases("oto2", "German", "23AM").most_common(1)[0]
    assert first[1] <= len(SEEDS) // 5, first
    splits = Counter(tuple(sorted(line.fortifications)) for c in campaigns("oto2")
                     for line in c.sides["German"].roster.values() if line.fortifications)
    assert splits and splits.most_common(1)[0][1] <= len(SEEDS) // 5, splits.most_common(3)


@pytest.mark.parametrize("cg", ["rb", "votg", "abtf"])
def test_each_cg_s_chits_differ_between_seeds(cg, pack):
    """The chits both sides picked, CG Day by CG Day, over seeds 1-10 (each CG's first CG, its TEST pack): at least 5
    different."""
    pack(cg)
    game = campaign(cg)
    variant = next(iter(game.definition.variants))
    chits = set()
    for seed in range(1, 11):
        c = run(game, EventLog.create(":memory:", start_meta(cg, variant, "none") | {"seed": seed}),
                stop_at_scenario=False).campaign
        chits.add(tuple(tuple(sorted(i["chits"].items())) for i in c.history if "chits" in i))
    assert len(chits) >= 5, chits
