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


def _on_the_map(orsha, d66: int, **answers):
    """A context on the OtO map of the ``orsha`` set-up whose next RE d66 reads ``d66``; a FRIENDLY 4-5-8 holds the
    VPO I14 and a broken one stands in the FRIENDLY set up area (K25)."""
    from tests.mission import ctx
    o = run_mission(EventLog.open(orsha), frozen=True)
    x = ctx(faces=[d66 // 10, d66 % 10] + [1] * 40, answers=answers)
    x.map, x.m.boards, x.m.s = o.map, o.mission.boards, o.mission.s
    x.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    x.m.add_unit("4-5-8", "squad", "I14", "", "OoB", side="FRIENDLY")
    x.m.add_unit("4-5-8", "squad", "K25", "", "OoB", side="FRIENDLY").status = "broken"
    return x


def test_re_11_12_on_the_map_the_hold_s_near_the_held_vpo_advance(orsha):
    """ENEMY RE 11-12: each Hold S? within six hexes of the FRIENDLY controlled VPO closest to the EBE (I14, the only
    one held) assumes Advance Attitude; solo finds them on the map instead of asking (issue 18)."""
    from solo.sasl import events
    x = _on_the_map(orsha, 11)
    near = {s.id for s in x.m.s if s.status == "hidden" and x.map.distance(s.where, "I14") <= 6}
    result = events.event(x, "ENEMY")
    assert result["row"] == "11-12" and near and "Local Counterattack on I14" in result["effect"]
    assert {s.id for s in x.m.s if s.attitude == "Advance"} == near


def test_re_13_16_on_the_map_the_stack_outside_the_set_up_area_nearest_the_ebe(orsha):
    """ENEMY RE 13-16: the FRIENDLY Infantry stack in an eligible non-building Location nearest the EBE, never one in
    the FRIENDLY set up area; with none outside it the RE is rolled again."""
    from solo.sasl import events
    x = _on_the_map(orsha, 13)
    x.m.add_unit("4-4-7", "squad", "J12", "", "OoB", side="FRIENDLY")  # grain, 11 hexes from the West edge
    assert "stack in J12" in events.event(x, "ENEMY")["effect"]
    y = _on_the_map(orsha, 13)
    y.m.unit("F1").hex = "L24"  # in the set up area, as K25
    events.event(y, "ENEMY")
    assert any("13-16) does not apply: rolled again" in e["text"] for e in y.m.record)


def test_re_23_24_and_41_43_on_the_map(orsha):
    """ENEMY RE 23-24: the Activated ENEMY units within six hexes of I14 assume Advance Attitude and revert to Hold
    once the VPO is captured; FRIENDLY RE 41-43: the broken FRIENDLY unit closest to the EBE rallies."""
    from solo.sasl import events
    x = _on_the_map(orsha, 23)
    near, far = x.m.add_unit("4-6-7", "squad", "J12", "Hold", "S5"), x.m.add_unit("4-6-7", "squad", "D1", "Hold", "S3")
    assert "Local Counterattack on I14" in events.event(x, "ENEMY")["effect"]
    assert near.attitude == "Advance" and far.attitude == "Hold"
    x.m.unit("F1").status, near.hex = "eliminated", "I14"
    events.counterattack_ends(x)
    assert near.attitude == "Hold"
    y = _on_the_map(orsha, 41)
    assert "F2 4-5-8 in K25 rally" in events.event(y, "FRIENDLY")["effect"] and y.m.unit("F2").status == "Good Order"


def test_friendly_re_54_56_on_the_map_three_minefields_west(orsha):
    """FRIENDLY RE 54-56: three minefields in the three hexes adjacent to and West of the FRIENDLY infantry unit closest
    to the EBE (F1 in I14; West is the top of the OtO map's picture)."""
    from solo.sasl import events
    x = _on_the_map(orsha, 54)
    events.event(x, "FRIENDLY")
    assert sorted(u.hex for u in x.m.units if u.type == "Known A-P Minefield") == ["H13", "I13", "J13"]
