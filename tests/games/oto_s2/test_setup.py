"""OtO-S2 set-up: the Horse Cavalry OoB (MSR 9), and the S? placed on the player's VASL boards (4., 14.)."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.games.oto_s2 import setup
from solo.sasl.engine import status_json
from solo.sasl.setup import BUILDINGS, CONCEALMENT
from tests.conftest import VASL_BOARDS
from tests.mission import ctx


def test_oto_s2_leaders_until_two_and_heavy_weapon():
    x = ctx("oto-s2", seed=3, answers={"entry_edge": "south"})
    setup.friendly_oob(x)
    inf = x.m.friendly_oob["infantry"][0]
    assert len(inf["leaders"]) == 2 and inf["heavy_weapon"] and x.m.friendly_oob["entry_edge"] == "South"


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
def test_oto_s2_s_placement_on_real_boards(tmp_path, monkeypatch):
    """14. and 4.: an S? in each road Intersection VPO; the radius S? stand in concealment terrain within the A6f
    radius of their VPO (one per Location); A9e S? stand in buildings."""
    from solo.board.cache import load_board
    path = tmp_path / "roads.db"
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))  # a save's folder is read only when it is the player's
    EventLog.create(path, {"mission": "oto-s2", "seed": 5, "vasl_boards": str(VASL_BOARDS)})
    outcome = run_mission(EventLog.open(path), {"entry_edge": "North"})
    m = outcome.mission
    vpo = [v["hex"] for v in m.boards["vpo"] if "intersection" in v["why"]]
    wheres = [s.where for s in m.s]
    assert vpo and all(h in wheres for h in vpo)
    for entry in m.record:
        if "concealment terrain within" in entry["text"]:
            where = entry["text"].split(" in ")[1].split(":")[0]
            board = load_board(VASL_BOARDS, where[:2])
            assert board.hexes[where[2:]].terrain in CONCEALMENT
        if "A9e" in entry["text"] and entry["rule"] == "4.1a":
            where = entry["text"].split(" in ")[1].split(":")[0]
            assert load_board(VASL_BOARDS, where[:2]).hexes[where[2:]].terrain in BUILDINGS
    placed_by_14 = [e["text"].split(" in ")[1].split(":")[0] for e in m.record
                    if e["rule"] == "4." and e["text"].startswith("S") and " in " in e["text"]]
    assert len(placed_by_14) == len(set(placed_by_14))  # one S? per Location
    assert status_json(run_mission(EventLog.open(path), frozen=True)) == status_json(outcome)
