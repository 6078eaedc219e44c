"""The computer side's answers to the A Bridge Too Far RePh questions, weights from ai/abtf.toml.

Building blocks of solo/ai/reph.py reused: filled (SURPLUS: the value of a unit beyond a need), the greedy purchase and the MMC
Battle Hardening choice (battle_harden).
"""

from solo.ai.reph import battle_harden, cpp_value, drawn, filled, greedy, milli, shown
from solo.campaign.rg import RGType
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.abtf import purchase as buy


def escape(r, side: str, w: dict, q: Question) -> Reply:
    """9.6054: each unit makes its own Escape DR (solo cannot see which share a Location); each SW goes with a MMC,
    one apiece, so no stack carries more than its IPC."""
    units = q.context["units"]
    carriers = [u for u in units if u.kind in ("squad", "hs", "crew")]
    weapons = [u for u in units if u.kind == "sw"]
    stacks = [f"{m.id}+{sw.id}" for m, sw in zip(carriers, weapons)]
    left = [sw.id for sw in weapons[len(carriers):]]
    why = ("each unit escapes alone (stacking needs a shared Location, which solo cannot see)"
           + (f"; {', '.join(stacks)} carry one SW each" if stacks else "")
           + (f"; {', '.join(left)} left behind: no MMC to carry them" if left else ""))
    return Reply(stacks, why, tuple((u.id, u.kind) for u in units))


def random_selection(r, side: str, w: dict, q: Question) -> Reply:
    unit = q.context["units"][0]
    return Reply(unit.id, "the computer never stacks escapees; the first unit of the stack is named",
                 tuple((u.id, "") for u in q.context["units"]))


def shift(r, side: str, w: dict, q: Question) -> Reply:
    return Reply([], "no Shift: the paths of Uncontrolled Territory are on the map, which solo cannot see, and a "
                 "failed Shift can cost the whole group (9.613 >= 12)", (("shift", "path unknown"),))


def _halves(s) -> int:
    """Squads Retained, in half-squads (whole numbers, issue 21)."""
    return 2 * len(s.retained("squad")) + len(s.retained("hs"))


def value(r, s, g: RGType, chosen: list[RGType], w: dict) -> tuple[int, str]:
    """Thousandths of a point a RG is worth to the side now (a whole number, issue 21), and why."""
    count = g.full or 0
    if g.letter == "I":
        have = _halves(s) + sum(2 * (c.full or 0) for c in chosen if c.letter == "I")
        pts = filled(milli(w["infantry"]), 2 * count, 2 * w["squads_target"] - have) // 2
        return pts, f"infantry: {have / 2:g} squads, wants {w['squads_target']}"
    if g.letter == "A":
        have = len(s.retained("vehicle")) + sum(c.full or 0 for c in chosen if c.letter == "A")
        return filled(milli(w["armor"]), count, w["armor_target"] - have), \
            f"armour: {have} AFV, wants {w['armor_target']}"
    if g.letter == "G":
        return milli(w["guns"]) * max(count, 1), "Guns for the Blocks"
    if "FPP" in g.units:
        left, total = r.c.dates_left, len(r.c.dates)
        return milli(w["fortifications"]) * left // total, \
            f"{g.units} with {left * 100 // total}% of the CG still to fight"
    return milli(w["other"]), "a RG of another type"


def purchase(r, side: str, w: dict, q: Question) -> Reply:
    """9.617: buy the RG with the most points per CPP, again and again, while that beats keeping a (halved) CPP."""
    s, w = r.side(side), w["purchase"]
    chart = r.chart(side)
    keep = cpp_value(r, side, w["keep"], 0)

    def offers(bought: list[tuple]) -> list[tuple]:
        ids, chosen, out = [b[1].id for b in bought], [b[1] for b in bought], []
        for g in chart.values():
            try:
                buy.check_purchase(r, s, ids + [g.id])
            except SoloError:
                continue
            pts, reason = value(r, s, g, chosen, w)
            if pts > 0:
                out.append((pts // max(g.cpp, 1), g, g.id, reason))
        return out
    bought, weighed = greedy(offers, keep, r.play.draw)
    ids = [b[1].id for b in bought]
    why = [f"buys {g.label()} for {g.cpp} CPP: {reason} ({shown(ratio)} points/CPP{drawn(among)})"
           for ratio, g, _, reason, among in bought]
    left = s.cpp - sum(chart[i].cpp for i in ids)
    why.append(f"keeps {left} CPP (halved to {-(-left // 2)} by 9.617; worth {shown(keep)} points/CPP)")
    return Reply(ids, "; ".join(why), weighed)


def fortifications(r, side: str, w: dict, q: Question) -> Reply:
    """9.619: the FPP by shares of kind, each count cut to what the limits allow; the rest on the cheapest kind."""
    s, w = r.side(side), w["fortifications"]
    parse = buy.fortification_parser(r, s)
    bought: dict[str, int] = {}

    def fits(trial: dict) -> bool:
        try:
            parse(trial)
            return True
        except SoloError:
            return False
    for kind in w["order"]:
        count = int(s.fpp * w["shares"].get(kind, 0) // buy.fortification_cost(r, side, kind))
        while count and not fits(bought | {kind: bought.get(kind, 0) + count}):
            count -= 1
        if count:
            bought[kind] = bought.get(kind, 0) + count
    for kind in sorted(w["order"], key=lambda k: (buy.fortification_cost(r, side, k), k)):
        while fits(bought | {kind: bought.get(kind, 0) + 1}):
            bought[kind] = bought.get(kind, 0) + 1
    return Reply(bought, "spends the FPP by shares " + ", ".join(f"{k} {v:.0%}" for k, v in w["shares"].items())
                 + " within the 9.619 limits; unspent FPP would be forfeit",
                 tuple((k, f"{n} x {buy.fortification_cost(r, side, k)} FPP") for k, n in bought.items()))


DECISIONS = {  # the computer's answer to each question, by its key
    "escape": escape,
    "random_selection": random_selection,
    "shift": shift,
    "purchase": purchase,
    "fortifications": fortifications,
    "battle_harden": battle_harden,
}
