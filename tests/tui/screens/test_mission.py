"""The Mission screen: a mission from set-up to its end as a player drives it (Textual's pilot); its SVG
snapshots are in tests/tui/test_snapshots.py."""

from solo.core.store import EventLog
from solo.games import run_mission
from solo.tui.app import SoloApp
from solo.tui.saves import remember, saves_dir
from solo.tui.screens.mission import MissionScreen
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
