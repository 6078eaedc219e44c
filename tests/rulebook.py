"""A player's rulebook tables as a test types them in: the shipped stand-in with its own title, no stand-in mark
(issue 39)."""

from pathlib import Path

from solo.rules.loader import read_toml

TABLES = Path(__file__).parents[1] / "tables" / "core"
RULEBOOK = ("sasl.a1", "sasl.g2", "sasl.a11", "sasl.r3")  # the tables a mission's own DRM fell on


def stand_in(table_id: str) -> dict:
    """The shipped stand-in's TOML table."""
    return next(t for f in sorted(TABLES.glob("*.toml")) for t in read_toml(f).get("table", []) if t["id"] == table_id)


def as_typed(table_id: str, **changes) -> dict:
    """The stand-in as a player types in his rulebook's table: its own title, no stand-in mark, only the modifiers the
    table prints (none of the missions' own)."""
    raw = {k: v for k, v in stand_in(table_id).items() if k not in ("stand_in", "vocabulary", "source")}
    return raw | {"title": raw["title"].replace(" stand-in", "") + " (my rulebook)"} | changes
