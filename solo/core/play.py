"""One run of a campaign or mission over its event log: recorded events are replayed, new ones are written first.

The RePh steps call `Play.roll` for every die and `Play.ask` for every decision. While the log
has events left, they come from the log (dice are never rolled again); after that, new dice come
from the seed (or from the faces an undo kept) and new answers from the Sides, and each is
committed to the log before the step acts on it. The computer's secret rolls come from the save's
secret key instead, never from the seed or the faces the player typed (issue 24, item 7; `_FreshDice`).
"""

import hmac
import itertools
import json
import random
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

from solo.core.dice import TypedDice
from solo.core.errors import SoloError
from solo.core.store import EventLog, secret_faces
from solo.rules.catalog import Catalog, pack_digest, recorded_catalog
from solo.rules.resolve import Applied, Trace, resolve


@dataclass(frozen=True)
class Question:
    """A decision a Side must make, in a player's words."""

    key: str  # the answers-file key: "purchase", "facts", "escape" ...
    step: str  # the rule asking
    side: str  # who answers: "German", "Russian", or "table" (what happened on the map)
    prompt: str
    parse: Callable = field(compare=False)  # raw answer -> checked value; SoloError on bad input
    context: dict = field(default_factory=dict, compare=False)  # what the answer may draw on
    example: str = ""  # an answer that would do: typed as is ("I1, V4"), or an answers-file line ("recon = 1")
    default: str = "none"  # what Enter answers at the prompt
    recheck: Callable | None = field(default=None, compare=False)  # a logged answer -> SoloError if it breaks the
    # rules' bounds: checked again on replay (issue 40: a save edited to place 100,000,000 S? hung replaying it)

    @property
    def typed_example(self) -> str:
        """The example as the player types it at the prompt or in the app: the value of an answers-file line."""
        line = self.example.split("  #")[0].strip()
        return line.removeprefix(f"{self.key} = ").removeprefix("[facts] ")

    def parse_typed(self, raw):
        """A typed answer, checked: a TOML value typed as the examples show it (a list, a table, a quoted text) is
        read as TOML, so the answers-file form works at the prompt too; anything else is the words typed."""
        return self.parse(typed_value(raw))


def typed_value(raw):
    """``raw`` read as a TOML value when it is typed as one (starts with [, { or a quote), else as it is."""
    if isinstance(raw, str) and raw.strip()[:1] in ('[', '{', '"', "'"):
        try:
            return tomllib.loads(f"value = {raw.strip()}")["value"]
        except tomllib.TOMLDecodeError:
            return raw
    return raw


def _same_roll(today: dict, recorded: dict) -> bool:
    """Whether today's table gives the recorded roll: the same faces, Final, result, effect (when one was recorded)
    and chained rolls."""
    if any(today[k] != recorded[k] for k in ("table", "dice", "final", "result")) or \
            ("effect" in recorded and today.get("effect", {}) != recorded["effect"]) or \
            len(today["subrolls"]) != len(recorded.get("subrolls", [])):
        return False
    return all(_same_roll(a, b) for a, b in zip(today["subrolls"], recorded.get("subrolls", []), strict=True))


def _digests(trace: Trace) -> dict[str, str]:
    """Each table a roll was made on (the chained ones too) -> its digest: what the save records of them (issue 39)."""
    found, todo = {}, [trace]
    while todo:
        t = todo.pop()
        found[t.table.id] = t.table.digest
        todo += t.subrolls
    return found


@dataclass(frozen=True)
class Reply:
    value: object
    why: str = ""
    alternatives: tuple = ()  # (choice, score or reason) the computer weighed


DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError)  # a recorded event misread


class NeedAnswer(Exception):
    """The run stops here: a question nobody can answer yet (the human, on a later command)."""

    def __init__(self, question: Question):
        super().__init__(question.prompt)
        self.question = question


class ScenarioReached(Exception):
    """The run stops here: a RePh is complete and the next CG scenario is ready to play."""


