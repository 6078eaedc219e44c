"""ENEMY AI speed (issues 15 and 22): the MPh decisions for 60 ENEMY units on three boards in at most 25 ms, the
Advance phase's in at most 50 ms (the median of the rounds), with a naive per-unit Dijkstra and per-pair LOS
measured in the same run for the ratio; and the Activation check after one FRIENDLY move with 30-40 S? on the
map in at most 5 ms. Run with the others: pytest tests/benchmarks --benchmark-only (needs ../shared/vasl-boards)."""

import random
import time

import networkx as nx
import pytest

from solo.ai.decide import decide
from solo.ai.maps import Terrain, finite
from solo.ai.situation import situation_from
from solo.board.cache import load_board
from solo.board.graph import Placed, build_graph
from tests.conftest import VASL_BOARDS

pytestmark = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


@pytest.fixture(scope="module")
def world():
    t = Terrain(build_graph([Placed(b, load_board(VASL_BOARDS, b)) for b in ("37", "19", "4")]))
    land = sorted(n for n in t.nodes if t.terrain[t.at(n)] not in ("water", "marsh"))
    rng = random.Random(60)
    picked = rng.sample(land, 72)
    attitudes = ("hold", "advance", "attack")
    s = situation_from({
        "boards": ["37", "19", "4"], "objectives": picked[60:63], "friendly_held": picked[60:61], "ebe": "west",
        "enemy": [{"id": f"E{n}", "unit": "4-6-7" if n % 5 else "9-1", "hex": h, "attitude": attitudes[n % 3],
                   "broken": n % 11 == 0} for n, h in enumerate(picked[:60])],
        "friendly": [{"id": f"F{n}", "unit": "4-5-8", "hex": h} for n, h in enumerate(picked[60:72])]}, "benchmark")
    return t, s


def naive(t, s):
    """Per unit: a full Dijkstra from its hex and, for each hex it can reach, a per-pair LOS to every FRIENDLY unit."""
    seen = 0
    for unit in s.enemy:
        lengths = nx.single_source_dijkstra_path_length(t.graph, t.nodes[t.at(unit.hex)], weight=finite("mf"))
        for node, cost in lengths.items():
            if cost <= unit.mf:
                seen += sum(t.los.visible(t.nodes[t.at(p.hex)],
                                          node) for p in s.friendly if t.nodes[t.at(p.hex)] != node)
    return seen


@pytest.mark.parametrize("phase, most", [("move", 0.025), ("advance", 0.050)])
def test_one_phase_sixty_units(benchmark, world, phase, most):
    t, s = world
    decisions = benchmark(decide, t, s, phase)
    assert len(decisions) == 60
    start = time.perf_counter()
    naive(t, s)
    naive_s = time.perf_counter() - start
    benchmark.extra_info["naive_ms"] = round(naive_s * 1000, 1)
    benchmark.extra_info["ratio"] = round(naive_s / benchmark.stats.stats.median, 1)
    assert benchmark.stats.stats.median <= most


def test_activation_after_one_move(benchmark, tmp_path, monkeypatch):
    """OtO-S2 seed 7 (40 S? on boards 33, 19, 4): the S? a squad gains LOS to moving three hexes."""
    from types import SimpleNamespace

    from solo.core.store import RULES, EventLog
    from solo.games import run_mission
    from solo.rules import default_catalog
    from solo.sasl.sighting import sightings
    from solo.sasl.state import Unit
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = tmp_path / "m.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    o = run_mission(EventLog.open(path), frozen=True)
    x = SimpleNamespace(map=o.map, m=o.mission, cat=default_catalog(), rules=RULES)
    squad = Unit("F1", "5-2-7", "squad", "33Q1", side="FRIENDLY")
    sightings(x, [squad], ["33Q2"])  # the LOS arrays are built once a map, before any move
    seen = benchmark(sightings, x, [squad], ["33Q2", "33Q3", "33Q4"])  # checked at each of the three hexes
    benchmark.extra_info["s_on_map"] = sum(s.status == "hidden" for s in o.mission.s)
    assert seen and benchmark.stats.stats.median <= 0.005
