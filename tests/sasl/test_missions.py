"""SASL missions: set-up tables against their exact odds, every MSR, Random Events with their follow-ups and
lasting effects, mission end, whole missions scripted to their end, replay and undo."""

import itertools
from collections import Counter

import pytest

from solo.core.dice import TypedDice
from solo.core.play import Play
from solo.core.store import EventLog
from solo.rules import default_catalog
from solo.rules.odds import odds
from solo.rules.resolve import resolve
from solo.sasl import activation, events, setup
from solo.sasl.context import Ctx, load_mission
from solo.sasl.engine import run, status_json
from solo.sasl.state import Mission
from tests.conftest import VASL_BOARDS

TURN = {"do": "turn"}
RE_ANSWERS = {"counterattack_s": [], "counterattack_units": [], "minefield": True, "broken": False}


def ctx(mission_id="oto-s1", faces=(), seed=1, answers=None) -> Ctx:
    from solo.core.sides import Human
    log = EventLog.create(":memory:", {"mission": mission_id, "seed": seed})
    log.set_pending(list(faces))
    defn = load_mission(mission_id)
    m = Mission(defn["id"], defn["title"], defn["attitude"])
    return Ctx(Play(log, seed, {"table": Human(answers)}, default_catalog()), m, defn)


def faces_for(table_id, wanted, mods=None, column=None):
    """Dice faces that give ``wanted`` on a table (with its chains' first faces), found by trying them all."""
    cat = default_catalog()
    table = cat.get(table_id)
    count = 1 if table.roll == "dr" else 2
    for faces in itertools.product(range(1, 7), repeat=count):
        trace = resolve(cat, table_id, TypedDice(list(faces) + [1] * 8), column, mods)
        if trace.result == wanted:
            return list(faces)
    raise AssertionError(f"no faces give {wanted!r} on {table_id}")


def new(tmp_path, mission_id="oto-s1", seed=1, name="m.db"):
    path = tmp_path / name
    EventLog.create(path, {"mission": mission_id, "seed": seed})
    run(EventLog.open(path), {"entry_edge": "North"})
    return path


def act(path, action, **answers):
    return run(EventLog.open(path), {"action": action, **RE_ANSWERS, **answers})


# --- set-up ---------------------------------------------------------------------------------

@pytest.mark.parametrize("mission_id", ["oto-s1", "oto-s2"])
def test_mission_tables_match_their_exact_odds(mission_id):
    """12.32: over 3,000 seeds each mission table's results fall within 4 sigma of their exact odds."""
    n = 3000
    counts = {key: Counter() for key in setup.MISSION_TABLES}
    for seed in range(n):
        x = ctx(mission_id, seed=seed)
        setup.mission_tables(x)
        for key in setup.MISSION_TABLES:
            counts[key][str(x.m.tables[key])] += 1
    defn = load_mission(mission_id)
    for key in setup.MISSION_TABLES:
        for result, p in odds(default_catalog(), defn["tables"][key]):
            seen = counts[key][result.split()[-1]] / n
            sigma = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(seen - float(p)) <= 4 * sigma + 1e-9, (key, result, seen, float(p))


def test_oto_s1_re_numbers_read_as_pairs():
    x = ctx(faces=[1, 1, 1, 1, 1, 1, 1, 1])  # DR 2, DR 2, dr 1, dr 1, dr 1
    setup.mission_tables(x)
    assert x.m.tables == {"enemy_san": 3, "friendly_san": 2, "enemy_ac": 3, "enemy_re": "5/6", "friendly_re": "5/6"}
    assert x.m.re_numbers == {"ENEMY": [5, 6], "FRIENDLY": [5, 6]}


