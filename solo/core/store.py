"""The SQLite event log (ARCHITECTURE.md, "The event log").

One file per campaign or mission. Each roll, each computer decision and each human answer is an
event, written before it takes effect; the state is what the engine makes of the log
when it runs over it again (replay). Undo drops the last human answer and everything after
it, but keeps the faces of the dice rolled after it in the "pending" queue (a meta entry), so
that the next rolls use them again: undo never re-rolls a die. The meta entry "packs" keeps the player's
table pack as it was when each run of events was made (issue 40): a replay reads its charts as they were.

Writing (issue 24, "Nothing lost, nothing spliced"): a writing command opens the save with
`EventLog.writing`, one SQLite `BEGIN IMMEDIATE` transaction for its whole run. It is the save's one
writer from before it reads the log until it commits, so nothing another command writes can land in
between (a concurrent undo once spliced two histories); a kill at any moment leaves the save as it was
before the command or as it is after it, never half (typed faces are never lost or applied twice); a
refused answer leaves it unchanged. Readers (status, log, export) still read beside a writer: SQLite's
rollback journal lets them read the last committed state, and the save stays one file.

Honest chance (issue 24, item 7): the computer's secret rolls take their faces from the save's secret key (see
`secret_faces`), which is kept in the save's meta and never shown; the faces an undo keeps from them are marked in
the pending queue and only secret rolls use them; and an undo never drops a computer decision that was revealed after
it (`REVEALED`).
"""

import hashlib
import hmac
import itertools
import json
import os
import re
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from solo.core.content import data_dir
from solo.core.errors import SoloError

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, step TEXT NOT NULL, side TEXT NOT NULL,
    secret INTEGER NOT NULL, data TEXT NOT NULL);
"""
KINDS = ("roll", "decision", "answer")
RULES = 7  # the rules a new save is played by: a fix that changes what the same dice give applies from its version
# on, so a save replays by the rules it was played under (1: every save made before the mark; 2: RB/VotG Recon's
# Majority Squad Type drm; 3: the rules fixes of issues 18 and 20 made on 2026-11-24; 4: the secret units numbered
# apart, issue 21; 5: the CG rules fixes and secret rolls of issue 36, and the ENEMY's sequence of play, issue 34:
# First Fire at the FRIENDLY moves, S? that move and are checked as they come into view, the ENEMY RPh's rally,
# reinforcement S? on an EBE hex in OtO-S1; 6: the mission's map keeps Activation along every move, control and VP
# from positions, and the Random Events on the map, issue 35; 7: wrecks, slopes and the Culvert in LOS and MF, a
# Known minefield rolled on entry, RE OBA's radio leader and RE 11-13's towing vehicle on the map, issue 35; the
# Russian 1-2-7 a crew, no more a vehicle, and mounted cavalry's MF, issue 38)
KEY = "secret_key"  # the meta entry holding the key of the secret rolls where it cannot be kept outside the save
# (never in `EventLog.meta`, never shown)
KEY_ID = "key_id"  # the meta entry naming the key's file in the player's data folder (issue 40: `keys_dir`)
SEAL = "seal"  # HMAC of the save's sides and game under the key: an edited meta.human is refused (issue 40)
SEALED = ("cg", "mission", "human", "variant", "seed")
REVEALED = {"initiative": "Initiative chit (RB 11.623 / VotG 12.625 / ABtF 9.6213)"}  # computer decisions a step
# reveals at once: the Initiative chits, cross-indexed as soon as both are picked (by the question key, so old saves
# are covered too). The step's record reveals the chit; the event, with its why, stays secret until the CG End
# (campaign/view.py events)
TYPED_MOST = 200  # the most typed faces that may wait for the next rolls (issue 40: 20,000 were stored)
WAIT_SECONDS = 3.0  # how long a second writer waits for the first before it says the save is in use


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


def _connect(where: str) -> sqlite3.Connection:
    """A connection that leaves transactions to the EventLog (no implicit BEGIN) and waits a little for a lock."""
    return sqlite3.connect(where, timeout=WAIT_SECONDS, isolation_level=None)


def _holder(where: str) -> str:
    """' (process N)' when Linux's /proc/locks names the other process holding a write lock on the save, else ''."""
    try:
        st, locks = os.stat(where), Path("/proc/locks").read_text()
    except OSError:
        return ""
    inode = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for fields in (line.split() for line in locks.splitlines()):
        # "1: POSIX  ADVISORY  WRITE 4242 08:01:1234 1073741825 1073741825" (a waiting request has "->" after "1:")
        if len(fields) >= 6 and fields[3] == "WRITE" and fields[5] == inode and fields[4] != str(os.getpid()):
            return f" (process {fields[4]})"
    return ""


