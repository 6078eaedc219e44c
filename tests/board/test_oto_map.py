"""The OtO map read from its picture (issue 17): solo/board/oto.py against a hand-checked sample, the rules texts'
hexes, the player's corrections, and `solo boards show oto`. The map itself is test data (../shared/vasl-boards/bdOTO):
the tests that read it skip where it is absent; the sample is a reading by eye, not data taken from the file."""

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from solo.board import oto
from solo.board.coords import Grid
from solo.cli import cli
from solo.core.errors import SoloError
from tests.conftest import VASL_BOARDS

HERE = Path(__file__).parent
needs_map = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")
# A hand label -> what solo's reading must give: its terrain, and whether a road runs through the hex.
LABELS = {"road": ("open", True), "grain-road": ("grain", True), "railway": ("railroad", None),
          "building": ("wooden building", None)}


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """The map read once for the module, cached in a folder of its own (never the tester's cache)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLO_CACHE", str(tmp_path_factory.mktemp("oto-cache")))
        patch.setenv("SOLO_CONFIG", str(tmp_path_factory.mktemp("oto-config")))
        return oto.load(VASL_BOARDS)


def sample() -> dict[str, tuple[str, int]]:
    """Hex -> (label, level) of tests/board/data/oto_sample.toml."""
    text = (HERE / "data" / "oto_sample.toml").read_text(encoding="utf-8")
    levels = {line.split("=")[0].strip().strip('"'): 1 for line in text.splitlines() if "# level 1" in line}
    return {h: (label, levels.get(h, 0)) for h, label in tomllib.loads(text).items()}


def test_the_sample_covers_the_map_and_every_terrain():
    """At least 150 hexes, every terrain type, spread over every quarter of the map."""
    found = sample()
    grid = Grid(30, 53, 83, 96, 0, 44, odd_rows=(1, 52))
    cells = {(grid.parse(h)[0] // 15, (grid.parse(h)[1] - 1) // 14) for h in found}
    assert len(found) >= 150
    assert {label for label, _ in found.values()} == {
        "open", "road", "grain", "grain-road", "brush", "marsh", "woods", "orchard", "shellholes",
        "orchard-shellholes", "gully", "railway", "building", "bridge"}
    assert cells == {(c, r) for c in range(2) for r in range(4)}


@needs_map
def test_the_reading_agrees_with_the_hand_checked_sample(board):
    """Issue 17: >= 95% of the sample read as by eye (terrain, road, level)."""
    found = sample()
    wrong = []
    for name, (label, level) in found.items():
        h, r = board.hexes[name], board.readings[name]
        terrain, road = LABELS.get(label, (label, None))
        agrees = h.terrain == terrain or r.also == terrain
        agrees &= road is None or h.road == road
        agrees &= max(h.elevation, 0) == level
        if not agrees:
            wrong.append(f"{name}: {label} by eye, read {h.terrain} {r.also} road={h.road} level {h.elevation}")
    assert len(wrong) <= 0.05 * len(found), wrong


@needs_map
def test_every_hex_has_a_terrain_and_a_confidence(board):
    assert len(board.hexes) == 30 * 53 - 15  # columns A-DD; odd-index columns hold rows 1-52
    assert all(r.terrain in oto.TERRAINS and 0 <= r.confidence <= 1 for r in board.readings.values())
    assert sum(r.confidence >= 0.8 for r in board.readings.values()) >= 0.95 * len(board.readings)


@needs_map
def test_the_rules_texts_hexes(board):
    """OtO 3.1 the Culvert in M23; OtO 2.3 W9 a grain-road; the K33 bridge carries the road across the gully."""
    assert board.hexes["M23"].terrain == "culvert" and board.readings["M23"].source == "text"
    assert board.hexes["W9"].terrain == "grain" and board.hexes["W9"].road
    k33 = board.hexes["K33"]
    assert k33.terrain == "bridge" and {0, 3} <= set(k33.road_sides)
    assert 3 in board.hexes["K32"].road_sides and 0 in board.hexes["K34"].road_sides


@needs_map
def test_lvp_are_the_red_circles(board):
    """The LVP definition: locations marked with a red dot; the K33 bridge is one."""
    assert board.lvp == ["A12", "D22", "I7", "I14", "K33", "P3", "Q10", "V17", "X38", "Z15", "CC5", "DD13"]


@needs_map
def test_a_players_correction_goes_on_top(tmp_path):
    corrected = oto.classify(VASL_BOARDS, {"F3": ("woods", None), "CC25": ("open", 0)})
    assert corrected.hexes["F3"].terrain == "woods" and corrected.readings["F3"].source == "override"
    assert corrected.hexes["CC25"].elevation == 0
    x, y = (int(v) for v in corrected.grid.centre(*corrected.grid.parse("F3")))
    assert corrected.codes.obstacle[corrected.terrain[x, y]]  # painted: woods block LOS there


def test_overrides_file(tmp_path):
    path = tmp_path / "oto.toml"
    path.write_text('M12 = "woods"\nbb26 = "open, level 1"\n', encoding="utf-8")
    assert oto.overrides(path) == {"M12": ("woods", None), "BB26": ("open", 1)}
    for bad in ('M12 = "forest"', "M12 = 3", 'M12 = "open, up 1"', "M12 = "):
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(SoloError) as exc:
            oto.overrides(path)
        assert "\n" not in str(exc.value)


def test_read_hex_rules():
    """Pattern terrain needs part of a hex; Terrain Combinations (OtO 2.1) keep both terrains."""
    share = dict.fromkeys(oto.CLASSES, 0.0)
    assert oto.read_hex(share | {"open": 0.6, "orchard": 0.4})[:2] == ("orchard", 0)
    assert oto.read_hex(share | {"open": 0.5, "orchard": 0.3, "shellholes": 0.2})[0] == "orchard-shellholes"
    terrain, level, _, also = oto.read_hex(share | {"gully": 0.3, "brush": 0.5, "open": 0.2})
    assert (terrain, level, also) == ("gully", -1, "brush")
    assert oto.read_hex(share | {"hill": 0.7, "open": 0.3}) == ("open", 1, 1.0, "")
    assert oto.read_hex(share | {"open": 0.8, "woods": 0.2})[0] == "open"


def test_pixel_classes_by_colour():
    picture = np.array([[[199, 216, 150], [235, 230, 123], [1, 2, 3]]], dtype=np.uint8)
    classes = oto.pixel_classes(picture)
    assert [oto.CLASSES[c] if c >= 0 else None for c in classes[:, 0]] == ["open", "grain", None]


def test_a_missing_or_damaged_archive_is_one_line(tmp_path):
    with pytest.raises(SoloError, match="no OtO map"):
        oto.archive(tmp_path)
    (tmp_path / "bdOTO").write_bytes(b"not a zip")
    with pytest.raises(SoloError, match="not a readable VASL board archive"):
        oto.read_archive(oto.archive(tmp_path))


@needs_map
def test_boards_show_oto_json(board):
    result = CliRunner().invoke(cli, ["boards", "show", "oto", "--json", "--vasl-boards", str(VASL_BOARDS)])
    data = json.loads(result.output)
    assert data["grid"]["hexes"] == len(data["hexes"]) == len(board.hexes)
    first = data["hexes"][0]
    assert {"hex", "terrain", "elevation", "road_hexsides", "hexsides", "confidence", "read_from"} <= set(first)
    assert data["lvp"] == board.lvp


@needs_map
def test_boards_show_oto_svg(tmp_path):
    out = tmp_path / "oto.svg"
    result = CliRunner().invoke(cli, ["boards", "show", "oto", "--svg", str(out), "--vasl-boards", str(VASL_BOARDS)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.count("<polygon") == 30 * 53 - 15 and "data:image/png;base64," in text


@needs_map
def test_hexrows_in_play(board):
    """OtO-S1: only hexrows 1-28 are in play."""
    cut = oto.in_play(board, 28)
    assert len(cut.hexes) == 30 * 28 and "A28" in cut.hexes and "B28" in cut.hexes and "A29" not in cut.hexes
    assert cut.lvp == ["A12", "D22", "I7", "I14", "P3", "Q10", "V17", "Z15", "CC5", "DD13"]


@pytest.mark.parametrize("value", ['"woods, level 300"', '"woods, level ²"', '"woods, level -200"', '"open, level 6"',
                                   '"open, level 1.5"', '"open, level ' + "9" * 5000 + '"'])
def test_an_override_level_out_of_the_maps_range_is_refused(tmp_path, value):
    """Issue 40: level 300 once overflowed int8 after 9 s and 1.5 GB; level ² crashed; level -200 was taken."""
    path = tmp_path / "oto.toml"
    path.write_text(f"M12 = {value}\n", encoding="utf-8")
    with pytest.raises(SoloError, match="a level from -1 to 5") as exc:
        oto.overrides(path)
    assert "\n" not in str(exc.value)
    path.write_text('M12 = "woods, level -1"\nM13 = "open, level 5"\n', encoding="utf-8")
    assert oto.overrides(path) == {"M12": ("woods", -1), "M13": ("open", 5)}


def _archive(data: str, picture: bytes | None = None, name: str = "bdOTO.png") -> bytes:
    import io
    import zipfile

    from PIL import Image
    if picture is None:
        buffer = io.BytesIO()
        Image.new("RGB", (400, 500), (199, 216, 150)).save(buffer, "PNG")
        picture = buffer.getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data", data)
        archive.writestr(name, picture)
    return out.getvalue()


GEOMETRY = "version 1.0\nx0 0\ny0 44\ndx 83\ndy 96\n"


def test_a_small_good_archive_reads():
    grid, picture = oto.read_archive(_archive(GEOMETRY))
    assert (grid.columns, grid.rows, picture.shape) == (5, 5, (500, 400, 3))


@pytest.mark.parametrize("data", ["x0 0\ny0 44\ndx nan\ndy 96", "x0 0\ny0 44\ndx inf\ndy 96",
                                  "x0 nan\ny0 44\ndx 83\ndy 96", "x0 0\ny0 44\ndx 1e308\ndy 96",
                                  "x0 0\ny0 -1e308\ndx 83\ndy 96", "x0 0\ny0 44\ndx 0.001\ndy 96"])
def test_a_hex_grid_that_is_no_number_or_out_of_range_is_one_line(data):
    """Issue 40: bdOTO's data with dx nan crashed."""
    with pytest.raises(SoloError, match="hex grid") as exc:
        oto.read_archive(_archive(data))
    assert "\n" not in str(exc.value)


def test_a_tiny_map_image_is_one_line():
    """Issue 40: a 1x1 map image crashed."""
    import io

    from PIL import Image
    buffer = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buffer, "PNG")
    with pytest.raises(SoloError, match="does not hold its hex grid"):
        oto.read_archive(_archive(GEOMETRY, buffer.getvalue()))


def test_a_map_image_of_too_many_pixels_is_refused_before_it_is_decoded():
    """Issue 40: an image over 178 million pixels crashed (PIL's DecompressionBombError): refused from its size."""
    import io

    from PIL import Image
    for size, says in (((6000, 5000), "6000 x 5000 pixels, more than the 20,000,000"),
                       ((15000, 12000), "decompression bomb")):
        buffer = io.BytesIO()
        Image.new("1", size).save(buffer, "PNG")
        assert len(buffer.getvalue()) < 1 << 20
        with pytest.raises(SoloError, match=says) as exc:
            oto.read_archive(_archive(GEOMETRY, buffer.getvalue()))
        assert "\n" not in str(exc.value)
