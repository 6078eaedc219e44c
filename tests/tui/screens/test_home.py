"""The Home screen: its SVG snapshot at 80x24 (pytest-textual-snapshot; `pytest --snapshot-update` redraws it)."""

from solo.tui.app import SoloApp
from tests.tui.conftest import saves_listed


def test_home(snap_compare):
    assert snap_compare(SoloApp(resume=False), terminal_size=(80, 24), run_before=saves_listed)