class _FreshDice:
    """New faces of one roll event (issue 24, item 7). A public roll: first the pending faces (kept by an undo, then
    typed with --dice), then the seed's (one stream per event, so a replay never disturbs it; `--seed` reproduces
    them). A secret roll of the computer: first the faces of secret rolls an undo kept, then the save's secret
    stream (`secret_faces`); never the faces the player typed, nor anything the seed tells. ``kept`` counts the
    queued faces used: the roll's event takes them off their queue when it is written, in the same transaction.

    In a person's save the seed's streams are numbered by the public events before the roll alone: numbered by every
    event, the faces of the human's rolls followed how many secret rolls and decisions the computer had made before
    them, which a player who knows his seed could count (issue 21). A simulation (no human side) hides nothing and
    numbers them by every event, as before."""

    def __init__(self, log: EventLog, seed: int, secret: bool):
        self.secret = secret and not log.typed_secrets
        self._queue = log.queue(self.secret)
        if self.secret:
            self._stream = secret_faces(log.secret_key, len(log) + 1)
        else:
            self._stream = self._seeded(seed, len(log) if log.meta.get("human", "none") == "none" else log.public)
        self.used: list[int] = []
        self.kept = 0

    @staticmethod
    def _seeded(seed: int, events: int) -> Iterator[int]:
        rng = random.Random(seed * 1_000_003 + events + 1)
        while True:
            yield rng.randint(1, 6)

    def faces(self, count: int, purpose: str) -> tuple[int, ...]:
        kept = tuple(self._queue[self.kept:self.kept + count])
        self.kept += len(kept)
        faces = kept + tuple(itertools.islice(self._stream, count - len(kept)))
        self.used.extend(faces)
        return faces


