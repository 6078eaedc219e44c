"""The map graph of a configuration of real boards (skipped without ../shared/vasl-boards)."""


import networkx as nx
import pytest

from solo.board.cache import load_board
from solo.board.graph import Placed, build_graph, movement_costs
from tests.conftest import VASL_BOARDS as BOARDS

pytestmark = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


@pytest.fixture(scope="module")
def graph():
    return build_graph([Placed(b, load_board(BOARDS, b)) for b in ("37", "19", "4")])


def test_three_boards_share_their_half_hexes(graph):
    assert graph.number_of_nodes() == 3 * 346 - 2 * 16  # 16 odd-index columns per join
    assert graph.nodes["37B10"]["also"] == "19B0" and "19B0" not in graph
    assert graph.has_edge("37B10", "19B1") and graph.has_edge("19B10", "4B1")


def test_edges_cost_what_the_terrain_chart_says(graph):
    costs = movement_costs()
    k4 = graph.edges["4K5", "4K4"]  # board 4 K4 is open ground, no road across K5-K4
    assert (k4["mf"], k4["mp"]) == costs["open"]
    into_woods = graph.edges["4M1", "4M2"]  # M2 is woods (checked on the rendered board)
    assert into_woods["mf"] == costs["woods"][0] and not into_woods["road"]
    level_roads = [d for u, v, d in graph.edges(data=True)
                   if d["road"] and graph.nodes[v]["elevation"] <= graph.nodes[u]["elevation"]]
    assert len(level_roads) > 50 and {d["mf"] for d in level_roads} == {costs["road"][0]}


def test_the_map_is_connected_and_paths_follow_costs(graph):
    assert nx.is_strongly_connected(graph.subgraph(n for n in graph if graph.nodes[n]["terrain"] != "water"))
    length = nx.shortest_path_length(graph, "37A1", "4GG10", weight="mf")
    assert 30 <= length <= 33 * 2 * 3  # at least one MF a hex across 30 columns, at most all woods
