"""The Onslaught to Orsha (OtO) map, read from its picture.

VASL has no terrain data for the OtO map: only its legacy board archive ``bdOTO`` in the player's VASL boards folder,
a zip holding ``data`` (the hex grid: ``x0``, ``y0`` the centre of A1 in pixels, ``dx``, ``dy`` the hex width and
height) and the map image. solo reads the terrain off the picture, in four steps:

1. Every pixel gets a class by its colour: the map is drawn with a few flat colours per terrain (``PAINT``: the
   open-ground green and its speckles, the grain yellow and its stripes, the woods, marsh, brush, orchard, shellhole,
   gully, road, railway, bridge, building and hill colours; hex lines, ids and centre dots are ``ink`` and count for
   nothing).
2. Every hex gets the share of each class among its own pixels (the pixels nearer its centre than any other), and a
   terrain by ``RULES``: a pattern terrain (orchard circles, shellhole craters, grain stripes) needs only part of the
   hex, as an ASL player reads it; woods or marsh must cover a good part of it. Its confidence is the share of its
   pixels the chosen terrain explains (its own colours and the ground under them) less the share of competing terrain.
3. What the rules texts say of the map (``TEXTS``: the Culvert, the grain-road, the K33 bridge) and the player's own
   corrections (``overrides``: ``oto.toml`` in the config folder) go on top.
4. The classified hexes are painted back into a terrain grid of VASL's terrain codes (woods and buildings where they
   are drawn, a pattern terrain over its whole hex, roads where they are drawn) with their levels, so that roads,
   movement and LOS work as on a geomorphic board (solo/board/terrain.py, graph.py, los.py).

The LVP (red circles with a white number) are found the same way: the hexes whose own pixels hold a red circle.
The slope hexsides (OtO 1.1: brown hash marks along a hexside, inside the hex that is Down-Slope across it) likewise:
the slope-coloured pixels by the hex they lie in and the hexside they are nearest (``slope_sides``, ``Hex.slopes``).
Nothing of the map is shipped with solo: the player's own copy is read at run time and classified once (the cache).
"""

import hashlib
import io
import json
import math
import re
import tomllib
import zipfile
import zlib
from dataclasses import asdict, dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np

from solo.board.coords import Grid, column_letters
from solo.board.stored import cache_path, read_cached, write_cached
from solo.board.terrain import Board, Hex
from solo.board.vasl import RawBoard, shared_file, terrain_types
from solo.core.content import config_dir
from solo.core.errors import SoloError

NAME = "OTO"  # `solo boards show oto`
ARCHIVE = "bdOTO"
CLASSIFIER = "4"  # bump when this module classifies or stores differently: the cache is then rebuilt
OVERRIDES = "oto.toml"
LEVELS = (-1, 5)  # the levels a hex of the OtO map may be given (a gully -1, the hill 1; issue 40: 300 overflowed)

