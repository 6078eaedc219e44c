"""Each ENEMY unit's decision for a phase, by its Attitude, on the map graph (Wesnoth-style candidate actions):
the hexes it can reach with its MF/MP (Dijkstra with a cutoff; no FRIENDLY-occupied hex), each scored by its
Attitude's weights (ai/attitudes.toml) over the shared phase maps, the best taken (ties by hex id), and the
best few kept with their score parts, in a player's words.

Phases: "prep" (PFPh: Prep Fire or move), "move" (MPh: the path; a broken unit's rout path for the RtPh),
"advance" (APh: one hex, or into CC when the odds favour it), "defensive" (DFPh: the target), units firing at one
target from the same or adjacent Locations as one fire group (A7.5). Broken units rout (A10.51): to the nearest
woods or building, never nearer a FRIENDLY unit, not ADJACENT to one where avoidable.
"""

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from solo.ai import ordnance
from solo.ai.maps import (
    PhaseMaps,
    Terrain,
    bounded,
    phase_maps,
    piece_weight,
    targets_from,
)
from solo.ai.situation import Piece, Situation, unit_data
from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError

PHASES = ("prep", "move", "advance", "defensive")
SHOWN = 3  # candidates kept with a decision


@cache
def weights() -> dict:
    return read_toml_file(content_dir("ai") / "attitudes.toml")


@dataclass
class Candidate:
    end: str
    path: list[str]
    score: float
    parts: dict
    words: str

    def to_json(self) -> dict:
        return {"end": self.end, "path": self.path, "score": round(self.score, 3),
                "parts": {k: round(v, 3) for k, v in self.parts.items()}, "words": self.words}


@dataclass
class Decision:
    unit: str
    action: str  # "prep fire", "move", "stay", "rout", "advance", "advance into CC", "defensive fire", "no fire"
    path: list[str]
    why: str
    candidates: list[Candidate] = field(default_factory=list)
    target: str | None = None
    group: list[str] = field(default_factory=list)  # the fire group it fires in (A7.5), its units' ids

    @property
    def end(self) -> str:
        return self.path[-1]

    def to_json(self) -> dict:
        return {"unit": self.unit, "action": self.action, "path": self.path, "end": self.end, "target": self.target,
                "group": self.group, "why": self.why, "candidates": [c.to_json() for c in self.candidates]}


def _words(m: PhaseMaps, i: int, parts: dict, attitude: str) -> str:
    t = m.terrain
    goal = "the FRIENDLY-held objective" if attitude == "attack" else "the objective"
    out = [f"{t.terrain[i]} (TEM {t.cover[i]:+g})"]
    if parts.get("stay"):
        out.append("keeps its Location")
    if parts.get("vpo"):
        out.append("holds the VPO")
    if parts.get("progress"):
        out.append(f"{abs(parts['progress']):g} MF {'nearer' if parts['progress'] > 0 else 'further from'} {goal}")
    if parts.get("ebe"):
        out.append(f"{abs(parts['ebe']):g} MF {'nearer' if parts['ebe'] > 0 else 'further from'} the EBE")
    if "seen" in parts:
        out.append("in FRIENDLY LOS" if parts["seen"] else "out of every FRIENDLY LOS")
    out.append(f"{parts.get('threat', 0):g} FRIENDLY FP can fire on it" if parts.get("threat") else "no FRIENDLY fire reaches it")
    if parts.get("fire"):
        out.append(f"{parts['fire']:g} FP of fire on FRIENDLY units from there")
    if parts.get("leader"):
        out.append("beside a leader")
    return ", ".join(out)


def reachable(m: PhaseMaps, unit: Piece, start: int) -> dict[int, list[str]]:
    """Hexes the unit can reach with its MF/MP (Dijkstra with a cutoff), never entering a FRIENDLY-occupied hex;
    each with its path, start first."""
    t = m.terrain
    _, previous = bounded(t.edges[piece_weight(unit)][0], [start], unit.mf, m.occupied)
    return _paths(t, previous)


def _paths(t: Terrain, previous: dict[int, int]) -> dict[int, list[str]]:
    """Each hex a bounded search reached, with its path from the start (start first)."""
    paths = {}
    for i in previous:
        path, j = [], i
        while j != -1:
            path.append(t.nodes[j])
            j = previous[j]
        paths[i] = path[::-1]
    return paths


