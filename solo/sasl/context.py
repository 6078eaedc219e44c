"""What a mission step works with: the mission file, its state, the dice (through the event log) and the player."""

from collections.abc import Callable
from functools import cache
from pathlib import Path

from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError
from solo.core.play import Play, Question
from solo.rules.resolve import Trace
from solo.sasl.state import Mission


def mission_files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(content_dir("missions").glob("*.toml")) if read_toml_file(p).get("kind") == "mission"}


@cache
def load_mission(mission_id: str) -> dict:
    """The mission file missions/<id>.toml."""
    files = mission_files()
    if mission_id not in files:
        raise SoloError(f"no mission {mission_id!r}: choose one of {', '.join(files)} ('solo mission list')")
    return read_toml_file(files[mission_id])


class Ctx:
    def __init__(self, play: Play, m: Mission, defn: dict):
        self.play, self.m, self.defn = play, m, defn
        self.boards = {}  # OtO-S2: the classified mapboards, when the player's VASL boards are known
        self.last = None  # what the last action did, for the CLI

    @property
    def cat(self):
        return self.play.cat

    def say(self, text: str, rule: str = "") -> None:
        self.m.record.append({"turn": self.m.turn, "phase": self.m.phase, "rule": rule, "text": text})

    def mods(self, which: str) -> dict:
        """The mission's standing DRM for a table (OtO-S2 MSR 1)."""
        return {name: True for name in self.defn.get("mods", {}).get(which, [])}

    def roll(self, which: str, purpose: str, column: str | None = None, mods: dict | None = None, side: str = "ENEMY",
             drm: int = 0) -> Trace:
        """Roll on the mission's table ``which`` (a key of [tables]) or on a table id."""
        table = self.defn["tables"].get(which, which)
        standing = self.mods(which)
        return self.play.roll(table, side, self.m.phase, column, {**standing, **(mods or {})}, drm, False, purpose)

    def ask(self, key: str, prompt: str, parse: Callable, example: str = "", context: dict | None = None):
        """A question for the player (the table): what the map shows, or what the player does next."""
        q = Question(key, self.m.phase, "table", prompt, parse, {"mission": self.m, **(context or {})}, example)
        return self.play.ask(q)
