"""Valor of the Guards 12.6254 Russian Night Assault and 12.626 Wind & Unit Setup (12.627 is the shared first_move)."""

from collections import Counter

from solo.campaign.reph import Reph, step
from solo.campaign.steps.setup import armor_leaders, isolated_first
from solo.core.sides import people


@step("night")
def night(r: Reph) -> None:
    """12.6254 a Russian Assault or Counterattack the Russian declared a Night scenario (E1.): the Russians are the
    Scenario Attacker; reinforcements have Freedom of Movement (E1.21); Cloud Cover and Base NVR per E1.11 with the
    Moon column of the CG Roster; the German ELR is one less for the scenario; the Russians' Recon Final dr is doubled
    (12.624); on 14 Sept the Russian Historical DRM is -2 (12.6182 *)."""
    if not (r.c.initiative or {}).get("night"):
        return
    russian, german = r.side("Russian"), r.side("German")
    line = russian.roster[r.c.date]
    if line.recon:
        line.recon *= 2
    r.say(f"{r.c.date} is a Night scenario (12.6254): German ELR {german.elr} counts as {max(0, german.elr - 1)}; "
          f"Russian Recon {line.recon or 0} Location(s) (doubled), up to eight hexes from a friendly-Controlled hex "
          "(12.6265); determine Cloud Cover and Base NVR by E1.11 with the CG Roster's Moon column (Overcast weather "
          "invokes E3.5 and makes the Cloud Cover Overcast)")


def guidance(r: Reph, side: str) -> list[str]:
    """Set-up guidance in words for a computer side (12.6262-12.6264), until a map module gives hexes."""
    s = r.side(side)
    lines = isolated_first(s, "first the Isolated units in their Isolated Areas ({}), with Ammunition Shortage "
                              "(12.6262)")
    first = (r.c.initiative or {}).get("sets_up_first")
    attacking = (r.c.initiative or {}).get("chits", {}).get(side) == "Attack"
    kinds = Counter(u.kind for u in s.retained() if not u.isolated)
    if attacking:
        lines.append(f"{kinds['squad']} squads: concentrate on the stone buildings the enemy holds next to your Front "
                     "Line; AFV behind the infantry, engineers with the assault groups")
    else:
        lines.append(f"{kinds['squad']} squads: hold the stone buildings of the Front Line with MG covering the "
                     "streets; keep a reserve a few hexes back")
    forts: Counter[str] = Counter()
    for f in s.fortifications:  # each record's count (mine factors, counters); before rules version 3 one a record
        forts[f.kind] += f.count if r.rules >= 3 else 1
    if forts:
        lines.append("Fortifications " + ", ".join(f"{k} x{n}" for k, n in forts.items()) + ": only those marked F in "
                     "Front Line Locations (12.6264); Wire and mines across the streets the enemy must cross")
    new = [p for p in s.purchases if p.date == r.c.date and p.options.get("option") in ("onmap", "reserve")]
    if new:
        lines.append("on-map/Reserve RG " + ", ".join(p.rg for p in new) + ": inside the Perimeter as their Entry Code "
                     "allows (12.6217); Reserve Cloaking counters >= six hexes from the enemy Front Line (12.6214b)")
    if first:
        lines.append(f"the {people(first)} set up first (12.6253)")
    return lines


@step("setup")
def setup(r: Reph) -> None:
    """12.6261 Wind (B25.63, not in the texts); 12.6262-.6264 the side setting up first sets up its Isolated, then its
    other units; TI markers go at scenario start (12.6264); 12.6265 Recon inspection, the Russians declare first."""
    armor_leaders(r, "12.6227")
    r.say("roll Wind Force and direction per B25.63-.64 from your rules (12.6261); remove TI markers when the scenario "
          "starts (12.6264); after all set-up, Recon inspections alternate, the Russians first (12.6265)")
    for side in r.c.sides:
        if r.computer(side):
            for line in guidance(r, side):
                _say_set_up(r, side, line)


def _say_set_up(r: Reph, side: str, line: str) -> None:
    """A set-up line; one that names its mines, Dummies or HIP (Fortification.secret) is said for that side alone,
    and the Fortifications the other side may know are said again without them."""
    forts = r.c.sides[side].fortifications
    if not any(f"{f.kind} x" in line for f in forts if f.secret):
        r.say(f"{side} set-up: {line}")
        return
    r.say(f"{side} set-up: {line}", secret=side)
    shown = Counter(f.kind for f in forts if not f.secret)
    if shown:
        r.say(f"{side} set-up: Fortifications " + ", ".join(f"{k} x{n}" for k, n in shown.items())
              + ": only those marked F in Front Line Locations (12.6264)")