def _read_error(where: str, exc: sqlite3.Error) -> SoloError:
    """The one line a failed read gives: the save held by another program's exclusive lock (issue 40: it read "not a
    readable solo save"), or why it cannot be read."""
    if "locked" in str(exc) or "busy" in str(exc):
        return SoloError(f"{where} is in use by another program{_holder(where)}: nothing was read or changed; try "
                         f"again when it has finished")
    return SoloError(f"{where} is not a readable solo save file ({exc}); nothing was changed")


def _write_error(where: str, exc: sqlite3.Error) -> SoloError:
    """The one line a failed write gives: the save in use by another writer, or why it cannot be written."""
    if "locked" in str(exc) or "busy" in str(exc):
        return SoloError(f"{where} is in use by another solo command or program{_holder(where)}: nothing was changed; "
                         f"try again when it has finished")
    return SoloError(f"cannot write {where} ({exc}); nothing was changed")


class EventLog:
    """The events of one campaign, in a SQLite file (or ":memory:" for simulations)."""

    def __init__(self, db: sqlite3.Connection, where: str):
        self._db = db
        self.where = where
        self._session = False  # inside `writing`: one transaction holds the save until the command ends
        self._alone = where == ":memory:"  # a simulation's or a test's log: no other command can read or write its
        # database, so a write needs no transaction guarding it from them, and the next event's number is its own
        # count (issue 36: an event's write, five SQLite statements, was a seventh of a simulated campaign's time)
        self.typed_secrets = False  # tests only (tests/reph.py, tests/mission.py): secret rolls take typed faces too
        self._load()

    def _load(self) -> None:
        """Events, meta and the pending faces, read in one transaction so they belong together."""
        db = self._db
        own = not db.in_transaction
        if own:
            db.execute("BEGIN")
        try:
            rows = db.execute("SELECT seq, kind, step, side, secret, data FROM events ORDER BY seq").fetchall()
            metas = db.execute("SELECT key, value FROM meta").fetchall()
            self._version = db.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error as exc:
            raise _read_error(self.where, exc) from None
        finally:
            if own and db.in_transaction:
                db.execute("COMMIT")
        self._events = [_event(self.where, row) for row in rows]
        meta = _meta(self.where, metas)
        self._pending = meta.pop("pending", [])
        self._typed = meta.pop("typed", 0)  # how many of the queue's last faces the player typed (--dice)
        self._secret = meta.pop("pending_secret", [0] * len(self._pending))  # 1: that face is of a secret roll
        self._key, self._key_new = meta.pop(KEY, None), False
        self._key_id, seal = meta.pop(KEY_ID, None), meta.pop(SEAL, None)
        if self._key is None and self._key_id is not None:
            self._key = read_key(self._key_id)  # None on a machine without it: new secret rolls get a new key
        _check_sides(self.where, meta, self._key if seal is not None else None, seal, self._key_id)
        self._packs = meta.pop("packs", [])  # the player's table pack each run of events was made with (issue 40)
        self._meta = meta

    @property
    def secret_key(self) -> str:
        """The key of the computer's secret rolls. A save made by a person has a random one, written at its creation
        (or, in a save from before issue 24, with its first new event); a simulation (no human side) or an in-memory
        log derives it from the seed: nobody plays it, so nothing is hidden, and a seed gives the same run."""
        if self._key is None:
            if self.where == ":memory:" or self._meta.get("human") == "none":
                self._key = hashlib.sha256(f"solo simulation {self._meta.get('seed')}".encode()).hexdigest()
            else:
                self._key, self._key_new = secrets.token_hex(32), True
        return self._key

    def _write_new_key(self) -> None:
        """A key made for this save's new secret rolls (a save from before issue 24, or one whose key file is not on
        this machine): kept outside the save where the machine allows, its sides sealed with it."""
        key_id = self._key_id or secrets.token_hex(16)
        entries = {SEAL: seal(self._key, self._meta)}
        if write_key(key_id, self._key):
            entries[KEY_ID] = self._key_id = key_id
        else:
            entries[KEY] = self._key
        self._write_meta(**entries)

    @classmethod
    def create(cls, path: str | Path, meta: dict) -> "EventLog":
        """A new save holding ``meta`` and no event yet, written whole (see `creating`)."""
        if str(path) == ":memory:":
            db = _connect(":memory:")
            _fill(db, meta)
            return cls(db, ":memory:")
        with cls.creating(path, meta):
            pass
        return cls.open(path)

    @classmethod
    @contextmanager
    def creating(cls, path: str | Path, meta: dict) -> Iterator["EventLog"]:
        """A new save, written whole or not at all (issue 24: a kill once left a file with the schema and no meta):
        built in a temporary file in the save's folder, with what the block appends, then linked into place."""
        where = str(path)
        target = Path(where)
        if target.exists():
            raise SoloError(f"{where} already exists: choose another --save file (nothing was changed)")
        if meta.get("human") != "none":
            meta = meta | new_key(meta)
        _clear_leftovers(target.parent)
        temporary = target.parent / f".{target.name}.{secrets.token_hex(4)}.new"
        try:
            try:
                db = _connect(str(temporary))
                _fill(db, meta)
            except sqlite3.Error as exc:
                raise SoloError(f"cannot create {where}: {exc}") from None
            db.execute("BEGIN IMMEDIATE")
            log = cls(db, where)
            with log._held():
                yield log
            db.close()
            _place(temporary, target)
        finally:
            temporary.unlink(missing_ok=True)

    @classmethod
    def open(cls, path: str | Path) -> "EventLog":
        """The save at ``path``, for reading (a write on it checks that no other command wrote since)."""
        return cls(cls._connect_save(str(path)), str(path))

    @classmethod
    @contextmanager
    def writing(cls, path: str | Path, keep_on: tuple[type[BaseException], ...] = ()) -> Iterator["EventLog"]:
        """The save at ``path`` for one writing command: this command is its only writer from before it reads the
        log until the block ends; what the block writes is committed when it ends, and dropped if it raises
        (except one of ``keep_on``: a player who stops at a prompt keeps the answers already given)."""
        where = str(path)
        db = cls._connect_save(where)
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            db.close()
            raise _write_error(where, exc) from None
        log = cls(db, where)
        with log._held(keep_on):
            yield log

    @contextmanager
    def _held(self, keep_on: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
        """The open transaction, as one writing session: committed at the end, rolled back on an error."""
        self._session = True
        try:
            yield
        except keep_on:
            self._end("COMMIT")
            raise
        except BaseException:
            self._end("ROLLBACK")
            raise
        else:
            self._end("COMMIT")

    def _end(self, how: str) -> None:
        self._session = False
        try:
            self._db.execute(how)
        except sqlite3.Error as exc:
            raise _write_error(self.where, exc) from None
        if how == "ROLLBACK":
            self._load()

    @staticmethod
    def _connect_save(where: str) -> sqlite3.Connection:
        if not Path(where).is_file():
            raise SoloError(f"no save file {where}: start one with 'solo cg new ... --save {where}' or 'solo mission "
                            f"new ... --save {where}'")
        try:
            db = _connect(where)
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.Error as exc:
            raise _read_error(where, exc) from None
        if not {"meta", "events"} <= tables:
            raise SoloError(f"{where} is not a solo save file (no event log in it)")
        return db

    @property
    def meta(self) -> dict:
        return dict(self._meta)

    @property
    def rules(self) -> int:
        """The rules version the save is played by (`RULES` when it was made; 1 before the mark existed)."""
        return self._meta.get("rules", 1)

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    def __len__(self) -> int:
        return len(self._events)

    @property
    def public(self) -> int:
        """How many of its events are public (not secret)."""
        return sum(1 for e in self._events if not e.secret)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write: inside the session's transaction, or in its own when there is no session. Its own transaction
        first checks that no other command wrote since this log was read (else a write would splice two histories). An
        in-memory log writes at once: nothing else sees its database."""
        if self._session or self._alone:
            yield
            return
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise _write_error(self.where, exc) from None
        try:
            if self._db.execute("PRAGMA data_version").fetchone()[0] != self._version:
                raise SoloError(f"{self.where} was changed by another command since this one read it: "
                                f"nothing was written; run it again")
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._end("COMMIT")

    @property
    def packs(self) -> list[dict]:
        """The table packs the events were made with: {"from": the first event made with it, "tables": id -> table}."""
        return list(self._packs)

    def append(self, kind: str, step: str, side: str, data: dict, secret: bool = False, used_pending: int = 0,
               used_secret: int = 0, pack: dict | None = None) -> Event:
        """Write one event before the engine acts on it; a roll that used ``used_pending`` faces of the pending
        queue (``used_secret`` of the secret one) takes them off it in the same transaction (issue 24: a kill between
        the two lost them or used them twice), and a secret key made for it is written with it. Its number comes
        from the save, not from what this log read (an in-memory log's from its own count: nothing else writes it)."""
        assert kind in KINDS, kind
        left, flags = _take(self._pending, self._secret, 0, used_pending)
        left, flags = _take(left, flags, 1, used_secret)
        typed = min(self._typed, flags.count(0))
        with self._transaction():
            seq = (self._events[-1].seq if self._events else 0) + 1 if self._alone else \
                self._db.execute("SELECT coalesce(max(seq), 0) + 1 FROM events").fetchone()[0]
            self._db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                             (seq, kind, step, side, int(secret), json.dumps(data)))
            if used_pending or used_secret:
                self._write_pending(left, typed, flags)
            if self._key_new:
                self._write_new_key()
            packs = self._packs + [{"from": seq, "tables": pack}] if pack is not None else self._packs
            if pack is not None:
                self._write_meta(packs=packs)
        self._packs = packs
        event = Event(seq, kind, step, side, secret, data)
        self._events.append(event)
        self._pending, self._typed, self._secret, self._key_new = left, typed, flags, False
        return event

    @property
    def pending(self) -> list[int]:
        return list(self._pending)

    @property
    def typed(self) -> list[int]:
        """The faces the player typed (--dice) that wait for the next rolls, after those an undo kept."""
        return self._pending[len(self._pending) - self._typed:] if self._typed else []

    @property
    def kept(self) -> int:
        """How many faces an undo kept wait for the next public rolls (their values stay hidden). The faces kept for the
        computer's secret rolls are not counted: their number would tell the human how many secret rolls the undo took
        back (issue 21, as RB 11.620's Ammunition dr tells of an OBA module)."""
        return self._secret.count(0) - self._typed

    def queue(self, secret: bool) -> list[int]:
        """The pending faces for the next public rolls (kept by an undo from public rolls, then typed), or for the
        computer's next secret rolls (kept by an undo from secret rolls: never a typed face)."""
        return [face for face, flag in zip(self._pending, self._secret, strict=False) if flag == secret]

    def type_faces(self, faces: list[int]) -> None:
        """Faces the player rolled on the table, for the next new rolls after those an undo kept."""
        pending, typed, flags = self._pending + list(faces), self._typed + len(faces), self._secret + [0] * len(faces)
        if typed > TYPED_MOST:
            raise SoloError(f"{self._typed} faces you typed already wait for the next rolls: at most {TYPED_MOST} may "
                            f"wait (nothing was changed)")
        with self._transaction():
            self._write_pending(pending, typed, flags)
        self._pending, self._typed, self._secret = pending, typed, flags

    def _write_pending(self, faces: list[int], typed: int, flags: list[int]) -> None:
        self._write_meta(pending=list(faces), typed=typed, pending_secret=flags)

    def _write_meta(self, **entries) -> None:
        self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                             [(key, json.dumps(value)) for key, value in entries.items()])

    def undo_last_answer(self) -> Event:
        """Drop the last human answer and every event after it; keep their dice for the next rolls (the secret
        rolls' faces marked for the next secret rolls). One transaction: a kill between the two writes once queued a die
        twice (issue 24). Refused when a dropped event is a computer decision the player has seen since (`REVEALED`):
        picking again knowing the computer's Initiative chit (issue 24, item 10)."""
        answers = [e for e in self._events if e.kind == "answer"]
        if not answers:
            raise SoloError("nothing to undo: no answer of yours is in this save yet")
        last = answers[-1]
        dropped = [e for e in self._events if e.seq >= last.seq]
        _refuse_a_reveal(last, dropped)
        rolls = [e for e in dropped if e.kind == "roll"]
        pending = [f for e in rolls for f in e.data["faces"]] + self._pending
        flags = [int(e.secret) for e in rolls for _ in e.data["faces"]] + self._secret
        with self._transaction():
            self._write_pending(pending, self._typed, flags)
            self._db.execute("DELETE FROM events WHERE seq >= ?", (last.seq,))
        self._events = [e for e in self._events if e.seq < last.seq]
        self._pending, self._secret = pending, flags
        return last


