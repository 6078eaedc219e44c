"""Issue 35: what the OtO map's counters and hexsides do to LOS and movement: wrecks (MSR 8, D10), slopes (OtO 1.1-1.5)
read from the map's picture, a Known minefield entered (MINEFIELDS, B28.41)."""

import numpy as np
import pytest

from solo.ai.maps import phase_maps
from solo.ai.mission import situation, terrain
from solo.board.coords import Grid
from solo.board.graph import Placed, build_graph
from solo.board.los import LosMap
from solo.board.terrain import Board, Hex
from solo.core.errors import SoloError
from solo.sasl import actions, sighting
from solo.sasl.game import mission_file
from tests.conftest import VASL_BOARDS
from tests.mission import act_on, on_boards

OTO = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")
GRID = Grid(columns=5, rows=5)


@pytest.fixture(scope="module")
def orsha_x():
    """OtO-S1 seed 5 set up on the OtO map, its context kept (the FRIENDLY RPh of Game Turn 1)."""
    if not (VASL_BOARDS / "bdOTO").exists():
        pytest.skip("../shared/vasl-boards/bdOTO is absent")
    return on_boards("oto-s1", 5)


def fresh(orsha_x):
    """A copy of the set-up's context to act on (the module's set-up left as it was)."""
    import copy
    x = copy.copy(orsha_x)
    x.m = copy.deepcopy(orsha_x.m)
    x.record = x.m.record
    return x


def small(terrain=None, slopes=None) -> LosMap:
    """A 5 x 5 open board known only by its hexes; ``slopes``: a hex's slope hexsides (its lines in it)."""
    hexes = {}
    for column, row in GRID.hexes:
        name = GRID.name(column, row)
        hexes[name] = Hex(name, (terrain or {}).get(name, "open"), 0, False, (), (), 0, {},
                          slopes=(slopes or {}).get(name, ()))
    return LosMap(build_graph([Placed("1", Board.from_hexes("1", GRID, hexes))]))


# --- wrecks (OtO-S1 MSR 8; D10) ---------------------------------------------------------------------------------

def test_d10_3_a_wreck_is_a_los_hindrance():
    """OtO CG5 / OtO 1.3 EX: a wreck is a LOS Hindrance: +1 for its hex on a line through it (D10.3), none on a line
    that does not pass through it, and six hindrance hexes block (A6)."""
    m = small()
    assert m.trace("1C1", "1C5").hindrances == 0
    assert m.trace("1C1", "1C5", frozenset({"1C3"})).hindrances == 1
    assert m.trace("1A1", "1A5", frozenset({"1C3"})).hindrances == 0
    a, b = np.array([m.index["1C1"]]), np.array([m.index["1C5"]])
    assert m.sights(a, b, hindering=m.wreck_mask(["1C3"]))[1][0] == 1
    assert m.sights(a, b)[1][0] == 0


@OTO
def test_d10_3_wrecks_hinder_activation_los(orsha_x):
    """The Activation check follows the LOS the wrecks hinder: six wrecks between a FRIENDLY unit and an S? block it
    (A6's +6), from rules version 7 on."""
    x = fresh(orsha_x)
    s = x.m.s[0]
    s.where = "K10"
    x.m.s = [s]
    viewer = x.m.add_unit("4-5-8", "squad", "K17", "", "OoB", side="FRIENDLY")
    assert sighting.sightings(x, [viewer], ["K17"]) == [["S1", 7, 0]]
    for h in ("K11", "K12", "K13", "K14", "K15", "K16"):
        x.m.add_unit("Wreck", "wreck", h, "", "MSR 8", side="FRIENDLY")
    assert sighting.sightings(x, [viewer], ["K17"]) == []
    x.rules = 6
    assert sighting.sightings(x, [viewer], ["K17"]) == [["S1", 7, 0]]


@OTO
def test_d10_2_a_burning_wreck_costs_infantry_mf_a_wreck_a_vehicle_mp(orsha_x):
    """D10.2: a wreck adds nothing to Infantry's MF unless burning (its smoke); a vehicle pays for each wreck in the hex
    it enters (tables/core/movement.toml's wreck rows, a stand-in). The FRIENDLY move's MF check counts it."""
    x = fresh(orsha_x)
    x.m.phase = "FRIENDLY MPh"
    squad = x.m.add_unit("4-5-8", "squad", "K17", "", "OoB", side="FRIENDLY")
    tank = x.m.add_unit("T-34/85", "vehicle", "K17", "", "OoB", side="FRIENDLY")
    wreck = x.m.add_unit("Wreck", "wreck", "K18", "", "MSR 8", side="FRIENDLY")
    base = x.map.cost("K17", "K18")
    assert actions.Move([squad.id], ["K18"]).check(x)["costs"] == [base]
    assert actions.Move([tank.id], ["K18"]).check(x)["costs"] == [x.map.cost("K17", "K18", "mp") + 1]
    wreck.marks = ["burning"]
    assert actions.Move([squad.id], ["K18"]).check(x)["costs"] == [base + 1]
    x.m.spent[squad.id] = 4
    with pytest.raises(SoloError, match="MF"):
        actions.Move([squad.id], ["K18"]).check(x)


