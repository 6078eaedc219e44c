"""The boards of VASL's Main Map and the hex a point stands in, worked out by hand from VASSAL's and VASL's rules
(docs/vsav.md): a 400-pixel margin, boards side by side by their image sizes, VASL's hex grid (56.24 x 64.51
pixels, A1's centre at (0, 32)) naming the column by the nearest centre across, then the row band."""

import gzip
import struct

import pytest

from solo.board.coords import column_letters
from solo.core.errors import SoloError
from solo.vasl.layout import BoardSpec, HexGrid, PlacedBoard, board_specs, read_layout

GRID = HexGrid()


def spec(name="04", column=0, row=0, flipped=False, crop=None, zoom=1.0):
    return BoardSpec(column, row, name, flipped, crop, "6.1", (), (), zoom)


def board(x=400, y=400, **kw):
    return PlacedBoard(spec(**kw), GRID, 33, 10, (1800, 645), x, y)


@pytest.mark.parametrize("point, hex_name", [
    ((0, 32), "A1"), ((0, 1), "A1"), ((3, 300), "A5"), ((27, 644), "A10"),  # column A: the half hexes on the west edge
    ((56, 0), "B0"), ((56, 31), "B0"), ((56, 33), "B1"), ((56, 644), "B10"),  # odd columns: half hexes 0 and 10
    ((1799, 40), "GG1"), ((1772, 644), "GG10"), ((1771, 644), "FF10"),  # the east edge; FF, GG: letters doubled
    ((562, 290), "K5"), ((590, 270), "K5"), ((595, 300), "L5"),  # K5's centre; across, K's centre is nearer up to 590
    ((1462, 32), "AA1"),
])
def test_hex_names_read_off_the_grid(point, hex_name):
    assert GRID.name(*point) == hex_name


def test_a_point_on_a_hexside_snap_point_names_both_hexes():
    """(562, 322): K5's centre across, K5 and K6 meet half a hex below (32 + 4.5 x 64.51): a vehicle in bypass."""
    assert GRID.name(562, 322) == "K5/K6"
    assert GRID.name(590, 306) == "K5/L5"  # half a column across (28.12), half a hex down: the K5/L5 hexside
    assert GRID.name(0, 0) == "A1/A0"  # the board's corner is the snap point of A1's north hexside


def test_every_hex_centre_is_named_by_its_own_hex():
    for col in range(33):
        for row in range(0 if col % 2 else 1, 11):
            name = f"{column_letters(col)}{row}"
            assert GRID.name(*GRID.centre(col, row)) == name


def test_boards_are_placed_by_the_sizes_of_the_boards_before_them():
    """Hill 621's layout: boards 2, 4, 3 in column 0, rows 0-2, each 645 pixels high, under a 400-pixel margin."""
    specs = board_specs("bd\t0\t0\t02\tVER\t6.4\tbd\t0\t1\t04\tVER\t6.1\tbd\t0\t2\t03\tVER\t6.3\t")
    assert [(s.column, s.row, s.name, s.version) for s in specs] == [(0, 0, "02", "6.4"), (0, 1, "04", "6.1"),
                                                                       (0, 2, "03", "6.3")]


def test_a_board_layout_with_flips_crops_overlays_ssr_and_zoom():
    (b,) = board_specs("bd\t1\t0\tr12\t0\t0\t900\t645\tVER\t6.2\tOVR\tx1\ta1\tb2\tOVR\tog3\tk5\tk6\t"
                       "SSR\tNoRoads\tWallsOnly\tZOOM\t1.5")
    assert (b.column, b.row, b.name, b.flipped, b.crop, b.version) == (1, 0, "12", True, (0, 0, 900, 645), "6.2")
    assert b.overlays == (("x1", "a1", "b2"), ("og3", "k5", "k6")) and b.ssr == ("NoRoads", "WallsOnly")
    assert b.zoom == 1.5
    (z,) = board_specs("bd\t0\t0\t04\tVER\t6.1\t\tZOOM\t1.5")
    assert z.zoom == 1.5 and not z.flipped
    assert board_specs("bd\t") == []
    with pytest.raises(SoloError, match="column, row, board"):
        board_specs("bd\tx\t0\t04")


