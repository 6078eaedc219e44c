"""Load table files (tables/**.toml and the player's table pack) and validate them.

Every error names the file, the table and the fix, in one line.
"""

import tomllib
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path

from solo.rules.model import ROLL_KINDS, Footnote, Modifier, Row, Table
from solo.rules.ranges import parse_span

TABLE_KEYS = {"id", "title", "rule", "source", "roll", "columns", "key", "row", "modifier", "footnote", "notes",
              "reading", "partial", "stand_in", "vocabulary"}
ROW_KEYS = {"roll", "result", "results", "then", "key", "effect", "effects"}
# A row's effect (tables/README.md, "Effects"): each key and what its value must be.
EFFECT_KEYS: dict[str, type | tuple[str, ...]] = {
    "elr": int, "elr_max": int, "elr_min": int,  # ELR change, and the bound the row prints ("(maximum 4)")
    "san": int,  # SAN change
    "cpp": int, "count": int,  # a number the result prints: CPP, Recon Locations, MMC that Battle Harden ...
    "weather": str, "ec": str,  # the Weather / Environmental Conditions the row sets
    "escape": ("escapes", "eliminated", "abandoned"), "crew": ("escapes", "eliminated"),
    "replaced": bool, "reduced": bool,
    "leader": ("unwounded", "wounded", "evacuated", "eliminated"),  # a wounded leader's fate
    "engineer_casualty": bool,  # a non-Isolated elite MMC (Assault Engineer first) is Casualty Reduced
    "repaired": bool, "recovered": bool,  # a repair/Immobilization/Stun/Recovery roll succeeds
    "eliminated": bool,  # the unit rolled for is Eliminated (a Captured Weapon, a stunned vehicle)
    "held_back": bool,  # a Low Ammo Recall vehicle cannot return to play in the next CG Scenario (OtO2 7.5131c)
    "wreck": ("burnt-out", "eliminated"),  # what an Original 6 does to a Wreck (VotG 12.6151d/f)
    "strength": ("Full", "Depleted"),  # a RG's strength
    "shift": ("successful", "failed"),  # an ABtF Shift attempt (9.613)
    "shortage": int,  # Ammunition Shortage Level change (ABtF 9.6201)
    "removed": bool,  # an AFV Pltn is Redeployed away (VotG 12.6162)
    "building": ("gutted", "rubbled"),  # a stone building with a Blaze (VotG 12.6104)
    "blaze": bool,  # a Flame becomes a Blaze (OtO2 7.5094)
    "ends": bool,  # the game ends (OtO2 CG4 Game End dr)
    "forfeit": bool,  # a depleted RG's Weapon/SW is forfeit (OtO2 7.5193, RB 11.6202)
    "armor_leader": str, "inexperienced": bool,  # the Armor Leader a RG gets (its type), or Inexperienced Crews
    "booby": int,  # the Booby Trap Level moves this many steps (-1: A to B, B to C; RB 11.6123, VotG 12.6143)
}
MOD_KEYS = {"name", "label", "value", "per", "round", "max", "input", "chart", "die", "columns"}
FOOTNOTE_KEYS = {"original", "text", "then", "columns", "effect"}
INVENTORY_KEYS = {"table", "missing"}
MISSING_KEYS = {"id", "title", "rule", "referenced_by", "roll", "key", "columns", "rows", "modifier"}
UNBOUNDED_STEPS = 12  # how far an unbounded per-unit modifier is followed before the open row must take over


class TableFileError(Exception):
    """One problem in one table file (collected; `solo tables check` lists them all)."""


@dataclass(frozen=True)
class Missing:
    """A table the texts refer to but do not contain (core SASL, OtO Aircraft ...)."""

    id: str
    title: str
    rule: str
    referenced_by: tuple[str, ...]
    shape: dict = field(default_factory=dict)  # roll, key, columns, rows: what `solo tables fill` builds (fill.py)


@dataclass(frozen=True)
class InventoryEntry:
    id: str
    source: str
    rule: str
    title: str
    path: str


