"""OtO-S1 MINEFIELDS: the strength of a Known minefield, rolled when a FRIENDLY unit enters it."""

from solo.core.errors import SoloError
from solo.sasl.context import Ctx


def known(x: Ctx, where: str) -> None:
    """A Known minefield's strength is rolled once, when a FRIENDLY unit first enters it; it stands after (issue 18:
    asking again rolled it anew)."""
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