@OTO
def test_d10_2_the_enemy_ai_pays_for_wrecks_and_sees_them_hinder(orsha_x):
    """The ENEMY AI's movement costs (solo/ai/maps.py) add the wrecks' cost to entering their hexes, and its LOS
    counts them as hindrances."""
    x = fresh(orsha_x)
    x.m.add_unit("T-34/85", "vehicle", "K17", "", "OoB", side="FRIENDLY")
    t = terrain(x.map)
    plain = phase_maps(t, situation(x.m, x.map, mission_file("oto-s1")))
    x.m.add_unit("Wreck", "wreck", "K18", "", "MSR 8", side="FRIENDLY")
    s = situation(x.m, x.map, mission_file("oto-s1"))
    assert s.wrecks == (("K18", (False,)),)
    wrecked = phase_maps(t, s)
    k17, k18 = t.at("K17"), t.at("K18")
    into = dict(wrecked.edges("mp")[0][k17])[k18]
    assert into == dict(plain.edges("mp")[0][k17])[k18] + 1
    assert dict(wrecked.edges("mf")[0][k17])[k18] == dict(plain.edges("mf")[0][k17])[k18]


# --- slopes (OtO 1.1-1.5) ---------------------------------------------------------------------------------------

@OTO
def test_oto_1_1_slopes_read_from_the_map(orsha_x):
    """OtO 1.1's EX: T19-T20 is a slope hexside, its hash marks in T19: T19 is Down-Slope across it, T20 Up-Slope
    (1.2); crossing it from T19 is moving Up-Slope (1.5)."""
    g = orsha_x.map.graph
    assert g.edges["T19", "T20"]["slope"] == "up" and g.edges["T20", "T19"]["slope"] == "down"
    assert 0 in g.nodes["T20"]["upslope"]
    assert sum(1 for *_, d in g.edges(data=True) if d.get("slope") == "up") >= 40


@OTO
def test_oto_1_51_moving_up_slope_costs_half_an_mf(orsha_x):
    """OtO 1.51: Infantry pay 1/2 MF + COT to move Up-Slope (T19 to T20), nothing more Down-Slope; a save played before
    rules version 7 checks its moves without it."""
    x = fresh(orsha_x)
    x.m.phase = "FRIENDLY MPh"
    squad = x.m.add_unit("4-5-8", "squad", "T19", "", "OoB", side="FRIENDLY")
    up = actions.Move([squad.id], ["T20", "T19"]).check(x)["costs"]
    assert up == [x.map.cost("T19", "T20", slopes=False) + 0.5, x.map.cost("T20", "T19", slopes=False)]
    x.rules = 6
    plain = x.map.cost("T19", "T20", slopes=False)
    assert actions.Move([squad.id], ["T20"]).check(x)["costs"] == [plain]


def test_oto_1_52_1_53_vehicles_up_slope_and_crest_line_slopes():
    """OtO 1.52: a unit that expends MP pays one MP + COT Up-Slope; 1.53: no vehicle crosses a Crest-line slope
    hexside."""
    from solo.board.graph import slope_cost
    assert slope_cost({"slope": "up", "crest": False}, "mp") == 1.0
    assert slope_cost({"slope": "down", "crest": False}, "mp") == 0.0
    assert slope_cost({"slope": "down", "crest": True}, "mp") == float("inf")
    assert slope_cost({"slope": "up", "crest": True}, "mf") == 0.5
    assert slope_cost({}, "mf") == 0.0


