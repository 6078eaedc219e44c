"""Board speed (issue 22's rows that live in solo/board): decode and classify one VASL board cold (at most
150 ms) and the same from the cache (at most 15 ms), absolute ceilings; all-pairs LOS with numpy at least 20x
a lean pure-Python loop over the same pairs, points and rules, both measured in the same run.
Run with the others: pytest tests/benchmarks --benchmark-only (needs ../shared/vasl-boards)."""

import itertools
import math
import random
import time

import pytest

from solo.board.cache import load_board
from solo.board.graph import Placed, build_graph
from solo.board.los import EPS, MAX_HINDRANCE, STEP, LosMap
from tests.conftest import VASL_BOARDS as BOARDS

pytestmark = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
THREE = ("40", "12", "24")
COLD, CACHED, LOS_RATIO = 0.150, 0.015, 20


def test_decode_and_classify_one_board_cold(benchmark, tmp_path, monkeypatch):
    """A board not yet in the cache: read its files, decode LOSData, classify every hex, write the cache."""
    folders = itertools.count()

    def empty_cache():
        monkeypatch.setenv("SOLO_CACHE", str(tmp_path / str(next(folders))))
        load_board.cache_clear()

    benchmark.pedantic(load_board, args=(BOARDS, "12"), setup=empty_cache, rounds=7)
    assert benchmark.stats.stats.median <= COLD


def test_the_same_board_from_the_cache(benchmark, tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_CACHE", str(tmp_path))
    load_board.cache_clear()
    load_board(BOARDS, "12")  # now in the cache folder
    benchmark.pedantic(load_board, args=(BOARDS, "12"), setup=load_board.cache_clear, rounds=20)
    assert benchmark.stats.stats.median <= CACHED


def as_lists(los: LosMap) -> tuple:
    """The LOS arrays as plain Python lists (made before the loop is timed)."""
    return (los.hex.tolist(), los.top.tolist(), los.hindrance.tolist(), los.is_wall.tolist(), los.other.tolist(),
            los.xy.tolist(), los.level.tolist(), los.shape[1])


def lean_loop(lists: tuple, pairs) -> list[bool]:
    """The baseline: LOS for each pair in plain Python lists, the same points and rules as LosMap."""
    hexes, tops, hinders, walls, others, xy, level, height = lists
    seen = []
    for a, b in pairs:
        a, b = min(a, b), max(a, b)
        (xa, ya), (xb, yb), la = xy[a], xy[b], level[a]
        n = max(2, math.ceil(max(abs(xb - xa), abs(yb - ya)) / STEP))
        sx, sy, sl = (xb - xa) / n, (yb - ya) / n, (level[b] - la) / n
        hindered, clear = [], True
        for k in range(1, n):
            p = int(xa + k * sx) * height + int(ya + k * sy)
            h = hexes[p]
            if h == a or h == b:
                continue
            line = la + k * sl + EPS
            if tops[p] > line and not (walls[p] and others[p] in (a, b)):
                clear = False
                break
            if hinders[p] > line and h not in hindered:
                hindered.append(h)
                if len(hindered) >= MAX_HINDRANCE:
                    clear = False
                    break
        seen.append(clear)
    return seen


def test_all_pairs_los_numpy_against_a_lean_loop(benchmark):
    los = LosMap(build_graph([Placed(b, load_board(BOARDS, b)) for b in THREE]))
    viewers, targets = los.pairs(16)
    matrix = benchmark.pedantic(los.los_matrix, rounds=3, iterations=1)
    picks = random.Random(1).sample(range(len(viewers)), 2000)
    lists, pairs = as_lists(los), [(int(viewers[i]), int(targets[i])) for i in picks]
    start = time.perf_counter()
    seen = lean_loop(lists, pairs)
    loop_per_pair = (time.perf_counter() - start) / len(picks)
    assert seen == [bool(matrix[viewers[i], targets[i]]) for i in picks]
    numpy_per_pair = benchmark.stats.stats.median / len(viewers)
    ratio = loop_per_pair / numpy_per_pair
    benchmark.extra_info.update(pairs=int(len(viewers)), loop_us_per_pair=round(loop_per_pair * 1e6, 1),
                                numpy_us_per_pair=round(numpy_per_pair * 1e6, 2), ratio=round(ratio, 1))
    assert ratio >= LOS_RATIO
