"""Exact odds speed (target: under 1 ms per table). Run: pytest tests/benchmarks --benchmark-only"""

from solo.rules import default_catalog
from solo.rules.odds import odds


def dice_tables():
    return [t for t in default_catalog().tables.values() if not t.is_chart]


def test_odds_every_table(benchmark):
    """One round computes the odds of every dice table; divide the mean by the count for a per-table figure."""
    cat = default_catalog()
    tables = dice_tables()
    benchmark.extra_info["tables"] = len(tables)
    benchmark(lambda: [odds(cat, t.id) for t in tables])
    per_table_ms = benchmark.stats.stats.mean / len(tables) * 1000
    benchmark.extra_info["ms_per_table"] = round(per_table_ms, 4)
    assert per_table_ms < 1.0


def test_odds_slowest_table(benchmark):
    """The table with the most work: two dice, most modifiers/columns, chained rolls followed."""
    cat = default_catalog()
    worst = max(dice_tables(), key=lambda t: (len(t.result_columns) * (36 if t.roll != "dr" else 6)
                                              + 36 * sum(len(r.then) for r in t.rows)))
    benchmark.extra_info["table"] = worst.id
    benchmark(odds, cat, worst.id)
