"""The app's save files: one SQLite event log per mission or campaign, in the data folder, and the one last open."""

import json
import time
from dataclasses import dataclass
from pathlib import Path

from solo.core.content import data_dir
from solo.core.errors import SoloError
from solo.core.store import EventLog


def saves_dir() -> Path:
    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass(frozen=True)
class Save:
    path: Path
    kind: str  # "mission" | "campaign"
    name: str  # "oto-s1", "oto2"
    when: str  # last change, local time
    state: str  # where it stands: "Game Turn 3", "23PM reph" ...

    @property
    def label(self) -> str:
        return f"{self.path.stem:<24} {self.name:<7} {self.when}  {self.state}"


def list_saves() -> list[Save]:
    """Every readable save, the newest first; unreadable files are left out."""
    found = []
    for path in sorted(saves_dir().glob("*.db"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            meta = EventLog.open(path).meta
        except SoloError:
            continue
        kind = "mission" if "mission" in meta else "campaign"
        found.append(Save(path, kind, meta.get("mission") or meta.get("cg", "?"),
                          time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime)), _state(path, kind)))
    return found


def _state(path: Path, kind: str) -> str:
    """Where a save stands, from a replay that makes no event."""
    try:
        if kind == "mission":
            from solo.games import run_mission
            m = run_mission(EventLog.open(path), frozen=True).mission
            return f"ended after Game Turn {m.ended['turn']}" if m.ended else f"Game Turn {m.turn}"
        from solo.campaign.engine import run as run_campaign
        from solo.games import campaign_of
        log = EventLog.open(path)
        c = run_campaign(campaign_of(log), log, frozen=True).campaign
        return "CG ended" if c.stage == "ended" else f"{c.date} {c.stage}"
    except SoloError:
        return "cannot be replayed"


def new_save_path(name: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{name}-{stamp}.db"
    n = 1
    while path.exists():
        n += 1
        path = saves_dir() / f"{name}-{stamp}-{n}.db"
    return path


def remember(path: Path | None) -> None:
    """The save the player had open, so that reopening the app puts them back there."""
    marker = data_dir() / "last.json"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(json.dumps({"last": str(path) if path else None}), encoding="utf-8")


def last_save() -> Path | None:
    try:
        last = json.loads((data_dir() / "last.json").read_text(encoding="utf-8")).get("last")
    except (OSError, ValueError):
        return None
    return Path(last) if last and Path(last).is_file() else None
