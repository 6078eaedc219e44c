"""Initiative chits (RB 11.623, VotG 12.625, ABtF 9.6213) and the first move (RB 11.625, VotG 12.627, ABtF 9.6215).

Each side picks Attack or Idle in secret. The human's chit is taken first and logged before the computer
picks its own, which never sees it; then both are revealed and cross-indexed on the CG's matrix. The CG
file's [initiative] table names the matrix, the Dual Attack dr tables, the side that may declare its
Assault a Night scenario and the chit limits.
"""

import math

from solo.campaign.reph import DAY, NIGHT, Reph, step
from solo.core.choices import yes_no
from solo.core.errors import SoloError
from solo.core.sides import people

CHITS = ("Attack", "Idle")


def scenario_type(printed: str) -> str:
    """The matrix's cell as the engine names it: "Dual Attack", "<Side> Assault" or "Idle Day" (ABtF prints
    "Dual Assault" and "Idle CG Date")."""
    name = printed.split(" (")[0]
    if name.startswith("Dual"):
        return "Dual Attack"
    return "Idle Day" if name.startswith("Idle") else name


def named_side(r: Reph, text: str) -> str:
    """The side a dr result names: "The Russians set up first" -> "Russian"."""
    return next(side for side in r.c.sides if side in text)


def chits_left(r: Reph, side: str) -> dict[str, int | None]:
    """How many more Attack and Idle chits ``side`` may pick (None: no limit). RB 11.6231: one Attack chit per four
    (or part thereof) CG Days completed, within the CG's total (the German's in RO CG III too); VotG 12.6251: the
    CG's total, one a CG Day; ABtF 9.62131: the CG's chit units, from the player's pack (the texts lack them)."""
    cfg, c = r.defn.initiative, r.c
    variant = r.defn.variants.get(c.variant, {})
    limits: dict[str, int | None] = {"Attack": variant.get("attack_chits", {}).get(side), "Idle": None}
    if "chit_units" in cfg:
        for chit in CHITS:
            limits[chit] = int(r.cat.chart(cfg["chit_units"], c.variant, f"{side} {chit}"))
    pace = variant.get("attack_chit_days") if r.rules >= variant.get("attack_chit_days_since", 1) else None
    if limits["Attack"] is not None and pace:
        completed = c.dates.index(c.date)
        limits["Attack"] = min(limits["Attack"], math.ceil(completed / pace))
    return {chit: None if most is None else max(most - c.chits[side][chit], 0) for chit, most in limits.items()}


def allowed(r: Reph, side: str) -> tuple[str, ...]:
    left = chits_left(r, side)
    return tuple(chit for chit in CHITS if left[chit] != 0) or ("Idle",)


def printed_cell(r: Reph, chits: dict[str, str]) -> str:
    """The CG's Initiative Matrix cell for each side's chit, as printed ("Dual Assault (1)")."""
    cfg, (first, second) = r.defn.initiative, r.c.sides
    rows = {row.key for row in r.cat.get(cfg["matrix"]).rows}
    key = chits[first] if chits[first] in rows else f"{first} {chits[first]}"
    return str(r.cat.chart(cfg["matrix"], key, f"{second} {chits[second]}"))


def chit_parser(choices: tuple[str, ...]):
    def parse(raw) -> str:
        text = str(raw).strip().capitalize()
        if text not in CHITS:
            raise SoloError(f"{raw!r}: pick Attack or Idle")
        if text not in choices:
            raise SoloError(f"you have no {text} chit left: pick {' or '.join(choices)}")
        return text
    return parse


