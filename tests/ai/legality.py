"""A legality checker for the ENEMY AI's decisions (issue 18.5): every rule a phase's decisions break, one line each,
naming the unit and the rule. It reads the map graph, the units and the LOS itself (solo/board/los.py through
Terrain.los), not the AI's phase maps, so the AI's own arrays are checked rather than trusted.

The rules (core ASL as solo reads it):
- a decision is for an ENEMY unit of the situation, one decision a unit;
- a path starts in the unit's hex and each step crosses a passable hexside of the map graph;
- a move (MPh/PFPh) costs at most the unit's MF/MP (edge "mf"/"mp"); a broken unit routs with ai/units.toml broken_mf;
- no path enters a FRIENDLY-occupied hex (but the hex of an Advance into CC);
- a Good Order Hold unit never leaves a VPO;
- an Advance (APh) is one Location, by Infantry that has MF (A4.7); a broken unit neither Advances nor fires;
- no unit moves in the DFPh, nor when it fires;
- fire is at a FRIENDLY unit, by a unit with FP, within its range and in LOS (Terrain.los); a fire group (A7.5) is
  units firing at one target from the same or ADJACENT Locations;
- no small-arms attack on a target it cannot affect: only a Gun or AFV whose main armament has a TK# (the charts
  asl.afv and asl.c7_guns, read here on their own) fires at an armoured AFV, or at a vehicle asl.afv does not list
  (taken for one); small arms may fire at an open-topped AFV, an unarmoured vehicle or a Gun (solo/ai/ordnance.py);
- a SW fires only with its Good Order possessor, in its hex, at its possessor's target (A4.4); it never moves alone;
- Advance into CC is by a Good Order unit into an ADJACENT hex it could enter, where a FRIENDLY unit is;
- a rout (A10.51 as decide.py's _rout_options reads it) never enters a hex nearer a FRIENDLY unit than where it began,
  nor a hex ADJACENT to one; a broken unit ADJACENT to a FRIENDLY unit does not stay in the RtPh while it can rout
  (A10.5);
- the Player Turn's record (issue 34, ``Piece.did``): a unit that Prep Fired neither moves nor fires again (A3.3);
  one that moved fires in the AFPh at half FP (A3.6); First Fire (A8.1) only in the FRIENDLY MPh, at a moving unit in
  a hex of its move, once; in the DFPh a unit that First Fired fires only at range 0-1 at half FP (A8.4), and one that
  fired there not again; a fire group's FP is its members' FP as each may fire; a SW moved or Advanced with its
  possessor (A4.4), so fires in the AFPh at half FP;
- no move ends over the stacking limit (A5.1: 3 squad-equivalents, 4 SMC a hex) that was not over it before, no two
  S? end in one hex (4.1); an S? never fires, moves only in the MPh, and a Hold S? stays.
"""

import heapq
import re
from dataclasses import replace

import numpy as np

from solo.ai.maps import Terrain
from solo.ai.situation import Piece, Situation, unit_data
from solo.rules.catalog import default_catalog
from solo.sasl.units import GUNS
from solo.sasl.words import Attitude

FIRING = {"prep": ("prep fire",), "first": ("first fire",), "defensive": ("defensive fire",),
          "advancing": ("advancing fire",)}  # the fire each phase may hold
SQUAD_EQUIVALENTS, SQUAD_LIMIT, SMC_LIMIT = {"squad": 1.0, "hs": 0.5}, 3, 4  # A5.1


def _weight(p: Piece) -> str:
    return "mp" if p.kind == "vehicle" else "mf"


def _mf(p: Piece) -> float:
    return float(unit_data()["infantry"]["broken_mf"]) if p.broken else p.mf


def _reach(t: Terrain, start: str, weight: str, budget: float, blocked: set[str], allowed=None) -> set[str]:
    """Hexes reachable from ``start`` within ``budget`` (Dijkstra on the graph's own edges), never entering
    ``blocked``, only through ``allowed`` hexes when given."""
    cost, heap = {start: 0.0}, [(0.0, start)]
    while heap:
        c, a = heapq.heappop(heap)
        if c > cost[a]:
            continue
        for b, d in t.graph[a].items():
            nc = c + d[weight]
            if nc <= budget and nc < cost.get(b, np.inf) and b not in blocked and (allowed is None or b in allowed):
                cost[b] = nc
                heapq.heappush(heap, (nc, b))
    return set(cost)