# Step 1: the map's colours by class (RGB as drawn). A pixel takes the class of the nearest colour within TOLERANCE.
PAINT = {
    "ink": [(31, 26, 23), (255, 255, 255)],  # hex lines, hex ids, centre dots
    "open": [(199, 216, 150), (160, 194, 120), (226, 231, 190), (132, 167, 90), (239, 239, 211), (111, 143, 75),
             (112, 181, 75)],  # the ground and its speckles; (112, 181, 75) the bright green of the map's far west
    "hill": [(208, 176, 82)],  # the tan hill along the east edge (level 1)
    "grain": [(235, 230, 123), (187, 187, 44), (237, 225, 33)],
    "road": [(230, 226, 139)],
    "brush": [(167, 203, 110), (85, 85, 63)],
    "marsh": [(64, 112, 67), (175, 208, 215), (46, 50, 53), (50, 60, 65)],
    "woods": [(60, 140, 70), (85, 83, 62)],
    "orchard": [(32, 162, 62)],
    "shellholes": [(201, 176, 82), (68, 64, 44), (167, 117, 64), (173, 152, 75)],
    "gully": [(76, 70, 46), (152, 98, 45), (97, 164, 58)],
    "building": [(116, 63, 43), (123, 74, 44), (67, 64, 44), (166, 117, 64)],
    "railway": [(168, 179, 185), (152, 161, 170), (159, 187, 125), (217, 219, 222), (109, 126, 136),
                (119, 135, 144), (57, 54, 51), (77, 74, 67), (187, 172, 126), (80, 78, 62), (118, 106, 89),
                (194, 133, 92), (80, 122, 144), (151, 99, 46)],
    "bridge": [(157, 102, 49), (112, 98, 79), (131, 143, 153)],
    "lvp": [(218, 37, 29)],
    "slope": [(125, 93, 62)],  # OtO 1.1: slope hash marks along a hexside
}
CLASSES = tuple(PAINT)
TOLERANCE = 8  # sum of the RGB differences
UNCOUNTED = ("ink", "lvp", "slope")  # drawn over the terrain: no share of the hex
GROUND = ("open", "hill", "road")
# Step 2: (terrain, its classes, the share of the hex they must reach), first match wins.
RULES = (
    ("bridge", ("bridge",), 0.04),
    ("wooden building", ("building",), 0.06),
    ("railroad", ("railway",), 0.3),
    ("gully", ("gully",), 0.12),
    ("marsh", ("marsh",), 0.3),
    ("woods", ("woods",), 0.3),
    ("orchard-shellholes", ("orchard", "shellholes"), None),  # both drawn: OtO 2.2
    ("orchard", ("orchard",), 0.08),
    ("grain", ("grain",), 0.3),
    ("brush", ("brush",), 0.3),
    ("shellholes", ("shellholes",), 0.1),
)
PATTERN_SHARE = 0.06  # orchard-shellholes: each of its two patterns at least this share
# OtO 2.1 Terrain Combinations: a second terrain drawn in the same hex (brush in a gully, shellholes in grain ...),
# when it covers at least this share of the hex; both terrains' rules apply.
ALSO = {"brush": 0.2, "grain": 0.2, "shellholes": 0.1, "orchard": 0.08, "woods": 0.2}
# What the rule texts say of hexes of the OtO map (on top of the picture).
TEXTS = {
    "M23": ("culvert", "OtO 3.1: the Culvert in M23, a subterranean gully, is Open Ground at level 0"),
    "W9": ("grain", "OtO 2.3: W9 is a grain-road (grain in every respect, road movement along its road)"),
    "K33": ("bridge", "OtO CG LVP: the K33 bridge over the gully"),
}
# Step 4: the VASL terrain each classified terrain is painted with (the player's SharedBoardMetadata.xml gives codes).
VASL_NAMES = {"open": "Open Ground", "grain": "Grain", "brush": "Brush", "marsh": "Marsh", "woods": "Woods",
              "orchard": "Orchard", "orchard-shellholes": "Orchard, Out of Season", "shellholes": "Shellholes",
              "gully": "Gully", "road": "Dirt Road", "wooden building": "Wooden Building", "culvert": "Open Ground",
              "bridge": "Single Hex Wooden Bridge", "railroad": "Railroad, Ground Level"}
DRAWN = {"woods": "woods", "building": "wooden building", "gully": "gully", "road": "road", "bridge": "bridge",
         "railway": "railroad"}  # classes painted where they are drawn, whatever the hex
AREA = ("grain", "brush", "marsh", "orchard", "orchard-shellholes", "shellholes")  # painted over the whole hex
TERRAINS = ("open", *(rule[0] for rule in RULES), "culvert")
LVP_PIXELS = 60  # red pixels of one hex that make it an LVP (a circle is about 380)
# OtO 1.1: "a slope hexside is represented by brown hash-marks along that hexside" (EX: T19-T20). The marks of one
# hexside are an arc of about 150-210 pixels of the slope colour inside one hex; an arc drawn across a vertex leaks at
# most about 60 into the next hexside of the hex: a hexside is a slope with at least this many.
SLOPE_PIXELS = 90


@dataclass(frozen=True)
class Reading:
    """How one hex was read: its terrain and level, the confidence, and where they came from."""

    terrain: str
    level: int
    confidence: float
    source: str  # "picture", "text" (the rules say it; ``why``) or "override" (the player's oto.toml)
    why: str = ""
    also: str = ""  # OtO 2.1: the second terrain of a Terrain Combination hex


class OtoMap(Board):
    """The OtO map as a classified board, with how each hex was read (``readings``) and its LVP hexes."""

    readings: dict[str, Reading]
    lvp: list[str]


def archive(folder: Path) -> bytes:
    """The bytes of bdOTO in the VASL boards folder (or in a folder of that name beside the other boards)."""
    path = folder / ARCHIVE
    if path.is_dir():  # unpacked beside the other boards' folders
        path = path / ARCHIVE
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise SoloError(f"no OtO map: {ARCHIVE} is not in {folder} (VASL's boards folder holds it)") from None
    except OSError as exc:
        raise SoloError(f"{path} is not readable ({exc})") from None


