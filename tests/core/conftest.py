"""The `long` sweeps of issue 24 run only when asked for: `pytest -m long tests/core`."""

import pytest


def pytest_collection_modifyitems(config, items):
    if "long" in (config.getoption("-m") or ""):
        return
    later = pytest.mark.skip(reason="a long sweep (issue 24): run it with pytest -m long tests/core")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(later)
