"""The boards of VASL's Main Map and the hex a point of the map stands in, as VASSAL and VASL compute them (read in
their source: VASSAL's Map, Board and HexGrid, VASL's ASLBoardPicker, ASLBoard, VASLBoard and ASLHexGrid).

- The save's ``bd`` command lays the boards out: for each board its column and row on the map, its name (``r`` in
  front: flipped, turned 180 degrees), a crop rectangle, ``VER`` and the board version, ``OVR`` overlays, ``SSR``
  terrain rules, ``ZOOM`` a magnification.
- VASSAL puts a board at the sum of the widths of the boards left of it in its row and of the heights of the boards
  above it in its column, plus the map's edge buffer: VASL's Main Map has 400 pixels of margin on every side
  (edgeWidth and edgeHeight in VASL's module). A board's size is its image's (here: its LOSData grid, which VASL
  makes pixel for pixel from the image), cropped, magnified. A point on no board is off-board.
- A point on a board is made local to it (a flipped board: the board's size minus the point; then the
  magnification, then the crop's corner), and VASL's hex grid names it: the column whose centre is nearest across,
  then the row band of that column (the grid's origin is the A1 centre, an integer point, (0, 32) on a geomorphic
  board; hexes 56.24 x 64.51 pixels unless the board's BoardMetadata.xml gives its own); a point exactly on a
  hexside's snap point (a vehicle in bypass) is named by both hexes, ``K5/L5``. The half hexes on the board edges
  (row 0 and row 10 of odd columns, columns A and GG) get their own names."""

import io
import math
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

from solo.board import oto
from solo.board.coords import column_index, column_letters
from solo.board.vasl import boards_folder, decode_los, read_files
from solo.core.errors import SoloError

EDGE = (400, 400)  # VASL's Main Map edgeWidth, edgeHeight
MAIN_MAP = ("Main Map", "Map0")  # the Main Map by its name, and by the id older VASSAL versions wrote
HEX_WIDTH, HEX_HEIGHT, ORIGIN = 56.24, 64.51, (0, 32)  # VASL's ASLBoard hex grid when the board gives none
BOARDS = "bd\t"
MAX_PLACES = 100  # a board's column and row on the map: 0-99 (issue 40: a board at column 999,999,999 once took
# 57 s to place)
MAX_PIXELS = 100_000  # the largest board image side or crop coordinate (a geomorphic board is 1800 x 645)
ZOOMS = (0.05, 20.0)  # the magnifications solo takes (VASL offers 0.25 to 2); inf, nan, 1e308 are refused


@dataclass(frozen=True)
class BoardSpec:
    """One board as the save's ``bd`` command places it."""

    column: int
    row: int
    name: str  # as VASL names its archive: bd<name>
    flipped: bool
    crop: tuple[int, int, int, int] | None  # x, y, width, height in the board image (-1: to the edge)
    version: str | None
    overlays: tuple[tuple[str, str, str], ...]  # each overlay's name and the two hexes it is laid between
    ssr: tuple[str, ...]  # the terrain SSR names
    zoom: float


def board_specs(command: str) -> list[BoardSpec]:
    """The boards of a ``bd`` command (VASL's ASLBoardPicker.decode and buildBoard, read anew)."""
    if not command.startswith(BOARDS):
        raise ValueError(command[:20])
    return [_spec(part) for part in command[len(BOARDS):].split(BOARDS) if part.strip("\t\n")]


