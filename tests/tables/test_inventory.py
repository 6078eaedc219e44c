"""The inventory lists every table of the five texts; every entry is loaded; and every table
heading the texts print (and every "Final DR |" table header, for the copies that lost their
headings) is claimed by an inventory entry."""

import re

import pytest

from solo.rules import default_catalog
from tests.conftest import SEEDS

SEED_FILES = {p.name[:3]: p for p in SEEDS.glob("0*.txt")} if SEEDS.is_dir() else {}
HEADING = re.compile(r"\b(TABLE|CHART)\b")
DICE_HEADER = re.compile(r"^\|?\s*(Final )?d[rR]\w*\s*\|", re.IGNORECASE)


def headings():
    """(seed, line) of every printed table heading: a short, mostly upper-case line naming a TABLE or CHART."""
    found = []
    for seed, path in sorted(SEED_FILES.items()):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            letters = [c for c in line if c.isalpha()]
            if HEADING.search(line) and len(line) < 90 and sum(c.isupper() for c in letters) > len(letters) / 2:
                found.append((seed, number))
    return found


def dice_headers():
    """(seed, line) of every table header row that starts with the roll ("Final DR |", "| dr |")."""
    return [(seed, number) for seed, path in sorted(SEED_FILES.items())
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if DICE_HEADER.match(line.strip())]


def inventory_lines():
    lines = {}
    for entry in default_catalog().inventory:
        seed, _, line = entry.source.partition(":")
        lines.setdefault(seed, set()).add(int(line))
    return lines


def test_every_inventory_entry_is_loaded_with_its_rule_and_source():
    cat = default_catalog()
    assert len(cat.inventory) >= 100
    for entry in cat.inventory:
        table = cat.tables.get(entry.id)
        assert table is not None, f"{entry.id} ({entry.path}) is in the inventory but no table file defines it"
        assert (table.rule, table.source) == (entry.rule, entry.source), entry.id


def test_every_shipped_table_is_in_the_inventory():
    cat = default_catalog()
    listed = {e.id for e in cat.inventory}
    assert [t.id for t in cat.tables.values() if not t.pack and not t.stand_in and t.id not in listed] == []


def test_every_stand_in_stands_for_a_listed_missing_table():
    cat = default_catalog()
    assert [t.id for t in cat.tables.values() if t.stand_in and t.id not in cat.missing] == []


def test_inventory_ids_are_unique():
    ids = [e.id for e in default_catalog().inventory]
    assert len(ids) == len(set(ids))


@pytest.mark.skipif(not SEED_FILES, reason="../shared/seeds is not beside the checkout")
@pytest.mark.parametrize("seed, line", headings())
def test_every_printed_heading_is_inventoried(seed, line):
    near = inventory_lines().get(seed, set())
    heading = SEED_FILES[seed].read_text(encoding="utf-8").splitlines()[line - 1]
    if heading.rstrip(" |").endswith("DRM"):  # "LEADER TABLE DRM": the modifiers of the table just above
        assert any(line - 20 <= n < line for n in near), f"the DRM headed at {seed}:{line} belong to no table"
    else:
        assert any(abs(line - n) <= 3 for n in near), f"the table headed at {seed}:{line} is not in the inventory"


@pytest.mark.skipif(not SEED_FILES, reason="../shared/seeds is not beside the checkout")
@pytest.mark.parametrize("seed, line", dice_headers())
def test_every_dice_table_header_is_inventoried(seed, line):
    near = inventory_lines().get(seed, set())
    assert any(line - 12 <= n <= line for n in near), f"the table at {seed}:{line} is not in the inventory"


@pytest.mark.skipif(not SEED_FILES, reason="../shared/seeds is not beside the checkout")
def test_inventory_sources_point_into_the_texts():
    for entry in default_catalog().inventory:
        seed, _, line = entry.source.partition(":")
        assert seed in SEED_FILES, entry.id
        assert 1 <= int(line) <= len(SEED_FILES[seed].read_text(encoding="utf-8").splitlines()), entry.id
