"""OtO-S2 "The Cross Roads": the random mapboard configuration (MSR 5-8) and its VPO (14.).

MSR 6: one DR on column A of the 6.1 MAPBOARD TABLE for the centre mapboard, two DR on column
B for the others; each mapboard is used once (a repeat is rolled again). The mission's
configuration figure is not in the texts: we join the three boards along their long edges,
the centre board between the two B boards, all facing the same way (north at the top of the
picture); the half hexes of a join are one hex.

River mapboards (MSR 7): Table A6g gives the number of bridges, A9a their placement (a dr of
5 is rolled again) and A9b their construction; the three are marked stand-ins until the
player supplies them. A bridge spans a run of river hexes down one hex column.

VPO (14.): road intersections (>= 3 road hexsides) and bridges, in the Priority List order
Multi-Hex Bridge, road "Intersection" hex, One Hex Bridge; the number per mapboard comes from
Table A6g (not in the texts: a marked stand-in unless the player supplies it). When fewer VPO
are allowed than qualify, Random Selection (a dr per candidate, lowest first) chooses within
the last priority class that fits only in part.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import networkx as nx

from solo.board.coords import Grid
from solo.board.graph import Placed, build_graph
from solo.board.terrain import Board
from solo.core.dice import DiceSource, roll
from solo.rules import default_catalog
from solo.rules.resolve import Trace, resolve

BOARD_TYPES = {"w": "Woods", "v": "Village", "": "Open"}
RIVER_BOARDS = {"8", "40"}  # MSR 7: river flow is to the south
MAX_BRIDGE = 3  # river hexes a placed bridge may span (A9a stand-in)


@dataclass(frozen=True)
class MapBoard:
    id: str  # "5"
    kind: str  # Woods / Village / Open / River
    trace: Trace  # the DR that chose it (rerolls included in `rerolled`)
    rerolled: tuple[Trace, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.kind} board {self.id}" if self.kind != "Open" else f"board {self.id}"


def _board_of(result: str) -> tuple[str, str]:
    match = re.fullmatch(r"([wv]?)(\d+)", result.strip())
    assert match is not None  # the board tables' results are board numbers, "w"/"v" before a woods/village board's
    number = match[2]
    return number, "River" if number in RIVER_BOARDS else BOARD_TYPES[match[1]]


def roll_configuration(table_id: str, columns: list[str], dice: DiceSource) -> list[MapBoard]:
    """Any mapboard table in tables/: one DR per position on the named column, each mapboard
    used once (a repeat is rolled again)."""
    cat = default_catalog()
    chosen: list[MapBoard] = []
    for column in columns:
        tries = []
        while True:
            t = resolve(cat, table_id, dice, column=column)
            number, kind = _board_of(t.result)
            if number not in {b.id for b in chosen}:
                break
            tries.append(t)
        chosen.append(MapBoard(number, kind, t, tuple(tries)))
    return chosen


def roll_boards(dice: DiceSource) -> list[MapBoard]:
    """MSR 6: the centre board on column A first, then the two others on column B;
    returned north to south: [first B board, centre, second B board]."""
    centre, first, second = roll_configuration("oto-s2.mapboard", ["A", "B", "B"], dice)
    return [first, centre, second]


def map_graph(board_ids: list[str], load) -> nx.DiGraph:
    """The configuration's graph (boards north to south) with the MSR 5 terrain changes: hills at Level 0, wooden
    buildings."""
    graph = build_graph([Placed(b, load(b)) for b in board_ids], level_hills=True)
    for _, data in graph.nodes(data=True):
        if data["terrain"] == "stone building":
            data["terrain"] = "wooden building"
    return graph


@dataclass(frozen=True)
class Vpo:
    board: str  # "5"
    hex: str  # "5Y3"
    why: str


def _bridges(board: Board) -> tuple[list[list[str]], list[str]]:
    """Multi-hex bridges (adjacent bridge hexes, as one) and one-hex bridges of a board."""
    grid: Grid = board.grid
    bridge = {n for n, h in board.hexes.items() if h.terrain == "bridge"}
    groups, seen = [], set()
    for name in sorted(bridge):
        if name in seen:
            continue
        group, todo = [], [name]
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            group.append(n)
            todo += [grid.name(*x) for x in grid.neighbours(*grid.parse(n)) if grid.name(*x) in bridge]
        groups.append(sorted(group))
    return [g for g in groups if len(g) > 1], [g[0] for g in groups if len(g) == 1]


@dataclass(frozen=True)
class Bridge:
    """A bridge placed on a river board (MSR 7): the river hexes it spans, and its construction."""

    hexes: tuple[str, ...]
    construction: str
    rolls: tuple[Trace, ...]


def crossing_places(board: Board) -> list[tuple[str, ...]]:
    """Runs of at most three river hexes down one hex column with land on both banks, west to
    east, those with a road on both banks first (where the A9a stand-in puts bridges)."""
    grid, places = board.grid, []
    for column in range(grid.columns):
        run = []
        for row in grid.row_range(column):
            if board.hexes[grid.name(column, row)].terrain == "water":
                run.append(row)
                continue
            if run and run[0] > grid.row_range(column).start and len(run) <= MAX_BRIDGE:
                above, below = grid.name(column, run[0] - 1), grid.name(column, row)
                roads = board.hexes[above].road and board.hexes[below].road
                places.append((not roads, column, tuple(grid.name(column, r) for r in run)))
            run = []
    return [hexes for *_, hexes in sorted(places)]


def with_bridges(board: Board, spans) -> Board:
    """``board`` with the bridges MSR 7 placed on it: each spanned river hex a bridge carrying a road down its column
    (hexsides 0 and 3), so units cross where the river was NA (issue 18: the AI's map had no placed bridge)."""
    spanned = {h for span in spans for h in span}
    if not spanned:
        return board
    hexes = {n: replace(h, terrain="bridge", road=True, road_sides=(0, 3), road_exits=2) if n in spanned else h
             for n, h in board.hexes.items()}
    return type(board).from_hexes(board.name, board.grid, hexes, board.terrain, board.elevation, board.codes)


def place_bridges(board: Board, dice: DiceSource) -> tuple[Trace, list[Bridge]]:
    """MSR 7 on a River mapboard: A6g for the number of bridges, A9a for each placement (a dr
    of 5 is rolled again), A9b for its construction."""
    cat = default_catalog()
    count = resolve(cat, "sasl.a6g", dice)
    places, bridges = crossing_places(board), []
    for _ in range(int(count.result)):
        if not places:
            break
        rolls = []
        while True:
            rolls.append(resolve(cat, "sasl.a9a", dice))
            if rolls[-1].original != 5:
                break
        fifth = min(rolls[-1].original, 5) - 1
        site = places.pop(min(len(places) - 1, fifth * len(places) // 5))
        construction = resolve(cat, "sasl.a9b", dice)
        bridges.append(Bridge(site, construction.result, (*rolls, construction)))
    return count, bridges


def vpo_candidates(board_id: str, board: Board, placed: Sequence[Bridge] = ()) -> list[tuple[str, list[str]]]:
    """(why, hexes) per Priority List class, in order; ``placed``: bridges of MSR 7."""
    multi, single = _bridges(board)
    multi += [list(b.hexes) for b in placed if len(b.hexes) > 1]
    single += [b.hexes[0] for b in placed if len(b.hexes) == 1]
    return [(f"Multi-Hex Bridge {'-'.join(g)} (counts as one VPO)", [f"{board_id}{g[0]}"]) for g in multi] + [
        ("road intersection (>= 3 road hexsides)", [f"{board_id}{n}" for n in board.intersections()]),
        ("One Hex Bridge", [f"{board_id}{n}" for n in single]),
    ]


def choose_vpo(board_id: str, board: Board, dice: DiceSource,
               bridges: Sequence[Bridge] = ()) -> tuple[Trace, list[Vpo]]:
    """Table A6g for the number, then the Priority List and Random Selection."""
    count = resolve(default_catalog(), "sasl.a6g", dice)
    allowed = int(count.result)
    chosen: list[Vpo] = []
    for why, hexes in vpo_candidates(board_id, board, bridges):
        room = allowed - len(chosen)
        if room <= 0:
            break
        if len(hexes) > room:
            drs = {h: roll(dice, "dr", "Random Selection").original for h in hexes}
            hexes = sorted(hexes, key=lambda h: (drs[h], h))[:room]
            why += " (Random Selection)"
        chosen += [Vpo(board_id, h, why) for h in hexes]
    return count, chosen


def month(dice: DiceSource) -> Trace:
    """MSR 8: June or July 1944."""
    return resolve(default_catalog(), "oto-s2.month", dice)


@dataclass(frozen=True)
class Configuration:
    """A rolled The Cross Roads map: boards north to south, bridges, VPO and the month."""

    mapboards: list[MapBoard]
    boards: dict[str, Board]
    bridges: dict[str, list[Bridge]]
    vpo_allowed: dict[str, Trace]
    vpo: list[Vpo]
    month: Trace


def set_up(dice: DiceSource, load) -> Configuration:
    """MSR 6 boards, MSR 7 bridges on river boards, 14. VPO, MSR 8 month, in that order of rolls;
    ``load(board_id)`` gives a classified board."""
    mapboards = roll_boards(dice)
    boards = {m.id: load(m.id) for m in mapboards}
    bridges, allowed, vpo = {}, {}, []
    for m in mapboards:
        if m.kind == "River":
            bridges[m.id] = place_bridges(boards[m.id], dice)[1]
        allowed[m.id], chosen = choose_vpo(m.id, boards[m.id], dice, bridges.get(m.id, []))
        vpo += chosen
    return Configuration(mapboards, boards, bridges, allowed, vpo, month(dice))


def configuration(dice: DiceSource, load=None) -> Configuration:
    """The Cross Roads map as `solo boards cross-roads` and the app's Random mapboards roll it (the mission's
    ``random_map``): set_up on the player's boards (``load``), else the boards (MSR 6) and the month (MSR 8) alone, with
    no terrain to place the bridges and VPO on."""
    if load is None:
        return Configuration(roll_boards(dice), {}, {}, {}, [], month(dice))
    return set_up(dice, load)
