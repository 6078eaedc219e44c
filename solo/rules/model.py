"""Tables as frozen values: rows, modifiers (DRM/drm) and footnotes on the Original roll."""

import hashlib
from dataclasses import dataclass, field, replace
from functools import cached_property
from math import ceil, floor

from solo.core.errors import SoloError
from solo.rules.ranges import Span

ROLL_KINDS = ("dr", "DR", "d66", "chart")


@dataclass(frozen=True)
class Row:
    span: Span | None  # None for a chart row
    key: str | None  # a chart row's key
    results: dict  # column ("" for a one-column table) -> result text or chart cell
    then: tuple[str, ...] = ()
    # column ("" for a one-column table) -> what the result printed does, as data (tables/README.md, "Effects"):
    # {"elr": 1, "elr_max": 4}, {"san": -1}, {"escape": "eliminated"}, {"weather": "Rain"} ...
    effects: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        """What the row's first column prints: its range of the roll, or a chart row's key."""
        return self.span.text if self.span is not None else self.key or ""


@dataclass(frozen=True)
class Modifier:
    """One printed DRM/drm. Exactly one kind: fixed, per-unit, input or chart."""

    name: str
    label: str
    value: int | None = None  # fixed, or the value per `per` units
    per: int | None = None
    round: str = "FRD"
    max: int | None = None  # largest count that matters (per-unit)
    input: tuple[int, int] | None = None
    chart: str | None = None
    die: str | None = None  # "colored" or "white": changes that die only
    columns: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        if self.chart:
            return "chart"
        if self.input:
            return "input"
        if self.per:
            return "per"
        return "fixed"

    def applies_to(self, column: str | None) -> bool:
        return not self.columns or column is None or column in self.columns

    def per_value(self, count: int) -> int:
        """The DRM for ``count`` units: value for each full (FRD) or started (FRU) `per`."""
        # a per-unit modifier always has both: the loader requires 'value' with 'per' (_parse_modifier)
        assert self.per is not None and self.value is not None
        steps = count / self.per
        return self.value * (ceil(steps) if self.round == "FRU" else floor(steps))


@dataclass(frozen=True)
class Footnote:
    original: Span
    text: str
    then: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    effect: dict = field(default_factory=dict)  # what the note does, as a row's effect (tables/README.md, "Effects")


@dataclass(frozen=True)
class Table:
    id: str
    title: str
    rule: str
    source: str
    roll: str
    path: str  # the file it came from
    columns: tuple[str, ...] = ()
    key: str = ""
    rows: tuple[Row, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    footnotes: tuple[Footnote, ...] = ()
    notes: tuple[str, ...] = ()
    reading: str = ""
    stand_in: str = ""  # not the rulebook table: what this stand-in is built on (tables/core/SOURCES.md)
    pack: bool = False  # from the player's own table pack
    partial: str = ""  # a chart the texts give only in part: what they lack (the player's pack completes it)
    vocabulary: tuple[str, ...] = ()  # what solo reads in its results: ("number",), ("squad",) or the words a result
    # lists; a player's table that replaces it must give the same (solo/rules/needs.py)

    @cached_property
    def digest(self) -> str:
        """What decides a roll on the table (its kind of roll, columns, rows, modifiers and footnotes; not its title,
        notes or the file it came from), as a short digest: a save records it with each roll, so that a replay can say
        which table changed since (issue 39)."""
        mods = tuple(replace(m, label="") for m in self.modifiers)
        decides = (self.roll, self.columns, self.key, self.rows, mods, self.footnotes)
        return hashlib.sha256(repr(decides).encode()).hexdigest()[:16]

    @property
    def incomplete(self) -> bool:
        return bool(self.partial) and not self.pack

    @property
    def is_chart(self) -> bool:
        return self.roll == "chart"

    @property
    def result_columns(self) -> tuple[str, ...]:
        """The columns rows are read in: ("",) for a one-column table."""
        return self.columns or ("",)

    def column_name(self, column: str | None) -> str:
        """The column a player named (case-insensitive, first words suffice), or ""."""
        if column is None or not self.columns:
            if column:
                raise SoloError(f"{self.id} has no columns; leave out --column")
            return ""
        wanted = column.strip().lower()
        for name in self.columns:
            if name.lower() == wanted:
                return name
        starts = [name for name in self.columns if name.lower().startswith(wanted)]
        if len(starts) == 1:
            return starts[0]
        raise SoloError(f"{self.id} has no column {column!r}: choose one of {', '.join(self.columns)}")

    def rows_for(self, final: int, column: str) -> list[Row]:
        return [r for r in self.rows if column in r.results and r.span is not None and final in r.span]

    def row_at(self, final: int, column: str | None = None) -> Row:
        name = self.column_name(column)
        rows = self.rows_for(final, name)
        if len(rows) != 1:
            where = f" in column {name}" if name else ""
            raise SoloError(f"{self.id}: no single row for Final {final}{where}")
        return rows[0]

    def result_at(self, final: int, column: str | None = None):
        """The result of the row matching ``final`` (in ``column``)."""
        return self.row_at(final, column).results[self.column_name(column)]

    def modifier(self, name: str) -> Modifier:
        for mod in self.modifiers:
            if mod.name == name:
                return mod
        known = ", ".join(m.name for m in self.modifiers) or "none"
        raise SoloError(f"{self.id} has no modifier {name!r}: its modifiers are {known}")

    def chart_row(self, key: str) -> Row:
        for row in self.rows:
            if row.key is not None and row.key.lower() == str(key).strip().lower():
                return row
        keys = ", ".join(r.key for r in self.rows if r.key is not None)
        raise SoloError(f"{self.id} has no {self.key or 'key'} {key!r}: choose one of {keys}")