def _spec(desc: str) -> BoardSpec:
    tokens = [t for t in desc.replace("\n", "\t").split("\t") if t]
    try:
        column, row, name = int(tokens[0]), int(tokens[1]), tokens[2]
    except (IndexError, ValueError):
        raise SoloError(f"the board layout {desc.strip()[:80]!r} is not one VASL writes: column, row, board") from None
    if not (0 <= column < MAX_PLACES and 0 <= row < MAX_PLACES):
        raise SoloError(f"the board layout puts board {name[:20]!r} at column {column}, row {row}: VASL's map has "
                        f"room for {MAX_PLACES} boards across and down")
    flipped = name.startswith("r") and name.lower() not in ("r", "rdx")
    crop: tuple[int, int, int, int] | None
    try:
        left, top, right, bottom = (int(t) for t in tokens[3:7])
        crop = (left, top, right, bottom)
    except ValueError:  # not four numbers
        crop = None
    if crop and not all(-1 <= c <= MAX_PIXELS for c in crop):
        raise SoloError(f"the board layout crops board {name[:20]!r} to {crop}: not a rectangle of a board image")
    version = _after(desc, "VER")
    overlays: list[tuple[str, str, str]] = []
    rest = desc
    while "OVR" in rest:
        rest = rest[rest.index("OVR") + 4:]
        overlay, first, second = (rest.split("\t") + ["", ""])[:3]
        overlays.append((overlay, first, second))
    ssr = []
    if "SSR" in desc:
        for token in desc[desc.index("SSR") + 4:].split("\t"):
            if token in ("ZOOM", "FH"):
                break
            ssr += [token] if token else []
    try:
        zoom = float(desc[desc.index("ZOOM") + 5:]) if "ZOOM" in desc else 1.0
    except ValueError:
        zoom = 1.0  # VASL ignores a ZOOM it cannot read
    if not (math.isfinite(zoom) and ZOOMS[0] <= zoom <= ZOOMS[1]):
        raise SoloError(f"the board layout magnifies board {name[:20]!r} by ZOOM {zoom}: VASL magnifies a board "
                        f"{ZOOMS[0]} to {ZOOMS[1]} times")
    return BoardSpec(column, row, name[1:] if flipped else name, flipped, crop, version, tuple(overlays), tuple(ssr),
                     zoom)


def _after(desc: str, word: str) -> str | None:
    if word not in desc:
        return None
    tokens = [t for t in desc[desc.index(word) + len(word) + 1:].split("\t") if t]
    return tokens[0] if tokens else None


@dataclass(frozen=True)
class HexGrid:
    """VASSAL's hex grid as VASL sets it up for a board: hexes ``dx`` wide and ``dy`` high, A1's centre at the
    integer point (``x0``, ``y0``); columns upright, B1 below A1 (VASL's boards are not "alternate")."""

    dx: float = HEX_WIDTH
    dy: float = HEX_HEIGHT
    x0: int = ORIGIN[0]
    y0: int = ORIGIN[1]

    def name(self, x: int, y: int) -> str:
        """The hex holding the board point (``x``, ``y``), as VASL's ASLHexGrid names it."""
        px, py = x - self.x0, y + int(self.dy / 2 - self.y0)
        col = math.floor(px / self.dx + 0.5)
        row = self._row(col, py)
        other = None
        if x == self._side_x(x) and y == self._side_y(x, y):  # a hexside's snap point: both hexes are named
            if math.floor(2 * px / self.dx + 0.5) % 2:
                col = math.floor(px / self.dx)
                row = self._row(col, py)
                if col % 2 == 0:
                    other = (col + 1, row if py > (row - 0.5) * self.dy else row - 1)
                else:
                    other = (col + 1, row + 1 if py > row * self.dy else row)
            elif col % 2 == 0 and math.floor(2 * py / self.dy + 0.5) % 2 == 0:
                other = (col, row + 1 if py > (row - 0.5) * self.dy else row - 1)
            elif col % 2 and math.floor(2 * py / self.dy + 0.5) % 2:
                other = (col, row + 1 if py > row * self.dy else row - 1)
        name = _hex_name(col, row)
        return f"{name}/{_hex_name(*other)}" if other else name

    def _row(self, col: int, py: int) -> int:
        return math.floor(py / self.dy) + 1 if col % 2 == 0 else math.floor(py / self.dy + 0.5)

    def _side_x(self, x: int) -> int:
        return int(self.dx / 2 * math.floor((x - self.x0 + self.dx / 4) * 2 / self.dx) + self.x0)

    def _side_y(self, x: int, y: int) -> int:
        if math.floor((x - self.x0 + self.dx / 4) * 2 / self.dx) % 2 == 0:
            return int(self.dy / 2 * math.floor((y - self.y0 + self.dy / 4) * 2 / self.dy) + self.y0)
        return int(self.dy / 2 * math.floor((y - self.y0) * 2 / self.dy) + int(self.dy / 4) + self.y0)

    def centre(self, col: int, row: int) -> tuple[int, int]:
        """The board point VASL gives a hex (ASLHexGrid.getLocation)."""
        y = self.dy * (row - 1) if col % 2 == 0 else self.dy * (row - 0.5)
        return int(self.dx * col + 0.5) + self.x0, int(y + 0.5) + self.y0