def test_oto_s1_friendly_oob():
    """Three Coys, each with its hmg-or-.50 cal dr (1-2: .50 cal) and three leaders by R3; seven fixed AFV and four by
    the dr table (a 5 makes another dr); three AL by R3 with the extra -1."""
    x = ctx(seed=4)
    setup.friendly_oob_s1(x)
    oob = x.m.friendly_oob
    assert len(oob["infantry"]) == 3 and all(len(c["leaders"]) == 3 for c in oob["infantry"])
    assert all({".50 cal", "HMG"} & {t for t, _ in c["units"]} for c in oob["infantry"])
    assert len(oob["armor"]) == 11 and [a["afv"] for a in oob["armor"][:7]] == load_mission("oto-s1")["friendly_oob"]["armor"]
    assert len(oob["armor_leaders"]) == 3
    al_rolls = [e for e in x.play.log.events if "Armor Leader" in e.data.get("purpose", "")]
    assert all(m["name"] == "al" for e in al_rolls for m in e.data["trace"]["modifiers"])
    hmg = [e for e in x.play.log.events if e.data["what"] == "oto-s1.coy_heavy_mg"]
    assert len(hmg) == 3


def test_armor_support_dr_and_its_another_dr():
    x = ctx(faces=[3, 5, 4, 6, 1])
    assert [setup.armor_support(x, n) for n in (1, 2, 3)] == ["KV 1S", "T-34/ATO-42", "KV 8"]


def test_oto_s1_enemy_guns_wrecks_elr_sniper():
    x = ctx(faces=[1, 4, 6, 2, 5, 3])
    setup.enemy_s1(x)
    assert [(u.type, u.where) for u in x.m.units] == [("Flak 38 20L (6)", "I10"), ("Flak 38 20L (6)", "U6"), ("Flak 18 88L", "CC2")]
    assert x.m.enemy["elr"] == 3 and x.m.enemy["sniper"] == "P18"
    assert [w.split(":")[0] for w in x.m.enemy["wrecks"]] == [
        "Wreck is not affected", "Wreck is burning", "Wreck is removed", "Wreck is not affected",
        "Wreck is burning", "Wreck is not affected"]


def test_oto_s2_leaders_until_two_and_heavy_weapon():
    x = ctx("oto-s2", seed=3, answers={"entry_edge": "south"})
    setup.friendly_oob_s2(x)
    inf = x.m.friendly_oob["infantry"][0]
    assert len(inf["leaders"]) == 2 and inf["heavy_weapon"] and x.m.friendly_oob["entry_edge"] == "South"


# --- Activation -----------------------------------------------------------------------------

def _s(x, attitude="Hold"):
    x.m.tables["enemy_ac"] = 3
    return x.m.new_s("12F3", attitude)


def test_ac_check_by_range_bracket():
    # Range 1: automatic. Range 5 (bracket <= 0) with AC# 3: dr 3 - 3 = 0 Activates, dr 4 does not.
    x = ctx(faces=[3, 4])
    s = _s(x)
    assert activation.ac_check(x, s, 1, "Infantry", {})[0]
    assert activation.ac_check(x, s, 5, "Infantry", {})[0]
    assert not activation.ac_check(x, s, 5, "Infantry", {})[0]
    assert not activation.ac_check(x, s, 6, "Vehicle", {})[0]  # no bracket for a vehicle beyond range 4


def test_msr5_bto_activation_tables_and_msr6_squads():
    # DR 2: VEHICLE, then the BtO ENEMY VEHICLE TABLE (DR 2-3: StuH 42).
    x = ctx(faces=[1, 1, 1, 1])
    made = activation.activate(x, _s(x))
    assert [(u.type, u.kind) for u in x.m.units if u.id in made] == [("StuH 42", "vehicle")]
    # MSR 6: a 6-5-8 from G2 becomes a 4-6-8.
    g2 = faces_for("sasl.g2", "6-5-8")
    x = ctx(faces=faces_for("oto-s1.enemy_activation", "S") + g2)
    made = activation.activate(x, _s(x))
    assert [u.type for u in x.m.units if u.id in made] == ["4-6-8"]


