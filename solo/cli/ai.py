"""`solo ai decide`: the ENEMY units' decisions for a phase, from a situation file or a saved mission."""


import click

from solo.ai.decide import PHASES, decide
from solo.ai.maps import terrain_for
from solo.ai.mission import decided
from solo.ai.situation import load_situation
from solo.core.errors import SoloError
from solo.core.output import emit
from solo.core.store import EventLog
from solo.games import mission, run_mission
from solo.sasl.mission_map import MissionMap


def _for_mission(save: str, phase: str) -> list:
    """What the ENEMY would decide now in a saved mission, for its units on the map (nothing is saved)."""
    o = run_mission(EventLog.open(save), frozen=True)
    if not isinstance(o.map, MissionMap) or not o.map.has_los:
        raise SoloError(f"{save}: {o.mission.title} has no map solo can read LOS on (OtO-S2 with your VASL boards "
                        "folder): use a situation file")
    return decided(o.mission, o.map, mission(o.mission.id).definition, phase)


@click.group()
def ai():
    """The computer's decisions for the ENEMY units on the map."""


@ai.command("decide")
@click.argument("situation", required=False)
@click.option("--mission", "save", help="A saved mission: its map, VPO and both sides' units (instead of SITUATION).")
@click.option("--phase", type=click.Choice([str(p) for p in PHASES]), default="move", show_default=True)
@click.option("--vasl-boards", "folder", help="Your VASL boards folder.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def ai_decide(situation, save, phase, folder, as_json):
    """Every ENEMY unit's decision for a phase, with its path and the candidates it weighed."""
    if bool(situation) == bool(save):
        raise SoloError("give a situation file, or --mission FILE (not both)")
    if save:
        decisions = _for_mission(save, phase)
    else:
        s = load_situation(situation)
        decisions = decide(terrain_for(s.boards, folder), s, phase)
    emit({"phase": phase, "decisions": [d.to_json() for d in decisions]}, as_json,
         "\n".join(f"{d.why}" + (f"\n    path {' '.join(d.path)}" if len(d.path) > 1 else "") for d in decisions)
         or "no ENEMY unit to decide for")
