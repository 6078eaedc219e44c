"""The catalog: every shipped table, the player's table pack, the inventory and the missing list."""

import difflib
import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path

from solo.core.content import config_dir, content_dir
from solo.core.errors import SoloError
from solo.rules import needs
from solo.rules.loader import (
    InventoryEntry,
    Missing,
    TableFileError,
    check_coverage,
    check_references,
    parse_inventory,
    parse_table,
    read_toml,
    table_files,
)
from solo.rules.model import Table


@dataclass
class Catalog:
    tables: dict[str, Table] = field(default_factory=dict)
    inventory: list[InventoryEntry] = field(default_factory=list)
    missing: dict[str, Missing] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    broken: dict[str, str] = field(default_factory=dict)  # a pack's table id (or file) left out -> its problem
    chained_odds: dict = field(default_factory=dict, repr=False, compare=False)  # odds.py: a chained table's outcomes
    kept_odds: dict = field(default_factory=dict, repr=False, compare=False)  # odds.py: the odds asked again and again
    pack: dict = field(default_factory=dict, repr=False)  # the player's pack as read: table id -> its TOML table

    @cached_property
    def pack_hash(self) -> str:
        """What the player's pack holds, as one digest (a save records the pack its rolls were made with, issue 40)."""
        return pack_digest(self.pack)

    def get(self, table_id: str) -> Table:
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id in self.broken:
            raise SoloError(f"{self.broken[table_id]} (your table pack: 'solo tables check' lists its problems)")
        if table_id in self.missing:
            gone = self.missing[table_id]
            raise SoloError(f"{table_id} ({gone.title}) is not in the rule texts: type it in from your rulebook with "
                            f"'solo tables fill {table_id}' (in the app: Tables, f)")
        close = difflib.get_close_matches(table_id, list(self.tables), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; 'solo tables list' shows them all"
        if self.broken:
            hint += "; your table pack has problems: 'solo tables check' lists them"
        raise SoloError(f"unknown table {table_id!r}{hint}")

    def search(self, text: str = "") -> list[Table]:
        """The tables whose id or title holds ``text`` (any case), by id."""
        wanted = text.lower()
        return sorted((t for t in self.tables.values() if wanted in t.id.lower() or wanted in t.title.lower()),
                      key=lambda t: t.id)

    def chart(self, table_id: str, key: str, column: str | None = None):
        """A chart cell: the row ``key`` in ``column`` (the only column when there is one)."""
        table = self.get(table_id)
        if not table.is_chart:
            raise SoloError(f"{table_id} is a dice table, not a chart")
        row = table.chart_row(key)
        if column is None and len(table.columns) == 1:
            column = table.columns[0]
        return row.results[table.column_name(column)]

    def unsupplied(self) -> list[Missing]:
        """Referenced tables that are not in the texts and not in the player's pack (a stand-in may stand for them),
        and the charts the texts give in part that the pack has not completed yet (RB 11.6202's Company SW chart)."""
        partial = [Missing(t.id, t.title, t.rule, (f"{t.source} {t.rule}",)) for t in self.tables.values()
                   if t.incomplete and t.id not in self.missing]
        return [m for m in self.missing.values()
                if m.id not in self.tables or self.tables[m.id].stand_in or self.tables[m.id].incomplete] + partial


def complete(shipped: Table, pack: Table, path: Path) -> Table:
    """The player's whole chart for one the texts give in part: every row the texts give must agree with it; rows
    it leaves out are kept from the texts."""
    if not pack.is_chart or not shipped.is_chart:
        raise TableFileError(f"{path}: table {pack.id}: give it as a chart (roll = \"chart\"), like {shipped.path}")
    keys = {row.key for row in pack.rows}
    for row in shipped.rows:
        if row.key is None or row.key not in keys:  # every row of a chart has its key (loader)
            continue
        theirs = pack.chart_row(row.key).results
        for column, value in row.results.items():
            if column in theirs and str(theirs[column]) != str(value):
                raise TableFileError(f"{path}: table {pack.id} row {row.key}: {column} {theirs[column]!r}, but the "
                                     f"rule text ({shipped.source}) gives {value!r}")
    kept = tuple(row for row in shipped.rows if row.key not in keys)
    return replace(pack, rows=pack.rows + kept)


TEXT, NUMBER, WORDS = (str,), (str, int, float), (str, list)
# the TOML types of a table file's values, checked before a table is read (loader.parse_table)
SCHEMA: dict[str, dict[str, tuple[type, ...]]] = {
    "table": {"id": TEXT, "title": TEXT, "rule": NUMBER, "source": TEXT, "roll": TEXT, "columns": WORDS, "key": TEXT,
              "row": (list,), "modifier": (list,), "footnote": (list,), "notes": WORDS, "reading": TEXT,
              "partial": TEXT, "stand_in": TEXT, "vocabulary": WORDS},
    "row": {"roll": (str, int), "result": NUMBER, "results": (dict,), "then": WORDS, "key": NUMBER},
    "modifier": {"name": TEXT, "label": TEXT, "value": (int,), "per": (int,), "round": TEXT, "max": (int,),
                 "input": (list,), "chart": TEXT, "die": TEXT, "columns": WORDS},
    "footnote": {"original": (str, int), "text": TEXT, "then": WORDS, "columns": WORDS},
}
NAMES = ("row", "modifier", "footnote")  # the keys of a table that hold a list of tables


def check_types(raw, where: str, kind: str = "table") -> None:
    """Refuse a value of the wrong TOML type in a table (or its rows, modifiers, footnotes) with one line."""
    if not isinstance(raw, dict):
        raise TableFileError(f"{where}: each {kind} is a table of keys "
                             f"([[{'table' if kind == 'table' else 'table.' + kind}]]), not {raw!r}")
    for key, value in raw.items():
        allowed = SCHEMA[kind].get(key)
        if allowed and (isinstance(value, bool) or not isinstance(value, allowed)):
            names = " or ".join({"str": "text", "int": "a whole number", "float": "a number", "list": "a list",
                                 "dict": "a table"}[t.__name__] for t in allowed)
            raise TableFileError(f"{where}: {key} = {value!r} must be {names}")
        if allowed in ((list,), WORDS) and isinstance(value, list) and key in NAMES:
            for n, item in enumerate(value, 1):
                check_types(item, f"{where} {key} {n}", key)
    if kind == "row" and isinstance(raw.get("results"), dict):
        bad = [v for v in raw["results"].values() if isinstance(v, bool) or not isinstance(v, NUMBER)]
        if bad:
            raise TableFileError(f"{where}: results = {raw['results']!r}: each column's result is text or a number")
    if kind == "modifier":
        _check_modifier_numbers(raw, where)


MOD_MOST = 99  # the largest modifier, count or bound a table may give: a DRM beyond it reads no row of any table


def _check_modifier_numbers(raw: dict, where: str) -> None:
    """A modifier's input [low, high], value, per and max: whole numbers within MOD_MOST (per and max at least 1)."""
    if "input" in raw and (len(raw["input"]) != 2 or any(
            isinstance(v, bool) or not isinstance(v, int) or abs(v) > MOD_MOST for v in raw["input"])):
        raise TableFileError(f"{where}: input = {raw['input']!r} must be [low, high], two whole numbers from "
                             f"-{MOD_MOST} to {MOD_MOST}")
    for key, low in (("value", -MOD_MOST), ("per", 1), ("max", 1)):
        if key in raw and not low <= raw[key] <= MOD_MOST:
            raise TableFileError(f"{where}: {key} = {raw[key]!r} must be from {low} to {MOD_MOST}")


def chain_loops(tables: dict[str, Table]) -> dict[str, str]:
    """Tables whose chained rolls ('then') lead back to themselves: table id -> the loop, e.g. "a -> b -> a"."""
    loops = {}
    for start in tables:
        path, stack, seen = [start], [iter(_chains(tables[start]))], {start}
        while stack:
            target = next(stack[-1], None)
            if target is None:
                stack.pop()
                path.pop()
            elif target == start:
                loops[start] = " -> ".join(path + [start])
                break
            elif target in tables and target not in seen:
                seen.add(target)
                path.append(target)
                stack.append(iter(_chains(tables[target])))
    return loops


def _chains(table: Table) -> list[str]:
    return [t for r in table.rows for t in r.then] + [t for f in table.footnotes for t in f.then]


def _add(cat: Catalog, raw, path: Path, pack: bool, needs_checked: bool = True) -> None:
    """One table of a file into the catalog (a pack's table completes or replaces a shipped stand-in); a pack a save
    recorded is read as it was (``needs_checked`` False: it replays what it gave then)."""
    check_types(raw, f"{path}: table {raw.get('id', '?') if isinstance(raw, dict) else '?'}")
    table = parse_table(raw, path, pack)
    shipped = cat.tables.get(table.id)
    if shipped and not (pack and (shipped.stand_in or shipped.partial)):
        raise TableFileError(f"{path}: table {table.id}: duplicate id, also in {shipped.path}; rename one")
    problem = needs.unmet(shipped, table) if shipped and shipped.stand_in else needs.result_problem(table)
    gone = cat.missing.get(table.id)
    if not problem and pack and not shipped and gone is not None and gone.shape:
        problem = needs.unmet_shape(gone.shape, table, "tables/inventory")
    if problem and needs_checked:  # issue 39: a player's table gives what solo reads of the stand-in it replaces
        raise TableFileError(f"{path}: table {table.id}: {problem}")
    cat.tables[table.id] = complete(shipped, table, path) if shipped and shipped.partial else table


def pack_digest(pack: dict) -> str:
    return hashlib.sha256(json.dumps(pack, sort_keys=True, default=str).encode()).hexdigest()


RECORDED = Path("(the table pack recorded in the save)")


def load_catalog(folders: list[tuple[Path, bool]], recorded: dict | None = None) -> Catalog:
    """Load (folder, is_pack) pairs; collect every problem as one line in ``errors``. A table of the player's pack with
    a problem is left out (``broken``), so that a command that does not roll on it still runs. ``recorded``: the pack
    a save recorded (table id -> its TOML table) read instead of the pack folders' files."""
    cat = Catalog()
    packs: set[str] = set()
    raws_by_id: dict[str, dict] = {}
    for folder, pack in folders:
        files = table_files(folder) if recorded is None or not pack else [RECORDED]
        for path in files:
            try:
                if path is RECORDED and recorded is not None:
                    raws = {"table": list(recorded.values())}
                else:
                    raws = read_toml(path)
                unknown = set(raws) - {"table"}
                if unknown:
                    raise TableFileError(f"{path}: unknown top-level key(s) {', '.join(sorted(unknown))}; tables are "
                                 "[[table]] entries")
                if not isinstance(raws.get("table", []), list):
                    raise TableFileError(f"{path}: table = {raws['table']!r}: tables are [[table]] entries")
            except TableFileError as exc:
                cat.errors.append(str(exc))
                if pack:
                    cat.broken[str(path)] = str(exc)
                continue
            for raw in raws.get("table", []):
                table_id = str(raw.get("id", "?")) if isinstance(raw, dict) else "?"
                if pack:
                    raws_by_id[table_id] = raw
                try:
                    _add(cat, raw, path, pack, needs_checked=path is not RECORDED)
                except TableFileError as exc:
                    cat.errors.append(str(exc))
                    if pack:
                        cat.broken[table_id] = str(exc)
            packs.update(t.id for t in cat.tables.values() if pack and t.path == str(path))
        inventory_dir = folder / "inventory"
        for path in sorted(inventory_dir.glob("*.toml")) if inventory_dir.is_dir() else []:
            try:
                entries, missing = parse_inventory(path)
            except (TableFileError, KeyError) as exc:
                cat.errors.append(f"{path}: bad inventory entry ({exc}); each needs id, source, rule, title")
                continue
            cat.inventory.extend(entries)
            cat.missing.update((m.id, m) for m in missing)
    charts = {t.id: t for t in cat.tables.values() if t.is_chart}
    loops = chain_loops(cat.tables)
    for table in list(cat.tables.values()):
        problems = check_references(table, cat.tables, cat.missing)
        if not table.is_chart:
            problems += check_coverage(table, charts)
        if table.id in loops:
            problems.append(f"chained rolls loop back to it ({loops[table.id]}); a chain must end")
        lines = [f"{table.path}: table {table.id}: {p}" for p in problems]
        cat.errors.extend(lines)
        if lines and table.id in packs:
            cat.broken[table.id] = lines[0]
    for table_id in set(cat.broken) & set(cat.tables):
        del cat.tables[table_id]
    cat.pack = {table_id: raws_by_id[table_id] for table_id in sorted(packs) if table_id in cat.tables}
    return cat


def catalog_folders() -> list[tuple[Path, bool]]:
    return [(content_dir("tables"), False), (config_dir() / "tables", True)]


@cache
def recorded_catalog(pack: str) -> Catalog:
    """The shipped tables with the pack a save recorded (``pack``: its JSON) in place of the player's pack today."""
    return load_catalog(catalog_folders(), json.loads(pack))


@cache
def default_catalog() -> Catalog:
    """The shipped tables and the player's pack; a broken shipped file stops here with one line, a broken table of
    the pack only the commands that roll on it."""
    cat = load_catalog(catalog_folders())
    pack = str(catalog_folders()[1][0])
    shipped = [e for e in cat.errors if not e.startswith(pack)]  # the pack's own problems stop only what uses them
    if shipped:
        cat.errors = shipped
        more = f" (and {len(cat.errors) - 1} more; run 'solo tables check')" if len(cat.errors) > 1 else ""
        raise SoloError(cat.errors[0] + more)
    return cat
