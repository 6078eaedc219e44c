"""OtO-S1 Random Events (MSR 4): the RE checks, each entry with its follow-ups, rerolls and lasting effects."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.games.oto_s1 import GAME
from solo.rules import default_catalog
from solo.sasl import events
from tests.mission import TURN, act, ctx, started

WRECKS = []  # MSR 8: a status dr for each wreck placed, after the FRIENDLY set up; these tests place none (issue 35)


def _re(path, check, d66, **answers):
    """End Game Turn 1 with the ENEMY RE check DR ``check`` and the d66 faces ``d66``; the FRIENDLY check misses
    (the status drs of MSR 8's wrecks placed would come first, as the FRIENDLY set up ends)."""
    log = EventLog.open(path)
    log.type_faces(WRECKS + list(check) + list(d66) + [1] * 30)
    return act(path, TURN, **answers)


def test_enemy_re_needs_an_activated_unit_in_oto_s1(tmp_path):
    path = started(tmp_path)
    outcome = act(path, TURN)
    assert any("no ENEMY RE check" in e["text"] for e in outcome.mission.record)


def test_re_21_22_raises_enemy_re_numbers(tmp_path):
    path = started(tmp_path)
    act(path, {"do": "activate", "s": "S1", "range": 1})
    numbers = run_mission(EventLog.open(path), frozen=True).mission.re_numbers["ENEMY"]
    check = (1, numbers[0] - 1)
    outcome = _re(path, check, (2, 1))
    assert outcome.mission.re_numbers["ENEMY"] == [numbers[0] + 1, numbers[1] + 1]
    assert outcome.last["random_events"][0]["row"] == "21-22"


def test_re_11_12_rolls_again_without_s_near_a_vpo(tmp_path):
    path = started(tmp_path)
    act(path, {"do": "activate", "s": "S1", "range": 1})
    numbers = run_mission(EventLog.open(path), frozen=True).mission.re_numbers["ENEMY"]
    outcome = _re(path, (1, numbers[0] - 1), (1, 1, 2, 1))
    assert any("does not apply: rolled again" in e["text"] for e in outcome.mission.record)
    assert outcome.last["random_events"][0]["row"] == "21-22"


def test_re_34_36_reinforcements_and_the_reinforcement_dr(tmp_path):
    path = started(tmp_path)
    act(path, {"do": "activate", "s": "S1", "range": 1})
    numbers = run_mission(EventLog.open(path), frozen=True).mission.re_numbers["ENEMY"]
    before = len(run_mission(EventLog.open(path), frozen=True).mission.s)
    # d66 34, then the DR for the S?: 3+4 = 7, so 9 S? in Advance Attitude.
    outcome = _re(path, (1, numbers[0] - 1), (3, 4, 3, 4))
    m = outcome.mission
    assert "9 S? enter along the EBE in Advance Attitude" in outcome.last["random_events"][0]["effect"]
    arrived = m.s[before:before + 9]
    assert all(s.origin == "reinforcement" and s.attitude == "Advance" for s in arrived)
    assert not any(e["rule"] == "RE 37-40" for e in m.record)
    for _ in range(8):  # the next Game Turn, phase by phase, to the ENEMY RPh (RE 37-40)
        outcome = act(path, {"do": "phase"})
    assert outcome.mission.phase == "ENEMY RPh"
    assert any(e["rule"] == "RE 37-40" for e in outcome.mission.record)


def test_friendly_re_44_46_and_its_reroll_at_6_7(tmp_path):
    path = started(tmp_path)
    m = run_mission(EventLog.open(path), frozen=True).mission
    numbers = m.re_numbers["FRIENDLY"]
    log = EventLog.open(path)
    log.type_faces(WRECKS + [1, numbers[0] - 1, 4, 4] + [1] * 30)  # no ENEMY check (nothing Activated)
    outcome = act(path, TURN)
    assert outcome.mission.re_numbers["FRIENDLY"] == [numbers[0] + 1, numbers[1] + 1]


def _rows(table_id):
    return [(table_id, row.span.text) for row in default_catalog().get(table_id).rows]


@pytest.mark.parametrize("table_id, row", _rows("oto-s1.random_events_enemy") + _rows("oto-s1.random_events_friendly"))
def test_every_oto_s1_random_event(table_id, row):
    """Each entry of both OtO-S1 RE tables (MSR 4), forced by its d66: its follow-up rolls are made (chained tables,
    stand-ins included) and its lasting effect applied; none needs rolling again in this situation."""
    side = "ENEMY" if table_id.endswith("enemy") else "FRIENDLY"
    first = int(row.split("-")[0])
    x = ctx(faces=[first // 10, first % 10] + [3] * 40, answers={
        "counterattack_s": ["S1"], "counterattack_units": ["E1"], "minefield": True, "broken": True,
        "oba_radio": "motorcycle"})
    x.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    x.m.new_s("12F3")
    x.m.add_unit("8-1", "leader", "12F3", "Hold", "S1")
    x.m.friendly_oob["armor"] = [{"afv": "PT-34(L)", "armor_leader": None}]
    x.m.add_unit("PT-34(L)", "vehicle", "12F5", "", "OoB", side="FRIENDLY")  # 14-16 recalls an AFV on the map
    result = events.event(x, side)
    assert result["row"] == row
    chained = default_catalog().get(table_id).row_at(first).then
    assert len(result["follow_ups"]) >= len(chained)
    assert "rolled again" not in " ".join(e["text"] for e in x.m.record)
    if (side, row) in GAME.random_events:
        assert result["effect"]


def test_starred_entries_happen_once_only():
    """MSR 4 (000:1596): FRIENDLY 11-13 is marked "*": once it has occurred it is rolled again (saves of rules version
    3 on); a save of an earlier version replays as it was played."""
    faces = [1, 1, 3, 3, 3, 3, 3, 1, 1, 3, 3, 3, 3, 3, 4, 4]  # 11: Gun section (A6f dr, R5 DR, R7 DR); 11 again; 44
    x = ctx(faces=faces + [3] * 20)
    x.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    assert events.event(x, "FRIENDLY")["row"] == "11-13"
    again = events.event(x, "FRIENDLY")
    assert again["row"] == "44-46" and x.m.re_numbers["FRIENDLY"] == [5, 6]
    assert any("happens once only (marked *): rolled again" in e["text"] for e in x.m.record)
    old = ctx(faces=faces + [3] * 20)
    old.rules = 2
    old.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    events.event(old, "FRIENDLY")
    assert events.event(old, "FRIENDLY")["row"] == "11-13"


def test_re_61_62_hardens_the_best_leader_who_can_and_rallies_his_location():
    """ENEMY RE 61-62 (000:1590): the best ENEMY leader eligible to Battle Harden (not a 10-3) is Battle Hardened
    (A15.3); if broken he rallies, and every broken ENEMY unit in his Location; a 10-3 on the map does not make the
    RE roll again (issue 18)."""
    x = ctx(faces=[6, 1] + [1] * 20)
    x.m.add_unit("10-3", "leader", "M5", "Hold", "S1")
    leader = x.m.add_unit("8-1", "leader", "M6", "Hold", "S2")
    squad = x.m.add_unit("4-6-7", "squad", "M6", "Hold", "S2")
    leader.status = squad.status = "broken"
    result = events.event(x, "ENEMY")
    assert result["row"] == "61-62" and leader.type == "9-1"
    assert leader.status == squad.status == "Good Order" and x.m.unit("E1").type == "10-3"


def test_a_table_reading_is_said_where_it_decides_a_roll():
    """Issue 20.28: the first roll on a table whose text solo had to read (its `reading`) says the reading, once a
    phase; the RE table's "37-40" reading is told before its first entry is applied."""
    x = ctx(faces=[2, 1, 2, 1, 2, 1] + [1] * 10)
    x.roll("oto-s1.random_events_enemy", "ENEMY Random Event", side="ENEMY")
    x.roll("oto-s1.random_events_enemy", "ENEMY Random Event", side="ENEMY")
    said = [e["text"] for e in x.m.record if e["text"].startswith("solo's reading of")]
    assert len(said) == 1 and "37-40" in said[0]
    x.m.phase = "ENEMY RPh"
    x.roll("oto-s1.random_events_enemy", "ENEMY Random Event", side="ENEMY")
    assert sum(e["text"].startswith("solo's reading of") for e in x.m.record) == 2


@pytest.mark.parametrize("d66, faces, says, kept", [
    (31, [2], "1 80+mm FFE on the FRIENDLY units closest to the EBE", "1 80+mm FFE"),
    (41, [6], "4 FFE on the FRIENDLY units", "4 FFE"), (42, [3], "2 Harassing Fire FFE (C1.72)", "2 Harassing"),
    (63, [2], "ENEMY Sniper attack, dr 1 (A14.3), now", "Sniper attack dr of 1"),
    (64, [5], "ENEMY Sniper attack, dr 2 (A14.3), now", "Sniper attack dr of 2")])
def test_enemy_strikes_and_snipers_are_kept_as_effects(d66, faces, says, kept):
    """ENEMY RE 31-33 (A6a), 41 (A6c), 42-43 (A6e): the FFE on the FRIENDLY units closest to the EBE (8.7.75); 63-64:
    the
    subsequent dr gives the Sniper attack's dr. Each is kept among the lasting effects (issue 18: the text alone)."""
    x = ctx(faces=[d66 // 10, d66 % 10, *faces] + [1] * 10)
    x.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    result = events.event(x, "ENEMY")
    assert says in result["effect"] and any(kept in e for e in x.m.effects)


def test_friendly_sniper_63():
    x = ctx(faces=[6, 3, 4] + [1] * 10)
    x.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    assert events.event(x, "FRIENDLY")["effect"] == "FRIENDLY Sniper attack, dr 2 (A14.3), first in the next PFPh"