class _Map:
    """The map's hexes, ranges and LOS, asked one pair at a time."""

    def __init__(self, t: Terrain, s: Situation):
        self.t = t
        self.friendly = {self.node(p.hex) for p in s.friendly}

    def node(self, h: str) -> str:
        return self.t.nodes[self.t.at(h)]

    def range(self, a: str, b: str) -> int:
        return int(self.t.distance(self.t.at(a))[self.t.at(b)])

    def near(self, h: str) -> int:
        return min((self.range(h, f) for f in self.friendly), default=99)

    def seen(self, a: str, b: str) -> bool:
        a, b = self.node(a), self.node(b)
        if a == b:
            return True
        i, j = self.t.at(a), self.t.at(b)
        return bool(self.t.los.lines(np.array([i]), np.array([j]))[0])


def illegal(t: Terrain, s: Situation, phase: str, decisions) -> list[str]:
    """Every rule ``decisions`` (solo/ai/decide.py's, for ``phase``) break, one line each."""
    m = _Map(t, s)
    enemy = {p.id: p for p in s.enemy}
    friendly = {p.id: p for p in s.friendly}
    objectives = {m.node(h) for h in s.objectives}
    out: list[str] = []
    seen_ids: set[str] = set()
    by_unit = {}
    for d in decisions:
        if d.unit in seen_ids:
            out.append(f"{d.unit}: two decisions for one unit")
        seen_ids.add(d.unit)
        if d.unit not in enemy:
            out.append(f"{d.unit}: a decision for a unit that is not an ENEMY unit")
            continue
        by_unit[d.unit] = d
        out += _path(m, s, phase, enemy[d.unit], d, objectives)
    for d in by_unit.values():
        if d.target:
            out += _fire(m, s, phase, enemy[d.unit], d, friendly, by_unit, enemy)
        if d.group and (d.unit not in d.group or d.unit == d.group[0]):
            out += _group(m, d, by_unit)
    return out + _stacking(m, s, by_unit)


def _stacking(m: _Map, s: Situation, by_unit: dict) -> list[str]:
    """A5.1 and 4.1 after every move: a hex a unit moved into holds no more than the limits (nor more than it held
    before, where it was over them already)."""
    def count(where) -> dict:
        held: dict = {}
        for p in s.enemy:
            h = m.node(where(p))
            squads, smc, s_count = held.get(h, (0.0, 0, 0))
            held[h] = (squads + SQUAD_EQUIVALENTS.get(p.kind, 0), smc + (p.kind == "leader"),
                       s_count + (p.kind == "s?"))
        return held
    before = count(lambda p: p.hex)
    after = count(lambda p: by_unit[p.id].path[-1] if p.id in by_unit else p.hex)
    entered = {m.node(d.path[-1]) for d in by_unit.values() if len(d.path) > 1}
    out = []
    for h in sorted(entered):
        squads, smc, s_count = after[h]
        was = before.get(h, (0.0, 0, 0))
        if squads > max(SQUAD_LIMIT, was[0]):
            out.append(f"{h}: {squads:g} squad-equivalents end there, over the stacking limit {SQUAD_LIMIT} (A5.1)")
        if smc > max(SMC_LIMIT, was[1]):
            out.append(f"{h}: {smc} SMC end there, over the stacking limit {SMC_LIMIT} (A5.1)")
        if s_count > max(1, was[2]):
            out.append(f"{h}: {s_count} S? end there (4.1: one S? a Location)")
    return out


