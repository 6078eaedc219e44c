"""The Mission screen's VASL sync (v, issue 37): a saved game whose name has spaces and quotes, its boards checked,
what VASL lacks yet shown, and the ENEMY written into a copy."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.tui.app import SoloApp
from solo.tui.saves import remember, saves_dir
from solo.tui.screens.mission import MissionScreen, vasl_files
from solo.vasl.game import read_game
from tests.conftest import VASL_BOARDS
from tests.tui.conftest import settle, type_line
from tests.vasl.saves import VASL_SAVES, make_module

pytestmark = pytest.mark.skipif(not (VASL_SAVES.is_dir() and VASL_BOARDS.is_dir()),
                                reason="../shared/vasl-saves or ../shared/vasl-boards is not beside the checkout")


def test_file_names_typed_in_the_form(tmp_path):
    game = tmp_path / "Hill 621 (Scenario E).vsav"
    game.write_bytes(b"")
    assert vasl_files(str(game)) == [game]
    assert vasl_files(f"{game} {tmp_path}/my copy.vsav") == [game, tmp_path / "my copy.vsav"]
    assert vasl_files(f"'{tmp_path}/it\"s.vsav' \"{tmp_path}/out put.vsav\"") == [
        tmp_path / 'it"s.vsav', tmp_path / "out put.vsav"]
    assert vasl_files(f"{tmp_path}/it's mine.vsav") == [tmp_path / "it's mine.vsav"]


async def test_sync_from_the_app(tmp_path, monkeypatch):
    from solo.sasl.vasl import write_set_up
    from solo.vasl.definitions import read_module
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    monkeypatch.setenv("SOLO_VASL_MODULE", str(make_module(tmp_path / "t.vmod")))
    path = saves_dir() / "roads.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    m = run_mission(EventLog.open(path), {"entry_edge": "North"}).mission
    game = tmp_path / "The \"Cross\" Roads (Scenario S2).vsav"
    write_set_up(m, "German", VASL_BOARDS, read_module(tmp_path / "t.vmod"), game)
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MissionScreen)
        await pilot.press("v")
        await type_line(pilot, f"{VASL_SAVES}/Hill 621 (Scenario E).vsav")
        await settle(pilot, screen)
        assert "not the mission's" in str(screen.query_one("#error").render())
        screen.query_one("#form-input").value = ""  # the form stays open with what was typed: typed again
        await type_line(pilot, f"{game} {tmp_path}/enemy copy.vsav")
        await settle(pilot, screen)
        said = " ".join(str(n.message) for n in app._notifications)
        assert "wrote" in said and (tmp_path / "enemy copy.vsav").is_file()
        assert read_game(tmp_path / "enemy copy.vsav", VASL_BOARDS).boards


async def test_the_app_follows_the_game_it_synced(tmp_path, monkeypatch):
    """`v` with a game not there yet writes the mission into it; once synced, the game is followed: the player saves
    in VASL (a 5-2-7 put on the North edge in the FRIENDLY MPh) and the screen syncs it without a key."""
    from solo.vasl.definitions import read_module
    from tests.sasl.test_map_play import _to
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    module = make_module(tmp_path / "t.vmod")
    monkeypatch.setenv("SOLO_VASL_MODULE", str(module))
    path = saves_dir() / "roads.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    m = run_mission(EventLog.open(path), {"entry_edge": "North"}).mission
    game = tmp_path / "roads game.vsav"
    _to(path, "FRIENDLY MPh")
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("v")
        await type_line(pilot, str(game))
        await settle(pilot, screen)
        g = read_game(game, VASL_BOARDS)
        assert sorted(p.hex for p in g.pieces if p.name == "?") == sorted(s.where for s in m.s)
        where = next(h for h in ("33C1", "33E1", "33G1") if not any(s.where == h for s in m.s))
        g.add(read_module(module).find("5-2-7", "Russian").added, where)
        g.write(tmp_path / "next.vsav")
        (tmp_path / "next.vsav").replace(game)  # VASL saves over the game
        for _ in range(60):
            await pilot.pause(0.1)
            if any(u.side == "FRIENDLY" for u in screen.outcome.mission.units):
                break
        await settle(pilot, screen)
        assert [(u.type, u.hex) for u in screen.outcome.mission.units if u.side == "FRIENDLY"] == [("5-2-7", where)]


async def test_new_mission_writes_its_vasl_game_and_follows_it(tmp_path, monkeypatch):
    """Issue 37.2: the New mission dialog writes the mission's VASL game (a name with spaces and quotes) as `mission
    new --vasl` does: read back, its boards where VASL lays them and every S? on its hex; the Mission screen follows
    it from the start. A game in a folder that is not there, or a module that is not one, is one line in the dialog,
    and nothing is created; the module typed in the dialog is the player's setting from then on."""
    from solo.tui.dialogs.new_mission import NewMission
    from solo.vasl.savefile import stamp
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    monkeypatch.delenv("SOLO_VASL_MODULE", raising=False)
    module = make_module(tmp_path / "t.vmod")
    game = tmp_path / "Cross Roads \"S2\" (it's mine).vsav"
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#which").value = "oto-s2"
        dialog.query_one("#vasl-game").value = str(tmp_path / "nowhere" / "g.vsav")
        dialog.query_one("#name").value = "roads"
        dialog.query_one("#seed").focus()
        await type_line(pilot, "7")
        await settle(pilot, dialog)
        error = str(dialog.query_one("#error").render())
        assert isinstance(app.screen, NewMission) and "there is no folder" in error and "\n" not in error
        assert not (saves_dir() / "roads.db").exists() and not list(tmp_path.glob("**/*.vsav"))
        dialog.query_one("#vasl-game").value = str(game)
        dialog.query_one("#vasl-module").value = str(VASL_BOARDS)  # a folder, not a module
        dialog.query_one("#seed").focus()
        await pilot.press("enter")
        await settle(pilot, dialog)
        error = str(dialog.query_one("#error").render())
        assert isinstance(app.screen, NewMission) and "\n" not in error and not game.exists()
        dialog.query_one("#vasl-module").value = str(module)
        await pilot.press("enter")
        await settle(pilot, app.screen)
        screen = app.screen
        assert isinstance(screen, MissionScreen) and screen.linked == (game, stamp(game))  # followed from now on
    assert f'vasl_module = "{module}"' in (tmp_path / "config" / "config.toml").read_text()
    m = run_mission(EventLog.open(saves_dir() / "roads.db"), frozen=True).mission
    g = read_game(game, VASL_BOARDS)
    assert [(b.label, b.spec.column, b.spec.row) for b in g.boards] == [
        (board, 0, row) for row, board in enumerate(m.boards["boards"])]
    qmarks = sorted(p.hex for p in g.pieces if p.name == "?" and p.side == "German")
    assert qmarks == sorted(s.where for s in m.s if s.status == "hidden") and len(qmarks) == len(m.s) > 40
