"""The computer side's answers to the Valor of the Guards RePh questions (solo/games/votg/), each explained.
Weights in ai/votg.toml. It counts each side's fighting power (power: squads at their quality, leaders, SW, AFV,
Guns, OBA; the Defender dug in behind its Fortifications), buys the RGs that bring most of it per CPP (12.621), and
commits an Attack chit or a Counterattack (12.625, 12.613) at the odds its standing in the CG asks. Reused from
solo/ai/reph.py: battle_harden (12.6123: the biggest class gains first) and
leader_hardening (12.6124: roll rather than exchange), won_drm (12.6124: the won DRM that hardens the best leader)."""

import re

from solo.ai.chits import STRENGTH, chance
from solo.ai.reph import (
    MILLI,
    NEAR,
    Decision,
    battle_harden,
    cpp_value,
    drawn,
    escape_decision,
    greedy,
    keep_prisoners,
    leader_hardening,
    milli,
    shown,
    squad_quality,
    won_drm,
)
from solo.campaign.reph import Reph
from solo.campaign.state import MMC, SideState, Unit
from solo.campaign.steps import fortify
from solo.campaign.view import seen_by
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.core.sides import people
from solo.games.votg.aftermath import escape_mods
from solo.games.votg.purchase import Item, check, cost, is_coy, is_hw, raw_row

escape = escape_decision("votg.escape", escape_mods, "12.6071")
prisoners = keep_prisoners("keeps the prisoner: freeing hands the enemy a unit back, executing brings Massacre "
                           "(12.609)",
                           "enemy regains a unit", "Massacre next scenario")


# A side's fighting power, in thousandths of a 4-4-7 squad: what a strong player counts before he commits an Attack
# chit or buys a RG. By kind, the OB strength of the chits (solo/ai/chits.py STRENGTH), an MMC at its real quality
# (squad_quality: FP, range and morale against the 4-4-7), and the leaders and SW that make the squads fight (SUPPORT).
SUPPORT = {"leader": 500, "sw": 250, "aircraft": 1000}
SQUAD_SUPPORT = 25  # percent: the leaders and SW an Infantry RG brings with its squads (12.6222, 12.6225)
STANDING = {1: "ahead", 0: "level", -1: "behind"}


def unit_power(u: Unit) -> int:
    """Thousandths of a 4-4-7 squad one Retained unit fights as; half when Isolated (12.607: cut off, short of
    ammunition)."""
    base = SUPPORT.get(u.kind) or STRENGTH.get(u.kind, 0)
    worth = base * squad_quality(u.type) // MILLI if u.kind in MMC else base
    return worth // 2 if u.isolated else worth


def power(s: SideState, defending: bool, w: dict) -> int:
    """The side's fighting power (thousandths of a squad); the Defender's positions and fortifications (12.6264: it
    sets up first, behind its Fortifications) add ``w["fortification"]`` squads a counter or mine factor and multiply
    it by ``w["dug_in"]`` percent; at least one squad. The enemy's is counted on what the side may see of him
    (seen_by): his public units and Fortifications."""
    total = sum(unit_power(u) for u in s.retained())
    if defending:
        total = (total + milli(w["fortification"]) * sum(f.count for f in s.fortifications)) * w["dug_in"] // 100
    return max(total, MILLI)


def standing(r: Reph, side: str) -> int:
    """+1 when ``side`` leads the CG, -1 when it trails, 0 when level: by CG scenarios won, then by CVP earned
    (12.51-.54: the CG Victory Conditions are on the CG card, which the texts lack; the record the CG End gives the
    player, solo/campaign/game.py scenarios_won, and the stand-in winner of solo/campaign/simulate.py)."""
    other = r.c.other(side)
    won = {s: sum(1 for x in r.c.scenarios if x.winner == s) for s in r.c.sides}
    cvp = r.c.cvp_total
    lead = (won[side] - won[other]) or (cvp.get(side, 0) - cvp.get(other, 0))
    return (lead > 0) - (lead < 0)


