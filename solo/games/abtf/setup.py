"""A Bridge Too Far RePh 9.620-9.6216: Ammunition Shortage and ELR, Scenario Commencement (victory, setup, weather)."""

from solo.campaign.reph import Reph, step
from solo.campaign.steps import day
from solo.campaign.steps.losses import reph_cvp
from solo.campaign.steps.setup import armor_leaders
from solo.core.sides import people
from solo.games.abtf.aftermath import (
    block_control,
    exhaustion,
    fact,
    night,
    pack_table,
    previous_idle,
    role,
    set_shortage_level,
    shortage_level,
)
from solo.rules.resolve import Mods


def attack_chits(r: Reph, side: str) -> int:
    return r.c.chits[side]["Attack"]


def since_idle(r: Reph) -> list[dict]:
    """The Initiatives since the last Idle CG Date, oldest first (9.6202)."""
    out: list[dict] = []
    for entry in reversed(r.c.history):
        if entry.get("type") == "Idle Day":
            break
        out.insert(0, entry)
    return out


@step("ammo_and_elr")
def ammo_and_elr(r: Reph) -> None:
    """9.6201 British Ammunition Shortage (from 19AM, not after an Idle CG Date) and 9.6202 ELR Loss/Gain."""
    _shortage(r)
    day.elr_loss_gain(r, "abtf.elr_loss_gain", f"ELR Loss/Gain on {r.c.date} (9.6202)", lambda side: elr_mods(r, side),
                      "{side} ELR DR {trace.original} ({drm}) Final {trace.final}: {trace.result}; ELR {old} -> {elr} "
                      "(9.6202)")


def _shortage(r: Reph) -> None:
    """9.6201: a DR + Campaign Exhaustion DRM + (British Attack chits selected in the CG - 1, minimum 0): >= 10
    raises the Ammunition Shortage Level by one."""
    side = role(r, "british")
    start = role(r, "shortage_from")
    if r.defn.dates.index(r.c.date) < r.defn.dates.index(start):
        return
    if previous_idle(r):
        r.say("no Ammunition Shortage DR: the previous CG Date was Idle (9.6201 EXC)")
        return
    mods: Mods = {"exhaustion": f"{r.c.date}:Campaign Exhaustion DRM"}
    chits = max(0, attack_chits(r, side) - 1)
    if chits:
        mods["attack-chits"] = min(chits, 8)
    trace = r.roll("abtf.ammunition_shortage", f"Ammunition Shortage Level change on {r.c.date} (9.6201)", side=side,
                   mods=mods)
    if trace.effect.get("shortage"):
        raised, highest = shortage_level(r) + trace.effect["shortage"], _highest_level(r)
        set_shortage_level(r, raised if highest is None else min(raised, highest))
    r.say(f"{side} Ammunition Shortage DR {trace.original} Final {trace.final}: {trace.result}; Level "
          f"{shortage_level(r)} (9.6201, SSR CG 17)")


def _highest_level(r: Reph) -> int | None:
    """The last Level of the pack's SSR CG 17 table (the texts give none); None without it."""
    table = r.cat.tables.get(r.defn.tables["shortage_levels"])
    return max(int(row.key) for row in table.rows) if table else None


def shortage_drm(r: Reph) -> int:
    """The ELR DRM of the current Ammunition Shortage Level (SSR CG 17: the pack table, column "ELR DRM")."""
    level = shortage_level(r)
    if not level:
        return 0
    table = pack_table(r, "shortage_levels", "9.6202", f"the ELR DRM of Ammunition Shortage Level {level} (SSR CG 17)")
    return int(r.cat.chart(table, str(level), "ELR DRM"))


