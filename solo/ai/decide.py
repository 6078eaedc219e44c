"""Each ENEMY unit's decision for a phase, by its Attitude, on the map graph (Wesnoth-style candidate actions):
the hexes it can reach with its MF/MP (Dijkstra with a cutoff; no FRIENDLY-occupied hex), each scored by its
Attitude's weights (ai/attitudes.toml) over the shared phase maps, the best taken (ties by hex id), and the
best few kept with their score parts, in a player's words.

Phases: "prep" (PFPh: Prep Fire or move), "first" (the FRIENDLY MPh: Defensive First Fire at the moving stack, A8.1),
"move" (MPh: the path; a broken unit's rout path for the RtPh), "defensive" (the FRIENDLY DFPh: the target),
"advancing" (the ENEMY AFPh), "advance" (APh: one hex, or into CC when the odds favour it); units firing at one
target from the same or adjacent Locations as one fire group (A7.5). Each reads what the unit did this Player Turn
(``Piece.did``, the A3 markers): a unit that Prep Fired neither moves nor fires again (A3.3); one that moved fires in
the AFPh at half FP (A3.6); one that First Fired fires in the DFPh only at an ADJACENT or same-Location target, at
half FP (A8.4, solo's reading), and one that fired in the DFPh not again. Residual FP (A8.2) is not kept: the texts
and SASL-FACTS give none of it. Broken units rout (A10.51): to the nearest woods or building, never nearer a
FRIENDLY unit, never through or into a hex ADJACENT to one. No hex ends a move over the stacking limit (A5.1), and
an S? never in a hex holding another S? (4.1). Hidden S? move in the MPh by their Attitude; Hold S? stay.

What an Attitude does is data, its section of ai/attitudes.toml (named by its value, solo/sasl/words.py): its weights,
``goal`` (where its progress is measured to: a PhaseMaps goal), ``holds`` (it keeps its Location or one of better cover
beside it, never leaves a VPO, scores only the VPO it stands on, and its S? stay), ``prep_fire`` (it Prep Fires rather
than moves in the PFPh) and ``cc_odds`` (it Advances into CC at these odds, A11). Broken units use [rout].
"""

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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
from solo.sasl import words
from solo.sasl.units import EQUIVALENT, SMC, SQUADS
from solo.sasl.words import Kind, Phase

PHASES = tuple(Phase)
SHOWN = 3  # candidates kept with a decision


ROUT = "rout"  # the section of ai/attitudes.toml a broken unit weighs its rout by (A10.5)


@cache
def weights() -> dict:
    """ai/attitudes.toml: a section for each Attitude (by its value) and [rout]."""
    found = read_toml_file(content_dir("ai") / "attitudes.toml")
    missing = [a.value for a in words.Attitude if a.value not in found]
    if missing or ROUT not in found:
        raise SoloError(f"ai/attitudes.toml has no section for {', '.join(missing or [ROUT])}: each Attitude and "
                        f"[{ROUT}] need their weights")
    return found


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
    fp: float | None = None  # the FP it fires with (halved as the Player Turn's record says)
    at: str | None = None  # the hex the target is fired at in (First Fire: a hex of its move), if not its own

    @property
    def end(self) -> str:
        return self.path[-1]

    def to_json(self) -> dict:
        return {"unit": self.unit, "action": self.action, "path": self.path, "end": self.end, "target": self.target,
                "group": self.group, "why": self.why, "candidates": [c.to_json() for c in self.candidates]} \
            | ({"fp": self.fp, "at": self.at} if self.target else {})


def _goal(unit: Piece, attitude: str) -> str:
    """The goal the unit's progress is measured to (solo/ai/maps.py PhaseMaps.goals, or one hex)."""
    return unit.goal or weights()[attitude].get("goal", "objective")


