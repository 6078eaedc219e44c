"""The map a mission is played on, as its rules use it: which hexes there are, which are adjacent and what entering
one costs, the map's edges, distances, and LOS.

OtO-S2's three geomorphic boards come with their terrain (the player's VASL boards): the map graph of
solo/board/graph.py (MSR 5 applied by the mission) and its LOS (solo/board/los.py). A map known only by its hex grid
(OtO-S1's OtO map until its terrain is read) knows its hexes, adjacency and distances; LOS is then the player's.
"""

from functools import cached_property
from itertools import pairwise

import networkx as nx
import numpy as np

from solo.board.coords import Grid, column_letters, distance, parse_hex_id
from solo.board.graph import movement_costs, slope_cost
from solo.core.errors import SoloError
from solo.sasl.state import Mission
from solo.sasl.words import Kind, Side, Status


class MissionMap:
    def __init__(self, graph: nx.DiGraph | None = None, grid: Grid | None = None):
        assert graph is not None or grid is not None, "a map is known by its terrain, its hex grid or both"
        self.graph, self.grid = graph, grid
        if graph is not None:
            self.alias = {d["also"]: n for n, d in graph.nodes(data=True) if "also" in d}

    @property
    def terrain_graph(self) -> nx.DiGraph:
        """The map graph, where the caller knows the map has its terrain (``graph`` checked, a map action)."""
        assert self.graph is not None, "a map known only by its hex grid has no terrain"
        return self.graph

    @property
    def hex_grid(self) -> Grid:
        """The map's hex grid, where the caller knows the map has one (OtO-S1's map, whose set up area is a line of
        its hexes)."""
        assert self.grid is not None, "a map of geomorphic boards has no grid of its own"
        return self.grid

    # --- hexes --------------------------------------------------------------------------------------------------

    def name(self, hex_id: str) -> str | None:
        """The map's own name of ``hex_id`` (a half hex of a board join has one name), None if it is not on the map."""
        if self.graph is not None:
            hex_id = self.alias.get(hex_id, hex_id)
            return hex_id if hex_id in self.graph else None
        assert self.grid is not None  # a map without terrain is known by its grid (__init__)
        try:
            column, row = self.grid.parse(hex_id)
        except Exception:  # noqa: BLE001 - any unreadable id is "not on the map"
            return None
        return f"{column_letters(column)}{row}"

    def _xy(self, hex_id: str) -> tuple[int, int]:
        if self.graph is not None:
            d = self.graph.nodes[hex_id]
            return d["col"], d["drow"]
        assert self.grid is not None  # a map without terrain is known by its grid (__init__)
        column, row = self.grid.parse(hex_id)
        return self.grid.doubled(column, row)

    def distance(self, a: str, b: str) -> int:
        """Range in hexes (A6: counting the target's hex, not the firer's)."""
        if self.graph is None:
            assert self.grid is not None  # a map without terrain is known by its grid (__init__)
            return distance(self.grid.parse(a), self.grid.parse(b), self.grid)
        (ca, da), (cb, db) = self._xy(a), self._xy(b)
        dc, dd = abs(ca - cb), abs(da - db)
        return dc + max(0, (dd - dc) // 2)

    def adjacent(self, a: str, b: str) -> bool:
        if self.graph is not None:
            return self.graph.has_edge(a, b)
        return self.distance(a, b) == 1

    def cost(self, a: str, b: str, weight: str = "mf", slopes: bool = True) -> float:
        """MF (or vehicle MP) to enter ``b`` from the adjacent ``a`` (inf: NA), moving Up-Slope across a slope hexside
        of the OtO map included (OtO 1.5; ``slopes`` False: as saves before rules version 7 checked it); 1 on a map
        with no terrain."""
        if self.graph is None:
            return 1.0
        edge = self.graph.edges[a, b]
        return edge[weight] + (slope_cost(edge, weight) if slopes else 0.0)

    def terrain(self, hex_id: str) -> str | None:
        return self.graph.nodes[hex_id]["terrain"] if self.graph is not None else None

    def edge(self, side: str) -> set[str]:
        """The hexes along a map edge: "North" the first hexrow of the northern board, "South" the last of the
        southern one (the geomorphic boards joined north to south); "West" and "East" the first and last column."""
        if side.lower() in ("west", "east"):
            columns = {n: self._xy(n)[0] for n in self.hexes}
            end = (min if side.lower() == "west" else max)(columns.values())
            return {n for n, c in columns.items() if c == end}
        rows = {n: self._xy(n)[1] for n in self.hexes}
        top, bottom = min(rows.values()), max(rows.values())
        pick = (lambda r: r <= top + 1) if side.lower() == "north" else (lambda r: r >= bottom - 1)
        return {n for n, r in rows.items() if pick(r)}

    def toward(self, hex_id: str, side: str) -> list[str]:
        """The hexes adjacent to ``hex_id`` on its ``side`` (a compass word): north the three above it (its north,
        north-east and north-west neighbours), south the three below, west or east the two beside it."""
        c, d = self._xy(hex_id)
        keep = {"north": lambda c2, d2: d2 < d, "south": lambda c2, d2: d2 > d,
                "west": lambda c2, d2: c2 < c, "east": lambda c2, d2: c2 > c}[side.lower()]
        assert self.graph is not None  # the hexes toward a side are read off the terrain's adjacency
        return sorted(n for n in self.graph.successors(hex_id) if keep(*self._xy(n)))

    def to_edge(self, hex_id: str, edge: set[str]) -> int:
        """Hexes from ``hex_id`` to the nearest hex of ``edge``."""
        return min(self.distance(hex_id, e) for e in edge)

    @cached_property
    def culvert(self) -> str | None:
        """OtO 3.1: the hex of the map's Culvert (M23 on the OtO map), None on a map without one."""
        if self.graph is None:
            return None
        return next((n for n, d in self.graph.nodes(data=True) if d["terrain"] == "culvert"), None)

    @cached_property
    def culvert_ends(self) -> list[str]:
        """OtO 3.2/3.4: the gully Locations ADJACENT to the Culvert, its only ways in and out (on the OtO map L23 and
        N22: "hexsides L23-M23 and M23-N22"); also all a unit IN it sees (3.1)."""
        if self.culvert is None:
            return []
        assert self.graph is not None  # a map with a Culvert has its terrain (culvert)
        return sorted(n for n in self.graph.successors(self.culvert) if self.graph.nodes[n]["terrain"] == "gully")

    @cached_property
    def hexes(self) -> list[str]:
        if self.graph is not None:
            return list(self.graph.nodes)
        assert self.grid is not None  # a map without terrain is known by its grid (__init__)
        return [f"{column_letters(c)}{r}" for c, r in self.grid.hexes]

    # --- LOS ----------------------------------------------------------------------------------------------------

    @property
    def has_los(self) -> bool:
        return self.graph is not None

    @cached_property
    def los(self):
        from solo.board.los import (
            LosMap,  # numpy's LOS arrays only when a mission needs LOS
        )
        return LosMap(self.graph)

    def seen(self, viewer: str, targets: list[str], max_range: int, hindering=(), slopes: bool = True) -> dict:
        """The hexes of ``targets`` within ``max_range`` that a unit in ``viewer`` sees (the board's LOS, levels and
        hindrances included, the wrecks in the hexes of ``hindering``, the OtO map's slopes unless ``slopes`` is False:
        saves before rules version 7), with their range."""
        return self.seen_along([viewer], targets, max_range, hindering, slopes)[0]

    def seen_along(self, viewers: list[str], targets: list[str], max_range: int,
                   hindering=(), slopes: bool = True) -> list[dict[str, int]]:
        """``seen`` from each hex of ``viewers`` (a move's hexes), every LOS traced in one vectorised call."""
        found: list[dict[str, int]] = [{} for _ in viewers]
        index, pairs = self.los.index, []
        for n, viewer in enumerate(viewers):
            for t in targets:
                r = self.distance(viewer, t)
                if r == 0:
                    found[n][t] = 0
                elif r <= max_range:
                    pairs.append((n, t, r))
        if pairs:
            seen = self.los.lines(np.array([index[viewers[n]] for n, _, _ in pairs], dtype=np.int64),
                                  np.array([index[t] for _, t, _ in pairs], dtype=np.int64),
                                  hindering=self.los.wreck_mask(hindering) if hindering else None, slopes=slopes)
            for (n, t, r), sees in zip(pairs, seen, strict=True):
                if sees:
                    found[n][t] = r
        return found


OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
# the units whose presence holds a Location
CONTROLLING = (Kind.SQUAD, Kind.HS, Kind.CREW, Kind.LEADER, Kind.VEHICLE, Kind.GUN)


def board_edge(m: Mission, defn: dict, side: str) -> str:
    """The ENEMY (EBE) or FRIENDLY (FBE) board edge as a compass word on the mission's map. The mission's ``ebe``
    (OtO-S1: West, its FRIENDLY side East); in OtO-S2, where the FRIENDLY side enters on the North or South edge, that
    edge is its FBE and the opposite edge the EBE (solo's reading: the texts name no EBE there). OtO-S1's OtO map is
    drawn with West at its picture's top (``picture_edges``)."""
    entry = str(m.friendly_oob.get("entry_edge") or "").lower()
    ebe = str(defn.get("ebe") or OPPOSITE.get(entry, "west")).lower()
    edge = ebe if side == Side.ENEMY else OPPOSITE[ebe]
    pictured = {k.lower(): v.lower() for k, v in defn.get("picture_edges", {}).items()}
    return pictured.get(edge, edge)


def wrecks(m: Mission) -> dict[str, list[bool]]:
    """The wrecks on the map, hex -> whether each is burning: OtO-S1 MSR 8's wreck counters (a status dr's "removed"
    takes one off) and the vehicles a result made wrecks (D10.1: the wreck stays in the vehicle's hex)."""
    found: dict[str, list[bool]] = {}
    for u in m.units:
        if (u.kind == Kind.WRECK and u.on_map) or ("wreck" in u.marks and u.status != Status.EXITED):
            found.setdefault(u.hex, []).append("burning" in u.marks)
    return found


def wreck_cost(burning: list[bool], weight: str) -> float:
    """What the wrecks of a hex add to entering it (tables/core/movement.toml's wreck rows, a stand-in for D10.2: "A
    wreck does not increase movement costs for Infantry/Cavalry unless it is a burning wreck ... However, a wreck in
    a hex does increase the MP/MF costs for a non-motorcycle vehicle to enter that hex"): each wreck's row added."""
    costs = movement_costs()
    column = 0 if weight == "mf" else 1
    return sum(costs.get("wreck burning" if b else "wreck", (0.0, 0.0))[column] for b in burning)


def held_vpo(m: Mission, vpo: list[str]) -> list[str]:
    """The VPO the FRIENDLY side holds: those a Good Order FRIENDLY unit stands in (solo's reading of control, A26:
    the ENEMY AI heads for them and the Random Events name them)."""
    return [v for v in vpo if any(u.status == Status.GOOD_ORDER and u.kind in CONTROLLING
                                  for u in m.at(v, Side.FRIENDLY))]


def map_boards(boards: dict, load) -> list[tuple[str, object]]:
    """The classified boards of a mission's map as (board id, board), by ``load`` (a board id -> its board): the
    OtO map cut to its hexrows in play (OtO-S1), or the mapboards (OtO-S2)."""
    if boards.get("map") == "OTO":
        from solo.board.oto import in_play
        return [("", in_play(load("OTO"), boards["rows"]))]
    return [(b, load(b)) for b in boards["boards"]]


def own_grid(map_grid: dict) -> Grid:
    """A mission's own map by its hexrows in play (OtO-S1: columns A-DD, hexrows 1-28 in every column)."""
    return Grid(columns=map_grid["columns"], rows=map_grid["rows"], odd_rows=(1, map_grid["rows"]))


def example_hex(m: Mission, defn: dict, local: str) -> str:
    """A hex id for an example, as this mission's map writes it: bare on its own map (OtO-S1), else on its first board
    in play (issue 38: the examples named a board not in play)."""
    boards = (m.boards or {}).get("boards") or ["4"]
    return local if defn.get("map_grid") else f"{boards[0]}{local}"


def hex_id(m: Mission, defn: dict, text) -> str:
    """A hex of the mission's map: board number, column letters and row ("12M5") on a map of boards, the bare "M12"
    on a mission's own map (its map_grid: OtO-S1's OtO map); one line for anything no map of the mission has."""
    if not isinstance(text, str) or not text.strip():
        how = "column, row" if defn.get("map_grid") else "board, column, row"
        raise SoloError(f"hex {text!r}: give a hex id such as {example_hex(m, defn, 'K5')} ({how})")
    own = defn.get("map_grid")
    if own and text.strip()[0].isdigit():
        raise SoloError(f"hex {text!r}: this mission's map has no board numbers: write column letters then row, "
                        "e.g. K12")
    if own:
        column, row = own_grid(own).parse(text)
        return f"{column_letters(column)}{row}"
    found = parse_hex_id(text)
    boards = (m.boards or {}).get("boards")
    if boards and found.board not in boards:
        raise SoloError(f"hex {text!r}: board {found.board} is not on this mission's map (boards {', '.join(boards)})")
    return str(found)


def in_set_up_area(grid: Grid, line: list[str], where: str, half_hexes: bool = True) -> bool:
    """A hex is on or east of a line of hexes when it lies on the line or beyond it in its column (higher hexrow
    numbers lie East). Between two named hexes the line runs straight across the columns, each column's hexes offset
    by half a hex from the next (issue 35: B26, D25, F24 and H23 lie on A27-I23, the odd columns' half hex read);
    saves before rules version 6 read the line's number straight across by hexrow numbers, a half counted toward the
    line (``half_hexes`` False), which put those hexes West of it."""
    points = [grid.parse(h) for h in line]
    column, row = grid.parse(where)
    if half_hexes:
        here = grid.doubled(column, row)[1]
        ends = [grid.doubled(c, r) for c, r in points]
        limits: list[float] = [d for c, d in ends if c == column]
        for (c1, d1), (c2, d2) in pairwise(ends):
            if c1 < column < c2:
                limits.append(d1 + (d2 - d1) * (column - c1) / (c2 - c1))
        return not limits or here >= min(limits)
    limits = [r for c, r in points if c == column]
    for (c1, r1), (c2, r2) in pairwise(points):
        if c1 < column < c2:
            limits.append(int(r1 + (r2 - r1) * (column - c1) / (c2 - c1) + 0.5))
    return not limits or row >= min(limits)
