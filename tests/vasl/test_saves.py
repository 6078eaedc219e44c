"""The reader and writer on the real VASL saved games in ../shared/vasl-saves, with the boards of
../shared/vasl-boards (skipped when either is absent; nothing of them is kept here).

How the expected hexes were read: each board's LOSData was drawn as a picture, terrain by terrain, with a pixel ruler
and the printed hex grid over it, and looked at board by board. BUILDINGS lists lone buildings read off those
pictures: for each, a pixel inside the building (away from the hex's centre) and the hex the picture shows it in.
None of the shared saves has a counter standing on a known board (Hill 621's counters are all set aside in the
margins, full.vsav's stand on board 00, which is not among the shared boards), so the tests stand counters of each
Hill 621 save on those pixels with the writer, read the copy, and check the hex."""

import hashlib
import json
import zipfile

import pytest

from solo.board.cache import load_board
from solo.board.vasl import read_board, terrain_types
from solo.core.errors import SoloError
from solo.vasl.commands import parse
from solo.vasl.game import changes, read_game
from solo.vasl.pieces import Added
from solo.vasl.savefile import read_save
from tests.conftest import VASL_BOARDS
from tests.vasl.saves import VASL_SAVES
from tests.vasl.test_files import solo

pytestmark = pytest.mark.skipif(not (VASL_SAVES.is_dir() and VASL_BOARDS.is_dir()),
                                reason="../shared/vasl-saves or ../shared/vasl-boards is not beside the checkout")

HILL = VASL_SAVES / "Hill 621 (Scenario E).vsav"
HILL_SAVES = ["Hill 621 (Scenario E).vsav", "Hill 621 (Scenario E) (online).vsav", "hill621-legacy.vsav"]
# Hill 621's layout by hand: boards 2, 4, 3 down column 0, each 1800 x 645, under VASL's 400-pixel margins.
ORIGIN = {"2": (400, 400), "4": (400, 1045), "3": (400, 1690)}
# board -> hex -> a pixel of the board inside a lone building in that hex, read off the pictures.
BUILDINGS = {
    "2": {"D1": (176, 72), "G1": (345, 20), "F3": (270, 190), "D4": (185, 262), "D6": (164, 380), "I9": (446, 540),
          "M9": (668, 538), "M1": (686, 20), "T1": (1078, 75), "Z1": (1415, 58), "W7": (1228, 412),
          "T8": (1065, 510), "V8": (1190, 505), "W9": (1228, 558)},
    "4": {"P1": (835, 78), "S2": (1022, 112), "X1": (1282, 84), "T3": (1060, 190), "CC6": (1568, 365),
          "P8": (830, 530), "X8": (1300, 522), "Y9": (1358, 545)},
    "3": {"O5": (800, 300), "P2": (855, 140), "M7": (665, 430), "P6": (832, 398), "Q7": (912, 428),
          "O10": (805, 625), "I10": (450, 610), "S1": (1005, 45), "S8": (1005, 500), "K1": (570, 45),
          "P4": (855, 250)},
}
# Counters of Hill 621 read off the map by name: every one of them is set aside in a margin, off the boards.
OFF_BOARD = ["10-3", "8-1", "9-1", "PzKw IIIN", "SPW 250/1", "SPW 251/sMG", "StuH 42", "ZIS-5", "SU-152",
             "StuG IIIG (L)", "2-2-8 Icr", "Radio"]


@pytest.fixture(scope="module")
def hill():
    return read_game(HILL, VASL_BOARDS)


def test_hill_621_boards_in_their_places(hill):
    assert [(b.label, b.spec.column, b.spec.row, b.x, b.y, b.size, b.spec.flipped) for b in hill.boards] == [
        ("2", 0, 0, 400, 400, (1800, 645), False), ("4", 0, 1, 400, 1045, (1800, 645), False),
        ("3", 0, 2, 400, 1690, (1800, 645), False)]
    assert [b.spec.version for b in hill.boards] == ["6.4", "6.1", "6.3"]


def test_hill_621_all_322_pieces_on_the_main_map(hill):
    """322 add-piece commands put a piece on the Main Map: 163 counters and the 159 stacks holding them; two more
    counters (the CVP counts) are on the Casualties map."""
    on_main = [p for p in hill.pieces if p.on_main_map]
    stacks = [a for a in hill._stacks().values() if a.place[0] == "Main Map"]
    assert (len(on_main), len(stacks), len(on_main) + len(stacks)) == (163, 159, 322)
    assert sorted(p.name for p in hill.pieces if not p.on_main_map) == ["Allied CVP Count", "Axis CVP Count"]