def _words(m: PhaseMaps, i: int, parts: dict, attitude: str, unit: Piece) -> str:
    t = m.terrain
    goal = f"the VPO {unit.goal}" if unit.goal else \
        "the FRIENDLY-held objective" if weights()[attitude].get("goal") == "attack" else "the objective"
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
    out.append(f"{parts.get('threat', 0):g} FRIENDLY FP can fire on it" if parts.get("threat")
               else "no FRIENDLY fire reaches it")
    if parts.get("fire"):
        out.append(f"{parts['fire']:g} FP of fire on FRIENDLY units from there")
    if parts.get("leader"):
        out.append("beside a leader")
    return ", ".join(out)


class Paths(Mapping):
    """The hexes a bounded search reached, each with its path from the start (start first), a path traced back only
    when asked for (a unit's options are scored by hex; only the few kept need their paths)."""

    def __init__(self, t: Terrain, previous: dict[int, int], hexes=None):
        self.t, self.previous = t, previous
        self.hexes = list(previous) if hexes is None else list(hexes)
        self.kept = set(self.hexes)

    def __getitem__(self, i: int) -> list[str]:
        if i not in self.kept:
            raise KeyError(i)
        path, j = [], i
        while j != -1:
            path.append(self.t.nodes[j])
            j = self.previous[j]
        return path[::-1]

    def __iter__(self):
        return iter(self.hexes)

    def __len__(self) -> int:
        return len(self.hexes)

    def __contains__(self, i) -> bool:
        return i in self.kept

    def only(self, keep) -> "Paths":
        """The hexes ``keep(i)`` holds for."""
        return Paths(self.t, self.previous, [i for i in self.hexes if keep(i)])


def reachable(m: PhaseMaps, unit: Piece, start: int) -> Paths:
    """Hexes the unit can reach with its MF/MP (Dijkstra with a cutoff), never entering a FRIENDLY-occupied hex;
    each with its path, start first."""
    t = m.terrain
    _, previous = bounded(m.edges(piece_weight(unit))[0], [start], unit.mf, m.occupied)
    return Paths(t, previous)


def _scores(m: PhaseMaps, s: Situation, unit: Piece, start: int, idx: np.ndarray, attitude: str) -> dict:
    """The score parts of the candidate hexes ``idx``, each an array over them (one numpy pass per unit)."""
    t = m.terrain
    parts = {"cover": t.cover[idx], "threat": m.threat[idx]}
    if attitude == ROUT:
        to_ebe = m.cost_to("ebe")
        with np.errstate(invalid="ignore"):  # no route to the EBE (a river with no bridge): no gain either way
            gain = to_ebe[start] - to_ebe[idx]
        parts["ebe"] = np.where(np.isfinite(gain), gain, 0.0)
        parts["seen"] = m.in_los[idx].astype(float)
        return parts
    to_obj = m.cost_to(_goal(unit, attitude), piece_weight(unit))
    if to_obj[start] < float("inf"):
        parts["progress"] = to_obj[start] - to_obj[idx]
    fires = unit.fp > 0 and not unit.broken
    targets = m.fire_targets(s, unit.range, not ordnance.weapon(unit))[idx] if fires else np.zeros(len(idx))
    parts["fire"] = unit.fp * np.minimum(targets, 3).astype(float)
    leads = unit.kind == Kind.LEADER and not unit.broken
    own = (t.distance(start)[idx] <= 1) if leads else np.zeros(len(idx), dtype=bool)  # a leader does not lead himself
    parts["leader"] = (m.leaders[idx] - own > 0).astype(float)
    parts["stay"] = (idx == start).astype(float)
    if weights()[attitude].get("holds"):  # Hold keeps the VPO it stands on
        on_vpo = m.on_vpo[idx] & (idx == start)
    else:  # Advance and Attack take a VPO they head for, not one the ENEMY holds already
        on_vpo = m.on_goal(_goal(unit, attitude))[idx]
    parts["vpo"] = on_vpo.astype(float)
    return parts


