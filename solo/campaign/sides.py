"""Sides (DESIGN.md "Sides are pluggable"): who answers each RePh question.

A Human answers from the answers file (TOML, one key per question) or at the terminal; a Computer
from the heuristics of solo/ai/reph.py; the Model gives the facts of a stand-in scenario when
nobody plays the map (`--human none`, `solo cg simulate`).
"""

import tomllib
from pathlib import Path

import click

from solo.ai.reph import decide
from solo.campaign.facts import simulated
from solo.core.play import NeedAnswer, Question, Reply
from solo.core.content import read_toml_file
from solo.core.errors import SoloError


def read_answers(path: str | Path) -> dict:
    return read_toml_file(path, "answers file")


class Human:
    human = True

    def __init__(self, answers: dict | None = None, interactive: bool = False, never_prompt: tuple[str, ...] = ()):
        self.answers = dict(answers or {})
        self.interactive = interactive
        self.never_prompt = never_prompt  # questions a command answers itself (a mission's next action)
        self.shown = 0  # record lines already shown at the terminal

    def answer(self, q: Question) -> Reply:
        if q.key in self.answers:
            raw = self.answers.pop(q.key)
            try:
                return Reply(q.parse(raw))
            except SoloError as exc:
                raise SoloError(f"answers file, {q.key}: {exc}") from None
        if not self.interactive or q.key in self.never_prompt:
            raise NeedAnswer(q)
        c = q.context.get("campaign")
        if c is not None:
            for entry in c.visible_record()[self.shown:]:
                click.echo(f"  {entry['date']} {entry['step']} {entry['text']}")
            self.shown = len(c.visible_record())
        click.echo(f"\n{q.prompt}" + (f"\n  (in an answers file: {q.example})" if q.example else ""))
        while True:
            raw = click.prompt(f"{q.key}", default=q.default, show_default=True)
            try:
                return Reply(q.parse(typed_answer(q, raw)))
            except SoloError as exc:
                click.echo(f"  {exc}")


def typed_answer(q: Question, raw: str):
    """A line typed at the prompt; the facts are written as the inside of a TOML inline table."""
    if q.key != "facts":
        return raw
    text = "" if raw.strip().lower() == "none" else raw
    try:
        return tomllib.loads(f"facts = {{ {text} }}")["facts"]
    except tomllib.TOMLDecodeError as exc:
        raise SoloError(f"write the facts as: lvp = 3, russian_cvp = 20, eliminated = [\"G3\"] ({exc})") from None


class Computer:
    human = False

    def __init__(self, side: str, cg: str):
        self.side, self.cg = side, cg

    def answer(self, q: Question) -> Reply:
        return decide(self.cg, self.side, q)


class Model:
    """The stand-in scenario model answering the facts (solo/campaign/facts.py)."""

    human = False

    def __init__(self, seed: int):
        self.seed = seed

    def answer(self, q: Question) -> Reply:
        return Reply(simulated(q.context["campaign"], self.seed), "stand-in scenario model (solo/campaign/facts.py)")


def make_sides(defn, human: str, seed: int, answers: dict | None, interactive: bool) -> dict:
    """The CG's two sides and "table" (who reports the map): the human side(s), the computer, the model."""
    person = Human(answers, interactive)
    sides = {side: person if side == human else Computer(side, defn.id) for side in defn.sides}
    sides["table"] = Model(seed) if human == "none" else person
    return sides