def keys_dir() -> Path:
    """Where the secret keys of the player's saves are kept (issue 40): the player's data folder (platformdirs), not
    the save, so that the save's file tells nothing of the computer's next secret rolls."""
    return data_dir() / "keys"


def new_key(meta: dict) -> dict:
    """The meta entries of a new person's save's key: its file's name (the key written there) and the seal, or the
    key itself where no key file can be written."""
    key, key_id = secrets.token_hex(32), secrets.token_hex(16)
    entries = {SEAL: seal(key, meta)}
    return entries | ({KEY_ID: key_id} if write_key(key_id, key) else {KEY: key})


def write_key(key_id: str, key: str) -> bool:
    """Write the key to its own file, readable by the player alone; False where the machine does not allow it."""
    path = keys_dir() / key_id
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(key)
        return True
    except OSError:
        return False


def read_key(key_id: str) -> str | None:
    if not re.fullmatch(r"[0-9a-f]{32}", key_id):
        return None
    try:
        key = (keys_dir() / key_id).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return key if re.fullmatch(r"[0-9a-f]{64}", key) else None


def seal(key: str, meta: dict) -> str:
    """The seal of a save's sides and game under its key."""
    sealed = json.dumps({k: meta.get(k) for k in SEALED}, sort_keys=True)
    return hmac.new(key.encode(), f"sides {sealed}".encode(), hashlib.sha256).hexdigest()


