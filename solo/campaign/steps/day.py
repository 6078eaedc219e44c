"""The start of each CG Date/Day, as the CGs share it: the new date and SAN Adjustment, ELR Loss/Gain, Weather and EC.

Each step rolls a table and applies the effect of the row it hit (tables/README.md, "Effects"): the thresholds live
only in the tables' row spans; each game gives its table ids, its modifiers and how its record line reads."""

from collections.abc import Callable

from solo.campaign.reph import Reph
from solo.campaign.state import Purchase, RosterLine, SideState


def assault_engineers(s) -> int:
    """Non-Isolated Assault Engineer squads (RG note d) a side Retains (7.5134, 7.514)."""
    return sum(1 for u in s.retained("squad") if not u.isolated and "assault-engineer" in u.flags)


def roster(s: SideState, date: str) -> RosterLine:
    """``s``'s CG Roster line of ``date`` (begun from its current CPP, ELR and SAN when it has none yet)."""
    return s.roster.setdefault(date, RosterLine(date, start=s.cpp, total=s.cpp, elr=s.elr, san=s.san))


def san_adjustment(r: Reph, side: str, table: str, purpose: str, mods: dict):
    """Roll ``table`` for ``side``'s SAN and change the SAN by the row's effect ("san"): OtO2 7.5122, RB 11.6122, VotG
    12.6142 (-1 on a Final >= 5), ABtF 9.61221-9.61222 (-2 on a Final >= 4)."""
    s = r.side(side)
    trace = r.roll(table, purpose, side=side, mods=mods)
    s.san += trace.effect.get("san", 0)
    return trace


def new_day(r: Reph, table: str, rule: str, roll_from: int, raise_at_most: int) -> None:
    """A new CG Date/Day and the SAN Adjustment (OtO2 7.512, RB 11.612, VotG 12.614): a side whose SAN is >=
    ``roll_from`` makes a dr + (SAN - 4) on ``table``; a SAN <= ``raise_at_most`` is raised to 2 (no CPP spent)."""
    c = r.c
    c.next_date()
    r.say(f"the new {r.defn.raw.get('day', 'CG Date')} is {c.date}")
    for side, s in c.sides.items():
        s.roster[c.date].historical_drm = r.historical_drm(side)
        if s.san >= roll_from:
            trace = san_adjustment(r, side, table, f"SAN Adjustment, SAN {s.san} ({rule})", {"san-minus-4": s.san - 4})
            r.say(f"{side} SAN dr {trace.original} {trace.final - trace.original:+d}: Final {trace.final}; SAN now "
                  f"{s.san} ({rule})")
        elif s.san <= raise_at_most:
            s.san = 2
            r.say(f"{side} SAN raised to 2 ({rule})")
        s.roster[c.date].san = s.san


def elr_after(r: Reph, elr: int, effect: dict) -> int:
    """``elr`` changed by ``effect["elr"]``, within the row's own bound ("elr_max"/"elr_min", where the text prints
    "(maximum 4)") or else the CG file's ``[limits] elr``."""
    change = effect.get("elr", 0)
    if change > 0:
        return min(effect["elr_max"] if "elr_max" in effect else r.defn.limits["elr"][1], elr + change)
    if change < 0:
        return max(effect["elr_min"] if "elr_min" in effect else r.defn.limits["elr"][0], elr + change)
    return elr


def elr_afv_pltn(p: Purchase) -> bool:
    """An AFV Pltn the ELR Loss/Gain DRM counts with the first-line Infantry Coys (RB 11.617 "-1 Per friendly
    first-line-Infantry-Coy/AFV-Pltn [EXC: SPW Pltn]"; VotG 12.619, whose copy is cut after "first-line-Infantry
    Coy/": read as RB's line, SPW exception included, the two CGs' RePh being the same text elsewhere)."""
    return p.rg.startswith("A") and "SPW" not in p.title


def elr_loss_gain(r: Reph, table: str, purpose: str, mods: Callable[[str], dict], line: str,
                  sides: tuple[str, ...] = ()) -> None:
    """ELR Loss/Gain (OtO2 7.516, RB 11.617, VotG 12.619, ABtF 9.6202): each side (of ``sides``, or every side) makes a
    DR on ``table`` with the DRM ``mods(side)`` gives; the row's effect changes its ELR (``elr_after``), the CG Roster
    records it and ``line`` says it (format fields: side, trace, old, elr, drm)."""
    for side in sides or tuple(r.c.sides):
        s = r.side(side)
        trace = r.roll(table, purpose, side=side, mods=mods(side))
        old, s.elr = s.elr, elr_after(r, s.elr, trace.effect)
        roster(s, r.c.date).elr = s.elr
        drm = ", ".join(f"{m.name} {m.value:+d}" for m in trace.modifiers) or "no DRM"
        r.say(line.format(side=side, trace=trace, old=old, elr=s.elr, drm=drm))


def weather_and_ec(r: Reph, side: str, weather: tuple[str, str, dict], ec: tuple[str, str, dict]):
    """Weather and EC (OtO2 7.517/7.5171, RB 11.618, VotG 12.620, ABtF 9.62161/9.62163): ``side`` rolls the weather
    table, then the EC table, each given as (table id, purpose, {modifier: in effect?}); the rows' effects ("weather",
    "ec") are the current CG Date's. Returns both traces."""
    date = r.c.date
    sky = r.roll(weather[0], weather[1], side=side, mods={k: True for k, on in weather[2].items() if on})
    ground = r.roll(ec[0], ec[1], side=side, mods={k: True for k, on in ec[2].items() if on})
    r.c.weather[date], r.c.ec[date] = sky.effect["weather"], ground.effect["ec"]
    return sky, ground


def weather_line(sky, ground) -> str:
    """How the Weather and EC rolls read in the record."""
    return (f"weather {sky.result} (DR {sky.original}, Final {sky.final}); EC {ground.result} (dr {ground.original}, "
            f"Final {ground.final})")
