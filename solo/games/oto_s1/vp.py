"""OtO-S1 VP Schedule: VPO, the RR Locations, the road path and the ENEMY Guns/AFV, from the player's report."""

from solo.sasl.context import Ctx


def vp_schedule(x: Ctx, final: bool) -> dict:
    """VP Schedule (12.6): VP for each VPO; the RR Locations and the road path FBE to EBE to the side that controls
    them; the ENEMY's VP for each Gun/AFV able to fire on a road or rail hex."""
    r, v = x.m.report, x.defn["vp"]
    lines = [("FRIENDLY", r.get("vpo_friendly", 0) * v["vpo"], f"{r.get('vpo_friendly', 0)} VPO controlled x {v['vpo']}"),
             ("ENEMY", r.get("vpo_enemy", 0) * v["vpo"], f"{r.get('vpo_enemy', 0)} VPO controlled x {v['vpo']}"),
             ("FRIENDLY", v["rr_friendly"], "controls all RR Locations") if r.get("rr") else
             ("ENEMY", v["rr_enemy"], "the FRIENDLY side does not control all RR Locations"),
             ("FRIENDLY", v["road_friendly"], "controls a road path from FBE to EBE") if r.get("road") else
             ("ENEMY", v["road_enemy"], "the FRIENDLY side does not control a road path from FBE to EBE"),
             ("ENEMY", r.get("guns", 0) * v["gun_afv_enemy"],
              f"{r.get('guns', 0)} Gun/AFV able to fire on a road or rail hex x {v['gun_afv_enemy']}")]
    total = {side: sum(vp for who, vp, _ in lines if who == side.upper()) for side in ("friendly", "enemy")}
    return {**total, "report": dict(r), "lines": lines}
