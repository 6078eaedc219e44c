"""Set-up guidance every CG's computer side gives in words, until a map module gives hexes; the armor leaders placed
in their AFV for the scenario."""

from solo.campaign.reph import Reph
from solo.campaign.state import SideState


def isolated_first(s: SideState, say: str) -> list[str]:
    """The Isolated units set up first, in their Pockets (OtO2 7.5222, RB 11.6242, VotG 12.6262): ``say`` with their ids
    in place of {}; nothing when none is Isolated."""
    isolated = [u.id for u in s.retained() if u.isolated]
    return [say.format(", ".join(isolated))] if isolated else []



def armor_leaders(r: Reph, rule: str, same_platoon: bool = True) -> None:
    """RB 11.6207, VotG 12.6227: "Each armor leader received for an AFV platoon must begin each scenario in an AFV of
    that platoon if possible": one whose AFV is no longer Retained by his side moves to a Retained AFV of his platoon,
    one with no armor leader first; with none he stays Retained outside an AFV, for the texts say no more (solo's
    reading). ABtF 9.6142 speaks of an Armor Leader "assigned to" an AFV "for the upcoming CG Scenario" and of no
    platoon: ``same_platoon`` False lets him take any Retained AFV of his side (issue 20.12; rules version 3 on)."""
    if r.rules < 3:
        return
    for s in r.c.sides.values():
        for leader in s.retained("armor-leader"):
            afv = s.unit(leader.detail.get("in", ""))
            if afv is not None and afv.retained:
                continue
            led = {u.detail.get("in") for u in s.retained("armor-leader")}
            free = sorted((v for v in s.retained("vehicle") if not same_platoon or v.rg == leader.rg),
                          key=lambda v: (v.id in led, v.id))
            if free:
                leader.detail["in"] = free[0].id
                r.say(f"{s.name} armor leader {leader.id} {leader.type} begins the scenario in {free[0].id} "
                      f"{free[0].type} ({rule})")
            elif "in" in leader.detail:
                del leader.detail["in"]
                r.say(f"{s.name} armor leader {leader.id} {leader.type}: no Retained AFV of his "
                      f"{'platoon' if same_platoon else 'side'} is left for him ({rule})")
