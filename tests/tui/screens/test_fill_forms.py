"""The guided forms of the tables the texts lack (issue 38.1): RB, VotG and ABtF start from Home with every table
typed into its form (here the TEST packs' invented values, tests/fixtures/packs), a refused cell that keeps the rest,
a draft that outlives the form, and the first purchase played through."""

import tomllib
from pathlib import Path

import pytest

from solo.rules import default_catalog
from solo.rules.fill import draft_path
from solo.tui.app import SoloApp
from solo.tui.dialogs.fill_table import FillTable
from solo.tui.screens.campaign import CampaignScreen
from tests.tui.conftest import settle, type_line

PACKS = Path(__file__).parents[2] / "fixtures" / "packs"


def pack_of(cg: str) -> dict:
    return {t["id"]: t for t in tomllib.loads((PACKS / cg / "tables" / f"{cg}.toml").read_text())["table"]}


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "config"))
    default_catalog.cache_clear()
    yield tmp_path / "config"
    default_catalog.cache_clear()


async def fill(pilot, form: FillTable, table: dict, variant: str, typed: bool) -> None:
    """The TEST pack's rows into the form: each row found in the list (or added with ctrl+n and its key typed),
    each cell typed (``typed``) or set, a CG Day picked."""
    columns = table.get("columns") or ["result"]
    for row in table["row"]:
        key = str(row.get("key") or row["roll"])
        if form.shape.key == "Variant" and key != variant:
            continue  # a CG card's other CGs are left empty
        keys = [r[0] for r in form.rows]
        if key in keys:
            form._show(keys.index(key))
        else:
            await pilot.press("ctrl+n")
            await pilot.press(*key)
        await pilot.pause()
        values = row.get("results") or {"result": row.get("result")}
        for i, column in enumerate(columns):
            cell, value = form.query_one(f"#cell-{i}"), str(values.get(column, ""))
            if hasattr(cell, "cursor_position"):
                cell.focus()
                if typed:
                    cell.value = ""
                    await pilot.press(*value) if value else None
                else:
                    cell.value = value
            else:
                cell.value = value  # the CG Day picker
        await pilot.pause()


async def start_campaign(pilot, app, cg: str, variant: str, human: str):
    """Home, c, the CG and side chosen, Start, then every table's form in turn; the Campaign screen."""
    pack = pack_of(cg)
    await pilot.press("c")
    await pilot.pause()
    dialog = app.screen
    dialog.query_one("#cg").value = f"{cg}|{variant}"
    await pilot.pause()
    dialog.query_one("#human").value = human
    listed = str(dialog.query_one("#needs").render())
    assert f"{cg}.cg_start" in listed and f"{cg}.rg_chart_german" in listed
    dialog.query_one("#seed").focus()
    await type_line(pilot, "7")
    filled, refused = [], False
    for _ in range(12):
        await pilot.pause(0.1)
        form = app.screen
        if not isinstance(form, FillTable):
            break
        if form.table_id not in pack:
            await pilot.press("ctrl+l")  # not needed to start, and not in the TEST pack: later
            continue
        filled.append(form.table_id)
        table = pack[form.table_id]
        if form.table_id.endswith("cg_start") and not refused:  # a refused cell, then the app closed: nothing lost
            await fill(pilot, form, table, variant, typed=True)
            elr = form.query_one("#cell-2")  # German ELR: a whole number
            elr.focus()
            elr.value = ""
            await pilot.press("x")
            await pilot.pause()
            assert "a whole number" in str(form.query_one("#error").render()) and "refused" in elr.classes
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, FillTable) and "German ELR" in str(form.query_one("#error").render())
            refused = True
            await pilot.press("escape")  # cancel (as if the app were closed): the draft keeps every cell
            await pilot.pause()
            assert draft_path(form.table_id).exists()
            app.screen.query_one("#seed").focus()
            await pilot.press("enter")
            await pilot.pause(0.1)
            form = app.screen
            assert isinstance(form, FillTable) and form.table_id == table["id"]
            row = next(r for r in form.rows if r[0] == variant)
            given = next(r for r in table["row"] if r["key"] == variant)["results"]
            assert row[1:] == [str(given[c]) if c != "German ELR" else "x" for c in table["columns"]]
            form._show(form.rows.index(row))
            await pilot.pause()
            form.query_one("#cell-2").value = str(given["German ELR"])
        else:
            await fill(pilot, form, table, variant, typed=False)
        await pilot.press("ctrl+s")
        await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    return app.screen, filled


