"""Issue 24: table packs with values of the wrong type, and chained-table loops: `solo tables check` lists one line
per problem naming file and table and never crashes; a broken pack stops only the rolls that use it."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.core.dice import SeededDice
from solo.core.errors import SoloError
from solo.rules import load_catalog
from solo.rules.catalog import default_catalog
from solo.rules.resolve import resolve
from tests.fuzz.run import refused, solo, toml_value

GOOD = {"id": "pack.a", "title": "A", "rule": "1.1", "roll": "dr",
        "row": [{"roll": "<=3", "result": "low"}, {"roll": ">=4", "result": "high", "then": ["pack.b"]}],
        "modifier": [{"name": "m", "label": "M", "value": -1}]}
OTHER = {"id": "pack.b", "title": "B", "rule": "1.2", "roll": "DR", "columns": ["X", "Y"],
         "row": [{"roll": "<=7", "results": {"X": 1, "Y": "y"}}, {"roll": ">=8", "results": {"X": 2, "Y": "z"}}],
         "modifier": [{"name": "n", "label": "N", "input": [-2, 2]}, {"name": "p", "label": "P", "value": 1, "per": 2}]}


def pack_text(tables) -> str:
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        return f"table = {toml_value(tables)}\n"
    return "".join("[[table]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in t.items()) for t in tables)


def checked(folder) -> list[str]:
    """The problems `tables check` finds in ``folder``; each one line naming the file and a table."""
    cat = load_catalog([(folder, True)])
    for error in cat.errors:
        assert "\n" not in error and str(folder) in error, error
    for table in cat.tables.values():
        if not table.is_chart:
            try:
                resolve(cat, table.id, SeededDice(1))
            except SoloError as exc:
                assert "\n" not in str(exc)
    return cat.errors


@pytest.mark.parametrize(
    "tables, says",
    [
        (5, "table = 5: tables are [[table]] entries"),
        (
            [GOOD | {"row": [{"roll": "1-6", "results": [1, 2]}]}],
            "table pack.a row 1: results = [1, 2] must be a table",
        ),
        (
            [GOOD | {"modifier": [{"name": "m", "label": "M", "input": [1, "a"]}]}],
            "input = [1, 'a'] must be [low, high]",
        ),
        ([GOOD | {"modifier": [{"name": "m", "label": "M", "value": "x"}]}], "value = 'x' must be a whole number"),
        ([GOOD | {"modifier": [{"name": "m", "label": "M", "value": True}]}], "value = True must be a whole number"),
        (
            [GOOD | {"modifier": [{"name": "m", "label": "M", "input": [-(10**18), 10**18]}]}],
            "two whole numbers from -99 to 99",
        ),
        ([GOOD | {"modifier": [{"name": "m", "label": "M", "value": 1, "per": 1, "max": 10**18}]}], "max = 10"),
        ([GOOD | {"modifier": [{"name": "m", "label": "M", "value": 1, "per": 0}]}], "per = 0 must be from 1 to 99"),
        (
            [
                GOOD,
                OTHER
                | {
                    "row": [
                        {"roll": "<=7", "results": {"X": 1, "Y": "y"}},
                        {"roll": ">=8", "results": {"X": 2, "Y": "z"}, "then": ["pack.a"]},
                    ]
                },
            ],
            "table pack.a: chained rolls loop back to it (pack.a -> pack.b -> pack.a)",
        ),
    ],
)
def test_tables_check_names_each_problem(tmp_path, capsys, tables, says):
    (tmp_path / "t.toml").write_text(pack_text(tables))
    assert any(says in e for e in checked(tmp_path)), checked(tmp_path)
    out = solo(capsys, "tables", "check", str(tmp_path))
    assert out.code == 2 and says in out.out


def test_a_broken_pack_stops_only_its_own_tables(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path))
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "t.toml").write_text(pack_text([GOOD | {"modifier": [{"name": "m", "label": "M",
                                                                                  "value": "x"}]}, OTHER]))
    default_catalog.cache_clear()
    try:
        assert solo(capsys, "roll", "oto2.recon", "--seed", "1").code == 0
        assert solo(capsys, "roll", "pack.b", "--seed", "1").code == 0
        out = solo(capsys, "roll", "pack.a", "--seed", "1")
        assert refused(out) and "value = 'x' must be a whole number" in out.err
    finally:
        default_catalog.cache_clear()


def test_good_pack(tmp_path):
    (tmp_path / "t.toml").write_text(pack_text([GOOD, OTHER]))
    assert checked(tmp_path) == []


# --- fuzz ---------------------------------------------------------------------------------------

ANY = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**19, 10**19), st.text(max_size=6),
                             st.floats(allow_nan=False, allow_infinity=False),
                             st.sampled_from(["pack.a", "pack.b", "<=3", ">=4", "1-6", "dr", "DR", "d66", "chart",
                                              "X"])),
                   lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner,
                                                                                      max_size=3)), max_leaves=6)
ROW_KEYS = st.sampled_from(["roll", "result", "results", "then", "key"])
MOD_KEYS = st.sampled_from(["name", "label", "value", "per", "round", "max", "input", "chart", "die", "columns"])
TABLE_KEYS = st.sampled_from(["id", "title", "rule", "roll", "columns", "key", "notes", "source"])


@st.composite
def packs(draw):
    """Two good tables, then a few of their values replaced by anything TOML can hold."""
    tables = [dict(GOOD), dict(OTHER)]
    for _ in range(draw(st.integers(1, 4))):
        table = tables[draw(st.integers(0, 1))]
        where = draw(st.sampled_from(["table", "row", "modifier"]))
        value = draw(ANY)
        if where == "table":
            table[draw(TABLE_KEYS)] = value
        else:
            items = [dict(i) for i in table["row" if where == "row" else "modifier"]]
            items[draw(st.integers(0, len(items) - 1))][draw(ROW_KEYS if where == "row" else MOD_KEYS)] = value
            table["row" if where == "row" else "modifier"] = items
    tables = [{k: v for k, v in t.items() if v is not None} for t in tables]
    return draw(st.one_of(st.just(tables), ANY.filter(lambda v: v is not None)))


def _no_none(value) -> bool:
    if isinstance(value, list):
        return all(_no_none(v) for v in value)
    if isinstance(value, dict):
        return all(_no_none(v) for v in value.values())
    return value is not None


@given(packs())
def test_damaged_packs(tmp_path_factory, tables):
    folder = tmp_path_factory.mktemp("pack")
    if not _no_none(tables):
        return  # TOML has no null
    (folder / "t.toml").write_text(pack_text(tables))
    checked(folder)
