"""Shared helpers of the app's tests: a fresh data folder for each test, and the pilot's keystrokes and waits."""

import html
import re

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLO_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("SOLO_VASL_BOARDS", "")


async def type_line(pilot, text: str) -> None:
    await pilot.press(*text)
    await pilot.press("enter")


async def settle(pilot, screen) -> None:
    for _ in range(200):
        await pilot.pause(0.05)
        if not any(w.is_running for w in screen.workers):
            return


async def new_save(pilot, key: str, seed: str) -> None:
    """The New mission (m) or New campaign (c) dialog with its defaults: Tabs past the two lists, the save name (and
    a mission's VASL boards folder, VASL game and module) to the seed, the seed, Enter."""
    await pilot.press(key)
    await pilot.pause()
    await pilot.press(*["tab"] * (6 if key == "m" else 3))
    await type_line(pilot, seed)


async def new_campaign(pilot, seed: str):
    """c, a seed, Enter: the Campaign screen of a new campaign."""
    await new_save(pilot, "c", seed)
    await pilot.pause()
    return pilot.app.screen


async def saves_listed(pilot):
    """Home lists the saves in a worker: wait for it. A text field's cursor stops blinking (shown steadily), so a
    snapshot never catches it half-way (a campaign snapshot failed on it in CI)."""
    await pilot.app.workers.wait_for_complete()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


CLI_WORDS = re.compile(r"\bsolo (cg|mission|tables|boards|ai|vasl|roll|odds)\b|\w\.py\b|--\w+")


def no_cli_text(app) -> None:
    """Nothing on the screen sends the player to the CLI or to a source file (issue 23.1)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")
    found = CLI_WORDS.search(text)
    assert found is None, f"the screen names {found.group(0)!r}"


def drawn_board():
    """A board made up for the app's map tests on OtO-S1's own hex grid (30 columns, hexrows 1-28): no VASL board, no
    picture read; open ground with woods, grain and a building, a road along hexrow 24 and down column M, walls on
    the south sides of column K's hexes 18-26 and hedges to the right of column P's 18-26."""
    from solo.board.terrain import Board, Hex
    from solo.sasl.mission_map import own_grid
    grid = own_grid({"columns": 30, "rows": 28})
    hexes = {}
    for column, row in grid.hexes:
        name = grid.name(column, row)
        terrain = ("woods" if 2 <= column <= 5 and 20 <= row <= 24 else "grain" if column >= 20 and row >= 22
                   else "stone building" if (column, row) == (12, 24) else "open")
        road = [side for side in range(6) if (row == 24 and grid.neighbour(column, row, side) in
                                              ((column - 1, 24), (column + 1, 24)))
                or (column == 12 and side in (0, 3) and grid.neighbour(column, row, side))]
        sides = {3: "wall"} if column == 10 and 18 <= row <= 26 else {}
        if column == 15 and 18 <= row <= 26:
            sides[1 if grid.neighbour(column, row, 1) == (column + 1, row) else 2] = "hedge"
        hexes[name] = Hex(name, terrain, 0, bool(road), tuple(road), (), len(road), sides)
    return Board.from_hexes("OTO", grid, hexes)
