"""Prisoners in the RePh (RB 11.608, VotG 12.609): what becomes of those a Guard holds at the end of a scenario."""

from solo.campaign.reph import Reph, step
from solo.campaign.steps.losses import eliminate, find
from solo.core.choices import one_of
from solo.core.sides import people
from solo.rules.units import unit_type


def guarded_prisoners(r: Reph, rule: str, key: str) -> None:
    """RB 11.608, VotG 12.609 Prisoners: those Guarded by a non-Isolated unit are Eliminated; an Isolated Guard keeps,
    executes (Massacre, A20.4, in the next scenario) or frees them; a freed unarmed MMC is Replaced by a Conscript MMC
    of the same size, a freed SMC by its original type."""
    for unit_id, guard in r.c.facts.get("prisoners", {}).items():
        unit = find(r, unit_id)
        if guard == "non-isolated":
            eliminate(r, unit, f"prisoner of a non-Isolated Guard ({rule})")
            continue
        keeper = r.c.other(unit.side)
        choice = r.ask(key, f"{rule} Your Isolated Guard holds {unit.label}: keep, execute or free?",
                       one_of("keep", "execute", "free"),
                       side=keeper, context={"reph": r, "prisoner": unit},
                       example=f'{key} = "keep"', default="keep")
        if choice == "execute":
            eliminate(r, unit, f"executed by its Isolated Guard: Massacre (A20.4) is in effect next scenario ({rule})")
            r.c.flags.add("massacre")
        elif choice == "free":
            unit.flags.discard("prisoner")
            if unit.kind in ("squad", "hs"):
                conscript = unit_type(unit.type, unit.side)
                while conscript.replaced_by:
                    conscript = unit_type(conscript.replaced_by, unit.side)
                unit.type = conscript.name
            r.say(f"{keeper} frees {unit.id}; the {people(unit.side)} Retain it as {unit.type} ({rule})")
        else:
            unit.flags.add("prisoner")
            r.say(f"{keeper}'s Isolated Guard keeps {unit.id} prisoner ({rule})")


def prisoners_step(rule: str):
    """A CG's "prisoners" step: ``guarded_prisoners`` under ``rule`` (RB 11.608, VotG 12.609). The game lists it
    in its steps (steps_of), as it does the other shared steps."""
    @step("prisoners")
    def prisoners(r: Reph) -> None:
        guarded_prisoners(r, rule, "prisoners")
    prisoners.__doc__ = f"{rule} Prisoners (prisoners.guarded_prisoners)."
    return prisoners
