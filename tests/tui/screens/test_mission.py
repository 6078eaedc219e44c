"""The Mission screen: a mission from set-up to its end as a player drives it (Textual's pilot); its SVG
snapshots are in tests/tui/test_snapshots.py."""

from solo.tui.app import SoloApp
from solo.tui.screens.mission import MissionScreen
from tests.tui.conftest import new_save, settle, type_line

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
            waiting = screen.outcome.waiting
            if waiting and waiting.key != "action":
                await type_line(pilot, RE_ANSWERS[waiting.key])
            else:
                await pilot.press("t")
                await type_line(pilot, "vpo_friendly=2 vpo_enemy=3")
            await settle(pilot, screen)
        m = screen.outcome.mission
        assert m.ended and m.ended["turn"] >= 8 and m.ended["vp"]["enemy"] >= 3
