"""Table packs without writing TOML: the structure of a table the texts lack, built for the player to type its
values into (`solo tables fill ID`, the app's Fill form), then checked and saved in the player's pack.

A table's structure comes from, in this order: the shipped stand-in or partial chart of the same id (its roll,
key, columns and modifiers are kept; the player gives the rows), or the `[[missing]]` entry of the inventory
(`roll`, `key`, `columns`, `rows`: the structure the engine reads, tables/README.md), or, for a table the engine
never reads, what the player says (roll, key, columns).

The values go in as CSV: a header (the key or "roll", then the columns, or "result" for a one-column table) and a
row per line. The rows the texts give (a partial chart) are filled in already. The app's form checks each cell as it is
typed (``check_cell``: what a column allows, from its name and the game's ``Allowed`` days and RG IDs) and keeps what
was typed in a draft (``draft_path``) until the table is saved; a filled table goes out and comes back as the same CSV
(``export``; ``solo tables fill ID --csv FILE`` reads it).
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
from solo.rules.ranges import parse_span

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
    if table is not None and not (table.stand_in or table.incomplete or table.pack):  # a pack's table is typed again
        table = None
    if missing is None and table is None:
        raise SoloError(f"{table_id}: not a table the texts lack ('solo tables list --missing' names them)")
    described = missing or table
    assert described is not None  # one of the two, by the check above
    title, rule = described.title, described.rule
    cited = missing.referenced_by if missing else ()
    where = f"rule {rule}" + (f", cited at {', '.join(cited)}" if cited else "")
    if table is not None:
        base = {k: v for k, v in _raw(table).items() if k not in DROPPED}
        title = title.removesuffix(" (from my rulebook)")
        # the rows the texts give (a partial chart), the rows of a stand-in to offer; a pack's own rows are typed again
        known = {r.label: dict(r.results) for r in table.rows} if table.incomplete else {}
        rows = [r.label for r in table.rows] if table.stand_in and not table.is_chart else []
        return Shape(table_id, title, rule, where, table.roll, table.key, list(table.columns), rows, known,
                     base | {"title": title})
    assert missing is not None  # no table to offer: the texts' list of what they lack describes it
    spec = {**missing.shape, **(asked or {})}
    if "roll" not in spec:
        raise SoloError(f"{table_id}: nothing says how it is built; give its roll ({', '.join(ROLLS)}), "
                        f"its key column if a chart, and its columns")
    roll, key = str(spec["roll"]), str(spec.get("key", "") or ("" if spec["roll"] != "chart" else "key"))
    if roll not in ROLLS:
        raise SoloError(f"{table_id}: roll {roll!r}: give one of {', '.join(ROLLS)}")
    columns = [str(c).strip() for c in spec.get("columns", []) if str(c).strip()]
    base = {"id": table_id, "title": title, "rule": rule, "roll": roll} | {"modifier": spec["modifier"]} \
        if "modifier" in spec else {"id": table_id, "title": title, "rule": rule, "roll": roll}
    return Shape(table_id, title, rule, where, roll, key if roll == "chart" else "", columns,
                 [str(r) for r in spec.get("rows", [])], base=base)


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
            raise SoloError(f"{shape.id} line {number}: {'an empty' if not first else 'a second'} {header[0]} "
                            f"{first!r}")
        seen.add(first)
        values = {c: _cell(v) for c, v in zip(shape.columns or [""], cells[1:], strict=False)}
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
    draft_path(shape.id).unlink(missing_ok=True)
    return path


# --- the form: what each cell allows -------------------------------------------------------------------------------

@dataclass
class Allowed:
    """What the game allows in its tables' cells: its CG Days (or Dates) in order, and each side's RG IDs (from its RG
    chart, as supplied so far)."""

    days: list[str] = field(default_factory=list)
    rgs: dict[str, list[str]] = field(default_factory=dict)


NUMBERS = re.compile(r"(ELR|SAN|CPP|Attack|Idle)$|^CG (Date )?Max\b")  # the columns that hold a whole number


def column_kind(shape: Shape, column: str, allowed: Allowed) -> str:
    """How a cell of ``column`` is checked: "day" (a CG Day of the game), "rgs:<Side>" (that side's RG IDs, comma-
    separated), "number" (a whole number 0 or more), "ratio" (Full/Depleted "12/9"), or "text"."""
    if column in ("First Day", "Last Day") and allowed.days:
        return "day"
    side = column.removesuffix(" RG")
    if side != column and side in allowed.rgs:
        return f"rgs:{side}"
    known = [cells.get(column) for cells in shape.known.values() if cells.get(column) not in (None, "")]
    if NUMBERS.search(column) or (known and all(isinstance(v, int) for v in known)):
        return "number"
    if column == "Full/Depleted":
        return "ratio"
    return "text"


def check_key(shape: Shape, text: str) -> str:
    """The one line that refuses a row's key (a chart's key, a dice table's roll range), or ""."""
    text = text.strip()
    if not text:
        return f"a row needs its {shape.key or 'roll range'}"
    if shape.roll != "chart":
        try:
            parse_span(text)
        except ValueError as exc:
            return str(exc)
    return ""


