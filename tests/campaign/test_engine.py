"""Whole campaigns: invariants over many seeds, replay, resume after a crash, undo without re-rolling."""

import math

import pytest

from solo.campaign.report import status_json
from solo.campaign.simulate import simulate_campaign
from solo.core.store import EventLog
from solo.games import campaign
from solo.games import run_campaign as run

SEEDS = range(24)


@pytest.fixture(scope="module")
def campaigns():
    return {seed: simulate_campaign(campaign("oto2"), seed) for seed in SEEDS}


def _lines(outcome):
    c = outcome.campaign
    for side, s in c.sides.items():
        for date in c.dates:
            yield side, s, date, s.roster[date]


def test_every_campaign_ends_with_a_result(campaigns):
    for outcome in campaigns.values():
        c = outcome.campaign
        assert c.stage == "ended" and outcome.waiting is None
        assert [s.date for s in c.scenarios] == list(c.dates)
        assert c.result["winner"] in ("German", "Russian")
        assert c.result["vp"] == c.last.vp - c.sides["German"].cpp  # 7.518 Note


def test_cpp_books_balance(campaigns):
    for outcome in campaigns.values():
        c = outcome.campaign
        for side, s, date, line in _lines(outcome):
            assert line.start >= 0 and line.left >= 0 and line.spent >= 0
            assert line.start + line.repl == line.total  # 7.5152
            assert line.total - line.spent == line.left  # 7.518
            following = c.dates.index(date) + 1
            if following < len(c.dates):
                start = s.roster[c.dates[following]].start
                # 7.5225: Left becomes the next Start; only the Russians spend (at most 2) on Recon
                assert start == line.left if side == "German" else line.left - 2 <= start <= line.left


def test_every_maximum_respected(campaigns):
    for outcome in campaigns.values():
        c = outcome.campaign
        for side, s in c.sides.items():
            chart = {row.key: row.results for row in _chart(side).rows}
            bought = [p for p in s.purchases if not p.given]
            for rg_id, cells in chart.items():
                assert len([p for p in bought if p.rg == rg_id]) <= cells["CG Max"], (side, rg_id)
                for date in c.dates:
                    assert len([p for p in bought if p.rg == rg_id and p.date == date]) <= cells["CG Date Max"]
            if side == "German":
                for date in c.dates:
                    capped = sum(p.cpp for p in bought if p.date == date and p.rg in ("M1", "M2"))
                    assert capped <= math.ceil(s.roster[date].total * 0.2)  # note i
        for s in c.sides.values():
            assert 1 <= s.elr <= 4


def _chart(side):
    from solo.rules import default_catalog
    return default_catalog().get(f"oto2.rg_chart_{side.lower()}")


def test_replay_gives_the_same_state(tmp_path):
    path = tmp_path / "sim.db"
    first = simulate_campaign(campaign("oto2"), 7, str(path))
    again = run(EventLog.open(path), frozen=True)
    assert status_json(again) == status_json(first)


def test_resume_after_a_crash_at_any_point(tmp_path, monkeypatch):
    whole = simulate_campaign(campaign("oto2"), 11)
    expected = status_json(whole)
    path = tmp_path / "crash.db"
    log = EventLog.create(path, {"cg": "oto2", "human": "none", "seed": 11})
    real_append = EventLog.append
    crash_at = {40, 150, 333}

    def crashing(self, *args, **kwargs):
        event = real_append(self, *args, **kwargs)
        if event.seq in crash_at:
            crash_at.discard(event.seq)
            raise KeyboardInterrupt  # the machine dies right after the event is written
        return event

    monkeypatch.setattr(EventLog, "append", crashing)
    for _ in range(4):
        try:
            outcome = run(EventLog.open(path), stop_at_scenario=False)
            break
        except KeyboardInterrupt:
            continue
    assert status_json(outcome) == expected
    assert len(log) == 0  # the first handle saw none of it: every run reopens the file


def _human_campaign(tmp_path, seed=5):
    path = tmp_path / "h.db"
    EventLog.create(path, {"cg": "oto2", "human": "Russian", "seed": seed})
    return path


