"""Dice: dr, DR and d66 rolls from a seeded RNG or from faces the player typed in.

ASL dice are told apart: a DR is a colored die and a white die, both faces kept
(some results read the colored die alone). A d66 reads the colored die as tens
and the white die as units, as the OtO-S1 Random Event tables do ("11-12" ... "66").
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from solo.core.errors import SoloError

DICE_PER_KIND = {"dr": 1, "DR": 2, "d66": 2}


@dataclass(frozen=True)
class Roll:
    """One roll: its kind, its faces (colored first), what it was for, and whether it is secret."""

    kind: str
    faces: tuple[int, ...]
    table: str = ""
    rule: str = ""
    secret: bool = False

    @property
    def colored(self) -> int:
        return self.faces[0]

    @property
    def white(self) -> int | None:
        return self.faces[1] if len(self.faces) > 1 else None

    @property
    def original(self) -> int:
        """The Original roll: the die (dr), the sum (DR), or colored*10 + white (d66)."""
        return original_of(self.kind, self.faces)


def original_of(kind: str, faces: tuple[int, ...]) -> int:
    if kind == "dr":
        return faces[0]
    if kind == "DR":
        return faces[0] + faces[1]
    return faces[0] * 10 + faces[1]


class DiceSource(Protocol):
    def faces(self, count: int, purpose: str) -> tuple[int, ...]:
        """Return ``count`` die faces (1-6) for the roll named by ``purpose``."""


class SeededDice:
    """Faces from a numpy Generator: the same seed gives the same rolls."""

    def __init__(self, seed: int | None = None):
        self._rng = np.random.default_rng(seed)

    def faces(self, count: int, purpose: str) -> tuple[int, ...]:
        return tuple(int(f) for f in self._rng.integers(1, 7, size=count))


class TypedDice:
    """Faces the player rolled on the table and typed in, used in order."""

    def __init__(self, faces: Iterable[int]):
        self._faces = list(faces)
        for face in self._faces:
            check_face(face)

    def faces(self, count: int, purpose: str) -> tuple[int, ...]:
        if len(self._faces) < count:
            need = "one more die" if count - len(self._faces) == 1 else f"{count - len(self._faces)} more dice"
            raise SoloError(f"{purpose} needs {need}: add the faces you rolled with --dice")
        taken, self._faces = self._faces[:count], self._faces[count:]
        return tuple(taken)

    @property
    def left(self) -> int:
        return len(self._faces)


def check_face(face: object) -> None:
    if not isinstance(face, int) or not 1 <= face <= 6:
        raise SoloError(f"bad die face {face!r}: a die shows 1 to 6")


MOST_TYPED = 100  # the most faces typed with one command (a Game Turn's checks take a few dozen; issue 40: 20,000)


def parse_faces(text: str) -> list[int]:
    """Read faces the player typed: "3,4", "3 4" or "5" (a face a space or comma apart from the next)."""
    faces = []
    parts = re.split(r"\s*,\s*|\s+", text.strip())
    if len(parts) > MOST_TYPED:
        raise SoloError(f"--dice: at most {MOST_TYPED} faces at a time (the next rolls take them in order)")
    for part in parts:
        if not (part.isascii() and part.isdigit()):
            raise SoloError(f"bad die face {part!r} in --dice {text!r}: give faces 1-6, colored die first, e.g. --dice "
                            "3,4")
        faces.append(int(part))
    for face in faces:
        check_face(face)
    return faces


def roll(source: DiceSource, kind: str, table: str = "", rule: str = "", secret: bool = False) -> Roll:
    """Make one dr, DR or d66 roll from ``source``."""
    purpose = f"{table} ({kind})" if table else kind
    return Roll(kind, source.faces(DICE_PER_KIND[kind], purpose), table, rule, secret)
