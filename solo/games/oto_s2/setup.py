"""OtO-S2 set-up: the three mapboards, their VPO and the month (MSR 6-8, 14.), and the Horse Cavalry OoB (MSR 9)."""

from functools import cache

from solo.core.errors import SoloError
from solo.games.oto_s2 import crossroads
from solo.sasl.context import Ctx
from solo.sasl.game import Load
from solo.sasl.mission_map import MissionMap
from solo.sasl.setup import leaders


def mission_map(x: Ctx) -> MissionMap | None:
    """The three mapboards with MSR 5 (hills Level 0, wooden buildings), when the player's VASL boards are known."""
    if not x.boards:
        return None
    ids = tuple(x.m.boards["boards"])
    bridges = tuple((b, tuple(map(tuple, spans))) for b, spans in (x.m.boards.get("bridges") or {}).items())
    return _map(ids, tuple(x.boards[b] for b in ids), bridges)


@cache
def _map(ids: tuple[str, ...], boards: tuple, bridges: tuple = ()) -> MissionMap:
    """Built once a process for the same boards (every command replays the save, some more than once), with the
    bridges MSR 7 placed on River mapboards."""
    placed = dict(bridges)
    load = {
        b: crossroads.with_bridges(board, placed.get(b, ())) for b, board in zip(ids, boards, strict=False)
    }.__getitem__
    return MissionMap(crossroads.map_graph(list(ids), load))


def set_up(x: Ctx, load: Load) -> None:
    """SEQUENCE: the mapboards (MSR 6-8, 14.), then the FRIENDLY OoB (MSR 9) and its entry edge."""
    boards(x, load)
    friendly_oob(x)


def friendly_oob(x: Ctx) -> None:
    """MSR 9: the Horse Cavalry OoB, leaders by R3 until two are selected, the heavy weapon attachment dr;
    MSR 8 month; the North or South entry edge (the player's choice, before set up)."""
    oob, cat = x.defn["friendly_oob"], x.m.friendly_oob
    edge = x.ask("entry_edge", "The FRIENDLY entry edge: North or South (chosen before set up)?", _edge,
                 example='entry_edge = "North"')
    cat["entry_edge"] = edge
    found = leaders(x, oob["leaders_until"], "Leader", until=True)
    heavy = x.roll(oob["heavy_weapon"], "Heavy weapon attachment (MSR 9)", side="FRIENDLY").result
    cat["infantry"] = [{"units": [list(u) for u in oob["units"]], "leaders": found, "heavy_weapon": heavy}]
    x.say(f"Cavalry, entering on the {edge} edge on/after Turn 1: {', '.join(f'{t} x{k}' for t, k in oob['units'])}; "
          f"leaders {', '.join(found)}; heavy weapon: {heavy}", rule="MSR 9")


def _edge(raw) -> str:
    edge = str(raw).strip().capitalize()
    if edge not in ("North", "South"):
        raise SoloError(f"entry edge {raw!r}: North or South")
    return edge


def boards(x: Ctx, load: Load) -> None:
    """MSR 6-8 and 14.: three mapboards, bridges, VPO and month, rolled through the event log. Without the
    player's VASL boards only the mapboards (MSR 6) and the month (MSR 8) can be rolled; the VPO come from the map."""
    def configure(dice):
        if load is None:
            return crossroads.roll_boards(dice), None, crossroads.month(dice)
        config = crossroads.set_up(dice, load)
        return config.mapboards, config, config.month
    mapboards, config, month = x.play.dice("oto-s2.configuration", "", x.m.phase, configure)
    x.boards = config.boards if config else {}
    x.m.boards = {"boards": [m.id for m in mapboards], "centre": mapboards[1].id,
                  "kinds": {m.id: m.kind for m in mapboards},
                  "bridges": {b: [list(br.hexes) for br in spans] for b, spans in config.bridges.items()} if config
                  else {},
                  "vpo": [{"hex": v.hex, "why": v.why} for v in config.vpo] if config else None}
    x.m.month = month.result
    x.say(f"Mapboards (MSR 6): {', '.join(m.id for m in mapboards)} (centre {mapboards[1].id}); month {month.result} "
          "(MSR 8)"
          + ("; VPO " + ", ".join(v.hex for v in config.vpo) if config else
             "; VPO: the road intersections and bridges of these boards (14.), from your VASL boards folder"),
             rule="MSR 6")
