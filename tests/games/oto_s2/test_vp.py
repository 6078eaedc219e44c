"""OtO-S2 victory: the immediate FRIENDLY win, the VPO values, and the Mission End after Turn 10."""

from solo.core.store import EventLog
from tests.mission import act, new, play_to_end


def test_oto_s2_immediate_win_and_vpo_values(tmp_path):
    path = new(tmp_path, "oto-s2", seed=5)
    outcome = act(path, {"do": "turn", "report": {"all_vpo": True, "vpo_friendly": 3, "vpo_enemy": 0}})
    m = outcome.mission
    assert m.ended["turn"] == 1 and "immediate FRIENDLY win" in m.ended["why"]
    assert 3 <= m.ended["vp"]["friendly"] <= 9 and m.ended["vp"]["enemy"] == 0  # three A10b values of 1-3
    assert m.ended["winner"] == "FRIENDLY" and m.record[-1]["text"].startswith("The FRIENDLY side wins: ")
    assert [line[0] for line in m.ended["vp"]["lines"]] == ["FRIENDLY"] * 3


def test_oto_s2_ends_only_after_turn_10(tmp_path):
    path = new(tmp_path, "oto-s2", seed=8)
    outcome = play_to_end(path, vpo_friendly=1, vpo_enemy=2)
    assert outcome.mission.ended["turn"] >= 11 or outcome.mission.ended["turn"] == 10
    ended = outcome.mission.ended
    f, e = ended["vp"]["friendly"], ended["vp"]["enemy"]
    winner = None if f == e else "FRIENDLY" if f > e else "ENEMY"
    assert ended["winner"] == winner and ended["margin"] == abs(f - e)
    ends = [e for e in EventLog.open(path).events if e.data["what"] == "oto-s2.mission_end"]
    assert ends and all(e.data["purpose"].endswith(str(10 + n)) for n, e in enumerate(ends))


def test_the_immediate_win_comes_at_the_end_of_the_player_turn(tmp_path):
    """Issue 18 (OtO-S2 12.6: "at the end of any player turn"): controlling every VPO when the FRIENDLY player turn
    ends wins at once, before the ENEMY player turn; it was checked only at the end of the Game Turn."""
    path = new(tmp_path, "oto-s2", seed=5)
    act(path, {"do": "report", "report": {"all_vpo": True, "vpo_friendly": 3, "vpo_enemy": 0}})
    for _ in range(7):  # FRIENDLY RPh to CCPh
        outcome = act(path, {"do": "phase"})
    assert not outcome.mission.ended and outcome.mission.phase == "FRIENDLY CCPh"
    m = act(path, {"do": "phase"}).mission
    assert m.ended and "immediate FRIENDLY win" in m.ended["why"] and m.phase == "FRIENDLY CCPh"
    assert not any("RE check" in e["text"] or "ENEMY RPh" in e["text"] for e in m.record)
