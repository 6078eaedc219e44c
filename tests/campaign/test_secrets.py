"""Issue 21.4: what the rules keep secret from the human (the computer's OBA modules with their ammunition and
pre-registered hexes, its observers and aircraft, its mines, Dummies and HIP) appears nowhere the human sees while
the CG runs: status text, --json, the exports, the record; `--reveal` (or the CG End) shows it."""

import re

import pytest

from solo.campaign.report import export, status_json, status_text
from solo.core.store import EventLog
from solo.games import run_campaign as run


@pytest.fixture(scope="module")
def at_first_scenario():
    """OtO2 seed 1 past its first RePh, both sides computer: the German has bought OBA, an observer and mines."""
    log = EventLog.create(":memory:", {"cg": "oto2", "human": "none", "seed": 1})
    run(log)
    return run(log)


def german_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "German" in line]


def test_the_human_russian_sees_none_of_the_german_s_secrets(at_first_scenario):
    o = at_first_scenario
    german = o.campaign.sides["German"]
    units = [u for u in german.units if u.secret]
    forts = [f.label for f in german.fortifications if f.secret]
    assert {u.kind for u in units} >= {"oba", "observer"} and any("Mine" in f for f in forts)
    ids = re.compile(r"\b(" + "|".join(u.id for u in units) + r")\b")
    o.campaign.human = "Russian"
    try:
        data = status_json(o)
        assert not [u for u in data["oob"]["German"] if u["kind"] in ("oba", "observer", "aircraft", "bombardment")]
        assert all(d["sides"]["German"]["fortifications"] is None for d in data["dates"])
        text, md, csv = status_text(o, record=10_000), export(o.campaign, "md"), export(o.campaign, "csv")
        record = " ".join(e["text"] for e in data["record"])
        for view in (text, md, csv, record):
            assert not ids.search(view), ids.search(view)
        for view in (german_lines(text), german_lines(md), german_lines(csv), [record]):
            assert not [f for f in forts for line in view if f in line]
        assert not [e for e in data["record"] if "set-up" in e["text"] and any(f.split(" x")[0] in e["text"] for f in forts)]
        shown = status_text(o, reveal=True, record=10_000) + export(o.campaign, "md", reveal=True)
        assert ids.search(shown) and all(f.split(" x")[0] in shown for f in forts)
    finally:
        o.campaign.human = "none"
