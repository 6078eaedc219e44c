"""The VASL reader on small LOSData files the tests write themselves (no VASL data)."""

import gzip
import struct
import subprocess
import sys
import zipfile

import numpy as np
import pytest

from solo.board.coords import Grid
from solo.board.terrain import Board
from solo.board.vasl import boards_folder, decode_los, read_board, terrain_types
from solo.core.errors import SoloError

SHARED = """<boardData><terrainTypes>
<terrainType name="Open Ground" typeCode="0"/><terrainType name="Woods" typeCode="60"/>
<terrainType name="Dirt Road" typeCode="65"/><terrainType name="Wall" typeCode="72"/>
</terrainTypes></boardData>"""
GRID = Grid(columns=5, rows=3)
WIDTH, HEIGHT = 226, 194


def los_data(elevation: np.ndarray, terrain: np.ndarray, columns=5, rows=3) -> bytes:
    """A LOSData file as VASL writes it: gzip, Java stream header, block-data records."""
    payload = struct.pack(">4i", columns, rows, *terrain.shape)
    payload += np.stack([elevation.astype(np.int8), terrain.astype(np.uint8).view(np.int8)], axis=2).tobytes()
    payload += bytes(sum(rows + c % 2 for c in range(columns)))
    stream = b"\xac\xed\x00\x05"
    for start in range(0, len(payload), 1024):
        chunk = payload[start:start + 1024]
        stream += (
            b"\x77" + bytes([len(chunk)]) if len(chunk) < 256 else b"\x7a" + struct.pack(">i", len(chunk))
        ) + chunk
    return gzip.compress(stream)


def paint_line(terrain, a, b, code, width=5):
    for t in np.linspace(0, 1, 200):
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        terrain[max(0, int(x) - width):int(x) + width, max(0, int(y) - width):int(y) + width] = code


@pytest.fixture
def folder(tmp_path):
    """Board 'T': woods in A1, a hill in E2, and a road fork in C2 (to C1, B2 and D2)."""
    terrain = np.zeros((WIDTH, HEIGHT), dtype=np.uint8)
    elevation = np.zeros((WIDTH, HEIGHT), dtype=np.int8)
    ax, ay = GRID.centre(0, 1)
    terrain[0:int(ax) + 20, int(ay) - 20:int(ay) + 20] = 60
    ex, ey = GRID.centre(4, 2)
    elevation[int(ex) - 25:, int(ey) - 25:int(ey) + 25] = 1
    c2 = GRID.centre(2, 2)
    for other in ((2, 1), (1, 2), (3, 2)):
        paint_line(terrain, c2, GRID.centre(*other), 65)
    board = tmp_path / "bdT"
    board.mkdir()
    (board / "LOSData").write_bytes(los_data(elevation, terrain))
    (board / "BoardMetadata.xml").write_text('<boardMetadata name="T" width="5" height="3"/>')
    (tmp_path / "SharedBoardMetadata.xml").write_text(SHARED)
    return tmp_path


def test_decode_round_trip():
    terrain = np.arange(WIDTH * HEIGHT, dtype=np.int64).reshape(WIDTH, HEIGHT) % 200
    elevation = (np.arange(WIDTH * HEIGHT).reshape(WIDTH, HEIGHT) % 7 - 3).astype(np.int8)
    columns, rows, elev, terr, stairs = decode_los(los_data(elevation, terrain))
    assert (columns, rows) == (5, 3) and len(stairs) == 3 * 5 + 2
    assert (elev == elevation).all() and (terr == terrain).all()


def test_classify_a_small_board(folder):
    board = Board(read_board(folder, "T"), terrain_types(folder))
    assert len(board.hexes) == len(GRID.hexes) == 17
    assert board.hexes["A1"].terrain == "woods" and board.hexes["C2"].terrain == "open"
    assert board.hexes["E2"].elevation == 1 and board.hexes["A2"].elevation == 0
    assert board.hexes["C2"].road_sides == (0, 2, 4) and board.hexes["C2"].road_exits == 3
    assert board.intersections() == ["C2"]


