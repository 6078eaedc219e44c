"""Escape (OtO2 7.506, RB 11.606, VotG 12.607): who attempts it, and the Escape Table's result read from its row's
effect."""

from solo.campaign import choices
from solo.campaign.facts import fact
from solo.campaign.reph import Reph
from solo.campaign.state import SideState, Unit
from solo.campaign.steps.losses import afv_crew, eliminate, find, lose, reduce, replace
from solo.rules.odds import kept_odds
from solo.rules.resolve import Mods


def isolate(r: Reph, areas: dict[str, str]) -> None:
    """The Isolated Areas as the Perimeter Determination draws them now (OtO2 7.505, RB 11.605, VotG 12.606): each unit
    named Isolated in its Area's type, and every other unit no longer Isolated (issue 20.13: a unit stayed Isolated
    after its Isolation ended)."""
    for s in r.c.sides.values():
        for unit in s.units:
            unit.isolated = ""
    for unit_id, area in areas.items():
        find(r, unit_id).isolated = area


def smc_must_escape(s: SideState, enemy: SideState, smc: tuple[str, ...] = ("leader", "hero")) -> list[str]:
    """OtO2 7.5061, RB 11.6061: each SMC in a type B Area, and each enemy SMC in a type C Area, must Escape. A type C
    Area holds one side's MMC/vehicles: an SMC there is the enemy's when its own side has no MMC/vehicle Isolated in a
    type C Area and the other side has (the facts give each unit its Area's type, not which Area it is)."""
    own_c = any(u.isolated == "C" and u.kind not in smc for u in s.retained())
    enemy_c = any(u.isolated == "C" and u.kind not in smc for u in enemy.retained())
    return [u.id for u in s.retained(*smc) if u.isolated == "B" or (u.isolated == "C" and enemy_c and not own_c)]


def isolated_escapes(r: Reph, key: str, rule: str, escape, may=lambda unit: True, must=lambda side: [],
                     chances=None) -> None:
    """OtO2 7.506, RB 11.606, VotG 12.607: each side names which of its Isolated units (those ``may`` allows) attempt to
    Escape, every one ``must(side)`` names among them (``rule``); ``escape(r, unit, carrying, pp)`` rolls each (pp: the
    PP it carries beyond its IPC). Then every unit left in a type C/D Area suffers Ammunition Shortage, and the
    Encircled markers go. ``chances(unit)`` gives the Escape Table and the (column, DRM) a unit would roll with: the
    question shows each unit's odds."""
    for side, s in r.c.sides.items():
        isolated = [u for u in s.retained() if u.isolated]
        if not isolated:
            continue
        units, required = [u for u in isolated if may(u)], must(s)
        odds = "".join(f"\n  {u.label}: {escape_odds(r, *chances(u))}" for u in units) if chances else ""
        listed = ', '.join(u.label for u in units) or 'none may'
        attempts = r.ask(key, f"{rule} Escape: which of your Isolated units attempt to Escape (\"+id\" for a SW it "
                         f"carries, \" pp=N\" for the PP it carries beyond its IPC)? ({listed}; must: "
                         f"{', '.join(required) or 'none'})" + odds, choices.escape_parser(s, required, units, rule),
                         side=side, context={"reph": r, "units": units, "must": required},
                         example=f'{key} = ["G5", "G7+G31 pp=1"]  # "+G31": the SW it carries; pp: PP beyond its IPC')
        for entry in attempts:  # an answer recorded before issue 20.7 has no "pp"
            escape(r, s.unit(entry["unit"]), [s.unit(sw) for sw in entry["carrying"]], entry.get("pp", 0))
        for unit in s.retained():
            if unit.isolated in ("C", "D"):
                unit.flags.add("ammo-shortage")
    for s in r.c.sides.values():
        for unit in s.units:
            unit.flags.discard("encircled")


def shared_drm(r: Reph, unit: Unit, pp: int = 0) -> dict:
    """The Escape DRM the OtO2 (7.5063), RB (11.6063) and VotG (12.6073) tables print alike: -1 "If <= 2 hexes from" and
    -1 "If adjacent to a friendly-Controlled, non-Isolated hex" (the facts' near), and +1 "Per PP > IPC being carried"
    (``pp``, given with the Escape answer; *NA to AFV). An ADJACENT hex is also <= 2 hexes away: the two DRM are
    cumulative, -2 in all; and the PP DRM is set (issue 20.7; saves of rules version 3 on, before which adjacent was
    -1 alone and the PP DRM never applied)."""
    near = fact(r, "near", {}).get(unit.id)
    mods: Mods = {"within-2": True} if near == "adjacent" and r.rules >= 3 else {}
    if near:
        mods[near] = True
    if pp and unit.kind != "vehicle" and r.rules >= 3:
        mods["pp"] = pp
    return mods


def escape_odds(r: Reph, table: str, escape_mods: tuple[str, dict]) -> str:
    """The exact chance of each Escape Table result for one unit, with its DRM: "Escapes 72% · ... · Eliminated 3%"."""
    column, mods = escape_mods
    found = kept_odds(r.cat, table, column, mods)
    return " · ".join(f"{result.split(' (')[0].split(' + ')[0]} {float(p):.0%}" for result, p in found)


def escape_roll(r: Reph, unit: Unit, table: str, rule: str, escape_mods: tuple[str, dict],
                heat_of_battle: str = "") -> None:
    """One Escape DR for ``unit`` on ``table`` in the column and with the DRM ``escape_mods`` gives (OtO2 7.5063, RB
    11.6063, VotG 12.6073) and its result (``escape_result``). Where the table's note 1 prints it (RB, VotG), an
    Original 2 is an Escape with Heat of Battle, which ``heat_of_battle`` tells the player to resolve on the map."""
    column, mods = escape_mods
    trace = r.roll(table, f"Escape of {unit.label} ({rule})", column, mods, side=unit.side)
    if heat_of_battle and trace.original == 2:
        r.say(f"{unit.id}{heat_of_battle}")
    escape_result(r, unit, trace, rule)


def escape_result(r: Reph, unit: Unit, trace, rule: str) -> None:
    """The Escape Table's result for ``unit`` (OtO2 7.5063, RB 11.6063, VotG 12.6073), read from the row's effect:
    "eliminated"; an AFV "abandoned" in its hex and facing, its crew Escaping or Eliminated ("crew"); Infantry
    "replaced" and/or Casualty "reduced". A survivor is no longer Isolated and loses its Ammunition Shortage."""
    effect = trace.effect
    r.say(f"{unit.side} {unit.id} {unit.type} Escape DR {trace.original} Final {trace.final}: {trace.result}")
    if effect["escape"] == "eliminated":  # a loss of this RePh, its CVP counted by RB 11.616 / VotG 12.618 (issue
        (lose if r.rules >= 3 else eliminate)(r, unit, f"while Escaping ({rule})")  # 20.17; rules version 3 on)
    elif effect["escape"] == "abandoned":
        unit.flags.add("abandoned")
        crew = "is Eliminated"
        if effect["crew"] == "escapes":
            survivor = afv_crew(r, unit)
            crew = f"Escapes: {survivor.id} {survivor.type} (solo's reading: no text gives an AFV's crew)"
        r.say(f"{unit.id} is Abandoned in its hex and facing; its crew {crew} ({rule})")
    else:
        if effect.get("replaced") and not replace(r, unit, f"Escape Table ({rule})"):
            return
        if effect.get("reduced") and unit.retained:
            reduce(r, unit, f"Escape Table ({rule})")
        if unit.retained:
            unit.isolated = ""
            unit.flags.discard("ammo-shortage")
