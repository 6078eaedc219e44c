"""Issue 40's fuzzing: hostile VASL saved games, oto.toml corrections, bdOTO archives and saves edited outside solo.
Every input is read or refused in one line (exit 2), none takes 10 s, none takes 500 MB (tests/fuzz/conftest.py).
A small sample in the plain run; `pytest -m long tests/fuzz` runs 750 of each (with issue 24's: 10,500 inputs)."""

import io
import json
import shutil
import sqlite3
import zipfile

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.board import oto
from solo.core.errors import SoloError
from solo.vasl.commands import SEPARATOR
from solo.vasl.savefile import obfuscate
from solo.vasl.sequence import join
from tests.fuzz.run import refused, save_rows, solo
from tests.vasl.saves import MODULE

NUMBER = st.one_of(st.integers(-10, 40).map(str), st.sampled_from(
    ["inf", "nan", "-inf", "1e308", "999999999", "-1", "9" * 5000, "0x10", "", "²", "1.5", "-0"]), st.text(max_size=5))
BOARD = st.sampled_from(["02", "r02", "4", "", "..", "../../etc", "bd", "\x00", "x" * 300])
LAYOUT = st.lists(st.tuples(NUMBER, NUMBER, BOARD, st.lists(NUMBER, max_size=4),
                            st.sampled_from(["", "\tVER\t6.1", "\tSSR\tx\ty", "\tOVR\tx\ta\tb"]),
                            st.one_of(st.just(""), NUMBER.map(lambda z: f"\tZOOM\t{z}"))), max_size=3).map(
    lambda boards: "bd\t" + "bd\t".join("\t".join([c, r, b, *crop]) + rest + zoom
                                         for c, r, b, crop, rest, zoom in boards))
TRAITS = st.lists(st.sampled_from(["mark;DBCounterType", "emb2;;;;;;;;;;;;;;;a.gif,b.gif;x +,+ broken;;L;;;;;;;true",
                                   "hide;;", "conceal;ge", "concealment;ru", "label;;", "piece;K;D;ge/ge467S;4-6-7",
                                   "stack", "piece;;;;"]), max_size=6)
PIECE = st.tuples(st.integers(0, 50).map(str), TRAITS, st.lists(st.one_of(NUMBER, st.sampled_from(
    ["Main Map", "null", "Map0", "1", "2"])), max_size=6)).map(
    lambda p: "+/" + join([p[0], join(p[1], "\t"), join([";".join(p[2]), "1", "@@layer"], "\t")], "/"))
QUOTED = st.integers(0, 600).map(lambda n: "'" * n)
NESTED = st.integers(0, 30).map(lambda n: _nested(n))


def _nested(depth: int) -> str:
    text = "begin_save"
    for _ in range(depth):
        text = join(["x", text], SEPARATOR)
    return text


COMMAND = st.one_of(LAYOUT, PIECE, QUOTED, NESTED, st.text(max_size=30), st.sampled_from(
    ["begin_save", "end_save", "\\", "'", "\\\\\x1b", "INFO\tx", "+/", "+//", "bd\t"]))


def _save(path, text: str, key: int | None, entries: dict) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", obfuscate(text, key))
        for name, data in entries.items():
            archive.writestr(name, data)


ENTRY = st.one_of(st.just(MODULE.format(name="VASL")), st.text(max_size=40), st.just("<a>&lt;" * 3))


@given(st.lists(COMMAND, max_size=6), st.sampled_from([None, 0x5A, 0]),
       st.dictionaries(st.sampled_from(["moduledata", "savedata", "x"]), ENTRY, max_size=3), st.booleans())
def test_hostile_vasl_saved_games(tmp_path_factory, capsys, commands, key, entries, garble):
    path = tmp_path_factory.mktemp("vsav") / "g.vsav"
    entries.setdefault("moduledata", MODULE.format(name="VASL"))
    _save(path, join(commands, SEPARATOR), key, entries)
    if garble:  # a byte of the archive changed
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0x55
        path.write_bytes(bytes(data))
    result = solo(capsys, "vasl", "show", str(path), "--json")
    assert result.code == 0 or refused(result), result


