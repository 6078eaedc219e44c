"""`solo ai decide`: the ENEMY units' decisions for a phase, from a situation file or a saved mission."""

import re
import tomllib
from pathlib import Path

import click

from solo.ai.decide import PHASES, decide
from solo.ai.maps import Terrain
from solo.ai.situation import load_situation, situation_from
from solo.board.cache import load_board
from solo.board.graph import Placed, build_graph
from solo.board.vasl import boards_folder
from solo.errors import SoloError
from solo.output import emit
from solo.sasl.engine import run as run_mission
from solo.store import EventLog

HEX = re.compile(r"^\d+[A-Z]+\d+$")


def _from_mission(save: str, friendly_file: str | None) -> dict:
    """A situation from a saved mission: its boards and VPO, the Activated ENEMY units that stand in a known hex,
    and the FRIENDLY units of ``friendly_file`` ([[friendly]] entries)."""
    m = run_mission(EventLog.open(save), frozen=True).mission
    if not m.boards:
        raise SoloError(f"{save}: {m.title} has no mapboards solo can read (the OtO map has no LOSData); "
                        "use a situation file")
    raw = {"boards": m.boards["boards"], "objectives": [v["hex"] for v in m.boards.get("vpo") or []], "ebe": "west",
           "enemy": [{"id": u.id, "unit": u.type, "hex": u.where, "attitude": u.attitude.lower()}
                     for u in m.units if u.status == "active" and HEX.match(u.where) and u.kind != "fortification"]}
    if friendly_file:
        try:
            extra = tomllib.loads(Path(friendly_file).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise SoloError(f"{friendly_file}: cannot be read ({exc})") from None
        raw["friendly"] = extra.get("friendly", [])
        raw["friendly_held"] = extra.get("friendly_held", [])
    return raw


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
    s = situation_from(_from_mission(save, situation), save) if save else load_situation(situation)
    where = boards_folder(folder)
    terrain = Terrain(build_graph([Placed(b, load_board(where, b)) for b in s.boards]))
    decisions = decide(terrain, s, phase)
    emit({"phase": phase, "decisions": [d.to_json() for d in decisions]}, as_json,
         "\n".join(f"{d.why}" + (f"\n    path {' '.join(d.path)}" if len(d.path) > 1 else "") for d in decisions)
         or "no ENEMY unit to decide for")
