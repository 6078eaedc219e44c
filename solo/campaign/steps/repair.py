"""Equipment Repair and Replenishment as OtO2 (7.513) and RB (11.613) order it, side by side."""

from collections.abc import Callable

from solo.campaign.reph import Reph


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
