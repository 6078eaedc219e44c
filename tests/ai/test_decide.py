"""The enemy AI on hand-built maps with a right answer, and on real boards."""

import networkx as nx
import numpy as np
import pytest

from solo.ai.decide import decide, reachable
from solo.ai.maps import Terrain, phase_maps
from solo.ai.situation import situation_from
from solo.board.coords import Grid
from solo.board.graph import Placed, build_graph
from solo.board.terrain import Board, Hex
from solo.core.errors import SoloError
from tests.conftest import VASL_BOARDS


def board(rows: list[str], name: str = "1") -> Board:
    """A small board from text: one string per column (west to east), one letter per row from 1:
    . open, W woods, B stone building, ~ water."""
    kinds = {".": "open", "W": "woods", "B": "stone building", "~": "water"}
    grid = Grid(columns=len(rows), rows=len(rows[0]))
    hexes = {}
    for column, row in grid.hexes:
        letter = rows[column][max(row, 1) - 1]
        name_ = grid.name(column, row)
        hexes[name_] = Hex(name_, kinds[letter], 0, False, (), (), 0, {})
    return Board.from_hexes(name, grid, hexes)


def terrain(rows: list[str]) -> Terrain:
    return Terrain(build_graph([Placed("1", board(rows))]))


def situation(enemy, friendly=(), objectives=(), held=(), ebe="west"):
    return situation_from({"boards": ["1"], "objectives": list(objectives), "friendly_held": list(held), "ebe": ebe,
                           "enemy": list(enemy), "friendly": list(friendly)}, "test")


def one(t, s, phase="move"):
    return decide(t, s, phase)[0]


OPEN_FIELD = ["....."] * 7


def test_hold_squad_in_woods_does_not_step_into_the_open_next_to_friendly_squads():
    rows = ["....."] * 7
    rows[3] = "..W.."  # 1D3 woods
    t = terrain(rows)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1D3", "attitude": "hold"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1F3"}, {"id": "F2", "unit": "4-5-8", "hex": "1F4"}])
    d = one(t, s)
    assert d.action == "stay" and d.end == "1D3" and "woods (TEM +1)" in d.why
    assert all(c.end == "1D3" or t.cover[t.at(c.end)] > 1 for c in d.candidates)


def test_advance_squad_takes_the_covered_route():
    # Two lanes east to the objective: row 2 under the guns of three FRIENDLY squads in the open to the south,
    # row 4 behind a wall of woods (row 3) that blocks their LOS.
    rows = ["..W..", "..W..", "..W..", "..W..", "..W..", "..W..", "....."]
    t = terrain(rows)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1A3", "attitude": "advance"}],
                  [{"id": f"F{n}", "unit": "4-5-8", "hex": f"1{c}1"} for n, c in enumerate("BCD", 1)],
                  objectives=["1G3"])
    d = one(t, s)
    end = t.at(d.end)
    m = phase_maps(t, s)
    assert m.threat[end] == 0 or t.cover[end] > 0
    assert d.path[-1] != d.path[0]


def test_no_unit_passes_impassable_terrain_or_overspends_its_mf():
    rows = [".....", ".....", "~~~.~", ".....", "....."]
    t = terrain(rows)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1A3", "attitude": "advance"}], objectives=["1E3"])
    m = phase_maps(t, s)
    for _i, path in reachable(m, s.enemy[0], t.at("1A3")).items():
        cost = sum(t.graph.edges[a, b]["mf"] for a, b in zip(path, path[1:], strict=False))
        assert cost <= 4 and all(t.terrain[t.at(h)] != "water" for h in path)
    d = one(t, s)
    assert "1C4" in d.path or all(not h.startswith("1C") for h in d.path)  # the ford at C4 is the only way east


def test_no_unit_enters_a_friendly_occupied_hex():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1A3", "attitude": "advance"}],
                  [{"id": "F1", "unit": "2-2-8", "hex": "1B3"}], objectives=["1C3"])
    m = phase_maps(t, s)
    assert t.at("1B3") not in reachable(m, s.enemy[0], t.at("1A3"))


