"""OtO-S2 Random Events (MSR 1 and 4; the A11 and R9 stand-ins): every entry forced by its d66 and its effect on the
mission's map and state checked (issue 18). The map is three small hand-made boards joined north to south; the
FRIENDLY side entered on the South edge, so the EBE is the North edge (solo's reading)."""

import pytest

from solo.board.graph import Placed, build_graph
from solo.rules import default_catalog
from solo.sasl import events
from solo.sasl.mission_map import MissionMap
from tests.ai.test_decide import board
from tests.mission import ctx

# Each board: five columns A-E (west to east) of six rows: stone buildings in B3-B4, woods in D1-D2.
ROWS = ["......", "..BB..", "......", "WW....", "......"]
MAP = MissionMap(build_graph([Placed(b, board(ROWS, b)) for b in "123"], level_hills=True))
VPO = "2C3"


def situation(d66: int, side: str = "ENEMY", faces=(), answers=None, msr_1: bool = False):
    """A Cross Roads mission with the map, units of both sides and S?, whose next RE d66 reads ``d66`` (on the
    ENEMY table MSR 1's +1 to the colored die is left out unless ``msr_1``)."""
    tens, units = divmod(d66, 10)
    x = ctx("oto-s2", faces=[tens, units, *faces] + [1] * 40, answers=answers)
    if not msr_1:
        x.standing = lambda table, column=None: ()
    x.map, m = MAP, x.m
    m.boards = {"boards": ["1", "2", "3"], "vpo": [{"hex": VPO, "why": "test"}, {"hex": "3C3", "why": "test"}]}
    m.friendly_oob["entry_edge"] = "South"
    m.re_numbers, m.tables["enemy_ac"] = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}, 2
    friendly = [("4-4-7", "squad", "3C4"), ("LMG", "sw", "3C4"), ("4-4-7", "squad", VPO), ("8-1", "leader", VPO),
                ("4-4-7", "squad", "2A4")]
    for type_, kind, where in friendly:
        m.add_unit(type_, kind, where, "", "OoB", side="FRIENDLY")
    m.unit("F2").owner = "F1"
    m.unit("F5").status = "broken"
    enemy = [("4-6-7", "squad", "2C1", "Hold"), ("8-1", "leader", "2C1", "Hold"), ("4-6-7", "squad", "1E1", "Hold"),
             ("4-6-7", "squad", "1A1", "Hold")]
    for type_, kind, where, attitude in enemy:
        m.add_unit(type_, kind, where, attitude, "S1")
    m.unit("E3").status = "broken"
    m.new_s("2D2", "Hold")
    m.new_s("1A1", "Hold")
    return x


def fire(x, side="ENEMY"):
    result = events.event(x, side)
    return result, x.m


def test_enemy_11_12_no_event():
    result, m = fire(situation(11))
    assert result["row"] == "11-12" and result["effect"] == "no event" and m.re_numbers["ENEMY"] == [4, 5]


def test_enemy_13_14_lowers_the_re_numbers_not_below_2_3():
    result, m = fire(situation(13))
    assert m.re_numbers["ENEMY"] == [3, 4] and result["effect"] == "ENEMY RE# now 3/4"
    x = situation(14)
    x.m.re_numbers["ENEMY"] = [2, 3]
    result, m = fire(x)
    assert m.re_numbers["ENEMY"] == [2, 3] and "no event" in result["effect"]


def test_enemy_15_16_rallies_the_broken_enemy_closest_to_the_fbe():
    result, m = fire(situation(15))
    assert m.unit("E3").status == "Good Order" and "E3 4-6-7 in 1E1 rally" in result["effect"]


@pytest.mark.parametrize("d66, dr", [(21, 2), (31, 1)])
def test_enemy_sniper_attacks(d66, dr):
    result, m = fire(situation(d66))
    assert f"dr {dr}" in result["effect"] and any(f"Sniper attack dr of {dr}" in e for e in m.effects)


def test_enemy_23_24_foxholes_under_activated_infantry_in_open_ground():
    x = situation(23)
    x.m.add_unit("4-6-7", "squad", "1D2", "Hold", "S2")  # 1D2 is woods: no Foxhole
    result, m = fire(x)
    holes = sorted(u.hex for u in m.units if u.type == "Foxhole")
    assert holes == ["1A1", "2C1"] and all(u.kind == "fortification" and u.attitude == "" for u in m.units
                                            if u.type == "Foxhole")  # E3 is broken: none in 1E1


def test_enemy_25_26_the_squad_closest_to_a_friendly_unit_receives_a_sw():
    result, m = fire(situation(25))  # sasl.enemy_sw dr 1: LMG
    sw = m.units[-1]
    assert (sw.type, sw.kind, sw.owner, sw.hex) == ("LMG", "sw", "E1", "2C1")