@pytest.mark.parametrize("name", HILL_SAVES)
def test_every_counter_of_hill_621_is_set_aside_off_the_boards(name):
    game = read_game(VASL_SAVES / name, VASL_BOARDS)
    main = [p for p in game.pieces if p.on_main_map]
    assert len(main) >= 161 and all(p.hex is None and p.board is None and p.level is None for p in main)
    assert all(not any(b.contains(p.x, p.y) for b in game.boards) for p in main)
    named = {p.name for p in main}
    assert set(OFF_BOARD) <= named


@pytest.fixture(scope="module")
def buildings():
    types = terrain_types(VASL_BOARDS)
    return {b: read_board(VASL_BOARDS, b).terrain for b in BUILDINGS}, types


@pytest.mark.parametrize("name", HILL_SAVES)
def test_counters_in_lone_buildings_get_their_hexes(name, tmp_path, buildings):
    terrain, types = buildings
    game = read_game(VASL_SAVES / name, VASL_BOARDS)
    units = [p for p in game.pieces if p.type == "unit"]
    spots = [(board, hex_name, pixel) for board, hexes in BUILDINGS.items() for hex_name, pixel in hexes.items()]
    assert len(spots) == 33 and len(units) >= len(spots)
    for unit, (board, _, (x, y)) in zip(units, spots, strict=False):
        assert "Building" in types[int(terrain[board][x, y])].name  # the pixel is a building's
        game.place(unit.id, ORIGIN[board][0] + x, ORIGIN[board][1] + y)
    game.write(tmp_path / "placed.vsav")
    placed = {p.id: p for p in read_game(tmp_path / "placed.vsav", VASL_BOARDS).pieces}
    for unit, (board, hex_name, _) in zip(units, spots, strict=False):
        piece = placed[unit.id]
        assert (piece.board, piece.hex, piece.name) == (board, f"{board}{hex_name}", unit.name)
        assert piece.level == load_board(VASL_BOARDS, board).hexes[hex_name].elevation


def test_hexes_at_the_board_edges_and_seams(tmp_path):
    """Half hexes and the seams between boards, by hand: board 2 ends at y 1044, board 4 starts at 1045."""
    points = {(400 + 56, 400 + 10): "2B0", (400 + 3, 400 + 300): "2A5", (400 + 1797, 400 + 40): "2GG1",
              (400 + 20, 1044): "2A10", (456, 1044): "2B10", (456, 1045): "4B0", (420, 1045): "4A1",
              (2199, 1700): "3GG1", (2200, 1700): None, (399, 1700): None, (1000, 2334): "3L10", (1000, 2335): None}
    game = read_game(HILL, VASL_BOARDS)
    units = [p for p in game.pieces if p.type == "unit"]
    for unit, (x, y) in zip(units, points, strict=False):
        game.place(unit.id, x, y)
    game.write(tmp_path / "edges.vsav")
    placed = {p.id: p for p in read_game(tmp_path / "edges.vsav", VASL_BOARDS).pieces}
    assert {(placed[u.id].x, placed[u.id].y): placed[u.id].hex for u in units[:len(points)]} == points


def leaf_texts(path):
    return [c.text for c in parse(read_save(path).text).leaves()]


