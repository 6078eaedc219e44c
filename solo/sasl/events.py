"""Random Events (SASL 2.4-2.5; OtO-S1 MSR 4): the checks of both sides against their RE#, the RE tables with every
follow-up roll, the reroll conditions and the lasting effects.

The RE check itself is core SASL and not in the texts (SASL-FACTS.md: "the exact RE trigger for a RE# like 5/6"
was not found). Stand-in reading, said in the record: at the end of each Game Turn each side makes a RE check DR,
and a Random Event occurs when it equals one of the side's two RE numbers; so a higher RE# (ENEMY RE 21-22,
FRIENDLY RE 44-46) makes Random Events likelier, up to 6/7.
"""

from solo.core.choices import words, yes_no
from solo.core.dice import roll
from solo.core.errors import SoloError
from solo.rules.units import battle_hardened, unit_type
from solo.sasl.context import Ctx

REROLL = "reroll"
MAX_RE = [6, 7]


def dr_total(x: Ctx, what: str, side: str, kind: str = "DR") -> int:
    """A plain DR or dr the rules ask for ("a number of S? as per a DR+2"), logged as one roll."""
    return x.play.dice(what, side, x.m.phase, lambda dice: roll(dice, kind, what).original)


def random_selection(x: Ctx, what: str, count: int) -> int:
    """Random Selection among ``count`` candidates (1-based), by dr, rolled again above the count."""
    if count <= 1:
        return 1

    def pick(dice):
        while True:
            face = roll(dice, "dr", what).original
            if face <= count:
                return face
    return x.play.dice(f"Random Selection: {what}", "", x.m.phase, pick)


def checks(x: Ctx) -> list[dict]:
    """Both sides' RE checks at the end of a Game Turn; an ENEMY RE needs an Activated ENEMY unit unless the mission
    says otherwise (OtO-S2 MSR 4)."""
    events = []
    for side in ("ENEMY", "FRIENDLY"):
        numbers = x.m.re_numbers[side]
        if side == "ENEMY" and x.defn["enemy_re_needs_activated"] and not x.m.activated:
            x.say("no ENEMY RE check: no ENEMY unit is Activated yet", rule="2.5")
            continue
        dr = dr_total(x, f"{side} RE check", side)
        hit = dr in numbers
        x.say(f"{side} RE check DR {dr} against RE# {numbers[0]}/{numbers[1]}: {'Random Event!' if hit else 'none'} "
              "(stand-in reading: a RE when the DR equals either RE number)", rule="2.4")
        if hit:
            events.append(event(x, side))
    return events


def event(x: Ctx, side: str) -> dict:
    """Roll the side's RE table, its follow-ups, and apply what lasts; roll again when the entry says so."""
    table = "re_enemy" if side == "ENEMY" else "re_friendly"
    for attempt in range(1, 11):
        trace = x.roll(table, f"{side} Random Event" + (f" (again, {attempt})" if attempt > 1 else ""), side=side)
        handler = HANDLERS.get((x.defn["id"], side, trace.row))
        outcome = handler(x, trace) if handler else None
        follow = [f"{sub.table.title}: {sub.result}" for sub in _all_subrolls(trace)]
        if outcome == REROLL:
            x.say(f"{side} RE {trace.original} ({trace.row}) does not apply: rolled again", rule="2.4")
            continue
        x.say(f"{side} RE d66 {trace.original}: {trace.result}" + (f" [{'; '.join(follow)}]" if follow else "")
              + (f" -> {outcome}" if outcome else ""), rule="MSR 4")
        return {"side": side, "roll": trace.original, "row": trace.row, "event": trace.result, "follow_ups": follow,
                "effect": outcome, "stand_in": bool(trace.table.stand_in)}
    return {"side": side, "event": "no applicable Random Event in ten rolls", "follow_ups": [], "effect": None}


def _all_subrolls(trace):
    for sub in trace.subrolls:
        yield sub
        yield from _all_subrolls(sub)


# --- OtO-S1 ENEMY ------------------------------------------------------------------------

def _counterattack_s(x: Ctx, trace) -> str:
    """11-12: Hold S? within six hexes of the FRIENDLY-controlled VPO closest to the EBE take Advance Attitude;
    rolled again if no such VPO or S?."""
    hold = [s for s in x.m.s if s.status == "hidden" and s.attitude == "Hold"]
    ids = x.ask("counterattack_s", "ENEMY RE 11-12 Local Counterattack: which Hold S? are within six hexes of the "
                "FRIENDLY-controlled VPO closest to the EBE? (none: no such VPO or S?; the RE is rolled again) "
                f"[{', '.join(f'{s.id} {s.where}' for s in hold)}]", _s_ids(x, hold), example="counterattack_s = [\"S3\"]")
    if not ids:
        return REROLL
    for s_id in ids:
        x.m.s_counter(s_id).attitude = "Advance"
    return f"{', '.join(ids)} now in Advance Attitude"