def _candidates(m: PhaseMaps, s: Situation, unit: Piece, options: Mapping[int, list[str]],
                attitude: str) -> list[Candidate]:
    """Every option scored, best first (ties by hex id); the best few in words."""
    w = weights()[attitude]
    start = m.terrain.at(unit.hex)
    idx = np.fromiter(options, dtype=np.int64, count=len(options))
    parts = _scores(m, s, unit, start, idx, attitude)
    total = np.zeros(len(idx))
    for name, values in parts.items():
        total = total + w.get(name, 0) * values
    order = np.lexsort((m.terrain.rank[idx], -total))[:SHOWN]  # the best first, ties by hex id
    out = []
    for k in order:
        i = int(idx[k])
        mine = {name: float(values[k]) for name, values in parts.items()}
        out.append(Candidate(m.terrain.nodes[i], options[i], float(total[k]), mine, _words(m, i, mine, attitude, unit)))
    return out


def _options(m: PhaseMaps, unit: Piece, attitude: str, full: frozenset) -> Mapping[int, list[str]]:
    """Where the unit may go: Hold keeps its Location or a hex of better cover beside it, and never leaves a VPO; no
    move ends in a hex of ``full`` (A5.1 stacking, 4.1 one S? a Location)."""
    t = m.terrain
    start = t.at(unit.hex)
    reach = reachable(m, unit, start).only(lambda i: i == start or i not in full)
    if not weights()[attitude].get("holds"):
        return reach
    if start in m.objectives:
        return {start: [t.nodes[start]]}
    return reach.only(lambda i: i == start or (reach.previous[i] == start and t.cover[i] > t.cover[start]))


ROUT_TO = ("woods", "wooden building", "stone building")  # A10.51: a routing unit's refuge


def _rout_options(m: PhaseMaps, unit: Piece, full: frozenset) -> tuple[Mapping[int, list[str]], str]:
    """A10.51 (core ASL, not in the texts: solo's reading): a broken unit routs to the nearest woods or building hex
    it can reach (in MF); never into a hex nearer a Known FRIENDLY unit than where it began, nor into or through a hex
    ADJACENT to one (issue 34: the path passed beside the unit it fled); one ADJACENT to a FRIENDLY unit must leave
    its hex (A10.5), a refuge it stands in does not keep it there. With no such refuge in reach it routs by the
    rout weights (away from FRIENDLY LOS, to cover, toward the EBE) within the same limits; with no hex at all it stays.
    Interdiction (A10.532) is not modelled. Returns the options and what limited them, in words."""
    t = m.terrain
    start = t.at(unit.hex)
    near = m.friendly_distance.min(axis=0) if m.friendly_hexes else np.full(len(t.nodes), 99)
    barred = np.nonzero((near < near[start]) | (near <= 1))[0].tolist()
    cost, previous = bounded(m.edges(piece_weight(unit))[0], [start], unit.mf, frozenset(barred) | m.occupied)
    must = near[start] <= 1  # A10.5: a broken unit ADJACENT to a Known enemy unit must rout; it may not stay
    legal: Mapping[int, list[str]] = Paths(t, previous).only(
        lambda i: i != start and i not in full or i == start and not must)
    legal = legal or {start: [t.nodes[start]]}
    said = "never nearer a FRIENDLY unit, never ADJACENT to one"
    refuges = [i for i in legal if t.terrain[i] in ROUT_TO]
    if not refuges:
        return legal, f"no woods or building in reach (A10.51); {said}"
    nearest = min(cost[i] for i in refuges)
    return ({i: legal[i] for i in refuges if cost[i] == nearest},
            f"the nearest woods/building, {nearest:g} MF (A10.51); {said}")


