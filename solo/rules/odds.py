"""Exact odds: the probability of every result of a table, by enumerating the dice (the faces that read a row the
same way counted together, then each chained roll followed once per row)."""

import math
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import product
from operator import itemgetter

from solo.core.dice import DICE_PER_KIND
from solo.core.errors import SoloError
from solo.rules.catalog import Catalog
from solo.rules.resolve import Applied, applied_modifiers, evaluate


def odds(cat: Catalog, table_id: str, column: str | None = None, mods: dict | None = None,
         drm: int = 0) -> list[tuple[str, Fraction]]:
    """Every result with its exact probability, most likely first (ties by name); chained rolls are followed."""
    table = cat.get(table_id)
    if table.is_chart:
        raise SoloError(f"{table_id} is a chart, not a dice table: it has no odds")
    col = table.column_name(column)
    counts, total = _outcomes(cat, table_id, col, applied_modifiers(cat, table, mods or {}, col, drm), cat.chained_odds)
    chance = {n: Fraction(n, total) for n in set(counts.values())}  # fewer distinct counts than outcomes
    ranked = sorted(counts.items())  # by name, then (a stable sort) the most likely first
    ranked.sort(key=itemgetter(1), reverse=True)
    return [(label, chance[n]) for label, n in ranked]


def kept_odds(cat: Catalog, table_id: str, column: str | None = None, mods: dict | None = None) -> list[tuple]:
    """`odds`, worked out once for the catalog for each table, column and modifiers: a CG asks the Escape Table's odds
    of each Isolated unit twice a RePh (the question shows them, the computer weighs them), the same few again and
    again (issue 36: a twentieth of a simulated campaign's time). The list is shared: read it, never change it."""
    key = (table_id, column, tuple((mods or {}).items()))
    found = cat.kept_odds.get(key)
    if found is None:
        found = cat.kept_odds[key] = odds(cat, table_id, column, mods)
    return found


def _outcomes(cat: Catalog, table_id: str, column: str, applied: list[Applied],
              chained: dict[str, tuple[dict[str, int], int]]) -> tuple[dict[str, int], int]:
    """Outcomes of one table as whole counts over one total (counts[label] / total is its chance); ``chained`` keeps
    each chained table's outcomes (rolled with no column and no modifier), worked out once for the catalog. The faces
    that read a row the same way are counted together first, so a chained roll is followed once per row, not once per
    face."""
    table = cat.tables[table_id]
    faces_all = list(product(range(1, 7), repeat=DICE_PER_KIND[table.roll]))
    rows: Counter = Counter()
    for faces in faces_all:
        _, _, text, footnotes, then, _ = evaluate(table, faces, column, applied)
        rows[(" + ".join([text, *footnotes]), tuple(then))] += 1
    branched = []  # per row: its branches as counts over the product of its chained rolls' totals
    for (label, then), count in rows.items():
        branches, total = {label: count}, 1
        for target in then:
            if target not in chained:
                chained[target] = (_outcomes(cat, target, "", [], chained) if target in cat.tables
                                   else ({f"roll {target} (not in the texts)": 1}, 1))
            sub, sub_total = chained[target]
            branches = {f"{lab} → {s}": n * m for lab, n in branches.items() for s, m in sub.items()}
            total *= sub_total
        branched.append((branches, total))
    common = math.lcm(*(total for _, total in branched))
    result: dict[str, int] = defaultdict(int)
    for branches, total in branched:
        for lab, n in branches.items():
            result[lab] += n * (common // total)
    return result, len(faces_all) * common
