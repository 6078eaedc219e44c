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

RE_ANSWERS = {"counterattack_s": "none", "counterattack_units": "none", "minefield": "no", "broken": "no",
              "oba_radio": "motorcycle"}


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


def _oto_s1_save(name: str, *answers: dict) -> None:
    """An OtO-S1 save (seed 4, no VASL boards) set up, ``answers`` played on it, the app's last save."""
    path = saves_dir() / name
    EventLog.create(path, {"mission": "oto-s1", "seed": 4, "vasl_boards": None})
    run_mission(EventLog.open(path))
    for answer in answers:
        run_mission(EventLog.open(path), answer)
    remember(path)


async def test_a_known_minefield_and_the_s_under_the_map_cursor():
    """Every mission action has a key (issue 23.1): k for an OtO-S1 Known minefield; a activates the S? under the map
    cursor when there is one."""
    _oto_s1_save("bto.db", {"action": {"do": "place", "count": 0, "hexes": ["M12", "P9"]}})
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


async def test_a_wreck_placed_with_its_key():
    """Issue 35: OtO-S1 MSR 8's wrecks are placed from the Mission screen (W, a form asking the hex, the map cursor's
    by default), as `solo mission wreck` places them; a hex the rule refuses says why in one line."""
    _oto_s1_save("wrecks.db")
    app = SoloApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("W")
        await type_line(pilot, "K18")
        await settle(pilot, screen)
        wrecks = [u for u in screen.outcome.mission.units if u.kind == "wreck"]
        assert [(u.type, u.hex) for u in wrecks] == [("Wreck", "K18")]
        assert screen._markers().get("K18") == "X"  # drawn on the map as a wreck, not as a FRIENDLY unit
        await pilot.press("W")
        await type_line(pilot, "K19")
        await settle(pilot, screen)
        assert "inside the FRIENDLY set up area" in str(screen.query_one("#error").render())
        screen.cursor_hex = "H21"  # the form stays open with its refused hex: cleared, Enter takes the map cursor's
        screen.query_one("#form-input").value = ""
        await type_line(pilot, "")
        await settle(pilot, screen)
        assert [u.hex for u in screen.outcome.mission.units if u.kind == "wreck"] == ["K18", "H21"]


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


async def test_a_stack_opened_on_the_hex_panel(monkeypatch):
    """Issue 38: a stack shows its count on the map, and o (or a click on the hex under the cursor) opens it on the hex
    panel, one counter a line; the panel names the hex's hexsides. The map is the made-up board of tests/tui."""
    from tests.tui.conftest import drawn_board
    from tests.tui.test_snapshots import a_mission
    monkeypatch.setattr(MissionScreen, "_boards", lambda self: ([("", drawn_board())], ""))
    a_mission()
    app = SoloApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.query_one("#mapview", MapView)
        assert screen.cursor_hex == "M24" and view.counts["M24"] == 6  # the map opens on the FRIENDLY units
        assert "F⁶" in view.render().plain and "¦" in view.render().plain  # the count, the hedge hexsides
        panel = screen.query_one("#hexinfo")
        assert "road across N, SE, S, SW" in str(panel.render()) and "(o opens the stack)" in str(panel.render())
        await pilot.press("o")
        await pilot.pause()
        lines = str(panel.render()).splitlines()
        assert "a stack of 6" in lines[0] and [line.split()[0] for line in lines[1:]] == ["F1", "F2", "F3", "F4",
                                                                                       "F5", "F6"]
        assert "F5" in lines[5] and "with F1" in lines[5]  # the MMG with the squad that holds it
        region = view.content_region
        columns, lines_in_sight = view._window()
        column, line = view.cursor
        await pilot.click(MapView, offset=(7 + (column - columns.start) * 2, view.top + line - lines_in_sight.start))
        await pilot.pause()
        assert "a stack of" not in str(panel.render()) and region  # the click on the cursor's hex closed it
        await pilot.press("right")  # another hex: its own panel
        await pilot.pause()
        assert screen.cursor_hex != "M24"
        await pilot.press("z")  # the full scale: the south hexsides drawn on the line below each hex row
        await pilot.pause()
        assert view.full and "──" in view.render().plain


@pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")
async def test_a_whole_coy_entered_with_one_line(monkeypatch):
    """Issue 38: e, "coy1 G26": the first Coy with its SW and leaders set up around G26; the entry is offered again
    (the form remembers what was typed)."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = saves_dir() / "orsha.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 5, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {})
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("e")
        assert "coy1 coy2 coy3 armor" in str(screen.query_one("#form-label").render())
        await type_line(pilot, "coy1 G26")
        await settle(pilot, screen)
        m = screen.outcome.mission
        assert m.groups == ["coy1"] and sum(u.side == "FRIENDLY" for u in m.units) == 38
        assert [u.hex for u in m.units if u.side == "FRIENDLY"][:6] == ["G26"] * 6
        assert screen.history["enter"] == ["coy1 G26"]
        no_cli_text(app)


@pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")
async def test_the_decisions_screen_lists_each_unit_once(monkeypatch):
    """Issue 38: the Decisions screen listed every unit twice (E1, E2, E1, E2 ...): two runs of the AI (the screen's
    first and a phase chosen at once) each cleared the log and wrote their lines into it."""
    from solo.tui.screens.decisions import DecisionsScreen
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = saves_dir() / "orsha.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 5, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {})
    remember(path)
    app = SoloApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DecisionsScreen)
        screen.run_ai("move")  # a second run while the first works
        await settle(pilot, screen)
        await pilot.pause(0.3)
        firsts = ["".join(seg.text for seg in line).split(" ")[0] for line in screen.query_one("#decisions").lines]
        units = [w for w in firsts if w[:1] == "E" and w[1:].isdigit()]
        assert units and len(units) == len(set(units)), units


async def test_a_narrow_footer_leaves_keys_out_that_still_work(monkeypatch):
    """Issue 38: at 80 columns the footer shows Help first and the keys of what can be done now; p, v and d are left
    out of it and still work."""
    from tests.tui.conftest import drawn_board
    from tests.tui.test_snapshots import a_mission
    monkeypatch.setattr(MissionScreen, "_boards", lambda self: ([("", drawn_board())], ""))
    a_mission()
    app = SoloApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        shown = [b.key for _, b, enabled, _ in screen.active_bindings.values() if b.show and enabled]
        assert shown[0] == "question_mark" and "p" not in shown and "d" not in shown and "l" in shown
        await pilot.press("p")
        assert screen.mode == "place"
