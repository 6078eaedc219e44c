"""The SQLite event log (ARCHITECTURE.md, "The event log").

One file per campaign or mission. Each roll, each computer decision and each human answer is an
event, committed before it takes effect; the state is what the engine makes of the log
when it runs over it again (replay). Undo drops the last human answer and everything after
it, but keeps the faces of the dice rolled after it in the "pending" queue (a meta entry), so
that the next rolls use them again: undo never re-rolls a die.
"""

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from solo.core.errors import SoloError

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, step TEXT NOT NULL, side TEXT NOT NULL,
    secret INTEGER NOT NULL, data TEXT NOT NULL);
"""
KINDS = ("roll", "decision", "answer")


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str  # roll | decision (computer or model) | answer (human)
    step: str  # the rule of the step that made it, e.g. "7.515"
    side: str  # "German", "Russian" or "" (both / the table)
    secret: bool
    data: dict

    def to_json(self) -> dict:
        return {"seq": self.seq, "kind": self.kind, "step": self.step, "side": self.side,
                "secret": self.secret, **self.data}


class EventLog:
    """The events of one campaign, in a SQLite file (or ":memory:" for simulations)."""

    def __init__(self, db: sqlite3.Connection, where: str):
        self._db = db
        self.where = where
        self._events = [Event(seq, kind, step, side, bool(secret), json.loads(data)) for seq, kind, step, side, secret, data
                        in db.execute("SELECT seq, kind, step, side, secret, data FROM events ORDER BY seq")]
        row = db.execute("SELECT value FROM meta WHERE key = 'pending'").fetchone()
        self._pending = json.loads(row[0]) if row else []

    @classmethod
    def create(cls, path: str | Path, meta: dict) -> "EventLog":
        where = str(path)
        if where != ":memory:" and Path(where).exists():
            raise SoloError(f"{where} already exists: choose another --save file (nothing was changed)")
        try:
            db = sqlite3.connect(where)
        except sqlite3.Error as exc:
            raise SoloError(f"cannot create {where}: {exc}") from None
        db.executescript(SCHEMA)
        db.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in meta.items()])
        db.commit()
        return cls(db, where)

    @classmethod
    def open(cls, path: str | Path) -> "EventLog":
        where = str(path)
        if not Path(where).is_file():
            raise SoloError(f"no save file {where}: start one with 'solo cg new ... --save {where}' or 'solo mission new ... --save {where}'")
        try:
            db = sqlite3.connect(where)
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not {"meta", "events"} <= tables:
                raise SoloError(f"{where} is not a solo save file (no event log in it)")
            log = cls(db, where)
            log.meta  # noqa: B018 - read it once so a broken file fails here
            return log
        except (sqlite3.Error, json.JSONDecodeError) as exc:
            raise SoloError(f"{where} is not a readable solo save file ({exc}); nothing was changed") from None

    @property
    def meta(self) -> dict:
        return {k: json.loads(v) for k, v in self._db.execute("SELECT key, value FROM meta") if k != "pending"}

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def append(self, kind: str, step: str, side: str, data: dict, secret: bool = False) -> Event:
        """Write one event and commit it, before the engine acts on it."""
        assert kind in KINDS, kind
        seq = len(self._events) + 1
        with self._db:
            self._db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                             (seq, kind, step, side, int(secret), json.dumps(data)))
        event = Event(seq, kind, step, side, secret, data)
        self._events.append(event)
        return event

    def take_pending(self, count: int) -> tuple[int, ...]:
        """Up to ``count`` faces kept by an undo, oldest first (fewer, or none, when the queue runs out)."""
        faces = self.pending
        if faces:
            self.set_pending(faces[count:])
        return tuple(faces[:count])

    @property
    def pending(self) -> list[int]:
        return list(self._pending)

    def set_pending(self, faces: list[int]) -> None:
        """The faces the next new rolls use before the seed's: kept by an undo, or rolled by the player on the table."""
        self._pending = list(faces)
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('pending', ?)", (json.dumps(self._pending),))

    def undo_last_answer(self) -> Event:
        """Drop the last human answer and every event after it; keep their dice for the next rolls."""
        answers = [e for e in self._events if e.kind == "answer"]
        if not answers:
            raise SoloError("nothing to undo: no answer of yours is in this save yet")
        last = answers[-1]
        dropped = [e for e in self._events if e.seq >= last.seq]
        faces = [f for e in dropped if e.kind == "roll" for f in e.data["faces"]]
        self.set_pending(faces + self.pending)
        with self._db:
            self._db.execute("DELETE FROM events WHERE seq >= ?", (last.seq,))
        self._events = [e for e in self._events if e.seq < last.seq]
        return last
