"""Sides (ARCHITECTURE.md, "Sides"): who answers each question of a RePh or a mission.

A Human answers from the answers file (TOML, one key per question) or at the terminal; a Computer from the
decider its game hands it (the heuristics of solo/games/<game>/computer.py). A stand-in answerer (the CG
scenario model of solo/campaign/model.py) is a Side too.
"""

import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import click

from solo.core.content import read_toml_file
from solo.core.errors import SoloError
from solo.core.play import NeedAnswer, Question, Reply

PEOPLE = {"British": "British"}  # a side whose people are not named by an "s" added to it (ABtF: not "Britishs")


def people(side: str, possessive: bool = False) -> str:
    """The one way a text names a side's people (its plural): "Germans", "Russians", "British"; with ``possessive``
    theirs: "Germans'", "British's" (a plural not ending in s takes 's, as "children's")."""
    name = PEOPLE.get(side, f"{side}s")
    return name if not possessive else f"{name}'" if name.endswith("s") else f"{name}'s"


def read_answers(path: str | Path) -> dict:
    return read_toml_file(path, "answers file")


class Human:
    human = True

    def __init__(self, answers: dict | None = None, interactive: bool = False, never_prompt: tuple[str, ...] = (),
                 aliases: Mapping[str, str] | None = None):
        # an answers file written for an older solo may use a question's former key (``aliases``: old -> new)
        self.answers = {(aliases or {}).get(key, key): value for key, value in (answers or {}).items()}
        self.interactive = interactive
        self.never_prompt = never_prompt  # questions a command answers itself (a mission's next action)
        self.shown = 0  # record lines already shown at the terminal

    def answer(self, q: Question) -> Reply:
        if q.key in self.answers:
            raw = self.answers.pop(q.key)
            try:
                return Reply(q.parse_typed(raw))
            except SoloError as exc:
                raise SoloError(f"{q.key}: {exc}") from None
        if not self.interactive or q.key in self.never_prompt:
            raise NeedAnswer(q)
        record = q.context.get("record")  # the lines the player has not yet seen, as text
        if record is not None:
            lines = record()
            for line in lines[self.shown:]:
                click.echo(f"  {line}")
            self.shown = len(lines)
        click.echo(f"\n{q.prompt}" + (f"\n  (type e.g. {q.typed_example})" if q.example else ""))
        while True:
            try:
                raw = click.prompt(f"{q.key}", default=q.default, show_default=True)
            except click.Abort:
                if sys.stdin.isatty():
                    raise
                raise NeedAnswer(q) from None  # answers piped on stdin ran out: the save waits for the next one
            try:
                return Reply(q.parse_typed(raw))
            except SoloError as exc:
                click.echo(f"  {exc}")


class Computer:
    human = False

    def __init__(self, side: str, decide: Callable[[str, Question], Reply]):
        self.side, self.decide = side, decide

    def answer(self, q: Question) -> Reply:
        return self.decide(self.side, q)
