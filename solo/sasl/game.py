"""A SASL mission as the engine runs it: what its package under solo/games/ hands the engine (solo/sasl/engine.py).

The engine names no mission: it plays the SEQUENCE every SASL mission shares and calls these hooks where a mission
has rules of its own.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from solo.board.terrain import Board
from solo.core.content import content_dir, read_toml_file
from solo.rules.resolve import Trace
from solo.sasl.action import Action
from solo.sasl.context import Ctx
from solo.sasl.mission_map import MissionMap

Load = Callable[[str], Board] | None  # a classified VASL board by its id, when the player's boards folder is known


@dataclass(frozen=True)
class MissionGame:
    id: str  # its mission file, missions/<id>.toml
    set_up: Callable[[Ctx, Load], None]  # between the MISSION TABLES (12.32) and S? PLACEMENT (4.)
    vp_schedule: Callable[[Ctx, bool], dict]  # vp_schedule(x, final): the VP from the player's report (12.6)
    random_events: Mapping[tuple[str, str], Callable[[Ctx, Trace], str | None]] = field(default_factory=dict)
    once: frozenset[tuple[str, str]] = frozenset()  # the RE entries that happen once only ("*"), rolled again after
    events_since: int = 1  # the rules version its RE handlers apply from (an older save replays its REs as text)
    immediate_win: Callable[[Ctx], str | None] | None = None  # at the end of a Game Turn: why the mission ends
    activation_results: Callable[[Ctx, Trace, list[str]], list[str]] | None = None  # the results an A1 DR gives
    leader_generated: Callable[[Ctx, str], None] | None = None  # when an Activation generates a Leader
    enemy_rph: Callable[[Ctx], None] | None = None  # at the start of each ENEMY RPh
    set_up_ends: Callable[[Ctx], None] | None = None  # when the FRIENDLY units leave the FRIENDLY RPh of Game Turn 1
    actions: tuple[type[Action], ...] = ()  # the player's actions of its own (solo/sasl/action.py)
    vasl_boards: bool = False  # its set-up reads the player's VASL boards
    board_files: tuple[str, ...] = ()  # what it reads there beyond the geomorphic boards (OtO-S1: bdOTO)
    mission_map: Callable[[Ctx], MissionMap | None] | None = None  # its map (mission_map.py) once set up, or None
    scored_hexes: Callable[[Ctx], list[str]] | None = None  # hexes beyond the VPO whose control it scores (control.py)
    entered: Callable[[Ctx, list, str], dict] | None = None  # FRIENDLY units entered a hex (a move's each, an entry)
    # its random mapboard configuration, random_map(dice, load or None) (OtO-S2 MSR 6-8: boards, bridges, VPO, month),
    # for `solo boards cross-roads` and the app's Random mapboards
    random_map: Callable[..., Any] | None = None

    def reads_boards(self, folder) -> bool:
        """The mission plays on the boards of ``folder`` (a VASL boards folder, or None): it reads VASL boards and the
        folder holds what it needs; otherwise it plays on its hex grid, as a new mission without a folder does."""
        return bool(self.vasl_boards and folder and all((Path(folder) / f).exists() for f in self.board_files))

    @property
    def definition(self) -> dict:
        """Its mission file."""
        return mission_file(self.id)


@cache
def mission_file(mission_id: str) -> dict:
    return read_toml_file(content_dir("missions") / f"{mission_id}.toml", "mission file")
