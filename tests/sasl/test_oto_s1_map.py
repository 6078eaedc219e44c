"""OtO-S1 on the OtO map read from the player's VASL boards (issue 17): the printed LVP are the VPO, the S? go by 4.1
cases a, b and d more than two hexes West of the FRIENDLY set up area, Activation follows the map's LOS and the ENEMY
AI decides on it."""

import pytest

from solo.ai.mission import decided
from solo.core.store import EventLog
from solo.games import run_mission
from solo.sasl.game import mission_file
from solo.sasl.mission_map import in_set_up_area
from tests.conftest import VASL_BOARDS
from tests.mission import act

pytestmark = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")
LINE = ["A27", "I23", "I20", "R15", "DD21"]


@pytest.fixture
def orsha(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = tmp_path / "orsha.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 5, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {})
    return path


def test_the_lvp_in_play_are_the_vpo(orsha):
    o = run_mission(EventLog.open(orsha), frozen=True)
    assert [v["hex"] for v in o.mission.boards["vpo"]] == ["A12", "D22", "I7", "I14", "P3", "Q10", "V17", "Z15",
                                                          "CC5", "DD13"]
    assert o.map.has_los and len(o.map.hexes) == 30 * 28


def test_s_placed_by_the_map_west_of_the_set_up_area(orsha):
    """S? PLACEMENT: 4.1 a (each building's A9e), b (woods/brush/grain) and d (VPO), > 2 hexes West of the area."""
    o = run_mission(EventLog.open(orsha), frozen=True)
    grid, hexes = o.map.grid, o.map.hexes
    area = [h for h in hexes if in_set_up_area(grid, LINE, h)]
    placed = [s.where for s in o.mission.s]
    assert len(placed) >= 10
    for where in placed:
        assert min(o.map.distance(where, a) for a in area) > 2, where
        h = o.map.graph.nodes[where]
        assert h["terrain"] in ("wooden building", "woods", "brush", "grain", "gully", "shellholes") or \
            where in [v["hex"] for v in o.mission.boards["vpo"]], (where, h["terrain"])
    assert {"Q10", "Z15", "A12", "I7"} <= set(placed)


def test_activation_on_the_map(orsha):
    """A FRIENDLY unit set up checks the S? it sees by the map's LOS, within 16 hexes (SASL-FACTS)."""
    done = act(orsha, {"do": "enter", "hex": "K20", "units": ["4-5-8"]})
    checked = done.last["activation"]
    assert checked and all(c["range"] <= 16 for c in checked) and any(c["activated"] for c in checked)


@pytest.mark.parametrize("where, fires", [("K20", False), ("J12", True), ("I11", True)])
def test_the_aa_guns_fire_only_within_4_hexes(orsha, where, fires):
    """ADDITIONAL GERMAN UNITS: the AA Guns fire at FRIENDLY FB only [EXC: a Target within 4 hexes]; the ENEMY AI
    decides on the OtO map (E1 in I10; K20 is 11 hexes away, J12 3, I11 1)."""
    o = act(orsha, {"do": "enter", "hex": "K20", "units": ["4-5-8"]})
    o.mission.unit("F1").hex = where
    e1 = next(d for d in decided(o.mission, o.map, mission_file("oto-s1"), "defensive") if d.unit == "E1")
    assert (e1.action, e1.target) == (("defensive fire", "F1") if fires else ("no fire", None))