def test_a_broken_unit_routs_to_the_nearest_woods_not_toward_the_friendly():
    """A10.51: the nearest woods or building it can reach, never nearer a Known FRIENDLY unit (issue 18)."""
    rows = [".....", ".....", "WWWWW", ".....", ".....", ".....", "....."]
    t = terrain(rows)
    s = situation([{"id": "E1", "unit": "4-4-7", "hex": "1D3", "broken": True}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1F3"}])
    d = one(t, s)
    assert d.action == "rout" and d.path == ["1D3", "1C3"] and "nearest woods/building, 2 MF (A10.51)" in d.why
    assert one(t, s, "advance").action == "stay" and one(t, s, "defensive").action == "no fire"


def test_a_rout_avoids_adjacent_friendly_units_and_never_goes_toward_them():
    """A10.51: the woods beside the FRIENDLY unit is nearer, but ending ADJACENT to it is avoidable and routing toward
    it is not allowed: the unit routs to the farther woods away from it; with no woods in reach it routs away."""
    rows = ["WW.....", ".......", ".......", ".......", "......W", ".......", "......."]
    t = terrain(rows)
    s = situation([{"id": "E1", "unit": "4-4-7", "hex": "1D4", "broken": True}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1E6"}])
    d = one(t, s)
    m = phase_maps(t, s)
    near = m.friendly_distance.min(axis=0)
    assert t.terrain[t.at(d.end)] == "woods" and d.end.startswith("1A")
    assert all(near[t.at(h)] >= near[t.at("1D4")] for h in d.path)
    far = situation([{"id": "E1", "unit": "4-4-7", "hex": "1D4", "broken": True}],
                    [{"id": "F1", "unit": "4-5-8", "hex": "1E4"}])
    open_field = terrain(OPEN_FIELD)
    routed = one(open_field, far)
    assert "no woods or building in reach" in routed.why
    assert phase_maps(open_field, far).friendly_distance.min(axis=0)[open_field.at(routed.end)] > 1


def test_units_beside_each_other_fire_at_one_target_as_a_fire_group():
    """A7.5: two squads in ADJACENT Locations firing at the same FRIENDLY unit form one fire group, its FP the sum;
    a unit too far from them fires alone."""
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1B3"}, {"id": "E2", "unit": "4-6-7", "hex": "1B4"},
                   {"id": "E3", "unit": "4-6-7", "hex": "1E1"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1C3"}])
    fire = {d.unit: d for d in decide(t, s, "defensive")}
    assert fire["E1"].group == fire["E2"].group == ["E1", "E2"] and "as one fire group (A7.5): 8 FP" in fire["E1"].why
    assert "fires in E1's fire group" in fire["E2"].why and fire["E3"].group == []


def test_fire_at_the_best_target_and_cc_when_the_odds_favour_it():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "8-3-8", "hex": "1C3", "attitude": "attack"}],
                  [{"id": "F1", "unit": "2-2-8", "hex": "1D3"}, {"id": "F2", "unit": "4-5-8", "hex": "1F3"}],
                  objectives=["1D3"], held=["1D3"])
    assert one(t, s, "defensive").target == "F1"  # adjacent and on the VPO
    cc = one(t, s, "advance")
    assert cc.action == "advance into CC" and cc.end == "1D3" and "odds" in cc.why


def test_deterministic_and_ties_broken_by_hex_id():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "attitude": "advance"}], objectives=["1C1"])
    first, again = one(t, s), one(t, s)
    assert first.to_json() == again.to_json()
    tied = [c for c in first.candidates if c.score == first.candidates[0].score]
    assert [c.end for c in tied] == sorted(c.end for c in tied)


