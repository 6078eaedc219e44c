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
    """true/false from the answers file, or yes/no (or true/false, as the examples show) typed; nothing else."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in ("yes", "y", "true", "no", "n", "false"):
        return raw.strip().lower() in ("yes", "y", "true")
    raise SoloError(f"{raw!r}: answer yes or no")


MOST = 200  # the stated maximum of a count nothing else bounds (S?, VPO, Guns, Flames): more than any map's Locations


def whole(raw, low: int, high: int, what: str = "") -> int:
    """A whole number from ``low`` to ``high``: an integer from the answers file or digits typed at the prompt; never
    true/false, a fraction or a number out of range (``what`` names it in the error line)."""
    text = raw.strip() if isinstance(raw, str) else None
    if text is not None and text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) < 20:
        raw = int(text)
    name = f"{what}: " if what else ""
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise SoloError(f"{name}{raw!r}: give a whole number from {low} to {high}")
    if not low <= raw <= high:
        raise SoloError(f"{name}{raw}: give a whole number from {low} to {high}")
    return raw


def number(low: int, high: int):
    """A parser for a whole number from ``low`` to ``high`` (``whole``)."""
    def parse(raw) -> int:
        return whole(raw, low, high)
    return parse