def _check_sides(where: str, meta: dict, key: str | None, sealed: str | None, key_id: str | None) -> None:
    """A person's save whose sides were edited outside solo is refused (issue 40: meta.human set to "none" showed the
    German's purchases): its seal checked where its key is on this machine; "none" (nobody plays: all is shown) is
    never a person's save."""
    if (key_id is not None or sealed is not None) and meta.get("human") == "none":
        raise _damaged(where, "a save played by a person says nobody plays it")
    if key is not None and sealed is not None and not hmac.compare_digest(sealed, seal(key, meta)):
        raise _damaged(where, "its sides or game were changed outside solo")


MAX_DATA = 1 << 20  # the largest event or meta entry a save holds (a CG's longest event is a few kB)
MAX_DEPTH = 64  # the deepest nesting of an event's data (a roll's trace with its chained rolls: ~12)
MAX_FACES = 10_000  # the most faces a roll or the pending queue holds


def _damaged(where: str, what: str) -> SoloError:
    return SoloError(f"{where} is damaged ({what[:200]}): it is not as solo wrote it; nothing was changed")


def _json(where: str, text, what: str):
    """One JSON value of the save, read with bounds on its size and depth (issue 40: deep JSON, a 5,000-digit number
    and text that is no JSON at all once crashed a replay)."""
    if not isinstance(text, (str, bytes)) or len(text) > MAX_DATA:
        raise _damaged(where, f"{what} is not JSON text of at most {MAX_DATA:,} bytes")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _damaged(where, f"{what} is not JSON solo reads: {type(exc).__name__}") from None
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise _damaged(where, f"{what} nests deeper than {MAX_DEPTH}")
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        todo += [(child, depth + 1) for child in children if isinstance(child, (dict, list))]
    return value