def _s_ids(x: Ctx, allowed):
    def parse(raw):
        ids = [str(w).upper() for w in words(raw)]
        bad = [i for i in ids if i not in {s.id for s in allowed}]
        if bad:
            raise SoloError(f"{', '.join(bad)}: not one of {', '.join(a.id for a in allowed) or 'none'}")
        return ids
    return parse


def _minefield(x: Ctx, trace) -> str:
    """13-16, 25-26, 51-56: the FRIENDLY Infantry stack in an eligible minefield Location nearest the EBE; rolled again
    if the only eligible unit is in the FRIENDLY set up area or none is eligible. Strength by the follow-up dr."""
    ok = x.ask("minefield", "ENEMY RE Minefield!: is a FRIENDLY (non-Melee) Infantry stack in an eligible non-building "
               "minefield Location outside the FRIENDLY set up area? (yes/no; no: rolled again)", yes_no,
               example="minefield = true")
    if not ok:
        return REROLL
    strength = trace.subrolls[0].result if trace.subrolls else "see the table"
    x.m.effects.append(f"Turn {x.m.turn}: AP minefield attack on the FRIENDLY stack nearest the EBE, first event of the "
                       f"ENEMY PFPh ({strength})")
    return f"mine attack in the upcoming ENEMY PFPh: {strength}"


def _re_up(side: str):
    def apply(x: Ctx, trace) -> str:
        """21-22 (ENEMY) / 44-46 (FRIENDLY): the side's RE#s rise by one; rolled again if already 6/7."""
        if x.m.re_numbers[side] == MAX_RE:
            return REROLL
        x.m.re_numbers[side] = [n + 1 for n in x.m.re_numbers[side]]
        return f"{side} RE# now {x.m.re_numbers[side][0]}/{x.m.re_numbers[side][1]}"
    return apply


def _counterattack_units(x: Ctx, trace) -> str:
    """23-24, 44-46: Activated ENEMY units within six hexes of the FRIENDLY-controlled VPO closest to the EBE take
    Advance Attitude, and revert to Hold when the VPO is captured."""
    active = x.m.activated
    ids = x.ask("counterattack_units", "ENEMY RE Local Counterattack: which Activated ENEMY units are within six hexes "
                f"of the FRIENDLY-controlled VPO closest to the EBE? [{', '.join(f'{u.id} {u.type}' for u in active)}]",
                _s_ids(x, active), example="counterattack_units = [\"E4\", \"E5\"]")
    for unit in active:
        if unit.id in ids:
            unit.attitude = "Advance"
    if ids:
        x.m.effects.append(f"Turn {x.m.turn}: Local Counterattack by {', '.join(ids)}; they revert to Hold when the VPO is "
                           "captured; they cross minefields unharmed but with -1 DRM against them there")
    return f"{', '.join(ids) or 'no unit'} in Advance Attitude"


def _reinforcements(x: Ctx, trace) -> str:
    """34-36: a number of S? (a DR + 2) enter this turn along the EBE in Advance Attitude; 37-40 a Reinforcement dr in
    each later ENEMY RPh."""
    count = dr_total(x, "ENEMY RE 34-36: S? (DR + 2)", "ENEMY") + 2
    new = [x.m.new_s(f"entering on the {x.defn.get('ebe', 'EBE')} edge", "Advance", "reinforcement") for _ in range(count)]
    x.m.reinforcement_dr = True
    return f"{count} S? enter along the EBE in Advance Attitude ({new[0].id}-{new[-1].id}); a Reinforcement dr each later ENEMY RPh"


def _leader_hardens(x: Ctx, trace) -> str:
    """61-62: the best Activated ENEMY leader (not a 10-3) Battle Hardens (A15.3); rolled again if none is on board."""
    leaders = [u for u in x.m.activated if u.kind == "leader"]
    if not leaders:
        return REROLL
    best = max(leaders, key=lambda u: (unit_type(u.type, x.defn["enemy"]).morale, -unit_type(u.type, x.defn["enemy"]).modifier))
    better = battle_hardened(unit_type(best.type, x.defn["enemy"]))
    if better is None:
        return REROLL
    old, best.type = best.type, better.name
    return f"{best.id} {old} Battle Hardens to {better.name}; broken ENEMY units in its Location rally"


def _stukas(x: Ctx, trace) -> str:
    x.m.effects.append(f"Turn {x.m.turn}: JU-87G Stukas (OtO Aircraft 12.1; number per E7.21, not in the texts) may enter "
                       "in the next FRIENDLY MPh and attack the AFV closest to the EBE")
    return "Stukas arrive: roll their number per E7.21 from your rules"


# --- OtO-S1 FRIENDLY ---------------------------------------------------------------------

def _arrivals(label: str):
    def apply(x: Ctx, trace) -> str:
        got = "; ".join(f"{sub.table.title}: {sub.result}" for sub in _all_subrolls(trace)) or trace.result
        x.m.friendly_oob["reinforcements"].append({"turn": x.m.turn, "what": label, "rolls": got})
        return f"{label} ({got})"
    return apply