def read_archive(data: bytes) -> tuple[Grid, np.ndarray]:
    """The OtO map's grid and picture (RGB [y, x]) from the bytes of bdOTO: its ``data`` file and its map image."""
    return _read(data, pixels=True)


def legacy_grid(data: bytes) -> tuple[Grid, tuple[int, int]]:
    """The grid and image size (width, height) of bdOTO's bytes, the image's header read, not its pixels (VASL lays
    the board out on the Main Map by its image's size)."""
    return _read(data, pixels=False)


def _read(data: bytes, pixels: bool):
    from PIL import Image, UnidentifiedImageError

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zipped:
            names = zipped.namelist()
            geometry = _geometry(_entry(zipped, "data", 1 << 16).decode("latin-1"))
            pictures = [n for n in names if n.lower().endswith((".gif", ".png", ".jpg"))]
            if not pictures:
                raise SoloError(f"{ARCHIVE}: no map image in the archive; VASL's own bdOTO is needed")
            with Image.open(io.BytesIO(_entry(zipped, pictures[0], MAX_BYTES))) as image:
                width, height = image.size
                if not pixels:
                    return grid_of(geometry, width, height), (width, height)
                if width * height > MAX_PIXELS:
                    raise SoloError(f"{ARCHIVE}: its map image is {width} x {height} pixels, more than the "
                                    f"{MAX_PIXELS:,} solo reads (VASL's OtO map is 2410 x 5036)")
                picture = np.asarray(image.convert("RGB"))
    except (OSError, KeyError, EOFError, ValueError, RuntimeError, zipfile.BadZipFile, zlib.error,
            UnidentifiedImageError, Image.DecompressionBombError) as exc:
        raise SoloError(f"{ARCHIVE} is not a readable VASL board archive with data and a map image ({exc})") from None
    return grid_of(geometry, *picture.shape[1::-1]), picture