def _faces(value, most: int = MAX_FACES) -> bool:
    return isinstance(value, list) and len(value) <= most and all(type(f) is int and 1 <= f <= 6 for f in value)


def _event(where: str, row: tuple) -> Event:
    """One event row, its shape checked (issue 40: replay trusted the file): its columns' types, its data JSON of a
    dict naming what it is; a roll's faces dice, an answer's or decision's value there."""
    seq, kind, step, side, secret, data = row
    what = f"event {seq}"
    if type(seq) is not int or kind not in KINDS or not isinstance(step, str) or not isinstance(side, str) \
            or secret not in (0, 1):
        raise _damaged(where, f"{what}: {kind!r} {step!r} {side!r} {secret!r} is no event solo writes")
    value = _json(where, data, f"{what}'s data")
    if not isinstance(value, dict) or not isinstance(value.get("what"), str):
        raise _damaged(where, f"{what}'s data names nothing it is for")
    if kind == "roll" and (not _faces(value.get("faces")) or not isinstance(value.get("trace", {}), dict)):
        raise _damaged(where, f"{what}: its faces are not dice")
    if kind != "roll" and "value" not in value:
        raise _damaged(where, f"{what}: its answer is missing")
    return Event(seq, kind, step, side, bool(secret), value)


def _meta(where: str, rows: list) -> dict:
    """The meta entries, each checked (issue 40: a NULL meta, a 5,000-digit seed, a wrong type crashed a replay)."""
    meta = {}
    for key, text in rows:
        if not isinstance(key, str):
            raise _damaged(where, f"meta key {key!r}")
        meta[key] = _json(where, text, f"meta {key}")
    checks = {"seed": lambda v: type(v) is int and abs(v) < 1 << 63, "rules": lambda v: type(v) is int and v >= 1,
              "human": lambda v: isinstance(v, str), "pending": _faces, "mission": lambda v: isinstance(v, str),
              "cg": lambda v: isinstance(v, str), "variant": lambda v: isinstance(v, str),
              "typed": lambda v: type(v) is int and 0 <= v <= len(meta.get("pending", [])),
              "pending_secret": lambda v: isinstance(v, list) and len(v) == len(meta.get("pending", []))
              and all(f in (0, 1) for f in v),
              KEY: lambda v: isinstance(v, str) and 0 < len(v) <= 256, KEY_ID: lambda v: isinstance(v, str),
              SEAL: lambda v: isinstance(v, str),
              "vasl_boards": lambda v: v is None or isinstance(v, str),
              "packs": lambda v: isinstance(v, list) and all(isinstance(p, dict) and type(p.get("from")) is int
                                                             and isinstance(p.get("tables"), dict) for p in v)}
    for key, check in checks.items():
        if key in meta and not check(meta[key]):
            raise _damaged(where, f"meta {key} = {str(meta[key])[:40]!r} is not one solo writes")
    if meta.get("rules", 1) > RULES:
        raise SoloError(f"{where} was made by a newer solo (rules version {meta['rules']}; this solo plays up to "
                        f"{RULES}): update solo to open it; nothing was changed")
    return meta


