"""Equipment Repair and Replenishment as OtO2 (7.513) and RB (11.613) order it, side by side: Captured Weapons and AFV
(OtO2 7.5135-7.5136, RB 11.6135-11.6136, VotG 12.6155-12.6156, ABtF 9.6143), the Vehicular-MG Exchange (7.5133,
11.6133)."""

from collections.abc import Callable

from solo.campaign.reph import Reph
from solo.campaign.state import Unit
from solo.campaign.steps.losses import eliminate
from solo.core.choices import yes_no


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


def _fails(r: Reph, s, unit: Unit, table: str, rule: str, what: str = "") -> bool:
    trace = r.roll(table, f"Captured {unit.label}{what} ({rule})", side=s.name)
    r.say(f"{s.name} Captured {unit.id} {unit.type}{what}: dr {trace.original}, {trace.result} ({rule})")
    return bool(trace.effect.get("eliminated"))


def captured_weapons(r: Reph, s, table: str, rule: str, afv_rule: str, wreck: Callable[[Unit], None] | None = None,
                     functioning_only: bool = False) -> None:
    """Captured Weapons and Captured AFV as OtO2 (7.5135-7.5136), RB (11.6135-11.6136) and VotG (12.6155-12.6156)
    print them alike, ABtF (9.6143) with its own dr and Wreck: one dr on ``table`` for each functioning Captured
    Retained Weapon, Eliminated (>= 3; ABtF >= 4), a vehicular one Disabled; an already malfunctioned one is Eliminated
    (Disabled) [ABtF: ``functioning_only``, its text names only the functioning ones]. Disablement of MA "by either
    means does not cause Recall". A Captured AFV "may continue to be Retained if it has any functioning weapon (even
    if its MA is Disabled); otherwise it becomes a Wreck": ``wreck(unit)`` makes it the game's Wreck (VotG Retains
    it as one, ABtF a Burnt-out Wreck; by default it is Eliminated). An AFV's Weapons are its MA (the vehicle's own
    malfunctioned/ma-disabled) and its MGs, which solo records as one ("mg-disabled": the facts' mg_disabled, none
    working or none at all): so solo's reading rolls one dr for an AFV's MGs together, and none for an MA already
    Disabled (issue 20.4; saves of rules version 3 on, before which RB rolled again for a Disabled MA and never for
    the MGs, and VotG and ABtF had their own steps)."""
    new = r.rules >= 3
    for unit in [u for u in s.retained() if "captured" in u.flags and u.kind in ("sw", "gun", "vehicle")
                 and "wreck" not in u.flags]:  # VotG's Retained Wreck: no Weapon of it functions
        if functioning_only and "malfunctioned" in unit.flags:
            continue
        if unit.kind != "vehicle":
            if "malfunctioned" in unit.flags or _fails(r, s, unit, table, rule):
                eliminate(r, unit, f"Captured Weapon ({rule})")
            continue
        if "malfunctioned" in unit.flags or (("ma-disabled" not in unit.flags or not new)
                                             and _fails(r, s, unit, table, rule, "'s MA")):
            unit.flags.discard("malfunctioned")
            unit.flags.add("ma-disabled")
        if new and "mg-disabled" not in unit.flags and _fails(r, s, unit, table, rule, "'s MG"):
            unit.flags.add("mg-disabled")
        if {"ma-disabled", "mg-disabled"} <= unit.flags and wreck:
            wreck(unit)
        elif {"ma-disabled", "mg-disabled"} <= unit.flags:
            eliminate(r, unit, f"Captured AFV with no functioning Weapon becomes a wreck ({afv_rule})")
        elif "ma-disabled" in unit.flags:
            r.say(f"Captured {unit.id} {unit.type}: MA Disabled (no Recall); Retained: its MG works ({afv_rule})")


def mg_exchange(r: Reph, s, rule: str, vehicles: list[Unit], mg_for: Callable[[Unit], Unit | None]) -> None:
    """Vehicular-MG Exchange (OtO2 7.5133, RB 11.6133): each of ``vehicles`` with a Disabled MG may have it repaired by
    Eliminating the Retained MG ``mg_for(vehicle)`` names (none: no exchange); the owner says yes or no."""
    for v in vehicles:
        mg = mg_for(v)
        if mg is None:
            continue
        if r.ask("mg_exchange", f"{rule} Repair the Disabled MG of {v.label} by Eliminating {mg.id} {mg.type}?",
                 yes_no, side=s.name, context={"reph": r, "vehicle": v, "lmg": mg}, example="mg_exchange = true",
                 default="no"):
            eliminate(r, mg, f"exchanged to repair {v.id}'s MG ({rule})")
            v.flags.discard("mg-disabled")
            v.detail.pop("disabled_mg", None)
