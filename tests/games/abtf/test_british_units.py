"""British unit types (tables/units/british.toml) for A Bridge Too Far (seed 004): the file loads, its chains end,
Casualty Reduction, Replacement (A19.13), Battle Hardening (A15.3; ABtF 9.6112-9.6113) and Recombining (9.6111)."""

import pytest

from solo.games.abtf import aftermath as abtf
from solo.rules.units import (
    battle_hardened,
    casualty_reduced,
    nationalities,
    parse_unit,
    replaced,
    unit_type,
    unit_types,
)
from tests.games.abtf.fixture import abtf_reph, facts

BRITISH = unit_types("British")


def test_the_file_loads_with_a_source_and_the_abtf_types():
    assert "British" in nationalities()
    names = {t.name for t in BRITISH}
    # every type the ABtF code and its test pack create: 6-4-8 RGs, 2-2-8 crews, the hero, the 9.6183 leaders
    assert {"6-4-8", "3-4-8", "2-2-8", "1-4-9", "10-3", "10-2", "9-2", "9-1", "8-1", "8-0", "7-0", "6+1"} <= names
    assert all(t.nationality == "British" for t in BRITISH)
    assert unit_type("6-4-8", "british") is unit_type(" 6-4-8", "British")


@pytest.mark.parametrize("link", ["hardens_to", "replaced_by"])
@pytest.mark.parametrize("t", BRITISH, ids=lambda t: t.name)
def test_every_chain_ends_in_a_known_british_type(t, link):
    seen = [t.name]
    while name := getattr(unit_type(seen[-1], "British"), link):
        assert name not in seen, f"{link} loops: {' -> '.join(seen + [name])}"
        seen.append(name)


@pytest.mark.parametrize("t", [t for t in BRITISH if t.kind == "squad"], ids=lambda t: t.name)
def test_squads_and_half_squads_point_at_each_other(t):
    hs = unit_type(t.hs, "British")
    assert (hs.kind, hs.squad, hs.klass, hs.morale) == ("hs", t.name, t.klass, t.morale)


def test_a_6_4_8_casualty_reduces_to_its_half_squad():
    hs = casualty_reduced(unit_type("6-4-8", "British"))
    assert (hs.name, hs.kind, hs.klass) == ("3-4-8", "hs", "elite")
    assert casualty_reduced(hs) is None  # a HS is Eliminated instead


def test_replacement_of_an_elite_squad_raises_no_factor():
    # A19.13: a 6-4-8 cannot become a 4-5-7 (range 4 -> 5); the next lower type raising nothing is the 4-4-7.
    para = unit_type("6-4-8", "British")
    lower = replaced(para)
    assert (lower.name, lower.klass) == ("4-4-7", "second-line")
    assert all(int(a) <= int(b) for a, b in zip(parse_unit(lower.name), parse_unit(para.name), strict=False))
    assert replaced(unit_type("4-5-8", "British")).name == "4-5-7"
    assert replaced(unit_type("4-3-6", "British")) is None  # Disrupted instead (A19.12)
    crew = unit_type("2-2-8", "British")
    assert replaced(crew) is crew  # A19.11


def test_battle_hardening_of_a_first_line_squad_and_its_half_squad():
    first = unit_type("4-5-7", "British")
    assert (battle_hardened(first).name, battle_hardened(first).klass) == ("4-5-8", "elite")
    assert battle_hardened(casualty_reduced(first)).name == battle_hardened(first).hs == "2-4-8"
    assert battle_hardened(unit_type("4-4-7", "British")).name == "4-5-7"
    assert battle_hardened(unit_type("6-4-8", "British")) is None  # elite: Fanatic instead (ABtF 9.6112)


def test_a_leaders_battle_hardening_chain():
    ladder = ["6+1"]
    while hardened := battle_hardened(unit_type(ladder[-1], "British")):
        ladder.append(hardened.name)
    assert ladder == ["6+1", "7-0", "8-0", "8-1", "9-1", "9-2", "10-2", "10-3"]
    assert unit_type("9-2", "British").modifier == -2 and unit_type("6+1", "British").modifier == 1


def test_two_half_squads_recombine_into_their_squad():
    assert unit_type("3-4-8", "British").squad == "6-4-8"
    # 9.6111 in the ABtF RePh: two Retained British 3-4-8 Recombine into a 6-4-8.
    r = abtf_reph()
    b = r.side("British")
    a, c = b.add("3-4-8", "hs"), b.add("3-4-8", "hs")
    facts(r)
    abtf.battle_hardening(r)
    assert (a.type, a.kind, a.retained) == ("6-4-8", "squad", True) and not c.retained


def test_an_abtf_hero_hardens_a_british_second_line_squad():
    # 9.6112: the British hero is Eliminated and the 4-4-7 Battle Hardens to a 4-5-7.
    r = abtf_reph(human="British", answers={"battle_harden": ["B2"]})
    b = r.side("British")
    hero, squad = b.add("1-4-9", "hero"), b.add("4-4-7", "squad")
    facts(r)
    abtf.battle_hardening(r)
    assert not hero.retained and squad.type == "4-5-7" and "fanatic" not in squad.flags
