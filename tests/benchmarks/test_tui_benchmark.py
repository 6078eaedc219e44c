"""Cold start of the app to its first screen, against a minimal Textual app, each in a fresh Python process.
Run: pytest tests/benchmarks/test_tui_benchmark.py --benchmark-only"""

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


def _start(script: str) -> float:
    begin = time.perf_counter()
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True)
    return time.perf_counter() - begin


def test_cold_start(benchmark, tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_DATA", str(tmp_path))
    benchmark.pedantic(_start, args=(SOLO,), rounds=5)
    minimal = min(_start(MINIMAL) for _ in range(5))
    benchmark.extra_info["minimal_textual_s"] = round(minimal, 3)
    benchmark.extra_info["ratio"] = round(benchmark.stats.stats.min / minimal, 2)