def table_files(folder: Path) -> list[Path]:
    """The table files of a folder: every *.toml except the inventory and the unit data (units/)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.toml") if not {"inventory", "units"} & set(p.relative_to(folder).parts))


def read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TableFileError(f"{path}: not valid TOML ({exc}); fix the syntax at that line") from None


def _unknown(keys, allowed, where: str) -> None:
    extra = sorted(set(keys) - allowed)
    if extra:
        raise TableFileError(f"{where}: unknown key(s) {', '.join(extra)}; allowed: {', '.join(sorted(allowed))}")


def _strings(value, where: str, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TableFileError(f"{where}: {what} must be a list of strings")
    return tuple(value)


def parse_table(raw: dict, path: Path, pack: bool = False) -> Table:
    tid = raw.get("id", "?")
    where = f"{path}: table {tid}"
    _unknown(raw, TABLE_KEYS, where)
    for required in ("id", "title", "rule", "roll"):
        if not raw.get(required):
            raise TableFileError(f"{where}: missing '{required}'")
    if not pack and not raw.get("stand_in") and not raw.get("source"):
        raise TableFileError(f"{where}: missing 'source' (seed file and line, e.g. \"000:498\")")
    if raw["roll"] not in ROLL_KINDS:
        raise TableFileError(f"{where}: roll must be one of {', '.join(ROLL_KINDS)}, not {raw['roll']!r}")
    columns = _strings(raw.get("columns", []), where, "columns")
    chart = raw["roll"] == "chart"
    rows = tuple(_parse_row(r, i, chart, columns, where) for i, r in enumerate(raw.get("row", []), 1))
    if not rows:
        raise TableFileError(f"{where}: no rows; add [[table.row]] entries")
    mods = tuple(_parse_modifier(m, columns, where) for m in raw.get("modifier", []))
    names = [m.name for m in mods]
    if len(set(names)) != len(names):
        raise TableFileError(f"{where}: two modifiers share a name; give each its own")
    footnotes = tuple(_parse_footnote(f, columns, where) for f in raw.get("footnote", []))
    return Table(
        id=tid, title=raw["title"], rule=str(raw["rule"]),
        source=raw.get("source", "stand-in" if raw.get("stand_in") else "table pack"),
        roll=raw["roll"], path=str(path), columns=columns, key=raw.get("key", ""), rows=rows,
        modifiers=mods, footnotes=footnotes, notes=_strings(raw.get("notes", []), where, "notes"),
        reading=raw.get("reading", ""), stand_in=raw.get("stand_in", ""), pack=pack, partial=raw.get("partial", ""),
        vocabulary=_strings(raw.get("vocabulary", []), where, "vocabulary"),
    )


def _parse_row(raw: dict, number: int, chart: bool, columns: tuple[str, ...], where: str) -> Row:
    here = f"{where} row {number}"
    _unknown(raw, ROW_KEYS, here)
    if "result" in raw and "results" in raw:
        raise TableFileError(f"{here}: give 'result' or 'results', not both")
    if "results" in raw:
        results = dict(raw["results"])
        if not columns:
            raise TableFileError(f"{here}: 'results' needs the table's 'columns'; use 'result' for a one-column table")
        bad = sorted(set(results) - set(columns))
        if bad:
            raise TableFileError(f"{here}: results name unknown column(s) {', '.join(bad)}; columns are "
                                 f"{', '.join(columns)}")
    elif "result" in raw:
        results = {c: raw["result"] for c in columns} if columns else {"": raw["result"]}
    else:
        raise TableFileError(f"{here}: no 'result'/'results'")
    then = _strings(raw.get("then", []), here, "then")
    effects = _parse_effects(raw, columns, here)
    if chart:
        if "key" not in raw or "roll" in raw:
            raise TableFileError(f"{here}: a chart row has a 'key' and no 'roll'")
        return Row(None, str(raw["key"]), results, then, effects)
    if "roll" not in raw or "key" in raw:
        raise TableFileError(f"{here}: a dice row has a 'roll' range (e.g. \"3-4\") and no 'key'")
    try:
        span = parse_span(raw["roll"])
    except ValueError as exc:
        raise TableFileError(f"{here}: {exc}") from None
    return Row(span, None, results, then, effects)


def _parse_effects(raw: dict, columns: tuple[str, ...], here: str) -> dict:
    """The row's effect per column: `effect` for every column, or `effects = { Column = {...} }`."""
    if "effect" in raw and "effects" in raw:
        raise TableFileError(f"{here}: give 'effect' or 'effects', not both")
    if "effect" in raw:
        return {c: _effect(raw["effect"], here) for c in (columns or ("",))}
    given = raw.get("effects", {})
    if given and not columns:
        raise TableFileError(f"{here}: 'effects' needs the table's 'columns'; use 'effect' for a one-column table")
    if not isinstance(given, dict) or set(given) - set(columns):
        raise TableFileError(f"{here}: effects must name columns among {', '.join(columns)}")
    return {c: _effect(e, f"{here} column {c}") for c, e in given.items()}


