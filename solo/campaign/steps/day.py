"""The new CG Date or Day with its SAN Adjustment (OtO2 7.512, RB 11.612, VotG 12.614), and the count of Assault
Engineers it needs."""

from solo.campaign.reph import Reph


def assault_engineers(s) -> int:
    """Non-Isolated Assault Engineer squads (RG note d) a side Retains (7.5134, 7.514)."""
    return sum(1 for u in s.retained("squad") if not u.isolated and "assault-engineer" in u.flags)


def new_day(r: Reph, table: str, rule: str, roll_from: int, raise_at_most: int) -> None:
    """A new CG Date/Day and the SAN Adjustment: a side whose SAN is >= ``roll_from`` makes a dr + (SAN - 4) and a Final
    >= 5 lowers its SAN by one; a SAN <= ``raise_at_most`` is raised to 2 (no CPP spent)."""
    c = r.c
    c.next_date()
    r.say(f"the new {r.defn.raw.get('day', 'CG Date')} is {c.date}")
    for side, s in c.sides.items():
        s.roster[c.date].historical_drm = r.historical_drm(side)
        if s.san >= roll_from:
            trace = r.roll(table, f"SAN Adjustment, SAN {s.san} ({rule})", side=side, mods={"san-minus-4": s.san - 4})
            if trace.final >= 5:
                s.san -= 1
            r.say(f"{side} SAN dr {trace.original} {trace.final - trace.original:+d}: Final {trace.final}; SAN now {s.san} "
                  f"({rule})")
        elif s.san <= raise_at_most:
            s.san = 2
            r.say(f"{side} SAN raised to 2 ({rule})")
        s.roster[c.date].san = s.san
