"""What solo needs of a table it reads (issue 39): a player's table that replaces a stand-in is checked against it
when the catalog is loaded, so that a table pack cannot break a mission or a save.

A stand-in (tables/core) is the engine's contract for the rulebook table it stands for: its kind of roll, the
modifiers the engine names on it, the columns it reads, and what its results say (`vocabulary`: "number", or the
words a result lists). A player's table of the same id must give all of them; it may print more (more modifiers,
more words in its notes). A mission's own DRM on a core table (OtO-S2 MSR 1) is the mission's, not the table's
(missions/oto-s2.toml [[drm]]), so the player's table needs none of them.
"""

import re
from dataclasses import replace

from solo.rules.model import Table

NUMBER = "number"  # every result a whole number (the A6 tables: how many FFE, S?, Guns ...)
SQUAD = "squad"  # every result a MMC type as printed, FP-range-morale: 4-6-7 (G2)
_SQUAD = re.compile(r"\d{1,2}-\d{1,2}-\d{1,2}")


def result_problem(table: Table) -> str | None:
    """The first result of ``table`` that is not what its `vocabulary` says solo reads, as one line; None if all are."""
    if not table.vocabulary:
        return None
    for row in table.rows:
        for column, result in row.results.items():
            bad = _bad(table.vocabulary, str(result).strip())
            if bad:
                where = f"row {row.span.text if row.span else row.key}" + (f" ({column})" if column else "")
                return f"{where} gives {result!r}: solo reads {bad} there"
    return None


def _bad(wanted: tuple[str, ...], result: str) -> str:
    """What solo reads in a result, when ``result`` is not it ("" when it is)."""
    if wanted == (NUMBER,):
        return "" if result.isdigit() else "a whole number"
    if wanted == (SQUAD,):
        return "" if _SQUAD.fullmatch(result) else "a squad type (FP-range-morale, e.g. 4-6-7)"
    unknown = [w for w in (t.strip() for t in result.split(",")) if w and w not in wanted]
    return f"a list of {', '.join(wanted)} ({', '.join(unknown)}: none of them)" if unknown else ""


def unmet_shape(shape: dict, pack: Table, inventory: str) -> str | None:
    """What the player's ``pack`` table lacks of the structure the engine reads in a table the texts lack and no
    stand-in stands for (its inventory entry's roll and columns, `Missing.shape`: the RG charts, the CG cards), as one
    line (None: it has all of it)."""
    if shape.get("roll") and pack.roll != shape["roll"]:
        return f"solo reads it as roll = {shape['roll']!r}, not {pack.roll!r} (as {inventory} gives it)"
    columns = [c for c in shape.get("columns") or () if c not in pack.columns]
    if columns:
        return f"solo needs its column(s) {', '.join(columns)} (as {inventory} gives them)"
    return None


def unmet(shipped: Table, pack: Table) -> str | None:
    """What the player's ``pack`` table lacks of what solo reads in the ``shipped`` stand-in, as one line (None: it
    gives all of it)."""
    like = f"as the stand-in in {shipped.path} has it"
    if pack.roll != shipped.roll:
        return f"solo rolls it as roll = {shipped.roll!r}, not {pack.roll!r} ({like})"
    missing = [m.name for m in shipped.modifiers if m.name not in {p.name for p in pack.modifiers}]
    if missing:
        return f"solo needs its modifier(s) {', '.join(missing)} ({like})"
    kinds = [f"{m.name} ({m.kind})" for m in shipped.modifiers if pack.modifier(m.name).kind != m.kind]
    if kinds:
        return f"solo names its modifier(s) {', '.join(kinds)} as of that kind ({like})"
    columns = [c for c in shipped.columns if c not in pack.columns]
    if columns:
        return f"solo needs its column(s) {', '.join(columns)} ({like})"
    problem = result_problem(replace(pack, vocabulary=shipped.vocabulary))
    return f"{problem} ({like})" if problem else None