def test_bad_situations_are_one_line():
    with pytest.raises(SoloError, match="attitude 'charge'"):
        situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "attitude": "charge"}])
    with pytest.raises(SoloError, match="no hex 1Z9"):
        t = terrain(OPEN_FIELD)
        phase_maps(t, situation([{"id": "E1", "unit": "4-6-7", "hex": "1Z9"}]))


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
def test_real_board_decisions():
    from solo.board.cache import load_board
    t = Terrain(build_graph([Placed("4", load_board(VASL_BOARDS, "4"))]))
    s = situation_from({"boards": ["4"], "objectives": ["4M2"], "ebe": "west",
                        "enemy": [{"id": "E1", "unit": "4-6-7", "hex": "4M2", "attitude": "hold"},
                                  {"id": "E2", "unit": "4-6-7", "hex": "4K5", "attitude": "advance"},
                                  {"id": "E3", "unit": "4-4-7", "hex": "4O6", "broken": True}],
                        "friendly": [{"id": "F1", "unit": "4-5-8", "hex": "4R5"},
                                     {"id": "F2", "unit": "4-4-7", "hex": "4P8"}]},
                       "board 4")
    by = {d.unit: d for d in decide(t, s, "move")}
    assert by["E1"].action == "stay"  # a Hold squad never gives up the VPO it holds
    m = phase_maps(t, s)
    near = m.friendly_distance.min(axis=0)  # A10.51: to woods or a building, never nearer a FRIENDLY unit
    assert by["E3"].action == "rout" and t.terrain[t.at(by["E3"].end)] in ("woods", "wooden building", "stone building")
    assert all(near[t.at(h)] >= near[t.at("4O6")] for h in by["E3"].path)
    for d in by.values():
        assert all(t.graph.has_edge(a, b) for a, b in zip(d.path, d.path[1:], strict=False))
    assert nx.is_directed(t.graph) and np.isfinite(m.threat).all()


def test_brush_gives_cover_and_a_graveyard_costs_two_mf():
    """B11: brush is +1 TEM to the AI; B18: entering a graveyard costs 2 MF (issue 18: brush had TEM 0 and a graveyard
    cost 1 MF, so the AI neither sought brush nor paid for graveyards)."""
    grid = Grid(columns=3, rows=3)
    kinds = {"B2": "brush", "C2": "graveyard"}
    hexes = {grid.name(c, r): Hex(grid.name(c, r), kinds.get(grid.name(c, r), "open"), 0, False, (), (), 0, {})
             for c, r in grid.hexes}
    graph = build_graph([Placed("1", Board.from_hexes("1", grid, hexes))])
    t = Terrain(graph)
    assert t.cover[t.at("1B2")] == 1 and t.cover[t.at("1A2")] == 0
    assert graph.edges["1B2", "1C2"]["mf"] == 2 and graph.edges["1C2", "1B2"]["mf"] == 2


def test_a_sw_fires_only_with_the_unit_possessing_it():
    """A4.4: a lone MMG (nobody possesses it) does not fire; a squad's LMG fires with it at its target, in its fire
    group (A7.5), and not at a target beyond the LMG's range (issue 18)."""
    t = terrain(["........"] * 9)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1B3"}, {"id": "E2", "unit": "LMG", "hex": "1B3", "with": "E1"},
                   {"id": "E3", "unit": "MMG", "hex": "1E3"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1C3"}])
    fire = {d.unit: d for d in decide(t, s, "defensive")}
    assert fire["E3"].action == "no fire" and "no unit possesses it" in fire["E3"].why
    assert fire["E2"].target == "F1" and fire["E1"].group == ["E1", "E2"] and "6 FP" in fire["E1"].why
    assert [d.unit for d in decide(t, s, "move")] == ["E1"]  # a SW moves with its possessor, not on its own
    far = situation([{"id": "E1", "unit": "4-6-7", "hex": "1A1"},
                     {"id": "E2", "unit": "PSK", "hex": "1A1", "with": "E1"}],
                    [{"id": "F1", "unit": "4-5-8", "hex": "1A5"}])  # range 4: the squad's 6, the PSK's 2
    by = {d.unit: d for d in decide(t, far, "defensive")}
    assert by["E1"].target == "F1" and by["E2"].action == "no fire" and "beyond its range" in by["E2"].why


def test_only_infantry_advances():
    """A4.7: the APh is Infantry's; an AFV or a Gun (no MF) keeps its Location, and neither Advances into CC
    (issue 18.5: the legality sweep found Guns and AFVs Advancing one hex, a StuG could Advance into CC)."""
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "StuG IIIG", "hex": "1C3", "attitude": "attack"},
                   {"id": "E2", "unit": "75mm ATG", "hex": "1E3", "attitude": "advance", "mf": 0}],
                  [{"id": "F1", "unit": "2-2-8", "hex": "1D3"}], objectives=["1G3"], held=["1G3"])
    for d in decide(t, s, "advance"):
        assert d.action == "stay" and d.path == [s.enemy[int(d.unit[1]) - 1].hex] and "only Infantry" in d.why
