"""A Campaign Game save as the shells work with it (issue 39): opened once, replayed once, then each answer played
and its outcome returned. `solo cg` (solo/cli/cg.py) opens one per command; the app's Campaign screen keeps one
between the player's actions.

The engine names no game: the session is handed the registry's ``game_of`` (solo/games `campaign_of`), which reads
the game the save plays from its log.
"""

from collections.abc import Callable, Iterable
from pathlib import Path

from solo.campaign.engine import Outcome, run
from solo.campaign.game import CampaignRules
from solo.core.store import Event, EventLog


class CampaignSession:
    """One CG save: its game, and its state replayed from its log when first asked for (``outcome``); ``answer``
    plays on from it and ``undo`` takes an answer back, each keeping the outcome it returns."""

    def __init__(self, path: str | Path, game_of: Callable[[EventLog], CampaignRules]):
        self.path = path
        self.log = EventLog.open(path)
        self.game = game_of(self.log)  # a mission save, or a game solo does not know: one line, here
        self._outcome: Outcome | None = None

    @property
    def outcome(self) -> Outcome:
        """The save's state, the log replayed (once: kept until an answer or undo changes it)."""
        if self._outcome is None:
            self._outcome = run(self.game, self.log, frozen=True)
        return self._outcome

    def answer(self, answers: dict | None = None, faces: Iterable[int] = (), interactive: bool = False,
               keep_on: tuple[type[BaseException], ...] = (), **options) -> Outcome:
        """Play on with the player's ``answers`` (keys as the prompts show; none: the terminal when ``interactive``)
        and the ``faces`` he rolled for the next rolls; ``options`` go to the engine's run (``stop_at_scenario``,
        ``game_end_turn``). A refused answer keeps nothing (except what ``keep_on`` stops: the answers already
        given), and the session's outcome stays as it was."""
        with EventLog.writing(self.path, keep_on=keep_on) as log:
            log.type_faces(list(faces))
            outcome = run(self.game, log, answers, interactive, **options)
        self.log, self._outcome = log, outcome
        return outcome

    def undo(self) -> tuple[Event, Outcome]:
        """Take back the last answer (the dice rolled after it are kept for the next rolls): the answer's event and
        the state without it."""
        with EventLog.writing(self.path) as log:
            event = log.undo_last_answer()
            outcome = run(self.game, log, frozen=True)
        self.log, self._outcome = log, outcome
        return event, outcome