def _take(faces: list[int], flags: list[int], flag: int, count: int) -> tuple[list[int], list[int]]:
    """``faces`` and their ``flags`` without the first ``count`` faces marked ``flag`` (the ones a roll used)."""
    if not count:  # most rolls use none
        return faces, flags
    drop = set([i for i, f in enumerate(flags) if f == flag][:count])
    return [x for i, x in enumerate(faces) if i not in drop], [f for i, f in enumerate(flags) if i not in drop]


def _refuse_a_reveal(last: Event, dropped: list[Event]) -> None:
    """SoloError if undoing ``last`` would drop a computer decision that has been revealed (`REVEALED`)."""
    shown = next((e for e in dropped if e.kind == "decision" and e.data.get("what") in REVEALED), None)
    if shown:
        raise SoloError(f"cannot undo your answer to {last.data['what']}: the {shown.side}'s "
                        f"{REVEALED[shown.data['what']]} was revealed after it, and an undo never goes back past a "
                        f"revealed secret; nothing was changed")


def secret_faces(key: str, event: int) -> Iterator[int]:
    """The faces of the computer's secret rolls in event number ``event``, in order: HMAC-SHA256 of the event number
    and a counter under the save's secret key, each byte below 252 giving one face (252 = 42 x 6, so every face is
    equally likely). Nothing shown (the seed, the log) tells them; the same save gives the same faces again."""
    secret = key.encode()
    for counter in itertools.count():
        digest = hmac.digest(secret, f"{event}/{counter}".encode(), "sha256")  # hmac.new's, in one call
        yield from (byte % 6 + 1 for byte in digest if byte < 252)


