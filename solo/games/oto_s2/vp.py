"""OtO-S2 victory: the immediate FRIENDLY win, and the VPO values rolled by A10b at Mission End. Control of the VPO
comes from the positions on the map (solo/sasl/control.py: "At start, all VPO are ENEMY controlled"), the player's
report where solo has no map, or as a correction of it."""

from solo.sasl import control
from solo.sasl.context import Ctx


def _held(x: Ctx) -> tuple[dict, set[str]]:
    """The VPO each side controls: from the map (with the player's corrections) when solo keeps control, else the
    player's report."""
    if control.kept(x):
        return control.corrected(x, control.standing(x))
    return dict(x.m.report), set()


def immediate_win(x: Ctx) -> str | None:
    """VP Schedule (12.6): the FRIENDLY side wins if at the end of any player turn it controls all VPO."""
    held, fixed = _held(x)
    if held.get("all_vpo"):
        return ("the FRIENDLY side controls every VPO at the end of a player turn: immediate FRIENDLY win"
                + (" (the player's correction)" if "all_vpo" in fixed else ""))
    return None


def vp_schedule(x: Ctx, final: bool) -> dict:
    """VP Schedule (12.6): each side gains VP [A10b] for Control of VPO Locations, rolled at Mission End; none
    before."""
    r, v = x.m.report, x.defn["vp"]
    held, fixed = _held(x)
    if not final:
        return {"friendly": None, "enemy": None, "report": dict(r), "control": held,
                "note": "VPO values are rolled at Mission End (A10b)"}
    values, lines = {"friendly": 0, "enemy": 0}, []
    for side in values:
        said = " (the player's correction)" if f"vpo_{side}" in fixed else ""
        for n in range(held.get(f"vpo_{side}", 0)):
            value = int(x.roll(v["vpo_values"], f"VPO value (A10b), {side} VPO {n + 1}", side="").result)
            values[side] += value
            lines.append((side.upper(), value, f"VPO {n + 1} controlled, its value by A10b{said}"))
    return {**values, "report": dict(r), "control": held, "lines": lines}
