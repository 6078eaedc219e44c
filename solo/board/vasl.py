"""Read VASL board data in pure Python: a board archive ``bdNN`` (a zip with no extension)
from the player's VASL boards folder, or a bare folder holding LOSData and BoardMetadata.xml.

LOSData is a gzip-compressed Java serialization stream; only its block-data records are
read: four big-endian int32 (hex columns, hex rows, pixel width, pixel height), then for
every pixel (x outer, y inner) a signed elevation byte and a terrain-code byte, then a
stairway byte per hex. Terrain names come from VASL's SharedBoardMetadata.xml in the
player's boards folder. Nothing of VASL's is shipped with solo.
"""

import gzip
import math
import os
import struct
import xml.etree.ElementTree as ET
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solo.board.coords import Grid
from solo.core.content import config_dir, remember, settings
from solo.core.errors import SoloError

SHARED = "SharedBoardMetadata.xml"


@dataclass(frozen=True)
class RawBoard:
    """A board as VASL stores it: per-pixel elevation and terrain code, and its metadata."""

    name: str
    grid: Grid
    elevation: np.ndarray  # [x, y] int8, levels
    terrain: np.ndarray  # [x, y] uint8, VASL terrain codes
    building_types: dict  # hex name -> terrain name (BoardMetadata buildingTypes)


def boards_folder(option: str | Path | None = None) -> Path:
    """--vasl-boards DIR, else $SOLO_VASL_BOARDS, else vasl_boards in the config file."""
    chosen = option or os.environ.get("SOLO_VASL_BOARDS") or settings().get("vasl_boards")
    if not chosen:
        raise SoloError(f"no VASL boards folder: give --vasl-boards DIR, set SOLO_VASL_BOARDS, "
                        f"or write vasl_boards = \"DIR\" in {config_dir() / 'config.toml'}")
    folder = Path(chosen).expanduser()
    if not folder.is_dir():
        raise SoloError(f"VASL boards folder {folder} does not exist")
    return folder


def set_boards_folder(folder: str) -> Path:
    """Make ``folder`` the player's VASL boards folder (vasl_boards in the config file, its other settings kept), as
    the app's New mission dialog does; a folder that does not exist is refused and nothing is written."""
    chosen = boards_folder(folder)
    remember("vasl_boards", str(chosen))
    return chosen


def saved_folder(saved: str | None) -> Path | None:
    """The VASL boards folder a save names (None: it names none), used only when it is the folder the player's own
    setting names ($SOLO_VASL_BOARDS or vasl_boards in config.toml): a save is data, never a path to read."""
    if not saved:
        return None
    try:
        allowed = boards_folder()
    except SoloError:
        allowed = None
    if allowed is None or Path(saved).expanduser().resolve() != allowed.resolve():
        raise SoloError(f"this save reads VASL boards from {saved}, which is not your VASL boards folder "
                        f"({allowed or 'none set'}): set SOLO_VASL_BOARDS or vasl_boards in config.toml to that folder "
                        f"to use it")
    return allowed


def _archive_names(board: str) -> list[str]:
    names = [f"bd{board}"]
    if board.isdigit():
        names += [f"bd{int(board):02d}", f"bd{int(board)}"]
    return list(dict.fromkeys(names))


def read_files(folder: Path, board: str) -> tuple[bytes, bytes]:
    """LOSData and BoardMetadata.xml of a board, from an archive or a bare folder."""
    for name in _archive_names(board):
        path = folder / name
        try:
            if path.is_dir():
                return (path / "LOSData").read_bytes(), (path / "BoardMetadata.xml").read_bytes()
            if zipfile.is_zipfile(path):
                with zipfile.ZipFile(path) as archive:
                    return archive.read("LOSData"), archive.read("BoardMetadata.xml")
        except (OSError, KeyError, EOFError, ValueError, RuntimeError, NotImplementedError, zipfile.BadZipFile,
                zlib.error) as exc:  # a damaged archive: zipfile raises any of these
            raise SoloError(f"board {board}: {path} is not a readable VASL board archive with LOSData and "
                            f"BoardMetadata.xml ({exc}); VASL's own board file is needed") from None
    raise SoloError(f"board {board}: no board file {' or '.join(_archive_names(board))} in {folder}")


