"""Hex coordinates of a geomorphic board: ids, neighbours, hexsides, distance, lines, edges."""

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.board.coords import Grid, distance, line, parse_hex_id
from solo.core.errors import SoloError

GRID = Grid()
hexes = st.sampled_from(GRID.hexes)


def test_a_geomorphic_board_has_346_hexes():
    assert len(GRID.hexes) == 346
    assert GRID.name(0, 1) == "A1" and GRID.name(32, 10) == "GG10" and GRID.name(26, 0) == "AA0"


@pytest.mark.parametrize("text, board, name",
                         [("4K5", "4", "K5"), ("13Y3", "13", "Y3"), ("4b0", "4", "B0"), ("40GG10", "40", "GG10")])
def test_hex_ids_as_asl_writes_them(text, board, name):
    hex_id = parse_hex_id(text)
    assert hex_id.board == board and GRID.name(hex_id.column, hex_id.row) == name and str(hex_id) == text.upper()


@pytest.mark.parametrize("text, message", [
    ("4A0", "column A has rows 1-10"), ("4HH3", "no column HH"), ("4AB3", "column letters"),
    ("4A11", "rows 1-10"), ("K5", "names no board"), ("hello", "bad hex id"),
])
def test_impossible_ids_are_refused(text, message):
    with pytest.raises(SoloError, match=message):
        parse_hex_id(text)


def test_pixel_centres_follow_vasl_geometry():
    assert GRID.centre(0, 1) == (0.0, 32.25)  # A1
    assert GRID.centre(1, 0) == (56.25, 0.0)  # B0, the half hex on the top edge
    assert GRID.centre(32, 10) == (1800.0, 612.75)  # GG10


def test_neighbours_and_hexsides():
    k5 = GRID.parse("K5")
    assert [GRID.name(*GRID.neighbour(*k5, side)) for side in range(6)] == ["K4", "L4", "L5", "K6", "J5", "J4"]
    l5 = GRID.parse("L5")
    assert [GRID.name(*GRID.neighbour(*l5, side)) for side in range(6)] == ["L4", "M5", "M6", "L6", "K6", "K5"]
    assert GRID.is_edge(0, 1) and GRID.is_edge(1, 0) and not GRID.is_edge(*k5)


@given(hexes)
def test_id_round_trip(hex_):
    assert GRID.parse(GRID.name(*hex_)) == hex_
    assert (parse_hex_id(f"4{GRID.name(*hex_)}").column, parse_hex_id(f"4{GRID.name(*hex_)}").row) == hex_


@given(hexes, st.integers(0, 5))
def test_neighbour_symmetry(hex_, side):
    other = GRID.neighbour(*hex_, side)
    if other is not None:
        assert GRID.neighbour(*other, (side + 3) % 6) == hex_
        assert distance(hex_, other) == 1


OPEN = nx.Graph((h, n) for h in GRID.hexes for n in GRID.neighbours(*h))


@given(hexes, hexes)
def test_distance_is_the_path_length_on_an_open_board(a, b):
    assert distance(a, b) == nx.shortest_path_length(OPEN, a, b)


@given(hexes, hexes)
def test_a_line_is_a_shortest_path(a, b):
    hexes_passed = line(a, b)
    assert hexes_passed[0] == a and hexes_passed[-1] == b and len(hexes_passed) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(hexes_passed, hexes_passed[1:], strict=False))
