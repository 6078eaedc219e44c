"""MissionSession: one mission save opened once and replayed once; each player action is then taken on the replayed
mission, live, without replaying the log again (issue 39). The CLI (solo/cli/mission.py) and the Mission screen
(solo/tui/screens/mission.py) are thin over it.

The save-writing guarantees of solo/core/store.py hold: an action writes inside ``EventLog.writing`` (the save to
itself from before its log is read, all or nothing). The replayed mission is kept only while nothing else wrote the
save and nothing failed: otherwise the next action replays the log again first.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from solo.core.errors import SoloError
from solo.core.play import NeedAnswer
from solo.core.sides import Human
from solo.core.store import EventLog
from solo.sasl.action import Action
from solo.sasl.context import Ctx
from solo.sasl.engine import Outcome, context, mission_loop, outcome, play_on, played, step
from solo.sasl.game import MissionGame


class MissionSession:
    """A mission save: ``outcome`` is where it stands; `act` takes the player's next action."""

    def __init__(self, game: MissionGame, path: str | Path, enemy_ai: Callable | None = None,
                 log: EventLog | None = None):
        """``log``: the save already open (for writing, by a command that holds it), else opened here to read."""
        self.game, self.path, self.enemy_ai = game, str(path), enemy_ai
        self._x: Ctx | None = None  # the replayed mission, stopped at the player's next action
        self._seen: tuple = ()  # the save it replayed (its events' count and last event)
        self.outcome = self._replay(log or EventLog.open(self.path))

    def _replay(self, log: EventLog) -> Outcome:
        """The log replayed (frozen: nothing new is made); the mission kept when it stops at the next action."""
        x, load = context(self.game, log, Human(never_prompt=("action",)), True, self.enemy_ai)
        waiting = played(x, load)
        resumable = waiting is not None and waiting.key == "action" and not x.play.replaying
        self._x, self._seen = (x if resumable else None), _mark(log)
        return outcome(x, waiting)

    @property
    def shown(self) -> int:
        """The record lines the player has seen: what an action adds comes after them."""
        return len(self.outcome.mission.record)

    def waits_for_action(self, save: str) -> None:
        """One line unless the mission waits for the player's next action (it is over, or a question is open)."""
        o = self.outcome
        if o.mission.ended:
            raise SoloError(f"the mission in {save} is over (after Game Turn {o.mission.ended['turn']})")
        if o.waiting is None or o.waiting.key != "action":
            q = o.waiting
            raise SoloError(f"{save} waits for your answer first ({q.prompt if q else '?'}): give it with 'solo "
                            f"mission answer {save}' at a terminal, or --answers FILE"
                            + (f" (type e.g. {q.typed_example})" if q and q.example else ""))

    @contextmanager
    def writing(self, keep_on: tuple[type[BaseException], ...] = ()) -> Iterator[EventLog]:
        """The save for one writing command (solo/core/store.py): replayed again first if another wrote it since."""
        with EventLog.writing(self.path, keep_on=keep_on) as log:
            if self._x is None or _mark(log) != self._seen:
                self.outcome = self._replay(log)
            try:
                yield log
            except BaseException:
                self._x = None  # the mission may have changed where the save did not: replayed at the next action
                raise

    def act(self, log: EventLog, action: Action | dict | None, answers: dict | None = None,
            interactive: bool = False) -> Outcome:
        """The player's ``action`` (or its JSON; None: the answers given to the question the mission waits for) on
        the save ``log`` (from `writing`); its outcome. Refused in one line, the save unchanged, if it breaks a rule."""
        answers = dict(answers or {})
        if action is not None:
            self.waits_for_action(self.path)
            answers["action"] = action.to_json() if isinstance(action, Action) else action
        x = self._x
        if x is None or action is None:  # a question inside a step: the log played live from its start
            x, load = context(self.game, log, Human(answers, interactive, never_prompt=("action",)), False,
                              self.enemy_ai)
            return self._played(x, lambda: mission_loop(x, load), log)
        x.play.log, x.play.frozen = log, False
        x.play.sides["table"] = Human(answers, interactive, never_prompt=("action",))

        def go() -> None:
            step(x)
            x.play.frozen = True  # as a replay stops: at the next action, nothing new made
            play_on(x)
        return self._played(x, go, log)

    def _played(self, x: Ctx, run: Callable[[], None], log: EventLog) -> Outcome:
        waiting = None
        try:
            with x.play.guarded():
                run()
        except NeedAnswer as need:
            waiting = need.question
        x.play.frozen = True
        resumable = waiting is not None and waiting.key == "action" and not x.play.replaying
        self._x, self._seen = (x if resumable else None), _mark(log)
        self.outcome = outcome(x, waiting)
        return self.outcome


def _mark(log: EventLog) -> tuple:
    """What tells whether another command wrote the save since: its events' count and its last event (an undo and a
    new answer give the same count)."""
    events = log.events
    return (len(events), events[-1].to_json() if events else None)