@dataclass(frozen=True)
class TerrainType:
    """One terrain of VASL's catalogue (SharedBoardMetadata.xml), with what its LOS code reads of it."""

    code: int
    name: str
    category: str = "OPEN"  # VASL's LOSCategory: OPEN, BUILDING, WOODS, HEXSIDE, DEPRESSION, ROAD, ...
    obstacle: bool = False  # blocks LOS traced through it (A6)
    hindrance: bool = False  # a LOS Hindrance (A6)
    height: float = 0.0  # its top above the ground, in levels (a half-level terrain adds 1/2)
    inherent: bool = False  # fills the whole hex whatever the picture shows (VASL's "inherent terrain")


def _flag(element, key: str) -> bool:
    return (element.get(key) or "FALSE").upper() == "TRUE"


def shared_file(folder: Path) -> Path:
    """VASL's SharedBoardMetadata.xml beside the boards (or one folder up, or in boardData/)."""
    for path in (folder / SHARED, folder.parent / SHARED, folder / "boardData" / SHARED):
        if path.is_file():
            return path
    raise SoloError(f"no {SHARED} in {folder}: copy it from your VASL install (boardData/{SHARED})")


def terrain_types(folder: Path) -> dict[int, TerrainType]:
    """VASL terrain code -> its terrain type, from SharedBoardMetadata.xml beside the boards (or one folder up)."""
    path = shared_file(folder)
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        raise SoloError(f"{path}: not readable XML ({exc})") from None
    types = {}
    for t in root.iter("terrainType"):
        name = t.get("name") or "?"
        code = _whole(t.get("typeCode"), f"{path}: typeCode of terrain {name!r}")
        height = _number(t.get("height", "0"), f"{path}: height of terrain {name!r}")
        if t.get("isLOSObstacle") is None:  # an older catalogue: the name alone
            types[code] = named_type(code, name)
            continue
        category = t.get("LOSCategory") or named_type(code, name).category
        obstacle = _flag(t, "isLOSObstacle")
        height += 0.5 if _flag(t, "isHalfLevelHeight") else 0.0
        hindrance = _flag(t, "isLOSHindrance")
        split = _number(t.get("split", "0"), f"{path}: split of terrain {name!r}")
        if split > 0 and _flag(t, "isLowerLOSHindrance"):  # an orchard (B14): a hindrance below its split,
            obstacle, hindrance = False, True  # where ground-level units trace LOS
        types[code] = TerrainType(code, name, category, obstacle, hindrance, height,
                                  _flag(t, "isInherentTerrain"))
    return types


# The category of a terrain known by its name alone (an older catalogue, a caller's code -> name table).
_CATEGORY = {"Dirt Road": "ROAD", "Paved Road": "ROAD", "Wall": "HEXSIDE", "Hedge": "HEXSIDE", "Bocage": "HEXSIDE",
             "Cliff": "HEXSIDE", "Woods": "WOODS"}


def named_type(code: int, name: str) -> TerrainType:
    """A terrain known by its name alone: buildings and woods 1 level obstacles, walls, hedges and bocage
    1/2 level hexside obstacles (a stand-in for VASL's catalogue)."""
    category = "BUILDING" if "Building" in name else _CATEGORY.get(name, "OPEN")
    obstacle = category in ("WOODS", "BUILDING", "HEXSIDE") and name != "Cliff"
    return TerrainType(code, name, category, obstacle, False, 0.5 if category == "HEXSIDE" else float(obstacle))


def terrain_names(folder: Path) -> dict[int, str]:
    """VASL terrain code -> name (``terrain_types`` has what LOS reads of each)."""
    return {code: t.name for code, t in terrain_types(folder).items()}


