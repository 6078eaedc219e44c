"""Enemy AI speed: one phase for 60 ENEMY units on three boards (target under 50 ms), against a naive
per-unit Dijkstra plus per-pair LOS in the same run. Run: pytest tests/benchmarks/test_ai_benchmark.py --benchmark-only"""

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
                seen += sum(t.los.visible(t.nodes[t.at(p.hex)], node) for p in s.friendly if t.nodes[t.at(p.hex)] != node)
    return seen


def test_one_phase_sixty_units(benchmark, world):
    t, s = world
    decisions = benchmark(decide, t, s, "move")
    assert len(decisions) == 60
    start = time.perf_counter()
    naive(t, s)
    naive_s = time.perf_counter() - start
    benchmark.extra_info["naive_ms"] = round(naive_s * 1000, 1)
    benchmark.extra_info["ratio"] = round(naive_s / benchmark.stats.stats.mean, 1)
    assert benchmark.stats.stats.mean < 0.05
