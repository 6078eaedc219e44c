"""Issue 36 ("judgment that reads the situation, not a habit"): over seeded OtO2 campaigns, computer against computer,
the German buys many of its chart's RG kinds, no single 23AM purchase and no single fortification split recurs in more
than 20% of the campaigns, and the kinds no campaign bought before (Guns G1-G8, OBA and its observer O1-O4, the MG
Cupolas I7, the minefield M2, the assault platoons I3/I4) are bought where the situation makes them worth their CPP
(a Defender's Guns and Cupolas dug in, OBA and mines against massed Russian infantry, assault troops while the Russians
hold LVP: solo/games/oto2/computer.py strength). A plain run plays 12 campaigns; `-m long` the issue's 50."""

import json
from collections import Counter

import pytest

from solo.campaign.engine import run, start_meta
from solo.core.store import EventLog
from solo.games import campaign


def german_purchases(seeds) -> dict:
    """The German's RG IDs bought in each campaign, its 23AM purchase, and its fortification splits (7.520)."""
    kinds, first, splits = [], Counter(), Counter()
    for seed in seeds:
        log = EventLog.create(":memory:", start_meta("oto2", None, "none") | {"seed": seed})
        g = run(campaign("oto2"), log, stop_at_scenario=False).campaign.sides["German"]
        kinds.append({p.rg for p in g.purchases if not p.given})
        first[tuple(sorted(p.rg for p in g.purchases if not p.given and p.date == "23AM"))] += 1
        splits.update(json.dumps(e.data["value"], sort_keys=True) for e in log.events if e.kind == "decision"
                      and e.side == "German" and e.data["what"] == "fortifications")
    return {"kinds": kinds, "first": first, "splits": splits}


def check(seeds) -> dict:
    found = german_purchases(seeds)
    most = len(seeds) // 5  # 20% of the campaigns
    assert len(set().union(*found["kinds"])) >= 8, found["kinds"]
    assert max(found["first"].values()) <= most, found["first"].most_common(3)
    assert max(found["splits"].values()) <= most, found["splits"].most_common(3)
    return found


def test_the_german_buys_no_habit():
    check(range(1, 13))


@pytest.mark.long
def test_the_german_buys_no_habit_over_fifty_campaigns():
    found = check(range(1, 51))
    bought = Counter(rg for ids in found["kinds"] for rg in ids)
    for kinds in (("G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8"), ("O1", "O2", "O3"), ("O4",), ("I7",), ("M2",),
                  ("I3", "I4")):
        assert any(bought[k] for k in kinds), (kinds, bought)
        assert all(bought[k] < 50 for k in kinds if k != "O4"), (kinds, bought)  # bought where it is worth it only