async def purchase_through(pilot, screen) -> None:
    """The first purchase: the first RG the pick-list offers, then on to the next question."""
    for _ in range(30):
        q = screen.outcome.waiting
        if q is not None and q.key == "purchase" and q.side == screen.outcome.campaign.human:
            break
        if q is None:
            await pilot.press("ctrl+n")
        else:
            screen.query_one("#answer").focus()
            await type_line(pilot, "")
        await settle(pilot, screen)
    q = screen.outcome.waiting
    assert q is not None and q.key == "purchase", (q and q.key, str(screen.query_one("#error").render()))
    picks = screen.query_one("#picks")
    picks.focus()
    picks.highlighted = 0
    await pilot.press("enter")
    screen.query_one("#answer").focus()
    await pilot.press("enter")
    await settle(pilot, screen)


@pytest.mark.parametrize("cg, variant, human", [("rb", "I", "Russian"), ("votg", "I", "Russian"),
                                                ("abtf", "I", "British")])
async def test_a_campaign_starts_from_home_through_the_forms(cg, variant, human, config):
    app = SoloApp(resume=False)
    async with app.run_test(size=(160, 50)) as pilot:
        screen, filled = await start_campaign(pilot, app, cg, variant, human)
        assert isinstance(screen, CampaignScreen), (filled, app.screen)
        assert f"{cg}.cg_start" in filled and not list((config / "drafts").glob("*.csv"))
        await purchase_through(pilot, screen)
        for _ in range(10):  # a table the purchase needs (RB's Company SW chart) opens its form, and the step goes on
            if not isinstance(app.screen, FillTable):
                break
            form = app.screen
            await fill(pilot, form, pack_of(cg)[form.table_id], variant, typed=False)
            await pilot.press("ctrl+s")
            await settle(pilot, screen)
        assert app.screen is screen
        bought = [p for p in screen.outcome.campaign.sides[human].purchases if not p.given]
        assert bought and screen.outcome.waiting is None or screen.outcome.waiting.key != "purchase" or \
            screen.outcome.waiting.side != human, str(screen.query_one("#error").render())


async def test_the_csv_view_keeps_each_row_on_its_line_and_a_draft_outlives_the_app(config):
    """The CSV editor never wraps (Down from the header lands on the first row); what was typed in the form is back
    after the app is closed and opened again; a filled table is written out and read back in."""
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(FillTable("rb.cg_start"))
        await pilot.pause()
        form = app.screen
        form._show([r[0] for r in form.rows].index("II"))
        form.query_one("#cell-2").value = "4"
        await pilot.press("ctrl+t")
        await pilot.pause()
        area = form.query_one("#fill-csv")
        assert not area.soft_wrap and area.text.splitlines()[0].startswith("Variant,First Day,Last Day,German ELR")
        area.move_cursor((0, 0))
        await pilot.press("down")
        assert area.cursor_location[0] == 1 and area.document.get_line(1).startswith("I,")
        await pilot.press("ctrl+t")
        await pilot.pause()
        form.query_one("#fill-path").value = str(config / "card.csv")
        await pilot.click("#fill-export")
        await pilot.pause()
        assert "II,,,4," in (config / "card.csv").read_text()
    again = SoloApp(resume=False)
    async with again.run_test(size=(100, 40)) as pilot:
        again.push_screen(FillTable("rb.cg_start"))
        await pilot.pause()
        form = again.screen
        assert next(r for r in form.rows if r[0] == "II")[3] == "4"
        assert "draft" in str(form.query_one("#error").render())
        form.query_one("#cell-2").value = ""
        form.query_one("#fill-path").value = str(config / "card.csv")
        await pilot.click("#fill-import")
        await pilot.pause()
        assert next(r for r in form.rows if r[0] == "II")[3] == "4"


async def test_a_table_nothing_describes_is_built_first_then_filled(config):
    """VotG's HW & MOL-P weapons (12.6223): the player says how it is built, then fills its rows in the form."""
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(FillTable("votg.hw_mol_p_weapons"))
        await pilot.pause()
        form = app.screen
        assert form.shape is None and "nothing says how it is built" in str(form.query_one("#error").render())
        form.query_one("#fill-roll").value = "chart"
        form.query_one("#fill-key").value = "Platoon"
        form.query_one("#fill-columns").value = "Weapons"
        await pilot.click("#fill-make")
        await pilot.pause()
        assert form.shape.header == ["Platoon", "Weapons"] and not form.query_one("#fill-csv").display
        form.query_one("#fill-row-key").value = "HW"
        form.query_one("#cell-0").value = "HMG, MMG"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form and (config / "tables" / "votg.hw_mol_p_weapons.toml").exists()