def _scores(m: PhaseMaps, s: Situation, unit: Piece, start: int, idx: np.ndarray, attitude: str) -> dict:
    """The score parts of the candidate hexes ``idx``, each an array over them (one numpy pass per unit)."""
    t = m.terrain
    parts = {"cover": t.cover[idx], "threat": m.threat[idx]}
    if attitude == "rout":
        to_ebe = m.cost_to("ebe")
        gain = to_ebe[start] - to_ebe[idx]  # no route to the EBE (a river with no bridge): no gain either way
        parts["ebe"] = np.where(np.isfinite(gain), gain, 0.0)
        parts["seen"] = m.in_los[idx].astype(float)
        return parts
    to_obj = m.cost_to("attack" if attitude == "attack" else "objective", piece_weight(unit))
    if to_obj[start] < float("inf"):
        parts["progress"] = to_obj[start] - to_obj[idx]
    fires = unit.fp > 0 and not unit.broken
    targets = m.fire_targets(s, unit.range)[idx] if fires else np.zeros(len(idx))
    parts["fire"] = unit.fp * np.minimum(targets, 3).astype(float)
    leads = unit.kind == "leader" and not unit.broken
    own = (t.distance(start)[idx] <= 1) if leads else np.zeros(len(idx), dtype=bool)  # a leader does not lead himself
    parts["leader"] = (m.leaders[idx] - own > 0).astype(float)
    parts["stay"] = (idx == start).astype(float)
    on_vpo = np.isin(idx, list(m.objectives))
    parts["vpo"] = (on_vpo & ((idx == start) | (attitude != "hold"))).astype(float)
    return parts


def _candidates(m: PhaseMaps, s: Situation, unit: Piece, options: dict[int, list[str]], attitude: str) -> list[Candidate]:
    """Every option scored, best first (ties by hex id); the best few in words."""
    w = weights()[attitude]
    start = m.terrain.at(unit.hex)
    idx = np.fromiter(options, dtype=np.int64, count=len(options))
    parts = _scores(m, s, unit, start, idx, attitude)
    total = np.zeros(len(idx))
    for name, values in parts.items():
        total = total + w.get(name, 0) * values
    order = sorted(range(len(idx)), key=lambda k: (-total[k], m.terrain.nodes[idx[k]]))[:SHOWN]
    out = []
    for k in order:
        i = int(idx[k])
        mine = {name: float(values[k]) for name, values in parts.items()}
        out.append(Candidate(m.terrain.nodes[i], options[i], float(total[k]), mine, _words(m, i, mine, attitude)))
    return out


def _options(m: PhaseMaps, unit: Piece, attitude: str) -> dict[int, list[str]]:
    """Where the unit may go: Hold keeps its Location or a hex of better cover beside it, and never leaves a VPO."""
    t = m.terrain
    start = t.at(unit.hex)
    reach = reachable(m, unit, start)
    if attitude != "hold":
        return reach
    if start in m.objectives:
        return {start: [t.nodes[start]]}
    return {i: p for i, p in reach.items() if i == start or (len(p) == 2 and t.cover[i] > t.cover[start])}


ROUT_TO = ("woods", "wooden building", "stone building")  # A10.51: a routing unit's refuge


def _rout_options(m: PhaseMaps, unit: Piece) -> tuple[dict[int, list[str]], str]:
    """A10.51 (core ASL, not in the texts: solo's reading): a broken unit routs to the nearest woods or building hex
    it can reach (in MF); never into a hex nearer a Known FRIENDLY unit than where it began, nor ending ADJACENT to
    one where another choice avoids it. With no such refuge in reach it routs by the rout weights (away from FRIENDLY
    LOS, to cover, toward the EBE) within the same limits. Interdiction (A10.532) is not modelled. Returns the
    options and what limited them, in words."""
    t = m.terrain
    start = t.at(unit.hex)
    near = m.friendly_distance.min(axis=0) if m.friendly_hexes else np.full(len(t.nodes), 99)
    nearer = frozenset(np.nonzero(near < near[start])[0].tolist()) | m.occupied  # never entered on the way
    cost, previous = bounded(t.edges[piece_weight(unit)][0], [start], unit.mf, nearer)
    legal = _paths(t, previous)
    apart = {i: p for i, p in legal.items() if near[i] > 1}
    legal, said = (apart, "not ADJACENT to a FRIENDLY unit") if apart else (legal, "no hex apart from FRIENDLY units")
    refuges = [i for i in legal if t.terrain[i] in ROUT_TO]
    if not refuges:
        return legal, f"no woods or building in reach (A10.51); {said}"
    nearest = min(cost[i] for i in refuges)
    return ({i: legal[i] for i in refuges if cost[i] == nearest},
            f"the nearest woods/building, {nearest:g} MF (A10.51); never nearer a FRIENDLY unit; {said}")


