"""Every screen at 100x30 and at 200x60 (issue 23.6), the Mission screen at 80x24 too (issue 38: its status bar,
footer and the map's hexsides at every size), as SVG snapshots (pytest-textual-snapshot; `pytest --snapshot-update
tests/tui/test_snapshots.py` redraws them after a change that is meant)."""

import pytest

from solo.core.store import EventLog
from solo.games import run_campaign, run_mission
from solo.tui.app import SoloApp
from solo.tui.saves import remember, saves_dir
from solo.tui.screens.mission import MissionScreen
from tests.core.saves import fix_key
from tests.tui.conftest import drawn_board, saves_listed

SIZES = [(100, 30), (200, 60)]


def a_mission() -> None:
    """OtO-S1 without VASL boards, two S? placed, one Activated, two FRIENDLY stacks set up (its map: the made-up
    board of tests/tui/conftest.py, never a VASL board)."""
    path = saves_dir() / "breakthrough.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 4, "vasl_boards": None})
    run_mission(EventLog.open(path))
    run_mission(EventLog.open(path), {"action": {"do": "place", "count": 0, "hexes": ["K18", "P19"]}})
    run_mission(EventLog.open(path), {"action": {"do": "activate", "s": "S1", "range": 1}})
    for where, units in (("M24", ["6-2-8", "6-2-8", "4-5-8", "9-1", "MMG", "LMG"]), ("L25", ["4-4-7"])):
        run_mission(EventLog.open(path), {"action": {"do": "enter", "hex": where, "units": units}})
    remember(path)


def a_campaign() -> None:
    """OtO2, the human Russian, past his first purchase; the save's secret key fixed, so the computer German's drawn
    choices (Play.draw) and secret rolls are the same at every run."""
    path = saves_dir() / "orsha.db"
    EventLog.create(path, {"cg": "oto2", "human": "Russian", "seed": 4})
    fix_key(path, "5" * 64)
    run_campaign(EventLog.open(path), {"purchase": ["I2", "I1"], "recon": 1})
    remember(path)


SCREENS = {
    "home": (None, []),
    "help": (None, ["question_mark"]),
    "new_mission": (None, ["m"]),
    "new_campaign": (None, ["c"]),
    "tables": (None, ["t", "down", "down"]),
    "campaign": (a_campaign, []),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen(snap_compare, screen, size):
    make, keys = SCREENS[screen]
    if make:
        make()
    assert snap_compare(SoloApp(resume=make is not None), press=keys, terminal_size=size, run_before=saves_listed)


@pytest.mark.parametrize("size", [(80, 24), *SIZES], ids=lambda s: f"{s[0]}x{s[1]}")
def test_mission_screen(snap_compare, monkeypatch, size):
    """The Mission screen on a map: the status bar and the footer whole, the compass, the column letters, the stacks'
    counts, the road, wall and hedge hexsides (full scale from 45 lines), the side panels folded below 110 columns."""
    monkeypatch.setattr(MissionScreen, "_boards", lambda self: ([("", drawn_board())], ""))
    a_mission()
    assert snap_compare(SoloApp(resume=True), terminal_size=size, run_before=saves_listed)
