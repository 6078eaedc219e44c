"""solo's command line in-process, as the player meets it through solo.cli.main: exit code, stdout, stderr."""

import json
import sqlite3
from dataclasses import dataclass

from solo.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str


def solo(capsys, *args: str) -> Result:
    """Run ``solo ARGS`` in this process (much faster than a subprocess)."""
    capsys.readouterr()
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def refused(result: Result) -> bool:
    """A refusal as issue 24 wants it: exit 2 and one line on stderr, "solo: ..."; else the command succeeded."""
    if result.code == 0:
        return False
    assert result.code == 2, result
    assert result.err.startswith("solo: ") and result.err.count("\n") == 1, result.err
    return True


def save_rows(path) -> tuple:
    """Everything a save holds: its meta and its events."""
    with sqlite3.connect(path) as db:
        return tuple(db.execute("SELECT * FROM meta ORDER BY key")), tuple(
            db.execute("SELECT * FROM events ORDER BY seq")
        )


def toml_value(value) -> str:
    """``value`` as a TOML inline value (the answers file the player writes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