def test_oto_1_3_an_up_slope_unit_sees_over_what_is_lower():
    """OtO 1.3: an Up-Slope Location is 3/4 level higher to LOS across its Up-Slope hexside and sees over obstacles and
    Hindrances lower than that (grain, a wreck), not over a woods (a full level); across another hexside it is not
    Up-Slope."""
    plain = small({"C3": "grain"})
    assert plain.trace("1C1", "1C5").hindrances == 1
    up = small({"C3": "grain"}, {"C2": (0,)})  # C2's lines on its N hexside: C1 is Up-Slope across its S hexside
    assert up.trace("1C1", "1C5").hindrances == 0 and up.trace("1C5", "1C1").hindrances == 0
    assert up.trace("1C1", "1C5", frozenset({"1C4"})).hindrances == 0  # the OtO 1.3 EX: a wreck does not hinder C
    both = np.array([up.index["1C1"]]), np.array([up.index["1C5"]])
    assert up.sights(*both)[1][0] == 0
    assert not small({"C3": "woods"}, {"C2": (0,)}).visible("1C1", "1C5")
    down = small({"C3": "grain"}, {"C1": (3,)})  # the lines in C1: it is Down-Slope, no help
    assert down.trace("1C1", "1C5").hindrances == 1


# --- MINEFIELDS: a Known minefield entered -----------------------------------------------------------------------

@OTO
def test_b28_41_entering_a_known_minefield_rolls_its_strength_and_attacks(orsha_x):
    """MINEFIELDS: "If these hexes are entered, determine strength of minefield as in ENEMY RE 13-16" (and the AT dr):
    a FRIENDLY move into a Known minefield hex rolls it once and the units undergo its mine attack (B28.41); the
    strength stands for the next unit."""
    x = fresh(orsha_x)
    x.m.phase = "FRIENDLY MPh"
    first = x.m.add_unit("4-5-8", "squad", "T16", "", "OoB", side="FRIENDLY")
    second = x.m.add_unit("4-5-8", "squad", "T16", "", "OoB", side="FRIENDLY")
    done = act_on(x, {"do": "move", "units": [first.id], "path": ["T15"]})
    (mine,) = done["minefields"]
    assert mine["hex"] == "T15" and mine["units"] == [first.id] and "AP" in mine["ap"]
    assert [f["hex"] for f in x.m.enemy["minefields"]] == ["T15"]
    again = act_on(x, {"do": "move", "units": [second.id], "path": ["T15"]})
    assert again["minefields"][0]["ap"] == mine["ap"] and len(x.m.enemy["minefields"]) == 1
    assert any("mine attack (B28.41)" in r["text"] for r in x.m.record)
    with pytest.raises(SoloError, match="rolled already"):
        act_on(x, {"do": "minefield", "hex": "T15"})


# --- the Culvert (OtO 3.1-3.4) -----------------------------------------------------------------------------------

@OTO
def test_oto_3_2_the_culvert_is_entered_only_from_its_gully_ends(orsha_x):
    """OtO 3.2: Infantry enter the Culvert (M23) as if INTO a gully, only from IN an ADJACENT gully Location (the
    gully-Culvert hexsides L23-M23 and M23-N22, 3.4); no vehicle; a unit IN it leaves INTO one of those gullies."""
    x = fresh(orsha_x)
    x.m.phase = "FRIENDLY MPh"
    assert (x.map.culvert, x.map.culvert_ends) == ("M23", ["L23", "N22"])
    squad = x.m.add_unit("4-5-8", "squad", "L23", "", "OoB", side="FRIENDLY")
    checked = actions.Move([squad.id], ["culvert", "N22"]).check(x)
    assert checked["path"] == ["M23", "N22"] and checked["culvert"] == [0]
    assert checked["costs"] == [2.0, x.map.cost("M23", "N22")]
    act_on(x, {"do": "move", "units": [squad.id], "path": ["culvert"]})
    assert (squad.hex, squad.marks) == ("M23", ["culvert"])
    assert x.m.moving["path"] == []  # no First Fire at a stack IN the Culvert (its gully ends saw it enter)
    with pytest.raises(SoloError, match="leaves it only INTO"):
        actions.Move([squad.id], ["M24"]).check(x)
    act_on(x, {"do": "move", "units": [squad.id], "path": ["N22"]})
    assert (squad.hex, squad.marks) == ("N22", [])
    surface = x.m.add_unit("4-5-8", "squad", "M22", "", "OoB", side="FRIENDLY")
    with pytest.raises(SoloError, match="only from IN an ADJACENT gully"):
        actions.Move([surface.id], ["culvert"]).check(x)
    tank = x.m.add_unit("T-34/85", "vehicle", "L23", "", "OoB", side="FRIENDLY")
    with pytest.raises(SoloError, match="only Infantry"):
        actions.Move([tank.id], ["culvert"]).check(x)


