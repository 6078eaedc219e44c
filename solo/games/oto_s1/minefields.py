"""OtO-S1 MINEFIELDS: the strength of a Known minefield, rolled when a FRIENDLY unit enters it, and the mine attack on
the units that enter one."""

from dataclasses import dataclass

from solo.board.coords import column_letters
from solo.core.errors import SoloError
from solo.sasl.actions import HexAction
from solo.sasl.context import Ctx
from solo.sasl.mission_map import own_grid
from solo.sasl.words import INFANTRY, Kind


def hexes(x: Ctx) -> list[str]:
    """MINEFIELDS: the Known minefield hexes, along the mission's lines of hexes (``known_minefields``): one hex a
    column, the line's doubled hexrow read straight across (the odd columns' half hex offset)."""
    grid, found = own_grid(x.defn["map_grid"]), []
    for a, b in x.defn["known_minefields"]:
        (c1, d1), (c2, d2) = (grid.doubled(*grid.parse(h)) for h in (a, b))
        for c in range(c1, c2 + 1):
            column, row = grid.from_doubled(c, round(d1 + (d2 - d1) * (c - c1) / (c2 - c1)))
            found.append(f"{column_letters(column)}{row}")
    return found


@dataclass(frozen=True)
class Minefield(HexAction):
    """MINEFIELDS: a Known minefield hex (B28.46) entered: its AP strength as in ENEMY RE 13-16, then a dr <= 2 adds
    AT mines (1-3: 1, 4-5: 2, 6: 3 AT factors)."""

    do = "minefield"
    example = "A26"

    def allowed(self, x: Ctx, where: str) -> None:
        """A Known minefield's strength is rolled once, when a FRIENDLY unit first enters it; it stands after (issue 18:
        asking again rolled it anew); only in a Known minefield hex (issue 35: M12 was rolled for)."""
        if where not in hexes(x):
            raise SoloError(f"minefield {where}: no Known minefield there (MINEFIELDS: {', '.join(hexes(x))})")
        found = next((f for f in x.m.enemy.get("minefields", []) if f["hex"] == where), None)
        if found:
            raise SoloError(f"minefield {where}: its strength is rolled already ({found['ap']}; {found['at']}) and "
                            "stands")

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return strength(x, a["hex"], True)


def strength(x: Ctx, where: str, at_mines: bool) -> dict:
    """A minefield's strength, rolled once: its AP strength as in ENEMY RE 13-16; with ``at_mines`` (MINEFIELDS' Known
    minefields) the dr <= 2 for AT mines too (FRIENDLY RE 54-56's minefields: "Determine strength of minefield upon
    entry/exit/attack as per ENEMY RE 13-16", AP alone)."""
    ap = x.roll("oto-s1.minefield_ap_strength", f"AP strength of the Known minefield in {where}", side="ENEMY")
    found = {"hex": where, "ap": ap.result, "at": "no AT mines"}
    said = ""
    if at_mines:
        at = x.roll("oto-s1.minefield_at_present", f"AT mines in {where}?", side="ENEMY")
        found["at"] = at.subrolls[0].result if at.subrolls else "no AT mines"
        said = f" (AT dr {at.original})"
    x.m.enemy.setdefault("minefields", []).append(found)
    x.say(f"Known minefield {where}: {found['ap']}; {found['at']}{said}",
          rule="MINEFIELDS" if at_mines else "FRIENDLY RE 54-56")
    return found


def entered(x: Ctx, units: list, where: str) -> dict:
    """B28.41: FRIENDLY units that enter a Known minefield's hex undergo its mine attack (rules version 7 on; issue 35:
    the player had to ask for the strength with `minefield`): its strength rolled when it is first entered (MINEFIELDS,
    or RE 54-56's minefield counters), the attack resolved by the player on the IFT with it, the result reported
    (`result`). A unit of the stack that is no Infantry or vehicle (a SW, carried) is attacked with its owner."""
    if x.rules < 7 or not any(u.kind == Kind.FORTIFICATION and u.type.lower().startswith("known")
                              for u in x.m.at(where, "ENEMY")):  # MINEFIELDS' and RE 54-56's counters
        return {}
    found = next((f for f in x.m.enemy.get("minefields", []) if f["hex"] == where), None)
    if found is None:
        found = strength(x, where, where in hexes(x))
    hit = [u for u in units if u.kind in (*INFANTRY, Kind.VEHICLE)]
    if not hit:
        return {}
    at = f"vehicles by its {found['at']}" if found["at"] != "no AT mines" else "no AT mines"
    x.say(f"{', '.join(f'{u.id} {u.type}' for u in hit)} enter the minefield in {where}: a mine attack (B28.41), "
          f"Infantry by its {found['ap']}, {at}; resolve it on the IFT and report the result", rule="B28.41")
    return {"minefields": [found | {"units": [u.id for u in hit]}]}
