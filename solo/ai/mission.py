"""The ENEMY AI in a mission: the situation it decides for is the mission's own map and units (solo/sasl), not a
situation file.

What the texts leave to the player and solo reads for him (marked readings):
- The ENEMY Board Edge and the FRIENDLY-held VPO: solo/sasl/mission_map.py's `board_edge` and `held_vpo`.
- A Local Counterattack (OtO-S1 RE 11-12, 23-24, 44-46; OtO-S2's entries): the texts give its units Advance
  Attitude; the AI moves them (and its S?) as its Attack Attitude, toward the VPO the Random Event names, until they
  revert to Hold once it is captured (solo/sasl/events.py `counterattack_ends`).
- The hidden S? on the map move too (solo/ai/decide.py), by their Attitude.
- A unit its mission lets fire only at close Targets (``fires_within``: OtO-S1's AA Guns) has that as its range.
- A SW goes with the unit that possesses it and fires with it (A4.4); a SW nobody possesses does not act.
- FRIENDLY units IN the Culvert (OtO 3.1) are in LOS only of its ADJACENT gully Locations (``sight_limits``); the
  ENEMY's own units do not enter it (its moves follow the map's hexes).
"""

from weakref import WeakKeyDictionary

from solo.ai import ordnance
from solo.ai.decide import Decision, decide
from solo.ai.maps import Terrain
from solo.ai.situation import Situation, piece, s_piece, unit_data
from solo.board.graph import slope_tem
from solo.sasl.context import Ctx
from solo.sasl.mission_map import CONTROLLING, board_edge, held_vpo, wrecks
from solo.sasl.state import Mission
from solo.sasl.words import INFANTRY, Attitude, Kind, Side, SStatus, Status

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
    ebe = board_edge(m, defn, Side.ENEMY)
    limits = {g["type"]: g["fires_within"] for g in defn.get("enemy_units", []) if g.get("fires_within")}
    pieces = []
    attacking = {i: c["vpo"] for c in m.enemy.get("counterattacks", []) if not c.get("ended")
                 for i in [*c["units"], *c.get("s", [])] if name(c["vpo"])}
    for u in m.units:
        if not u.on_map or u.kind not in CONTROLLING or name(u.hex) is None or "wreck" in u.marks:
            continue
        raw = {"id": u.id, "unit": u.type, "hex": name(u.hex), "broken": u.status == Status.BROKEN,
               "attitude": Attitude.ATTACK if u.id in attacking else u.attitude or Attitude.HOLD, "did": u.did,
               "goal": name(attacking[u.id]) if u.id in attacking else ""}
        if u.kind == Kind.GUN:
            raw["mf"] = 0  # a Gun keeps its Location
        if u.side == Side.ENEMY and u.type in limits:  # OtO-S1's AA Guns: at FRIENDLY FB only (not on solo's map), EXC
            raw["range"] = limits[u.type]  # a Target within 4 hexes
        pieces.append(piece(raw, Side(u.side), where))
    acting = {p.id: p for p in pieces if p.side == Side.ENEMY}
    for u in m.units:  # an ENEMY SW the AI knows the fire of, possessed by an acting unit (A4.4)
        if u.side == Side.ENEMY and u.on_map and u.kind == Kind.SW and u.owner in acting \
                and u.type in unit_data()["sw"]:
            owner = acting[u.owner]
            pieces.append(piece({"id": u.id, "unit": u.type, "hex": owner.hex, "with": u.owner,
                                 "broken": owner.broken, "did": u.did}, Side.ENEMY, where))
    pieces += [s_piece(q.id, name(q.where), Attitude.ATTACK if q.id in attacking else q.attitude, q.did,
                       name(attacking[q.id]) if q.id in attacking else "")
               for q in m.s if q.status == SStatus.HIDDEN and name(q.where)]
    held = tuple(held_vpo(m, vpo))
    moving = m.moving.get("path", [])
    wrecked = tuple((name(h), tuple(b)) for h, b in sorted(wrecks(m).items()) if name(h))
    friendly = [u for u in m.units if u.side == Side.FRIENDLY and u.on_map and u.kind in CONTROLLING]
    culvert = mission_map.culvert if any("culvert" in u.marks for u in friendly) else None
    sight = ((culvert, tuple(mission_map.culvert_ends)),) if culvert and all(
        "culvert" in u.marks for u in friendly if u.hex == culvert) else ()
    return Situation(tuple(m.boards["boards"]), tuple(vpo), held, ebe, tuple(pieces), tuple(map(name, moving)),
                     tuple(m.moving.get("units", [])), wrecked, sight)