def test_oto_s2_msr_1_2_3():
    """MSR 1: +1 DRM on A1 and +3 on G2; MSR 2: a Final even A1 DR adds a fortification dr (A5); MSR 3: an OBA Strike
    when the first Leader is generated."""
    x = ctx("oto-s2", seed=11)
    for _ in range(12):
        activation.activate(x, _s(x))
    rolls = [e.data for e in x.play.log.events]
    a1 = [r for r in rolls if r["what"] == "sasl.a1"]
    assert all(any(m["name"] == "msr-1" and m["value"] == 1 for m in r["trace"]["modifiers"]) for r in a1)
    g2 = [r for r in rolls if r["what"] == "sasl.g2"]
    assert g2 and all(any(m["value"] == 3 for m in r["trace"]["modifiers"]) for r in g2)
    even = [i for i, r in enumerate(rolls) if r["what"] == "sasl.a1" and r["trace"]["final"] % 2 == 0]
    assert even and all(any(r["what"] == "sasl.a5" for r in rolls[i + 1:]) for i in even)
    leaders = [u.type for u in x.m.units if u.kind == "leader"]
    assert leaders and x.m.enemy["oba_strikes"][0].endswith(f"after the {leaders[0]}")  # the first Leader


# --- Random Events ------------------------------------------------------------------------

def _started(tmp_path, mission_id="oto-s1"):
    path = new(tmp_path, mission_id)
    act(path, {"do": "place", "count": 3, "hexes": []})
    return path


def _re(path, check, d66, **answers):
    """End the turn with the ENEMY RE check DR ``check`` and the d66 faces ``d66``; the FRIENDLY check misses."""
    log = EventLog.open(path)
    log.set_pending(list(check) + list(d66) + [1] * 30)
    return act(path, TURN, **answers)


def test_enemy_re_needs_an_activated_unit_in_oto_s1(tmp_path):
    path = _started(tmp_path)
    outcome = act(path, TURN)
    assert any("no ENEMY RE check" in e["text"] for e in outcome.mission.record)


def test_re_21_22_raises_enemy_re_numbers(tmp_path):
    path = _started(tmp_path)
    act(path, {"do": "activate", "s": "S1", "range": 1})
    numbers = run(EventLog.open(path), frozen=True).mission.re_numbers["ENEMY"]
    check = (1, numbers[0] - 1)
    outcome = _re(path, check, (2, 1))
    assert outcome.mission.re_numbers["ENEMY"] == [numbers[0] + 1, numbers[1] + 1]
    assert outcome.last["random_events"][0]["row"] == "21-22"


def test_re_11_12_rolls_again_without_s_near_a_vpo(tmp_path):
    path = _started(tmp_path)
    act(path, {"do": "activate", "s": "S1", "range": 1})
    numbers = run(EventLog.open(path), frozen=True).mission.re_numbers["ENEMY"]
    outcome = _re(path, (1, numbers[0] - 1), (1, 1, 2, 1))
    assert any("does not apply: rolled again" in e["text"] for e in outcome.mission.record)
    assert outcome.last["random_events"][0]["row"] == "21-22"


def test_re_34_36_reinforcements_and_the_reinforcement_dr(tmp_path):
    path = _started(tmp_path)
    act(path, {"do": "activate", "s": "S1", "range": 1})
    numbers = run(EventLog.open(path), frozen=True).mission.re_numbers["ENEMY"]
    before = len(run(EventLog.open(path), frozen=True).mission.s)
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
    path = _started(tmp_path)
    m = run(EventLog.open(path), frozen=True).mission
    numbers = m.re_numbers["FRIENDLY"]
    log = EventLog.open(path)
    log.set_pending([1, numbers[0] - 1, 4, 4] + [1] * 30)  # no ENEMY check (nothing Activated)
    outcome = act(path, TURN)
    assert outcome.mission.re_numbers["FRIENDLY"] == [numbers[0] + 1, numbers[1] + 1]


# --- mission end and VP -------------------------------------------------------------------

def _play_to_end(path, **report):
    for _ in range(40):
        outcome = act(path, {"do": "turn", "report": report})
        if outcome.mission.ended:
            return outcome
    raise AssertionError("the mission never ended")