def elr_mods(r: Reph, side: str, campaign_exhaustion: int | None = None) -> dict:
    """The ELR Loss/Gain DRM of ``side`` (9.6202); ``campaign_exhaustion`` overrides the chart's (the 9.6202 EX)."""
    ce = exhaustion(r) if campaign_exhaustion is None else campaign_exhaustion
    cvp = fact(r, f"{side.lower()}_cvp", 0) + reph_cvp(r, side)
    recent = since_idle(r)
    values = {"cvp": cvp, "idle": r.c.idle_days, "scenarios": sum(1 for e in recent if e.get("type") != "Idle Day"),
              "attack-chits": sum(1 for e in recent if (e.get("chits") or {}).get(side) == "Attack")}
    if side in role(r, "exhaustion_full"):
        values["exhaustion"] = ce
    if side in role(r, "exhaustion_half"):
        values["exhaustion-half"] = ce // 2
    if side == role(r, "british"):
        values["shortage"] = shortage_drm(r)
    return {k: v for k, v in values.items() if v}


@step("victory_conditions")
def victory_conditions(r: Reph) -> None:
    """9.6211: CG Scenarios have no Victory Conditions; 9.6212: Sudden Death is reported with the facts."""
    r.say(f"no side wins or loses a CG Scenario (9.6211); the {people(role(r, 'german'))} win the CG at once by "
          "Controlling "
          "every Strategic Location of Block H at the end of any CG Scenario Game Turn: report sudden_death = true "
          "(9.6212)")


@step("setup")
def setup(r: Reph) -> None:
    """9.6214 Unit Setup, in words: who sets up first (9.62133), in which Setup Areas, and the exceptions."""
    armor_leaders(r, "9.6142", same_platoon=False)
    first = (r.c.initiative or {}).get("sets_up_first") or next(iter(r.c.sides))
    control = block_control(r)
    areas = "; ".join(f"{side}: Blocks {', '.join(sorted(b for b, s in control.items() if s == side)) or 'none'}"
                      for side in r.c.sides)
    r.say(f"the {first} side sets up first, then the {r.c.other(first)} side (9.62133). Each unit/Equipment sets up "
          "only in its "
          f"current Setup Area ({areas}; the Blockhouse for the side Controlling it); an immobile vehicle in its "
          "Location and VCA; Emplaced Guns and mobile vehicles also in Uncontrolled Territory within 2 hexes of a "
          "Friendly Setup Area; new Fortifications recorded by hex on the CG Roster; overstacking only when every "
          "Location of the Setup Area is full; never in an enemy-occupied Location (9.6214)")


def _previous(r: Reph) -> tuple[str, str]:
    """The weather and EC of the previous CG Scenario ("" before the first)."""
    last = r.c.scenarios[-1].date if r.c.scenarios else ""
    return r.c.weather.get(last, ""), r.c.ec.get(last, "")


@step("weather")
def weather(r: Reph) -> None:
    """9.6216: the British player rolls the weather (9.62161), NVR (9.62162), EC (9.62163) and Wind Force (9.62164)."""
    side, date = role(r, "british"), r.c.date
    dark = night(date)
    before, before_ec = _previous(r)
    sky, ground = day.weather_and_ec(
        r,
        side,
        (
            "abtf.weather",
            f"Weather for {date} (9.62161)",
            {
                "night": dark,
                "mist": before == "Mist",
                "overcast": before == "Overcast",
                "gusty": before == "Clear & Gusty",
            },
        ),
        (
            "abtf.ec",
            f"EC for {date} (9.62163)",
            {"wet": before_ec in ("Wet", "Moist"), "night": dark, "dry": before_ec == "Dry"},
        ),
    )
    mods = {"night": dark, "overcast": r.c.weather[date] == "Overcast", "gusty": before == "Clear & Gusty"}
    wind = r.roll("abtf.wind", f"Wind Force for {date} (9.62164)", side=side,
                  mods={k: True for k, on in mods.items() if on})
    r.say(f"{date}: weather DR {sky.original} Final {sky.final} {sky.result}; EC dr {ground.original} Final "
          f"{ground.final} {ground.result}; wind dr {wind.original} Final {wind.final} {wind.result}"
          + (" - roll its direction per B26.52" if "(1)" in wind.result else "")
          + ("; Night: no Moon, Scattered Clouds, Base NVR per E1.11 (9.62162)" if dark else "") + " (9.6216)")
