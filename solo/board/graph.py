"""The map graph: a networkx DiGraph of one or more boards, for the enemy AI and the rules.

Nodes are hexes ("4K5") with their terrain, elevation, board and pixel centre; an edge runs
from a hex to each neighbour and carries what crossing that hexside costs: Infantry MF and
vehicle MP from the movement chart (asl.movement_costs, a marked stand-in for the ASL
Terrain Chart), the road if one crosses the hexside (B3.4: the road cost replaces the
terrain's), and the wall/hedge/bocage/cliff on it.

Slopes (OtO 1.1-1.5, the OtO map's hexsides its reader finds, solo/board/oto.py): an edge crossed from the hex that
holds the slope's lines is moving Up-Slope (``slope`` "up"; "down" the other way, ``crest`` where the hexside is also
a Crest Line), and a node knows the hexsides across which it is Up-Slope (``upslope``, for LOS). What moving
Up-Slope costs is ``slope_cost``, added to the edge's MF/MP by what reads them (a save played before rules version 7
checks its moves without it).

Boards are joined along their long edges, top to bottom in the order given: the half hexes of
the odd-index columns (row 10 of one board, row 0 of the next) are one hex, named on the
upper board (A2.3 "half hexes").
"""

from dataclasses import dataclass

import networkx as nx

from solo.board.coords import Grid
from solo.board.terrain import Board
from solo.rules import default_catalog

MOVEMENT = "asl.movement_costs"
NA = float("inf")
UP_SLOPE = {"mf": 0.5, "mp": 1.0}  # OtO 1.51: Infantry 1/2 MF + COT; 1.52: a unit that expends MP one MP + COT


@dataclass(frozen=True)
class Placed:
    """A board in a configuration: its id on the map ("4") and its classified terrain."""

    id: str
    board: Board


def _cost(value) -> float:
    return NA if value == "NA" else float(value)


def movement_costs() -> dict[str, tuple[float, float]]:
    """Terrain or 'hexside X' -> (Infantry MF, Vehicle MP), from the movement chart."""
    chart = default_catalog().get(MOVEMENT)
    return {row.key: (_cost(row.results["Infantry MF"]), _cost(row.results["Vehicle MP"])) for row in chart.rows
            if row.key is not None}  # a chart: every row has its key


def node_id(board_id: str, grid: Grid, column: int, row: int) -> str:
    return f"{board_id}{grid.name(column, row)}"


def build_graph(placed: list[Placed], level_hills: bool = False) -> nx.DiGraph:
    """The graph of boards joined top to bottom; ``level_hills`` puts every hex at level 0
    (OtO-S2 MSR 5: all hills are level 0)."""
    costs = movement_costs()
    graph = nx.DiGraph(placed=placed, level_hills=level_hills)  # the boards' terrain grids, for LOS
    alias: dict[str, str] = {}  # a merged half hex's lower-board name -> its node
    offset = 0.0
    for index, p in enumerate(placed):
        grid = p.board.grid
        for (column, row), h in zip(grid.hexes, p.board.hexes.values(), strict=False):
            name = node_id(p.id, grid, column, row)
            x, y = grid.centre(column, row)
            if index > 0 and row == 0 and column % 2 == 1:  # the lower half of an upper board's half hex
                upper = node_id(placed[index - 1].id, placed[index - 1].board.grid, column, grid.rows)
                alias[name] = upper
                graph.nodes[upper]["also"] = name
                continue
            graph.add_node(name, board=p.id, hex=h.name, terrain=h.terrain, x=x, y=y + offset,
                           col=column, drow=grid.doubled(column, row)[1] + index * grid.rows * 2,
                           elevation=0 if level_hills else h.elevation, road=h.road, upslope=(),
                           downslope=h.slopes)
        offset += grid.rows * grid.hex_height
    for p in placed:
        grid = p.board.grid
        for (column, row), h in zip(grid.hexes, p.board.hexes.values(), strict=False):
            source = alias.get(node_id(p.id, grid, column, row), node_id(p.id, grid, column, row))
            for side in range(6):
                other = grid.neighbour(column, row, side)
                if other is None:
                    continue
                target = alias.get(node_id(p.id, grid, *other), node_id(p.id, grid, *other))
                if target == source:
                    continue
                road = side in h.road_sides
                feature = h.sides.get(side) or p.board.hexes[grid.name(*other)].sides.get((side + 3) % 6)
                mf, mp = _crossing(costs, graph.nodes[source], graph.nodes[target], road, feature)
                slope = "up" if side in h.slopes else "down" if (side + 3) % 6 in \
                    p.board.hexes[grid.name(*other)].slopes else None
                graph.add_edge(source, target, hexside=side, road=road, feature=feature, mf=mf, mp=mp)
                if slope:
                    crest = graph.nodes[source]["elevation"] != graph.nodes[target]["elevation"]
                    graph.edges[source, target].update(slope=slope, crest=crest)
                    if slope == "down":  # the lines are in the hex beyond: this hex is Up-Slope across it (1.2)
                        graph.nodes[source]["upslope"] += (side,)
    return graph


def slope_tem(downslope) -> bool:
    """OtO 1.41: a hex with >= three (or two non-contiguous) Down-Slope hexsides gives its ground-level Infantry a +1
    slope TEM vs Direct Fire from a non-adjacent firer whose LOS crosses one of them (the caller checks the LOS)."""
    sides = sorted(downslope)
    return len(sides) >= 3 or (len(sides) == 2 and (sides[1] - sides[0]) % 6 not in (1, 5))


def slope_cost(edge: dict, weight: str) -> float:
    """OtO 1.5: what crossing a slope hexside adds to the edge's ``weight`` ("mf" or "mp"): moving Up-Slope (from the
    hex holding the slope's lines) Infantry 1/2 MF (1.51, road bonus kept), a unit that expends MP one MP (1.52);
    moving Down-Slope nothing; no vehicle crosses a Crest-line slope hexside either way (1.53)."""
    slope = edge.get("slope")
    if slope is None:
        return 0.0
    if weight == "mp" and edge.get("crest"):
        return NA
    return UP_SLOPE[weight] if slope == "up" else 0.0


def _crossing(costs, source: dict, target: dict, road: bool, feature: str | None) -> tuple[float, float]:
    """MF/MP to cross into ``target``: road or terrain, plus the hexside, doubled/+1 uphill (B10.4)."""
    mf, mp = costs["road"] if road else costs.get(target["terrain"], costs["open"])
    if feature and not road:
        extra_mf, extra_mp = costs[f"hexside {feature}"]
        mf, mp = mf + extra_mf, mp + extra_mp
    if target["elevation"] > source["elevation"]:
        mf, mp = mf * 2, mp + 1
    return mf, mp
