"""Control of the Locations a mission scores (its VPO, and those its VP Schedule names: OtO-S1's RR and road hexes),
kept from the positions on its map from the start (issue 35: the VP came only from the player's report).

Control is core ASL (A26), not in the texts; solo's reading, a stand-in said in the record: a side gains control of
a Location when a Good Order MMC of its own (a squad, HS or crew) stands in it, or for the FRIENDLY side moves
through it (OtO-S1: "control established by moving through RR hexes with MMC"), with no Good Order unit of the
other side and no hidden S? there; it keeps control until the other side gains it. At start: OtO-S2 "all VPO are
ENEMY controlled"; OtO-S1 gives no word, and solo reads A26.1: a Location in the FRIENDLY set up area (on or East of
its line) FRIENDLY, every other one ENEMY. The player may correct a count (a unit solo does not know of): the VP
Schedule then uses the correction, said as such.
"""

from solo.sasl.context import Ctx
from solo.sasl.mission_map import CONTROLLING, in_set_up_area
from solo.sasl.words import MMC, Side, SStatus, Status

READING = "control from the positions on the map (solo's reading of A26, a stand-in: the core rule is not in the texts)"


def kept(x: Ctx) -> bool:
    """The mission keeps control from its map: rules version 6 on, on a map with terrain and its VPO known."""
    return x.rules >= 6 and x.map is not None and x.map.graph is not None and bool((x.m.boards or {}).get("vpo"))


def vpo(x: Ctx) -> list[str]:
    """The VPO by the map's names."""
    the_map = x.known_map
    return [n for v in (x.m.boards or {}).get("vpo") or [] if (n := the_map.name(v["hex"]))]


def start(x: Ctx) -> None:
    """Control at the start of play, of the VPO and the hexes the mission's VP Schedule scores."""
    if not kept(x):
        return
    line = x.defn.get("friendly_entry", {}).get("on_or_east_of")
    at_start = x.defn.get("control_at_start", "set up area")
    hexes = vpo(x) + (x.game.scored_hexes(x) if x.game.scored_hexes else [])
    for h in hexes:
        friendly = at_start == "set up area" and line and in_set_up_area(x.known_map.hex_grid, line, h)
        x.m.control[h] = Side.FRIENDLY if friendly else Side.ENEMY
    held = [h for h in vpo(x) if x.m.control[h] == Side.FRIENDLY]
    x.say(f"VPO control at start: {', '.join(held) or 'none'} FRIENDLY, every other ENEMY ("
          + ("all VPO are ENEMY controlled at start" if at_start == Side.ENEMY else
             "those in the FRIENDLY set up area FRIENDLY: solo's reading of A26.1") + ")", rule="A26")


def passed(x: Ctx, units, here: str) -> None:
    """FRIENDLY ``units`` entered ``here`` (a hex of their move): a Good Order MMC among them gains it."""
    if here in x.m.control and any(u.kind in MMC and u.status == Status.GOOD_ORDER for u in units) and not _other(
            x, here, Side.FRIENDLY):
        _gain(x, here, Side.FRIENDLY)


def update(x: Ctx) -> None:
    """After each action: each scored Location held by one side's Good Order MMC alone is that side's."""
    for h in x.m.control:
        for side in (Side.FRIENDLY, Side.ENEMY):
            if any(u.kind in MMC and u.status == Status.GOOD_ORDER for u in x.m.at(h, side)) and not _other(x, h, side):
                _gain(x, h, side)


def _other(x: Ctx, where: str, side: str) -> bool:
    """The other side stands in ``where``: a Good Order unit of it, or (against the FRIENDLY side) a hidden S?."""
    other = Side.ENEMY if side == Side.FRIENDLY else Side.FRIENDLY
    if any(u.kind in CONTROLLING and u.status == Status.GOOD_ORDER for u in x.m.at(where, other)):
        return True
    return side == Side.FRIENDLY and any(s.status == SStatus.HIDDEN and x.known_map.name(s.where) == where
                                         for s in x.m.s)


def _gain(x: Ctx, where: str, side: str) -> None:
    if x.m.control[where] != side:
        x.m.control[where] = side
        if where in vpo(x):
            x.say(f"VPO {where} now {side} controlled", rule="A26")


def standing(x: Ctx) -> dict:
    """The VPO each side controls now, from the map."""
    held = [x.m.control.get(h) for h in vpo(x)]
    return {"vpo_friendly": held.count(Side.FRIENDLY), "vpo_enemy": held.count(Side.ENEMY),
            "all_vpo": bool(held) and held.count(Side.FRIENDLY) == len(held)}


def corrected(x: Ctx, found: dict) -> tuple[dict, set[str]]:
    """``found`` (what the map gives) with the player's corrections laid over it, and the names corrected."""
    fixed = {k: v for k, v in x.m.report.items() if k in found and found[k] != v}
    return found | fixed, set(fixed)