LEVEL = st.one_of(st.integers(-300, 300).map(str), st.sampled_from(["²", "-0", "1.5", "9" * 5000, "", " 1", "x"]))
TERRAIN = st.one_of(st.sampled_from(oto.TERRAINS), st.text(max_size=6))
VALUE = st.one_of(st.tuples(TERRAIN, LEVEL).map(lambda t: json.dumps(f"{t[0]}, level {t[1]}")),
                  TERRAIN.map(json.dumps), st.sampled_from(["3", "true", "[]", "{}", "1e400", '"woods,"', '","']))


@given(st.dictionaries(st.one_of(st.sampled_from(["M12", "bb26", "ZZ99", "A0", ""]), st.text(max_size=4)), VALUE,
                       max_size=4))
def test_hostile_oto_corrections(tmp_path_factory, corrections):
    path = tmp_path_factory.mktemp("oto") / "oto.toml"
    path.write_text("\n".join(f"{json.dumps(k)} = {v}" for k, v in corrections.items()), encoding="utf-8")
    try:
        found = oto.overrides(path)
    except SoloError as exc:
        assert "\n" not in str(exc)
        return
    assert all(level is None or oto.LEVELS[0] <= level <= oto.LEVELS[1] for _, level in found.values())


GRID = st.lists(st.tuples(st.sampled_from(["x0", "y0", "dx", "dy", "version", "x"]), NUMBER), max_size=6)


@given(GRID, st.tuples(st.integers(1, 300), st.integers(1, 300)), st.sampled_from(["png", "gif", "jpg", "txt"]),
       st.booleans())
def test_hostile_oto_archives(grid, size, kind, garble):
    from PIL import Image
    picture = io.BytesIO()
    if kind == "txt":
        picture.write(b"not a picture")
    else:
        Image.new("RGB", size, (199, 216, 150)).save(picture, {"jpg": "JPEG"}.get(kind, kind.upper()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("data", "\n".join(f"{k} {v}" for k, v in grid))
        archive.writestr(f"bdOTO.{kind}", picture.getvalue())
    data = bytearray(out.getvalue())
    if garble:
        data[len(data) // 3] ^= 0x55
    try:
        oto.read_archive(bytes(data))
    except SoloError as exc:
        assert "\n" not in str(exc)


@pytest.fixture(scope="module")
def mission_save(tmp_path_factory):
    from tests.mission import act, new
    folder = tmp_path_factory.mktemp("edited")
    path = new(folder, seed=11)
    act(path, {"do": "place", "count": 6, "hexes": []})
    act(path, {"do": "activate", "s": "S6", "range": 0})
    return path


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                              st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8)),
                    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner,
                                                                                         max_size=4)), max_leaves=12)
PATHS = st.sampled_from(["$", "$.what", "$.faces", "$.faces[0]", "$.trace", "$.trace.result", "$.trace.final",
                         "$.trace.subrolls", "$.trace.dice", "$.value", "$.value.do", "$.value.count", "$.value.s",
                         "$.value.hexes", "$.value.range", "$.value.mods", "$.trace.modifiers", "$.trace.effect"])
META = st.sampled_from(["seed", "rules", "mission", "human", "pending", "typed", "pending_secret", "packs", "key_id",
                        "seal", "vasl_boards", "x"])


@given(st.lists(st.one_of(
    st.tuples(st.just("event"), st.integers(1, 40), PATHS, JSON),
    st.tuples(st.just("column"), st.integers(1, 40), st.sampled_from(["kind", "step", "side", "secret", "seq"]), JSON),
    st.tuples(st.just("meta"), st.just(0), META, JSON),
    st.tuples(st.just("raw"), st.integers(1, 40), st.just(""),
              st.one_of(st.text(max_size=20), st.binary(max_size=20)))),
    min_size=1, max_size=3))