def _move(m: PhaseMaps, s: Situation, unit: Piece, full: frozenset) -> Decision:
    attitude = ROUT if unit.broken else unit.attitude
    rule = ""
    if unit.broken:
        unit = replace(unit, mf=unit_data()["infantry"]["broken_mf"])
        options, rule = _rout_options(m, unit, full)
    elif "prep fire" in unit.did:
        return Decision(unit.id, "stay", [unit.hex], f"{unit.id} {unit.unit} Prep Fired: it may not move (A3.3)")
    else:
        options = _options(m, unit, attitude, full)
    cands = _candidates(m, s, unit, options, attitude)
    best = cands[0]
    action = "rout" if unit.broken else ("stay" if best.end == m.terrain.nodes[m.terrain.at(unit.hex)] else "move")
    verb = {"stay": "stays in", "move": "moves to", "rout": "routs (RtPh) to"}[action]
    why = f"{unit.id} {unit.unit} ({attitude}) {verb} {best.end}: {best.words}" + (f"; {rule}" if rule else "")
    if len(cands) > 1:
        why += f"; rather than {cands[1].end} ({cands[1].score - best.score:+.2f}: {cands[1].words})"
    return Decision(unit.id, action, best.path, why, cands[:SHOWN])


FIRED = frozenset({"prep fire", "first fire", "final fire", "advancing fire"})


def firepower(unit: Piece, phase: str) -> tuple[float, int, str]:
    """The FP and the longest range ``unit`` may fire with in ``phase`` by what it did this Player Turn (A3), and the
    rule in words; FP 0 when it may not fire."""
    did = set(unit.did)
    fired = did & FIRED
    if unit.broken:
        return 0.0, 0, "is broken: it may not fire"
    if phase == Phase.DEFENSIVE and fired == {"first fire"}:
        return unit.fp / 2, 1, "First Fired: Final Fire only at an ADJACENT target, at half FP (A8.4)"
    if phase == Phase.ADVANCING and "prep fire" in fired:
        return 0.0, 0, "Prep Fired: it may not fire in the AFPh (A3.3)"
    if fired:
        return 0.0, 0, f"it fired this Player Turn ({', '.join(sorted(fired))})"
    if phase == Phase.ADVANCING and did & {"moved", "advanced"}:
        return unit.fp / 2, unit.range, "moved: Advancing Fire at half FP (A3.6)"
    return unit.fp, unit.range, ""


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


def _fire(m: PhaseMaps, s: Situation, unit: Piece, action: str, phase: str) -> Decision | None:
    fp, rng, rule = firepower(unit, phase)
    if fp <= 0:
        return None
    i = m.terrain.at(unit.hex)
    if ordnance.weapon(unit):  # a Gun or AFV fires its MA To Hit at what it can kill (solo/ai/ordnance.py)
        best, shots = ordnance.aim(m.terrain, unit, targets_from(m, s, replace(unit, range=rng), i),
                                   frozenset(h for h, _ in s.wrecks))
        return Decision(unit.id, action, [unit.hex], ordnance.fire_words(unit, best, shots)
                        + (f" ({rule})" if rule else ""), target=best.target.id) if best else None
    found = _target(m, s, replace(unit, fp=fp, range=rng), i)
    if not found:
        return None
    target, rng = found
    why = (f"{unit.id} {unit.unit} ({unit.attitude}) fires {fp:g} FP at {target.id} {target.unit} in {target.hex} "
           f"at range {rng}" + (", on a VPO" if target.hex in s.objectives else "") + f", from {unit.hex}"
           + (f" ({rule})" if rule else ""))
    return Decision(unit.id, action, [unit.hex], why, target=target.id, fp=fp)


