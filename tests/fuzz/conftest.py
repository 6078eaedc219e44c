"""The fuzzing of issue 24: a small sample in the plain run; `pytest -m long tests/fuzz` runs the 10,000 inputs.

With ``-m long`` every test here is marked long (so the marker selects it) and hypothesis uses the long profile.
"""

import resource
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, settings

SMALL, LONG = 40, 750  # examples per fuzz test: the plain run's sample, the long run's share of 10,000 (14 tests)

SECONDS, MEGABYTES = 10, 500  # issue 40: no input may take 10 s (hypothesis's deadline fails it), nor 500 MB

for name, examples in (("fuzz", SMALL), ("fuzz-long", LONG)):
    settings.register_profile(name, max_examples=examples, deadline=timedelta(seconds=SECONDS),
                              derandomize=name == "fuzz",
                              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                                     HealthCheck.data_too_large, HealthCheck.filter_too_much])


def _long(config) -> bool:
    return "long" in (config.getoption("-m") or "")


def pytest_configure(config):
    settings.load_profile("fuzz-long" if _long(config) else "fuzz")


def pytest_itemcollected(item):
    if _long(item.config) and "tests/fuzz/" in item.nodeid.replace("\\", "/"):
        item.add_marker(pytest.mark.long)


def _peak() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.fixture(autouse=True)
def within_memory():
    """A fuzz test's inputs never took the process MEGABYTES beyond its peak resident memory before the test (in the
    whole plain run, other tests' boards and maps have set that peak already; `-m long tests/fuzz` alone starts low)."""
    before = _peak()
    yield
    assert _peak() - before < MEGABYTES, f"the process grew to {_peak():.0f} MB from {before:.0f} MB"
