"""Unit types (tables/units): each squad's HS points back (A1.32; 7.5111), each Battle Hardening /
Replacement chain names a known type of the same nationality and kind family and ends (A15.3, A19.13),
leaders climb in quality, and bad unit text is one SoloError line."""

import re

import pytest

from solo.core.content import content_dir
from solo.core.errors import SoloError
from solo.rules.loader import table_files
from solo.rules.units import (
    CLASSES,
    battle_hardened,
    casualty_reduced,
    nationalities,
    parse_unit,
    replaced,
    unit_type,
    unit_types,
)

FAMILY = {"squad": "squad", "hs": "hs", "crew": "hs", "leader": "leader", "hero": "hero"}  # same size: A19.13
ALL = [t for nationality in nationalities() for t in unit_types(nationality)]
RANK = {klass: i for i, klass in enumerate(reversed(CLASSES))}  # conscript 0 ... elite 4


def ids(t):
    return f"{t.nationality} {t.name}"


def test_each_nationality_has_unit_types():
    assert nationalities() == ["British", "German", "Russian"]


def test_the_table_loader_skips_the_unit_files():
    assert not [p for p in table_files(content_dir("tables")) if "units" in p.parts]


@pytest.mark.parametrize("t", [t for t in ALL if t.kind == "squad"], ids=ids)
def test_a_squad_and_its_half_squad_point_at_each_other(t):
    hs = unit_type(t.hs, t.nationality)
    assert (hs.kind, hs.squad, hs.klass, hs.assault_engineer) == ("hs", t.name, t.klass, t.assault_engineer)


@pytest.mark.parametrize("t", [t for t in ALL if t.kind == "hs"], ids=ids)
def test_a_half_squad_recombines_into_a_squad_that_deploys_into_it(t):
    assert unit_type(t.squad, t.nationality).hs == t.name


@pytest.mark.parametrize("t", ALL, ids=ids)
def test_chains_name_a_known_type_of_the_same_nationality_and_kind_family(t):
    for name in (t.hardens_to, t.replaced_by):
        if name:
            target = unit_type(name, t.nationality)
            assert (target.nationality, FAMILY[target.kind]) == (t.nationality, FAMILY[t.kind])


@pytest.mark.parametrize("link", ["hardens_to", "replaced_by"])
@pytest.mark.parametrize("t", ALL, ids=ids)
def test_chains_end(t, link):
    seen = [t.name]
    while name := getattr(unit_type(seen[-1], t.nationality), link):
        assert name not in seen, f"{link} loops: {' -> '.join(seen + [name])}"
        seen.append(name)


@pytest.mark.parametrize("t", [t for t in ALL if t.is_mmc and t.kind != "crew"], ids=ids)
def test_mmc_hardening_raises_the_class_and_replacement_lowers_it_raising_no_factor(t):
    if t.hardens_to:
        assert RANK[unit_type(t.hardens_to, t.nationality).klass] > RANK[t.klass]
    if t.replaced_by:
        lower = unit_type(t.replaced_by, t.nationality)
        assert RANK[lower.klass] < RANK[t.klass]
        assert all(int(a) <= int(b) for a, b in zip(parse_unit(lower.name), parse_unit(t.name), strict=False))


def better(a, b) -> bool:
    """Leader a is of higher quality than b: no worse morale nor modifier, and not the same."""
    return a.morale >= b.morale and a.modifier <= b.modifier and (a.morale, a.modifier) != (b.morale, b.modifier)


@pytest.mark.parametrize("t", [t for t in ALL if t.kind == "leader"], ids=ids)
def test_leaders_climb_in_quality_along_hardens_to_and_fall_along_replaced_by(t):
    if t.hardens_to:
        assert better(unit_type(t.hardens_to, t.nationality), t)
    if t.replaced_by:
        assert better(t, unit_type(t.replaced_by, t.nationality))


def test_the_oto2_leader_ladder():
    """7.5113's Leader Battle Hardening Table types, each hardening into the next."""
    for nationality in nationalities():
        ladder = ["6+1"]
        while hardened := battle_hardened(unit_type(ladder[-1], nationality)):
            ladder.append(hardened.name)
        assert ladder == ["6+1", "7-0", "8-0", "8-1", "9-1", "9-2", "10-2", "10-3"]


@pytest.mark.parametrize("t", ALL, ids=ids)
def test_the_name_is_the_printed_morale_and_modifier(t):
    numbers = parse_unit(t.name)
    if t.kind == "leader":
        assert (int(numbers[0]), int(numbers[1])) == (t.morale, t.modifier)
    else:
        assert (int(numbers[2]), t.modifier) == (t.morale, 0)