def decided(m: Mission, mission_map, defn: dict, phase: str) -> list[Decision]:
    """Every ENEMY unit's decision for the AI ``phase`` (solo/ai/decide.py) on the mission's map; fire with the FP
    and DRM the player rolls the IFT with (a Gun or AFV's To Hit and TK: solo/ai/ordnance.py)."""
    t, s = terrain(mission_map), situation(m, mission_map, defn)
    found = decide(t, s, phase)
    to_hit = {p.id for p in s.enemy if ordnance.weapon(p)}  # its why says the To Hit and TK rolls already
    by_unit = {d.unit: d for d in found}
    for d in found:
        if d.target and d.unit not in to_hit and (not d.group or d.group[0] == d.unit):
            d.why += f"; {fire_roll(mission_map, t, s, [by_unit[i] for i in d.group or [d.unit]])}"
    return found


def decisions(x: Ctx, phase: str) -> list[dict]:
    """The decisions as the mission keeps them (its ENEMY moves waiting for the player)."""
    return [{"unit": d.unit, "action": d.action, "path": d.path, "target": d.target, "why": d.why}
            | ({"group": d.group} if d.group else {}) | ({"fp": d.fp} if d.target else {})
            | ({"at": d.at} if d.at else {})
            for d in decided(x.m, x.map, x.defn, phase)]


def fire_roll(mission_map, t: Terrain, s: Situation, group: list[Decision]) -> str:
    """What the player rolls the IFT with for an ENEMY unit's fire, or its fire group's (A7.5; the IFT is core ASL, not
    in the texts): the FP each firer may fire with this Player Turn (``Decision.fp``), doubled at range 0-1 (Point
    Blank Fire, A7.21); the DRM of the TEM of the target's hex (ai/units.toml; First Fire: the hex of its move it is
    fired at; Infantry in a hex of >= three or two non-contiguous Down-Slope hexsides +1 at a non-adjacent firer whose
    LOS crosses one, OtO 1.41, when the hex has no other +TEM), the most LOS Hindrance hexes any firer traces (+1
    each, A6.2; a wreck's hex one, D10.3), the best Good Order leader in the firers'
    one Location (A7.53: a leader directs a fire group only from its Location) and, at a moving target, FFNAM -1 (it
    moved without Assault Movement: the player's moves say none) and FFMO -1 in open ground with no Hindrance (A4.6)."""
    pieces = {p.id: p for p in s.pieces}
    firers, d = [pieces[e.unit] for e in group], group[0]
    assert d.target is not None, "a fire group's decisions name their target"
    at = d.at or pieces[d.target].hex
    ranges = [mission_map.distance(f.hex, at) for f in firers]
    fp = sum((e.fp or 0) * (2 if r <= 1 else 1) for e, r in zip(group, ranges, strict=True))
    tem = float(unit_data()["tem"].get(t.terrain[t.at(at)], 0))
    down = mission_map.graph.nodes[at].get("downslope", ())
    slope = slope_tem(down) and pieces[d.target].kind in INFANTRY and any(
        mission_map.distance(f.hex, at) > 1 and mission_map.los.crossed(t.at(at), t.at(f.hex)) & set(down)
        for f in firers)
    if slope and tem <= 0:  # OtO 1.41: Cumulative with no other +TEM
        tem = 1.0
    wrecked = frozenset(h for h, _ in s.wrecks)
    hindrance = max(mission_map.los.trace(f.hex, at, wrecked).hindrances if f.hex != at else 0 for f in firers)
    where = {f.hex for f in firers}
    leaders = [p.leadership for p in s.enemy if p.kind == Kind.LEADER and not p.broken and {p.hex} == where]
    leader = min(leaders, default=0) if all(f.kind != Kind.LEADER for f in firers) else 0
    moving = -1 if d.action == "first fire" else 0
    ffmo = -1 if moving and t.terrain[t.at(at)] == "open" and not hindrance else 0
    parts = [f"TEM {tem:+g} ({'slope, OtO 1.41' if slope and tem == 1 else t.terrain[t.at(at)]}"
             f"{f' in {at}' if d.at else ''})"] \
        + [f"hindrance +{hindrance}"] * bool(hindrance) + [f"leader {leader:+d}"] * bool(leader) \
        + ["FFNAM -1"] * bool(moving) + ["FFMO -1"] * bool(ffmo)
    pbf = " (PBF doubled)" if any(r <= 1 for r in ranges) else ""
    return f"roll the IFT with {fp:g} FP{pbf}, DRM {tem + hindrance + leader + moving + ffmo:+g}: " + ", ".join(parts)