def attack_odds(r: Reph, side: str, w: dict) -> tuple[int, int, str]:
    """(the odds of an Attack against the enemy dug in, the odds it needs, both in thousandths, and why): a strong
    player commits an Attack chit (12.625) or a Counterattack (12.613) at the odds his standing in the CG asks: better
    ones to risk a lead, fair ones when level, poorer ones to catch up. A side behind must win scenarios back, and
    strikes at the best odds the CG Days left will bring (needed 0: whatever the odds): on the last CG Day, for standing
    Idle loses the CG; and on any day while it outnumbers the enemy, for both sides' CPP Replenishment is alike (12.618:
    14-20 CPP a CG Day each), and equal reinforcements shrink a lead in men day by day (3:1 becomes 2:1, then 5:3):
    waiting only worsens its odds. Outnumbered, it waits for its reinforcements to better them (weights ai/votg.toml
    [side.initiative]). The enemy as the side may see him (seen_by, issue 21): his secret units and secret
    Fortifications count nothing."""
    w = w["initiative"]
    other = r.c.other(side)
    enemy = seen_by(r.c, side)
    own, theirs = power(r.c.sides[side], False, w), power(enemy, False, w)
    odds = own * MILLI // power(enemy, True, w)
    place = standing(r, side)
    needed = milli(w["odds"][STANDING[place]])
    why = f"odds {shown(odds)}:1 against the {people(other)} dug in, {STANDING[place]} in the CG"
    if place < 0 and r.c.is_last_date:
        needed, why = 0, why + " on its last CG Day: only an Attack can win it back"
    elif place < 0 and own >= theirs and odds < needed:
        needed, why = 0, why + (f": it outnumbers them {shown(own * MILLI // theirs)}:1 and equal reinforcements "
                                "shrink that every CG Day, so these are the best odds it will get: it strikes now")
    else:
        why += f", needs {shown(needed)}:1"
    return odds, needed, why


