"""VASL folders with corrupt files: every reader error is one SoloError line naming the file, never a traceback."""

import io
import shutil
import zipfile

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.board.cache import load_board
from solo.board.vasl import boards_folder
from solo.core.errors import SoloError
from tests.board.test_vasl_reader import SHARED, los_data

NUMBERS = st.one_of(st.integers(-10**6, 10**6).map(str),
                    st.sampled_from(["abc", "", "1.5", "nan", "inf", "-0", "1e400"]),
                    st.text(max_size=6))


def board_files(meta: str | None = None, los: bytes | None = None, shared: str = SHARED) -> dict:
    terrain = np.zeros((60, 60), dtype=np.uint8)
    return {"LOSData": los if los is not None else los_data(np.zeros((60, 60), dtype=np.int8), terrain, 1, 1),
            "BoardMetadata.xml": meta if meta is not None else '<boardMetadata name="T" width="1" height="1"/>',
            "SharedBoardMetadata.xml": shared}


def write(folder, files: dict, zipped: bool) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    (folder / "SharedBoardMetadata.xml").write_text(files["SharedBoardMetadata.xml"])
    inner = {k: v for k, v in files.items() if k != "SharedBoardMetadata.xml"}
    if zipped:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in inner.items():
                archive.writestr(name, data)
        (folder / "bdT").write_bytes(buffer.getvalue())
    else:
        (folder / "bdT").mkdir()
        for name, data in inner.items():
            (folder / "bdT" / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def read_or_refuse(folder):
    """The board, or one SoloError line naming the file it could not read."""
    load_board.cache_clear()
    try:
        return load_board(folder, "T")
    except SoloError as exc:
        assert "\n" not in str(exc)
        assert any(name in str(exc) for name in ("bdT", "board T", "SharedBoardMetadata")), str(exc)
        return None


@pytest.mark.parametrize("files, zipped, says", [
    (board_files(), False, None),
    (board_files(meta='<boardMetadata name="T" width="abc" height="1"/>'), False, "width is 'abc', not a number"),
    (board_files(shared='<b><terrainType name="Woods"/></b>'), False, "typeCode of terrain 'Woods' is None"),
    (board_files(shared='<b><terrainType name="Woods" typeCode="x"/></b>'), False,
     "typeCode of terrain 'Woods' is 'x'"),
    (board_files(los=b"\x1f\x8b\x08\x00garbage"), False, "not a VASL LOSData file"),
])
def test_reader_errors_are_one_line(tmp_path, files, zipped, says):
    write(tmp_path / "boards", files, zipped)
    if says is None:
        assert read_or_refuse(tmp_path / "boards").name == "T"
        return
    with pytest.raises(SoloError, match=says):
        load_board.cache_clear()
        load_board(tmp_path / "boards", "T")


def test_a_corrupt_zip_is_one_line(tmp_path):
    write(tmp_path / "boards", board_files(), True)
    archive = tmp_path / "boards" / "bdT"
    data = bytearray(archive.read_bytes())
    data[40:80] = bytes(40)  # the compressed LOSData, past the local header
    archive.write_bytes(bytes(data))
    with pytest.raises(SoloError, match="bdT is not a readable VASL board archive"):
        load_board.cache_clear()
        load_board(tmp_path / "boards", "T")


@st.composite
def folders(draw):
    """A board folder with one or more of its files damaged: attributes, typeCodes, bytes cut or flipped."""
    attrs = draw(st.dictionaries(st.sampled_from(["width", "height", "hexWidth", "hexHeight", "A1CenterX",
                                                  "A1CenterY"]),
                                 NUMBERS, max_size=3))
    meta = "<boardMetadata name=\"T\" " + " ".join(f'{k}="{v.replace(chr(34), "")}"' for k, v in attrs.items()) + "/>"
    meta = "".join(c for c in meta if c.isprintable())
    code = draw(NUMBERS)
    shared = (
        SHARED if draw(st.booleans()) else f'<b><terrainType name="Woods" typeCode="{code.replace(chr(34), "")}"/></b>'
    )
    shared = "".join(c for c in shared if c.isprintable())
    los = bytearray(board_files()["LOSData"])
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(los)))
        los = los[:cut]
    for at in draw(st.lists(st.integers(0, max(0, len(los) - 1)), max_size=3)):
        if los:
            los[at] ^= draw(st.integers(1, 255))
    return board_files(meta, bytes(los), shared), draw(st.booleans()), draw(st.integers(0, 400))


@given(folders())
def test_damaged_folders_read_or_refuse_in_one_line(tmp_path_factory, case):
    files, zipped, damage = case
    folder = tmp_path_factory.mktemp("boards")
    write(folder / "b", files, zipped)
    if zipped and damage:
        archive = folder / "b" / "bdT"
        data = bytearray(archive.read_bytes())
        data[damage % len(data)] ^= 0x55
        archive.write_bytes(bytes(data))
    read_or_refuse(folder / "b")


def test_boards_folder_names_a_missing_folder(tmp_path):
    with pytest.raises(SoloError, match="does not exist"):
        boards_folder(tmp_path / "nowhere")
