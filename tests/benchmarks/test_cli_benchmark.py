"""`solo --help` (issue 22): at most 2.5 times a bare `python -c "import click"`, each in a fresh process, the
best of several runs each."""

import subprocess
import sys
import time

RATIO = 2.5


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, capture_output=True)
    return time.perf_counter() - start


def test_help(benchmark):
    benchmark.pedantic(_run, args=(["-m", "solo.cli", "--help"],), rounds=7)
    bare = min(_run(["-c", "import click"]) for _ in range(7))
    ratio = benchmark.stats.stats.min / bare
    benchmark.extra_info.update(bare_click_s=round(bare, 3), ratio=round(ratio, 2))
    assert ratio <= RATIO
