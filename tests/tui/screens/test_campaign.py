"""The Campaign screen: a whole RePh as the Russian as a player drives it (Textual's pilot), bad input, the engine's
words as plain text; its SVG snapshots are in tests/tui/test_snapshots.py."""

from solo.core.store import EventLog
from solo.tui.app import SoloApp
from solo.tui.screens.campaign import CampaignScreen
from tests.tui.conftest import new_campaign, no_cli_text, saves_listed, settle, type_line

ANSWERS = {"recon": "1",
           "battle_harden": "none", "leader_hardening": "roll", "escape": "none", "removal": "none",
           "fortifications": "none", "free_prisoners": "no", "abandon": "none"}


async def test_a_whole_reph_as_the_russian():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await new_campaign(pilot, "11")
        assert isinstance(screen, CampaignScreen)
        seen = []
        for _ in range(40):
            c, q = screen.outcome.campaign, screen.outcome.waiting
            if c.date == "23PM" and c.stage == "scenario":
                break
            no_cli_text(app)
            if q is None:
                await pilot.press("ctrl+n")
            elif q.key == "purchase":  # the pick-list of the RGs it can still take
                seen.append(q.key)
                picks = screen.query_one("#picks")
                picks.focus()
                for rg in ("I2", "I1"):
                    picks.highlighted = [o.id for o in picks._options].index(rg)
                    await pilot.press("enter")
                screen.query_one("#answer").focus()
                await pilot.press("enter")
            elif q.key == "facts":  # the facts form: a field for each count, no syntax to type
                seen.append(q.key)
                for key, value in (("lvp", "2"), ("russian_cvp", "18"), ("german_cvp", "30")):
                    screen.query_one(f"#fact-{key}").focus()
                    await pilot.press(*value)
                await pilot.press("enter")
            else:
                seen.append(q.key)
                await type_line(pilot, ANSWERS.get(q.key, ""))
            await settle(pilot, screen)
        c = screen.outcome.campaign
        assert c.date == "23PM" and c.stage == "scenario", seen
        assert {"purchase", "recon", "facts"} <= set(seen)
        assert c.sides["Russian"].roster["23PM"].total > 0
        assert (c.scenarios[0].lvp, c.scenarios[0].cvp) == (2, {"Russian": 18, "German": 30})  # from the facts form


async def test_the_cg4_game_end_dr_is_a_key_while_a_scenario_is_played():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await new_campaign(pilot, "11")
        assert not screen.check_action("game_end", ())  # no scenario yet: the key is off
        for key in ("purchase", "recon"):
            assert screen.outcome.waiting.key == key
            await type_line(pilot, {"purchase": "I2, I1", "recon": "1"}[key])
            await settle(pilot, screen)
        assert screen.outcome.campaign.stage == "scenario" and screen.check_action("game_end", ())
        for turn in (6, 7):
            await pilot.press("ctrl+g")
            await settle(pilot, screen)
            g = screen.outcome.campaign.game_end
            assert g["turn"] == turn and f"Game Turn {turn}:" in str(screen.query_one("#prompt").render())
            if g["ends"]:
                break


async def test_bad_input_is_one_line_and_loses_nothing():
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await new_campaign(pilot, "3")
        await type_line(pilot, "I1, I1, I1")
        await settle(pilot, screen)
        error = str(screen.query_one("#error").render())
        assert "CG Date Max is 2" in error and screen.outcome.waiting.key == "purchase"


async def test_a_votg_purchase_prompt_shows_its_bracketed_example(tmp_path, monkeypatch):
    # The engine's words are shown as plain text: an answers-file example such as ["I2 reserve dummies=5"] once
    # crashed the screen as markup.
    from pathlib import Path

    from solo.campaign.engine import start_meta
    from solo.games import run_campaign as run
    from solo.rules import default_catalog
    monkeypatch.setenv("SOLO_CONFIG", str(Path(__file__).parents[2] / "fixtures" / "packs" / "votg"))
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
        assert "type e.g. I1, I2 reserve dummies=5, A1 onmap" in shown
    default_catalog.cache_clear()


async def test_a_purchase_is_picked_from_the_rgs_it_can_still_take():
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_campaign(pilot, "11")
        picks = screen.query_one("#picks")
        offered = [o.id for o in picks._options]
        assert picks.display and "I2" in offered and "I1" in offered
        screen.query_one("#answer").focus()
        await pilot.press("I", "9")  # no such RG: the list says why it is empty, in the check's words
        await pilot.pause()
        assert "your answer so far is refused" in str(picks._options[0].prompt)
        await pilot.press("backspace")  # "I": the RGs whose ID begins so, and the first of them offered to complete
        await pilot.pause()
        assert {o.id[0] for o in picks._options} == {"I"}
        assert screen.query_one("#answer")._suggestion.startswith("I")
        await pilot.press("backspace")
        picks.focus()
        picks.highlighted = offered.index("I2")
        await pilot.press("enter", "enter")  # I2 twice: 7.518's CG Date maximum is 2
        await pilot.pause()
        assert screen.query_one("#answer").value == "I2, I2"
        assert "I2" not in [o.id for o in picks._options]  # a third would be refused: it is not offered
        screen.query_one("#answer").focus()
        await type_line(pilot, "")
        await settle(pilot, screen)
        assert screen.outcome.waiting.key == "recon"
        assert [p.rg for p in screen.outcome.campaign.sides["Russian"].purchases if not p.given] == ["I2", "I2"]