def attacks(r: Reph, odds: int, needed: int, soft: int = 0) -> tuple[bool, bool | int]:
    """(Attack?, drawn?): Attack at the odds needed; within NEAR percent of them either way a coin decides (issue 21:
    a mixed strategy, so the chit cannot be read from the board). With ``soft`` (thousandths of the odds needed, the
    side's weight) it is drawn at the chance chits.chance gives the odds' lead over those needed (issue 36: the same
    chits every campaign); drawn? is then Attack's chance in thousandths."""
    if needed and soft:
        p = chance((odds - needed) * MILLI // needed, soft)
        return r.play.draw(1000) < p, p
    if needed and abs(odds - needed) * 100 <= needed * NEAR:
        return r.play.draw(2) == 0, True
    return odds >= needed, False


def drawn_note(drawn: bool | int) -> str:
    """What the player reads of a drawn chit or Counterattack."""
    if drawn is True:
        return f"; within {NEAR}% of them, drawn"
    return f"; drawn, Attack's chance {drawn / 10:g}% (a mixed strategy)" if drawn is not False else ""


def initiative(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.625: Attack at the odds the side's standing asks (attack_odds), while it has an Attack chit (12.6251)."""
    choices = q.context["choices"]
    odds, needed, why = attack_odds(r, side, w)
    go, drawn = attacks(r, odds, needed, milli(w["initiative"].get("soft", 0))) if len(choices) > 1 else \
        (choices == ("Attack",), False)
    pick = "Attack" if go and "Attack" in choices or "Idle" not in choices else "Idle"
    forced = "" if len(choices) > 1 else f" (no {'Idle' if pick == 'Attack' else 'Attack'} chit left)"
    return Reply(pick, f"picks {pick}{forced}: {why}" + drawn_note(drawn),
                 (("Attack", f"odds {shown(odds)}:1"), ("Idle", f"needs {shown(needed)}:1")))


def counterattack(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.613: counterattack at the odds an Attack chit needs (attack_odds), while Attack chits are spare for the CG
    Days
    left (12.6251: one a CG Day)."""
    left = q.context["left"]
    days = len(r.c.dates) - r.c.dates.index(r.c.date) - 1
    spare = left is None or left * 100 > days * w["counterattack"]["chits_per_day"]
    odds, needed, why = attack_odds(r, side, w)
    go, drawn = attacks(r, odds, needed) if spare else (False, False)
    return Reply(go, f"{'declares' if go else 'no'} Counterattack: {left if left is not None else 'unlimited'} Attack "
                 f"chits for {days} CG Days left; {why}" + drawn_note(drawn)
                 + "; its CPP are halved after it (12.6253)",
                 (("yes", f"odds {shown(odds)}:1"), ("no", "keep the chit")))


def rg_power(r: Reph, side: str, g) -> int:
    """Thousandths of a 4-4-7 squad a RG brings as it usually arrives (12.6221): a Coy its Lightly Depleted squads (the
    middle of the chart's "Coy Strength" RS/FS/LD/MD/HD), a Pltn the mean of Full and Depleted, each squad at its
    quality with its share of leaders and SW (SQUAD_SUPPORT); AFV, Guns and OBA by STRENGTH."""
    if g.letter == "I":
        if is_coy(g):
            cells = str(raw_row(r, side, g.id).get("Coy Strength", "")).split("/")
            halves = 2 * int(cells[2].partition("^")[0]) if len(cells) == 5 else 20
        else:
            halves = (g.full or 3) + (g.depleted or g.full or 3)
        return halves * squad_quality(g.units) * (100 + SQUAD_SUPPORT) // 200
    kind = {"A": "vehicle", "G": "gun"}.get(g.letter)
    if kind:
        return ((g.full or 3) + (g.depleted or g.full or 3)) * STRENGTH[kind] // 2
    return STRENGTH["oba"] if g.letter == "O" else 0


def value(r: Reph, side: str, g, w: dict) -> tuple[int, str]:
    """Thousandths of a point a RG is worth now (a whole number, issue 21): its fighting power (rg_power, a point a
    squad), the HW Pltn's weapons as two squads' worth, and an FPP RG the Fortifications it buys while CG Days remain
    (12.623: a counter or mine factor a FPP, worth ``fortification`` squads to the Defender, dug in, in the share of the
    scenarios left the side expects to fight as the Defender: ``defends`` by its standing in the CG, for a side ahead
    holds and the enemy must come at it, while a side behind must attack, and its Fortifications stay behind it)."""
    if is_hw(g):
        return 2 * MILLI, "heavy weapons for the infantry"
    found = re.search(r"(\d+) FPP", f"{g.title} {g.units}")
    if found:
        left, total = r.c.dates_left, len(r.c.dates)
        place = STANDING[standing(r, side)]
        defends = w["defends"][place]
        counters = int(found.group(1)) * milli(w["fortification"]) * w["dug_in"] * defends // 10000
        return counters * left // total, (f"{found.group(1)} FPP of Fortifications while {left} CG Days remain, "
                                          f"{place} in the CG: defending in {defends}% of the scenarios")
    pts = rg_power(r, side, g)
    what = {"I": "squads", "A": "AFV", "G": "Guns", "O": "artillery support"}.get(g.letter, "support")
    return pts, f"{shown(pts)} squads' fighting power ({what})"


# 12.6214 a-c: the options a player weighs for a RG, by its kind, each with the ai/votg.toml weight of what it gives in
# percent of a RG that enters from its Entry Area: a) On-Map Setup (``onmap``, Infantry here: an AFV Pltn on-map is
# rare), b) a Reserve Infantry RG, one CPP less (``reserve``), c) a Russian Dug-In AFV Pltn, half the CPP (``dugin``)
OPTIONS = {"I": ("", "onmap", "reserve"), "A": ("", "dugin")}
SETUP = {"onmap": " on-map", "reserve": " as a Reserve", "dugin": " Dug-In"}


def gain(option: str, w: dict) -> int:
    """Percent of its fighting power a RG bought with ``option`` brings (OPTIONS): on-map ``onmap`` percent more; a
    Reserve, Cloaked six hexes behind the Front Line until released, ``reserve`` percent; a Dug-In AFV, which never
    moves, ``dugin`` percent."""
    return {"": 100, "onmap": 100 + w["onmap"]}.get(option) or w[option]


def purchase(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.621: buy the RG with the most fighting power per CPP while that beats keeping the CPP, with the option
    (12.6214 a-c: on-map, Reserve, Dug-In; OPTIONS, gain) whose power is worth its CPP; among those within NEAR percent
    of the best one is drawn (issue 21: a mixed strategy). Every basket is checked by the same rules as the player's
    (votg_purchase.check), so it is always legal."""
    s, w = r.side(side), w["purchase"] | {key: w["initiative"][key] for key in ("fortification", "dug_in")}
    chart = r.chart(side)
    keep = cpp_value(r, side, w["keep"], 0)  # no CG Day follows the last one: a CPP kept buys nothing

    def offers(bought: list[tuple]) -> list[tuple]:
        items = [b[2] for b in bought]
        out = []
        for g in chart.values():
            pts, reason = value(r, side, g, w)
            for option in OPTIONS.get(g.letter, ("",)):
                item = Item(g.id, option)
                if pts <= 0 or option and option != "onmap" and option not in w:
                    continue
                try:
                    check(r, s, items + [item])
                except SoloError:
                    continue
                percent = gain(option, w)
                said = reason + (f", {percent}% of it{SETUP[option]}" if option else "")
                out.append((pts * percent // 100 // max(cost(r, side, g, item), 1), g, item, said))
        return out
    bought, weighed = greedy(offers, keep, r.play.draw)
    items = [b[2] for b in bought]
    why = [f"buys {g.label()}{SETUP.get(item.option, '')} for {cost(r, side, g, item)} CPP: {reason} "
           f"({shown(ratio)} points/CPP{drawn(among)})" for ratio, g, item, reason, among in bought]
    left = s.cpp - sum(cost(r, side, chart[i.rg], i) for i in items)
    why.append(f"keeps {left} CPP (worth {shown(keep)} points/CPP)")
    return Reply([i.to_json() for i in items], "; ".join(why), weighed)


def fortifications(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.623: spend the FPP by the shares of ai/votg.toml, the rest on the cheapest kinds (unspent FPP are forfeit)."""
    s, w = r.side(side), w["fortifications"]
    left, bought = s.fpp, {}
    price = {kind: fortify.cost(r, side, kind) for kind in w["order"]}
    for kind in w["order"]:
        count = s.fpp * milli(w["shares"].get(kind, 0)) // (MILLI * price[kind])  # whole numbers
        if count:
            bought[kind] = count
            left -= count * price[kind]
    # the rest on the real Fortifications first, the dearest that fits, by their order; "?" only with what is left
    # below the cheapest of them (issue 21: the rest went into "?" counters, the cheapest kind)
    for kind in sorted(w["order"], key=lambda k: (k == "?", -price[k], w["order"].index(k))):
        while left >= price[kind]:
            bought[kind] = bought.get(kind, 0) + 1
            left -= price[kind]
    return Reply(bought, "spends the FPP by shares " + ", ".join(f"{k} {v:.0%}" for k, v in w["shares"].items())
                 + ', the rest on the Fortifications themselves, "?" only with what none of them costs; unspent FPP '
                 "would be forfeit (12.623)", tuple((k, n) for k, n in bought.items()))


def recon(r: Reph, side: str, w: dict, q: Question) -> Reply:
    s = r.side(side)
    spend = 2 if s.cpp >= w["recon"]["two_cpp_from"] else min(1, s.cpp) if s.cpp >= w["recon"]["one_cpp_from"] else 0
    return Reply(spend, f"spends {spend} CPP on Recon with {s.cpp} Left (12.624)", (("0", "none"), ("2", "+3 drm")))


def commissars(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.6226: exchange the poorest new leaders (a Commissar's morale beats a 7-0 or 6+1's)."""
    poor = [u.id for u in q.context["units"] if u.type in ("7-0", "6+1")][: q.context["room"]]
    return Reply(poor, f"exchanges {', '.join(poor) or 'none'}: poor leaders gain most as Commissars (12.6226)")


DECISIONS: dict[str, Decision] = {  # the computer's answer to each question, by its key
    "escape": escape,
    "prisoners": prisoners,
    "battle_harden": battle_harden,
    "leader_hardening": leader_hardening,
    "won_drm": won_drm,
    "counterattack": counterattack,
    "initiative": initiative,
    "purchase": purchase,
    "fortifications": fortifications,
    "recon": recon,
    "commissars": commissars,
}