def _hex_name(col: int, row: int) -> str:
    return ("-" + column_letters(-col) if col < 0 else column_letters(col)) + str(row)


@dataclass(frozen=True)
class PlacedBoard:
    """A board on the Main Map: where it is, its size there and its hex grid."""

    spec: BoardSpec
    grid: HexGrid
    columns: int
    rows: int
    image: tuple[int, int]  # the board image's width and height
    x: int = 0
    y: int = 0

    @property
    def label(self) -> str:
        """The board as a hex id starts with it: ``2`` for board 02 (as ASL writes 2K5)."""
        name = self.spec.name
        return str(int(name)) if name.isdigit() else name

    @property
    def size(self) -> tuple[int, int]:
        """Width and height on the map: the image, cropped, magnified."""
        crop = self.spec.crop or (0, 0, -1, -1)
        width = crop[2] if crop[2] > 0 else self.image[0]
        height = crop[3] if crop[3] > 0 else self.image[1]
        zoom = self.spec.zoom
        return (round(zoom * width), round(zoom * height)) if zoom != 1.0 else (width, height)

    def contains(self, x: int, y: int) -> bool:
        width, height = self.size
        return self.x <= x < self.x + width and self.y <= y < self.y + height

    def local(self, x: int, y: int) -> tuple[int, int]:
        """The board image point under the map point (ASLBoard.localCoordinates)."""
        x, y = x - self.x, y - self.y
        if self.spec.flipped:
            x, y = self.size[0] - x, self.size[1] - y
        if self.spec.zoom != 1.0:
            x, y = _java_round(x / self.spec.zoom), _java_round(y / self.spec.zoom)
        crop = self.spec.crop or (0, 0, -1, -1)
        return x + crop[0], y + crop[1]

    def to_map(self, x: int, y: int) -> tuple[int, int]:
        """The map point over the board image point (ASLBoard.globalCoordinates)."""
        crop = self.spec.crop or (0, 0, -1, -1)
        x, y = x - crop[0], y - crop[1]
        if self.spec.zoom != 1.0:
            x, y = _java_round(x * self.spec.zoom), _java_round(y * self.spec.zoom)
        if self.spec.flipped:
            x, y = self.size[0] - x, self.size[1] - y
        return x + self.x, y + self.y

    def hex_at(self, x: int, y: int) -> str:
        """The hex (board-local name, e.g. K5) at the map point (``x``, ``y``) of this board."""
        return self.grid.name(*self.local(x, y))

    def hex_centre(self, hex_name: str) -> tuple[int, int]:
        """The map point of a hex's centre, for a hex this board has (K5, AA0 ...)."""
        col, row = self.parse(hex_name)
        x, y = self.to_map(*self.grid.centre(col, row))  # a half hex of the edge: its centre is on the board's edge,
        width, height = self.size  # which the next board (or no board) holds: the point moved one pixel onto this one
        return min(max(x, self.x), self.x + width - 1), min(max(y, self.y), self.y + height - 1)

    def parse(self, hex_name: str) -> tuple[int, int]:
        text = hex_name.strip().upper()
        letters = text.rstrip("0123456789")
        try:
            col, row = column_index(letters), int(text[len(letters):])
        except (ValueError, IndexError):
            raise SoloError(f"bad hex {hex_name!r}: write column letters then row, e.g. K5") from None
        if not (0 <= col < self.columns and (1 if col % 2 == 0 else 0) <= row <= self.rows):
            raise SoloError(f"board {self.label} has no hex {hex_name!r}")
        return col, row


def _java_round(value: float) -> int:
    """Java's Math.round: halves upward."""
    return math.floor(value + 0.5)


@dataclass(frozen=True)
class Layout:
    """The boards of the Main Map, in the order VASL lists them."""

    boards: tuple[PlacedBoard, ...]

    def board_at(self, x: int, y: int) -> PlacedBoard | None:
        """The board holding the map point (the first listed, as VASSAL's Map.findBoard), or None off the boards."""
        return next((b for b in self.boards if b.contains(x, y)), None)

    def board(self, label: str) -> PlacedBoard:
        for b in self.boards:
            if b.label == label or b.spec.name == label:
                return b
        raise SoloError(f"no board {label} on this game's map (boards: {', '.join(b.label for b in self.boards)})")


