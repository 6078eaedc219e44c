"""What a mission step works with: the mission file, its state, the dice (through the event log) and the player."""

from functools import cache
from pathlib import Path

from solo.core.content import content_dir, read_toml_file
from solo.core.context import StepContext
from solo.core.errors import SoloError
from solo.core.play import Play
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


class Ctx(StepContext):
    """The context handed to every mission step: the mission file, its state and its record."""

    def __init__(self, play: Play, m: Mission, defn: dict):
        super().__init__(play)
        self.m, self.defn = m, defn
        self.boards = {}  # OtO-S2: the classified mapboards, when the player's VASL boards are known
        self.last = None  # what the last action did, for the CLI

    @property
    def where(self) -> str:
        return self.m.phase

    @property
    def record(self) -> list[dict]:
        return self.m.record

    def entry(self, text: str, rule: str, secret: str) -> dict:
        return {"turn": self.m.turn, "phase": self.m.phase, "rule": rule, "text": text}

    def context(self) -> dict:
        return {"mission": self.m}

    def table_id(self, table: str) -> str:
        """A mission's table by its key in [tables] ("activation"), or a table id."""
        return self.defn["tables"].get(table, table)

    def standing(self, table: str) -> dict:
        """The mission's standing DRM for a table (OtO-S2 MSR 1)."""
        return {name: True for name in self.defn.get("mods", {}).get(table, [])}
