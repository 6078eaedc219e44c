"""OtO-S1 MINEFIELDS: the strength of a Known minefield, rolled when a FRIENDLY unit enters it."""

from solo.board.coords import column_letters
from solo.core.errors import SoloError
from solo.sasl.context import Ctx
from solo.sasl.mission_map import own_grid


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


def known(x: Ctx, where: str) -> None:
    """A Known minefield's strength is rolled once, when a FRIENDLY unit first enters it; it stands after (issue 18:
    asking again rolled it anew); only in a Known minefield hex (issue 35: M12 was rolled for)."""
    if where not in hexes(x):
        raise SoloError(f"minefield {where}: no Known minefield there (MINEFIELDS: {', '.join(hexes(x))})")
    found = next((f for f in x.m.enemy.get("minefields", []) if f["hex"] == where), None)
    if found:
        raise SoloError(f"minefield {where}: its strength is rolled already ({found['ap']}; {found['at']}) and stands")


def minefield(x: Ctx, action: dict) -> dict:
    """MINEFIELDS: a Known minefield hex (B28.46) entered: its AP strength as in ENEMY RE 13-16, then a dr <= 2 adds
    AT mines (1-3: 1, 4-5: 2, 6: 3 AT factors)."""
    where = action["hex"]
    ap = x.roll("oto-s1.minefield_ap_strength", f"AP strength of the Known minefield in {where}", side="ENEMY")
    at = x.roll("oto-s1.minefield_at_present", f"AT mines in {where}?", side="ENEMY")
    found = {"hex": where, "ap": ap.result, "at": at.subrolls[0].result if at.subrolls else "no AT mines"}
    x.m.enemy.setdefault("minefields", []).append(found)
    x.say(f"Known minefield {where}: {found['ap']}; {found['at']} (AT dr {at.original})", rule="MINEFIELDS")
    return found
