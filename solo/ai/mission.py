"""The ENEMY AI in a mission: the situation it decides for is the mission's own map and units (solo/sasl), not a
situation file.

What the texts leave to the player and solo reads for him (marked readings):
- The ENEMY Board Edge and the FRIENDLY-held VPO (Attack Attitude heads for them): solo/sasl/mission_map.py's
  `board_edge` and `held_vpo`.
- A unit its mission lets fire only at close Targets (``fires_within``: OtO-S1's AA Guns) has that as its range.
- A SW goes with the unit that possesses it and fires with it (A4.4); a SW nobody possesses does not act.
"""

from weakref import WeakKeyDictionary

from solo.ai import ordnance
from solo.ai.decide import Decision, decide
from solo.ai.maps import Terrain
from solo.ai.situation import Situation, piece, unit_data
from solo.sasl.context import Ctx
from solo.sasl.mission_map import CONTROLLING, board_edge, held_vpo
from solo.sasl.state import Mission

_TERRAIN: "WeakKeyDictionary" = WeakKeyDictionary()  # a mission map's AI arrays, built once


def terrain(mission_map) -> Terrain:
    if mission_map not in _TERRAIN:
        _TERRAIN[mission_map] = Terrain(mission_map.graph)
    return _TERRAIN[mission_map]


def situation(m: Mission, mission_map, defn: dict) -> Situation:
    """The units on the map as the AI sees them: every Good Order or broken unit of both sides that stands in a hex
    of the map (an ENEMY unit whose hex the player has not placed is left out)."""
    where, name = f"mission {m.id}", mission_map.name
    vpo = [name(v["hex"]) for v in (m.boards or {}).get("vpo") or [] if name(v["hex"])]
    ebe = board_edge(m, defn, "ENEMY")
    limits = {g["type"]: g["fires_within"] for g in defn.get("enemy_units", []) if g.get("fires_within")}
    pieces = []
    for u in m.units:
        if not u.on_map or u.kind not in CONTROLLING or name(u.hex) is None or "wreck" in u.marks:
            continue
        raw = {"id": u.id, "unit": u.type, "hex": name(u.hex), "broken": u.status == "broken",
               "attitude": (u.attitude or "hold").lower()}
        if u.kind == "gun":
            raw["mf"] = 0  # a Gun keeps its Location
        if u.side == "ENEMY" and u.type in limits:  # OtO-S1's AA Guns: at FRIENDLY FB only (not on solo's map), EXC
            raw["range"] = limits[u.type]  # a Target within 4 hexes
        pieces.append(piece(raw, u.side, where))
    acting = {p.id: p for p in pieces if p.side == "ENEMY"}
    for u in m.units:  # an ENEMY SW the AI knows the fire of, possessed by an acting unit (A4.4)
        if u.side == "ENEMY" and u.on_map and u.kind == "sw" and u.owner in acting and u.type in unit_data()["sw"]:
            owner = acting[u.owner]
            pieces.append(piece({"id": u.id, "unit": u.type, "hex": owner.hex, "with": u.owner,
                                 "broken": owner.broken}, "ENEMY", where))
    held = tuple(held_vpo(m, vpo))
    return Situation(tuple(m.boards["boards"]), tuple(vpo), held, ebe, tuple(pieces))


def decided(m: Mission, mission_map, defn: dict, phase: str) -> list[Decision]:
    """Every ENEMY unit's decision for the AI ``phase`` (solo/ai/decide.py) on the mission's map; fire with the FP
    and DRM the player rolls the IFT with (a Gun or AFV's To Hit and TK: solo/ai/ordnance.py)."""
    t, s = terrain(mission_map), situation(m, mission_map, defn)
    found = decide(t, s, phase)
    to_hit = {p.id for p in s.enemy if ordnance.weapon(p)}  # its why says the To Hit and TK rolls already
    for d in found:
        if d.target and d.unit not in to_hit and (not d.group or d.group[0] == d.unit):
            d.why += f"; {fire_roll(mission_map, t, s, d)}"
    return found


def decisions(x: Ctx, phase: str) -> list[dict]:
    """The decisions as the mission keeps them (its ENEMY moves waiting for the player)."""
    return [{"unit": d.unit, "action": d.action, "path": d.path, "target": d.target, "why": d.why}
            | ({"group": d.group} if d.group else {}) for d in decided(x.m, x.map, x.defn, phase)]


def fire_roll(mission_map, t: Terrain, s: Situation, d: Decision) -> str:
    """What the player rolls the IFT with for an ENEMY unit's fire, or its fire group's (A7.5; the IFT is core ASL, not
    in the texts): the FP, each firer's doubled at range 0-1 (Point Blank Fire, A7.21); the DRM of the target's TEM
    (ai/units.toml), the most LOS Hindrance hexes any firer traces (+1 each, A6.2) and the best Good Order leader in
    the firers' one Location (A7.53: a leader directs a fire group only from its Location)."""
    pieces = {p.id: p for p in s.pieces}
    firers, target = [pieces[i] for i in d.group or [d.unit]], pieces[d.target]
    ranges = [mission_map.distance(f.hex, target.hex) for f in firers]
    fp = sum(f.fp * (2 if r <= 1 else 1) for f, r in zip(firers, ranges))
    tem = float(t.cover[t.at(target.hex)])
    hindrance = max(mission_map.los.trace(f.hex, target.hex).hindrances if f.hex != target.hex else 0 for f in firers)
    where = {f.hex for f in firers}
    leaders = [p.leadership for p in s.enemy if p.kind == "leader" and not p.broken and {p.hex} == where]
    leader = min(leaders, default=0) if all(f.kind != "leader" for f in firers) else 0
    parts = [f"TEM {tem:+g} ({t.terrain[t.at(target.hex)]})"] + [f"hindrance +{hindrance}"] * bool(hindrance) \
        + [f"leader {leader:+d}"] * bool(leader)
    pbf = " (PBF doubled)" if any(r <= 1 for r in ranges) else ""
    return f"roll the IFT with {fp:g} FP{pbf}, DRM {tem + hindrance + leader:+g}: " + ", ".join(parts)
