"""OtO-S1 VP Schedule: VPO, the RR Locations, the road path and the ENEMY Guns/AFV, from the player's report."""

from solo.sasl.context import Ctx


def vp_schedule(x: Ctx, final: bool) -> dict:
    """VP Schedule (12.6): VP for each VPO; the RR Locations and the road path FBE to EBE to the side that controls
    them; the ENEMY's VP for each Gun/AFV able to fire on a road or rail hex."""
    r, v = x.m.report, x.defn["vp"]
    friendly = r.get("vpo_friendly", 0) * v["vpo"] + (v["rr_friendly"] if r.get("rr") else 0) + \
        (v["road_friendly"] if r.get("road") else 0)
    enemy = r.get("vpo_enemy", 0) * v["vpo"] + (0 if r.get("rr") else v["rr_enemy"]) + \
        (0 if r.get("road") else v["road_enemy"]) + r.get("guns", 0) * v["gun_afv_enemy"]
    return {"friendly": friendly, "enemy": enemy, "report": dict(r)}
