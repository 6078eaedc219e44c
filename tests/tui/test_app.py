"""The app driven as a player drives it (Textual's pilot): the tables, help, reopening where the player left off,
and a broken save."""

from solo.tui.app import SoloApp
from solo.tui.screens.campaign import CampaignScreen
from solo.tui.screens.help import HelpScreen
from solo.tui.screens.tables import TablesScreen
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
