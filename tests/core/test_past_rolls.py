"""Issue 40, "A roll, once made, stands": a table pack added or changed after a save's rolls were made applies to the
new rolls only; the save replays to the same state, and its record says where the pack came in."""

import os
from pathlib import Path

import pytest
import tomli_w

from solo.core.store import EventLog
from solo.games import run_mission
from solo.rules import default_catalog
from solo.rules.loader import read_toml
from solo.sasl.engine import status_json
from tests.mission import act, new

PACK_NOTE = "Your table pack changed"


@pytest.fixture(autouse=True)
def catalog_read_again():
    """The catalog a test's pack made is dropped after it: the next test reads its own (no pack)."""
    yield
    default_catalog.cache_clear()


def _pack(tables: dict) -> None:
    """The player's pack (SOLO_CONFIG/tables) holding ``tables``; the catalog read again, as a new command does."""
    folder = Path(os.environ["SOLO_CONFIG"]) / "tables"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.toml").write_text(tomli_w.dumps({"table": list(tables.values())}))
    default_catalog.cache_clear()


def _every_table_changed() -> dict:
    """A pack replacing every table a pack may replace (each stand-in): in each column the rows' results turned end
    for end, so that each roll and each chart reads another row's result than the shipped table gives."""
    cat, pack = default_catalog(), {}
    for table in cat.tables.values():
        if not table.stand_in:
            continue
        raw = next(t for t in read_toml(Path(table.path))["table"] if t["id"] == table.id)
        rows = [dict(row) for row in raw["row"]]
        if "result" in rows[0]:
            for row, result in zip(rows, reversed([row["result"] for row in rows]), strict=True):
                row["result"] = result
        else:
            for column in raw.get("columns", []):
                having = [row for row in rows if column in row["results"]]
                for row, result in zip(having, reversed([row["results"][column] for row in having]), strict=True):
                    row["results"] = {**row["results"], column: result}
        pack[table.id] = {k: v for k, v in raw.items() if k not in ("stand_in", "source")} | {"row": rows}
    return pack


def _state(path) -> dict:
    out = status_json(run_mission(EventLog.open(path), frozen=True))
    out["record"] = [line for line in out["record"] if PACK_NOTE not in line["text"]]
    return out


def _activated(path) -> list:
    """The ENEMY units the S? Activated as (not those the set-up placed)."""
    return [(u["id"], u["type"]) for u in _state(path)["units"] if u["side"] == "ENEMY" and u["source"] != "set up"]


def test_the_oto_s1_seed_11_activation_stands_when_a_pack_changes_table_g2(tmp_path):
    """The auditors' repro: OtO-S1 seed 11, S20 Activated as E4 4-4-7 and E5 4-6-8 (their move; here checks at range
    0); a pack whose every G2 result is 8-3-8 ('solo tables check': OK) once made status show the squads 8-3-8. They
    stay as rolled; a new Activation rolls on the pack's G2, and the record says where the pack came in."""
    path = new(tmp_path, seed=11)
    act(path, {"do": "place", "count": 20, "hexes": []})
    act(path, {"do": "activate", "s": "S20", "range": 0})
    before = _state(path)
    rolled = _activated(path)
    assert rolled and "8-3-8" not in {t for _, t in rolled}
    g2 = next(t for t in read_toml(Path(default_catalog().get("sasl.g2").path))["table"] if t["id"] == "sasl.g2")
    g2 = {k: v for k, v in g2.items() if k != "stand_in"} | {"row": [r | {"result": "8-3-8"} for r in g2["row"]]}
    _pack({"sasl.g2": g2})
    assert not default_catalog().errors
    assert _state(path) == before
    for s in ("S19", "S18", "S17", "S16", "S15", "S14"):
        act(path, {"do": "activate", "s": s, "range": 0})
    after = _activated(path)
    assert after[:len(rolled)] == rolled and ("8-3-8" in {t for _, t in after[len(rolled):]})
    notes = [line["text"] for line in status_json(run_mission(EventLog.open(path), frozen=True))["record"]
             if PACK_NOTE in line["text"]]
    assert notes == [f"{PACK_NOTE} (sasl.g2): it applies from here on; the rolls before stand as they were made"]


def test_a_pack_that_changes_every_table_an_old_save_used_replays_it_to_the_same_state(tmp_path):
    """Done when: a pack changing every table a save used (each stand-in roll and the Activation brackets chart
    that decides whether an AC dr is made: a 'none' bracket once made the save refuse to open) - the save replays
    to the same state."""
    path = new(tmp_path, seed=11)
    act(path, {"do": "place", "count": 20, "hexes": []})
    for s in ("S20", "S18", "S15"):
        act(path, {"do": "activate", "s": s, "range": 6})
    act(path, {"do": "turn", "report": {}})
    before = _state(path)
    used = {e.data["what"] for e in EventLog.open(path).events if e.kind == "roll"}
    pack = _every_table_changed()
    assert "sasl.ac_brackets" in pack and {"sasl.g2", "sasl.ac_dr"} <= used and len(set(pack) & used) >= 3
    _pack(pack)
    assert not default_catalog().errors, default_catalog().errors[:3]
    assert _state(path) == before


def test_a_pack_whose_activation_brackets_are_all_none_still_opens_the_save(tmp_path):
    """The auditors' second repro: a pack `sasl.ac_brackets` of "none" made the save refuse to open ("does not match
    this version of solo at event 50"): the chart is read as the pack the events were made with gave it."""
    path = new(tmp_path, seed=11)
    act(path, {"do": "place", "count": 20, "hexes": []})
    for s in ("S20", "S18", "S15"):
        act(path, {"do": "activate", "s": s, "range": 6})
    before = _state(path)
    chart = default_catalog().get("sasl.ac_brackets")
    raw = next(t for t in read_toml(Path(chart.path))["table"] if t["id"] == "sasl.ac_brackets")
    raw = {k: v for k, v in raw.items() if k != "stand_in"} | {
        "row": [r | {"results": {c: "none" for c in r["results"]}} for r in raw["row"]]}
    _pack({"sasl.ac_brackets": raw})
    assert not default_catalog().errors
    assert _state(path) == before
    assert act(path, {"do": "activate", "s": "S10", "range": 6}).last["activated"] is False  # the pack's "none"
