"""Shared maps of a phase, as numpy arrays over the hexes of the map graph (the influence maps of
OpenPanzerBlitz and others): FRIENDLY threat and LOS, cover (TEM), movement distance to the objectives
and to the EBE (multi-source Dijkstra). Built once a phase; every unit's decision reads them.
"""

from dataclasses import dataclass

import networkx as nx
import numpy as np

from solo.ai.situation import Piece, Situation, unit_data
from solo.board.los import LosMap
from solo.errors import SoloError

MAX_RANGE = 16  # LOS is traced to this range (the threat of long range fire ends at twice a unit's range)


class Terrain:
    """What does not change between phases: the graph, its hexes as arrays, hex distances, the LOS machinery."""

    def __init__(self, graph: nx.DiGraph):
        self.graph = graph
        self.nodes = list(graph.nodes)
        self.index = {n: i for i, n in enumerate(self.nodes)}
        data = [graph.nodes[n] for n in self.nodes]
        self.terrain = [d["terrain"] for d in data]
        tem = unit_data()["tem"]
        self.cover = np.array([tem.get(t, 0) for t in self.terrain], dtype=float)
        self.col = np.array([d["col"] for d in data])
        self.drow = np.array([d["drow"] for d in data])
        self.los = LosMap(graph)

    def at(self, hex_id: str) -> int:
        if hex_id not in self.index:
            also = next((n for n, d in self.graph.nodes(data=True) if d.get("also") == hex_id), None)
            if also is None:
                raise SoloError(f"no hex {hex_id} on this map (boards {', '.join(sorted({d['board'] for _, d in self.graph.nodes(data=True)}))})")
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

    def path_costs(self, sources: list[str], weight: str) -> np.ndarray:
        """Movement cost from every hex to the nearest of ``sources`` (multi-source Dijkstra on the reversed graph)."""
        cost = np.full(len(self.nodes), np.inf)
        if sources:
            lengths = nx.multi_source_dijkstra_path_length(self.graph.reverse(copy=False), set(sources),
                                                           weight=finite(weight))
            for node, length in lengths.items():
                cost[self.index[node]] = length
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
    to_objective: dict  # "mf"/"mp" -> movement cost to the nearest objective
    to_attack: dict  # "mf"/"mp" -> movement cost to the nearest FRIENDLY-held objective (else FRIENDLY unit)
    to_ebe: np.ndarray
    occupied: set  # hexes an ENEMY unit may not enter (FRIENDLY-occupied)
    objectives: set  # the objective hexes' indices


def phase_maps(t: Terrain, s: Situation) -> PhaseMaps:
    """The shared maps of one phase: one LOS trace from each FRIENDLY-occupied hex to every hex within range."""
    good = [p for p in s.friendly if not p.broken]
    hexes = sorted({t.at(p.hex) for p in s.friendly})
    seen = np.zeros((len(hexes), len(t.nodes)), dtype=bool)
    a_all, b_all = [], []
    for k, i in enumerate(hexes):
        d = t.distance(i)
        near = np.nonzero((d <= MAX_RANGE) & (d > 0))[0]
        a_all.append(np.full(len(near), i))
        b_all.append(near)
        seen[k, i] = True
    if hexes:
        a, b = np.concatenate(a_all), np.concatenate(b_all)
        row = np.repeat(np.arange(len(hexes)), [len(x) for x in b_all])
        seen[row, b] = t.los.lines(a, b)
    threat = np.zeros(len(t.nodes))
    for p in good:
        k = hexes.index(t.at(p.hex))
        d = t.distance(t.at(p.hex))
        threat += seen[k] * p.fp * np.where(d <= p.range, 1.0, np.where(d <= 2 * p.range, 0.5, 0.0))
    good_rows = sorted({hexes.index(t.at(p.hex)) for p in good})
    in_los = seen[good_rows].any(axis=0) if good_rows else np.zeros(len(t.nodes), dtype=bool)
    objectives = [t.nodes[t.at(h)] for h in s.objectives]
    held = [t.nodes[t.at(h)] for h in s.friendly_held] or [t.nodes[i] for i in hexes]
    return PhaseMaps(t, threat, seen, hexes, in_los,
                     {w: t.path_costs(objectives, w) for w in ("mf", "mp")},
                     {w: t.path_costs(held, w) for w in ("mf", "mp")},
                     t.path_costs(t.edge(s.ebe), "mf"), {t.at(p.hex) for p in s.friendly}, {t.at(h) for h in s.objectives})


def targets_from(m: PhaseMaps, s: Situation, unit: Piece, i: int) -> list[tuple[Piece, int]]:
    """FRIENDLY units ``unit`` could fire on from hex ``i``: in LOS (traced from their hex) and within its range."""
    t = m.terrain
    if unit.fp <= 0 or unit.broken:
        return []
    d = t.distance(i)
    found = []
    for p in s.friendly:
        j = t.at(p.hex)
        if d[j] <= unit.range and m.seen[m.friendly_hexes.index(j), i]:
            found.append((p, int(d[j])))
    return found


def piece_weight(p: Piece) -> str:
    return "mp" if p.kind == "vehicle" else "mf"
