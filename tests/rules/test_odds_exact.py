"""The odds (counted by rows, over whole numbers, chained tables worked out once) equal a plain enumeration of every
face with Fractions, for every table and column of the texts."""

from collections import defaultdict
from fractions import Fraction
from itertools import product

from solo.core.dice import DICE_PER_KIND
from solo.rules import default_catalog
from solo.rules.odds import kept_odds, odds
from solo.rules.resolve import applied_modifiers, evaluate


def enumerated(cat, table_id, column, applied):
    """Each face on its own, each chained roll followed from it: the slow, obvious way."""
    table = cat.tables[table_id]
    faces_all = list(product(range(1, 7), repeat=DICE_PER_KIND[table.roll]))
    result = defaultdict(Fraction)
    for faces in faces_all:
        _, _, text, footnotes, then, _ = evaluate(table, faces, column, applied)
        branches = {" + ".join([text, *footnotes]): Fraction(1, len(faces_all))}
        for target in then:
            sub = (enumerated(cat, target, "", []) if target in cat.tables
                   else {f"roll {target} (not in the texts)": Fraction(1)})
            branches = {f"{lab} → {s}": p * q for lab, p in branches.items() for s, q in sub.items()}
        for lab, p in branches.items():
            result[lab] += p
    return result


def test_every_table_s_odds_are_exact():
    cat = default_catalog()
    checked = 0
    for table in cat.tables.values():
        if table.is_chart:
            continue
        for column in table.columns or (None,):
            col = table.column_name(column)
            want = enumerated(cat, table.id, col, applied_modifiers(cat, table, {}, col, 0))
            got = odds(cat, table.id, column)
            assert dict(got) == want, table.id
            assert [p for _, p in got] == sorted((p for _, p in got), reverse=True)
            checked += 1
    assert checked > 150


def test_kept_odds_are_the_odds_worked_out_once_a_catalog():
    """kept_odds (issue 36: the Escape Table's odds of each Isolated unit, asked twice a RePh): the odds of the table,
    column and modifiers, worked out once for the catalog; other modifiers are worked out apart."""
    cat = default_catalog()
    mods = {"within-2": True, "adjacent": True, "hs": 1}
    first = kept_odds(cat, "oto2.escape", "Infantry", mods)
    assert first == odds(cat, "oto2.escape", "Infantry", mods)
    assert kept_odds(cat, "oto2.escape", "Infantry", dict(mods)) is first
    assert kept_odds(cat, "oto2.escape", "Infantry", {"hs": 1}) == odds(cat, "oto2.escape", "Infantry", {"hs": 1})
    assert kept_odds(cat, "oto2.escape", "Infantry", {"hs": 1}) != first
