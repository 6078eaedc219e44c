"""OtO-S2 The Cross Roads: mapboards by MSR 6, VPO by 14., month by MSR 8, and the pictures."""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from solo.board.cache import load_board
from solo.board.render import svg
from solo.core.dice import TypedDice
from solo.games.oto_s2 import crossroads
from tests.conftest import VASL_BOARDS as BOARDS

needs_boards = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


def test_mapboards_centre_from_column_a_others_from_b_repeats_rolled_again():
    """DR 2 on A: board 40 (a river board) in the centre; DR 2 on B: w5; DR 2 again repeats w5, so
    it is rolled again: DR 3, w34."""
    boards = crossroads.roll_boards(TypedDice([1, 1, 1, 1, 1, 1, 1, 2]))
    assert [(b.id, b.kind) for b in boards] == [("5", "Woods"), ("40", "River"), ("34", "Woods")]
    assert boards[1].trace.column == "A" and [t.result for t in boards[2].rerolled] == ["w5"]


def test_month():
    assert crossroads.month(TypedDice([4])).result == "June" and crossroads.month(TypedDice([5])).result == "July"


@needs_boards
def test_vpo_priority_and_random_selection():
    """Board 24 has seven intersections and no bridge; A6g (stand-in) dr 1 allows one: Random
    Selection takes the lowest dr (ties by hex id)."""
    board = load_board(BOARDS, "24")
    count, vpo = crossroads.choose_vpo("24", board, TypedDice([1, 6, 6, 6, 6, 2, 6, 6]))
    assert count.result == "1" and count.table.stand_in
    assert [(v.hex, v.why) for v in vpo] == [("24T3", "road intersection (>= 3 road hexsides) (Random Selection)")]
    count, vpo = crossroads.choose_vpo("4", load_board(BOARDS, "4"), TypedDice([6]))
    assert [v.hex for v in vpo] == ["4Y3"]  # fewer qualify than are allowed: all of them (4FF5 has two road hexsides)


@needs_boards
def test_svg_of_a_configuration_is_well_formed():
    boards = [(b, load_board(BOARDS, b)) for b in ("44", "19", "17")]
    root = ET.fromstring(svg(boards, {"19M8": "road intersection"}))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f".//{ns}polygon")) == 3 * 346 and len(root.findall(f".//{ns}circle")) == 1
    assert root.find(f"{ns}title").text == "board 44, board 19, board 17"


@needs_boards
def test_cross_roads_cli_json(tmp_path):
    out = subprocess.run([sys.executable, "-m", "solo.cli", "boards", "cross-roads", "--seed", "3", "--vasl-boards",
                          str(BOARDS), "--json", "--svg", str(tmp_path / "map.svg")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"boards", "centre", "placement", "vpo", "month", "bridges"}
    assert [b["position"] for b in data["boards"]] == ["north", "centre",
                                                       "south"] and data["centre"] == data["boards"][1]["board"]
    assert all(v["hex"].startswith(v["board"]) and v["why"] for v in data["vpo"]) and data["month"] in ("June", "July")
    assert (tmp_path / "map.svg").read_text().startswith("<svg")


def test_any_mapboard_table_rolls_a_configuration():
    """The generic generator: one DR per named column, a repeated board rolled again."""
    boards = crossroads.roll_configuration("oto-s2.mapboard", ["B", "B", "A"], TypedDice([2, 2, 1, 3, 3, 3, 6, 6]))
    assert [b.id for b in boards] == ["44", "33", "8"] and [t.result for t in boards[1].rerolled] == ["44"]


@needs_boards
def test_msr_5_terrain_changes_in_the_graph():
    """MSR 5: all hills are Level 0 and all buildings wooden (board 40 has hills, board 12 stone buildings)."""
    mapboards = crossroads.roll_configuration("oto-s2.mapboard", ["A", "B", "B"], TypedDice([1, 1, 5, 6, 3, 3]))
    assert [m.id for m in mapboards] == ["40", "12", "33"]
    graph = crossroads.map_graph([m.id for m in mapboards], lambda b: load_board(BOARDS, b))
    assert {d["elevation"] for _, d in graph.nodes(data=True)} == {0}
    assert "stone building" not in {d["terrain"] for _, d in graph.nodes(data=True)}
    assert max(h.elevation for h in load_board(BOARDS, "40").hexes.values()) >= 1


@needs_boards
def test_bridges_on_a_river_board():
    """MSR 7 on board 40 (stand-ins for A6g, A9a, A9b): A6g dr 3 gives two bridges; A9a dr 5 is
    rolled again; each bridge spans the river down one hex column; a bridge is a VPO candidate
    before any road intersection (Priority List)."""
    board = load_board(BOARDS, "40")
    places = crossroads.crossing_places(board)
    assert places and all(board.hexes[h].terrain == "water" for p in places for h in p)
    count, bridges = crossroads.place_bridges(board, TypedDice([3, 5, 1, 2, 6, 6]))
    assert count.result == "2" and count.table.stand_in
    assert [len(b.rolls) for b in bridges] == [3, 2]  # 5 then 1, then A9b; 6, then A9b
    assert [b.construction for b in bridges] == ["Wooden Bridge", "Stone Bridge"]
    assert bridges[0].hexes == places[0]
    _, vpo = crossroads.choose_vpo("40", board, TypedDice([1]), bridges)
    assert vpo[0].why.startswith("Multi-Hex Bridge" if len(bridges[0].hexes) > 1 else "One Hex Bridge")


@needs_boards
def test_placed_bridges_are_on_the_map():
    """MSR 7: a bridge placed on a River mapboard is on the mission's map: its river hexes become bridge hexes with a
    road down the column, so Infantry and vehicles can cross where the river was NA (issue 18: the AI's map had
    none)."""
    board = load_board(BOARDS, "40")
    _, bridges = crossroads.place_bridges(board, TypedDice([3, 5, 1, 2, 6, 6]))
    span = bridges[0].hexes
    bridged = crossroads.with_bridges(board, [span])
    assert all(bridged.hexes[h].terrain == "bridge" and bridged.hexes[h].road for h in span)
    assert all(board.hexes[h].terrain == "water" for h in span)  # the board itself is unchanged
    plain = crossroads.map_graph(["40"], lambda b: board)
    crossing = crossroads.map_graph(["40"], lambda b: bridged)
    first = f"40{span[0]}"
    assert all(plain.edges[n, first]["mf"] == float("inf") for n in plain.predecessors(first))
    assert min(crossing.edges[n, first]["mf"] for n in crossing.predecessors(first)) <= 1