def _first_fire(m: PhaseMaps, s: Situation, unit: Piece) -> Decision | None:
    """A8.1 Defensive First Fire at the moving FRIENDLY stack, at the hex of its move where the fire hurts most: Point
    Blank Fire (A7.21), the hex's TEM, FFMO in open ground (A4.6), then the nearest, the latest hex."""
    fp, rng, rule = firepower(unit, Phase.FIRST)
    if fp <= 0 or not s.moving:
        return None
    t = m.terrain
    i = t.at(unit.hex)
    movers = [p for p in s.friendly if p.id in s.movers and (ordnance.weapon(unit) or ordnance.small_arms_affect(p))]
    shots = []
    for k, h in enumerate(s.moving):
        j = t.at(h)
        d = int(t.distance(i)[j])
        if d <= rng and (i == j or t.los.lines(np.array([i]), np.array([j]))[0]):
            shots.append(((d <= 1) - float(t.cover[j]) + (t.terrain[j] == "open"), -d, k, h, d))
    if not shots or not movers:
        return None
    if ordnance.weapon(unit):  # a Gun or AFV: To Hit at the mover it can kill, in the hex of its move it aims at best
        best, options = ordnance.aim(t, unit, [(replace(p, hex=h), d) for *_, h, d in shots for p in movers],
                                     frozenset(h for h, _ in s.wrecks))
        return Decision(unit.id, "first fire", [unit.hex], ordnance.fire_words(unit, best, options)
                        + " (A8.1)", target=best.target.id, at=best.target.hex) if best else None
    *_, h, d = max(shots)
    target = min(movers, key=lambda p: (-p.fp, p.id))
    why = (f"{unit.id} {unit.unit} ({unit.attitude}) First Fires {fp:g} FP at {target.id} {target.unit} as it moves "
           f"through {h}, at range {d}, from {unit.hex} (A8.1)")
    return Decision(unit.id, "first fire", [unit.hex], why, target=target.id, fp=fp, at=h)


def _no_fire(m: PhaseMaps, s: Situation, unit: Piece, phase: str) -> Decision:
    """Why ``unit`` holds its fire: what it did this Player Turn, or no target it can affect in LOS and range (a
    Gun's odds against each, solo/ai/ordnance.py)."""
    rule = firepower(unit, phase)[2]
    options = targets_from(m, s, unit, m.terrain.at(unit.hex)) if not rule else []
    why = rule or (ordnance.held_fire(m.terrain, unit, options) if options else "no FRIENDLY unit in LOS and range")
    return Decision(unit.id, "no fire", [unit.hex], f"{unit.id} {unit.unit} does not fire: {why}")


def _advance(m: PhaseMaps, s: Situation, unit: Piece, full: frozenset) -> Decision:
    """APh: one hex (A4.7); Attack Attitude Advances into CC when the FP of the Good Order Attack units that can
    Advance into the hex together (A11: they attack as one) is at least cc_odds times the FP of the Good Order
    defenders (a broken unit does not attack in CC). Only Infantry Advances: an AFV or a Gun (no MF) keeps its
    Location."""
    t = m.terrain
    start = t.at(unit.hex)
    if unit.kind == Kind.VEHICLE or unit.mf <= 0:
        return Decision(unit.id, "stay", [unit.hex], f"{unit.id} {unit.unit}: only Infantry Advances (A4.7); "
                        "it keeps its Location")
    w = weights()[unit.attitude]
    if "cc_odds" in w and not unit.broken:
        for p in sorted(s.friendly, key=lambda p: (t.distance(start)[t.at(p.hex)], p.id)):
            j = t.at(p.hex)
            if j in full or not _enters(t, unit, start, j):
                continue
            defenders = sum(q.fp for q in s.friendly if t.at(q.hex) == j and not q.broken)
            with_it = [q for q in s.enemy if q.attitude == unit.attitude and not q.broken
                       and q.kind in (Kind.SQUAD, Kind.HS) and q.mf > 0 and _enters(t, q, t.at(q.hex), j)]
            attackers = sum(q.fp for q in with_it)
            if unit in with_it and attackers >= w["cc_odds"] * max(defenders, 1):
                others = ", ".join(q.id for q in with_it if q is not unit)
                return Decision(unit.id, "advance into CC", [unit.hex, t.nodes[j]],
                                f"{unit.id} {unit.unit} ({unit.attitude}) Advances into CC in {t.nodes[j]}"
                                + (f" with {others}" if others else "") + f": {attackers:g} FP against {defenders:g} "
                                f"FP of Good Order FRIENDLY units there (odds {attackers / max(defenders, 1):.1f}:1 >= "
                                f"{w['cc_odds']})")
    if unit.broken:
        return Decision(unit.id, "stay", [unit.hex], f"{unit.id} {unit.unit} is broken: it may not Advance (A4.7)")
    attitude = unit.attitude
    options = {start: [t.nodes[start]]} | {j: [t.nodes[start], t.nodes[j]]
                                           for j, _ in t.edges[piece_weight(unit)][0][start]
                                           if j not in m.occupied and j not in full}  # one Location (A4.7)
    if weights()[attitude].get("holds"):
        options = {i: p for i, p in options.items() if i == start or t.cover[i] > t.cover[start]}
    cands = _candidates(m, s, unit, options, attitude)
    best = cands[0]
    action = "stay" if best.end == t.nodes[start] else "advance"
    return Decision(unit.id, action, best.path, f"{unit.id} {unit.unit} ({attitude}) "
                    f"{'stays in' if action == 'stay' else 'Advances to'} {best.end}: {best.words}", cands[:SHOWN])


