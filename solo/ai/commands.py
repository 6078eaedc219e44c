"""`solo ai decide`: the ENEMY units' decisions for a phase, from a situation file or a saved mission."""

import re

import click

from solo.ai.decide import PHASES, decide
from solo.ai.maps import Terrain
from solo.ai.situation import load_situation, situation_from
from solo.board.cache import load_board
from solo.board.graph import Placed, build_graph
from solo.board.vasl import boards_folder
from solo.core.content import read_toml_file
from solo.core.errors import SoloError
from solo.core.output import emit
from solo.sasl.engine import run as run_mission
from solo.core.store import EventLog

HEX = re.compile(r"^\d+[A-Z]+\d+$")


def mission_situation(save: str, friendly: list[dict], held: list[str] = ()) -> dict:
    """A situation from a saved mission: its boards and VPO, the Activated ENEMY units that stand in a known hex
    (with their Attitudes), and the FRIENDLY units given."""
    m = run_mission(EventLog.open(save), frozen=True).mission
    if not m.boards:
        raise SoloError(f"{save}: {m.title} has no mapboards solo can read (the OtO map has no LOSData); "
                        "use a situation file")
    raw = {"boards": m.boards["boards"], "objectives": [v["hex"] for v in m.boards.get("vpo") or []], "ebe": "west",
           "enemy": [{"id": u.id, "unit": u.type, "hex": u.where, "attitude": u.attitude.lower()}
                     for u in m.units if u.status == "active" and HEX.match(u.where) and u.kind != "fortification"]}
    raw["friendly"], raw["friendly_held"] = list(friendly), list(held)
    return raw


def _friendly_file(path: str | None) -> tuple[list[dict], list[str]]:
    if not path:
        return [], []
    extra = read_toml_file(path, "situation file")
    return extra.get("friendly", []), extra.get("friendly_held", [])


def terrain_for(boards: tuple[str, ...], folder: str | None = None) -> Terrain:
    where = boards_folder(folder)
    return Terrain(build_graph([Placed(b, load_board(where, b)) for b in boards]))


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
    s = situation_from(mission_situation(save, *_friendly_file(situation)), save) if save else load_situation(situation)
    decisions = decide(terrain_for(s.boards, folder), s, phase)
    emit({"phase": phase, "decisions": [d.to_json() for d in decisions]}, as_json,
         "\n".join(f"{d.why}" + (f"\n    path {' '.join(d.path)}" if len(d.path) > 1 else "") for d in decisions)
         or "no ENEMY unit to decide for")