def test_saves_edited_outside_solo(mission_save, tmp_path_factory, capsys, edits):
    path = tmp_path_factory.mktemp("m") / "m.db"
    shutil.copy(mission_save, path)
    with sqlite3.connect(path) as db:
        for where, seq, what, value in edits:
            try:
                _edit(db, where, seq, what, value)
            except sqlite3.Error:  # an edit SQLite itself refuses (a seq taken twice, a path into a number)
                continue
    before = save_rows(path)
    for command in (["mission", "status", str(path), "--json"], ["mission", "turn", str(path)]):
        result = solo(capsys, *command)
        assert result.code == 0 or refused(result), (edits, result)
        if result.code:
            assert save_rows(path) == before


def _edit(db, where: str, seq: int, what: str, value) -> None:
    if where == "event":
        db.execute("UPDATE events SET data = json_set(data, ?, json(?)) WHERE seq = ?",
                   (what, json.dumps(value), seq))
    elif where == "column":
        db.execute(f"UPDATE events SET {what} = ? WHERE seq = ?", (json.dumps(value), seq))
    elif where == "meta":
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (what, json.dumps(value)))
    else:
        db.execute("UPDATE events SET data = ? WHERE seq = ?", (value, seq))


@pytest.fixture(scope="module")
def written_game(tmp_path_factory):
    """An OtO-S2 mission and the VASL game solo wrote of it (issue 37), with a module built from the shared saves."""
    from tests.conftest import VASL_BOARDS
    from tests.vasl.saves import VASL_SAVES, make_module
    if not (VASL_SAVES.is_dir() and VASL_BOARDS.is_dir()):
        pytest.skip("../shared/vasl-saves or ../shared/vasl-boards is not beside the checkout")
    folder = tmp_path_factory.mktemp("written")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
        patch.setenv("SOLO_VASL_MODULE", str(make_module(folder / "t.vmod")))
        from solo.cli import main
        try:
            main(["mission", "new", "oto-s2", "--save", str(folder / "m.db"), "--seed", "7", "--vasl",
                  str(folder / "g.vsav")])
        except SystemExit as exc:
            assert exc.code == 0
    return folder, VASL_BOARDS


TEXT = st.one_of(st.text(max_size=12), st.sampled_from(["\t", "/", ";", "\\", "'", "\x1b", "bd\t9\t9\t42\t", "-99999"]))


@given(st.sampled_from(["byte", "cut", "text"]), st.integers(0, 10**6), st.integers(1, 255), TEXT)
def test_games_solo_wrote_then_damaged(written_game, tmp_path_factory, capsys, monkeypatch, how, where, xor, text):
    """A game solo wrote (issue 37), damaged: a byte changed, cut short, or its text edited; a sync reads it or refuses
    it in one line, and a refused one leaves the mission's save as it was."""
    from solo.vasl.savefile import read_save
    folder, boards = written_game
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(boards))
    save = tmp_path_factory.mktemp("m") / "m.db"
    shutil.copyfile(folder / "m.db", save)
    data = (folder / "g.vsav").read_bytes()
    path = save.parent / "it's \"damaged\".vsav"
    if how == "byte":
        data = bytearray(data)
        data[where % len(data)] ^= xor
        path.write_bytes(bytes(data))
    elif how == "cut":
        path.write_bytes(data[: where % len(data)])
    else:
        game = read_save(folder / "g.vsav")
        at = where % len(game.text)
        _save(path, game.text[:at] + text + game.text[at + xor % 20:], 0x2C,
              {"moduledata": MODULE.format(name="VASL")})
    before = save_rows(save)
    result = solo(capsys, "mission", "sync", str(save), str(path))
    assert result.code == 0 or refused(result), result
    if result.code:
        assert save_rows(save) == before