def grid_of(geometry: tuple[float, float, float, float], width: int, height: int) -> Grid:
    """The hex grid of a legacy board archive's ``data`` geometry over its map image of ``width`` x ``height``."""
    x0, y0, dx, dy = geometry
    columns = int((width - x0) // dx) + 1
    rows = int((height - y0) // dy) + 1
    odd_last = int((height - y0 - dy / 2) // dy) + 1
    if columns < 2 or rows < 2 or odd_last < 1:
        raise SoloError(f"{ARCHIVE}: its map image ({width} x {height} pixels) does not hold its hex grid "
                        f"(A1 at {x0:g}, {y0:g}; hexes {dx:g} x {dy:g}); VASL's own bdOTO is needed")
    return Grid(columns, rows, dx, dy, x0, y0, odd_rows=(1, odd_last))


MAX_PIXELS = 20_000_000  # the largest map image read (VASL's is 12 million pixels; issue 40: 178 million crashed)
MAX_BYTES = 64 << 20  # the largest archive entry read (VASL's map image is 1.9 MB)


def _entry(zipped: zipfile.ZipFile, name: str, cap: int) -> bytes:
    """An entry of the archive, read with a size cap (the size the archive states is not trusted)."""
    with zipped.open(name) as handle:
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise SoloError(f"{ARCHIVE}: its {name} is larger than the {cap:,} bytes solo reads; VASL's own bdOTO is "
                        f"needed")
    return data


def _geometry(text: str) -> tuple[float, float, float, float]:
    values = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            values[parts[0]] = parts[1]
    try:
        x0, y0, dx, dy = (float(values[k]) for k in ("x0", "y0", "dx", "dy"))
    except (KeyError, ValueError):
        raise SoloError(f"{ARCHIVE}: its data file gives no hex grid (x0, y0, dx, dy)") from None
    if not all(math.isfinite(v) for v in (x0, y0, dx, dy)) or not (1 <= dx <= 1000 and 1 <= dy <= 1000) \
            or not (-1000 <= x0 <= 1000 and -1000 <= y0 <= 1000):
        raise SoloError(f"{ARCHIVE}: its hex grid (x0 {x0}, y0 {y0}, dx {dx}, dy {dy}) is not one of a VASL board "
                        f"(VASL's: 0, 44, 83, 96)")
    return x0, y0, dx, dy


def pixel_classes(picture: np.ndarray) -> np.ndarray:
    """[x, y] the index into CLASSES of each pixel's colour (-1: no colour of the map within TOLERANCE)."""
    colours = np.array([c for name in CLASSES for c in PAINT[name]], dtype=np.int32)
    owner = np.array([i for i, name in enumerate(CLASSES) for _ in PAINT[name]])
    flat = picture.reshape(-1, 3).astype(np.int32)
    packed = (flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2]
    distinct, inverse = np.unique(packed, return_inverse=True)  # a map has few colours: match each once
    rgb = np.stack([distinct >> 16, (distinct >> 8) & 255, distinct & 255], axis=1)
    diff = np.abs(rgb[:, None, :] - colours[None, :, :]).sum(axis=2)
    nearest = diff.argmin(axis=1)
    cls = np.where(diff[np.arange(len(distinct)), nearest] <= TOLERANCE, owner[nearest], -1)
    height, width = picture.shape[:2]
    return cls[inverse].reshape(height, width).T.astype(np.int8)


def under_ink(classes: np.ndarray, reach: int = 4) -> np.ndarray:
    """The classes with what is drawn over the terrain (hex lines, ids, dots, LVP circles, slopes, unknown colours)
    replaced by the terrain beside it, up to ``reach`` pixels away: a road runs on across a hexside line."""
    out = classes.copy()
    covered = np.isin(out, [-1, *(CLASSES.index(c) for c in UNCOUNTED)])
    for step in range(1, reach + 1):
        for dx, dy in ((step, 0), (-step, 0), (0, step), (0, -step)):
            shifted = np.roll(out, (dx, dy), axis=(0, 1))
            take = covered & ~np.isin(shifted, [-1, *(CLASSES.index(c) for c in UNCOUNTED)])
            out = np.where(take, shifted, out)
            covered &= ~take
    return out


def hex_shares(grid: Grid, classes: np.ndarray) -> np.ndarray:
    """[hex, class] the share of each class among a hex's own counted pixels (ink, LVP circles, slopes and
    unknown colours left out)."""
    from solo.board.los import pixel_hexes

    owner = pixel_hexes(grid, *classes.shape)
    counted = (owner >= 0) & (classes >= 0) & ~np.isin(classes, [CLASSES.index(c) for c in UNCOUNTED])
    index = owner[counted].astype(np.int64) * len(CLASSES) + classes[counted]
    counts = np.bincount(index, minlength=len(grid.hexes) * len(CLASSES)).reshape(len(grid.hexes), len(CLASSES))
    return counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)


def read_hex(share: dict[str, float]) -> tuple[str, int, float, str]:
    """A hex's terrain, level, confidence and second terrain (OtO 2.1) from its class shares (RULES, ALSO)."""
    terrain = "open"
    own: tuple[str, ...] = ()
    for name, classes, needed in RULES:
        if needed is None:
            if all(share[c] >= PATTERN_SHARE for c in classes):
                terrain, own = name, classes
                break
        elif sum(share[c] for c in classes) >= needed:
            terrain, own = name, classes
            break
    also = next((c for c in sorted(ALSO, key=lambda c: -share[c]) if c not in own and share[c] >= ALSO[c]
                 and terrain not in ("open", "railroad", "wooden building", "bridge")), "")
    own = (*own, also) if also else own
    ground = sum(share[c] for c in GROUND)
    others: float = sum(v for c, v in share.items() if c not in own and c not in GROUND)
    if terrain == "railroad":
        others = 0.0  # the track's ballast and sleepers are many colours of its own
    confidence = max(0.0, min(1.0, sum(share[c] for c in own) + ground - others))
    hill = share["hill"] > share["open"]  # a road on the hill is on the hill
    level = -1 if terrain == "gully" else 1 if hill else 0
    return terrain, level, round(float(confidence), 2), also


def overrides(path: Path | None = None) -> dict[str, tuple[str, int | None]]:
    """The player's corrections: ``oto.toml`` in the config folder, lines ``M12 = "woods"`` or ``BB26 = "open, level
    1"``. A line that names no hex of the map or no terrain solo knows is refused in one line."""
    path = path or config_dir() / OVERRIDES
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SoloError(f"{path}: not valid TOML ({exc}); fix it or remove it") from None
    found = {}
    for hex_id, value in data.items():
        if not isinstance(value, str):
            raise SoloError(f"{path}: {hex_id} = {value!r}: write a terrain in quotes, e.g. {hex_id} = \"woods\"")
        terrain, _, level = (part.strip() for part in value.partition(","))
        if terrain not in TERRAINS:
            raise SoloError(f"{path}: {hex_id} = {value!r}: no terrain {terrain!r} (one of {', '.join(TERRAINS)})")
        number = re.fullmatch(r"level (-?[0-9]{1,3})", level)  # ASCII digits: "level ²" is no level (issue 40)
        if level and not (number and LEVELS[0] <= int(number[1]) <= LEVELS[1]):
            raise SoloError(f"{path}: {hex_id} = {value!r}: write the level as \"{terrain}, level 1\", a level from "
                            f"{LEVELS[0]} to {LEVELS[1]}")
        found[hex_id.strip().upper()] = (terrain, int(number[1]) if number else None)
    return found


def classify(folder: Path, corrections: dict, data: bytes | None = None) -> OtoMap:
    """The OtO map read from the player's bdOTO (``data``: its bytes, when read already), with the rules texts' hexes
    and the player's corrections on top."""
    grid, picture = read_archive(data or archive(folder))
    types = terrain_types(folder)
    codes = {t.name: code for code, t in types.items()}
    missing = sorted(set(VASL_NAMES.values()) - set(codes))
    if missing:
        raise SoloError(f"{shared_file(folder)} has no terrain {', '.join(missing)}: VASL's own catalogue is needed")
    classes = pixel_classes(picture)
    shares = hex_shares(grid, classes)
    lvp = lvp_hexes(grid, classes)
    slopes = slope_sides(grid, classes)
    classes = under_ink(classes)
    names = [grid.name(c, r) for c, r in grid.hexes]
    readings = {}
    for name, row in zip(names, shares, strict=False):
        terrain, level, confidence, also = read_hex(dict(zip(CLASSES, row, strict=False)))
        readings[name] = Reading(terrain, level, confidence, "picture", also=also)
    for name, (terrain, why) in TEXTS.items():
        readings[name] = Reading(terrain, 0, 1.0, "text", why)
    for name, (terrain, level) in corrections.items():
        if name not in readings:
            raise SoloError(f"{config_dir() / OVERRIDES}: no hex {name} on the OtO map (columns A-"
                            f"{column_letters(grid.columns - 1)}, rows 1-{grid.rows})")
        old = readings[name]
        readings[name] = Reading(terrain, old.level if level is None else level, 1.0, "override",
                                 f"your {OVERRIDES} (read as {old.terrain}, {old.confidence:.0%})")
    terrain, elevation = paint(grid, classes, [readings[n] for n in names], codes)
    board = OtoMap(RawBoard("OtO", grid, elevation, terrain, {}), types)
    hexes = {}
    for name, h in board.hexes.items():  # roads as drawn (solo/board/terrain.py); terrain and level as read
        reading = readings[name]
        hexes[name] = replace(h, terrain=reading.terrain, elevation=reading.level, slopes=slopes.get(name, ()))
    board.__dict__["hexes"] = _roads_joined(grid, hexes)
    board.readings = readings
    board.lvp = lvp
    return board


def _roads_joined(grid: Grid, hexes: dict[str, Hex]) -> dict[str, Hex]:
    """A road that crosses a hexside crosses it for the hexes on both sides (B3): a road drawn under a bridge's
    deck or narrowed by a grain field (OtO 2.3's grain-road) still leaves its hex where the next hex's road enters."""
    bridged = {name: {*h.road_sides, *((s + 3) % 6 for s in h.road_sides)} if h.terrain == "bridge"
               else set(h.road_sides) for name, h in hexes.items()}  # a bridge carries its road straight across (B6)
    out = {}
    for (column, row), (name, h) in zip(grid.hexes, hexes.items(), strict=False):
        sides = set(bridged[name])
        for side in range(6):
            other = grid.neighbour(column, row, side)
            if other is not None and (side + 3) % 6 in bridged[grid.name(*other)]:
                sides.add(side)
        out[name] = replace(h, road_sides=tuple(sorted(sides)), road_exits=len(sides), road=h.road or bool(sides))
    return out


def paint(grid: Grid, classes: np.ndarray, readings: list[Reading], codes: dict[str, int]):
    """VASL terrain codes and levels per pixel [x, y]: drawn terrain where drawn, a pattern terrain over its hex."""
    from solo.board.los import pixel_hexes

    owner = np.maximum(pixel_hexes(grid, *classes.shape), 0)
    overridden = np.array([r.source != "picture" for r in readings])
    code_of = np.array([codes[VASL_NAMES[r.terrain]] if r.terrain in AREA or r.source != "picture"
                        else codes[VASL_NAMES[r.also]] if r.also in AREA else codes["Open Ground"] for r in readings],
                       dtype=np.uint8)
    terrain = code_of[owner]
    for cls, name in DRAWN.items():  # roads as drawn everywhere; the rest only where the picture decides the hex
        drawn = (classes == CLASSES.index(cls)) & (cls == "road" or ~overridden[owner])
        terrain = np.where(drawn, np.uint8(codes[VASL_NAMES[name]]), terrain)
    levels = np.array([max(r.level, 0) for r in readings], dtype=np.int8)
    elevation = levels[owner]
    gully = (classes == CLASSES.index("gully")) & ~overridden[owner]
    elevation = np.where(gully, elevation - 1, elevation).astype(np.int8)
    return terrain.astype(np.uint8), elevation


def lvp_hexes(grid: Grid, classes: np.ndarray) -> list[str]:
    """The hexes holding an LVP circle (red, with the VP value in white), in column order."""
    from solo.board.los import pixel_hexes

    owner = pixel_hexes(grid, *classes.shape)
    red = owner[(classes == CLASSES.index("lvp")) & (owner >= 0)]
    counts = np.bincount(red, minlength=len(grid.hexes))
    return [grid.name(*grid.hexes[i]) for i in np.nonzero(counts >= LVP_PIXELS)[0]]


def slope_sides(grid: Grid, classes: np.ndarray) -> dict[str, tuple[int, ...]]:
    """OtO 1.1-1.2: each hex's slope hexsides whose hash marks lie in it (the hex is Down-Slope across them, the hex
    beyond Up-Slope): the slope-coloured pixels counted by the hex they lie in and the hexside they are nearest (the
    hex whose centre is next nearest), SLOPE_PIXELS or more making a slope hexside."""
    from solo.board.los import nearest_hexes

    x, y = np.nonzero(classes == CLASSES.index("slope"))
    best, second = nearest_hexes(grid, x.astype(float), y.astype(float))
    keep = (best >= 0) & (second >= 0)
    pairs, counts = np.unique(np.stack([best[keep], second[keep]], axis=1), axis=0, return_counts=True)
    found: dict[str, list[int]] = {}
    for (a, b), n in zip(pairs.tolist(), counts.tolist(), strict=True):
        if n < SLOPE_PIXELS:
            continue
        column, row = grid.hexes[a]
        side = next((s for s in range(6) if grid.neighbour(column, row, s) == grid.hexes[b]), None)
        if side is not None:
            found.setdefault(grid.name(column, row), []).append(side)
    return {name: tuple(sorted(sides)) for name, sides in found.items()}


@cache
def load(folder: Path) -> OtoMap:
    """The classified OtO map, kept in the cache folder (keyed by the archive, the catalogue, the player's
    corrections and this classifier)."""
    data, corrections = archive(folder), overrides()
    key = hashlib.sha256(data + shared_file(folder).read_bytes() + json.dumps(sorted(corrections.items())).encode()
                         + CLASSIFIER.encode()).hexdigest()
    path = cache_path(key)
    cached = read_cached(path, OtoMap)
    if cached is not None and "readings" in cached.extra:
        cached.readings = {n: Reading(**r) for n, r in cached.extra["readings"].items()}
        cached.lvp = cached.extra["lvp"]
        return cached
    board = classify(folder, corrections, data)
    write_cached(path, board, {"readings": {n: asdict(r) for n, r in board.readings.items()}, "lvp": board.lvp})
    return board


@cache  # the board is load()'s own, cached: one cut map a process, so the map's caches (the AI's arrays) hit
def in_play(board: OtoMap, last_row: int) -> OtoMap:
    """The map cut to hexrows 1..``last_row`` (OtO-S1: "Only hexrows 1-28 are in play")."""
    g, (terrain, elevation, codes) = board.grid, board.grids()
    assert g.odd_rows is not None, "the OtO map's odd-index columns have their own rows"
    grid = replace(g, rows=last_row, odd_rows=(1, min(last_row, g.odd_rows[1])))
    keep = {grid.name(c, r) for c, r in grid.hexes}
    height = int(g.a1_y + last_row * g.hex_height + g.hex_height / 2)
    cut = OtoMap.from_hexes(board.name, grid, {n: h for n, h in board.hexes.items() if n in keep},
                            terrain[:, :height], elevation[:, :height], codes)
    cut.readings = {n: r for n, r in board.readings.items() if n in keep}
    cut.lvp = [n for n in board.lvp if n in keep]
    return cut

