"""Mission set-up every SASL mission shares: the mission tables (12.32), leaders by R3, the S? (4.)."""

import re

import networkx as nx

from solo.board.coords import distance
from solo.board.oto import OtoMap
from solo.core.errors import SoloError
from solo.sasl.context import Ctx
from solo.sasl.events import random_selection
from solo.sasl.mission_map import in_set_up_area
from solo.sasl.words import Side

MISSION_TABLES = ("enemy_san", "friendly_san", "enemy_ac", "enemy_re", "friendly_re")


def re_numbers(text: str) -> list[int]:
    """ "RE# 5/6" -> [5, 6]."""
    return [int(n) for n in re.findall(r"\d+", text)]


def mission_tables(x: Ctx) -> None:
    """MISSION TABLES (12.32): ENEMY SAN (DR), FRIENDLY SAN (DR), ENEMY AC# (dr), ENEMY RE (dr), Friendly RE (dr)."""
    for key in MISSION_TABLES:
        trace = x.roll(key, f"Mission table {key.replace('_', ' ')} (12.32)", side="")
        number = trace.result.split()[-1]
        x.m.tables[key] = number if key.endswith("_re") else int(number)
        x.say(f"{trace.table.title}: {'DR' if trace.table.roll == 'DR' else 'dr'} {trace.original} -> {trace.result}",
              rule="12.32")
    x.m.re_numbers = {Side.ENEMY: re_numbers(x.m.tables["enemy_re"]),
                      Side.FRIENDLY: re_numbers(x.m.tables["friendly_re"])}


def leaders(x: Ctx, count: int, column: str, mods: dict | None = None, until: bool = False) -> list[str]:
    """Leaders by Table R3: ``count`` rolls, or rolls until ``count`` leaders are selected (OtO-S2 MSR 9; a fixed
    "Leader x 3" or "AL x 3" of OtO-S1 reads the same way: R3 gives their quality)."""
    found: list[str] = []
    rolls = 0
    while len(found) < count and (until or rolls < count):
        rolls += 1
        trace = x.roll("sasl.r3", f"Table R3, {column} {rolls}", column, mods, side=Side.FRIENDLY)
        if trace.result != "None":
            found.append(trace.result)
        if rolls > 60:
            raise SoloError("Table R3 gives no leader in 60 rolls: check your table pack's sasl.r3")
    return found


CONCEALMENT = ("woods", "brush", "orchard", "grain", "marsh", "stone building", "wooden building", "rubble",
               "lumberyard")
BUILDINGS = ("stone building", "wooden building")


def place_s(x: Ctx) -> None:
    """S? PLACEMENT (4.). OtO-S2 on the player's VASL boards: 4.1a, A9e S? for each building; one S? in each road
    Intersection VPO and in each concealment Location within a radius {A6f} of it (one S? per Location); one S? in
    concealment terrain adjacent to a Multi-Hex Bridge VPO (Random Selection). OtO-S1 on the OtO map: 4.1 cases a, b
    and d more than two hexes West of the FRIENDLY set up area (``by_cases``). Otherwise the player places the S?
    by the mission's rule and reports them with 'solo mission place'."""
    boards = x.boards
    taken: set[str] = set()

    def put(where: str, why: str) -> None:
        if x.rules >= 3 and x.map is not None and x.map.graph is not None:
            where = x.map.name(where) or where  # a board's half hex by the map's one name (issue 18)
        if where not in taken:
            taken.add(where)
            x.m.new_s(where)
            x.say(f"{x.m.s[-1].id} in {where}: {why}", rule="4.")
    for vpo in (x.m.boards.get("vpo") or []):
        board_id, board = _board_of(vpo["hex"], boards)
        if "intersection" in vpo["why"]:
            put(vpo["hex"], "road Intersection VPO")
            radius = int(x.roll("sasl.a6f", f"S? radius around {vpo['hex']} (A6f)", side="").result)
            if x.rules >= 3:  # issue 18: the radius runs on across the board edges (it stopped at them before)
                centre = x.known_map.name(vpo["hex"])  # a half hex by the map's one name
                assert centre is not None, f"the VPO {vpo['hex']} is a hex of the map (its set-up put it there)"
                within = [n for n in x.known_map.hexes if x.known_map.terrain(n) in CONCEALMENT
                          and x.known_map.distance(centre, n) <= radius]
            else:
                within = [f"{board_id}{n}" for n in _within(board, vpo["hex"][len(board_id):], radius, CONCEALMENT)]
            for name in within:
                put(name, f"concealment terrain within {radius} of {vpo['hex']}")
        elif "Multi-Hex Bridge" in vpo["why"]:
            near = _within(board, vpo["hex"][len(board_id):], 1, CONCEALMENT)
            if near:
                pick = near[random_selection(x, f"S? beside the bridge {vpo['hex']}", len(near)) - 1]
                put(f"{board_id}{pick}", f"concealment terrain adjacent to the Multi-Hex Bridge {vpo['hex']}")
    cases = x.defn.get("s_cases")
    zone = s_zone(x, cases) if cases and boards else None
    if x.rules >= 3 and boards:
        for building in buildings(x.map, zone):
            a9e(x, building, put)
    else:  # saves of rules version 2 and before rolled A9e for each building hex
        for board_id, board in boards.items():
            for name in sorted(n for n, h in board.hexes.items() if h.terrain in BUILDINGS
                               and (zone is None or n in zone)):  # each building hex
                count = int(x.roll("sasl.a9e", f"S? in the building {board_id}{name} (A9e)", side="").result)
                for _ in range(count if f"{board_id}{name}" not in taken else 0):
                    taken.add(f"{board_id}{name}")
                    x.m.new_s(f"{board_id}{name}")
                    x.say(f"{x.m.s[-1].id} in {board_id}{name}: building, A9e {count}", rule="4.1a")
    if zone is not None:
        by_cases(x, cases, zone, put)
        x.say(f"{len(x.m.s)} S? placed on the map by 4.1 cases a, b and d", rule="4.")
    elif boards:
        x.say(f"{len(x.m.s)} S? placed on the mapboards by 4.1a and 14.", rule="4.")
    else:
        x.say(f"Place the S? by the rule and tell solo their hexes (Place S?): {x.defn['s_placement']}", rule="4.")