@OTO
def test_oto_3_1_in_the_culvert_a_unit_sees_only_adjacent_gully_locations(orsha_x):
    """OtO 3.1: a unit IN a Culvert has a LOS only to ADJACENT gully/Culvert Locations: an S? the surface of M23 sees
    is not seen from IN it; one in N22 is; the ENEMY AI's LOS to it is the same."""
    x = fresh(orsha_x)
    s = x.m.s[0]
    x.m.s = [s]
    squad = x.m.add_unit("4-5-8", "squad", "M23", "", "OoB", side="FRIENDLY")
    s.where = next(h for h in ("M20", "M19", "N21", "L21", "M21") if x.map.seen("M23", [h], 16))
    assert sighting.sightings(x, [squad], ["M23"])
    assert sighting.sightings(x, [squad], ["M23"], (0,)) == []
    s.where = "N22"
    assert sighting.sightings(x, [squad], ["M23"], (0,)) == [["S1", 1, 0]]
    squad.marks = ["culvert"]
    sit = situation(x.m, x.map, mission_file("oto-s1"))
    assert sit.sight_limits == (("M23", ("L23", "N22")),)
    maps = phase_maps(terrain(x.map), sit)
    t = maps.terrain
    assert {t.nodes[i] for i in np.nonzero(maps.in_los)[0]} == {"M23", "L23", "N22"}


def test_oto_1_41_slope_tem_needs_three_or_two_non_contiguous_down_slope_hexsides():
    """OtO 1.41: Infantry in a hex with >= three (or two non-contiguous) Down-Slope hexsides may claim +1 slope TEM;
    the ENEMY AI's cover map counts it where the hex has no better TEM."""
    from solo.ai.maps import Terrain
    from solo.board.graph import slope_tem
    assert slope_tem((1, 2, 3)) and slope_tem((1, 3)) and slope_tem((0, 3))
    assert not slope_tem((1, 2)) and not slope_tem((0, 5)) and not slope_tem((2,)) and not slope_tem(())
    hexes = {GRID.name(c, r): Hex(GRID.name(c, r), "open", 0, False, (), (), 0, {},
                                  slopes=(1, 3) if GRID.name(c, r) == "C3" else ()) for c, r in GRID.hexes}
    t = Terrain(build_graph([Placed("1", Board.from_hexes("1", GRID, hexes))]))
    assert t.cover[t.at("1C3")] == 1 and t.cover[t.at("1C2")] == 0


def test_c10_1_a_transport_rolled_again_until_it_can_tow():
    """OtO-S1 RE 11-13 / OtO-S2 RE 41-43's "reroll until it can tow the Gun" by the asl.towing stand-in chart, from
    rules version 7 on; a transport the chart does not name is taken as able; a Gun of no calibre is towed by all."""
    from solo.sasl.events import towing
    from tests.mission import ctx
    x = ctx(faces=[3, 3, 6, 6, 3, 3])
    assert towing(x, "120mm MTR", "GAZ-MM truck", "RE 11-13") == "Studebaker US6"  # DR 6
    assert towing(x, "76L AT (ZiS-3)", "GAZ-MM truck", "RE 11-13") == "GAZ-MM truck"
    assert towing(x, "122mm ART", "Horse team (wagon)", "RE 41-43") == "Studebaker US6"  # DR 12 GAZ-MM, then 6
    assert towing(x, "120mm MTR", "Willys jeep", "RE 11-13") == "Willys jeep"
    assert towing(x, "Gun", "GAZ-MM truck", "RE 11-13") == "GAZ-MM truck"
    x.rules = 6
    assert towing(x, "120mm MTR", "GAZ-MM truck", "RE 11-13") == "GAZ-MM truck"


def test_oto_1_3_activation_los_over_what_is_lower_from_rules_version_7():
    """OtO 1.3 in the Activation check: an Up-Slope unit sees an S? over six grain hexes that block the same LOS at
    ground level (A6: +6); a save played before rules version 7 traces it without the slopes, as it was played."""
    from solo.sasl.mission_map import MissionMap
    from tests.mission import ctx
    grid = Grid(columns=3, rows=10)
    grain = {f"B{r}" for r in range(2, 8)}
    hexes = {grid.name(c, r): Hex(grid.name(c, r), "grain" if grid.name(c, r) in grain else "open", 0, False, (), (),
                                  0, {}, slopes=(0,) if grid.name(c, r) == "B2" else ()) for c, r in grid.hexes}
    x = ctx()
    x.map = MissionMap(build_graph([Placed("1", Board.from_hexes("1", grid, hexes))]))
    x.m.new_s("1B9")
    viewer = x.m.add_unit("4-5-8", "squad", "1B1", "", "OoB", side="FRIENDLY")
    assert sighting.sightings(x, [viewer], ["1B1"]) == [["S1", 8, 0]]
    x.rules = 6
    assert sighting.sightings(x, [viewer], ["1B1"]) == []