@pytest.mark.parametrize("seed", range(12))
def test_whole_oto_s1_missions(tmp_path, seed):
    """Scripted to their end: the mission ends at the end of Game Turn 8 at the earliest, turns count up, RE# stay within 6/7, every S?
    is hidden or Activated, replay gives the same state, and the VP follow the schedule."""
    path = new(tmp_path, seed=seed)
    act(path, {"do": "place", "count": 5, "hexes": []})
    for s_id, rng in (("S1", 1), ("S2", 3), ("S3", 9)):
        act(path, {"do": "activate", "s": s_id, "range": rng, "mods": {"vpo": True}})
    outcome = _play_to_end(path, vpo_friendly=4, vpo_enemy=3, rr=True, guns=2)
    m = outcome.mission
    assert m.ended["turn"] >= 8 and m.turn == m.ended["turn"]  # the first Mission End dr is at the end of Turn 8
    assert all(a <= 6 and b <= 7 for a, b in m.re_numbers.values())
    assert {s.status for s in m.s} <= {"hidden", "activated"}
    assert m.ended["vp"]["friendly"] == 4 + 2 and m.ended["vp"]["enemy"] == 3 + 1 + 2
    assert status_json(run(EventLog.open(path), frozen=True)) == status_json(outcome)


def test_oto_s2_immediate_win_and_vpo_values(tmp_path):
    path = new(tmp_path, "oto-s2", seed=5)
    outcome = act(path, {"do": "turn", "report": {"all_vpo": True, "vpo_friendly": 3, "vpo_enemy": 0}})
    m = outcome.mission
    assert m.ended["turn"] == 1 and "immediate FRIENDLY win" in m.ended["why"]
    assert 3 <= m.ended["vp"]["friendly"] <= 9 and m.ended["vp"]["enemy"] == 0  # three A10b values of 1-3


def test_oto_s2_ends_only_after_turn_10(tmp_path):
    path = new(tmp_path, "oto-s2", seed=8)
    outcome = _play_to_end(path, vpo_friendly=1, vpo_enemy=2)
    assert outcome.mission.ended["turn"] >= 11 or outcome.mission.ended["turn"] == 10
    ends = [e for e in EventLog.open(path).events if e.data["what"] == "oto-s2.mission_end"]
    assert ends and all(e.data["purpose"].endswith(str(10 + n)) for n, e in enumerate(ends))


def test_oto_s1_mission_end_drm(tmp_path):
    # After Game Turn 9: one complete turn after 8, -1 drm: a dr of 4 gives Final 3 and ends the mission.
    x = ctx()
    x.m.turn, x.m.phase = 9, "ENEMY CCPh"
    x.m.re_numbers = {"ENEMY": [5, 6], "FRIENDLY": [5, 6]}
    x.play.log.set_pending([1, 1, 4])  # the FRIENDLY RE check DR 2 misses; then the Mission End dr 4
    from solo.sasl.engine import end_turn
    result = end_turn(x, {})
    assert result["mission_end"] and "Final 3" in result["mission_end"]["why"]


def test_phases_run_friendly_then_enemy_and_end_the_turn(tmp_path):
    path = _started(tmp_path)
    seen = [run(EventLog.open(path), frozen=True).mission.phase]
    for _ in range(16):
        outcome = act(path, {"do": "phase"})
        seen.append(outcome.mission.phase)
    assert seen[:3] == ["FRIENDLY RPh", "FRIENDLY PFPh", "FRIENDLY MPh"] and seen[8] == "ENEMY RPh"
    assert seen[16] == "FRIENDLY RPh" and outcome.mission.turn == 2  # after the ENEMY CCPh the turn ended


def test_undo_the_last_action_keeps_the_dice(tmp_path):
    path = _started(tmp_path)
    first = act(path, {"do": "activate", "s": "S2", "range": 4})
    log = EventLog.open(path)
    log.undo_last_answer()
    again = act(path, {"do": "activate", "s": "S2", "range": 4})
    assert again.last == first.last


def test_bad_actions_are_one_clear_line(tmp_path):
    from solo.core.errors import SoloError
    path = _started(tmp_path)
    with pytest.raises(SoloError, match="no S\\? 'S9'"):
        act(path, {"do": "activate", "s": "S9", "range": 2})
    with pytest.raises(SoloError, match="within 16 hexes"):
        act(path, {"do": "activate", "s": "S1", "range": 20})


