"""What the screens and dialogs use of the running app (``SoloApp``), typed: a Protocol, as the app imports the
screens and they may not import it back (no import circle)."""

from pathlib import Path
from typing import Protocol, cast

from textual.dom import DOMNode


class Shell(Protocol):
    def open_save(self, path: Path, vasl_game: Path | None = None) -> None: ...

    def action_help(self) -> None: ...


def shell(node: DOMNode) -> Shell:
    """The app ``node`` runs in: solo's app is always a SoloApp."""
    return cast(Shell, node.app)