def _move(m: PhaseMaps, s: Situation, unit: Piece) -> Decision:
    attitude = "rout" if unit.broken else unit.attitude
    rule = ""
    if unit.broken:
        unit = Piece(**{**unit.__dict__, "mf": unit_data()["infantry"]["broken_mf"]})
        options, rule = _rout_options(m, unit)
    else:
        options = _options(m, unit, attitude)
    cands = _candidates(m, s, unit, options, attitude)
    best = cands[0]
    action = "rout" if unit.broken else ("stay" if best.end == m.terrain.nodes[m.terrain.at(unit.hex)] else "move")
    verb = {"stay": "stays in", "move": "moves to", "rout": "routs (RtPh) to"}[action]
    why = f"{unit.id} {unit.unit} ({attitude}) {verb} {best.end}: {best.words}" + (f"; {rule}" if rule else "")
    if len(cands) > 1:
        why += f"; rather than {cands[1].end} ({cands[1].score - best.score:+.2f}: {cands[1].words})"
    return Decision(unit.id, action, best.path, why, cands[:SHOWN])


def _target(m: PhaseMaps, s: Situation, unit: Piece, i: int) -> tuple[Piece, int] | None:
    """The best target from hex ``i``: the one the fire hurts most, read as the IFT does: Point Blank Fire doubles the
    FP at range 0-1 (A7.21: about one column, worth a DRM of -1) and the target's TEM is its DRM; a unit on a VPO
    counts half a DRM more (solo's weighing); then the nearest, the strongest, by id. Small arms fire only at a target
    they can affect (solo/ai/ordnance.py: never an armoured AFV)."""
    options = [o for o in targets_from(m, s, unit, i) if ordnance.small_arms_affect(o[0])]
    if not options:
        return None
    t = m.terrain

    def worth(o: tuple[Piece, int]) -> float:
        j = t.at(o[0].hex)
        return (o[1] <= 1) - float(t.cover[j]) + 0.5 * (j in m.objectives)
    return min(options, key=lambda o: (-worth(o), o[1], -o[0].fp, o[0].id))


def _fire(m: PhaseMaps, s: Situation, unit: Piece, action: str) -> Decision | None:
    i = m.terrain.at(unit.hex)
    if ordnance.weapon(unit):  # a Gun or AFV fires its MA To Hit at what it can kill (solo/ai/ordnance.py)
        best, shots = ordnance.aim(m.terrain, unit, targets_from(m, s, unit, i))
        return best and Decision(unit.id, action, [unit.hex], ordnance.fire_words(unit, best, shots),
                                 target=best.target.id)
    found = _target(m, s, unit, i)
    if not found:
        return None
    target, rng = found
    why = (f"{unit.id} {unit.unit} ({unit.attitude}) fires {unit.fp:g} FP at {target.id} {target.unit} in {target.hex} "
           f"at range {rng}" + (", on a VPO" if target.hex in s.objectives else "") + f", from {unit.hex}")
    return Decision(unit.id, action, [unit.hex], why, target=target.id)


def _no_fire(m: PhaseMaps, s: Situation, unit: Piece) -> Decision:
    options = targets_from(m, s, unit, m.terrain.at(unit.hex))
    why = ordnance.held_fire(m.terrain, unit, options) if options else "no FRIENDLY unit in LOS and range"
    return Decision(unit.id, "no fire", [unit.hex], f"{unit.id} {unit.unit} does not fire: {why}")


def _advance(m: PhaseMaps, s: Situation, unit: Piece) -> Decision:
    """APh: one hex (A4.7); Attack Attitude Advances into CC when its FP is at least cc_odds times the defenders'.
    Only Infantry Advances: an AFV or a Gun (no MF) keeps its Location."""
    t = m.terrain
    start = t.at(unit.hex)
    if unit.kind == "vehicle" or unit.mf <= 0:
        return Decision(unit.id, "stay", [unit.hex], f"{unit.id} {unit.unit}: only Infantry Advances (A4.7); "
                        "it keeps its Location")
    if unit.attitude == "attack" and not unit.broken:
        w = weights()["attack"]
        for p in sorted(s.friendly, key=lambda p: (t.distance(start)[t.at(p.hex)], p.id)):
            j = t.at(p.hex)
            defenders = sum(q.fp for q in s.friendly if t.at(q.hex) == j)
            if t.distance(start)[j] == 1 and t.graph.has_edge(t.nodes[start], t.nodes[j]) and \
                    unit.fp >= w["cc_odds"] * max(defenders, 1):
                return Decision(unit.id, "advance into CC", [unit.hex, t.nodes[j]],
                                f"{unit.id} {unit.unit} (attack) Advances into CC in {t.nodes[j]}: {unit.fp:g} FP against "
                                f"{defenders:g} FP of FRIENDLY units there (odds {unit.fp / max(defenders, 1):.1f}:1 >= {w['cc_odds']})")
    if unit.broken:
        return Decision(unit.id, "stay", [unit.hex], f"{unit.id} {unit.unit} is broken: it may not Advance (A4.7)")
    attitude = unit.attitude
    options = {start: [t.nodes[start]]} | {j: [t.nodes[start], t.nodes[j]] for j, _ in t.edges[piece_weight(unit)][0][start]
                                           if j not in m.occupied}  # one Location (A4.7)
    if attitude == "hold":
        options = {i: p for i, p in options.items() if i == start or t.cover[i] > t.cover[start]}
    cands = _candidates(m, s, unit, options, attitude)
    best = cands[0]
    action = "stay" if best.end == t.nodes[start] else "advance"
    return Decision(unit.id, action, best.path, f"{unit.id} {unit.unit} ({attitude}) "
                    f"{'stays in' if action == 'stay' else 'Advances to'} {best.end}: {best.words}", cands[:SHOWN])


