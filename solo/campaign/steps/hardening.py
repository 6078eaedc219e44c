"""Battle Hardening as the CGs share it: Recombining, the MMC to harden, Promotion out of the ranks."""

import json
from collections import defaultdict
from collections.abc import Callable

from solo.campaign import choices
from solo.campaign.reph import Reph
from solo.core.choices import number
from solo.rules.units import battle_hardened, unit_type


def recombine(r: Reph, s, rule: str, teams: int = 0, apart=lambda unit: unit.isolated) -> None:
    """Same-type HS Recombine (A1.32) so that at most one of each is Retained (OtO2 7.5111, RB 11.6111, VotG 12.6122,
    ABtF 9.6111). HS that ``apart`` tells apart never combine (their Isolated Area; ABtF: Walking Wounded status);
    up to ``teams`` HS stay apart as SW Teams (VotG 12.6121 light mortars; ABtF 9.6111 MTR/PSK/PIAT)."""
    groups = defaultdict(list)
    for unit in s.retained("hs"):
        groups[(unit.type, apart(unit))].append(unit)
    for (hs_type, _), units in groups.items():
        exempt = min(teams, len(units))
        teams -= exempt
        pairs = units[exempt:]
        squad = unit_type(hs_type, s.name).squad
        for a, b in zip(pairs[::2], pairs[1::2], strict=False):
            a.type, a.kind = squad, "squad"
            b.status = "Eliminated"
            b.flags.add("recombined")
            r.say(f"{s.name} HS {a.id} and {b.id} ({hs_type}) Recombine into {squad} {a.id} ({rule})")
        if exempt:
            r.say(f"{s.name}: {exempt} {hs_type} HS kept apart as SW Team(s) ({rule})")


def mmc_to_harden(r: Reph, s, prompt: str, eligible: list, count: int, parse=None, shown: int = 1) -> list:
    """Ask ``s`` which ``count`` of the ``eligible`` MMC Battle Harden (OtO2 7.5112, RB 11.6112, VotG 12.6123, ABtF
    9.6112): ``prompt`` heads the question, ``parse`` checks the answer (default: ``count`` of them), the example
    shows ``shown`` ids. For each one picked: (unit, its type, the type it hardens to or None)."""
    picks = r.ask("battle_harden", f"{prompt}: which? ({', '.join(u.label for u in eligible)})",
                  parse or choices.unit_list(s, eligible, count), side=s.name,
                  context={"reph": r, "units": eligible, "count": count},
                  example=f"battle_harden = {json.dumps([u.id for u in eligible[:shown]])}")
    hardened = []
    for unit_id in picks:
        unit = s.unit(unit_id)
        t = unit_type(unit.type, s.name)
        hardened.append((unit, t, battle_hardened(t)))
    return hardened


def promotion(r: Reph, s, key: str, rule: str, limit=None) -> bool:
    """Promotion out of the ranks (OtO2 7.5113, RB 11.6114, VotG 12.6125): in lieu of the Leader Battle Hardening DR a
    side may exchange a non-Isolated unwounded 8-0 Infantry leader for two 7-0s, or an 8-1 for an 8-0 and a 7-0
    (``limit`` refuses one that would give too many leaders). True if it did."""
    leaders = [u for u in s.retained("leader") if not u.isolated]
    choice = r.ask(key, f"{rule} Leader Battle Hardening: roll the DR, or exchange an 8-0 for two 7-0s, or an "
                   "8-1 for an 8-0 and a 7-0? (roll / exchange 8-0 / exchange 8-1)",
                   choices.leader_choice(s, rule, limit), side=s.name,
                   context={"reph": r, "leaders": leaders}, example=f'{key} = "roll"', default="roll")
    if choice == "roll":
        return False
    old = choices.exchangeable(s, choice.split()[-1])
    assert old is not None  # the answer's parse (choices.leader_choice) refuses an exchange with no such leader
    old.status = "Eliminated"
    old.flags.add("exchanged")
    new = [s.add(t, "leader").id for t in (("7-0", "7-0") if old.type == "8-0" else ("8-0", "7-0"))]
    r.say(f"{s.name} exchanges {old.id} {old.type} for {', '.join(new)} ({rule})")
    return True


def won_drm(r: Reph, s, rule: str, original: int, selects: Callable[[int], str], rank: Callable[[str], int]) -> int:
    """The won DRM of the Leader Battle Hardening DR, chosen after the DR (RB 11.6113, VotG 12.6124: "-2 Friendly side
    won this CG Day's scenario (optionally, the player may, after the DR, choose to ignore this DRM, or apply only a -1
    DRM)"): -2, -1 or 0. ``selects(final)`` is the leader type the game's table selects, ``rank(type)`` the grade of
    the leader that would then harden (-1: none), for the computer's choice."""
    options = {d: selects(original + d) for d in (-2, -1, 0)}
    return r.ask("won_drm", f"{rule} You won: apply the -2 DRM, only -1, or none? ("
                 + ", ".join(f"{d}: {t}" for d, t in options.items()) + ")", number(-2, 0), side=s.name,
                 context={"reph": r, "options": options, "rank": {d: rank(t) for d, t in options.items()}},
                 example="won_drm = -2", default="-2")
