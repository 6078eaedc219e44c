"""The app driven as a player drives it (Textual's pilot): a mission from set-up to its end, a whole RePh as the
Russian, the tables, help, and reopening where the player left off."""

import pytest

from solo.tui.app import SoloApp
from solo.tui.campaign import CampaignScreen
from solo.tui.mission import MissionScreen
from solo.tui.tables import TablesScreen

ANSWERS = {"purchase": "I2, I1", "recon": "1", "facts": "lvp = 2, russian_cvp = 18, german_cvp = 30",
           "battle_harden": "none", "leader_hardening": "roll", "escape": "none", "removal": "none",
           "fortifications": "none", "free_prisoners": "no", "abandon": "none"}
RE_ANSWERS = {"counterattack_s": "none", "counterattack_units": "none", "minefield": "no", "broken": "no"}


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("SOLO_VASL_BOARDS", "")


async def _type(pilot, text: str) -> None:
    await pilot.press(*text)
    await pilot.press("enter")


async def _settle(pilot, screen) -> None:
    for _ in range(200):
        await pilot.pause(0.05)
        if not any(w.is_running for w in screen.workers):
            return


async def test_a_mission_from_set_up_to_mission_end():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await _type(pilot, "7")  # the seed; Enter sets the mission up
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MissionScreen)
        await pilot.press("p")
        await _type(pilot, "3")
        await _settle(pilot, screen)
        assert len(screen.outcome.mission.s) == 3
        await pilot.press("a")
        await _type(pilot, "1 vpo")
        await _settle(pilot, screen)
        assert screen.outcome.mission.s[0].status == "activated"
        for _ in range(40):
            m = screen.outcome.mission
            if m.ended:
                break
            waiting = screen.outcome.waiting
            if waiting and waiting.key != "action":
                await _type(pilot, RE_ANSWERS[waiting.key])
            else:
                await pilot.press("t")
                await _type(pilot, "vpo_friendly=2 vpo_enemy=3")
            await _settle(pilot, screen)
        m = screen.outcome.mission
        assert m.ended and m.ended["turn"] >= 8 and m.ended["vp"]["enemy"] >= 3


async def _new_campaign(pilot, seed: str):
    """c, a seed, Enter: the Campaign screen of a new campaign."""
    await pilot.press("c")
    await pilot.pause()
    await _type(pilot, seed)
    await pilot.pause()
    return pilot.app.screen


async def test_a_whole_reph_as_the_russian():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_campaign(pilot, "11")
        assert isinstance(screen, CampaignScreen)
        seen = []
        for _ in range(40):
            c, q = screen.outcome.campaign, screen.outcome.waiting
            if c.date == "23PM" and c.stage == "scenario":
                break
            if q is None:
                await pilot.press("ctrl+n")
            else:
                seen.append(q.key)
                await _type(pilot, ANSWERS.get(q.key, ""))
            await _settle(pilot, screen)
        c = screen.outcome.campaign
        assert c.date == "23PM" and c.stage == "scenario", seen
        assert {"purchase", "recon", "facts"} <= set(seen)
        assert c.sides["Russian"].roster["23PM"].total > 0


async def test_bad_input_is_one_line_and_loses_nothing():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_campaign(pilot, "3")
        await _type(pilot, "I1, I1, I1")
        await _settle(pilot, screen)
        error = str(screen.query_one("#error").render())
        assert "CG Date Max is 2" in error and screen.outcome.waiting.key == "purchase"


async def test_tables_help_and_reopening_where_the_player_was():
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TablesScreen)
        await pilot.press("slash")
        await _type(pilot, "escape")
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause()
        assert "keys" in str(app.screen.query_one("#help").render())
        await pilot.press("escape")
        path = (await _new_campaign(pilot, "5")).path
    again = SoloApp()
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, CampaignScreen) and again.screen.path == path


async def test_a_broken_save_is_one_line_and_the_app_stays_on_home(tmp_path):
    from solo.tui.app import HomeScreen
    from solo.tui.saves import remember, saves_dir
    broken = saves_dir() / "broken.db"
    broken.write_bytes(b"not a save" * 100)
    remember(broken)
    app = SoloApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_votg_purchase_prompt_shows_its_bracketed_example(tmp_path, monkeypatch):
    # The engine's words are shown as plain text: an answers-file example such as ["I2 reserve dummies=5"] once
    # crashed the screen as markup.
    from pathlib import Path

    from solo.campaign.engine import start_meta
    from solo.core.store import EventLog
    from solo.games import run_campaign as run
    from solo.rules import default_catalog
    monkeypatch.setenv("SOLO_CONFIG", str(Path(__file__).parents[1] / "fixtures" / "packs" / "votg"))
    default_catalog.cache_clear()
    path = tmp_path / "votg.db"
    run(EventLog.create(path, start_meta("votg", "I", "russian") | {"seed": 1}))
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_save(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen) and screen.outcome.waiting.key == "purchase"
        shown = str(screen.query_one("#prompt").render())
        assert 'purchase = ["I1", "I2 reserve dummies=5", "A1 onmap"]' in shown
    default_catalog.cache_clear()
