"""SVG snapshots of each screen at 80x24 (pytest-textual-snapshot; `pytest --snapshot-update` redraws them)."""

import pytest

from solo.core.store import EventLog
from solo.games import run_campaign
from solo.sasl.engine import run as run_mission
from solo.tui.app import SoloApp
from solo.tui.saves import remember, saves_dir


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("SOLO_VASL_BOARDS", "")


async def _saves_listed(pilot):
    """Home lists the saves in a worker: wait for it."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_home(snap_compare):
    assert snap_compare(SoloApp(resume=False), terminal_size=(80, 24), run_before=_saves_listed)


def test_tables(snap_compare):
    assert snap_compare(SoloApp(resume=False), press=["t", "down", "down"], terminal_size=(80, 24),
                        run_before=_saves_listed)


def test_help(snap_compare):
    assert snap_compare(SoloApp(resume=False), press=["question_mark"], terminal_size=(80, 24),
                        run_before=_saves_listed)


def test_mission(snap_compare):
    path = saves_dir() / "bto.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 4, "vasl_boards": None})
    run_mission(EventLog.open(path))
    run_mission(EventLog.open(path), {"action": {"do": "place", "count": 3, "hexes": []}})
    run_mission(EventLog.open(path), {"action": {"do": "activate", "s": "S1", "range": 1}})
    remember(path)
    assert snap_compare(SoloApp(), terminal_size=(80, 24))


def test_campaign(snap_compare):
    path = saves_dir() / "orsha.db"
    EventLog.create(path, {"cg": "oto2", "human": "Russian", "seed": 4})
    run_campaign(EventLog.open(path))
    remember(path)
    assert snap_compare(SoloApp(), terminal_size=(80, 24))


def test_campaign_wide(snap_compare):
    path = saves_dir() / "orsha.db"
    EventLog.create(path, {"cg": "oto2", "human": "Russian", "seed": 4})
    run_campaign(EventLog.open(path), {"purchase": ["I2", "I1"], "recon": 1})
    remember(path)
    assert snap_compare(SoloApp(), terminal_size=(200, 60))