def _recall(x: Ctx, trace) -> str:
    """14-16: one FRIENDLY Mobile AFV is placed under Recall (Random Selection); rolled again if none is on board."""
    armor = [a for a in x.m.friendly_oob["armor"] if not a.get("recalled")]
    if not armor:
        return REROLL
    pick = armor[random_selection(x, "AFV to Recall", len(armor)) - 1]
    pick["recalled"] = True
    return f"{pick['afv']} is placed under Recall (D5.341)"


def _rally(x: Ctx, trace) -> str:
    broken = x.ask("broken", "FRIENDLY RE 41-43: are any FRIENDLY units broken? (yes/no; no: rolled again)",
                   yes_no, example="broken = true")
    return "the broken FRIENDLY unit(s) closest to the EBE rally" if broken else REROLL


def _infantry(x: Ctx, trace) -> str:
    """51-52: DR + 1 squads, all of one type (R2), their SMC/SW by H1.8-1.83."""
    count = dr_total(x, "FRIENDLY RE 51-52: squads (DR + 1)", "FRIENDLY") + 1
    return _arrivals(f"{count} squads")(x, trace)


def _sappers(x: Ctx, trace) -> str:
    count = trace.subrolls[0].result if trace.subrolls else "?"
    return _arrivals(f"{count} 4-5-8 sapper squads, each with a DC and a LMG")(x, trace)


def _note(text: str):
    def apply(x: Ctx, trace) -> str:
        x.m.effects.append(f"Turn {x.m.turn}: {text}")
        return text
    return apply


S1 = "oto-s1"
HANDLERS = {
    (S1, "ENEMY", "11-12"): _counterattack_s,
    (S1, "ENEMY", "13-16"): _minefield, (S1, "ENEMY", "25-26"): _minefield, (S1, "ENEMY", "51-56"): _minefield,
    (S1, "ENEMY", "21-22"): _re_up("ENEMY"), (S1, "FRIENDLY", "44-46"): _re_up("FRIENDLY"),
    (S1, "ENEMY", "23-24"): _counterattack_units, (S1, "ENEMY", "44-46"): _counterattack_units,
    (S1, "ENEMY", "34-36"): _reinforcements,
    (S1, "ENEMY", "61-62"): _leader_hardens,
    (S1, "ENEMY", "65-66"): _stukas,
    (S1, "FRIENDLY", "11-13"): _arrivals("Gun section"),
    (S1, "FRIENDLY", "14-16"): _recall,
    (S1, "FRIENDLY", "21-23"): _arrivals("OBA"), (S1, "FRIENDLY", "53"): _arrivals("OBA"),
    (S1, "FRIENDLY", "64"): _arrivals("OBA"),
    (S1, "FRIENDLY", "24-26"): _note("a Hero is created from the FRIENDLY MMC closest to an unbroken/vehicular ENEMY unit"),
    (S1, "FRIENDLY", "31-33"): _arrivals("Engineer Platoon: three 6-2-8 Assault Engineers, a 9-1, one FT and two DC"),
    (S1, "FRIENDLY", "34-36"): _arrivals("AFV"), (S1, "FRIENDLY", "61-62"): _arrivals("AFV"),
    (S1, "FRIENDLY", "41-43"): _rally,
    (S1, "FRIENDLY", "51-52"): _infantry,
    (S1, "FRIENDLY", "54-56"): _note("ENEMY minefield discovered: three minefields West of the FRIENDLY infantry unit "
                                     "closest to the EBE"),
    (S1, "FRIENDLY", "66"): _note("ENEMY minefield discovered: three minefields West of the FRIENDLY infantry unit "
                                  "closest to the EBE"),
    (S1, "FRIENDLY", "65"): _sappers,
}


def enemy_reinforcement_dr(x: Ctx) -> None:
    """ENEMY RE 37-40: in each ENEMY RPh after RE 34-36 a Reinforcement dr: <= 3 a DR of S? in Advance Attitude enter
    along the EBE; >= 4 no more (the dr is no longer made)."""
    if not x.m.reinforcement_dr:
        return
    trace = x.roll("oto-s1.re_enemy_reinforcement", "Reinforcement dr (ENEMY RE 37-40)", side="ENEMY")
    if trace.original <= 3:
        count = dr_total(x, "ENEMY RE 37-40: S? (a DR)", "ENEMY")
        for _ in range(count):
            x.m.new_s(f"entering on the {x.defn.get('ebe', 'EBE')} edge", "Advance", "reinforcement")
        x.say(f"Reinforcement dr {trace.original}: {count} more S? enter along the EBE in Advance Attitude", rule="RE 37-40")
    else:
        x.m.reinforcement_dr = False
        x.say(f"Reinforcement dr {trace.original}: no further S? (the Reinforcement dr is no longer made)", rule="RE 37-40")