@pytest.mark.parametrize("text, numbers", [
    ("4-6-7", ("4", "6", "7")), (" 8-3-8 ", ("8", "3", "8")), ("9-1", ("9", "-1")),
    ("6+1", ("6", "+1")), ("10-3", ("10", "-3")),
])
def test_parse_unit_reads_squads_and_leaders(text, numbers):
    assert parse_unit(text) == numbers


@pytest.mark.parametrize("text", ["", "467", "4-6", "4-6-7-1", "9+-1", "4_6_7", "squad", "9-12", "4-6-7a"])
def test_parse_unit_refuses_bad_text_in_one_line(text):
    with pytest.raises(SoloError,
                       match=re.escape(f"bad unit {text!r}: write a squad as 4-6-7, a leader as 9-1 or 6+1")) as err:
        parse_unit(text)
    assert "\n" not in str(err.value)


def test_an_unknown_type_or_nationality_names_the_known_ones():
    with pytest.raises(SoloError, match=r"unknown German unit '4-6-9'; known: 4-6-8, 5-4-8"):
        unit_type("4-6-9", "German")
    with pytest.raises(SoloError, match="known: British, German, Russian"):
        unit_type("4-4-7", "Finnish")
    with pytest.raises(SoloError, match="bad unit"):
        unit_type("447", "German")


def test_lookup_ignores_case_and_spaces():
    assert unit_type(" 4-6-7", "german") is unit_type("4-6-7", "German")


def test_casualty_reduction_turns_a_squad_into_its_half_squad_and_eliminates_the_rest():
    assert casualty_reduced(unit_type("4-6-7", "German")).name == "2-4-7"
    assert casualty_reduced(unit_type("6-2-8", "Russian")).name == "3-2-8"
    for name in ("2-4-7", "2-2-8", "9-1"):
        assert casualty_reduced(unit_type(name, "German")) is None


def test_replacement():
    assert replaced(unit_type("4-6-8", "German")).name == "4-6-7"
    assert replaced(unit_type("5-4-8", "German")).name == "4-4-7"  # A25.1: two Replacements to Inexperienced
    assert replaced(unit_type("4-4-7", "Russian")).name == "4-2-6"  # no Russian Second Line
    assert replaced(unit_type("8-0", "Russian")).name == "7-0"
    for name, nationality in (("4-3-6", "German"), ("2-2-6", "Russian"), ("6+1", "German")):
        assert replaced(unit_type(name, nationality)) is None  # Disrupted instead (A19.12)
    for name, nationality in (("2-2-8", "German"), ("1-4-9", "Russian"), ("10-0", "Russian")):
        t = unit_type(name, nationality)
        assert replaced(t) is t  # A19.11


def test_battle_hardening():
    assert battle_hardened(unit_type("4-4-7", "German")).name == "4-6-7"
    assert battle_hardened(unit_type("5-2-7", "Russian")).name == "6-2-8"
    assert battle_hardened(unit_type("7-1", "German")).name == "8-1"
    assert battle_hardened(unit_type("9-0", "Russian")).name == "10-0"  # RB 11.6113, VotG 12.6124
    for name in ("4-6-8", "2-2-8", "10-3"):
        assert battle_hardened(unit_type(name, "German")) is None


@pytest.mark.parametrize("t", [t for t in ALL if t.kind == "squad" and t.hardens_to], ids=ids)
def test_a_hardened_squad_deploys_into_the_hardened_half_squad(t):
    assert battle_hardened(casualty_reduced(t)).name == battle_hardened(t).hs


def test_kinds_and_squad_equivalents():
    squad, hs, crew, leader = (unit_type(n, "German") for n in ("4-6-8", "2-4-7", "2-2-8", "9-1"))
    assert [u.squad_equivalents for u in (squad, hs, crew, leader)] == [1, 0.5, 0.5, 0]
    assert (squad.elite, hs.elite, squad.is_mmc, crew.is_mmc, leader.is_smc, leader.is_mmc) == (
        True, False, True, True, True, False)
    assert leader.modifier == -1 and unit_type("6+1", "Russian").modifier == 1


def test_assault_engineers_follow_the_rg_notes():
    """OtO2 RG note d: the German Pioneer Plt. 8-3-8 and the Russian Engineer Co. 6-2-8."""
    engineers = {(t.nationality, t.name) for t in ALL if t.assault_engineer}
    assert engineers == {("German", "8-3-8"), ("German", "3-3-8"), ("Russian", "6-2-8"), ("Russian", "3-2-8")}
