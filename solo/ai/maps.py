"""Shared maps of a phase, as numpy arrays over the hexes of the map graph (the influence maps of
OpenPanzerBlitz and others): FRIENDLY threat and LOS, cover (TEM), movement distance to the objectives
and to the EBE (multi-source Dijkstra). Built once a phase; every unit's decision reads them.
"""

import heapq
from dataclasses import dataclass, field
from functools import cached_property

import networkx as nx
import numpy as np

from solo.ai.ordnance import small_arms_affect
from solo.ai.situation import Piece, Situation, unit_data
from solo.board.cache import load_board
from solo.board.graph import Placed, build_graph, slope_cost, slope_tem
from solo.board.los import LosMap
from solo.board.vasl import boards_folder
from solo.core.errors import SoloError
from solo.sasl.mission_map import wreck_cost
from solo.sasl.words import Kind

MAX_RANGE = 16  # LOS is traced at most this far (the threat of long range fire ends at twice a unit's range)


class Terrain:
    """What does not change between phases: the graph, its hexes as arrays, hex distances, the LOS machinery."""

    def __init__(self, graph: nx.DiGraph):
        self.graph = graph
        self.nodes = list(graph.nodes)
        self.rank = np.argsort(np.argsort(np.array(self.nodes)))  # each hex's place among the hex ids, in order
        self.index = {n: i for i, n in enumerate(self.nodes)}
        data = [graph.nodes[n] for n in self.nodes]
        self.terrain = [d["terrain"] for d in data]
        tem = unit_data()["tem"]
        # OtO 1.41's slope TEM (+1, not Cumulative with other +TEM) weighed as if every attack's LOS crossed a
        # Down-Slope hexside (solo's reading for choosing a hex; the fire's DRM checks the LOS: mission.py fire_roll)
        self.cover = np.array([max(tem.get(t, 0), 1 if slope_tem(d.get("downslope", ())) else 0)
                               for t, d in zip(self.terrain, data, strict=True)], dtype=float)
        self.col = np.array([d["col"] for d in data])
        self.drow = np.array([d["drow"] for d in data])
        self.los = LosMap(graph)
        self._paths: dict[tuple[tuple[int, ...], str], np.ndarray] = {}  # path_costs by goal hexes and weight

    def at(self, hex_id: str) -> int:
        if hex_id not in self.index:
            also = next((n for n, d in self.graph.nodes(data=True) if d.get("also") == hex_id), None)
            if also is None:
                raise SoloError(f"no hex {hex_id} on this map (boards "
                                f"{', '.join(sorted({d['board'] for _, d in self.graph.nodes(data=True)}))})")
            return self.index[also]
        return self.index[hex_id]

    def distance(self, i: int) -> np.ndarray:
        """Hexes from hex ``i`` to every hex (doubled coordinates: columns and half rows)."""
        dc = np.abs(self.col - self.col[i])
        dd = np.abs(self.drow - self.drow[i])
        return dc + np.maximum(0, (dd - dc) // 2)

    def edge(self, side: str) -> list[str]:
        """The hexes of a map edge (west, east, north or south)."""
        pick = {"west": self.col == self.col.min(), "east": self.col == self.col.max(),
                "north": self.drow <= self.drow.min() + 1, "south": self.drow >= self.drow.max() - 1}[side]
        return [self.nodes[i] for i in np.nonzero(pick)[0]]

    @cached_property
    def edges(self) -> dict[str, tuple[list, list]]:
        """Per weight ("mf", "mp"): the passable edges as adjacency lists of (hex, cost), forward and reversed (moving
        Up-Slope on the OtO map included, OtO 1.5: solo/board/graph.py ``slope_cost``)."""
        out = {}
        for weight in ("mf", "mp"):
            forward: list[list[tuple[int, float]]] = [[] for _ in self.nodes]
            backward: list[list[tuple[int, float]]] = [[] for _ in self.nodes]
            for u, v, d in self.graph.edges(data=True):
                cost = d[weight] + slope_cost(d, weight)
                if cost != np.inf:
                    forward[self.index[u]].append((self.index[v], cost))
                    backward[self.index[v]].append((self.index[u], cost))
            out[weight] = (forward, backward)
        return out

    def path_costs(self, sources: list[str], weight: str) -> np.ndarray:
        """Movement cost from every hex to the nearest of ``sources`` (multi-source Dijkstra on the reversed edges),
        kept for the next phases (the objectives and the EBE do not move)."""
        key = (tuple(sorted(self.at(h) for h in sources)), weight)
        if key not in self._paths:
            self._paths[key] = dijkstra(self.edges[weight][1], list(key[0]))
        return self._paths[key]


def bounded(adjacency: list, sources: list[int], cutoff: float = np.inf,
            blocked: frozenset = frozenset()) -> tuple[dict, dict]:
    """Costs from the nearest of ``sources`` up to ``cutoff`` and each reached hex's predecessor, as dicts (a unit's
    own reach is a few dozen hexes, searched without touching the rest of the map); ``blocked`` hexes are not
    entered."""
    cost, previous = dict.fromkeys(sources, 0.0), dict.fromkeys(sources, -1)
    heap = [(0.0, i) for i in sources]
    heapq.heapify(heap)
    while heap:
        c, i = heapq.heappop(heap)
        if c > cost[i]:
            continue
        for j, w in adjacency[i]:
            nc = c + w
            if nc <= cutoff and nc < cost.get(j, np.inf) and j not in blocked:
                cost[j], previous[j] = nc, i
                heapq.heappush(heap, (nc, j))
    return cost, previous


def dijkstra(adjacency: list, sources: list[int]) -> np.ndarray:
    """``bounded`` over the whole map: the cost of every hex from the nearest source (inf: out of reach)."""
    found = bounded(adjacency, sources)[0]
    cost = np.full(len(adjacency), np.inf)
    cost[list(found)] = list(found.values())
    return cost


def finite(weight: str):
    """An edge weight for networkx that hides impassable hexsides (NA on the movement chart)."""
    return lambda u, v, d: None if d[weight] == np.inf else d[weight]


@dataclass
class PhaseMaps:
    terrain: Terrain
    threat: np.ndarray  # FRIENDLY FP able to fire on each hex (half beyond normal range, to twice it)
    seen: np.ndarray  # [friendly hex k, hex] LOS from each FRIENDLY-occupied hex
    friendly_hexes: list[int]
    in_los: np.ndarray  # each hex seen by a Good Order FRIENDLY unit
    goals: dict  # "objective"/"attack"/"ebe" -> the hexes each distance map runs to
    occupied: frozenset  # hexes an ENEMY unit may not enter (FRIENDLY-occupied)
    objectives: set  # the objective hexes' indices
    friendly_distance: np.ndarray  # [friendly hex k, hex] range in hexes
    leaders: np.ndarray  # Good Order ENEMY leaders in or next to each hex
    wrecks: dict = field(default_factory=dict)  # hex index -> each wreck's burning, of the mission's map (D10)

    def __post_init__(self):
        self._costs = {}
        self._edges = {}
        self._fire = {}
        self._on_goal = {}
        self.on_vpo = np.zeros(len(self.threat), dtype=bool)  # each hex: an objective
        self.on_vpo[list(self.objectives)] = True

    def on_goal(self, goal: str) -> np.ndarray:
        """Each hex: an objective that ``goal`` (a goal's name or one hex) heads for."""
        if goal not in self._on_goal:
            hexes = self.goals[goal] if goal in self.goals else [goal]
            mask = np.zeros(len(self.threat), dtype=bool)
            mask[[self.terrain.at(h) for h in hexes]] = True
            self._on_goal[goal] = mask & self.on_vpo
        return self._on_goal[goal]

    def fire_targets(self, s: Situation, rng: int, small_arms: bool = False) -> np.ndarray:
        """For each hex, how many FRIENDLY units a unit there could fire on within ``rng`` hexes (in LOS traced from
        their hex); with ``small_arms`` only those small arms can affect (no armoured AFV, solo/ai/ordnance.py);
        worked out once a phase for each range."""
        if (rng, small_arms) not in self._fire:
            rows = [self.friendly_hexes.index(self.terrain.at(p.hex)) for p in s.friendly
                    if not small_arms or small_arms_affect(p)]
            reach = (self.friendly_distance[rows] <= rng) & self.seen[rows] if rows else np.zeros((0, len(self.threat)))
            self._fire[rng, small_arms] = reach.sum(axis=0)
        return self._fire[rng, small_arms]

    def edges(self, weight: str) -> tuple[list, list]:
        """The terrain's adjacency lists (``Terrain.edges``) with what the wrecks add to entering their hexes (a
        stand-in for D10.2: solo/sasl/mission_map.py ``wreck_cost``), made once a phase when there are wrecks."""
        if not self.wrecks:
            return self.terrain.edges[weight]
        if weight not in self._edges:
            extra = {i: wreck_cost(list(burning), weight) for i, burning in self.wrecks.items()}
            forward, backward = (list(lists) for lists in self.terrain.edges[weight])
            for v, more in extra.items():
                backward[v] = [(u, w + more) for u, w in backward[v]]
                for u, _ in self.terrain.edges[weight][1][v]:
                    forward[u] = [(j, w + extra.get(j, 0.0)) for j, w in self.terrain.edges[weight][0][u]]
            self._edges[weight] = (forward, backward)
        return self._edges[weight]

    def cost_to(self, goal: str, weight: str = "mf") -> np.ndarray:
        """Movement cost to the nearest hex of ``goal`` (the objective, Advance's objective, the FRIENDLY-held
        objective or units to attack, the EBE, or one hex a unit heads for), a multi-source Dijkstra made once a
        phase when first asked for."""
        if (goal, weight) not in self._costs:
            hexes = self.goals[goal] if goal in self.goals else [goal]
            if self.wrecks:  # what the wrecks add changes from phase to phase: not kept with the terrain
                self._costs[goal, weight] = dijkstra(self.edges(weight)[1], sorted({self.terrain.at(h) for h in hexes}))
            else:
                self._costs[goal, weight] = self.terrain.path_costs(hexes, weight)
        return self._costs[goal, weight]


def phase_maps(t: Terrain, s: Situation) -> PhaseMaps:
    """The shared maps of one phase: one LOS trace from each FRIENDLY-occupied hex to every hex within range."""
    for p in s.pieces:
        t.at(p.hex)  # every unit stands on the map
    good = [p for p in s.friendly if not p.broken]
    hexes = sorted({t.at(p.hex) for p in s.friendly})
    wrecked = {t.at(h): burning for h, burning in s.wrecks}
    reach = min(MAX_RANGE, max([2 * p.range for p in good] + [p.range for p in s.enemy] + [1]))
    distance = np.array([t.distance(i) for i in hexes]).reshape(len(hexes), len(t.nodes))
    seen = np.zeros((len(hexes), len(t.nodes)), dtype=bool)
    if hexes:
        row, b = np.nonzero((distance <= reach) & (distance > 0))
        seen[row, b] = t.los.lines(np.array(hexes)[row], b,
                                   hindering=t.los.wreck_mask([t.nodes[i] for i in wrecked]) if wrecked else None)
        seen[np.arange(len(hexes)), hexes] = True
    for where, sees in s.sight_limits:  # OtO 3.1: units IN the Culvert see (and are seen by) its gully ends alone
        k = hexes.index(t.at(where))
        seen[k] = False
        seen[k, [t.at(where), *(t.at(h) for h in sees)]] = True
    threat = np.zeros(len(t.nodes))
    for p in good:
        k = hexes.index(t.at(p.hex))
        d = distance[k]
        threat += seen[k] * p.fp * np.where(d <= p.range, 1.0, np.where(d <= 2 * p.range, 0.5, 0.0))
    good_rows = sorted({hexes.index(t.at(p.hex)) for p in good})
    in_los = seen[good_rows].any(axis=0) if good_rows else np.zeros(len(t.nodes), dtype=bool)
    leaders = np.zeros(len(t.nodes))
    for p in s.enemy:
        if p.kind == Kind.LEADER and not p.broken:
            leaders += t.distance(t.at(p.hex)) <= 1
    objectives = [t.nodes[t.at(h)] for h in s.objectives]
    held = [t.nodes[t.at(h)] for h in s.friendly_held] or [t.nodes[i] for i in hexes]
    goals = {"objective": objectives, "attack": held, "ebe": t.edge(s.ebe),
             "advance": advance_goal(t, s, objectives, held if s.friendly_held else [], [t.nodes[i] for i in hexes])}
    return PhaseMaps(t, threat, seen, hexes, np.asarray(in_los), goals,
                     frozenset(t.at(p.hex) for p in s.friendly), {t.at(h) for h in s.objectives}, distance, leaders,
                     wrecked)


OPPOSITE = {"west": "east", "east": "west", "north": "south", "south": "north"}


def advance_goal(t: Terrain, s: Situation, objectives: list[str], held: list[str], friendly: list[str]) -> list[str]:
    """Where Advance Attitude heads (issue 34: not the VPO it already holds): the VPO the ENEMY does not hold (those
    FRIENDLY-held, and those no ENEMY unit or S? stands in), else the FRIENDLY units, else the FRIENDLY Board Edge
    (opposite the EBE). Solo's reading: the core SASL Attitude rules (3.2) are not in the texts."""
    enemy = {t.nodes[t.at(p.hex)] for p in s.enemy if not p.broken and p.kind != Kind.SW}
    open_vpo = [h for h in objectives if h in held or h not in enemy]
    return open_vpo or friendly or t.edge(OPPOSITE[s.ebe])


def targets_from(m: PhaseMaps, s: Situation, unit: Piece, i: int) -> list[tuple[Piece, int]]:
    """FRIENDLY units ``unit`` could fire on from hex ``i``: in LOS (traced from their hex) and within its range."""
    t = m.terrain
    if unit.fp <= 0 or unit.broken:
        return []
    found = []
    for p in s.friendly:
        k = m.friendly_hexes.index(t.at(p.hex))
        d = m.friendly_distance[k, i]
        if d <= unit.range and m.seen[k, i]:
            found.append((p, int(d)))
    return found


def piece_weight(p: Piece) -> str:
    return "mp" if p.kind == Kind.VEHICLE else "mf"


def terrain_for(boards: tuple[str, ...], folder: str | None = None) -> Terrain:
    where = boards_folder(folder)
    return Terrain(build_graph([Placed(b, load_board(where, b)) for b in boards]))
