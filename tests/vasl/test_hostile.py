"""Issue 40: a VASL saved game is untrusted input (games by email come from opponents). Each hostile file the audit
made is refused in one line, exit code 2, in well under a second and a little memory."""

import time
import tracemalloc
import zipfile

import pytest

from solo.vasl.savefile import obfuscate
from tests.fuzz.run import refused, solo
from tests.vasl.saves import MODULE, make_save


def _raw_save(path, text: str):
    """A saved game whose savedGame is ``text`` exactly (no begin_save ... end_save around it)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", obfuscate(text, 0x5A))
        archive.writestr("moduledata", MODULE.format(name="VASL"))
    return path


def _refused_quickly(capsys, path, says: str, seconds: float = 2.0, megabytes: int = 100):
    tracemalloc.start()
    start = time.perf_counter()
    result = solo(capsys, "vasl", "show", str(path))
    took = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    assert refused(result) and says in result.err, result
    assert str(path) in result.err
    assert took < seconds and peak < megabytes, (took, peak)


def test_commands_nested_500_deep_are_refused_not_a_recursion_error(tmp_path, capsys):
    """~500 nested quotes in a ~1 kB game: each level a sequence of itself; it once crashed with RecursionError."""
    _refused_quickly(capsys, _raw_save(tmp_path / "deep.vsav", "'" * 1000), "nest more than 16 deep")


def test_escapes_nested_level_by_level_are_refused(tmp_path, capsys):
    from solo.vasl.commands import SEPARATOR
    from solo.vasl.sequence import join
    text = "a"
    for _ in range(20):
        text = join(["x", text], SEPARATOR)
    _refused_quickly(capsys, _raw_save(tmp_path / "escapes.vsav", text), "nest more than 16 deep")


@pytest.mark.parametrize("zoom", ["inf", "nan", "1e308", "-inf", "0", "-2"])
def test_a_zoom_that_is_no_magnification_is_refused(tmp_path, capsys, zoom):
    path = make_save(tmp_path / "zoom.vsav", [f"bd\t0\t0\t02\tVER\t6.1\tZOOM\t{zoom}"])
    _refused_quickly(capsys, path, f"ZOOM {float(zoom)}")


@pytest.mark.parametrize("column, row", [(999999999, 0), (0, 999999999), (-1, 0), ("9" * 5000, 0)])
def test_a_board_far_off_the_map_is_refused_at_once(tmp_path, capsys, column, row):
    """A board at column 999,999,999 once took 57 s (the layout summed over range(column))."""
    path = make_save(tmp_path / "far.vsav", [f"bd\t{column}\t{row}\t02\tVER\t6.1"])
    _refused_quickly(capsys, path, "the board layout")


def test_a_crop_far_outside_any_board_image_is_refused(tmp_path, capsys):
    path = make_save(tmp_path / "crop.vsav", ["bd\t0\t0\t02\t0\t0\t99999999999\t5\tVER\t6.1"])
    _refused_quickly(capsys, path, "crops board")


def test_a_huge_entry_in_a_small_file_is_refused_without_reading_it(tmp_path, capsys):
    """A 1.5 MB file holding a 1.5 GB entry once took 3.1 GB of memory: here 100 MB of zeros in ~100 kB."""
    path = tmp_path / "bomb.vsav"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("moduledata", MODULE.format(name="VASL"))
        with archive.open("savedGame", "w", force_zip64=True) as entry:
            for _ in range(100):
                entry.write(b"0" * (1 << 20))
    assert path.stat().st_size < 1 << 20
    _refused_quickly(capsys, path, "16,777,216")


def test_an_entry_larger_than_the_archive_says_is_cut_at_its_cap(tmp_path, capsys):
    """The size the archive states is not trusted: an entry is read up to its cap and one byte."""
    path = tmp_path / "liar.vsav"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("moduledata", MODULE.format(name="VASL") + " " * (2 << 20))
        archive.writestr("savedGame", obfuscate("begin_save", 0x5A))
    _refused_quickly(capsys, path, "moduledata")


def test_too_many_entries_are_refused(tmp_path, capsys):
    path = tmp_path / "many.vsav"
    with zipfile.ZipFile(path, "w") as archive:
        for n in range(100):
            archive.writestr(f"e{n}", "")
    _refused_quickly(capsys, path, "100 entries")


def test_a_counter_of_thousands_of_traits_is_refused(tmp_path, capsys):
    from solo.vasl.sequence import join
    types = "piece;K;D;ge/x;y"
    for _ in range(1500):
        types = join(["mark;DBCounterType", types], "\t")
    path = make_save(tmp_path / "traits.vsav", ["+/" + join(["1", types, "Main Map;1;1"], "/")])
    _refused_quickly(capsys, path, "more than 200 traits", seconds=5)