def buildings(mission_map, zone: set[str] | None) -> list[list[str]]:
    """The buildings of a mission's map (in ``zone``): a building is its hexes joined on the map graph, a multi-hex
    building one building (4.1a rolls A9e "for each building", not each hex: issue 18)."""
    found = [n for n in mission_map.hexes if mission_map.terrain(n) in BUILDINGS and (zone is None or n in zone)]
    parts = nx.connected_components(mission_map.graph.subgraph(found).to_undirected())
    return sorted((sorted(part) for part in parts), key=lambda hexes: hexes[0])


def a9e(x: Ctx, building: list[str], put) -> None:
    """4.1a: Table A9e's number of S? for one building, each in a hex of it by Random Selection, one S? per hex
    (solo's reading: a building holds as many S? as it has hexes; the texts give no more)."""
    count = int(x.roll("sasl.a9e", f"S? in the building {building[0]}"
                       + (f" ({len(building)} hexes)" if len(building) > 1 else "") + " (A9e)", side="").result)
    left = list(building)
    for _ in range(min(count, len(left))):
        where = left.pop(random_selection(x, f"the hex of an S? in the building {building[0]}", len(left)) - 1)
        put(where, f"building {building[0]}" + (f" ({len(building)} hexes)" if len(building) > 1 else "")
            + f", A9e {count}")


def s_zone(x: Ctx, cases: dict) -> set[str]:
    """OtO-S1: the hexes more than ``cases["west_of_set_up"]`` hexes West of the FRIENDLY set up area (on or East of
    the mission's line), where its S? go."""
    graph, line = x.known_map.terrain_graph, x.defn["friendly_entry"]["on_or_east_of"]
    near = {h for h in graph if in_set_up_area(x.known_map.hex_grid, line, h, x.rules >= 6)}
    for _ in range(cases["west_of_set_up"]):  # every hex of the map is there: a step to a neighbour is a hex of range
        near |= {n for h in near for n in graph.neighbors(h)}
    return set(graph) - near


def by_cases(x: Ctx, cases: dict, zone: set[str], put) -> None:
    """4.1 cases b and d, which the texts name but do not give (SASL's own chapter is not in them), by solo's
    reading (a marked stand-in, said to the player): case b puts one S? in each mass of ``cases["b"]`` terrain
    (woods/brush, with OtO-S1's "/grain"; a Terrain Combination's second terrain counts) inside the zone, in a hex of
    it chosen by Random Selection; case d one S? in each VPO Location inside the zone. Case a is each building's A9e,
    as in every mission."""
    board, kinds = x.boards[""], tuple(cases["b"])
    assert isinstance(board, OtoMap)  # the cases are OtO-S1's, whose one board is the OtO map (solo/board/oto.py)
    found = [n for n in zone if board.hexes[n].terrain in kinds or board.readings[n].also in kinds]
    masses = sorted((sorted(mass, key=board.grid.parse) for mass in
                     nx.connected_components(x.known_map.terrain_graph.subgraph(found).to_undirected())),
                    key=lambda mass: board.grid.parse(mass[0]))
    stand_in = "solo's reading of 4.1b, a stand-in: the texts do not give SASL's case b"
    for mass in masses:
        pick = mass[random_selection(x, f"S? in the {'/'.join(kinds)} around {mass[0]} (4.1b)", len(mass)) - 1]
        put(pick, f"{board.hexes[pick].terrain}, one of {len(mass)} hexes of {'/'.join(kinds)} ({stand_in})")
    for vpo in (x.m.boards.get("vpo") or []):
        if vpo["hex"] in zone:
            put(vpo["hex"], "VPO Location (solo's reading of 4.1d, a stand-in: the texts do not give SASL's case d)")


def _board_of(hex_id: str, boards: dict):
    board_id = next(b for b in sorted(boards, key=len, reverse=True) if hex_id.startswith(b))
    return board_id, boards[board_id]


def _within(board, centre: str, radius: int, kinds: tuple[str, ...]) -> list[str]:
    """Hex names of ``board`` within ``radius`` of ``centre`` (same board) whose terrain is one of ``kinds``."""
    home = board.grid.parse(centre)
    return sorted(name for name, h in board.hexes.items()
                  if h.terrain in kinds and distance(home, board.grid.parse(name), board.grid) <= radius)
