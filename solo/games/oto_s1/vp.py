"""OtO-S1 VP Schedule: VPO, the RR Locations, the road path and the ENEMY Guns/AFV. On the OtO map (the player's VASL
boards, rules version 6 on) each comes from the positions (solo/sasl/control.py), the player's report correcting a
value; without the map, from the player's report."""

import networkx as nx

from solo.sasl import control
from solo.sasl.context import Ctx
from solo.sasl.mission_map import board_edge
from solo.sasl.sighting import hindering
from solo.sasl.words import MMC, Kind, Status


def rail_hexes(x: Ctx) -> list[str]:
    """The RR Locations of the OtO map in play (its railroad hexes)."""
    return sorted(n for n, d in x.known_map.terrain_graph.nodes(data=True) if d["terrain"] == "railroad")


def road_hexes(x: Ctx) -> list[str]:
    return sorted(n for n, d in x.known_map.terrain_graph.nodes(data=True) if d.get("road"))


def scored_hexes(x: Ctx) -> list[str]:
    """The hexes beyond the VPO whose control the VP Schedule scores: the RR and road Locations."""
    return sorted(set(rail_hexes(x)) | set(road_hexes(x)))


def road_path(x: Ctx) -> list[str] | None:
    """A path of FRIENDLY controlled road hexes joined by road hexsides from the FBE to the EBE ("path established by
    moving through road hexes with MMC"), the shortest; None if there is none."""
    held = [h for h in road_hexes(x) if x.m.control.get(h) == "FRIENDLY"]
    roads = nx.Graph((a, b) for a, b, d in x.known_map.terrain_graph.subgraph(held).edges(data=True) if d.get("road"))
    fbe, ebe = (x.known_map.edge(board_edge(x.m, x.defn, side)) for side in ("FRIENDLY", "ENEMY"))
    best = None
    for a in sorted(fbe & set(roads)):
        lengths = nx.single_source_shortest_path(roads, a)
        for b in sorted(ebe & set(lengths)):
            if best is None or len(lengths[b]) < len(best):
                best = lengths[b]
    return best


def guns_firing(x: Ctx) -> list[str]:
    """The ENEMY Guns and AFV able to fire on a road or rail hex (solo's reading: on the map, not malfunctioned,
    immobile wrecks excluded; a Gun manned by a Good Order ENEMY Infantry unit in its Location; LOS to a road or rail
    hex, at any range on the map; the wrecks hinder it and the slopes count from rules version 7 on)."""
    targets = scored_hexes(x)
    found = []
    for u in x.m.units:
        if u.side != "ENEMY" or not u.on_map or u.kind not in (Kind.GUN, Kind.VEHICLE) or "malfunctioned" in u.marks:
            continue
        if u.kind == Kind.GUN and not any(v.kind in MMC and v.status == Status.GOOD_ORDER
                                       for v in x.m.at(u.hex, "ENEMY")):
            continue
        where = x.known_map.name(u.hex)
        if where and x.known_map.seen(where, targets, 99, hindering(x), x.rules >= 7):
            found.append(u.id)
    return found


def standing(x: Ctx) -> dict:
    """What the map gives the VP Schedule now."""
    rail = rail_hexes(x)
    return control.standing(x) | {"rr": bool(rail) and all(x.m.control.get(h) == "FRIENDLY" for h in rail),
                                  "road": road_path(x) is not None, "guns": len(guns_firing(x))}


def vp_schedule(x: Ctx, final: bool) -> dict:
    """VP Schedule (12.6): VP for each VPO; the RR Locations and the road path FBE to EBE to the side that controls
    them; the ENEMY's VP for each Gun/AFV able to fire on a road or rail hex."""
    v = x.defn["vp"]
    r, fixed = control.corrected(x, standing(x)) if control.kept(x) else (x.m.report, set())

    def said(key: str, text: str) -> str:
        return text + (" (the player's correction)" if key in fixed else "")
    lines = [("FRIENDLY", r.get("vpo_friendly", 0) * v["vpo"],
              said("vpo_friendly", f"{r.get('vpo_friendly', 0)} VPO controlled x {v['vpo']}")),
             ("ENEMY", r.get("vpo_enemy", 0) * v["vpo"],
              said("vpo_enemy", f"{r.get('vpo_enemy', 0)} VPO controlled x {v['vpo']}")),
             ("FRIENDLY", v["rr_friendly"], said("rr", "controls all RR Locations")) if r.get("rr") else
             ("ENEMY", v["rr_enemy"], said("rr", "the FRIENDLY side does not control all RR Locations")),
             ("FRIENDLY", v["road_friendly"], said("road", "controls a road path from FBE to EBE"))
             if r.get("road") else
             ("ENEMY", v["road_enemy"], said("road", "the FRIENDLY side does not control a road path from FBE to EBE")),
             ("ENEMY", r.get("guns", 0) * v["gun_afv_enemy"],
              said("guns", f"{r.get('guns', 0)} Gun/AFV able to fire on a road or rail hex x {v['gun_afv_enemy']}"))]
    total = {side: sum(vp for who, vp, _ in lines if who == side.upper()) for side in ("friendly", "enemy")}
    return {**total, "report": dict(x.m.report), "lines": lines}