def read_layout(specs: list[BoardSpec], folder: Path | None) -> Layout:
    """The Main Map of ``specs``, each board's geometry read from the VASL boards ``folder`` (None: the player's
    own, as `solo boards` finds it)."""
    boards = [_board(spec, folder) for spec in specs]
    widths = {(b.spec.column, b.spec.row): b.size[0] for b in boards}
    heights = {(b.spec.column, b.spec.row): b.size[1] for b in boards}
    placed = []
    for b in boards:  # the boards left of it in its row, above it in its column: over the boards, not the places
        col, row = b.spec.column, b.spec.row
        x = sum(w for (c, r), w in widths.items() if r == row and c < col) + EDGE[0]
        y = sum(h for (c, r), h in heights.items() if c == col and r < row) + EDGE[1]
        placed.append(PlacedBoard(b.spec, b.grid, b.columns, b.rows, b.image, x, y))
    return Layout(tuple(placed))


def _board(spec: BoardSpec, folder: Path | None) -> PlacedBoard:
    if spec.name.upper() == oto.NAME:  # a legacy board archive: its data file's grid, its image's size
        legacy, image = oto.legacy_grid(oto.archive(folder or boards_folder()))
        return PlacedBoard(spec, HexGrid(legacy.hex_width, legacy.hex_height, int(legacy.a1_x), int(legacy.a1_y)),
                           legacy.columns, legacy.rows, image)
    los, meta = read_files(folder or boards_folder(), spec.name)
    where = f"board {spec.name} BoardMetadata.xml"
    try:
        root = ET.fromstring(meta)
    except ET.ParseError as exc:
        raise SoloError(f"{where}: not readable XML ({exc})") from None
    columns, rows, elevation, _terrain, _stairs = decode_los(los, f"board {spec.name} LOSData")

    def number(key: str, default: float, low: float, high: float) -> float:
        try:
            value = float(root.get(key, default))
        except ValueError:
            raise SoloError(f"{where}: {key}={root.get(key)!r} is not a number") from None
        if not (math.isfinite(value) and low <= value <= high):
            raise SoloError(f"{where}: {key}={root.get(key)!r} is not from {low:g} to {high:g}")
        return value

    grid = HexGrid(number("hexWidth", HEX_WIDTH, 1, MAX_PIXELS), number("hexHeight", HEX_HEIGHT, 1, MAX_PIXELS),
                   int(number("A1CenterX", ORIGIN[0], -MAX_PIXELS, MAX_PIXELS)),
                   int(number("A1CenterY", ORIGIN[1], -MAX_PIXELS, MAX_PIXELS)))
    return PlacedBoard(spec, grid, columns, rows, elevation.shape)


def bd_command(boards: list[tuple[int, int, str, bool]], folder: Path | None) -> str:
    """The ``bd`` command laying out ``boards`` (column, row, name, flipped) as VASL writes it, each with the version
    of the player's board file (VASL offers a newer board when the versions differ)."""
    return "".join(f"{BOARDS}{column}\t{row}\t{'r' if flipped else ''}{_archive_name(name)}\tVER\t"
                   f"{board_version(name, folder)}\t" for column, row, name, flipped in boards)


def _archive_name(name: str) -> str:
    """A board as VASL names it in a layout: a geomorphic board's number in two digits (``04``), else its name."""
    return f"{int(name):02d}" if name.isdigit() else name


def board_version(name: str, folder: Path | None) -> str:
    """A board's version: its BoardMetadata.xml's (a legacy archive's data file's)."""
    folder = folder or boards_folder()
    if name.upper() == oto.NAME:
        with zipfile.ZipFile(io.BytesIO(oto.archive(folder))) as zipped:
            words = dict(line.split(None, 1) for line in zipped.read("data").decode("latin-1").splitlines()
                         if len(line.split()) == 2)
        return words.get("version", "1.0").strip()
    try:
        return ET.fromstring(read_files(folder, name)[1]).get("version") or "1.0"
    except ET.ParseError as exc:
        raise SoloError(f"board {name} BoardMetadata.xml: not readable XML ({exc})") from None
