"""Every row of every table read back against the rule text it came from.

For each table the text block is the seed lines from its source line on. Every dice row's
range must be printed there (or be a reading the table's `reading` field records), and the
opening words of every result and chart cell must be printed there too. Rows and cells made
from prose ("dr <= 3 ...") or rewritten by a recorded reading are checked by their words."""

import re

import pytest

from solo.rules import default_catalog
from tests.conftest import SEEDS

SEED_TEXT = (
    {p.name[:3]: p.read_text(encoding="utf-8").splitlines() for p in SEEDS.glob("0*.txt")} if SEEDS.is_dir() else {}
)
BLOCK = 60  # lines after the source line that belong to the table (the longest tables need this many)
STOP = {"the", "a", "an", "is", "with", "of", "and", "to", "on", "in", "if", "per", "for", "its", "by", "as", "or"}


def norm(text: str) -> str:
    text = text.replace("≤", "<=").replace("≥", ">=").replace("\\leq", "<=").replace("\\geq", ">=")
    text = re.sub(r"<u>|</u>|\*|_|\{|\}|\$|\\", "", text)
    return re.sub(r"\s+", " ", text).lower()


def words(text: str, n: int = 2) -> list[str]:
    found = re.findall(r"[a-z][a-z'.\-]+|\d+[a-z]*", norm(str(text)).replace("/", " "))
    return [w.strip(".-") for w in found if w not in STOP][:n]


def block_of(table) -> str:
    seed, _, line = table.source.partition(":")
    lines = SEED_TEXT[seed]
    start = int(line) - 1
    return norm(" ".join(lines[max(0, start - 3): start + BLOCK]))


def range_printed(span_text: str, block: str) -> bool:
    t = norm(span_text)
    number = t.lstrip("<=>")
    if t.startswith("<=") or t.startswith(">="):
        return re.search(re.escape(t[:2]) + r"\s*" + re.escape(number) + r"(?!\d)", block) is not None
    if "-" in t[1:]:
        low, high = t[0] + t[1:].split("-", 1)[0], t[1:].split("-", 1)[1]
        return re.search(rf"(?<![\d-]){re.escape(low)}\s*-\s*{re.escape(high)}(?!\d)", block) is not None
    return re.search(rf"(?<![\d-]){re.escape(t)}(?!\d)", block) is not None


def shipped():
    return [t for t in default_catalog().tables.values() if not t.stand_in and not t.pack]


@pytest.mark.skipif(not SEED_TEXT, reason="../shared/seeds is not beside the checkout")
@pytest.mark.parametrize("table_id", [t.id for t in shipped()])
def test_rows_read_back_against_the_text(table_id):
    """Each range is printed, except one 'otherwise' row (the complement of a printed threshold)
    or rows a recorded reading rewrote; each result's first words are printed."""
    table = default_catalog().get(table_id)
    block = block_of(table)
    unprinted = [r for r in table.rows if r.span is not None and not range_printed(r.span.text, block)]
    otherwise = unprinted[0] if len(unprinted) == 1 else None
    problems = [f"range {r.span.text}" for r in unprinted if r is not otherwise and not table.reading]
    for row in table.rows:
        if row is otherwise:
            continue
        for column, result in row.results.items():
            if any(w not in block for w in words(result)) and not table.reading:
                problems.append(f"{column or 'result'} {result!r}")
    assert problems == [], f"{table_id} ({table.source}): not in the text: {problems}"


@pytest.mark.skipif(not SEED_TEXT, reason="../shared/seeds is not beside the checkout")
@pytest.mark.parametrize("table_id", [t.id for t in shipped()])
def test_modifiers_read_back_against_the_text(table_id):
    """Each printed DRM's label and value are in the text (labels we had to complete say so in `reading`)."""
    table = default_catalog().get(table_id)
    block = block_of(table)
    for mod in table.modifiers:
        if table.reading and (mod.kind == "input" or any(w not in block for w in words(mod.label))):
            continue
        assert all(w in block for w in words(mod.label)), (
            f"{table_id} modifier {mod.name}: {mod.label!r} is not in the text near {table.source}")
        if mod.kind in ("fixed",
                        "per") and "lost their values" not in table.reading and "lost in the copy" not in table.reading:
            assert re.search(rf"{'[+]' if mod.value > 0 else '-'}\s*{abs(mod.value)}(?!\d)", block), (
                f"{table_id} modifier {mod.name}: value {mod.value:+d} is not printed near {table.source}")