@step("initiative")
def initiative(r: Reph) -> None:
    """RB 11.623 / VotG 12.625 / ABtF 9.6213 Initiative Determination: each side's secret chit, the matrix, the
    scenario type (11.6233 / 12.6253 / 9.62133) and who sets up first (a dr in a Dual Attack); a Russian Assault or
    Counterattack may be declared a Night scenario (11.6234 / 12.6254). VotG 12.6252 EXC: after a declared
    Counterattack the German is automatically Idle and a Russian Counterattack is generated."""
    c, cfg = r.c, r.defn.initiative
    first, second = c.sides
    rule = cfg["rule"]
    if "counterattack" in c.flags:
        chits = {"Russian": "Attack", "German": "Idle"}
        kind = printed = "Russian Counterattack"
        r.say(f"the Russian Counterattack declared in 12.613 is generated; the German is automatically Idle ({rule})")
    else:
        chits, spent = {}, []
        for side in sorted(c.sides, key=r.computer):  # the human's chit first: the computer never sees it
            choices = allowed(r, side)
            left = chits_left(r, side)
            if r.rules >= 5 and not any(left.values()) and None not in left.values():
                # ABtF 9.62131: the CG's chit units are the most a side "may select"; with none of either kind left it
                # selects none (issue 36: it picked Idle past its limit with no word). solo's reading: no chit, no
                # Attack: it stands as an Idle chit would in the matrix, counted among no chit used.
                chits[side] = "Idle"
                spent.append(side)
                r.say(f"the {people(side)} have used all their Attack and Idle chits ({rule}): they select none and "
                      "stand Idle (solo's reading: without an Attack chit they cannot attack)")
                continue
            limits = ", ".join(f"{chit} chits left: {'no limit' if n is None else n}" for chit, n in left.items())
            chits[side] = r.ask("initiative", f"{rule} Pick your Initiative chit for {c.date} in secret: "
                                f"{' or '.join(choices)} ({limits})", chit_parser(choices), side=side,
                                context={"reph": r, "choices": choices}, example='initiative = "Attack"',
                                default=choices[-1])
        printed = printed_cell(r, chits)
        kind = scenario_type(printed)
        r.say(f"chits revealed: {first} {chits[first]}, {second} {chits[second]}: {printed.split(' (')[0]} ({rule})")
    c.initiative = {"date": c.date, "chits": chits, "type": kind, "sets_up_first": None, "moves_first": None,
                    "night": False} | ({"no_chit": spent} if "counterattack" not in c.flags and spent else {})
    c.history.append(c.initiative)
    if kind == "Idle Day":
        r.say(f"no scenario on {c.date}: the RePh steps repeat from "
              f"{next(sd.rule for sd in r.defn.steps if '*' in sd.marks)}")
        return
    if kind == "Dual Attack":
        trace = r.roll(cfg["dual_setup"], f"Dual Attack: who sets up first ({rule})",
                       side=cfg.get("dual_roller", first))
        c.initiative["sets_up_first"] = named_side(r, trace.result)
        r.say(f"Dual Attack set-up dr {trace.original}: {trace.result}; who moves first is rolled after set-up")
    else:
        attacker = named_side(r, kind)
        c.initiative["sets_up_first"] = c.other(attacker)
        c.initiative["moves_first"] = attacker
        r.say(f"{kind}: the {c.other(attacker)} sets up first, the {attacker} moves first")
    night = cfg.get("night", "")
    most = r.defn.variants.get(c.variant, {}).get("night_max")
    if most is not None and sum(i["night"] for i in c.history) >= most:
        r.say(f"the {night} has had its {most} Night scenarios (RO CG III)")
    elif night and kind.startswith(night):
        if c.flags & {NIGHT, DAY}:  # declared with the Counterattack (VotG 12.613: the 14 Sept Historical DRM)
            c.initiative["night"] = NIGHT in c.flags
        else:
            c.initiative["night"] = r.ask("night", f"{rule} Declare this {kind} a Night scenario (yes/no)?", yes_no,
                                          side=night, context={"reph": r}, example="night = false", default="no")
        if c.initiative["night"]:
            r.say(f"the {night} declares the {c.date} {kind} a Night scenario: the {people(night)} are the Scenario "
                  "Attacker "
                  "(E1); off-map reinforcements have Freedom of Movement (E1.21); Cloud Cover and Base NVR per E1.11 "
                  "with the Moon of the CG Roster (Overcast weather invokes E3.5 and makes the Cloud Cover Overcast)")


@step("first_move")
def first_move(r: Reph) -> None:
    """RB 11.625 / VotG 12.627 / ABtF 9.6215 Scenario Commencement: both sides announce ELR and SAN; in a Dual Attack a
    dr says who moves first (in an Assault the side setting up second moves first)."""
    c, cfg = r.c, r.defn.initiative
    for side, s in c.sides.items():
        r.say(f"{side}: ELR {s.elr}, SAN {s.san}")
    if c.initiative is None:
        r.say("the Initial Scenario: the CG card says who sets up and who moves first")
        return
    if c.initiative["type"] == "Dual Attack":
        trace = r.roll(cfg["dual_move"], f"Dual Attack: who moves first ({r.where})",
                       side=cfg.get("dual_roller", next(iter(c.sides))))
        c.initiative["moves_first"] = named_side(r, trace.result)
        r.say(f"Dual Attack move dr {trace.original}: {trace.result}")
    r.say(f"the {c.initiative['sets_up_first']} sets up first; the {c.initiative['moves_first']} moves first")
