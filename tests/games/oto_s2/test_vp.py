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