def waiting(log: "EventLog") -> dict:
    """The dice waiting for the next rolls, as status shows them (issue 24: after a crash the player sees whether the
    faces typed with --dice are still to be used): the typed faces, and how many an undo kept."""
    return {"typed": log.typed, "kept": log.kept}


def waiting_text(log: "EventLog") -> str:
    """The status line on the dice waiting for the next rolls, if any."""
    parts = ([f"yours {', '.join(map(str, log.typed))} (typed with --dice)"] if log.typed else []) + \
        ([f"{log.kept} kept by an undo"] if log.kept else [])
    return f"\nDice waiting for the next rolls: {'; '.join(parts)}" if parts else ""


def _fill(db: sqlite3.Connection, meta: dict) -> None:
    """The schema and ``meta`` of a new save, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    meta = {"rules": RULES} | meta  # a new save is played by today's rules
    db.executemany("INSERT INTO meta VALUES (?, ?)", [(k, json.dumps(v)) for k, v in meta.items()])
    db.execute("COMMIT")


LEFTOVER = re.compile(r"\..+\.[0-9a-f]{8}\.new")  # a new save's temporary file (`EventLog.creating`)
LEFTOVER_AGE = 60.0  # seconds: a temporary file older than this, and held by no command, was left by a kill


def _clear_leftovers(folder: Path) -> None:
    """Remove the temporary files of new saves a kill left in ``folder`` (issue 40: 66 of 90 kills during `new` left
    one, never cleaned): those older than a minute whose SQLite lock no command holds."""
    try:
        found = [p for p in folder.glob(".*.new") if LEFTOVER.fullmatch(p.name)]
    except OSError:
        return
    for path in found:
        try:
            if time.time() - path.stat().st_mtime < LEFTOVER_AGE:
                continue
            db = sqlite3.connect(str(path), timeout=0, isolation_level=None)
            try:
                db.execute("BEGIN EXCLUSIVE")  # refused while the command making it still runs
                db.execute("ROLLBACK")
            finally:
                db.close()
            path.unlink()
            path.with_name(path.name + "-journal").unlink(missing_ok=True)
        except (OSError, sqlite3.Error):
            continue


def _place(temporary: Path, target: Path) -> None:
    """Put a finished new save at ``target`` in one step, never over a file made there meanwhile."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise SoloError(f"{target} already exists: choose another --save file (nothing was changed)") from None
    except OSError:  # a filesystem without hard links
        if target.exists():
            raise SoloError(f"{target} already exists: choose another --save file (nothing was changed)") from None
        os.replace(temporary, target)