def test_undo_never_rerolls_a_die(tmp_path):
    path = _human_campaign(tmp_path)
    run(EventLog.open(path), {"purchase": ["I1", "I1"]})
    before = EventLog.open(path).events
    rolled_after = _faces_after_last_answer(before)
    log = EventLog.open(path)
    log.undo_last_answer()
    assert log.pending == rolled_after
    # The same answer again gives back exactly the same events: the kept faces, not new ones.
    run(EventLog.open(path), {"purchase": ["I1", "I1"]})
    assert [e.data for e in EventLog.open(path).events] == [e.data for e in before]


def test_undo_then_a_different_answer_uses_the_kept_dice(tmp_path):
    path = _human_campaign(tmp_path)
    run(EventLog.open(path), {"purchase": ["I1", "I1"]})
    kept = _faces_after_last_answer(EventLog.open(path).events)
    EventLog.open(path).undo_last_answer()
    run(EventLog.open(path), {"purchase": ["I2"]})
    new_faces = _faces_after_last_answer(EventLog.open(path).events)
    assert new_faces[: len(kept)] == kept[: len(new_faces)]


def _faces_after_last_answer(events):
    last = max(e.seq for e in events if e.kind == "answer")
    return [f for e in events if e.kind == "roll" and e.seq > last for f in e.data["faces"]]


def test_a_run_stops_where_the_human_must_answer(tmp_path):
    path = _human_campaign(tmp_path)
    outcome = run(EventLog.open(path))
    assert outcome.waiting.key == "purchase" and outcome.waiting.side == "Russian"
    count = len(EventLog.open(path))
    # status (frozen) makes no event, and a second run without answers waits at the same question
    assert run(EventLog.open(path), frozen=True).waiting.key == "purchase"
    assert run(EventLog.open(path)).waiting.key == "purchase"
    assert len(EventLog.open(path)) == count


def test_a_reph_stops_when_the_next_scenario_is_ready(tmp_path):
    path = _human_campaign(tmp_path)
    outcome = run(EventLog.open(path), {"purchase": [], "recon": 0})
    assert outcome.campaign.stage == "scenario" and outcome.waiting is None
    outcome = run(EventLog.open(path), {"facts": {"lvp": 2, "russian_cvp": 10, "german_cvp": 30}})
    c = outcome.campaign
    assert c.stage == "reph" and c.scenarios[0].lvp == 2
    assert outcome.waiting.key in ("battle_harden", "leader_hardening", "purchase", "escape", "removal")


def test_an_answer_a_later_step_refuses_is_not_kept(monkeypatch):
    # Bad input loses nothing: when a step refuses what a new answer led to, the answer is taken back (its dice
    # kept for the next rolls), so the save never sticks on it.
    from solo.core.errors import SoloError
    from solo.games import campaign
    log = EventLog.create(":memory:", {"cg": "oto2", "human": "Russian", "seed": 3})
    run(log)
    before = len(log)

    def refuse(r):
        raise SoloError("the map says no")
    monkeypatch.setitem(campaign("oto2").steps, "strength", refuse)
    with pytest.raises(SoloError, match=r"^the map says no \(your last answer was not kept: give it again\)$"):
        run(log, {"purchase": ["I2"]})
    assert len(log) == before and not [e for e in log.events if e.kind == "answer"]
    monkeypatch.undo()
    outcome = run(log, {"purchase": ["I2"]})
    assert any(p.rg == "I2" for p in outcome.campaign.sides["Russian"].purchases)


def test_unit_ids_never_repeat_after_a_capture():
    """Issue 20.10 (OtO2 7.5135, RB 11.6072, VotG 12.6082, ABtF 9.6071): a Captured weapon changes sides with a new id;
    the next unit of the side that lost it must not take an id still in use."""
    from solo.campaign.state import SideState
    german, russian = SideState("German", 3, 3), SideState("Russian", 3, 3)
    guns = [german.add("PaK 40", "gun") for _ in range(3)]
    german.units.remove(guns[0])  # captured: it leaves the German OB
    russian.units.append(guns[0])
    new = german.add("PaK 40", "gun")
    assert new.id == "G4" and len({u.id for u in german.units}) == len(german.units)
