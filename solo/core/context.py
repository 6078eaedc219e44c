"""The one context every step works with, a RePh step or a mission step: its dice and its questions go through the
event log (Play), and what it did goes into the record the player reads.

A RePh (solo/campaign/reph.py) and a mission (solo/sasl/context.py) each say where a step stands (the rule or the
phase, kept with each event), which table a name means, the standing DRM, what a question may draw on, and how a
line of the record reads.
"""

from collections.abc import Callable

from solo.core.play import Play, Question
from solo.rules.resolve import Applied, Trace


class StepContext:
    def __init__(self, play: Play, record: list[dict]):
        self.play = play
        self.record = record  # the lines the player reads, each as `entry` makes it
        self._read: set = set()  # the tables whose reading has been said, with where (`_readings`)

    @property
    def cat(self):
        return self.play.cat

    # --- what each kind of game says ------------------------------------------------------------

    @property
    def where(self) -> str:
        """Where the game stands, kept with each roll and answer: the RePh step's rule, or the mission's phase."""
        raise NotImplementedError

    def table_id(self, table: str) -> str:
        """The table a step names (a mission names its tables by their key in the mission file)."""
        return table

    def standing(self, table: str, column: str | None = None) -> tuple[Applied, ...]:
        """The DRM a game's own rules apply to every roll on ``table`` (a mission's standing DRM, OtO-S2 MSR 1): not
        modifiers the table prints, so that a player's table stands in for it with none of them (issue 39)."""
        return ()

    def context(self) -> dict:
        """What every question may draw on."""
        return {}

    def entry(self, text: str, rule: str, secret: str) -> dict:
        """A line of the record."""
        raise NotImplementedError

    # --- what every step does -------------------------------------------------------------------

    def roll(self, table: str, purpose: str, column: str | None = None, mods: dict | None = None, *, side: str,
             drm: int = 0, secret: bool = False, **extra) -> Trace:
        """Roll on ``table`` for ``side`` (``secret``: hidden from its opponent); ``extra`` is kept with the event. The
        first roll on a table in a step (a phase in a mission) says the table's reading of its text, if it has one."""
        self._pack_notice()
        trace = self.play.roll(self.table_id(table), side, self.where, column, mods, drm, secret, purpose,
                               self.standing(table, column), **extra)
        for note in self.play.table_notices():
            self.say(note, rule="table pack")
        self._readings(trace, side if secret else "")
        return trace

    def _readings(self, trace: Trace, secret: str) -> None:
        """Issue 20.28: where a reading of a garbled or ambiguous passage decides a roll, the player is told it, once
        a step (a phase in a mission) for each table, chained tables included."""
        said, where = self._read, None
        todo = [trace]
        while todo:
            t = todo.pop(0)
            todo += t.subrolls
            if t.table.reading and where is None:  # where the game stands, worked out only for a table with a reading
                where = tuple(v for k, v in sorted(self.entry("", "", "").items()) if k not in ("text", "secret"))
            if t.table.reading and (t.table.id, where) not in said:
                said.add((t.table.id, where))
                self.say(f"solo's reading of {t.table.title}: {t.table.reading}", rule=t.table.rule, secret=secret)

    def ask(self, key: str, prompt: str, parse: Callable, *, side: str = "table", context: dict | None = None,
            example: str = "", default: str = "none", recheck: Callable | None = None):
        """The answer of ``side`` ("table": what the map shows, told by the player) to a question; ``parse`` checks it
        (``recheck``: the logged answer again on replay, `Question.recheck`)."""
        q = Question(key, self.where, side, prompt, parse, {**self.context(), **(context or {})}, example, default,
                     recheck)
        self._pack_notice()
        return self.play.ask(q)

    def _pack_notice(self) -> None:
        """Issue 40: the record says where the player's table pack changed (it applies to the rolls after it only)."""
        notice = self.play.pack_notice()
        if notice:
            self.say(notice, rule="table pack")

    def say(self, text: str, *, rule: str = "", secret: str = "") -> None:
        """Record what the step did; ``secret``: the side whose secret this line tells (hidden from its opponent)."""
        self.record.append(self.entry(text, rule, secret))