def test_round_trip_moves_three_counters_and_nothing_else(tmp_path):
    before = hashlib.sha256(HILL.read_bytes()).hexdigest()
    game = read_game(HILL, VASL_BOARDS)
    movers = {p.name: p for p in game.pieces if p.name in ("10-3", "PzKw IIIN", "8-1")}
    stacks = {p.stack for p in movers.values()}
    targets = {"10-3": "2K5", "PzKw IIIN": "4O6", "8-1": "2K5"}
    for name, hex_id in targets.items():
        game.move(movers[name].id, hex_id)
    out = tmp_path / "moved.vsav"
    game.write(out)
    assert hashlib.sha256(HILL.read_bytes()).hexdigest() == before  # the input is never changed
    again = read_game(out, VASL_BOARDS)
    moved = {p.name: p for p in again.pieces if p.id in {m.id for m in movers.values()}}
    assert {n: p.hex for n, p in moved.items()} == targets
    found = changes({p.id: p.hex for p in game.pieces if p.on_main_map}, again)
    assert (found.moved, found.appeared, found.gone) == ({}, [], [])
    found = changes({p.id: p.hex for p in read_game(HILL, VASL_BOARDS).pieces if p.on_main_map}, again)
    assert found.moved == {movers[n].id: (None, h) for n, h in targets.items()} and not found.appeared + found.gone
    assert moved["10-3"].stack == moved["8-1"].stack  # one stack in 2K5, 8-1 on top
    assert again._stacks()[moved["8-1"].stack].stacked == [movers["10-3"].id, movers["8-1"].id]
    assert {n: (p.x, p.y) for n, p in moved.items()} == {"10-3": (962, 690), "8-1": (962, 690),
                                                         "PzKw IIIN": (1187, 1400)}  # 2K5: (562, 290) + (400, 400)
    old, new = leaf_texts(HILL), leaf_texts(out)
    changed_ids = {m.id for m in movers.values()} | stacks | {p.stack for p in moved.values()}
    ids = {t.split("/")[1] for t in set(old) ^ set(new)}
    assert ids == changed_ids
    assert [t for t in old if t.split("/")[1:2] not in ([i] for i in changed_ids)] == \
        [t for t in new if t.split("/")[1:2] not in ([i] for i in changed_ids)]
    order = {a.id: i for i, a in enumerate(map(Added.parse, new)) if a}
    for stack in (a for a in map(Added.parse, new) if a and a.is_stack):  # as VASSAL writes: counters, then stack
        assert all(order[c] < order[stack.id] for c in stack.stacked)
    with zipfile.ZipFile(HILL) as a, zipfile.ZipFile(out) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()]
        assert a.read("moduledata") == b.read("moduledata") and a.read("savedata") == b.read("savedata")
        assert b.read("savedGame")[:7] == a.read("savedGame")[:7]  # !VCSK and the same key


@pytest.mark.parametrize("name", sorted(p.name for p in VASL_SAVES.glob("*.vsav")) if VASL_SAVES.is_dir() else [])
def test_a_copy_without_moves_is_the_same_game(name, tmp_path):
    """Every shared save read and written back unchanged: the same savedGame, byte for byte."""
    save = read_save(VASL_SAVES / name)
    assert parse(save.text).encode() == save.text
    game = read_game(VASL_SAVES / name, VASL_BOARDS) if name != "full.vsav" else None
    if game:
        game.write(tmp_path / "copy.vsav")
        with zipfile.ZipFile(VASL_SAVES / name) as a, zipfile.ZipFile(tmp_path / "copy.vsav") as b:
            assert a.read("savedGame") == b.read("savedGame")


def test_a_board_solo_does_not_know(capsys):
    """full.vsav is played on board 00, which the shared boards folder lacks."""
    with pytest.raises(SoloError, match="board 00: no board file bd00"):
        read_game(VASL_SAVES / "full.vsav", VASL_BOARDS)
    code, out, err = solo(capsys, "vasl", "show", str(VASL_SAVES / "full.vsav"), "--vasl-boards", str(VASL_BOARDS))
    assert code == 2 and "full.vsav: board 00" in err and len(err.strip().splitlines()) == 1


def test_solo_vasl_show(capsys):
    code, out, err = solo(capsys, "vasl", "show", str(HILL), "--vasl-boards", str(VASL_BOARDS), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [(b["board"], b["column"], b["row"], b["x"], b["y"]) for b in data["boards"]] == [
        ("2", 0, 0, 400, 400), ("4", 0, 1, 400, 1045), ("3", 0, 2, 400, 1690)]
    assert len(data["pieces"]) == 165
    assert all({"name", "image", "side", "hex", "level", "x", "y", "traits"} <= set(p) for p in data["pieces"])
    assert {p["side"] for p in data["pieces"] if p["type"] == "unit"} == {"German", "Russian"}
    code, out, err = solo(capsys, "vasl", "show", str(HILL), "--vasl-boards", str(VASL_BOARDS))
    assert code == 0 and "board 4 (bd04 v6.1): column 0, row 1, at (400, 1045)" in out
    assert "Counters on the Main Map off the boards: 163" in out


def test_solo_vasl_move(tmp_path, capsys, hill):
    leader = next(p for p in hill.pieces if p.name == "10-3")
    out = tmp_path / "m.vsav"
    code, text, err = solo(capsys, "vasl", "move", str(HILL), str(out), f"{leader.id}=3O5",
                           "--vasl-boards", str(VASL_BOARDS))
    assert code == 0, err
    assert f"10-3 [{leader.id}] to 3O5" in text
    assert read_game(out, VASL_BOARDS).piece(leader.id).hex == "3O5"
