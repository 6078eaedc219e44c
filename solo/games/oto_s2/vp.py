"""OtO-S2 victory: the immediate FRIENDLY win, and the VPO values rolled by A10b at Mission End."""

from solo.sasl.context import Ctx


def immediate_win(x: Ctx) -> str | None:
    """VP Schedule (12.6): the FRIENDLY side wins if at the end of any player turn it controls all VPO."""
    if x.m.report.get("all_vpo"):
        return "the FRIENDLY side controls every VPO at the end of a player turn: immediate FRIENDLY win"
    return None


def vp_schedule(x: Ctx, final: bool) -> dict:
    """VP Schedule (12.6): each side gains VP [A10b] for Control of VPO Locations, rolled at Mission End; none before."""
    r, v = x.m.report, x.defn["vp"]
    if not final:
        return {"friendly": None, "enemy": None, "report": dict(r), "note": "VPO values are rolled at Mission End (A10b)"}
    values, lines = {"friendly": 0, "enemy": 0}, []
    for side in values:
        for n in range(r.get(f"vpo_{side}", 0)):
            value = int(x.roll(v["vpo_values"], f"VPO value (A10b), {side} VPO {n + 1}", side="").result)
            values[side] += value
            lines.append((side.upper(), value, f"VPO {n + 1} controlled, its value by A10b"))
    return {**values, "report": dict(r), "lines": lines}
