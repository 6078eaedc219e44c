"""What every CLI command prints: text for the player, or JSON with --json."""

import json

import click


def emit(data, as_json: bool, text: str) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else text)
