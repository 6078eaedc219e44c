"""The VASL board reader on the real board files in ../shared/vasl-boards (skipped when absent).

How the expected values were checked: each board's LOSData was rendered to a picture (VASL's own
terrain colours, roads in red, paths in yellow, the hex grid with hex ids, the program's road
intersections ringed) and looked at board by board; each expected intersection below is a hex where
three or more roads leave across hexsides on that picture, and no other hex on it is one. Nothing
of the pictures is kept. The terrain hexes below were marked on the picture and read off it one by one."""


import json
import subprocess
import sys

import pytest

from solo.board.cache import load_board
from tests.conftest import VASL_BOARDS as BOARDS

pytestmark = pytest.mark.skipif(not BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")

# The 22 boards of The Cross Roads mapboard table; road intersections (>= 3 road hexsides), each
# looked at on the rendered board (checked again hex by hex for issue 16): forks, crossroads, loops
# meeting a road, roads that leave off the board edge (board 17 Y10). A road that leaves a hex through a
# vertex crosses no hexside there (board 4 FF5, board 50 B5: two road hexsides each); a stub that ends
# inside its hex crosses none (board 17 O5, AA8; board 24 Y10); a path is no road (board 34 H6, J5, BB5).
INTERSECTIONS = {
    "04": ["Y3"], "05": ["H3", "Y10", "EE6"], "08": ["E1", "I1", "P1", "Q1", "Q9", "W8", "Y9"],
    "12": ["M4", "O5", "Q1", "Q5", "Q9", "S2", "S6", "Y9"], "13": ["H7", "Q1", "X1"], "16": ["K8", "N3", "N4", "Y4"],
    "17": ["G7", "H6", "R4", "Y10", "DD4"], "19": ["I1", "M8", "Y6"], "24": ["I8", "N6", "Q7", "S4", "T3", "T4", "Y2"],
    "32": ["E4", "H4", "O5", "W5"], "33": ["L4", "L5", "Q9", "Q10", "R9", "Y10"], "34": ["P5", "Q6"],
    "36": ["P5", "R6"], "37": ["H4", "P5", "X5"], "40": ["G9", "H4", "Q4", "Q7", "AA5", "CC7", "DD6"],
    "42": ["D4", "G4", "CC5"], "43": ["M6", "R3", "V3", "Z5", "Z7"], "44": ["K6", "Q9", "AA9"], "47": ["H8", "Y2"],
    "48": ["Q5"], "50": ["I10", "Q8", "U6", "Y5"], "52": [],
}

# Terrain read off the rendered boards, hex by hex.
TERRAIN = {
    "04": {"C1": "grain", "M2": "woods", "W1": "woods", "S3": "shellholes", "X4": "grain", "I6": "woods",
           "K5": "grain", "O6": "wooden building", "P6": "wooden building", "A4": "woods", "EE9": "open", "Y3": "open"},
    "12": {"B5": "open", "E8": "gully", "F1": "open", "K3": "open", "M1": "open", "N8": "gully", "Q5": "open",
           "T5": "open", "W4": "graveyard", "AA4": "open", "DD3": "open", "CC9": "gully"},
    "24": {"B2": "open", "E3": "open", "K9": "open", "O5": "stone building", "Q4": "open", "S1": "wooden building",
           "U7": "woods", "X8": "brush", "AA7": "open", "DD3": "grain", "FF9": "open"},
}


@pytest.mark.parametrize("board", sorted(INTERSECTIONS))
def test_grid_and_hex_count(board):
    b = load_board(BOARDS, board)
    assert (b.grid.columns, b.grid.rows, len(b.hexes)) == (33, 10, 346)


@pytest.mark.parametrize("board", sorted(INTERSECTIONS))
def test_road_intersections(board):
    assert load_board(BOARDS, board).intersections() == INTERSECTIONS[board]


@pytest.mark.parametrize("board", sorted(TERRAIN))
def test_terrain_read_off_the_board(board):
    b = load_board(BOARDS, board)
    assert {name: b.hexes[name].terrain for name in TERRAIN[board]} == TERRAIN[board]


def test_building_types_from_board_metadata():
    """BoardMetadata.xml of board 4 makes O6 and P6 wooden one-level buildings."""
    b = load_board(BOARDS, "4")
    assert b.hexes["O6"].terrain == b.hexes["P6"].terrain == "wooden building"


def test_a_road_through_a_vertex_crosses_no_hexside():
    """Board 4 FF5: the road forks at the east edge and touches FF5's east vertex; board 50 B5 likewise."""
    ff5 = load_board(BOARDS, "4").hexes["FF5"]
    assert ff5.road_sides == (4, 5) and ff5.road_vertices == (2,) and ff5.road_exits == 2
    assert load_board(BOARDS, "50").hexes["B5"].road_exits == 2


def test_a_historical_map_takes_its_geometry_from_its_metadata():
    """The Red Barricades map (bdRBv2): 36 columns x 45 rows, its own hex size and A1 centre; the
    LOSData holds one stairway byte per hex, as many as the grid has hexes."""
    from solo.board.vasl import decode_los, parse_metadata, read_files
    los, meta = read_files(BOARDS, "RBv2")
    _, grid, _ = parse_metadata(meta, "bdRBv2")
    columns, rows, _, terrain, stairways = decode_los(los)
    assert (
        (grid.columns, grid.rows, grid.hex_height, grid.a1_x) == (columns, rows, 64.47, 22.0) == (36, 45, 64.47, 22.0)
    )
    assert len(stairways) == len(grid.hexes) == 1638 and terrain.shape == (2012, 2901)


def test_boards_los_cli():
    """`solo boards los`: the hedge of board 4 Q2 blocks Q1-Q9; the grain of J5 hinders I6-K5."""
    run = lambda *a: subprocess.run([sys.executable, "-m", "solo.cli", "boards", "los", *a, "--vasl-boards",  # noqa: E731
                                     str(BOARDS)], capture_output=True, text=True)
    out = run("4", "Q1", "Q9")
    assert (
        out.returncode == 0 and out.stdout.strip() == "4Q1 (level 0) to 4Q9 (level 0), range 8: blocked by Hedge in 4Q2"
    )
    data = json.loads(run("4", "4I6", "K5", "--json").stdout)
    assert (data["seen"], data["hindrances"], data["hindered_in"], data["range"]) == (True, 1, ["4J5"], 2)
    for bad in (("4", "I6", "ZZ5"), ("4", "12K5", "M2")):
        out = run(*bad)
        assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_boards_show_svg_draws_walls_and_hedges(tmp_path):
    out = subprocess.run([sys.executable, "-m", "solo.cli", "boards", "show", "4", "--vasl-boards", str(BOARDS),
                          "--svg", str(tmp_path / "4.svg")], capture_output=True, text=True)
    assert out.returncode == 0
    picture = (tmp_path / "4.svg").read_text()
    hedges = sum(f == "hedge" for h in load_board(BOARDS, "4").hexes.values() for f in h.sides.values())
    assert picture.count("<title>hedge</title>") == hedges > 0 and "<title>wall</title>" in picture


@pytest.mark.parametrize("board", sorted(INTERSECTIONS))
def test_cross_roads_vpo_intersections_match_the_table(board):
    """OtO-S2 14.: the road "Intersection" VPO class of each Cross Roads mapboard is the table above."""
    from solo.games.oto_s2.crossroads import vpo_candidates
    number = str(int(board))
    classes = dict(vpo_candidates(number, load_board(BOARDS, board)))
    assert classes["road intersection (>= 3 road hexsides)"] == [f"{number}{h}" for h in INTERSECTIONS[board]]