def _number(text, what: str) -> float:
    """A number of a board file, or one line naming the file and the attribute."""
    try:
        return float(text)
    except (TypeError, ValueError):
        raise SoloError(f"{what} is {text!r}, not a number; VASL's own board file is needed") from None


def _whole(text, what: str) -> int:
    """A whole number of a board file, or one line naming the file and the attribute."""
    value = _number(text, what)
    if not value.is_integer():
        raise SoloError(f"{what} is {text!r}, not a whole number; VASL's own board file is needed")
    return int(value)


def decode_los(data: bytes, where: str = "LOSData") -> tuple[int, int, np.ndarray, np.ndarray, bytes]:
    """(columns, rows, elevation[x, y], terrain[x, y], stairways) from LOSData bytes."""
    try:
        raw = gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as exc:
        raise SoloError(f"{where}: not a VASL LOSData file ({exc})") from None
    if raw[:4] != b"\xac\xed\x00\x05":
        raise SoloError(f"{where}: not a Java serialization stream; is this a VASL LOSData file?")
    blocks, i = bytearray(), 4
    while i < len(raw):
        tag = raw[i]
        if tag == 0x77 and i + 2 <= len(raw):
            size, start = raw[i + 1], i + 2
        elif tag == 0x7A and i + 5 <= len(raw):
            size, start = struct.unpack(">i", raw[i + 1:i + 5])[0], i + 5
        else:
            raise SoloError(f"{where}: unexpected record 0x{tag:02x} at byte {i}; not a LOSData file this reader knows")
        blocks += raw[start:start + size]
        i = start + size
    if len(blocks) < 16:
        raise SoloError(f"{where}: too short to be a LOSData file")
    columns, rows, width, height = struct.unpack(">4i", blocks[:16])
    end = 16 + width * height * 2
    if columns <= 0 or rows <= 0 or width <= 0 or height <= 0 or len(blocks) < end:
        raise SoloError(f"{where}: its grid ({columns} x {rows}, {width} x {height} px) does not match its size")
    pixels = np.frombuffer(bytes(blocks[16:end]), dtype=np.int8).reshape(width, height, 2)
    return columns, rows, pixels[:, :, 0].copy(), pixels[:, :, 1].view(np.uint8).copy(), bytes(blocks[end:])


def parse_metadata(data: bytes, where: str) -> tuple[str, Grid, dict]:
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise SoloError(f"{where}: not readable XML ({exc})") from None

    def get(key: str, default: float, low: float = 0.0) -> float:
        """A number of the board's metadata, at least ``low``."""
        value = _number(root.get(key, default), f"{where}: {key}")
        if not (math.isfinite(value) and value >= low):
            raise SoloError(f"{where}: {key}={value!r} is not a size this reader knows; VASL's own board file is "
                            "needed")
        return value

    grid = Grid(columns=int(get("width", 33, 1)), rows=int(get("height", 10, 1)),
                hex_width=get("hexWidth", 56.25, 1), hex_height=get("hexHeight", 64.5, 1),
                a1_x=get("A1CenterX", 0.0, -1e6), a1_y=get("A1CenterY", 32.25, -1e6))
    buildings = {b.get("hexName"): b.get("buildingTypeName") for b in root.iter("buildingType")}
    return root.get("name", "?"), grid, buildings


def read_board(folder: Path, board: str) -> RawBoard:
    return raw_board(*read_files(folder, board), board)


def raw_board(los: bytes, meta: bytes, board: str) -> RawBoard:
    name, grid, buildings = parse_metadata(meta, f"board {board} BoardMetadata.xml")
    columns, rows, elevation, terrain, _ = decode_los(los, f"board {board} LOSData")
    if (columns, rows) != (grid.columns, grid.rows):
        grid = Grid(columns, rows, grid.hex_width, grid.hex_height, grid.a1_x, grid.a1_y)
    return RawBoard(name, grid, elevation, terrain, buildings)
