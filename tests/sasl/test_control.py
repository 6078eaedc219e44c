"""Control and VP from the map (issue 35): each VPO's control kept from positions from the start, OtO-S1's RR and road
path and Guns worked out from positions, OtO-S2's immediate win, the player's corrections said as such."""

import pytest

from solo.games.oto_s1 import vp as oto_s1_vp
from solo.games.oto_s2 import vp as oto_s2_vp
from solo.sasl import control, engine
from tests.conftest import VASL_BOARDS
from tests.mission import act_on, on_boards

pytestmark = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards is absent")


@pytest.fixture
def boards(monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))


def occupy(x, where: str, side: str = "FRIENDLY"):
    """A Good Order squad of ``side`` stands in ``where`` (the S? there gone), as after a move and its checks."""
    for s in x.m.s:
        if s.status == "hidden" and x.map.name(s.where) == where:
            s.status = "removed"
    x.m.add_unit("4-4-7" if side == "FRIENDLY" else "4-6-7", "squad", where, "", "test", side=side)


def test_12_6_oto_s2_all_vpo_are_enemy_controlled_at_start(boards):
    """OtO-S2 VPO LOCATIONS: "At start, all VPO are ENEMY controlled." Ten Game Turns with no FRIENDLY unit on the
    map ended "A draw: 0 VP each" (issue 35): the ENEMY scores every VPO."""
    x = on_boards("oto-s2", 7)
    vpo = control.vpo(x)
    assert vpo and {x.m.control[h] for h in vpo} == {"ENEMY"}
    vp = oto_s2_vp.vp_schedule(x, True)
    assert vp["friendly"] == 0 and vp["enemy"] >= len(vpo)  # A10b gives each VPO at least 1 VP
    assert [line[0] for line in vp["lines"]] == ["ENEMY"] * len(vpo)


def test_12_6_oto_s2_the_immediate_win_from_positions(boards):
    """OtO-S2 VP Schedule: "FRIENDLY side wins if at the end of any player turn the FRIENDLY side controls all VPOs" —
    from the positions, with no report."""
    x = on_boards("oto-s2", 7)
    vpo = control.vpo(x)
    for h in vpo[:-1]:
        occupy(x, h)
    control.update(x)
    assert oto_s2_vp.immediate_win(x) is None
    occupy(x, vpo[-1])
    control.update(x)
    assert "controls every VPO" in oto_s2_vp.immediate_win(x)
    assert any(f"VPO {vpo[-1]} now FRIENDLY controlled" in line["text"] for line in x.m.record)


def test_a26_control_stays_with_the_last_side_to_hold_it(boards):
    """A VPO a FRIENDLY squad took stays FRIENDLY when it leaves; an ENEMY unit alone there takes it back; a hidden S?
    or a Good Order ENEMY unit in it keeps the FRIENDLY side from gaining it."""
    x = on_boards("oto-s2", 7)
    h = control.vpo(x)[0]
    occupy(x, h)
    control.update(x)
    assert x.m.control[h] == "FRIENDLY"
    for u in x.m.at(h, "FRIENDLY"):
        u.status = "eliminated"
    control.update(x)
    assert x.m.control[h] == "FRIENDLY"
    occupy(x, h, "ENEMY")
    control.update(x)
    assert x.m.control[h] == "ENEMY"
    x.m.add_unit("4-4-7", "squad", h, "", "test", side="FRIENDLY")
    control.update(x)
    assert x.m.control[h] == "ENEMY"  # both sides there: neither gains it (Melee)


def test_12_6_the_player_corrects_a_value_and_it_is_said(boards):
    x = on_boards("oto-s2", 7)
    engine.do(x, {"do": "report", "report": {"vpo_friendly": 1, "vpo_enemy": len(control.vpo(x)) - 1}})
    assert "control corrected by the player" in x.m.record[-1]["text"]
    vp = oto_s2_vp.vp_schedule(x, True)
    assert [line[0] for line in vp["lines"]].count("FRIENDLY") == 1
    assert all("(the player's correction)" in line[2] for line in vp["lines"])


def test_12_6_oto_s1_vpo_rr_road_and_guns_from_the_map(boards):
    """OtO-S1 VP SCHEDULE from positions: VPO in the FRIENDLY set up area FRIENDLY at start (solo's reading of A26.1:
    V17 lies on R15-DD21), every other ENEMY; the RR Locations and a road path FBE to EBE once FRIENDLY MMC moved
    through them; the ENEMY's crewed Guns that see a road or rail hex."""
    x = on_boards("oto-s1", 5)
    held = {h for h in control.vpo(x) if x.m.control[h] == "FRIENDLY"}
    assert held == {"V17"}
    found = oto_s1_vp.standing(x)
    assert (found["vpo_friendly"], found["vpo_enemy"], found["rr"], found["road"]) == (1, 9, False, False)
    assert found["guns"] == len(oto_s1_vp.guns_firing(x)) and found["guns"] >= 1  # the crewed Flak see the rail
    for h in oto_s1_vp.rail_hexes(x):
        x.m.control[h] = "FRIENDLY"
    path = None
    for h in oto_s1_vp.road_hexes(x):
        x.m.control[h] = "FRIENDLY"
    path = oto_s1_vp.road_path(x)
    assert path and path[0].endswith("28") and path[-1].endswith("1")  # East (hexrow 28) to West (hexrow 1)
    vp = oto_s1_vp.vp_schedule(x, True)
    assert ("FRIENDLY", 2, "controls all RR Locations") in vp["lines"]
    assert ("FRIENDLY", 3, "controls a road path from FBE to EBE") in vp["lines"]


def test_a26_a_friendly_mmc_moving_through_gains_the_hexes(boards):
    """OtO-S1: "control established by moving through RR hexes with MMC": each hex of the move counts, not its end."""
    x = on_boards("oto-s1", 5)
    act_on(x, {"do": "enter", "hex": "P20", "units": ["4-4-7"]})
    assert x.m.control["P20"] == "FRIENDLY"
    engine._enter(x, "FRIENDLY MPh")
    act_on(x, {"do": "move", "units": ["F1"], "path": ["P19", "O19"]})
    assert x.m.control["P19"] == "FRIENDLY" and x.m.unit("F1").hex == "O19"
