"""What every CLI command prints: text for the player, or JSON with --json."""

import json
from pathlib import Path

import click

from solo.core.errors import SoloError


def emit(data, as_json: bool, text: str) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else text)


def plain(value) -> str:
    """A recorded answer or decision in a player's words, never a Python literal: a list as "G4, G9", a table as
    "prereg 1, rg O2", true/false as yes/no, nothing as "none"."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(f"({plain(v)})" if isinstance(v, dict) and len(v) > 1 else plain(v) for v in value) or "none"
    return "none" if value is None else str(value)


def write_file(path: Path, text: str) -> None:
    """A file a command writes (an SVG picture ...): a folder that is not there, or a file that cannot be written, is
    one line, never a traceback."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SoloError(f"cannot write {path}: {exc.strerror or exc}") from None
