"""The Cross Roads' S? placement (4.1a, 14.) over many seeds: every S? stands where a placement rule puts one, one per
Location, and their number stays within what the rules allow for that map (issue 18: the A6f radius stopped at a
board's edge and A9e was rolled for each building hex, so the count ran from 37 to 97)."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.rules import default_catalog
from solo.sasl.setup import BUILDINGS, CONCEALMENT, buildings
from tests.conftest import VASL_BOARDS
from tests.sasl.test_map_play import new_cross_roads


def _most(table_id: str) -> int:
    """The largest number a table gives (the A6f and A9e stand-ins, or the player's pack)."""
    return max(int(v) for row in default_catalog().get(table_id).rows for v in row.results.values())


A6F_MOST, A9E_MOST = _most("sasl.a6f"), _most("sasl.a9e")  # the largest radius, the most S? a building gets


def check(path) -> int:
    """The S? of one set-up against the rules; their number."""
    o = run_mission(EventLog.open(path), frozen=True)
    m, where = o.mission, o.map
    hexes = [s.where for s in m.s]
    assert len(hexes) == len(set(hexes)), "one S? per Location"
    vpo = {where.name(v["hex"]): v["why"] for v in m.boards["vpo"]}
    crossings = [v for v, why in vpo.items() if "intersection" in why]
    bridges = [v for v, why in vpo.items() if "Multi-Hex Bridge" in why]
    near = {n for n in where.hexes if where.terrain(n) in CONCEALMENT
            and any(where.distance(v, n) <= A6F_MOST for v in crossings)}
    beside = {n for b in bridges for n in where.hexes if where.terrain(n) in CONCEALMENT and where.distance(b, n) <= 1}
    for h in hexes:
        assert h in crossings or h in near or h in beside or where.terrain(h) in BUILDINGS, h
    per = {h: i for i, b in enumerate(buildings(where, None)) for h in b}
    counted = {}
    for h in hexes:
        if h in per and h not in crossings and h not in near:
            counted[per[h]] = counted.get(per[h], 0) + 1
    assert all(n <= A9E_MOST for n in counted.values()), "A9e gives a building at most two S?"
    most = len(crossings) + len(near) + len(beside) + sum(min(A9E_MOST, len(b)) for b in buildings(where, None))
    assert all(h in hexes for h in crossings) and len(hexes) <= most
    return len(hexes)


def _sweep(tmp_path, monkeypatch, seeds):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    return [check(new_cross_roads(tmp_path, seed)) for seed in seeds]


boards = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


@boards
def test_s_placement_by_the_rules(tmp_path, monkeypatch):
    assert min(_sweep(tmp_path, monkeypatch, range(1, 11))) > 0


@boards
@pytest.mark.long
def test_s_placement_by_the_rules_over_500_seeds(tmp_path, monkeypatch):
    counts = _sweep(tmp_path, monkeypatch, range(1, 501))
    print(f"S? per set-up over 500 seeds: {min(counts)}-{max(counts)}, mean {sum(counts) / len(counts):.1f}")
