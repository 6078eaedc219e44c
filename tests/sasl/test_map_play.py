"""A mission played on the map: FRIENDLY units enter from the OoB and move, fire results change them, the ENEMY's
decisions wait and are applied, Activation follows real LOS (issue 15)."""

import random
import re

import pytest

from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import run_mission
from solo.sasl.engine import status_json
from tests.conftest import VASL_BOARDS
from tests.mission import act, new


def refused(path, action, says: str):
    """The action is refused with one line saying ``says``, and the save is as it was."""
    before = len(EventLog.open(path).events)
    with pytest.raises(SoloError, match=says) as err:
        act(path, action)
    assert "\n" not in str(err.value)
    assert len(EventLog.open(path).events) == before


def test_oto_s1_friendly_units_set_up_on_or_east_of_the_line(tmp_path):
    """OtO-S1 SEQUENCE: FRIENDLY units set up on or East of A27-I23-I20-R15-DD21, from the OoB, within A5.1."""
    path = new(tmp_path)
    done = act(path, {"do": "enter", "hex": "B27", "units": ["6-2-8", "6-2-8", "LMG", "8-0"]})
    units = {u["id"]: u for u in status_json(done)["units"] if u["side"] == "FRIENDLY"}
    assert [(u["type"], u["hex"], u["status"]) for u in units.values()] == [
        ("6-2-8", "B27", "Good Order"), ("6-2-8", "B27", "Good Order"), ("LMG", "B27", "Good Order"),
        ("8-0", "B27", "Good Order")]
    assert units["F3"]["owner"] == "F1" and units["F1"]["kind"] == "squad" and units["F4"]["kind"] == "leader"
    refused(path, {"do": "enter", "hex": "B25", "units": ["4-5-8"]}, "west of the FRIENDLY set up area")
    refused(path, {"do": "enter", "hex": "ZZ99", "units": ["4-5-8"]}, "ZZ99")
    refused(path, {"do": "enter", "hex": "I21", "units": ["7-4-7"]}, "the OoB has no '7-4-7'")
    refused(path, {"do": "enter", "hex": "B27", "units": ["4-5-8", "4-5-8"]}, "stacking limit is 3")
    refused(path, {"do": "enter", "hex": "I21", "units": ["FT"] * 4}, "no more 'FT'")  # one FT a Coy, three Coys
    refused(path, {"do": "move", "units": ["F1"], "path": ["B26"]}, "move in the FRIENDLY MPh")


def test_oto_s1_moves_results_rally_and_sw(tmp_path):
    path = new(tmp_path)
    act(path, {"do": "enter", "hex": "K25", "units": ["6-2-8", "4-5-8", "MMG", "8-0"]})
    for _ in range(2):
        act(path, {"do": "phase"})  # to the FRIENDLY MPh
    refused(path, {"do": "move", "units": ["F1"], "path": ["K23"]}, "K23 is not next to K25")
    refused(path, {"do": "move", "units": ["F9"], "path": ["K24"]}, "no FRIENDLY unit 'F9'")
    moved = act(path, {"do": "move", "units": ["F1", "F3"], "path": ["K24"]})
    at = {u.id: u.hex for u in moved.mission.units if u.side == "FRIENDLY"}
    assert at == {"F1": "K24", "F2": "K25", "F3": "K24", "F4": "K25"}  # the MMG went with its owner
    act(path, {"do": "result", "unit": "F1", "result": "broken"})
    act(path, {"do": "result", "unit": "F1", "result": "DM"})
    refused(path, {"do": "move", "units": ["F1"], "path": ["K25"]}, "routs in the RtPh")
    refused(path, {"do": "result", "unit": "F2", "result": "rallied"}, "F2 is not broken")
    refused(path, {"do": "result", "unit": "F2", "result": "wreck"}, "no vehicle")
    refused(path, {"do": "sw", "sw": "F3", "to": "F2"}, "F2 is in K25, the SW in K24")
    dropped = act(path, {"do": "result", "unit": "F1", "result": "reduced"})
    f1 = dropped.mission.unit("F1")
    assert (f1.type, f1.kind, f1.status, f1.marks) == ("3-2-8", "hs", "broken", ["DM"])  # A7.302: 6-2-8's HS
    act(path, {"do": "result", "unit": "F1", "result": "eliminated"})
    o = act(path, {"do": "sw", "sw": "F3", "to": None})
    assert o.mission.unit("F3").owner is None and o.mission.unit("F1").status == "eliminated"
    refused(path, {"do": "result", "unit": "F1", "result": "rallied"}, "F1 is eliminated")