def fire_groups(m: PhaseMaps, s: Situation, out: list[Decision]) -> None:
    """A7.5: units firing at the same target from the same or ADJACENT Locations fire as one fire group, its FP the
    sum of theirs, led by the lowest unit id; each member's decision names the group (``group``)."""
    t, fp = m.terrain, {p.id: p.fp for p in s.enemy}
    ordnance_fire = {p.id for p in s.enemy if ordnance.weapon(p)}  # To Hit fire is never in a fire group
    firing = [d for d in out if d.target and d.unit not in ordnance_fire]
    for target in sorted({d.target for d in firing}):
        left = [d for d in firing if d.target == target]
        while left:
            group, todo = [], [left.pop(0)]
            while todo:
                d = todo.pop()
                group.append(d)
                joined = [e for e in left if t.distance(t.at(d.end))[t.at(e.end)] <= 1]
                left = [e for e in left if e not in joined]
                todo += joined
            if len(group) < 2:
                continue
            ids = sorted(d.unit for d in group)
            total = sum(fp[i] for i in ids)
            for d in group:
                d.group = ids
                d.why += (f"; with {', '.join(i for i in ids if i != d.unit)} as one fire group (A7.5): "
                          f"{total:g} FP" if d.unit == ids[0] else f"; fires in {ids[0]}'s fire group (A7.5)")


def decide(t: Terrain, s: Situation, phase: str) -> list[Decision]:
    """Every ENEMY unit's decision for ``phase``, in unit id order (deterministic); fire in fire groups."""
    if phase not in PHASES:
        raise SoloError(f"no phase {phase!r}: choose {', '.join(PHASES)}")
    m = phase_maps(t, s)
    out = []
    for unit in sorted(s.enemy, key=lambda p: p.id):
        if unit.kind == "sw":
            continue  # it fires with the unit possessing it, and moves with it
        if unit.broken and phase in ("prep", "defensive"):
            out.append(Decision(unit.id, "no fire", [unit.hex], f"{unit.id} {unit.unit} is broken: it may not fire"))
        elif phase == "defensive":
            out.append(_fire(m, s, unit, "defensive fire") or _no_fire(m, s, unit))
        elif phase == "prep" and unit.attitude == "hold":
            out.append(_fire(m, s, unit, "prep fire") or _move(m, s, unit))
        elif phase == "advance":
            out.append(_advance(m, s, unit))
        else:
            out.append(_move(m, s, unit))
    if phase in ("prep", "defensive"):
        out += _sw_fire(m, s, {d.unit: d for d in out})
        out.sort(key=lambda d: d.unit)
    fire_groups(m, s, out)
    return out


def _sw_fire(m: PhaseMaps, s: Situation, by_unit: dict[str, Decision]) -> list[Decision]:
    """A4.4: only the Good Order Infantry unit possessing a SW may fire it: a SW fires at its possessor's target when
    the target is in its own range, in the possessor's fire group (A7.5); a SW nobody possesses does not fire."""
    out = []
    for sw in sorted((p for p in s.enemy if p.kind == "sw"), key=lambda p: p.id):
        owner = by_unit.get(sw.owner)
        if owner is None:
            out.append(Decision(sw.id, "no fire", [sw.hex], f"{sw.id} {sw.unit}: no unit possesses it, so it may not "
                                "fire (A4.4)"))
            continue
        reach = {p.id: r for p, r in targets_from(m, s, sw, m.terrain.at(sw.hex))}
        if owner.target and owner.target in reach:
            out.append(Decision(sw.id, owner.action, [sw.hex], f"{sw.id} {sw.unit} fires {sw.fp:g} FP with {owner.unit} "
                                f"{sw.owner} at {owner.target} at range {reach[owner.target]}", target=owner.target))
        else:
            why = f"its possessor {sw.owner} does not fire" if not owner.target else f"{owner.target} is beyond its range"
            out.append(Decision(sw.id, "no fire", [sw.hex], f"{sw.id} {sw.unit}: {why}"))
    return out