def _enters(t: Terrain, unit: Piece, i: int, j: int) -> bool:
    """Whether ``unit`` in hex ``i`` could Advance into the ADJACENT hex ``j`` (a passable hexside)."""
    return bool(t.distance(i)[j] == 1 and any(k == j for k, _ in t.edges[piece_weight(unit)][0][i]))


def fire_groups(m: PhaseMaps, s: Situation, out: list[Decision]) -> None:
    """A7.5: units firing at the same target (in the same hex) from the same or ADJACENT Locations fire as one fire
    group, its FP the sum of theirs (each as its Player Turn allows), led by the lowest unit id; each member's
    decision names the group (``group``). To Hit fire (a Gun's, an AFV's) is never in a fire group."""
    t = m.terrain
    ordnance_fire = {p.id for p in s.enemy if ordnance.weapon(p)}
    firing = [d for d in out if d.target and d.unit not in ordnance_fire]
    for target in sorted({(d.target, d.at or "") for d in firing}):
        left = [d for d in firing if (d.target, d.at or "") == target]
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
            total = sum(d.fp or 0 for d in group)  # each a fire decision, its FP given
            for d in group:
                d.group = ids
                d.why += (f"; with {', '.join(i for i in ids if i != d.unit)} as one fire group (A7.5): "
                          f"{total:g} FP" if d.unit == ids[0] else f"; fires in {ids[0]}'s fire group (A7.5)")


class _Stacks:
    """A5.1 as the ENEMY's moves are decided one unit after another: squad-equivalents and SMC in each hex, and the
    hexes an S? holds (4.1: one S? a Location)."""

    def __init__(self, t: Terrain, s: Situation):
        self.t = t
        self.squads: Counter[int] = Counter()  # squad-equivalents by hex (a HS a half: float counts)
        self.smc: Counter[int] = Counter()
        self.s: Counter[int] = Counter()
        for p in s.enemy:
            self.add(p, t.at(p.hex), 1)

    def add(self, p: Piece, i: int, n: int) -> None:
        if p.kind == Kind.S_QUESTION:
            self.s[i] += n
        elif p.kind == Kind.LEADER:
            self.smc[i] += n
        else:
            self.squads[i] += n * EQUIVALENT.get(p.kind, 0)  # type: ignore[assignment]  # a HS counts a half

    def full(self, p: Piece) -> frozenset:
        """The hexes ``p`` may not end in."""
        if p.kind == Kind.S_QUESTION:
            return frozenset(i for i, n in self.s.items() if n)
        if p.kind == Kind.LEADER:
            return frozenset(i for i, n in self.smc.items() if n >= SMC)
        need = EQUIVALENT.get(p.kind, 0)
        return frozenset(i for i, n in self.squads.items() if need and n + need > SQUADS)

    def moved(self, p: Piece, d: Decision) -> None:
        self.add(p, self.t.at(p.hex), -1)
        self.add(p, self.t.at(d.end), 1)