def test_oto_s1_s_removed_once(tmp_path):
    path = new(tmp_path)
    act(path, {"do": "place", "hexes": ["M12"]})
    o = act(path, {"do": "remove", "s": "S1"})
    assert o.mission.s[0].status == "removed"
    refused(path, {"do": "remove", "s": "S1"}, "no S\\? 'S1' on the map")


boards = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


def new_cross_roads(tmp_path, seed: int):
    path = tmp_path / f"roads{seed}.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": seed, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    return path


@pytest.fixture
def cross_roads(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    return new_cross_roads(tmp_path, 7)


def _to(path, phase):
    o = run_mission(EventLog.open(path), frozen=True)
    while o.mission.phase != phase:
        if o.mission.pending:
            o = act(path, {"do": "enemy"})
        o = act(path, {"do": "phase"})
    return o


@boards
def test_cross_roads_played_on_the_map(cross_roads):
    """OtO-S2 from the entry to the ENEMY's moves: the FRIENDLY units enter on the North edge and move; each
    Activation check is for an S? a moved unit really sees; the ENEMY's fire and moves wait, and once confirmed the
    save's positions are where the decisions said."""
    path = cross_roads
    refused(path, {"do": "enter", "hex": "33Q1", "units": ["5-2-7"]}, "enter in the FRIENDLY MPh")
    o = _to(path, "FRIENDLY MPh")
    refused(path, {"do": "enter", "hex": "33Q5", "units": ["5-2-7"]}, "not on the North edge")
    o = act(path, {"do": "enter", "hex": "33Q1", "units": ["5-2-7", "5-2-7", "LMG", "9-1"]})
    o = act(path, {"do": "move", "units": ["F1", "F2", "F4"], "path": ["33Q2", "33Q3", "33Q4"]})
    checks = o.last["activation"]
    if o.mission.pending:  # the ENEMY units the move Activated First Fire at it (issue 34), confirmed as decided
        act(path, {"do": "enemy"})
    refused(path, {"do": "move", "units": ["F1", "F2", "F4"], "path": ["33Q5", "33Q6", "33Q7", "33Q8", "33Q9",
                                                                      "33Q10", "33Q9", "33Q8"]}, "MF")
    graph_map = _map(path)
    for check in checks:  # every S? checked is in LOS of the hex entered it was checked from, at the range given
        s = o.mission.s_counter(check["s"])
        where, seen_from = graph_map.name(s.where), ["33Q2", "33Q3", "33Q4"][check["step"]]
        assert graph_map.los.visible(seen_from, where) and graph_map.distance(seen_from, where) == check["range"]
    order = [(c["step"], c["range"]) for c in checks]
    assert order == sorted(order)  # hex by hex, the nearest first
    forts = [u for u in o.mission.units if u.kind == "fortification"]
    assert forts and all(u.attitude == "" for u in forts)  # issue 18: a fortification has no Attitude
    waited = []
    for turn_phase in ("FRIENDLY DFPh", "ENEMY PFPh", "ENEMY MPh", "ENEMY AFPh", "ENEMY APh"):
        o = _to(path, turn_phase)
        waited += [p["action"] for p in o.mission.pending]
        if not o.mission.pending:
            continue
        decided = {p["unit"]: p["path"][-1] for p in o.mission.pending}
        for p in o.mission.pending:
            assert p["why"] and p["path"][0] == o.mission.unit(p["unit"]).hex
            if p["target"]:
                assert "roll the IFT with" in p["why"]
        refused(path, {"do": "phase"}, "wait for you")
        o = act(path, {"do": "enemy"})
        assert not o.mission.pending
        assert {u: o.mission.unit(u).hex for u in decided} == decided
    assert waited  # the ENEMY acted in at least one phase


def _map(path):
    """The mission's map, as its commands build it."""
    from solo.board.cache import load_board
    from solo.games.oto_s2.setup import _map as built
    ids = tuple(run_mission(EventLog.open(path), frozen=True).mission.boards["boards"])
    return built(ids, tuple(load_board(VASL_BOARDS, b) for b in ids))


@boards
def test_activation_sight_agrees_with_the_board_los_on_200_pairs(cross_roads):
    """The S? a unit is found to see (the board's vectorised LOS, levels and hindrances) are those the plain-Python
    trace of the same rules finds: 300 random unit/S? pairs within 16 hexes on the three real boards."""
    m = _map(cross_roads)
    rng = random.Random(3)
    pairs = []
    while len(pairs) < 300:
        a, b = rng.sample(m.hexes, 2)
        if m.distance(a, b) <= 16:
            pairs.append((a, b))
    seen = [bool(m.seen(a, [b], 16)) for a, b in pairs]
    assert seen == [m.los.trace(a, b).seen for a, b in pairs]
    assert 30 < sum(seen) < 270  # both kinds of pairs are there


def _south(hex_id: str) -> str:
    board_column, row = re.fullmatch(r"(\d+[A-Z]+)(\d+)", hex_id).groups()
    return f"{board_column}{int(row) + 1}"


def play_cross_roads(path, turns: int) -> list[tuple[int, dict, dict]]:
    """A scripted OtO-S2: the FRIENDLY units enter on Turn 1 in three stacks, and each Good Order stack moves one
    hex south each MPh when it can; the first ENEMY fire of each phase breaks its target if a squad, and the ENEMY's
    moves are confirmed as decided. Returns (turn, the ENEMY MPh's decided ends, the positions once confirmed)."""
    seen = []
    _to(path, "FRIENDLY MPh")
    edge = sorted(_map(path).edge("North"), key=lambda h: (len(h), h))
    for where, types in ((edge[4], ["5-2-7", "5-2-7", "LMG"]), (edge[10], ["5-2-7", "5-2-7", "LMG"]),
                         (edge[-4], ["4-4-7", "4-4-7", "4-4-7"])):
        o = confirm(path, act(path, {"do": "enter", "hex": where, "units": types}))
    while not o.mission.ended and o.mission.turn <= turns:
        m = o.mission
        if o.waiting and o.waiting.key != "action":
            o = run_mission(EventLog.open(path), {o.waiting.key: o.waiting.parse_typed(o.waiting.typed_example)})
        elif m.pending:
            ends = {p["unit"]: p["path"][-1] for p in m.pending}
            phase = m.phase
            o = confirm(path, o)
            if phase == "ENEMY MPh":
                kept = {u: e for u, e in ends.items() if o.mission.unit(u) or o.mission.s_counter(u).status == "hidden"}
                seen.append((m.turn, kept, {u: position(o.mission, u) for u in kept}))
        elif m.phase == "FRIENDLY MPh" and not m.spent:
            stacks = sorted({u.hex for u in m.units if u.side == "FRIENDLY" and u.on_map and u.status == "Good Order"})
            for stack in stacks:
                ids = [u.id for u in o.mission.units if u.hex == stack and u.side == "FRIENDLY" and u.on_map
                       and u.status == "Good Order" and u.kind != "sw"]
                try:
                    o = confirm(path, act(path, {"do": "move", "units": ids, "path": [_south(stack)]}))
                except SoloError:
                    continue  # no hex there, ENEMY units in it, too dear: the stack stays
            o = act(path, {"do": "phase"})
        else:
            o = act(path, {"do": "phase"})
    return seen


def position(m, unit_id: str) -> str:
    """A unit's hex, or a hidden S?'s (one Activated on its way stops where it came into view: left out)."""
    u = m.unit(unit_id)
    return u.hex if u else m.s_counter(unit_id).where


def confirm(path, o):
    """The ENEMY's waiting moves and fire confirmed as decided; the first fire of each phase breaks its target if a
    Good Order squad."""
    m = o.mission
    if not m.pending:
        return o
    fire = [p for p in m.pending if p.get("target")]
    if fire and m.unit(fire[0]["target"]).on_map and m.unit(fire[0]["target"]).kind == "squad" \
            and m.unit(fire[0]["target"]).status == "Good Order":
        act(path, {"do": "result", "unit": fire[0]["target"], "result": "broken"})
    return act(path, {"do": "enemy"})


@boards
def test_a_scripted_cross_roads_turn_on_the_map(tmp_path, monkeypatch):
    """Issue 15: the ENEMY's positions after each ENEMY MPh are where its decisions said (two Game Turns of seeds 1
    and 2; whole missions run with -m long)."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    one = play_cross_roads(new_cross_roads(tmp_path, 1), turns=2)
    two = play_cross_roads(new_cross_roads(tmp_path, 2), turns=2)
    assert one + two and all(ends == after for _, ends, after in one + two)


@pytest.mark.long
@boards
@pytest.mark.parametrize("seed", [1, 2, 7, 8, 11])
def test_a_scripted_cross_roads_to_mission_end(tmp_path, monkeypatch, seed):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = new_cross_roads(tmp_path, seed)
    seen = play_cross_roads(path, turns=99)
    o = run_mission(EventLog.open(path), frozen=True)
    assert o.mission.ended and (o.mission.ended["turn"] >= 10 or "VPO" in o.mission.ended["why"])
    assert all(ends == after for _, ends, after in seen)


def test_an_s_is_checked_once_a_phase(tmp_path):
    """Issue 18: the same S? could be checked (and Activated) again in the same phase; a check once made stands
    until the next phase (solo's reading of 5.)."""
    path = new(tmp_path)
    act(path, {"do": "place", "hexes": ["M12"]})
    first = act(path, {"do": "activate", "s": "S1", "range": 13})  # long range: only an Original 1 Activates
    if first.mission.s[0].status == "hidden":
        refused(path, {"do": "activate", "s": "S1", "range": 13}, "had its Activation check this phase")
        act(path, {"do": "phase"})
        again = act(path, {"do": "activate", "s": "S1", "range": 13})
        assert again.last["s"] == "S1"
    else:
        refused(path, {"do": "activate", "s": "S1", "range": 13}, "S1 is already activated")


def test_the_re_record_names_the_final_roll_the_table_was_read_with():
    """Issue 18: OtO-S2 MSR 1 adds +1 to the colored die of each A11 DR; the record showed only the Original d66."""
    from solo.sasl import events
    from tests.mission import ctx
    x = ctx("oto-s2", faces=[2, 3] + [1] * 10)
    done = events.event(x, "ENEMY")
    assert (done["roll"], done["final"]) == (23, 33)
    assert "RE d66 23, Final 33:" in x.m.record[-1]["text"]


def test_random_selection_reaches_every_candidate():
    """Issue 18: RE 14-16 recalls one of OtO-S1's eleven AFV, but one dr could only pick among the first six."""
    from solo.sasl.events import random_selection
    from tests.mission import ctx
    picked = set()
    for seed in range(60):
        picked.add(random_selection(ctx("oto-s1", seed=seed), "AFV to Recall", 11))
    assert picked == set(range(1, 12))


def test_a_stand_in_re_result_says_so():
    """Issue 38: the A11 stand-in's result was logged without "[stand-in]" (OtO-S2's ENEMY RE table is the A11
    stand-in, tables/core)."""
    from solo.sasl import events
    from tests.mission import ctx
    x = ctx("oto-s2", faces=[2, 3] + [1] * 10)
    events.event(x, "ENEMY")
    said = next(e["text"] for e in x.m.record if "RE d66" in e["text"])
    assert "[stand-in]" in said.split(" -> ")[0]