def _effect(effect, here: str) -> dict:
    if not isinstance(effect, dict) or not effect:
        raise TableFileError(f"{here}: effect must be an inline table such as {{ elr = 1 }}")
    _unknown(effect, set(EFFECT_KEYS), f"{here} effect")
    for key, value in effect.items():
        want = EFFECT_KEYS[key]
        if isinstance(want, tuple):
            if value not in want:
                raise TableFileError(f"{here}: effect {key} must be one of {', '.join(want)}, not {value!r}")
        elif type(value) is not want:
            raise TableFileError(f"{here}: effect {key} must be {want.__name__}, not {value!r}")
    return dict(effect)


def _parse_modifier(raw: dict, columns: tuple[str, ...], where: str) -> Modifier:
    name = raw.get("name", "?")
    here = f"{where} modifier {name}"
    _unknown(raw, MOD_KEYS, here)
    if not raw.get("name") or not raw.get("label"):
        raise TableFileError(f"{here}: a modifier needs 'name' and 'label'")
    kinds = [k for k in ("input", "chart", "per") if k in raw]
    if len(kinds) > 1 or ("value" in raw) == ("input" in raw or "chart" in raw):
        raise TableFileError(f"{here}: give 'value' (fixed, or with 'per'), or 'input = [lo, hi]', or 'chart'")
    if raw.get("round", "FRD") not in ("FRD", "FRU"):
        raise TableFileError(f"{here}: round must be FRD or FRU")
    if raw.get("die") not in (None, "colored", "white"):
        raise TableFileError(f"{here}: die must be 'colored' or 'white'")
    mod_columns = _strings(raw.get("columns", []), here, "columns")
    if set(mod_columns) - set(columns):
        raise TableFileError(f"{here}: columns must be among the table's columns {', '.join(columns)}")
    bounds = raw.get("input")
    if bounds is not None and (len(bounds) != 2 or bounds[0] > bounds[1]):
        raise TableFileError(f"{here}: input must be [low, high]")
    return Modifier(
        name=raw["name"], label=raw["label"], value=raw.get("value"), per=raw.get("per"),
        round=raw.get("round", "FRD"), max=raw.get("max"), input=tuple(bounds) if bounds else None,
        chart=raw.get("chart"), die=raw.get("die"), columns=mod_columns,
    )


def _parse_footnote(raw: dict, columns: tuple[str, ...], where: str) -> Footnote:
    here = f"{where} footnote"
    _unknown(raw, FOOTNOTE_KEYS, here)
    try:
        span = parse_span(raw["original"])
    except (KeyError, ValueError) as exc:
        raise TableFileError(f"{here}: needs 'original', a range of the Original roll ({exc})") from None
    if not raw.get("text"):
        raise TableFileError(f"{here}: needs 'text'")
    return Footnote(span, raw["text"], _strings(raw.get("then", []), here, "then"),
                    _strings(raw.get("columns", []), here, "columns"),
                    _effect(raw["effect"], here) if "effect" in raw else {})


def parse_inventory(path: Path) -> tuple[list[InventoryEntry], list[Missing]]:
    data = read_toml(path)
    _unknown(data, INVENTORY_KEYS, str(path))
    entries = [
        InventoryEntry(e["id"], e["source"], str(e["rule"]), e["title"], str(path)) for e in data.get("table", [])
    ]
    missing = []
    for raw in data.get("missing", []):
        _unknown(raw, MISSING_KEYS, f"{path}: missing {raw.get('id', '?')}")
        # the structure the engine reads; the modifiers it names on a roll are the texts' own (the player's table
        # keeps them)
        shape = {k: raw[k] for k in ("roll", "key", "columns", "rows", "modifier") if k in raw}
        missing.append(Missing(raw["id"], raw["title"], str(raw["rule"]), tuple(raw.get("referenced_by", [])), shape))
    return entries, missing