def _path(m: _Map, s: Situation, phase: str, p: Piece, d, objectives: set[str]) -> list[str]:
    t, out, name = m.t, [], f"{p.id} {p.unit}"
    off = [h for h in d.path if h not in t.index and not any(x.get("also") == h for x in t.graph.nodes.values())]
    if off:
        return [f"{name}: its path runs through {', '.join(off)}, not on the map"]
    path = [m.node(h) for h in d.path]
    start = m.node(p.hex)
    if not path or path[0] != start:
        return [f"{name}: its path does not start in its hex {p.hex}"]
    moved = len(path) > 1
    for a, b in zip(path, path[1:], strict=False):
        if not t.graph.has_edge(a, b):
            out.append(f"{name}: {a} to {b} are not ADJACENT on the map graph")
        elif t.graph.edges[a, b][_weight(p)] == np.inf:
            out.append(f"{name}: {a} to {b} crosses an impassable hexside (NA)")
    if out:
        return out
    cc = d.action == "advance into CC"
    entered = path[1:-1] if cc else path[1:]
    for h in entered:
        if h in m.friendly:
            out.append(f"{name}: enters {h}, which a FRIENDLY unit occupies")
    if not moved:
        return out + (_must_rout(m, p) if p.broken and phase == "move" else [])
    if p.kind == "sw":
        out.append(f"{name}: a SW moves only with its possessor, never alone")
    if phase in ("first", "defensive", "advancing"):
        out.append(f"{name}: moves in the {dict(first='First Fire', defensive='DFPh', advancing='AFPh')[phase]}")
    if d.target:
        out.append(f"{name}: moves and fires in one phase")
    if "prep fire" in p.did and not p.broken and phase != "advance":
        out.append(f"{name}: moves after it Prep Fired (A3.3)")
    if p.kind == "s?" and (phase != "move" or p.attitude == Attitude.HOLD):
        out.append(f"{name}: an S? moves in the {phase} phase with {p.attitude.lower()} Attitude (only Advance and "
                   "Attack S? move, in the MPh)")
    if p.attitude == Attitude.HOLD and not p.broken and start in objectives and path[-1] != start:
        out.append(f"{name}: a Hold unit leaves the VPO {start}")
    if phase == "advance":
        if len(path) > 2:
            out.append(f"{name}: Advances {len(path) - 1} Locations in the APh (A4.7: one)")
        if p.broken:
            out.append(f"{name}: a broken unit Advances (A4.7)")
        if p.kind == "vehicle" or p.mf <= 0:
            out.append(f"{name}: only Infantry with MF Advances in the APh (A4.7); it has {p.mf:g} MF, kind {p.kind}")
        if cc and path[-1] not in m.friendly:
            out.append(f"{name}: Advances into CC in {path[-1]}, where no FRIENDLY unit is")
        return out
    w = _weight(p)
    cost = sum(t.graph.edges[a, b][w] for a, b in zip(path, path[1:], strict=False))
    if cost > _mf(p) + 1e-9:
        out.append(f"{name}: its move costs {cost:g} {w.upper()}, more than its {_mf(p):g}"
                   + (" (broken: rout MF)" if p.broken else ""))
    if cc:
        out.append(f"{name}: Advances into CC outside the APh")
    if p.broken:
        out += _rout(m, p, path)
    return out


def _rout(m: _Map, p: Piece, path: list[str]) -> list[str]:
    """A10.51 as solo reads it: never nearer a FRIENDLY unit; not ADJACENT to one where another option is not."""
    out, name, start = [], f"{p.id} {p.unit}", path[0]
    if not m.friendly:
        return out
    first = m.near(start)
    for h in path[1:]:
        if m.near(h) < first:
            out.append(f"{name}: routs into {h}, nearer a FRIENDLY unit ({m.near(h)} hexes) than where it began "
                       f"({first}) (A10.51)")
            break
    for h in path[1:]:
        if m.near(h) <= 1:
            out.append(f"{name}: routs through {h}, ADJACENT to a FRIENDLY unit (A10.51)")
            break
    return out


def _must_rout(m: _Map, p: Piece) -> list[str]:
    """A10.5: a broken unit ADJACENT to a Known enemy unit must rout; it may stay only with no hex to rout to (none
    in reach that is neither nearer a FRIENDLY unit nor ADJACENT to one)."""
    start = m.node(p.hex)
    if m.near(start) > 1:
        return []
    barred = {h for h in m.t.nodes if m.near(h) < m.near(start) or m.near(h) <= 1} - {start}
    if _reach(m.t, start, _weight(p), _mf(p), barred | m.friendly) - {start}:
        return [f"{p.id} {p.unit}: stays ADJACENT to a FRIENDLY unit though it could rout (A10.5)"]
    return []


def _record(p: Piece, phase: str, d) -> tuple[float, int, list[str]]:
    """The FP and range ``p`` may fire with by what it did this Player Turn, and what its fire breaks."""
    did, name = set(p.did), f"{p.id} {p.unit}"
    fired = did & {"prep fire", "first fire", "final fire", "advancing fire"}
    if phase == "advancing" and "prep fire" in did:
        return 0, 0, [f"{name}: fires in the AFPh after it Prep Fired (A3.3)"]
    if phase == "defensive" and fired == {"first fire"}:
        return p.fp / 2, 1, []
    if fired:
        return 0, 0, [f"{name}: fires again ({d.action}) after {', '.join(sorted(fired))} this Player Turn"]
    if phase == "advancing" and did & {"moved", "advanced"}:
        return p.fp / 2, p.range, []
    return p.fp, p.range, []


