"""The catalog: every shipped table, the player's table pack, the inventory and the missing list."""

import difflib
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from solo.core.content import config_dir, content_dir
from solo.core.errors import SoloError
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

    def get(self, table_id: str) -> Table:
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id in self.missing:
            gone = self.missing[table_id]
            raise SoloError(f"{table_id} ({gone.title}) is not in the rule texts; add it as a table pack in {config_dir() / 'tables'}")
        close = difflib.get_close_matches(table_id, list(self.tables), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; 'solo tables list' shows them all"
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
        """Referenced tables that are not in the texts and not in the player's pack (a stand-in may stand for them)."""
        return [m for m in self.missing.values()
                if m.id not in self.tables or self.tables[m.id].stand_in or self.tables[m.id].incomplete]


def complete(shipped: Table, pack: Table, path: Path) -> Table:
    """The player's whole chart for one the texts give in part: every row the texts give must agree with it; rows
    it leaves out are kept from the texts."""
    if not pack.is_chart or not shipped.is_chart:
        raise TableFileError(f"{path}: table {pack.id}: give it as a chart (roll = \"chart\"), like {shipped.path}")
    keys = {row.key for row in pack.rows}
    for row in shipped.rows:
        if row.key not in keys:
            continue
        theirs = pack.chart_row(row.key).results
        for column, value in row.results.items():
            if column in theirs and str(theirs[column]) != str(value):
                raise TableFileError(f"{path}: table {pack.id} row {row.key}: {column} {theirs[column]!r}, but the "
                                     f"rule text ({shipped.source}) gives {value!r}")
    kept = tuple(row for row in shipped.rows if row.key not in keys)
    return replace(pack, rows=pack.rows + kept)


def load_catalog(folders: list[tuple[Path, bool]]) -> Catalog:
    """Load (folder, is_pack) pairs; collect every problem as one line in ``errors``."""
    cat = Catalog()
    for folder, pack in folders:
        for path in table_files(folder):
            try:
                raws = read_toml(path)
                unknown = set(raws) - {"table"}
                if unknown:
                    raise TableFileError(f"{path}: unknown top-level key(s) {', '.join(sorted(unknown))}; tables are [[table]] entries")
                for raw in raws.get("table", []):
                    table = parse_table(raw, path, pack)
                    shipped = cat.tables.get(table.id)
                    if shipped and not (pack and (shipped.stand_in or shipped.partial)):
                        raise TableFileError(f"{path}: table {table.id}: duplicate id, also in {shipped.path}; rename one")
                    cat.tables[table.id] = complete(shipped, table, path) if shipped and shipped.partial else table
            except TableFileError as exc:
                cat.errors.append(str(exc))
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
    for table in cat.tables.values():
        problems = check_references(table, cat.tables, cat.missing)
        if not table.is_chart:
            problems += check_coverage(table, charts)
        cat.errors.extend(f"{table.path}: table {table.id}: {p}" for p in problems)
    return cat


def catalog_folders() -> list[tuple[Path, bool]]:
    return [(content_dir("tables"), False), (config_dir() / "tables", True)]


@cache
def default_catalog() -> Catalog:
    """The shipped tables and the player's pack; a broken file stops here with one line."""
    cat = load_catalog(catalog_folders())
    if cat.errors:
        more = f" (and {len(cat.errors) - 1} more; run 'solo tables check')" if len(cat.errors) > 1 else ""
        raise SoloError(cat.errors[0] + more)
    return cat
