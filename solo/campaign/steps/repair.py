"""Equipment Repair and Replenishment as OtO2 (7.513) and RB (11.613) order it, side by side; a Captured AFV whose MA
is Disabled (RB 11.6136, VotG 12.6156, ABtF 9.6143)."""

from collections.abc import Callable

from solo.campaign.reph import Reph
from solo.campaign.state import Unit


def equipment_by_side(r: Reph, vehicle: Callable, steps: tuple[Callable, ...], lifted: set[str], line: str) -> None:
    """For each side: ``vehicle(r, s, v)`` for each Retained vehicle (remanning, Immobilization, Recall, Stun ...), then
    each of ``steps(r, s)`` (Weapon Repair, FT/DC, Captured Weapons ...); the non-Isolated units lose the ``lifted``
    markers (Low Ammo, Ammunition Shortage); ``line`` (format field: side) says what else is restored."""
    for side, s in r.c.sides.items():
        for v in s.retained("vehicle"):
            vehicle(r, s, v)
        for each in steps:
            each(r, s)
        for unit in s.retained():
            if not unit.isolated:
                unit.flags -= lifted
        r.say(line.format(side=side))


def captured_afv(r: Reph, unit: Unit, rule: str, wreck: Callable[[Unit], None]) -> None:
    """A Captured AFV's MA is Disabled (no Recall); it "may remain in play if it has any functioning Weapon (even if its
    MA is Disabled); otherwise, it becomes a wreck" (RB 11.6136, VotG 12.6156; ABtF 9.6143: "At its captor's option
    ... otherwise it is replaced with a Burnt-out Wreck", solo keeps it for the captor). Its functioning Weapon is its
    MG unless marked "mg-disabled"; ``wreck(unit)`` makes it the game's wreck."""
    unit.flags = (unit.flags - {"malfunctioned"}) | {"ma-disabled"}
    if "mg-disabled" in unit.flags:
        wreck(unit)
    else:
        r.say(f"Captured {unit.id}'s MA is Disabled; it stays in play if it has a functioning MG, else it becomes a "
              f"wreck ({rule})")