def test_a_zip_archive_is_read_like_a_folder(folder, tmp_path):
    archive_dir = tmp_path / "zipped"
    archive_dir.mkdir()
    with zipfile.ZipFile(archive_dir / "bdT", "w") as z:
        z.write(folder / "bdT" / "LOSData", "LOSData")
        z.write(folder / "bdT" / "BoardMetadata.xml", "BoardMetadata.xml")
    raw = read_board(archive_dir, "T")
    assert raw.name == "T" and raw.terrain.shape == (WIDTH, HEIGHT)


@pytest.mark.parametrize("data, message", [
    (b"not gzip", "not a VASL LOSData file"),
    (gzip.compress(b"\x00\x01\x02\x03"), "not a Java serialization stream"),
    (gzip.compress(b"\xac\xed\x00\x05\x77\x04abcd"), "too short"),
    (gzip.compress(b"\xac\xed\x00\x05\x70"), "unexpected record 0x70"),
])
def test_broken_los_data_is_one_clear_error(data, message):
    with pytest.raises(SoloError, match=message):
        decode_los(data)


def test_missing_board_names_the_file(folder):
    with pytest.raises(SoloError, match="board 7: no board file bd7 or bd07 in"):
        read_board(folder, "7")


def test_where_the_boards_are(folder, tmp_path, monkeypatch):
    monkeypatch.delenv("SOLO_VASL_BOARDS", raising=False)
    with pytest.raises(SoloError, match="no VASL boards folder: give --vasl-boards DIR"):
        boards_folder(None)
    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv("SOLO_CONFIG", str(config))
    (config / "config.toml").write_text(f'vasl_boards = "{folder}"\n')
    assert boards_folder(None) == folder
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(tmp_path))
    assert boards_folder(None) == tmp_path
    assert boards_folder(str(folder)) == folder
    with pytest.raises(SoloError, match="does not exist"):
        boards_folder(tmp_path / "nowhere")


def test_boards_show_cli(folder):
    run = lambda *a: subprocess.run([sys.executable, "-m", "solo.cli", "boards", "show", *a],  # noqa: E731
                                    capture_output=True, text=True)
    out = run("T", "--vasl-boards", str(folder))
    assert out.returncode == 0 and "Road intersections (>= 3 road hexsides; OtO-S2 VPO): C2" in out.stdout
    missing = run("9", "--vasl-boards", str(folder))
    assert (
        missing.returncode == 2
        and missing.stderr.strip().endswith(f"in {folder}")
        and "Traceback" not in missing.stderr
    )


def test_a_board_is_decoded_once_then_read_from_the_cache(folder, tmp_path, monkeypatch):
    from solo.board.cache import load_board
    monkeypatch.setenv("SOLO_CACHE", str(tmp_path / "cache"))
    load_board.cache_clear()
    first = load_board(folder, "T")
    cached = list((tmp_path / "cache" / "boards").glob("*.npz"))
    assert len(cached) == 1
    load_board.cache_clear()
    again = load_board(folder, "T")
    assert again.hexes == first.hexes and again.intersections() == ["C2"] and not hasattr(again, "_kinds")
    assert (again.terrain == first.terrain).all() and (again.codes.height == first.codes.height).all()  # for LOS
    cached[0].write_text("{broken")
    load_board.cache_clear()
    assert load_board(folder, "T").hexes == first.hexes  # a broken cache file is decoded again
    load_board.cache_clear()


def test_a_board_classified_from_terrain_names_alone(folder):
    """The older call Board(raw, terrain_names(folder)) still works: woods and buildings read as obstacles."""
    from solo.board.vasl import terrain_names
    board = Board(read_board(folder, "T"), terrain_names(folder))
    assert board.hexes["A1"].terrain == "woods" and board.intersections() == ["C2"]
    assert board.codes.obstacle[60] and board.codes.height[60] == 1.0 and board.codes.height[72] == 0.5