def test_enemy_33_34_minefield_under_the_friendly_stack_closest_to_the_ebe():
    result, m = fire(situation(33))
    mines = [u for u in m.units if u.type.startswith("A-P Minefield")]
    assert [u.hex for u in mines] == [VPO] and VPO in result["effect"]  # 8 hexes from the North edge; F5 in 2A4 9
    assert not m.holds_enemy(VPO)  # a minefield alone bars no FRIENDLY unit from the hex


@pytest.mark.parametrize("d66, what, count", [(35, "80+mm mortar FFE", 1), (45, "Harassing Fire FFE (C1.72)", 1),
                                              (61, "100+mm FFE", 2), (73, "100+mm FFE", 2)])
def test_enemy_artillery_falls_on_the_friendly_units_closest_to_the_ebe(d66, what, count):
    x = situation(63, msr_1=True) if d66 == 73 else situation(d66)  # 73-74: faces 6, 3 with MSR 1's +1
    result, m = fire(x)
    assert result["effect"].startswith(f"{count} {what} on {VPO}")
    assert m.re_numbers["ENEMY"] == ([5, 6] if d66 == 73 else [4, 5])


@pytest.mark.parametrize("d66, count", [(41, 1), (63, 2), (71, 4)])
def test_enemy_reinforcements_enter_on_the_ebe_in_advance_attitude(d66, count):
    x = situation(d66 - 10, msr_1=True) if d66 == 71 else situation(d66)
    result, m = fire(x)
    new = [s for s in m.s if s.origin == "reinforcement"]
    assert len(new) == count and all(s.attitude == "Advance" and s.where in MAP.edge("north") for s in new)


def test_enemy_43_44_raises_the_re_numbers_not_above_6_7():
    result, m = fire(situation(43))
    assert m.re_numbers["ENEMY"] == [5, 6]
    x = situation(44)
    x.m.re_numbers["ENEMY"] = [6, 7]
    result, m = fire(x)
    assert m.re_numbers["ENEMY"] == [6, 7] and "no event" in result["effect"]


def test_enemy_51_52_local_counterattack_and_its_end():
    x = situation(51)
    result, m = fire(x)
    assert "Local Counterattack on 2C3" in result["effect"]  # the only FRIENDLY-held VPO
    assert {u.id for u in m.units if u.attitude == "Advance"} == {"E1", "E2"}  # E4 in 1A1 is 9 hexes away
    assert all(s.attitude == "Hold" for s in m.s)  # 51-52 moves units, not S?
    for u in m.at(VPO, "FRIENDLY"):
        u.status = "eliminated"
    m.unit("E1").hex = VPO
    from solo.sasl.events import counterattack_ends
    counterattack_ends(x)
    assert m.unit("E1").attitude == "Hold" and m.unit("E2").attitude == "Hold"


def test_enemy_65_66_counterattack_takes_the_s_too():
    result, m = fire(situation(55, msr_1=True))  # faces 5, 5 read 65 with MSR 1
    assert result["row"] == "65-66"
    assert m.s_counter("S1").attitude == "Advance" and m.s_counter("S2").attitude == "Hold"  # 2D2 near, 1A1 not


def test_enemy_75_76_a_leader_enters_then_counterattack():
    result, m = fire(situation(65, msr_1=True))  # faces 6, 5 read 75; sasl.enemy_leader DR 2: 10-2
    leader = m.units[-1]
    assert result["row"] == "75-76" and (leader.type, leader.kind, leader.attitude) == ("10-2", "leader", "Advance")
    assert leader.hex in MAP.edge("north") and "Local Counterattack on 2C3" in result["effect"]


def test_no_counterattack_without_a_friendly_held_vpo():
    x = situation(51)
    for u in x.m.at(VPO, "FRIENDLY"):
        u.hex = "3E6"
    result, m = fire(x)
    assert "no FRIENDLY controlled VPO" in result["effect"] and not any(u.attitude == "Advance" for u in m.units)


def test_enemy_53_54_the_best_leader_battle_hardens():
    x = situation(53)
    x.m.add_unit("10-3", "leader", "1A5", "Hold", "S3")  # a 10-3 cannot harden: the 8-1 does
    result, m = fire(x)
    assert m.unit("E2").type == "9-1" and m.unit("E5").type == "10-3"


def test_enemy_55_56_raises_the_ac_number():
    result, m = fire(situation(55))
    assert m.tables["enemy_ac"] == 3


def test_friendly_11_12_sniper():
    result, m = fire(situation(11), "FRIENDLY")
    assert "next FRIENDLY PFPh" in result["effect"]


def test_friendly_13_14_recalls_a_mobile_afv():
    x = situation(13)
    x.m.add_unit("T-34/85", "vehicle", "3A6", "", "RE", side="FRIENDLY")
    result, m = fire(x, "FRIENDLY")
    assert "recalled" in m.unit("F6").marks
    result, m = fire(situation(14), "FRIENDLY")
    assert "no effect" in result["effect"]


def test_friendly_15_16_and_44_46_change_the_friendly_re_numbers():
    assert fire(situation(15), "FRIENDLY")[1].re_numbers["FRIENDLY"] == [3, 4]
    assert fire(situation(45), "FRIENDLY")[1].re_numbers["FRIENDLY"] == [5, 6]


