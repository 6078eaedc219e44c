"""Board speed: decode and classify one board, build a three-board graph, all-pairs LOS
(numpy) against a per-pair Python loop in the same run.
Run: pytest tests/benchmarks --benchmark-only (needs ../shared/vasl-boards)."""

import random
import time

import pytest

from solo.board.graph import Placed, build_graph
from solo.board.los import LosMap
from solo.board.terrain import Board
from solo.board.vasl import read_board, terrain_types
from tests.conftest import VASL_BOARDS as BOARDS

pytestmark = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
THREE = ("40", "12", "24")


def classified(board: str) -> Board:
    b = Board(read_board(BOARDS, board), terrain_types(BOARDS))
    b.hexes  # noqa: B018 - classify every hex now
    return b


def test_decode_and_classify_one_board(benchmark):
    benchmark(classified, "12")


def test_graph_of_three_boards(benchmark):
    boards = [Placed(b, classified(b)) for b in THREE]
    benchmark(build_graph, boards)


def test_all_pairs_los_numpy_against_loop(benchmark):
    los = LosMap(build_graph([Placed(b, classified(b)) for b in THREE]))
    viewers, targets = los.pairs(16)
    matrix = benchmark.pedantic(los.los_matrix, rounds=3, iterations=1)
    picks = random.Random(1).sample(range(len(viewers)), 1000)
    start = time.perf_counter()
    for i in picks:
        assert los.visible(los.nodes[viewers[i]], los.nodes[targets[i]]) == matrix[viewers[i], targets[i]]
    loop_per_pair = (time.perf_counter() - start) / len(picks)
    numpy_per_pair = benchmark.stats.stats.mean / len(viewers)
    benchmark.extra_info.update(pairs=int(len(viewers)), loop_us_per_pair=round(loop_per_pair * 1e6, 1),
                                numpy_us_per_pair=round(numpy_per_pair * 1e6, 2),
                                ratio=round(loop_per_pair / numpy_per_pair, 1))
