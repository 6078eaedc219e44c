"""Exact odds: the probability of every result of a table, by enumerating the dice."""

from collections import defaultdict
from fractions import Fraction
from itertools import product

from solo.core.dice import DICE_PER_KIND
from solo.core.errors import SoloError
from solo.rules.catalog import Catalog
from solo.rules.resolve import Applied, applied_modifiers, evaluate


def odds(cat: Catalog, table_id: str, column: str | None = None, mods: dict | None = None,
         drm: int = 0) -> list[tuple[str, Fraction]]:
    """Every result with its exact probability, most likely first; chained rolls are followed."""
    table = cat.get(table_id)
    if table.is_chart:
        raise SoloError(f"{table_id} is a chart, not a dice table: it has no odds")
    col = table.column_name(column)
    outcomes = _outcomes(cat, table_id, col, applied_modifiers(cat, table, mods or {}, col, drm), {})
    return sorted(outcomes.items(), key=lambda item: (-item[1], item[0]))


def _outcomes(cat: Catalog, table_id: str, column: str, applied: list[Applied],
              chained: dict[str, dict[str, Fraction]]) -> dict[str, Fraction]:
    """Outcomes of one table; ``chained`` keeps each chained table's outcomes, worked out once."""
    table = cat.tables[table_id]
    faces_all = list(product(range(1, 7), repeat=DICE_PER_KIND[table.roll]))
    each = Fraction(1, len(faces_all))
    result: dict[str, Fraction] = defaultdict(Fraction)
    for faces in faces_all:
        _, _, text, footnotes, then, _ = evaluate(table, faces, column, applied)
        label = " + ".join([text, *footnotes])
        branches = {label: each}
        for target in then:
            if target not in chained:
                chained[target] = (_outcomes(cat, target, "", [], chained) if target in cat.tables
                                   else {f"roll {target} (not in the texts)": Fraction(1)})
            sub = chained[target]
            branches = {f"{lab} → {s}": p * q for lab, p in branches.items() for s, q in sub.items()}
        for lab, p in branches.items():
            result[lab] += p
    return result
