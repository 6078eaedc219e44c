"""OtO-S1's Random Events reach the map (issue 35): each entry that brings units, names an AFV or places minefields
acts on the OtO map, each tested by forcing its d66 (the colored die the tens)."""

import pytest

from solo.core.errors import SoloError
from solo.sasl import engine, events
from tests.conftest import VASL_BOARDS
from tests.mission import act_on, on_boards

pytestmark = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")


@pytest.fixture
def orsha(monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = on_boards("oto-s1", 5)
    x.play.log.typed_secrets = True
    return x


def forced(x, side: str, faces: list[int], then: int = 30) -> dict:
    """The side's Random Event with the d66 and follow-up faces given (then ``then`` 1s)."""
    x.play.log.type_faces(faces + [1] * then)
    return events.event(x, side)


def next_mph(x):
    """The FRIENDLY MPh of the next Game Turn (the FRIENDLY RE came at the end of this one)."""
    x.m.turn += 1
    engine._enter(x, "FRIENDLY MPh")


def fbe(x, road: bool) -> list[str]:
    return sorted(h for h in x.map.edge("south") if bool(x.map.graph.nodes[h].get("road")) == road)


def enters(x, group: dict, road: bool):
    """Each counter of the reinforcement ``group`` enters on the FBE (a road hex if ``road``), a stack at a time."""
    types = [t for t, n in group["units"] for _ in range(n)]
    hexes = fbe(x, True) if road else fbe(x, False) + fbe(x, True)
    before = len(x.m.units)
    while types:
        where = hexes.pop(0)
        stack = types[:2]
        try:
            act_on(x, {"do": "enter", "hex": where, "units": stack})
        except SoloError as e:
            if "holds" in str(e):
                continue
            raise
        for t in stack:
            types.remove(t)
    return [u for u in x.m.units[before:] if u.side == "FRIENDLY"]


def test_friendly_re_31_33_the_engineer_platoon_enters_along_a_road_on_the_fbe(orsha):
    x = orsha
    done = forced(x, "FRIENDLY", [3, 1, 5])  # d66 31; the truck dr 5: they enter as Infantry
    group = x.m.friendly_oob["reinforcements"][-1]
    assert done["row"] == "31-33" and group["units"] == [["6-2-8", 3], ["9-1", 1], ["FT", 1], ["DC", 2]]
    next_mph(x)
    with pytest.raises(SoloError, match="through a road hex on the FBE"):
        act_on(x, {"do": "enter", "hex": fbe(x, False)[0], "units": ["6-2-8"]})
    with pytest.raises(SoloError, match="not on the FBE"):
        act_on(x, {"do": "enter", "hex": "M12", "units": ["6-2-8"]})
    new = enters(x, group, road=True)
    assert sorted(u.type for u in new) == ["6-2-8", "6-2-8", "6-2-8", "9-1", "DC", "DC", "FT"]
    assert all(u.on_map and x.map.graph.nodes[u.hex]["road"] for u in new)
    with pytest.raises(SoloError, match="the OoB has no more '6-2-8'"):
        act_on(x, {"do": "enter", "hex": fbe(x, True)[-1], "units": ["6-2-8"]})


def test_friendly_re_31_33_by_truck(orsha):
    x = orsha
    forced(x, "FRIENDLY", [3, 2, 2])
    assert ["GAZ-MM", 3] in x.m.friendly_oob["reinforcements"][-1]["units"]


def test_friendly_re_11_13_a_gun_section_each_gun_crewed_and_towed(orsha):
    x = orsha
    forced(x, "FRIENDLY", [1, 1, 4])
    group = x.m.friendly_oob["reinforcements"][-1]
    (gun, n), (crew, crews), (tow, tows) = group["units"]
    assert crew == "2-2-8" and n == crews == tows >= 1 and "road" in group["entry"]
    next_mph(x)
    act_on(x, {"do": "enter", "hex": fbe(x, True)[0], "units": [gun, crew, tow]})
    assert {u.type for u in x.m.at(fbe(x, True)[0], "FRIENDLY")} == {gun, crew, tow}


@pytest.mark.parametrize("faces", [[3, 4], [6, 1]])
def test_friendly_re_34_36_and_61_62_afv_with_their_armor_leader(orsha, faces):
    x = orsha
    forced(x, "FRIENDLY", faces)
    group = x.m.friendly_oob["reinforcements"][-1]
    afv, n = group["units"][0]
    assert group["what"] == "AFV" and n >= 1 and afv not in ("", "None")
    next_mph(x)
    act_on(x, {"do": "enter", "hex": fbe(x, False)[0], "units": [afv]})
    assert x.m.at(fbe(x, False)[0], "FRIENDLY")[0].kind == "vehicle"


def test_friendly_re_51_52_infantry_reinforcements(orsha):
    x = orsha
    forced(x, "FRIENDLY", [5, 1])
    group = x.m.friendly_oob["reinforcements"][-1]
    squad, n = group["units"][0]
    assert n >= 3  # DR + 1
    next_mph(x)
    act_on(x, {"do": "enter", "hex": fbe(x, False)[0], "units": [squad]})


def test_friendly_re_65_sappers_each_with_a_dc_and_a_lmg(orsha):
    x = orsha
    forced(x, "FRIENDLY", [6, 5])
    units = dict(map(tuple, x.m.friendly_oob["reinforcements"][-1]["units"]))
    assert units["4-5-8"] == units["DC"] == units["LMG"] >= 1


def test_friendly_re_14_16_recall_only_an_afv_on_the_map_else_rolled_again(orsha):
    """14-16: "If no mobile FRIENDLY AFV is onboard reroll for a different RE" (issue 35: an AFV of the OoB never on
    the map was recalled)."""
    x = orsha
    done = forced(x, "FRIENDLY", [1, 4, 4, 4], then=0)  # 14: no AFV on the map, rolled again: 44
    assert done["row"] == "44-46"
    assert any("14-16) does not apply: rolled again" in line["text"] for line in x.m.record)
    afv = x.m.add_unit("T 34 M43", "vehicle", "K25", "", "OoB", side="FRIENDLY")
    done = forced(x, "FRIENDLY", [1, 5])
    assert done["row"] == "14-16" and "recalled" in afv.marks


def test_friendly_re_54_56_the_minefields_remove_the_s_in_them(orsha):
    """*54-56: "If S?'s are in such hexes, the S? are removed" (issue 35: they stayed)."""
    x = orsha
    unit = x.m.add_unit("4-4-7", "squad", "M14", "", "OoB", side="FRIENDLY")
    west = x.map.toward(unit.hex, "north")
    s = x.m.new_s(west[0])
    done = forced(x, "FRIENDLY", [5, 4])
    assert done["row"] == "54-56"
    assert s.status == "removed" and {u.hex for u in x.m.units if u.type == "Known A-P Minefield"} == set(west)


def test_enemy_re_34_36_the_s_enter_on_the_ebe(orsha):
    """34-36: "A number of S? (as per a DR+2) enter this turn along the EBE" (issue 35: they never reached the map)."""
    x = orsha
    before = len(x.m.s)
    done = forced(x, "ENEMY", [3, 4])
    new = x.m.s[before:]
    assert done["row"] == "34-36" and len(new) >= 4
    assert all(x.map.name(s.where) in x.map.edge("north") for s in new)  # the West edge, hexrow 1


@pytest.mark.parametrize("d66", [[2, 1], [5, 3], [6, 4]])
def test_friendly_re_21_23_53_64_the_8_0_with_radio_enters_along_the_fbe(orsha, d66):
    """21-23 (53 and 64 conduct it again): "an 8-0 leader with radio enters along the FBE mounted on a motorcycle or in
    a GAZ-67B (player's option)": the three counters join the reinforcements and enter from the next FRIENDLY MPh,
    the radio with the 8-0 (issue 35: the entry stayed text)."""
    x = orsha
    x.play.sides["table"].answers["oba_radio"] = "GAZ-67B"
    done = forced(x, "FRIENDLY", d66)
    group = x.m.friendly_oob["reinforcements"][-1]
    assert done["row"] in ("21-23", "53", "64") and group["units"] == [["8-0", 1], ["Radio", 1], ["GAZ-67B", 1]]
    assert x.m.friendly_oob["oba"][-1]["re"] == done["row"]
    next_mph(x)
    new = enters(x, group, road=False)
    leader, radio = next(u for u in new if u.type == "8-0"), next(u for u in new if u.type == "Radio")
    assert radio.owner == leader.id and radio.hex == leader.hex and leader.hex in x.map.edge("south")
    assert next(u for u in new if u.type == "GAZ-67B").kind == "vehicle"


def test_friendly_re_21_23_the_radio_to_a_leader_on_the_map(orsha):
    """21-23: "The player may immediately give one Russian radio to any Russian leader of his choice": a Radio SW
    possessed by the FRIENDLY leader he names; a name that is no leader on the map is refused."""
    x = orsha
    leader = x.m.add_unit("9-1", "leader", "K25", "", "OoB", side="FRIENDLY")
    x.play.sides["table"].answers["oba_radio"] = leader.id
    forced(x, "FRIENDLY", [2, 2])
    radio = x.m.units[-1]
    assert (radio.type, radio.kind, radio.owner, radio.hex) == ("Radio", "sw", leader.id, "K25")
    assert not any(g["what"].startswith("8-0") for g in x.m.friendly_oob["reinforcements"])


def test_friendly_re_11_13_r7_rolled_again_until_the_transport_can_tow_the_gun(orsha):
    """11-13: "Make a DR {R7} to determine the Transport type (reroll, if necessary, until a vehicle is chosen that is
    able to Tow the Gun type)": a 120mm MTR (R5 DR 2) and a GAZ-MM truck (R7 DR 12), which tows up to 76 mm by the
    asl.towing stand-in chart: R7 again, a Studebaker US6 (DR 6) tows it."""
    x = orsha
    forced(x, "FRIENDLY", [1, 1, 1, 1, 1, 6, 6, 3, 3])
    (gun, _), _, (tow, _) = x.m.friendly_oob["reinforcements"][-1]["units"]
    assert (gun, tow) == ("120mm MTR", "Studebaker US6")
    assert any("GAZ-MM truck cannot tow the 120mm MTR" in line["text"] for line in x.m.record)