def test_friendly_21_23_a_hero_from_the_mmc_closest_to_an_unbroken_enemy():
    result, m = fire(situation(21), "FRIENDLY")
    hero = m.units[-1]
    assert (hero.type, hero.side, hero.hex) == ("1-4-9", "FRIENDLY", VPO)  # two hexes from E1 and E2


def test_friendly_24_26_rallies_the_broken_friendly_closest_to_the_ebe():
    result, m = fire(situation(24), "FRIENDLY")
    assert m.unit("F5").status == "Good Order"


def test_friendly_31_33_oba_and_a_radio_to_the_leader_chosen():
    result, m = fire(situation(31, answers={"radio_leader": "F4"}), "FRIENDLY")
    radio = m.units[-1]
    assert m.friendly_oob["oba"][0]["oba"] and (radio.type, radio.owner, radio.hex) == ("Radio", "F4", VPO)


def test_friendly_34_36_infantry_reinforcements_can_enter():
    from solo.sasl.units import oob_counters
    result, m = fire(situation(34), "FRIENDLY")  # squads dr 1 + 1 = 2 of R2 DR 2 (6-2-8), H1.8 dr 1, R3 DR 2 10-2
    arrived = m.friendly_oob["reinforcements"][0]["units"]
    assert arrived == [["6-2-8", 2], ["10-2", 1], ["LMG", 1]]
    assert oob_counters(m)["6-2-8"] == 2


def test_friendly_41_43_gun_section():
    result, m = fire(situation(41), "FRIENDLY")  # A6f dr 1: one Gun; R5 DR 2 120mm MTR; R7 DR 2 tractor, which
    # cannot tow it (asl.towing, rules version 7): R7 again, a Studebaker
    assert m.friendly_oob["reinforcements"][0]["units"] == [["120mm MTR", 1], ["2-2-8", 1], ["Studebaker US6", 1]]
    assert any("Komsomolets tractor cannot tow the 120mm MTR" in e["text"] for e in m.record)


def test_friendly_51_52_a_leader_arrives():
    result, m = fire(situation(51), "FRIENDLY")
    assert m.friendly_oob["reinforcements"][0]["units"] == [["10-2", 1]]


def test_friendly_53_54_a_known_minefield_toward_the_ebe_removes_an_s():
    """The hex adjacent to the FRIENDLY Infantry unit closest to the EBE (F3 in 2C3), toward the EBE: of the three
    above it (2B2, 2C2, 2D2), Random Selection's dr 1 takes 2B2; the S? there is removed."""
    x = situation(53)
    assert MAP.toward(VPO, "north") == ["2B2", "2C2", "2D2"]
    x.m.s_counter("S2").where = "2B2"
    result, m = fire(x, "FRIENDLY")
    mines = [u.hex for u in m.units if u.type == "Known A-P Minefield"]
    assert mines == ["2B2"] and m.s_counter("S2").status == "removed" and "S2 removed" in result["effect"]


def test_friendly_55_56_sappers_with_a_dc_each():
    result, m = fire(situation(55), "FRIENDLY")
    assert m.friendly_oob["reinforcements"][0]["units"] == [["4-5-8", 1], ["DC", 1], ["10-2", 1]]


def test_friendly_61_62_armorers_repair_the_location_closest_to_the_fbe():
    x = situation(61)
    x.m.unit("F2").marks = ["malfunctioned"]
    result, m = fire(x, "FRIENDLY")
    assert m.unit("F2").marks == [] and "F2 LMG in 3C4 repaired" in result["effect"]


def test_friendly_63_64_guards_spirit():
    result, m = fire(situation(63), "FRIENDLY")
    assert any("FRIENDLY ELR +1" in e for e in m.effects)


def test_friendly_65_66_orders_go_astray_for_the_leader_closest_to_the_ebe():
    result, m = fire(situation(65), "FRIENDLY")
    assert "F4 8-1 in 2C3" in result["effect"] and any("F4 8-1 may not direct" in e for e in m.effects)


def _rows(table_id):
    return [row.span.text for row in default_catalog().get(table_id).rows]


@pytest.mark.parametrize("side, row", [("ENEMY", r) for r in _rows("sasl.a11")] +
                         [("FRIENDLY", r) for r in _rows("sasl.r9")])
def test_every_entry_has_a_handler_that_acts(side, row):
    """Every entry of both stand-in tables is handled, and says what it did; none rolls again."""
    first = int(row.split("-")[0])
    result, m = fire(situation(first, answers={"radio_leader": "F4"}), side)
    assert result["row"] == row and result["effect"]
    assert "rolled again" not in " ".join(e["text"] for e in m.record)


def test_without_a_map_an_entry_is_kept_for_the_player():
    x = situation(33)
    x.map = None
    result, m = fire(x)
    assert "apply it on your own map" in result["effect"] and any("A-P minefield" in e for e in m.effects)
