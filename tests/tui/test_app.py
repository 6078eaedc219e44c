"""The app driven as a player drives it (Textual's pilot): the tables, help, reopening where the player left off,
and a broken save."""

import json
import re
import sqlite3

import pytest
from textual.widgets import DataTable, RichLog, Static

from solo.core.store import EventLog
from solo.games import run_campaign
from solo.tui.app import SoloApp
from solo.tui.screens.campaign import CampaignScreen
from solo.tui.screens.help import HelpScreen
from solo.tui.screens.tables import TablesScreen
from tests.campaign.test_secrets import _buys_the_secret_kinds, human_save
from tests.tui.conftest import new_campaign, type_line


async def test_tables_help_and_reopening_where_the_player_was():
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TablesScreen)
        await pilot.press("slash")
        await type_line(pilot, "escape")
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        path = (await new_campaign(pilot, "5")).path
    again = SoloApp()
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, CampaignScreen) and again.screen.path == path


async def test_a_broken_save_is_one_line_and_the_app_stays_on_home(tmp_path):
    from solo.tui.saves import remember, saves_dir
    from solo.tui.screens.home import HomeScreen
    broken = saves_dir() / "broken.db"
    broken.write_bytes(b"not a save" * 100)
    remember(broken)
    app = SoloApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_command_palette_runs_the_keys_of_the_screen_you_are_on():
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_line(pilot, "modifiers")
        await pilot.pause(0.3)
        assert isinstance(app.screen, TablesScreen) and app.focused.id == "mods"


async def test_the_campaign_screen_shows_none_of_the_computer_s_secrets(tmp_path):
    """Issue 21 (OtO2 7.518, 7.5195, 7.520, CG10): the Campaign screen's Record, CG Roster and RG Purchase Record tabs
    show the human Russian neither the German's OBA modules (ammunition, pre-registered hexes), observers and aircraft,
    nor its mines and Dummies, nor its CPP and purchases (the save of a simulation, seed 6, whose German buys the
    secret kinds on 23PM, given a human Russian)."""
    path = tmp_path / "orsha.db"
    log = EventLog.create(str(path), {"cg": "oto2", "human": "none", "seed": 6})
    deciders = {"German": _buys_the_secret_kinds}
    run_campaign(log, deciders=deciders)
    german = run_campaign(log, deciders=deciders).campaign.sides["German"]
    secrets = [u.id for u in german.units if u.secret] + [f.label for f in german.fortifications if f.secret]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'human'", (json.dumps("Russian"),))
    app = SoloApp(resume=False)
    async with app.run_test(size=(160, 50)) as pilot:
        app.open_save(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen) and screen.outcome.campaign.human == "Russian"
        shown = [str(line.text) for line in screen.query_one("#decisions", RichLog).lines]
        for table in (screen.query_one("#roster", DataTable), screen.query_one("#purchases", DataTable)):
            shown += [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
        shown = "\n".join(shown)
        assert secrets and not [s for s in secrets if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", shown)]
        assert "German buys" not in shown and "German set-up: AP Mine" not in shown
        assert "German spends" not in shown and "ammo" not in shown
        purchases = screen.query_one("#purchases", DataTable)
        assert purchases.row_count and not [r for r in range(purchases.row_count)
                                            if str(purchases.get_row_at(r)[0]) == "German"]


@pytest.mark.parametrize("cg,human", [("rb", "Russian"), ("votg", "Russian"), ("abtf", "British")])
async def test_the_campaign_screen_gives_no_reason_of_the_computer_s_chit(pack, tmp_path, monkeypatch, cg, human):
    """Issue 21 (RB 11.623, VotG 12.625, ABtF 9.6213): once the chits are revealed the Campaign screen shows the
    computer's chit, never its reasons, whose odds count its secret OBA, Bombardments and aircraft: not in the Record,
    the tabs, the chart or the prompt (the reasons reach the human at the CG End)."""
    pack(cg)
    path = tmp_path / f"{cg}.db"
    whys = human_save(path, cg, human, monkeypatch, scenarios=2)
    app = SoloApp(resume=False)
    async with app.run_test(size=(160, 50)) as pilot:
        app.open_save(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen) and screen.outcome.campaign.history
        shown = [str(line.text) for line in screen.query_one("#decisions", RichLog).lines]
        shown += [str(w.render()) for w in screen.query(Static)]
        for table in screen.query(DataTable):
            shown += [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
        shown = "\n".join(shown)
        assert whys and "chits revealed" in shown
        assert "scores" not in shown and not re.search(r"odds \d|strength \d", shown)
        assert not [why for why in whys if why in shown]