def decide(t: Terrain, s: Situation, phase: str) -> list[Decision]:
    """Every ENEMY unit's decision for ``phase``, in unit id order (deterministic); fire in fire groups."""
    if phase not in PHASES:
        raise SoloError(f"no phase {phase!r}: choose {', '.join(PHASES)}")
    m = phase_maps(t, s)
    stacks = _Stacks(t, s)
    fires: dict[str, str] = {Phase.PREP: "prep fire", Phase.DEFENSIVE: "defensive fire",
                             Phase.ADVANCING: "advancing fire", Phase.FIRST: "first fire"}
    out = []
    for unit in sorted(s.enemy, key=lambda p: p.id):
        if unit.kind == Kind.SW or unit.kind == Kind.S_QUESTION and (phase != Phase.MOVE
                                                                     or weights()[unit.attitude].get("holds")):
            continue  # a SW fires with the unit possessing it, and moves with it; an S? moves in the MPh or not at all
        full = stacks.full(unit)
        if unit.broken and phase in fires:
            d = Decision(unit.id, "no fire", [unit.hex], f"{unit.id} {unit.unit} is broken: it may not fire")
        elif phase == Phase.FIRST:
            d = _first_fire(m, s, unit) or Decision(unit.id, "no fire", [unit.hex], f"{unit.id} {unit.unit} does not "
                                                     "fire: the moving stack is not in its LOS and range, or it fired")
        elif phase in (Phase.DEFENSIVE, Phase.ADVANCING):
            d = _fire(m, s, unit, fires[phase], phase) or _no_fire(m, s, unit, phase)
        elif phase == Phase.PREP and weights()[unit.attitude].get("prep_fire"):
            d = _fire(m, s, unit, "prep fire", phase) or _move(m, s, unit, full)
        elif phase == Phase.ADVANCE:
            d = _advance(m, s, unit, full)
        else:
            d = _move(m, s, unit, full)
        stacks.moved(unit, d)
        out.append(d)
    if phase in fires:
        out += _sw_fire(m, s, {d.unit: d for d in out}, phase)
        out.sort(key=lambda d: d.unit)
    fire_groups(m, s, out)
    return out


CARRIED = ("moved", "advanced")  # what a SW did with the unit possessing it (A4.4: it moves with it)


def _carried(possessor: Piece) -> tuple[str, ...]:
    """The possessor's record a SW shares: it moved or Advanced with it (so it fires in the AFPh at half FP, A3.6)."""
    return tuple(w for w in possessor.did if w in CARRIED)


def _sw_fire(m: PhaseMaps, s: Situation, by_unit: dict[str, Decision], phase: str) -> list[Decision]:
    """A4.4: only the Good Order Infantry unit possessing a SW may fire it: a SW fires at its possessor's target when
    the target is in its own range, in the possessor's fire group (A7.5), as its own Player Turn allows; a SW nobody
    possesses does not fire. A SW moved or Advanced with its possessor (the game keeps that record on the possessor).
    """
    out, t = [], m.terrain
    for sw in sorted((p for p in s.enemy if p.kind == Kind.SW), key=lambda p: p.id):
        owner = by_unit.get(sw.owner)
        if owner is None:
            out.append(Decision(sw.id, "no fire", [sw.hex], f"{sw.id} {sw.unit}: no unit possesses it, so it may not "
                                "fire (A4.4)"))
            continue
        possessor = next(p for p in s.enemy if p.id == sw.owner)
        fp, rng, rule = firepower(replace(sw, did=sw.did + _carried(possessor)), phase)
        target = next((p for p in s.friendly if p.id == owner.target), None)
        at = owner.at or (target.hex if target else "")
        reach = int(t.distance(t.at(sw.hex))[t.at(at)]) if target else None
        if target and fp > 0 and reach is not None and reach <= rng:
            out.append(Decision(sw.id, owner.action, [sw.hex], f"{sw.id} {sw.unit} fires {fp:g} FP with {sw.owner} "
                                f"{possessor.unit} at {owner.target} at range {reach}" + (f" ({rule})" if rule else ""),
                                target=owner.target, fp=fp, at=owner.at))
        else:
            why = f"its possessor {sw.owner} does not fire" if not owner.target else rule or \
                f"{owner.target} is beyond its range"
            out.append(Decision(sw.id, "no fire", [sw.hex], f"{sw.id} {sw.unit}: {why}"))
    return out