def check_cell(shape: Shape, column: str, text: str, allowed: Allowed) -> str:
    """The one line that refuses what is typed in a cell, or "" (an empty cell is checked when the table is saved)."""
    text = text.strip()
    kind = column_kind(shape, column, allowed)
    if not text:
        return ""
    if kind == "day" and text not in allowed.days:
        return f"{column} {text!r} is not a day of this CG: pick one ({allowed.days[0]} .. {allowed.days[-1]})"
    if kind.startswith("rgs:"):
        ids = allowed.rgs[kind[4:]]
        bad = [rg for rg in (part.strip() for part in text.split(",")) if rg not in ids]
        if bad:
            return f"{column}: {', '.join(bad)} not on the {kind[4:]} RG chart ({', '.join(ids) or 'fill it first'})"
    if kind == "number" and not re.fullmatch(r"\d+", text):
        return f"{column} {text!r}: a whole number, 0 or more"
    if kind == "ratio" and not re.fullmatch(r"\d+/\d+", text):
        return f"{column} {text!r}: Full/Depleted as two numbers, e.g. 12/9"
    return ""


def parse_rows(shape: Shape, text: str) -> list[list[str]]:
    """A CSV under the shape's header as rows of cells (key first), for the form; one line if the header differs."""
    lines = [row for row in csv.reader(io.StringIO(text.strip())) if any(cell.strip() for cell in row)]
    if not lines or [h.strip() for h in lines[0]] != shape.header:
        raise SoloError(f"{shape.id}: the file's header must be {', '.join(shape.header)}")
    width = len(shape.header)
    return [[c.strip() for c in (cells + [""] * width)[:width]] for cells in lines[1:]]


def start_rows(shape: Shape) -> list[list[str]]:
    """The rows the form opens with: each row the table needs, with the cells the texts give."""
    return parse_rows(shape, shape.template())


def draft_path(table_id: str) -> Path:
    """What the player typed into a table's form and has not saved yet (kept when a cell is refused or the app is
    closed, dropped when the table is saved)."""
    return config_dir() / "drafts" / f"{table_id}.csv"


def export(cat: Catalog, table_id: str) -> str:
    """A table of the player's pack as the CSV that ``rows_from_csv`` reads (to share a filled CG card)."""
    table = cat.tables.get(table_id)
    if table is None or not table.pack:
        raise SoloError(f"{table_id}: not a table of your pack: fill it in first ('solo tables list --missing')")
    columns = list(table.columns)
    rows = [[row.label, *(str(row.results.get(c, "")) for c in columns or [""])]
            for row in table.rows]
    return to_csv(Shape(table.id, table.title, table.rule, "", table.roll, table.key, columns, []), rows)


def allowed(cat: Catalog, definition: dict) -> Allowed:
    """What a Campaign Game's definition (missions/<cg>.toml) allows in its tables: its CG Days, and each side's RG IDs
    from its RG chart as far as the texts, the pack or the player's draft of the chart give them."""
    rgs: dict[str, list[str]] = {}
    for side, chart in definition.get("tables", {}).get("rg_chart", {}).items():
        ids = [row.label for row in cat.tables[chart].rows] if chart in cat.tables else []
        if draft_path(chart).exists():
            try:
                drafted = parse_rows(shape_of(cat, chart), draft_path(chart).read_text(encoding="utf-8"))
                ids += [row[0] for row in drafted if row[0] not in ids and any(row[1:])]
            except (SoloError, OSError, UnicodeDecodeError):
                pass
        rgs[side] = ids
    return Allowed(list(definition.get("dates", [])), rgs)


def needed(cat: Catalog, definition: dict) -> list[str]:
    """The tables a game's definition names (its [tables] and [initiative]) that the texts lack and the player's pack
    does not hold yet, in the order it names them (a stand-in is played with until the pack replaces it)."""
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, str) and value not in found:
            table = cat.tables.get(value)
            if value in cat.missing and table is None or table is not None and table.incomplete:
                found.append(value)

    walk(definition.get("tables", {}))
    walk(definition.get("initiative", {}))
    return found
