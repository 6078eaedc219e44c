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


def save_name(typed: str) -> str:
    """A save's file name from what the player typed: letters, digits, '-' and '_' (spaces become '-')."""
    name = "-".join(typed.split())
    if not name or len(name) > 60 or not all(ch.isalnum() or ch in "-_" for ch in name):
        raise SoloError(f"save name {typed.strip()!r}: use 1-60 letters, digits, spaces, '-' or '_'")
    return name


def new_save_path(game: str, typed: str = "") -> Path:
    """A new save's path: the name the player typed (refused if a save has it), or the game's id and the time."""
    if typed.strip():
        path = saves_dir() / f"{save_name(typed)}.db"
        if path.exists():
            raise SoloError(f"there is already a save named {path.stem}: choose another name")
        return path
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}.db"
    n = 1
    while path.exists():
        n += 1
        path = saves_dir() / f"{game}-{stamp}-{n}.db"
    return path


def rename_save(path: Path, typed: str) -> Path:
    """Give a save a new name (refused if another save has it); the app's last-open marker follows it."""
    target = path.with_name(f"{save_name(typed)}.db")
    if target.exists():
        raise SoloError(f"there is already a save named {target.stem}: choose another name")
    path.rename(target)
    if last_save() == path:
        remember(target)
    return target


def delete_save(path: Path) -> None:
    """Delete a save for good (the app asks first)."""
    if last_save() == path:
        remember(None)
    path.unlink(missing_ok=True)


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
