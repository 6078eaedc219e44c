"""Parsers for the answers to any question: a value from the answers file (TOML) or a line typed at the prompt.

Each returns the checked answer as plain JSON data, or raises SoloError with one line saying what to give.
"""

from solo.core.errors import SoloError


def words(raw) -> list:
    """A list from TOML, or from a typed line: "G4, G9" -> ["G4", "G9"]; "none" or "" -> []."""
    if isinstance(raw, list):
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        return [] if text.lower() in ("", "none", "-") else [w.strip() for w in text.split(",") if w.strip()]
    raise SoloError(f"{raw!r}: give a list, e.g. [\"G4\", \"G9\"], or type the ids separated by commas")


def one_of(*words: str):
    """A parser for one of ``words`` ("keep", "execute" or "free")."""
    def parse(raw) -> str:
        text = str(raw).strip().lower()
        if text not in words:
            raise SoloError(f"{raw!r}: answer {', '.join(words[:-1])} or {words[-1]}")
        return text
    return parse


def yes_no(raw) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in ("yes", "y", "no", "n"):
        return raw.strip().lower().startswith("y")
    raise SoloError(f"{raw!r}: answer yes or no")


def number(low: int, high: int):
    def parse(raw) -> int:
        try:
            value = int(raw)
        except (TypeError, ValueError):
            raise SoloError(f"{raw!r}: give a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise SoloError(f"{value}: give a whole number from {low} to {high}")
        return value
    return parse
