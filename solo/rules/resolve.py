"""Resolve a roll on a table: faces, Original, each modifier, Final, the row, footnotes, chained rolls."""

from dataclasses import dataclass, field

from solo.core.dice import DICE_PER_KIND, DiceSource, Roll, original_of, roll
from solo.core.errors import SoloError
from solo.rules.catalog import Catalog
from solo.rules.model import Modifier, Table


@dataclass(frozen=True)
class Applied:
    """A modifier as applied to one roll."""

    name: str
    label: str
    value: int
    die: str | None = None


@dataclass
class Trace:
    table: Table
    roll: Roll
    column: str
    modifiers: list[Applied]
    final: int
    row: str  # the row's range as printed
    result: str
    footnotes: list[str] = field(default_factory=list)
    subrolls: list["Trace"] = field(default_factory=list)
    effect: dict = field(default_factory=dict)  # the effect of the row(s) hit; {} when the row prints none

    @property
    def original(self) -> int:
        return self.roll.original

    def to_json(self) -> dict:
        return {
            "table": self.table.id, "title": self.table.title, "rule": self.table.rule,
            "column": self.column or None, "dice": list(self.roll.faces), "original": self.original,
            "modifiers": [{"name": m.name, "label": m.label, "value": m.value} for m in self.modifiers],
            "final": self.final, "row": self.row, "result": self.result, "footnotes": self.footnotes,
            "subrolls": [s.to_json() for s in self.subrolls], "secret": self.roll.secret,
            "stand_in": bool(self.table.stand_in), **({"effect": self.effect} if self.effect else {}),
        }

    @classmethod
    def recorded(cls, data: dict, cat: Catalog) -> "Trace":
        """The trace a save recorded (`to_json`), as it was made (issue 40: a roll, once made, stands): its faces,
        modifiers, Final, row, result, footnotes, effect and chained rolls are the recorded ones, whatever today's
        table or the player's pack says. The table is today's when it still has that id and kind of roll (for its
        title and reading), else one named as the save recorded it."""
        faces = tuple(data["dice"])
        table = cat.tables.get(data["table"])
        kind = table.roll if table is not None and not table.is_chart else None
        if (table is None or kind is None or DICE_PER_KIND.get(kind) != len(faces)
                or original_of(kind, faces) != data["original"]):
            kind = "dr" if len(faces) == 1 else "DR" if data["original"] == faces[0] + faces[1] else "d66"
            table = Table(data["table"], data["title"], data["rule"], "recorded in the save", kind,
                          "recorded in the save", stand_in="recorded" if data.get("stand_in") else "")
        mods = [Applied(m["name"], m["label"], m["value"]) for m in data.get("modifiers", [])]
        return cls(table, Roll(kind, faces, table.id, table.rule, bool(data.get("secret"))), data.get("column") or "",
                   mods, data["final"], data["row"], data["result"], list(data.get("footnotes", [])),
                   [cls.recorded(s, cat) for s in data.get("subrolls", [])], dict(data.get("effect", {})))


# A roll's modifiers by name: True (a fixed one), a count or value (per-unit, input), or a chart's KEY[:COLUMN]
Mods = dict[str, bool | int | str]


def parse_mods(mods: tuple[str, ...]) -> Mods:
    """Modifiers as a player names them: "encircled", "leader=-1", "historical=24AM:German"."""
    parsed: Mods = {}
    for text in mods:
        name, eq, value = text.partition("=")
        if not eq:
            parsed[name.strip()] = True
            continue
        value = value.strip()
        try:
            parsed[name.strip()] = int(value)
        except ValueError:
            parsed[name.strip()] = value
    return parsed


def applied_modifiers(cat: Catalog, table: Table, mods: dict, column: str, drm: int = 0) -> list[Applied]:
    """Turn the player's named modifiers into values; refuse what the table does not print."""
    applied = []
    for name, given in mods.items():
        mod = table.modifier(name)
        if column == "" and table.columns and mod.columns:
            raise SoloError(f"{table.id}: modifier {name} applies only to {', '.join(mod.columns)}; choose --column")
        if mod.applies_to(column or None):
            applied.append(Applied(mod.name, mod.label, _value(cat, table, mod, given), mod.die))
    if drm:
        applied.append(Applied("drm", "DRM/drm given with the roll", drm))
    return applied


