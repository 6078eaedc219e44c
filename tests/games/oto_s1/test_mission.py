"""OtO-S1 as played: the Activation tables (MSR 5, 6), the Mission End drm, whole missions scripted to their end."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.sasl import activation
from solo.sasl.engine import status_json
from tests.mission import act, ctx, faces_for, hidden_s, new, play_to_end


def test_msr5_bto_activation_tables_and_msr6_squads():
    # DR 2: VEHICLE, then the BtO ENEMY VEHICLE TABLE (DR 2-3: StuH 42).
    x = ctx(faces=[1, 1, 1, 1])
    made = activation.activate(x, hidden_s(x))
    assert [(u.type, u.kind) for u in x.m.units if u.id in made] == [("StuH 42", "vehicle")]
    # MSR 6: a 6-5-8 from G2 becomes a 4-6-8.
    g2 = faces_for("sasl.g2", "6-5-8")
    x = ctx(faces=faces_for("oto-s1.enemy_activation", "S") + g2)
    made = activation.activate(x, hidden_s(x))
    assert [u.type for u in x.m.units if u.id in made] == ["4-6-8"]


def test_oto_s1_mission_end_drm(tmp_path):
    # After Game Turn 9: one complete turn after 8, -1 drm: a dr of 4 gives Final 3 and ends the mission.
    x = ctx()
    x.m.turn, x.m.phase = 9, "ENEMY CCPh"
    x.m.re_numbers = {"ENEMY": [5, 6], "FRIENDLY": [5, 6]}
    x.play.log.type_faces([1, 1, 4])  # the FRIENDLY RE check DR 2 misses; then the Mission End dr 4
    from solo.sasl.engine import end_turn
    result = end_turn(x, {})
    assert result["mission_end"] and "Final 3" in result["mission_end"]["why"]


@pytest.mark.parametrize("seed", range(12))
def test_whole_oto_s1_missions(tmp_path, seed):
    """Scripted to their end: the mission ends at the end of Game Turn 8 at the earliest, turns count up, RE# stay
    within 6/7, every S?
    is hidden or Activated, replay gives the same state, and the VP follow the schedule."""
    path = new(tmp_path, seed=seed)
    act(path, {"do": "place", "count": 5, "hexes": []})
    for s_id, rng in (("S1", 1), ("S2", 3), ("S3", 9)):
        act(path, {"do": "activate", "s": s_id, "range": rng, "mods": {"vpo": True}})
    outcome = play_to_end(path, vpo_friendly=4, vpo_enemy=3, rr=True, guns=2)
    m = outcome.mission
    assert m.ended["turn"] >= 8 and m.turn == m.ended["turn"]  # the first Mission End dr is at the end of Turn 8
    assert all(a <= 6 and b <= 7 for a, b in m.re_numbers.values())
    assert {s.status for s in m.s} <= {"hidden", "activated"}
    assert m.ended["vp"]["friendly"] == 4 + 2 and m.ended["vp"]["enemy"] == 3 + 1 + 2
    # who won, by how much and why: the VP Schedule line by line (12.6), then the verdict
    said = [e["text"] for e in m.record if e["rule"] in ("VP Schedule", "Victory")]
    assert said == ["FRIENDLY +4: 4 VPO controlled x 1", "ENEMY +3: 3 VPO controlled x 1",
                    "FRIENDLY +2: controls all RR Locations",
                    "ENEMY +1: the FRIENDLY side does not control a road path from FBE to EBE",
                    "ENEMY +2: 2 Gun/AFV able to fire on a road or rail hex x 1",
                    "A draw: 6 VP each; the side with more VP wins (a reading: the core SASL rule is not in the texts)"]
    assert m.ended["winner"] is None and m.ended["margin"] == 0
    assert status_json(run_mission(EventLog.open(path), frozen=True)) == status_json(outcome)
