"""Cold start of the app to its first screen (issue 22: at most 1.3 times a bare Textual app), each in a fresh Python
process, the best of eleven runs each; a Textual app with Home's own widgets (Header, two OptionLists, Footer)
is measured too, to tell what is solo's and what is the widgets'. Run with the others: pytest tests/benchmarks
--benchmark-only"""

import subprocess
import sys
import time

SOLO = """
from solo.tui.app import SoloApp
class Once(SoloApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.exit)
Once(resume=False).run(headless=True)
"""
MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Once(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)
Once().run(headless=True)
"""
SAME_WIDGETS = """
from textual.app import App
from textual.containers import Vertical
from textual.widgets import Footer, Header, Label, OptionList
from textual.widgets.option_list import Option
class Once(App):
    def compose(self):
        yield Header()
        with Vertical():
            yield Label("solo")
            yield OptionList(*(Option(f"item {i}", id=f"a{i}") for i in range(7)))
            yield Label("Saves")
            yield OptionList()
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.exit)
Once().run(headless=True)
"""
RATIO = 1.3


def _start(script: str) -> float:
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True)
    return time.perf_counter() - begin


def test_cold_start(benchmark, tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_DATA", str(tmp_path))
    benchmark.pedantic(_start, args=(SOLO,), rounds=11)
    minimal = min(_start(MINIMAL) for _ in range(11))
    same = min(_start(SAME_WIDGETS) for _ in range(11))
    ratio = benchmark.stats.stats.min / minimal
    benchmark.extra_info.update(minimal_textual_s=round(minimal, 3), same_widgets_s=round(same, 3),
                                ratio=round(ratio, 2), ratio_to_same_widgets=round(benchmark.stats.stats.min / same, 2))
    assert ratio <= RATIO
