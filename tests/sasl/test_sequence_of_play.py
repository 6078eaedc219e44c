"""Issue 34 in the mission: the ENEMY First Fires at the player's moves (A8.1), each unit's Player Turn record is kept
from what was confirmed and cleared as the next RPh begins (A3), the ENEMY RPh rallies (A10.6), an S? moving into a
FRIENDLY unit's LOS has its Activation check (SASL-FACTS), and OtO-S1's reinforcement S? enter on an EBE hex."""

import pytest

from solo.ai.mission import situation
from solo.sasl import actions, events, rally
from solo.sasl.game import mission_file
from tests.conftest import VASL_BOARDS
from tests.mission import act, ctx
from tests.sasl.test_map_play import _to, boards, new_cross_roads, refused


@pytest.fixture
def cross_roads(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    return new_cross_roads(tmp_path, 1)


def _first_fire(path):
    """Enter squads on the North edge, one after another, until the ENEMY First Fires at one."""
    o = _to(path, "FRIENDLY MPh")
    edge = sorted(o.map.edge("North"), key=lambda h: (len(h), h))
    for where, squad in zip(edge[::3], ["5-2-7"] * 2 + ["4-4-7"] * 6 + ["2-2-8"] * 5, strict=False):
        o = act(path, {"do": "enter", "hex": where, "units": [squad]})
        if o.mission.pending:
            return o, where
    pytest.skip("no ENEMY unit sees the North edge in this set-up")


@boards
def test_a8_1_the_enemy_first_fires_at_a_friendly_move(cross_roads):
    path = cross_roads
    o, where = _first_fire(path)
    fire = o.mission.pending
    assert all(p["action"] == "first fire" and p["at"] == where and "FFNAM -1" in p["why"] or p.get("group")
               for p in fire)
    refused(path, {"do": "enter", "hex": where, "units": ["2-2-8"]}, "First Fire of the FRIENDLY MPh wait for you")
    o = act(path, {"do": "enemy"})
    fired = {p["unit"] for p in fire}
    assert all(o.mission.unit(u).did == ["first fire"] for u in fired)
    seen = situation(o.mission, o.map, mission_file("oto-s2"))  # as the AI reads it, a SW's record too
    assert all(p.did == ("first fire",) for p in seen.pieces if p.id in fired)
    o = _to(path, "FRIENDLY DFPh")  # a unit that First Fired fires in the DFPh only at an ADJACENT target
    for p in o.mission.pending:
        if p["unit"] in fired:
            u, target = o.mission.unit(p["unit"]), o.mission.unit(p["target"])
            assert o.map.distance(u.hex, target.hex) <= 1 and "A8.4" in p["why"]
    o = _to(path, "ENEMY RPh")
    assert all(u.did == [] for u in o.mission.units)  # the markers go as the Player Turn ends


@boards
def test_a3_3_a_unit_that_prep_fired_neither_moves_nor_fires_in_the_afph(cross_roads):
    path = cross_roads
    _first_fire(path)
    act(path, {"do": "enemy"})
    o = _to(path, "ENEMY PFPh")
    fired = {p["unit"] for p in o.mission.pending if p["action"] == "prep fire"}
    if not fired:
        pytest.skip("no ENEMY unit Prep Fires in this set-up")
    o = act(path, {"do": "enemy"})
    assert all("prep fire" in o.mission.unit(u).did for u in fired)
    for phase in ("ENEMY MPh", "ENEMY AFPh"):
        o = _to(path, phase)
        assert not fired & {p["unit"] for p in o.mission.pending}, phase


def _broken(x, unit_type: str, hex_id: str, *marks):
    u = x.m.add_unit(unit_type, "leader" if unit_type.count("-") == 1 else "squad", hex_id, "Hold", "S1")
    u.status, u.marks = "broken", list(marks)
    return u


def test_a10_6_the_enemy_rph_rallies_its_broken_units_leaders_first():
    """A broken 8-1 rallies himself (DR 8 <= 8), then his broken 4-6-7 (DR 7, -1 leadership: 6 <= 7); a lone broken
    4-6-7 under DM self-rallies at +1 +4 (DR 3: 8 > 7, stays broken); a second lone one may not try (one self-rally
    a RPh, A10.63)."""
    x = ctx("oto-s2", faces=[4, 4, 3, 4, 1, 2])
    leader, squad = _broken(x, "8-1", "12F3"), _broken(x, "4-6-7", "12F3")
    alone, other = _broken(x, "4-6-7", "12H3", "DM"), _broken(x, "4-4-7", "12K3")
    said = rally.enemy_rally(x)
    assert leader.status == "Good Order" and squad.status == "Good Order"
    assert "-1 E1 8-1" in said[1] and "Final 6 against morale 7" in said[1]
    assert alone.status == "broken" and "+4 DM (A10.62), +1 self-rally" in said[2] and other.status == "broken"
    assert len(said) == 3


def test_a10_6_an_original_12_casualty_reduces():
    x = ctx("oto-s2", faces=[6, 6])
    u = _broken(x, "4-6-7", "12F3")
    rally.enemy_rally(x)
    assert u.kind == "hs" and u.status == "broken"


def test_oto_s1_re_34_36_reinforcement_s_enter_on_an_ebe_hex(orsha):
    """ENEMY RE 34-36 "enter this turn along the EBE": each S? gets a hex of the OtO map's West edge (issue 34: they
    had none, and so never moved)."""
    from tests.sasl.test_oto_s1_map import _on_the_map
    x = _on_the_map(orsha, 34)
    before = len(x.m.s)
    assert events.event(x, "ENEMY")["row"] == "34-36"
    new = x.m.s[before:]
    edge = events.edge_hexes(x, "ENEMY")
    assert new and all(s.where in edge and s.attitude == "Advance" for s in new)
    assert len({s.where for s in new}) == len(new)  # one S? a Location (4.1)


@boards
def test_an_s_moving_into_a_friendly_units_los_has_its_activation_check(cross_roads):
    """SASL-FACTS: an Activation check arises "when a moving S? comes into such a LOS": the S? is checked in the
    first hex of its move a Good Order FRIENDLY unit sees within 16 hexes, once a phase."""
    o = act(cross_roads, {"do": "phase"})
    o = _to(cross_roads, "FRIENDLY MPh")
    o = act(cross_roads, {"do": "enter", "hex": sorted(o.map.edge("North"), key=lambda h: (len(h), h))[6],
                          "units": ["4-4-7"]})
    viewer = o.mission.units[-1]
    x = ctx("oto-s2", faces=[1] * 40)
    x.map, x.m.boards, x.m.units, x.m.tables = o.map, o.mission.boards, o.mission.units, o.mission.tables
    seen = o.map.seen(viewer.hex, list(o.map.hexes), 16)
    hidden = next((a, b) for a in o.map.hexes if a not in seen
                  for b in o.map.graph[a] if b in seen and 3 <= seen[b] <= 8)
    s = x.m.new_s(hidden[0], "Advance")
    x.m.pending = [{"unit": s.id, "action": "move", "path": list(hidden), "target": None, "why": ""}]
    x.m.phase = "ENEMY MPh"
    actions.Confirm.play(x, {"do": "enemy", "unit": None, "stop": None, "result": None})
    assert s.id in x.m.checked and s.did == ["moved"]
    assert any(f"{s.id} moving into {hidden[1]} comes into the LOS of {viewer.id}" in e["text"] for e in x.m.record)
