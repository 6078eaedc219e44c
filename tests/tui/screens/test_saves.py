"""Home's saves as a Textual user expects: the dialogs open on their first choice (Enter does not start a save with
the defaults), a save can be named, renamed and deleted (after a Yes), Escape cancels a dialog, the list opens on
its first save, and a CG offers only its own sides."""

from solo.tui.app import SoloApp
from solo.tui.dialogs.new_campaign import NewCampaign, side_choices
from solo.tui.screens.campaign import CampaignScreen
from solo.tui.screens.home import HomeScreen
from tests.tui.conftest import saves_listed, type_line


def saves(app) -> list[str]:
    return [str(o.prompt).split()[0] for o in app.screen.query_one("#saves")._options]


async def test_name_rename_and_delete_a_save():
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, NewCampaign) and app.focused.id == "cg"  # Enter opens the list, starts nothing
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # Escape cancelled the dialog
        await pilot.press("c", "tab", "tab")
        await type_line(pilot, "first push")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.screen.path.name == "first-push.db"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)  # Escape cancels a form and nothing else (issue 38)
        await pilot.press("ctrl+b")
        await saves_listed(pilot)
        assert app.focused.id == "saves" and app.focused.highlighted == 0  # Enter opens the last save, not New mission
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("end", *["backspace"] * 20)
        await type_line(pilot, "bad/name")
        assert "use 1-60 letters" in str(app.screen.query_one("#error").render())
        await pilot.press("end", *["backspace"] * 20)
        await type_line(pilot, "orsha")
        await saves_listed(pilot)
        assert saves(app) == ["orsha"]
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("enter")  # the focus starts on "No, keep it"
        await saves_listed(pilot)
        assert saves(app) == ["orsha"]
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await saves_listed(pilot)
        assert saves(app) == ["(no"]


async def test_a_save_name_already_taken_is_refused():
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2):
            await pilot.press("c", "tab", "tab")
            await type_line(pilot, "orsha")
            await pilot.pause()
            if isinstance(app.screen, CampaignScreen):
                await pilot.press("ctrl+b")
                await saves_listed(pilot)
        assert isinstance(app.screen, NewCampaign)
        assert "already a save named orsha" in str(app.screen.query_one("#error").render())


def test_each_campaign_offers_only_its_own_sides():
    assert [v for _, v in side_choices("oto2")] == ["German", "Russian", "none"]
    assert [v for _, v in side_choices("abtf")] == ["German", "British", "none"]


async def test_the_vasl_boards_folder_is_set_in_the_new_mission_dialog(tmp_path, monkeypatch):
    """The app never sends the player to a config file: the New mission dialog takes the VASL boards folder and keeps
    it as the player's setting; a folder that is not there is refused in one line and nothing is created."""
    from solo.board.vasl import boards_folder
    from solo.tui.dialogs.new_mission import NewMission
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "config"))
    boards = tmp_path / "boards"
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("tab", "tab")
        await type_line(pilot, str(tmp_path / "nowhere"))
        await pilot.pause()
        assert isinstance(app.screen, NewMission) and "does not exist" in str(app.screen.query_one("#error").render())
        boards.mkdir()
        app.screen.query_one("#vasl").value = str(boards)
        await pilot.press("enter")
        await pilot.pause()
        assert boards_folder() == boards


async def test_every_field_and_panel_is_one_key_away():
    """Issue 38.5: the New campaign dialog's name and seed, the Tables screen's list, rows and search."""
    from solo.tui.screens.tables import TablesScreen
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        for key, field in (("f2", "name"), ("f3", "seed")):
            await pilot.press(key)
            assert app.focused.id == field
        await pilot.press("escape")
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TablesScreen)
        for key, panel in (("f3", "rows"), ("slash", "search"), ("f2", "tables"), ("f4", "mods")):
            await pilot.press(key)
            await pilot.pause()
            assert app.focused.id == panel, key


async def test_escape_on_a_mission_closes_its_form_and_never_leaves_for_home():
    """Issue 38.5: Escape on an empty form used to leave the mission for Home."""
    from solo.tui.screens.mission import MissionScreen
    from tests.tui.conftest import new_save
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await new_save(pilot, "m", "7")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MissionScreen)
        await pilot.press("p")  # the Place S? form, left empty
        await pilot.pause()
        assert screen.mode == "place"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.mode is None
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