# --- checks across tables ------------------------------------------------------------

def originals(kind: str) -> list[int]:
    if kind == "dr":
        return list(range(1, 7))
    if kind == "DR":
        return [c + w for c, w in product(range(1, 7), repeat=2)]
    return [c * 10 + w for c, w in product(range(1, 7), repeat=2)]


def modifier_deltas(mod: Modifier, kind: str, charts: dict[str, Table]) -> tuple[set[int], bool, bool]:
    """Every change ``mod`` can make to the Final roll, and whether it is unbounded down/up."""
    scale = 10 if (kind == "d66" and mod.die == "colored") else 1
    values: set[int]
    if mod.input is not None:  # the kinds as Modifier.kind tells them
        values = set(range(mod.input[0], mod.input[1] + 1)) | {0}
    elif mod.chart:
        chart = charts[mod.chart]
        values = {0} | {v for r in chart.rows for v in r.results.values() if isinstance(v, int)}
    else:
        # fixed or per-unit: the loader requires 'value' for both (_parse_modifier)
        assert mod.value is not None
        if not mod.per:
            values = {0, mod.value}
        else:
            steps = mod.max // mod.per + (mod.max % mod.per > 0) if mod.max is not None else UNBOUNDED_STEPS
            values = {mod.value * n for n in range(steps + 1)}
            if mod.max is None:
                return {v * scale for v in values}, mod.value < 0, mod.value > 0
    return {v * scale for v in values}, False, False


def check_coverage(table: Table, charts: dict[str, Table]) -> list[str]:
    """Gaps and overlaps over every reachable Final result, column by column."""
    problems = []
    for column in table.result_columns:
        reach = set(originals(table.roll))
        down = up = False
        for mod in table.modifiers:
            if not mod.applies_to(column or None) or (mod.chart and mod.chart not in charts):
                continue
            deltas, d, u = modifier_deltas(mod, table.roll, charts)
            reach = {r + v for r in reach for v in deltas}
            down, up = down or d, up or u
        rows = [r for r in table.rows if column in r.results]
        label = f" column {column!r}" if column else ""
        gaps: list[int] = []
        overlaps: list[int] = []
        spans = [r.span for r in rows if r.span is not None]  # a chart has no coverage to check
        for final in sorted(reach):
            hits = sum(final in span for span in spans)
            (gaps if hits == 0 else overlaps if hits > 1 else []).append(final)
        if gaps:
            problems.append(f"no row{label} for Final {_runs(gaps)}; add rows or open the end row ('<=N'/'>=N')")
        if overlaps:
            problems.append(f"rows{label} overlap at Final {_runs(overlaps)}; make the ranges disjoint")
        if down and not any(span.low is None for span in spans):
            problems.append(f"a per-unit modifier has no lower bound but no row{label} is '<=N'; open the lowest row "
                            "or give the modifier 'max'")
        if up and not any(span.high is None for span in spans):
            problems.append(f"a per-unit modifier has no upper bound but no row{label} is '>=N'; open the highest row "
                            "or give the modifier 'max'")
    return problems


def _runs(values: list[int]) -> str:
    runs: list[str] = []
    start: int | None = values[0]
    nexts: list[int | None] = [*values[1:], None]
    for a, b in zip(values, nexts, strict=True):
        if b != a + 1:
            runs.append(str(start) if start == a else f"{start}..{a}")
            start = b
    return ", ".join(runs)


def check_references(table: Table, tables: dict[str, Table], missing: dict[str, Missing]) -> list[str]:
    problems = []
    for mod in table.modifiers:
        if mod.chart and mod.chart not in tables:
            problems.append(f"modifier {mod.name} looks up chart {mod.chart!r}, which no file defines; fix the id or "
                            "add the chart")
        elif mod.chart and not tables[mod.chart].is_chart:
            problems.append(f"modifier {mod.name} looks up {mod.chart!r}, which is a dice table, not a chart")
    chains = [t for r in table.rows for t in r.then] + [t for f in table.footnotes for t in f.then]
    for target in chains:
        if target not in tables and target not in missing:
            problems.append(f"chained roll to {target!r}, which is neither a table nor listed as missing; fix the id "
                            "or list it in tables/inventory")
    return problems
