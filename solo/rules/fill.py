"""Table packs without writing TOML: the structure of a table the texts lack, built for the player to type its
values into (`solo tables fill ID`, the app's Fill form), then checked and saved in the player's pack.

A table's structure comes from, in this order: the shipped stand-in or partial chart of the same id (its roll,
key, columns and modifiers are kept; the player gives the rows), or the `[[missing]]` entry of the inventory
(`roll`, `key`, `columns`, `rows`: the structure the engine reads, tables/README.md), or, for a table the engine
never reads, what the player says (roll, key, columns).

The values go in as CSV: a header (the key or "roll", then the columns, or "result" for a one-column table) and a
row per line. The rows the texts give (a partial chart) are filled in already.
"""

import csv
import io
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from solo.core.content import config_dir
from solo.core.errors import SoloError
from solo.rules.catalog import Catalog, catalog_folders, load_catalog

ROLLS = ("dr", "DR", "d66", "chart")
DROPPED = ("stand_in", "partial", "source", "row", "reading")  # what the player's own table does not keep


@dataclass
class Shape:
    """What the player fills in: the table's header and the rows (keys or roll ranges) it needs."""

    id: str
    title: str
    rule: str
    where: str  # where the table is printed or cited, for the player to find it in the book
    roll: str
    key: str  # a chart's key column name ("" for a dice table)
    columns: list[str]
    rows: list[str]  # the row keys or roll ranges offered (a row left empty is left out; []: the player adds them)
    known: dict[str, dict] = field(default_factory=dict)  # row -> the cells the texts give
    base: dict = field(default_factory=dict)  # the shipped table's own fields kept in the pack (modifiers, notes ...)

    @property
    def header(self) -> list[str]:
        return [self.key or "roll", *(self.columns or ["result"])]

    def template(self) -> str:
        """The CSV the player starts from: the header, then each row it needs with the cells the texts give."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        for row in self.rows or list(self.known):
            cells = self.known.get(row, {})
            writer.writerow([row, *(cells.get(c, "") for c in (self.columns or [""]))])
        return out.getvalue()


def shape_of(cat: Catalog, table_id: str, asked: dict | None = None) -> Shape:
    """The structure of ``table_id``; ``asked`` (roll, key, columns) for a table nothing describes."""
    missing = cat.missing.get(table_id)
    table = cat.tables.get(table_id)
    if missing is None and (table is None or not (table.stand_in or table.incomplete)):
        raise SoloError(f"{table_id}: not a table the texts lack ('solo tables list --missing' names them)")
    title = missing.title if missing else table.title
    rule = missing.rule if missing else table.rule
    where = f"rule {rule}" + (f", cited at {', '.join(missing.referenced_by)}" if missing and missing.referenced_by else "")
    if table is not None and (table.stand_in or table.incomplete):
        base = {k: v for k, v in _raw(table).items() if k not in DROPPED}
        known = {} if table.stand_in else {r.key: dict(r.results) for r in table.rows}
        rows = [] if table.is_chart else [r.span.text for r in table.rows]
        return Shape(table_id, title, rule, where, table.roll, table.key, list(table.columns), rows, known, base)
    spec = {**missing.shape, **(asked or {})}
    if "roll" not in spec:
        raise SoloError(f"{table_id}: nothing says how it is built; give its roll ({', '.join(ROLLS)}), "
                        f"its key column if a chart, and its columns")
    roll, key = str(spec["roll"]), str(spec.get("key", "") or ("" if spec["roll"] != "chart" else "key"))
    if roll not in ROLLS:
        raise SoloError(f"{table_id}: roll {roll!r}: give one of {', '.join(ROLLS)}")
    columns = [str(c).strip() for c in spec.get("columns", []) if str(c).strip()]
    return Shape(table_id, title, rule, where, roll, key if roll == "chart" else "", columns,
                 [str(r) for r in spec.get("rows", [])], base={"id": table_id, "title": title, "rule": rule, "roll": roll})


def _raw(table) -> dict:
    """The shipped TOML of a table, as written."""
    data = tomllib.loads(Path(table.path).read_text(encoding="utf-8"))
    return next(raw for raw in data.get("table", []) if raw.get("id") == table.id)


def _cell(text: str):
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def to_csv(shape: Shape, rows: list[list[str]]) -> str:
    """Rows typed cell by cell (the key or range first), as the CSV ``rows_from_csv`` reads."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([shape.header, *rows])
    return out.getvalue()


def rows_from_csv(shape: Shape, text: str) -> list[dict]:
    """The rows typed as CSV under the shape's header, as table rows; one line for anything wrong."""
    lines = [row for row in csv.reader(io.StringIO(text.strip())) if any(cell.strip() for cell in row)]
    if not lines:
        raise SoloError(f"{shape.id}: no rows: give the header {', '.join(shape.header)} and a row per line")
    header = [h.strip() for h in lines[0]]
    if header != shape.header:
        raise SoloError(f"{shape.id}: the header must be {', '.join(shape.header)}, not {', '.join(header)}")
    out, seen = [], set()
    for number, cells in enumerate(lines[1:], start=2):
        if len(cells) != len(header):
            raise SoloError(f"{shape.id} line {number}: {len(cells)} cells where the header has {len(header)}")
        first = cells[0].strip()
        if not first or first in seen:
            raise SoloError(f"{shape.id} line {number}: {'an empty' if not first else 'a second'} {header[0]} {first!r}")
        seen.add(first)
        values = {c: _cell(v) for c, v in zip(shape.columns or [""], cells[1:])}
        if all(v == "" for v in values.values()):
            continue  # a row of the template the player left empty (a CG they do not play)
        if shape.roll == "chart":
            out.append({"key": first, "results": values})
        elif shape.columns:
            out.append({"roll": first, "results": {c: v for c, v in values.items() if v != ""}})
        else:
            out.append({"roll": first, "result": values[""]})
    if not out:
        raise SoloError(f"{shape.id}: every row is empty: type the values from your rulebook")
    return out


def pack_path(table_id: str) -> Path:
    return config_dir() / "tables" / f"{table_id}.toml"


def save(shape: Shape, rows: list[dict]) -> Path:
    """Write the table into the player's pack and check it with everything else; a table the check refuses is not
    kept (the pack stays as it was) and its first problem is the one line."""
    path = pack_path(shape.id)
    before = path.read_bytes() if path.exists() else None
    table = {**shape.base, "title": f"{shape.title} (from my rulebook)", "row": rows}
    if shape.key:
        table["key"] = shape.key
    if shape.columns:
        table["columns"] = shape.columns
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {shape.id}: typed in with 'solo tables fill' from the player's rulebook ({shape.where})\n"
                    + tomli_w.dumps({"table": [table]}), encoding="utf-8")
    problems = [e for e in load_catalog(catalog_folders()).errors if str(path) in e]
    if problems:
        if before is None:
            path.unlink()
        else:
            path.write_bytes(before)
        raise SoloError(problems[0].replace(f"{path}: ", ""))
    return path