async def test_escape_cancels_a_form_and_nothing_else_and_a_key_goes_home():
    from solo.tui.screens.home import HomeScreen
    app = SoloApp(resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_campaign(pilot, "11")
        await pilot.press(*"I9")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#answer").value == ""
        assert screen.outcome.waiting.key == "purchase"  # nothing was answered
        await pilot.press("escape")  # on the empty form: it stays (issue 38)
        await pilot.pause()
        assert app.screen is screen
        for key, panel in (("f4", "#decisions"), ("f5", "#roster"), ("f3", "#picks"), ("f2", "#answer")):
            await pilot.press(key)  # every panel one key away, the log too
            await pilot.pause()
            assert app.focused is screen.query_one(panel), key
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await saves_listed(pilot)
        await pilot.press("o")  # o opens the highlighted save
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.screen.path == screen.path


async def test_a_simulated_campaign_played_to_the_end_and_exported():
    """The CLI's simulate and export in the app (issue 23.1): computer against computer, ctrl+f plays the whole CG
    over the stand-in scenario model; ctrl+o writes its CG Roster, RG Purchase Record and Force Organizer."""
    app = SoloApp(resume=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        app.screen.query_one("#human").value = "none"
        await pilot.press("tab", "tab", "tab")
        await type_line(pilot, "5")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CampaignScreen) and screen.check_action("to_the_end", ())
        await pilot.press("ctrl+f")
        await settle(pilot, screen)
        assert screen.outcome.campaign.stage == "ended" and not screen.check_action("to_the_end", ())
        await pilot.press("ctrl+o")
        await pilot.pause()
        exported = screen.path.parent.parent / "exports" / f"{screen.path.stem}.md"
        assert "CG Roster" in exported.read_text()


async def test_the_facts_are_answered_by_picking_units_from_the_list():
    """Issue 38.2: the facts list the units by id, type, side and where they are; picking adds them to the answer
    (a typed id narrows the list and is completed), and the scenario's casualties are those picked."""
    app = SoloApp(resume=False)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = await new_campaign(pilot, "11")
        for _ in range(40):
            q = screen.outcome.waiting
            if q is not None and q.key == "facts":
                break
            if q is None:
                await pilot.press("ctrl+n")
            elif q.key == "purchase":
                await type_line(pilot, "I2, I1")
            else:
                await type_line(pilot, ANSWERS.get(q.key, ""))
            await settle(pilot, screen)
        assert screen.outcome.waiting.key == "facts"
        picks = screen.query_one("#picks")
        shown = [str(o.prompt) for o in picks._options]
        german = next(line for line in shown if line.startswith("G") and "German" in line and "Retained" in line)
        russian = next(line for line in shown if line.startswith("R") and "Russian" in line)
        first, second = german.split()[0], russian.split()[0]
        c = screen.outcome.campaign
        assert german.split(maxsplit=1)[1].startswith(c.sides["German"].unit(first).type)  # the id, then its type
        screen.query_one("#answer").focus()
        await pilot.press(*first[:1])  # "G": the list narrows to the German units, and the id is offered
        await pilot.pause()
        assert all(str(o.prompt).startswith(first[:1]) for o in picks._options)
        picks.focus()
        picks.highlighted = [o.id for o in picks._options].index(first)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#answer").value == f'eliminated = ["{first}"]'
        picks.highlighted = [o.id for o in picks._options].index(second)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#answer").value == f'eliminated = ["{first}", "{second}"]'
        for key, value in (("lvp", "2"), ("russian_cvp", "18"), ("german_cvp", "30")):
            screen.query_one(f"#fact-{key}").value = value
        screen.query_one("#answer").focus()
        await pilot.press("enter")
        await settle(pilot, screen)
        q = screen.outcome.waiting
        assert q is None or q.key != "facts", str(screen.query_one("#error").render())
        c = screen.outcome.campaign
        assert all(c.sides[s].unit(u).status == "Eliminated" for s, u in (("German", first), ("Russian", second)))
        for _ in range(20):  # the next question answered by a list of your units (Battle Hardening, Escape ...)
            q = screen.outcome.waiting
            if q is not None and q.key != "facts" and screen.fact_units():
                break
            if q is None:
                await pilot.press("ctrl+n")
            else:
                screen.query_one("#answer").focus()
                await type_line(pilot, ANSWERS.get(q.key, ""))
            await settle(pilot, screen)
        else:
            raise AssertionError("no question asked for your units")
        assert {o.id for o in picks._options} <= {u.id for u in screen.fact_units()} and picks.display
        picks.focus()
        picks.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        unit_id = picks._options[0].id
        assert screen.query_one("#answer").value == f'["{unit_id}"]', q.key