def _fire(m: _Map, s: Situation, phase: str, p: Piece, d, friendly: dict, by_unit: dict, enemy: dict) -> list[str]:
    name, out = f"{p.id} {p.unit}", []
    if d.action not in FIRING.get(phase, ()):
        out.append(f"{name}: fires ({d.action}) in the {phase} phase")
    if p.broken:
        out.append(f"{name}: a broken unit fires")
    if p.kind == "s?":
        out.append(f"{name}: an S? fires")
    target = friendly.get(d.target)
    if target is None:
        return out + [f"{name}: fires at {d.target}, which is not a FRIENDLY unit"]
    owner = enemy.get(p.owner) if p.kind == "sw" else None
    moved = {"moved", "advanced"} & set(owner.did) if owner else set()  # a SW moves with its possessor (A4.4)
    fp, reach, broke = _record(replace(p, did=(*p.did, *sorted(moved))), phase, d)
    out += broke
    if p.fp <= 0:
        out.append(f"{name}: fires with no FP")
    elif d.fp is not None and abs(d.fp - fp) > 1e-9 and not broke:
        out.append(f"{name}: fires {d.fp:g} FP where its Player Turn allows {fp:g} (A3.6, A8.4)")
    if _armoured(target) and not _kills_armour(p):
        out.append(f"{name}: a small-arms attack on {target.id} {target.unit}, an armoured AFV it cannot affect")
    at = target.hex
    if phase == "first":
        if target.id not in s.movers or d.at not in s.moving:
            out.append(f"{name}: First Fires at {target.id} in {d.at}, not a moving unit in a hex of its move (A8.1)")
        at = d.at or at
    rng = m.range(p.hex, at)
    if rng > min(p.range, reach or p.range):
        out.append(f"{name}: fires at {target.id} in {at} at range {rng}, beyond its range "
                   f"{min(p.range, reach or p.range)}")
    if not m.seen(p.hex, at):
        out.append(f"{name}: fires at {target.id} in {at}, out of its LOS from {p.hex}")
    if p.kind == "sw":
        owner = enemy.get(p.owner)
        theirs = by_unit.get(p.owner)
        if owner is None:
            out.append(f"{name}: a SW fires with no possessor (A4.4)")
        else:
            if owner.broken:
                out.append(f"{name}: a SW fires though its possessor {owner.id} is broken (A4.4)")
            if m.node(owner.hex) != m.node(p.hex):
                out.append(f"{name}: a SW fires from {p.hex}, not its possessor {owner.id}'s hex {owner.hex}")
            if theirs is None or theirs.target != d.target:
                out.append(f"{name}: a SW fires at {d.target}, which its possessor {owner.id} does not fire at (A4.4)")
    return out


def _row(table_id: str, key: str) -> dict:
    return next((r.results for r in default_catalog().get(table_id).rows if r.key == key), {})


def _is_gun(name: str) -> bool:
    return any(word in name.split() for word in GUNS) and not _row("asl.afv", name)


def _gun(name: str) -> str:
    """A Gun's calibre from its name ("Flak 18 88L": 88L), "" for a name that is not a Gun's or gives none."""
    if not _is_gun(name):
        return ""
    found = [c for c in re.findall(r"\d+(?:LL|L|\*)?", name) if _row("asl.c7_guns", c)]
    return found[-1] if found else ""


def _armoured(p: Piece) -> bool:
    """A vehicle that is no Gun, listed in asl.afv as an AFV or not listed at all."""
    return p.kind == "vehicle" and not _is_gun(p.unit) and _row("asl.afv", p.unit).get("Type", "AFV") == "AFV"


def _kills_armour(p: Piece) -> bool:
    """A Gun or AFV whose main armament has a TK# in asl.c7_guns."""
    code = _gun(p.unit) or _row("asl.afv", p.unit).get("MA", "") if p.kind == "vehicle" else ""
    return isinstance(_row("asl.c7_guns", code).get("TK#") if code else None, int)


def _group(m: _Map, d, by_unit: dict) -> list[str]:
    """A7.5: one target; every member in the same or an ADJACENT Location to another, all joined."""
    name = d.unit
    members = [by_unit.get(i) for i in d.group]
    if d.unit not in d.group or any(e is None for e in members):
        return [f"{name}: its fire group {d.group} names units without a decision or leaves it out"]
    if any(e.target != d.target or e.group != d.group for e in members):
        return [f"{name}: its fire group {d.group} does not fire at one target as one group (A7.5)"]
    joined, todo = {d.unit}, [d]
    while todo:
        e = todo.pop()
        for f in members:
            if f.unit not in joined and m.range(e.path[-1], f.path[-1]) <= 1:
                joined.add(f.unit)
                todo.append(f)
    if joined != set(d.group):
        return [f"{name}: its fire group {d.group} is not of the same or ADJACENT Locations (A7.5)"]
    return []