def test_a_flipped_board_is_turned_about_its_centre():
    """On board 4 flipped, the map point 10 pixels right of the board's west edge and 20 below its north edge is
    the board's own point (1790, 625): GG10."""
    flipped = board(flipped=True)
    assert flipped.local(410, 420) == (1790, 625)
    assert flipped.hex_at(410, 420) == "GG10"
    assert board().hex_at(410, 420) == "A1"
    for name in ("A1", "K5", "GG10", "B0", "CC6"):
        assert flipped.hex_at(*flipped.hex_centre(name)) == name


def test_a_cropped_and_magnified_board():
    """Board cropped to its columns from K (x 534 on), shown at 1.5: the map point 15 pixels in is the board's
    point 534 + 10 = 544 across: K, the K5 row band."""
    cropped = board(crop=(534, 0, 600, 645), zoom=1.5)
    assert cropped.size == (900, 968)
    assert cropped.local(415, 400 + 435) == (544, 290)
    assert cropped.hex_at(415, 835) == "K5"
    assert cropped.hex_at(*cropped.hex_centre("L5")) == "L5"


def test_a_point_on_no_board_is_off_board():
    placed = read_layout([], None)
    assert placed.board_at(500, 500) is None
    b = board()
    assert b.contains(400, 400) and b.contains(2199, 1044)
    assert not b.contains(399, 500) and not b.contains(2200, 500) and not b.contains(500, 1045)


def test_a_hex_a_board_lacks_is_refused():
    with pytest.raises(SoloError, match="no hex"):
        board().hex_centre("A0")
    with pytest.raises(SoloError, match="no hex"):
        board().hex_centre("HH3")
    with pytest.raises(SoloError, match="bad hex"):
        board().hex_centre("5K")


def fake_board(folder, name, width, height, columns=33, rows=10, extra=""):
    """A board archive folder as VASL's: BoardMetadata.xml and a LOSData grid of ``width`` x ``height`` pixels."""
    blocks = struct.pack(">4i", columns, rows, width, height) + bytes(width * height * 2)
    stream = b"\xac\xed\x00\x05" + b"".join(b"\x7a" + struct.pack(">i", len(blocks[i:i + 1024])) + blocks[i:i + 1024]
                                            for i in range(0, len(blocks), 1024))
    (folder / f"bd{name}").mkdir(parents=True)
    (folder / f"bd{name}" / "LOSData").write_bytes(gzip.compress(stream))
    (folder / f"bd{name}" / "BoardMetadata.xml").write_text(
        f'<boardMetadata name="{name}" version="1" width="{columns}" height="{rows}" {extra}/>')


def test_boards_side_by_side_and_a_board_of_its_own_geometry(tmp_path):
    """Two columns: board 5 right of board 4 starts at 400 + 1800; a row below them, board 8 under board 4 starts at
    400 + 645, and board 9 under board 5 at (2200, 1045). A board with its own grid (A1 at (20, 40), hexes 60 x 70)
    names its points by it."""
    fake_board(tmp_path, "04", 1800, 645)
    fake_board(tmp_path, "05", 1800, 645)
    fake_board(tmp_path, "08", 1800, 645)
    fake_board(tmp_path, "09", 1000, 700, 17, 9, 'hexWidth="60" hexHeight="70" A1CenterX="20" A1CenterY="40.5"')
    layout = read_layout(board_specs("bd\t0\t0\t04\tbd\t1\t0\t05\tbd\t0\t1\t08\tbd\t1\t1\t09"), tmp_path)
    assert [(b.label, b.x, b.y, b.size) for b in layout.boards] == [
        ("4", 400, 400, (1800, 645)), ("5", 2200, 400, (1800, 645)), ("8", 400, 1045, (1800, 645)),
        ("9", 2200, 1045, (1000, 700))]
    nine = layout.board("9")
    assert nine.grid == HexGrid(60.0, 70.0, 20, 40)
    assert layout.board_at(2200 + 20, 1045 + 40) is nine and nine.hex_at(2220, 1085) == "A1"
    assert nine.hex_at(2200 + 80, 1045 + 75) == "B1"  # B's centre 60 across, 35 lower than A1
    assert layout.board_at(2199, 1044) is layout.board("4") and layout.board_at(4000, 500) is None


def test_a_board_not_in_the_folder_is_one_clear_line(tmp_path):
    with pytest.raises(SoloError, match="board 00: no board file bd00"):
        read_layout(board_specs("bd\t0\t0\t00\tVER\t6.0\t"), tmp_path)
