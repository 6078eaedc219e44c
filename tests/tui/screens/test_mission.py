"""The Mission screen: a mission from set-up to its end as a player drives it (Textual's pilot); its SVG
snapshots are in tests/tui/test_snapshots.py."""

import pytest

from solo.core.store import EventLog
from solo.games import run_mission
from solo.tui.app import SoloApp
from solo.tui.saves import remember, saves_dir
from solo.tui.screens.mission import MissionScreen
from solo.tui.widgets.map_view import MapView
from tests.conftest import VASL_BOARDS
from tests.tui.conftest import new_save, no_cli_text, settle, type_line

RE_ANSWERS = {"counterattack_s": "none", "counterattack_units": "none", "minefield": "no", "broken": "no"}


async def test_a_mission_from_set_up_to_mission_end():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await new_save(pilot, "m", "7")  # the seed; Enter sets the mission up
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MissionScreen)
        await pilot.press("p")
        await type_line(pilot, "3")
        await settle(pilot, screen)
        assert len(screen.outcome.mission.s) == 3
        await pilot.press("a")
        await type_line(pilot, "1 vpo")
        await settle(pilot, screen)
        assert screen.outcome.mission.s[0].status == "activated"
        for _ in range(40):
            m = screen.outcome.mission
            if m.ended:
                break
            no_cli_text(app)
            waiting = screen.outcome.waiting
            if waiting and waiting.key != "action":
                await type_line(pilot, RE_ANSWERS[waiting.key])
            else:
                await pilot.press("t")
                await type_line(pilot, "vpo_friendly=2 vpo_enemy=3")
            await settle(pilot, screen)
        m = screen.outcome.mission
        assert m.ended and m.ended["turn"] >= 8 and m.ended["vp"]["enemy"] >= 3


async def test_a_known_minefield_and_the_s_under_the_map_cursor():
    """Every mission action has a key (issue 23.1): k for an OtO-S1 Known minefield; a activates the S? under the map
    cursor when there is one."""
    path = saves_dir() / "bto.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 4, "vasl_boards": None})
    run_mission(EventLog.open(path))
    run_mission(EventLog.open(path), {"action": {"do": "place", "count": 0, "hexes": ["M12", "P9"]}})
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("k")
        await type_line(pilot, "A26")
        await settle(pilot, screen)
        assert any("A26" in e["text"] for e in screen.outcome.mission.record if "inefield" in e["rule"] + e["text"])
        screen.cursor_hex = "P9"
        await pilot.press("a")
        await type_line(pilot, "2")
        await settle(pilot, screen)
        assert {s.id: s.status for s in screen.outcome.mission.s} == {"S1": "hidden", "S2": "activated"}


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
async def test_the_cross_roads_played_on_the_hex_map(monkeypatch):
    """Issue 15.5: the FRIENDLY units enter and move with keys, and the ENEMY's waiting moves are confirmed with one;
    the map shows both sides' units."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = saves_dir() / "roads.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(2):
            await pilot.press("n")
            await settle(pilot, screen)
        assert screen.outcome.mission.phase == "FRIENDLY MPh"
        screen.cursor_hex = "33Q1"
        await pilot.press("e")
        await type_line(pilot, "5-2-7 5-2-7 LMG")
        await settle(pilot, screen)
        assert [u.hex for u in screen.outcome.mission.units if u.side == "FRIENDLY"] == ["33Q1"] * 3
        view = screen.query_one("#mapview", MapView)
        view.place_cursor("33Q1")
        await pilot.press("down")  # the cursor's hex is told to the screen when it moves
        await pilot.press("up")
        await pilot.press("m")  # the stack under the cursor; the arrows trace its path, Enter moves it
        for key in ("down", "down", "down", "up", "down"):  # 33Q2 33Q3 33Q4, back to 33Q3, then 33Q4 again
            await pilot.press(key)
        assert screen.tracing["path"] == ["33Q1", "33Q2", "33Q3", "33Q4"]
        await pilot.press("enter")
        await settle(pilot, screen)
        assert screen.outcome.mission.unit("F3").hex == "33Q4"  # the LMG with its owner
        assert screen.outcome.mission.unit("F1").hex == "33Q4"
        assert view.markers["33Q4"] == "F"
        while not screen.outcome.mission.pending and screen.outcome.mission.turn == 1:
            await pilot.press("n")
            await settle(pilot, screen)
        pending = {p["unit"]: p["path"][-1] for p in screen.outcome.mission.pending}
        assert pending and view.paths
        no_cli_text(app)
        await pilot.press("c")
        await type_line(pilot, "")
        await settle(pilot, screen)
        assert not screen.outcome.mission.pending
        assert {u: screen.outcome.mission.unit(u).hex for u in pending} == pending


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
async def test_the_mission_follows_a_vasl_game_in_the_app(monkeypatch, tmp_path):
    """Issue 19.4: `v` reads the player's VASL game; its counters come onto the mission's map."""
    from solo.vasl.game import read_game
    from tests.sasl.test_map_play import _to
    from tests.sasl.test_vasl_sync import BOARDS, counter
    from tests.vasl.saves import make_save
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = saves_dir() / "followed.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    _to(path, "FRIENDLY MPh")  # where units enter (issue 37: one put on the map in the RPh is held back)
    remember(path)
    game = read_game(make_save(tmp_path / "g.vsav", [BOARDS, counter(1, "ru", "ru527S", "5-2-7 1sq")]), VASL_BOARDS)
    game.move("1", "33Q1")
    game.write(tmp_path / "g1.vsav")
    app = SoloApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("v")
        await type_line(pilot, str(tmp_path / "g1.vsav"))
        await settle(pilot, screen)
        assert [(u.id, u.type, u.hex) for u in screen.outcome.mission.units if u.side == "FRIENDLY"] == [
            ("F1", "5-2-7", "33Q1")]
        no_cli_text(app)


@pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")
async def test_the_mission_screen_shows_the_oob_the_vpo_and_the_whole_record(monkeypatch):
    """Issue 35: the log showed the last 60 record lines (an OtO-S2 set-up has about 100: its first lines, the OoB and
    the VPO, could never be seen), and every VPO under an S? showed "?" alone. The OoB panel, each VPO with who controls
    it beside its hex even under an S?, and the set-up's first record line."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = saves_dir() / "roads.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 3, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        m = screen.outcome.mission
        assert len(m.record) > 60
        oob = str(screen.query_one("#oob").render())
        assert "OoB off the map" in oob and "5-2-7 x6" in oob and "North edge" in oob and "FBE" in oob
        vpo = [v["hex"] for v in m.boards["vpo"]]
        under = next(h for h in vpo if any(s.where == h and s.status == "hidden" for s in m.s))
        view = screen.query_one("#mapview", MapView)
        assert view.markers[under] == "?" and view.vpo[under] == "ENEMY"  # the S? and the VPO, both shown
        rendered = view.render().plain
        assert rendered.count("?V") >= 1
        assert under in str(screen.query_one("#vpo").render()) and "ENEMY" in str(screen.query_one("#vpo").render())
        log = screen.query_one("#log")
        assert len(log.lines) >= len(m.record)
        assert m.record[0]["text"][:30] in "".join(seg.text for seg in log.lines[0])