def _rows(table_id):
    return [(table_id, row.span.text) for row in default_catalog().get(table_id).rows]


@pytest.mark.parametrize("table_id, row", _rows("oto-s1.random_events_enemy") + _rows("oto-s1.random_events_friendly"))
def test_every_oto_s1_random_event(table_id, row):
    """Each entry of both OtO-S1 RE tables (MSR 4), forced by its d66: its follow-up rolls are made (chained tables,
    stand-ins included) and its lasting effect applied; none needs rolling again in this situation."""
    side = "ENEMY" if table_id.endswith("enemy") else "FRIENDLY"
    first = int(row.split("-")[0])
    x = ctx(faces=[first // 10, first % 10] + [3] * 40, answers={
        "counterattack_s": ["S1"], "counterattack_units": ["E1"], "minefield": True, "broken": True})
    x.m.re_numbers = {"ENEMY": [4, 5], "FRIENDLY": [4, 5]}
    x.m.new_s("12F3")
    x.m.add_unit("8-1", "leader", "12F3", "Hold", "S1")
    x.m.friendly_oob["armor"] = [{"afv": "PT-34(L)", "armor_leader": None}]
    result = events.event(x, side)
    assert result["row"] == row
    chained = default_catalog().get(table_id).row_at(first).then
    assert len(result["follow_ups"]) >= len(chained)
    assert "rolled again" not in " ".join(e["text"] for e in x.m.record)
    if (("oto-s1", side, row)) in events.HANDLERS:
        assert result["effect"]


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
def test_oto_s2_s_placement_on_real_boards(tmp_path):
    """14. and 4.: an S? in each road Intersection VPO; the radius S? stand in concealment terrain within the A6f
    radius of their VPO (one per Location); A9e S? stand in buildings."""
    from solo.board.cache import load_board
    path = tmp_path / "roads.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 5, "vasl_boards": str(VASL_BOARDS)})
    outcome = run(EventLog.open(path), {"entry_edge": "North"})
    m = outcome.mission
    vpo = [v["hex"] for v in m.boards["vpo"] if "intersection" in v["why"]]
    wheres = [s.where for s in m.s]
    assert vpo and all(h in wheres for h in vpo)
    for entry in m.record:
        if "concealment terrain within" in entry["text"]:
            where = entry["text"].split(" in ")[1].split(":")[0]
            board = load_board(VASL_BOARDS, where[:2])
            assert board.hexes[where[2:]].terrain in setup.CONCEALMENT
        if "A9e" in entry["text"] and entry["rule"] == "4.1a":
            where = entry["text"].split(" in ")[1].split(":")[0]
            assert load_board(VASL_BOARDS, where[:2]).hexes[where[2:]].terrain in setup.BUILDINGS
    placed_by_14 = [e["text"].split(" in ")[1].split(":")[0] for e in m.record
                    if e["rule"] == "4." and e["text"].startswith("S") and " in " in e["text"]]
    assert len(placed_by_14) == len(set(placed_by_14))  # one S? per Location
    assert status_json(run(EventLog.open(path), frozen=True)) == status_json(outcome)


def test_a_refused_action_leaves_the_save_playable(tmp_path):
    from solo.core.errors import SoloError
    path = _started(tmp_path)
    count = len(EventLog.open(path))
    for bad in ({"do": "activate", "s": "S1", "range": 17}, {"do": "activate", "s": "S1", "range": 2, "mods": {"level": -5}}):
        with pytest.raises(SoloError):
            act(path, bad)
        assert len(EventLog.open(path)) == count  # nothing was written
    assert act(path, {"do": "activate", "s": "S1", "range": 1}).mission.s[0].status == "activated"


def test_a_bad_report_is_refused_before_it_is_written(tmp_path):
    from solo.core.errors import SoloError
    path = _started(tmp_path)
    count = len(EventLog.open(path))
    for report in ({"vpo_freindly": 2}, {"vpo_friendly": -1}, {"rr": 3}):
        with pytest.raises(SoloError, match="report"):
            act(path, {"do": "turn", "report": report})
    assert len(EventLog.open(path)) == count