def _value(cat: Catalog, table: Table, mod: Modifier, given) -> int:
    where = f"{table.id} modifier {mod.name}"
    if mod.kind == "fixed":
        if given not in (True, None):
            raise SoloError(f"{where} is a fixed {mod.value:+d}; name it without a value")
        assert mod.value is not None  # the loader requires a fixed modifier's 'value' (_parse_modifier)
        return mod.value
    if mod.chart:  # Modifier.kind "chart"
        key, _, col = str(given).partition(":")
        if given in (True, None) or not key:
            chart = cat.get(mod.chart)
            example = chart.rows[0].label + (f":{chart.columns[0]}" if chart.columns else "")
            raise SoloError(f"{where} is looked up in {mod.chart}: give KEY{':COLUMN' if chart.columns else ''}, "
                            f"e.g. {mod.name}={example}")
        value = cat.chart(mod.chart, key, col or None)
        if not isinstance(value, int):
            raise SoloError(f"{where}: {mod.chart} gives {value!r} for {given}, not a number")
        return value
    if isinstance(given, bool) or not isinstance(given, int):
        what = "the count" if mod.kind == "per" else "the value"
        raise SoloError(f"{where} needs {what} as a whole number, e.g. {mod.name}=2")
    if mod.kind == "per":
        if given < 0:
            raise SoloError(f"{where}: a count cannot be negative")
        return mod.per_value(given)
    assert mod.input is not None  # the kind left: "input"
    low, high = mod.input
    if not low <= given <= high:
        raise SoloError(f"{where} takes a value from {low:+d} to {high:+d}, not {given:+d}")
    return given


def final_of(kind: str, faces: tuple[int, ...], applied: list[Applied]) -> int:
    """The Final roll: Original plus every modifier (a colored-die drm moves the tens of a d66)."""
    total = original_of(kind, faces)
    for mod in applied:
        total += mod.value * (10 if kind == "d66" and mod.die == "colored" else 1)
    return total


def evaluate(table: Table, faces: tuple[int, ...], column: str, applied: list[Applied]):
    """Final, row range, result text, fired footnotes, chained table ids and the rows' effect for these faces."""
    final = final_of(table.roll, faces, applied)
    original = original_of(table.roll, faces)
    columns = [column] if column or not table.columns else list(table.columns)
    parts: list[str] = []
    then: list[str] = []
    row_text: list[str] = []
    effect: dict = {}
    for col in columns:
        row = table.row_at(final, col or None)
        parts.append(f"{col}: {row.results[col]}" if len(columns) > 1 else str(row.results[col]))
        row_text.append(row.label)
        if len(columns) == 1:  # all columns at once: no single effect
            effect.update(row.effects.get(col, {}))
        then.extend(t for t in row.then if t not in then)
    fired = [f for f in table.footnotes
             if original in f.original and (not f.columns or not column or column in f.columns)]
    for note in fired:
        then.extend(t for t in note.then if t not in then)
        effect.update(note.effect)
    return final, "; ".join(dict.fromkeys(row_text)), "; ".join(parts), [f.text for f in fired], then, effect


def resolve(cat: Catalog, table_id: str, dice: DiceSource, column: str | None = None,
            mods: dict | None = None, drm: int = 0, secret: bool = False, standing: tuple[Applied, ...] = ()) -> Trace:
    """Roll on ``table_id`` and follow every chained roll; the whole trace comes back. ``standing``: the DRM a game's
    own rule applies to the table, which the table does not print (OtO-S2 MSR 1, issue 39)."""
    table = cat.get(table_id)
    if table.is_chart:
        raise SoloError(f"{table_id} is a chart, not a dice table: 'solo tables show {table_id}' shows it")
    col = table.column_name(column)
    applied = list(standing) + applied_modifiers(cat, table, mods or {}, col, drm)
    made = roll(dice, table.roll, table.id, table.rule, secret)
    final, row, result, footnotes, then, effect = evaluate(table, made.faces, col, applied)
    trace = Trace(table, made, col, applied, final, row, result, footnotes, effect=effect)
    for target in then:
        if target in cat.tables:
            trace.subrolls.append(resolve(cat, target, dice, secret=secret))
        else:
            gone = cat.missing[target]
            trace.footnotes.append(f"Roll on {gone.title} ({gone.rule}): not in the rule texts; "
                                   f"roll it from your own rules, or add a table pack for {target}")
    return trace
