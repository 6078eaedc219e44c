"""The player's actions in a mission, one dataclass each, in one registry (issue 39).

An action's fields are what the player gives; ``to_json`` is what the CLI, the app and the VASL sync hand the engine
(and what an answers file holds); ``typed`` reads it from the words typed in the app's form; ``check`` checks it
against the mission (one line, nothing changed) and gives what the log keeps; ``play`` does what the logged action
says. The engine (solo/sasl/engine.py) asks for the player's next action and looks its word (``do``) up in the
registry, ``engine.actions_of`` the mission: the actions every mission has (each written where its rules live:
solo/sasl/actions.py for the map's, solo/sasl/sync.py, solo/sasl/engine.py for the S? and the turn's), and the
mission's own (its MissionGame's ``actions``, OtO-S1's Known minefield and wreck). The log's JSON is what it was
before the dataclasses, so old saves replay.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, ClassVar, Self

from solo.core.errors import SoloError

if TYPE_CHECKING:
    from solo.sasl.context import Ctx
    from solo.sasl.state import Mission


@dataclass(frozen=True)
class Typed:
    """What the app's form knows beside the words typed: the mission, the hex under the map cursor, the S? whose
    Activation is being checked."""

    mission: Mission
    cursor: str | None = None
    s: str | None = None


@dataclass(frozen=True)
class Action:
    """A player's action. Every field may be left out (None): ``check`` names what is missing in one line."""

    do: ClassVar[str]  # its word in the JSON and the log
    waits_for_enemy: ClassVar[int | None] = None  # refused while the ENEMY's decided moves wait to be confirmed, in
    # saves of this rules version on
    draws_first_fire: ClassVar[bool] = False  # a FRIENDLY move or entry the ENEMY may First Fire at (A8.1)

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def from_json(cls, raw: dict) -> Self:
        """The action a JSON object gives: its own keys only (one line naming the others)."""
        unknown = set(raw) - {"do", *cls.keys()}
        if unknown:
            raise SoloError(f"{cls.do}: unknown key(s) {', '.join(sorted(map(str, unknown)))}; "
                            f"it takes {', '.join(cls.keys()) or 'nothing more'}")
        return cls(**{k: raw[k] for k in cls.keys() if k in raw})

    def to_json(self) -> dict:
        return {"do": self.do} | {k: getattr(self, k) for k in self.keys()}

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """The action the words typed in its form give (an action of no fields: itself)."""
        return cls()

    def check(self, x: Ctx) -> dict:
        """The action checked against the mission: what the log keeps (and ``play`` is given)."""
        raise NotImplementedError(self.do)

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        """What the logged action ``a`` does to the mission: what it did, for the CLI and the app."""
        raise NotImplementedError(cls.do)


def is_hex(word: str) -> bool:
    """A hex id as typed ("33Q1", "K12"), not a unit type ("5-2-7", "LMG") or an id ("F3")."""
    w = word.upper()
    return (w[-1:].isdigit() and "-" not in w and not (w[:1] in "FES" and w[1:].isdigit())
            and any(c.isalpha() for c in w))


def words(text: str) -> list[str]:
    """The words typed, split at spaces and commas ("F1,F2 K5")."""
    return text.replace(",", " ").split()
