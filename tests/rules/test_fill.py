"""`solo tables fill` (issue 23.5): a table the texts lack is typed in from the player's rulebook without writing
TOML. solo builds its structure, the player gives the values (here the TEST pack's invented values, typed as CSV),
the result is checked before it is kept, and Red Barricades then starts with it."""

import csv
import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

RB_PACK = Path(__file__).parents[1] / "fixtures" / "packs" / "rb" / "tables" / "rb.toml"


@pytest.fixture
def solo(tmp_path):
    def run(*args, stdin=""):
        env = {**os.environ, "SOLO_CONFIG": str(tmp_path / "config"), "SOLO_CACHE": str(tmp_path / "cache")}
        return subprocess.run([sys.executable, "-m", "solo.cli", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, input=stdin)
    return run


def as_csv(table: dict) -> str:
    """A table of the TEST pack as the player would type it under `solo tables fill ID --template`'s header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    columns = table.get("columns", [])
    writer.writerow([table.get("key") or "roll", *(columns or ["result"])])
    for row in table["row"]:
        cells = [row["results"].get(c, "") for c in columns] if columns else [row["result"]]
        writer.writerow([row.get("key") or row["roll"], *cells])
    return out.getvalue()


def test_red_barricades_starts_once_its_tables_are_filled_in(solo, tmp_path):
    refused = solo("cg", "new", "rb", "--variant", "I", "--save", "rb.db")
    assert refused.returncode == 2 and "solo tables fill rb." in refused.stderr
    for table in tomllib.loads(RB_PACK.read_text())["table"]:
        template = solo("tables", "fill", table["id"], "--template")
        assert template.returncode == 0, template.stderr
        assert template.stdout.splitlines()[0] == as_csv(table).splitlines()[0]  # the header solo built is the pack's
        (tmp_path / "t.csv").write_text(as_csv(table))
        out = solo("tables", "fill", table["id"], "--csv", "t.csv")
        assert out.returncode == 0 and "saved in your table pack" in out.stdout, out.stderr
    assert solo("tables", "check").returncode == 0
    started = solo("cg", "new", "rb", "--variant", "I", "--save", "rb.db")
    assert started.returncode == 0, started.stderr


def test_typed_at_the_prompt_and_a_bad_value_refused_with_the_pack_unchanged(solo, tmp_path):
    # ABtF Walking Wounded (9.6102) is a dr table: rows by roll range, one result each.
    out = solo("tables", "fill", "abtf.walking_wounded", stdin="1-3\nRecovers\n4-6\nStays wounded\n\n")
    assert out.returncode == 0, out.stderr
    saved = tomllib.loads((tmp_path / "config" / "tables" / "abtf.walking_wounded.toml").read_text())["table"][0]
    assert saved["roll"] == "dr" and [r["roll"] for r in saved["row"]] == ["1-3", "4-6"]
    before = (tmp_path / "config" / "tables" / "abtf.walking_wounded.toml").read_bytes()
    out = solo("tables", "fill", "abtf.walking_wounded", stdin="1-2\nRecovers\n\n")  # 3-6 left uncovered
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert (tmp_path / "config" / "tables" / "abtf.walking_wounded.toml").read_bytes() == before


@pytest.mark.parametrize("args, message", [
    (("oto2.escape",), "not a table the texts lack"),
    (("sasl.a9d",), "nothing says how it is built"),
    (("rb.cg_start", "--csv", "nope.csv"), "cannot read it"),
])
def test_bad_fills_are_one_line(solo, args, message):
    out = solo("tables", "fill", *args)
    assert out.returncode == 2 and message in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_tables_list_missing_names_every_table_a_campaign_will_need(solo):
    """Issue 38: the Company SW chart a RB purchase needs (a partial chart of the texts) is listed with the rest, and
    each table a CG needs says so."""
    out = solo("tables", "list", "--missing")
    lines = {line.split()[0]: line for line in out.stdout.splitlines() if line and not line.startswith(" ")}
    for table_id in ("rb.cg_start", "rb.rg_chart_german", "rb.rg_chart_russian", "rb.infantry_company_sw",
                     "rb.leader_table", "rb.oba_module_table", "votg.cg_start", "votg.rg_chart_german",
                     "abtf.cg_start", "abtf.chit_units"):
        assert table_id in lines and "CG needs it" in lines[table_id], table_id
    assert "[the Red Barricades CG needs it]" in lines["rb.infantry_company_sw"]
    assert "CG needs it" not in lines["sasl.a1"]


def test_a_filled_table_is_exported_and_read_in_by_another_player(solo, tmp_path):
    table = next(t for t in tomllib.loads(RB_PACK.read_text())["table"] if t["id"] == "rb.leader_table")
    (tmp_path / "t.csv").write_text(as_csv(table))
    assert solo("tables", "fill", "rb.leader_table", "--csv", "t.csv").returncode == 0
    saved = tomllib.loads((tmp_path / "config" / "tables" / "rb.leader_table.toml").read_text())["table"][0]
    assert {m["name"] for m in saved["modifier"]} == {"depleted", "guards", "rifle-sixth", "rifle-ninth"}  # the texts'
    out = solo("tables", "export", "rb.leader_table", "--to", "shared.csv")
    assert out.returncode == 0 and (tmp_path / "shared.csv").read_text() == as_csv(table)
    assert solo("tables", "export", "rb.moon_chart").returncode == 2
    (tmp_path / "config" / "tables" / "rb.leader_table.toml").unlink()
    assert solo("tables", "fill", "rb.leader_table", "--csv", "shared.csv").returncode == 0


def test_each_cell_is_checked_by_what_its_column_allows():
    from solo.games import CAMPAIGNS
    from solo.rules import default_catalog
    from solo.rules.fill import Allowed, check_cell, check_key, needed, shape_of
    cat = default_catalog()
    shape = shape_of(cat, "rb.cg_start")
    allowed = Allowed(list(CAMPAIGNS["rb"].definition.dates), {"German": ["I1", "A6"], "Russian": ["A3"]})
    assert "not a day of this CG" in check_cell(shape, "First Day", "1", allowed)
    assert check_cell(shape, "First Day", "17 Oct", allowed) == ""
    assert "a whole number" in check_cell(shape, "German ELR", "x", allowed)
    assert "I9 not on the German RG chart" in check_cell(shape, "German RG", "I1, I9", allowed)
    assert check_cell(shape, "Russian RG", "A3", allowed) == ""
    assert "bad range" in check_key(shape_of(cat, "rb.leader_table"), "5-3")
    sw = shape_of(cat, "rb.infantry_company_sw")
    assert sw.known["German Sturm"]["DC"] == 2 and "a whole number" in check_cell(sw, "DC", "two", allowed)
    assert needed(cat, CAMPAIGNS["oto2"].definition.raw) == []
    assert needed(cat, CAMPAIGNS["rb"].definition.raw)[:2] == ["rb.rg_chart_german", "rb.rg_chart_russian"]


def test_each_cell_typed_at_the_prompt_is_checked_and_a_refused_one_asked_again(solo, tmp_path):
    first = ["1", "17 Oct", "21 Oct", "x", "4", "2", "30", "I1, I9", "I1, A6", "3", "4", "25", "A3"]
    out = solo("tables", "fill", "rb.cg_start", stdin="\n".join(first) + "\n" * 62)
    assert out.returncode == 0, out.stderr
    assert "'1' is not a day of this CG" in out.stdout and "'x': a whole number" in out.stdout
    assert "I9 not on the German RG chart (I1, A6)" in out.stdout
    saved = tomllib.loads((tmp_path / "config" / "tables" / "rb.cg_start.toml").read_text())["table"][0]
    assert saved["row"] == [{"key": "I", "results": {
        "First Day": "17 Oct", "Last Day": "21 Oct", "German ELR": 4, "German SAN": 2, "German CPP": 30,
        "German RG": "I1, A6", "Russian ELR": 3, "Russian SAN": 4, "Russian CPP": 25, "Russian RG": "A3"}}]
