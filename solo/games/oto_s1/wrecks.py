"""OtO-S1 MSR 8: the six wrecks, placed as counters on the map before the FRIENDLY set up, and their status after it.

"After the ENEMY side is set up, six wreck counters may be placed in locations <= 2 hexes outside of the FRIENDLY
set up area unoccupied by ENEMY units. These wrecks may not be placed adjacent to one another. Make a dr for each of
these wrecks after FRIENDLY set up: 1-3 wreck is not affected; 4-5 wreck is burning; 6 wreck is removed." The player
places them (`wreck`); the status dr falls on the wrecks placed, in the order placed (issue 35: the wrecks were no
counters on the map, their status rolled for six wrecks nobody placed). A wreck is a counter of no side's units: it
holds no Location and is no Activated ENEMY unit.
"""

from dataclasses import dataclass

from solo.core.errors import SoloError
from solo.sasl.actions import HexAction
from solo.sasl.context import Ctx
from solo.sasl.mission_map import in_set_up_area
from solo.sasl.words import Kind, Status

WRECK = "Wreck"


def placed(x: Ctx) -> list:
    return [u for u in x.m.units if u.type == WRECK and u.on_map]


@dataclass(frozen=True)
class Wreck(HexAction):
    """MSR 8: a wreck counter placed where the player put it (``allowed`` holds it to the placement rules)."""

    do = "wreck"
    example = "K14"

    def allowed(self, x: Ctx, where: str) -> None:
        """MSR 8's placement: Game Turn 1 before the FRIENDLY set up ends, at most six, <= 2 hexes outside the FRIENDLY
        set up area, no ENEMY unit there, none adjacent to another wreck."""
        m, line = x.m, x.defn["friendly_entry"]["on_or_east_of"]
        if m.turn != 1 or m.phase != "FRIENDLY RPh" or any(u.side == "FRIENDLY" and u.source == "OoB" for u in m.units):
            raise SoloError("wreck: the MSR 8 wrecks are placed after the ENEMY set up, before the FRIENDLY units set "
                            "up")
        if len(placed(x)) >= x.defn["enemy_rules"]["wrecks"]:
            raise SoloError(f"wreck: all {x.defn['enemy_rules']['wrecks']} wrecks are placed (MSR 8)")
        if x.map is None or x.map.grid is None:
            return
        if in_set_up_area(x.map.grid, line, where):
            raise SoloError(f"wreck: {where} is inside the FRIENDLY set up area: a wreck goes <= 2 hexes outside it")
        near = [h for h in x.map.hexes if in_set_up_area(x.map.grid, line, h) and x.map.distance(h, where) <= 2]
        if not near:
            raise SoloError(f"wreck: {where} is more than 2 hexes outside the FRIENDLY set up area (MSR 8)")
        if any(u.kind != Kind.FORTIFICATION for u in m.at(where, "ENEMY")):
            raise SoloError(f"wreck: {where} holds ENEMY units")
        beside = [u.hex for u in placed(x) if x.map.distance(u.hex, where) <= 1]
        if beside:
            raise SoloError(f"wreck: {where} is adjacent to the wreck in {beside[0]}: wrecks may not be adjacent "
                            "(MSR 8)")

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        u = x.m.add_unit(WRECK, Kind.WRECK, a["hex"], "", "MSR 8", side="FRIENDLY")
        x.say(f"{u.id} wreck placed in {u.hex} ({len(placed(x))} of {x.defn['enemy_rules']['wrecks']})", rule="MSR 8")
        return {"unit": u.to_json()}


def status(x: Ctx, results: list[str]) -> None:
    """The status dr of each wreck placed: burning marks it, removed takes it off the map."""
    for u, result in zip(placed(x), results, strict=False):
        if "removed" in result:
            u.status = Status.ELIMINATED
        elif "burning" in result:
            u.marks = sorted({*u.marks, "burning"})