class Play:
    def __init__(self, log: EventLog, seed: int, sides: dict, cat: Catalog, stop_at_scenario: bool = False,
                 frozen: bool = False, aliases: Mapping[str, str] | None = None):
        self.log, self.seed, self.sides = log, seed, sides
        self.today = cat  # the shipped tables and the player's pack today: what new rolls are made with
        self._packs = [(v["from"], pack_digest(v["tables"]), v["tables"]) for v in log.packs]
        self._noticed: set = set()
        self._changed: dict[str, str] = {}  # table id -> what the replay says of it (issue 39)
        self._told: set = set()
        self.aliases = aliases or {}  # question keys an older solo logged, by today's key
        self.frozen = frozen  # replay only: stop where the next new event would be made
        self.recorded = log.events
        self.cursor = 0
        self.stop_at_scenario = stop_at_scenario
        self.new_events = 0
        self._draws = (0, 0)  # (the event a decision's draws are for, how many it has made)
        self._settle()

    def _settle(self) -> None:
        """The catalog for what comes next (issue 40): while the log has events left, the shipped tables with the pack
        the next recorded event was made with (a chart read as it was, so a changed pack cannot change what the
        player did); past the log, today's, which the next new event records if it changed."""
        version = None
        if self.replaying:
            seq = self.recorded[self.cursor].seq
            version = next((v for v in reversed(self._packs) if v[0] <= seq), None)
        if version is None or version[1] == self.today.pack_hash:
            self.cat = self.today
        else:
            self.cat = recorded_catalog(json.dumps(version[2], sort_keys=True))

    def _pack_to_record(self) -> dict | None:
        """Today's pack, when the new event about to be written is the first made with it."""
        return None if self._packs and self._packs[-1][1] == self.today.pack_hash else self.today.pack

    def _appended(self, event, pack: dict | None) -> None:
        if pack is not None:
            self._packs.append((event.seq, self.today.pack_hash, pack))

    def pack_notice(self) -> str | None:
        """Once, where the player's table pack changed between the events (issue 40): which tables, and that they apply
        from here on, the rolls before standing as they were made."""
        if self.replaying:
            seq: int | str = self.recorded[self.cursor].seq
            at = next((n for n, v in enumerate(self._packs) if v[0] == seq), 0)
            if not at:  # the event changed no pack
                return None
            before, after = self._packs[at - 1][2], self._packs[at][2]
        elif self._packs and not self.frozen and self._pack_to_record() is not None:
            seq, before, after = "new", self._packs[-1][2], self.today.pack
        else:
            return None
        if before is None or seq in self._noticed:
            return None
        self._noticed.add(seq)
        tables = sorted(t for t in set(before) | set(after) if before.get(t) != after.get(t))
        return (f"Your table pack changed ({', '.join(tables) or 'its files'}): it applies from here on; the rolls "
                f"before stand as they were made")

    @property
    def replaying(self) -> bool:
        return self.cursor < len(self.recorded)

    def _next_recorded(self, kinds: tuple[str, ...], what: str):
        if not self.replaying:
            return None
        event = self.recorded[self.cursor]
        what_logged = event.data.get("what")
        logged = self.aliases.get(what_logged, what_logged) if what_logged is not None else None
        if event.kind not in kinds or logged != what:
            raise SoloError(f"{self.log.where} does not match this version of solo at event {event.seq} "
                            f"({event.kind} {event.data.get('what')!r}, expected {what!r}); nothing was changed")
        self.cursor += 1
        self._settle()
        return event

    def roll(self, table_id: str, side: str, step: str, column: str | None = None, mods: dict | None = None,
             drm: int = 0, secret: bool = False, purpose: str = "", standing: tuple[Applied, ...] = (),
             **extra) -> Trace:
        """Roll on a table (and its chained tables) for ``side``; ``purpose`` says what for; ``standing``: the DRM of
        the game's own rules on it (`resolve`); ``extra`` is kept with the event (e.g. the Game Turn of a CG4 Game
        End dr). A roll the log has is the trace it recorded, never
        the faces resolved again on today's table (issue 40: a table pack changed since cannot rewrite the past)."""
        event = self.recorded_event()
        if event is not None and event.kind == "roll" and "trace" in event.data:
            cat = self.cat  # the tables the event was made with (reading it settles them for the next one)
            self._next_recorded(("roll",), table_id)
            return self._replayed(event, lambda: self._recorded_trace(event, cat, table_id, column, mods, drm, secret,
                                                                      standing))
        return self.dice(table_id, side, step,
                         lambda dice: resolve(self.cat, table_id, dice, column, mods, drm, secret, standing),
                         secret, purpose, lambda trace: {"trace": trace.to_json(), "tables": _digests(trace), **extra})

    def _recorded_trace(self, event, cat: Catalog, table_id: str, column, mods, drm: int, secret: bool,
                        standing: tuple[Applied, ...] = ()) -> Trace:
        """The recorded roll: today's table read with its faces when it gives what was recorded (a trace written
        before a table printed its effects gains them), else the trace as recorded."""
        recorded = event.data["trace"]
        try:
            today = resolve(cat, table_id, TypedDice(event.data["faces"]), column, mods, drm, secret, standing)
        except SoloError:
            today = None
        same = today is not None and _same_roll(today.to_json(), recorded)
        self._tables_changed(event, cat, same)
        return today if today is not None and same else Trace.recorded(recorded, cat)

    def _tables_changed(self, event, cat: Catalog, same: bool) -> None:
        """Issue 39: the tables a recorded roll was made on that read otherwise today (the digest it recorded of each,
        or, in a save made before it recorded them, today's table giving another result for its faces), each said
        once a run (`table_notices`): the roll stands as it was made."""
        digests = event.data.get("tables")
        if isinstance(digests, dict):
            changed = [t for t, d in digests.items() if t not in cat.tables or cat.tables[t].digest != d]
        else:
            changed = [] if same else [event.data["what"]]
        for table in changed:
            if table not in self._changed:
                self._changed[table] = (f"{table} is not the table this save rolled on at event {event.seq} (your "
                                        f"table pack or this solo changed it since): its rolls stand as they were made")

    def table_notices(self) -> list[str]:
        """What `_tables_changed` found since it was last asked, each table once a run."""
        notes = [n for t, n in self._changed.items() if n and t not in self._told]
        self._told.update(self._changed)
        return notes

    def _replayed(self, event, read: Callable):
        """What a recorded event gives; an event the file holds in a shape no solo wrote is one line, not a crash."""
        try:
            return read()
        except DAMAGE as exc:
            raise self.damaged(event, exc) from None

    def damaged(self, event, exc: BaseException) -> SoloError:
        return SoloError(f"{self.log.where} is damaged at event {event.seq} ({event.kind} {event.data.get('what')!r}: "
                         f"{type(exc).__name__} {str(exc)[:200]}); nothing was changed")

    @contextmanager
    def guarded(self) -> Iterator[None]:
        """A run of the engine: what fails while it replays the log (a step given an event no solo wrote: a wrong
        type, a unit that is not there) is the save's damage, one line (issue 40), never a traceback."""
        try:
            yield
        except DAMAGE as exc:
            if self.cursor and (self.replaying or self.new_events == 0):  # the last event read led to it
                raise self.damaged(self.recorded[self.cursor - 1], exc) from None
            raise

    def dice(self, what: str, side: str, step: str, use: Callable, secret: bool = False, purpose: str = "",
             record: Callable | None = None):
        """``use(dice)``, its faces logged as one roll event (replayed from the log when it has it): one roll on a
        table, or a procedure that rolls many times (the OtO-S2 mapboard configuration)."""
        event = self._next_recorded(("roll",), what)
        if event:
            return self._replayed(event, lambda: use(TypedDice(event.data["faces"])))
        if self.frozen:
            raise NeedAnswer(Question(what, step, side, f"the next roll: {purpose or what}", str))
        dice = _FreshDice(self.log, self.seed, secret)
        result = use(dice)
        data = {"what": what, "purpose": purpose or what, "faces": dice.used, **(record(result) if record else {})}
        pack = self._pack_to_record()
        self._appended(self.log.append("roll", step, side, data, secret, pack=pack,
                                       **{"used_secret" if dice.secret else "used_pending": dice.kept}), pack)
        self.new_events += 1
        return result

    def draw(self, n: int) -> int:
        """A whole number from 0 to ``n`` - 1, each equally likely, for the computer's decision about to be logged
        (issue 21: a mixed strategy among near-equal options). It comes from the save's secret key (a simulation's
        from its seed) and the number of the decision's event, never from the faces the player typed nor the seed's
        public stream: the same save draws the same again (an undo redoes the same choice), a replay reads the
        decision as logged and never draws, so no event is added and older saves replay unchanged."""
        if n <= 1:
            return 0
        event = len(self.log) + 1
        count = self._draws[1] if self._draws[0] == event else 0
        self._draws = (event, count + 1)
        bound = (1 << 64) - (1 << 64) % n  # below it every value of the digest's 64 bits is as likely mod n
        for attempt in itertools.count():
            digest = hmac.digest(self.log.secret_key.encode(), f"decision {event}/{count}/{attempt}".encode(),
                                 "sha256")
            value = int.from_bytes(digest[:8], "big")
            if value < bound:
                return value % n
        raise AssertionError("unreachable")

    def recorded_event(self):
        """The next event the replay will read (None past the log's end)."""
        return self.recorded[self.cursor] if self.replaying else None

    def ask(self, question: Question):
        """The answer to ``question``: from the log, else from the Side that must answer it."""
        event = self._next_recorded(("answer", "decision"), question.key)
        if event:
            return self._replayed(event, lambda: self._checked(event, question))
        if self.frozen:
            raise NeedAnswer(question)
        responder = self.sides[question.side]
        reply = responder.answer(question)
        value = reply.value if responder.human else question.parse(reply.value)  # the computer is held to the rules too
        kind = "answer" if responder.human else "decision"
        pack = self._pack_to_record()
        self._appended(self.log.append(kind, question.step, question.side if question.side != "table" else "",
                                       {"what": question.key, "value": value, "why": reply.why,
                                        "alternatives": [list(a) for a in reply.alternatives]},
                                       secret=not responder.human and question.side != "table", pack=pack), pack)
        self.new_events += 1
        return value

    def _checked(self, event, question: Question):
        """A logged answer, checked again as when it was given (issue 40: a save edited to place 100,000,000 S? was
        replayed unchecked): the rules' bounds hold for what the file says as for what the player types."""
        value = event.data["value"]
        if not question.recheck:
            return value
        try:
            question.recheck(value)
        except SoloError as exc:
            raise SoloError(f"{self.log.where} is damaged at event {event.seq}: its {question.key} {exc}; "
                            f"nothing was changed") from None
        return value

    def scenario_boundary(self) -> None:
        """Between a RePh and the scenario it generates: stop if this run has made a RePh of its own."""
        if self.stop_at_scenario and not self.replaying and self.new_events:
            raise ScenarioReached()
