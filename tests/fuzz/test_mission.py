"""Issues 24 and 18: fuzzed mission commands (the map's too: hexes, units, counts, phases) and answers-file actions on
an OtO-S1 save with S? and FRIENDLY units on the map. Every command either works or is refused in one line (exit 2)
leaving the save as it was; nothing accepted breaks a later command."""

import math
import shutil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.run import refused, save_rows, solo, toml_value

HEXES = st.one_of(st.text(max_size=8), st.sampled_from(["", "ZZ99", "../../x", "K\x0012", "K12", "4K5", "dd21", "A0",
                                                          "GG28", "HH1", "K29", "12M5", " K12 ", "AB3"]))
NUMBERS = st.one_of(st.integers(-5, 300), st.sampled_from(["10000000", "-1", "1.5", "x", "", "²", "2000"]).map(str))


UNITS = st.one_of(st.text(max_size=6), st.sampled_from(["6-2-8", "4-5-8", "MMG", "LMG", "8-0", "9-1", "7-4-7", "FT",
                                                         "KV-1S", "AL 9-1"]))
IDS = st.one_of(st.text(max_size=4), st.sampled_from(["F1", "F2", "F3", "F4", "f1", "E1", "F1,F2", "S1", "F99", ""]))


def option(name: str, values) -> st.SearchStrategy:
    return values.map(lambda v: [name, str(v)])


COMMANDS = st.one_of(
    st.tuples(st.just("place"), st.lists(st.one_of(option("--hex", HEXES), option("--count", NUMBERS)), max_size=3)),
    st.tuples(st.just("activate"), st.lists(st.one_of(option("--s", st.sampled_from(["S1", "S2", "s1", "S9", "", "x"])),
                                                       option("--range", NUMBERS), option("--level", NUMBERS),
                                                       option("--mod", st.sampled_from(["vpo", "city", "level", "x"])),
                                                       option("--viewer", st.sampled_from(["infantry", "tank"]))),
                                             max_size=4)),
    st.tuples(st.just("minefield"), st.lists(option("--hex", HEXES), max_size=1)),
    st.tuples(st.just("turn"), st.lists(st.one_of(option("--vpo-friendly", NUMBERS), option("--vpo-enemy", NUMBERS),
                                                  option("--guns", NUMBERS), st.just(["--rr"]), st.just(["--road"])),
                                        max_size=3)),
    st.tuples(st.just("phase"), st.just([])),
    # the map's actions (issue 18): hexes, units, counts and phases, given as the command's words
    st.tuples(st.just("enter"), st.tuples(HEXES, st.lists(UNITS, max_size=4)).map(lambda a: [[a[0], *a[1]]])),
    st.tuples(st.just("move"), st.tuples(IDS, st.lists(HEXES, max_size=3)).map(lambda a: [[a[0], *a[1]]])),
    st.tuples(st.just("result"), st.tuples(IDS, st.sampled_from(
        ["broken", "eliminated", "reduced", "rallied", "DM", "pinned", "wreck", "malfunctioned", "repaired", "x", ""]))
        .map(lambda a: [list(a)])),
    st.tuples(st.just("sw"), st.lists(IDS, min_size=1, max_size=2).map(lambda a: [a])),
    st.tuples(st.just("remove"), st.sampled_from(["S1", "S2", "S9", "", "x"]).map(lambda a: [[a]])),
    st.tuples(st.just("enemy"), st.lists(IDS, max_size=1).map(lambda a: [a])),
)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """An OtO-S1 save with two S? placed, made once and copied for each example."""
    folder = tmp_path_factory.mktemp("template")
    from solo.cli import main
    for args in (["mission", "new", "oto-s1", "--save", str(folder / "m.db"), "--seed", "3"],
                 ["mission", "place", str(folder / "m.db"), "--hex", "K12", "--hex", "M9"],
                 ["mission", "enter", str(folder / "m.db"), "K25", "6-2-8", "4-5-8", "MMG", "8-0"]):
        try:
            main(args)
        except SystemExit as exc:
            assert exc.code == 0
    return folder / "m.db"


def fresh(template, tmp_path_factory):
    save = tmp_path_factory.mktemp("m") / "m.db"
    shutil.copy(template, save)
    return save


def check_command(capsys, save, command: str, args: list) -> None:
    before = save_rows(save)
    out = solo(capsys, "mission", command, str(save), *args)
    if refused(out):
        assert save_rows(save) == before, out
    status = solo(capsys, "mission", "status", str(save), "--json")
    assert status.code == 0 or refused(status), status


@given(st.lists(COMMANDS, min_size=1, max_size=3))
def test_mission_commands(template, tmp_path_factory, capsys, commands):
    save = fresh(template, tmp_path_factory)
    for command, options in commands:
        check_command(capsys, save, command, [word for pair in options for word in pair])


# --- answers-file actions ----------------------------------------------------------------------

SCALARS = st.one_of(st.booleans(), st.integers(-10**19, 10**19), st.floats(allow_nan=False, allow_infinity=False),
                    HEXES, st.sampled_from(["S1", "S2", "Infantry", "Vehicle", "place", "minefield"]))
FIELDS = st.sampled_from(["do", "count", "hexes", "hex", "s", "range", "viewer", "mods", "report", "vpo_friendly",
                          "vpo_enemy", "guns", "rr", "level", "vpo", "city", "x"])
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(FIELDS, inner, max_size=4)), max_leaves=8)
ACTIONS = st.one_of(VALUES, st.fixed_dictionaries(
    {"do": st.sampled_from(["place", "activate", "report", "phase", "turn", "minefield", "undo", ""])},
    optional={k: VALUES for k in ("count", "hexes", "hex", "s", "range", "viewer", "mods", "report")}))


@given(ACTIONS)
def test_answers_file_actions(template, tmp_path_factory, capsys, action):
    save = fresh(template, tmp_path_factory)
    answers = save.parent / "a.toml"
    answers.write_text(f"action = {toml_value(action)}\n")
    check_command(capsys, save, "answer", ["--answers", str(answers)])
    check_command(capsys, save, "turn", [])  # a later command still works


def test_toml_value_round_trips():
    import tomllib
    value = {"do": "place", "count": 1.5e300, "hexes": ["K\x00", True], "mods": {"x": -math.pi}}
    assert tomllib.loads(f"a = {toml_value(value)}")["a"] == value
