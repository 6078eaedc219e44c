"""RePh steps 7.521-7.523: Initiative, Wind and Unit Setup with Reconnaissance, Scenario Commencement."""

from collections import Counter

from solo.campaign.reph import Reph, step
from solo.campaign.state import SideState
from solo.campaign.steps.setup import isolated_first
from solo.core.choices import number
from solo.core.sides import people


@step("attacks")
def initiative(r: Reph) -> None:
    """7.521 Initiative/Attacks: the Russian is always the Attacker and the German always the Defender."""
    r.say(f"the {people(r.defn.raw['attacker'])} attack on {r.c.date}; the Germans defend")


def guidance(s: SideState, r: Reph) -> list[tuple[str, bool]]:
    """Set-up guidance in words for a computer side (7.5222, 7.5224), until the map issue gives hexes; each line with
    whether it tells a secret (its mines, Dummies and HIP: Fortification.secret)."""
    lines = [(line, False) for line in
             isolated_first(s, "first set up the Isolated units in their Pockets ({}), with Ammunition Shortage "
                               "(7.5222)")]
    forts: Counter[str] = Counter()
    secret: set[str] = set()
    for f in s.fortifications:
        forts[f.kind.split(":")[0]] += f.count
        if f.secret:
            secret.add(f.kind.split(":")[0])
    advice = {
        "Wire": "across the open approaches to the LVP nearest the Russian Front Line, where MG fire covers it",
        "Trench": "linking the MG and Cupola positions behind the wire, so squads can shift under cover",
        "AT Ditch": "across the roads and open ground the Russian armour must use",
        "Minefield hex (3 AT, 6 AP mines)": "on the open ground in front of the wire",
        "Minefield": "along one hexrow or hex grain in front of the main line (note j)",
        "AP Mine": "in the open hexes in front of the wire", "AT Mine": "on the roads and tank approaches",
        "?": "as Dummies among the real positions (CG10)",
    }
    for kind, count in forts.items():
        lines.append(
            (
                f"{kind} x{count}: " + advice.get(kind, "where it covers the LVP the Russians are likeliest to attack"),
                kind in secret,
            )
        )
    kinds = Counter(u.kind for u in s.retained() if not u.isolated)
    if s.name == r.defn.raw["first_setup"]:
        if kinds["squad"]:
            lines.append((f"{kinds['squad']} squads: at least two on each LVP still held, the rest in woods and "
                          "buildings a hex or two behind as a counterattack reserve", False))
        if kinds["gun"]:
            lines.append((f"{kinds['gun']} Guns: HIP in woods or buildings with long fire lanes over the approaches "
                          "(CG11 limits their moves)", False))
        if kinds["vehicle"]:
            lines.append((f"{kinds['vehicle']} vehicles: hull-down or in cover behind the main line, ready to meet a "
                          "breakthrough", False))
    else:
        lines.append(("mass the attack on a broad front (footnote 4): armour with the engineers, infantry following; "
                      "new RGs may set up >= 9 hexes from a German Front Line hex (CG12b)", False))
    return lines


@step("setup")
def setup(r: Reph) -> None:
    """7.522: 7.5221 Wind (B25.63-.64, not in the texts); 7.5222-7.5224 set-up, the Germans first; 7.5225-7.5226
    Reconnaissance, Russians only: 1 CPP, or 2 for the +3 drm, from the CPP Left; the Final dr is the number of
    Locations. CPP then Left become the next CG Date's Start."""
    r.say("roll Wind Force (and direction) per B25.63-.64 from your rules (not in the texts); with a Mild Breeze and a "
          "Blaze on the map place Drifting Smoke (7.5221)")
    for side, s in r.c.sides.items():
        if r.computer(side):
            for line, secret in guidance(s, r):
                r.say(f"{side} set-up: {line}", secret=side if secret else "")
    _recon(r, r.c.sides["Russian"])


def _recon(r: Reph, s: SideState) -> None:
    bought = any(p.rg == "M3" and p.date == r.c.date and p.title == "Reconnaissance" for p in s.purchases)
    if bought:
        spend = 2
    else:
        spend = r.ask("recon", f"7.5225 Recon: spend 0, 1 or 2 CPP (2 gives +3 drm) of your {s.cpp} CPP Left?",
                      number(0, min(2, s.cpp)),
                      side=s.name, context={"reph": r, "side": s}, example="recon = 1")
        s.cpp -= spend
    line = s.roster[r.c.date]
    if not spend:
        line.recon = None
        r.say("Russians make no Recon (7.5225)")
        return
    mods = {"russian": True}
    if spend == 2:
        mods["spent-2"] = True
    if r.c.date.endswith("AM"):
        mods["am"] = True
    # 7.518: the CPP expended may remain secret, and the +3 drm would tell the 2 CPP: a computer's Recon dr is a secret
    # one, and the human reads only the Locations he will see inspected (issue 36: "2 CPP bought as M3" named a
    # purchase)
    secret = r.computer(s.name) and r.rules >= 5
    trace = r.roll("oto2.recon", "Recon (7.5225)", side=s.name, mods=mods, secret=secret)
    line.recon = trace.effect["count"]
    where = "within 7 hexes of a friendly-Controlled hex, inspected after all set-up (7.5226)"
    if secret:
        r.say(f"Russian Recon: {trace.result} {where}")
    r.say(f"Russian Recon ({spend} CPP{' bought as M3' if bought else ''}): dr {trace.original} Final {trace.final}, "
          f"{trace.result} {where}", secret=s.name if secret else "")


@step("commencement")
def commencement(r: Reph) -> None:
    """7.523 Scenario Commencement: both sides announce ELR and SAN; the Germans set up first, the Russians move
    first."""
    r.say("; ".join(f"{side} ELR {s.elr}, SAN {s.san}" for side, s in r.c.sides.items())
          + f": the {r.c.date} scenario begins, the Germans set up first and the Russians move first")
    r.c.stage = "scenario"
