"""`solo ai decide`: the ENEMY units' decisions for a phase, from a situation file or a saved mission."""


import click

from solo.ai.decide import PHASES, decide
from solo.ai.maps import terrain_for
from solo.ai.situation import load_situation, mission_situation, situation_from
from solo.core.content import read_toml_file
from solo.core.errors import SoloError
from solo.core.output import emit
from solo.core.store import EventLog
from solo.games import run_mission


def _friendly_file(path: str | None) -> tuple[list[dict], list[str]]:
    if not path:
        return [], []
    extra = read_toml_file(path, "situation file")
    return extra.get("friendly", []), extra.get("friendly_held", [])


@click.group()
def ai():
    """The computer's decisions for the ENEMY units on the map."""


@ai.command("decide")
@click.argument("situation", required=False)
@click.option("--mission", "save", help="A saved mission (its boards, VPO and Activated units); SITUATION then gives the FRIENDLY units.")
@click.option("--phase", type=click.Choice(PHASES), default="move", show_default=True)
@click.option("--vasl-boards", "folder", help="Your VASL boards folder.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def ai_decide(situation, save, phase, folder, as_json):
    """Every ENEMY unit's decision for a phase, with its path and the candidates it weighed."""
    if not situation and not save:
        raise SoloError("give a situation file, or --mission FILE")
    s = situation_from(mission_situation(run_mission(EventLog.open(save), frozen=True).mission, save, *_friendly_file(situation)), save) if save else load_situation(situation)
    decisions = decide(terrain_for(s.boards, folder), s, phase)
    emit({"phase": phase, "decisions": [d.to_json() for d in decisions]}, as_json,
         "\n".join(f"{d.why}" + (f"\n    path {' '.join(d.path)}" if len(d.path) > 1 else "") for d in decisions)
         or "no ENEMY unit to decide for")
