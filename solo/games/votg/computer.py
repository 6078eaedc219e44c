"""The computer side's answers to the Valor of the Guards RePh questions (solo/games/votg/), each explained.
Weights in ai/votg.toml. Reused from solo/ai/reph.py: battle_harden (12.6123: the biggest class gains first) and
leader_hardening (12.6124: roll rather than exchange), won_drm (12.6124: the won DRM that hardens the best leader)."""

from solo.ai.reph import (
    MILLI,
    battle_harden,
    cpp_value,
    drawn,
    escape_decision,
    filled,
    greedy,
    keep_prisoners,
    leader_hardening,
    milli,
    shown,
    won_drm,
)
from solo.campaign.reph import Reph
from solo.campaign.steps import fortify
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.votg.aftermath import escape_mods
from solo.games.votg.purchase import Item, check, cost, is_coy, is_hw


escape = escape_decision("votg.escape", escape_mods, "12.6071")
prisoners = keep_prisoners("keeps the prisoner: freeing hands the enemy a unit back, executing brings Massacre (12.609)",
                           "enemy regains a unit", "Massacre next scenario")


def counterattack(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.613: counterattack when Attack chits are spare for the CG Days left and the Russian is not too weak."""
    left = q.context["left"]
    days = len(r.c.dates) - r.c.dates.index(r.c.date) - 1
    strength = {s: milli(r.side(s).squad_equivalents()) for s in r.c.sides}
    ratio = strength["Russian"] * MILLI // max(strength["German"], MILLI)  # thousandths: whole numbers (issue 21)
    spare = left is None or left * MILLI > days * milli(w["counterattack"]["chits_per_day"])
    go = spare and ratio >= milli(w["counterattack"]["min_ratio"])
    return Reply(go, f"{'declares' if go else 'no'} Counterattack: {left if left is not None else 'unlimited'} Attack "
                 f"chits for {days} CG Days left, squad ratio {shown(ratio)} (needs {w['counterattack']['min_ratio']}); "
                 "its CPP are halved after it (12.6253)", (("yes", f"ratio {shown(ratio)}"), ("no", "keep the chit")))


def value(r: Reph, side: str, g, halves: int, wanted: int, w: dict) -> tuple[int, str]:
    """Thousandths of a point ``g`` is worth now (a whole number, issue 21); infantry counted in half-squads."""
    short = max(0, 2 * wanted - halves)
    inf = milli(w["infantry"])
    if g.letter == "I" and not is_hw(g):
        squads = g.full or (10 if is_coy(g) else 3)
        return filled(inf, squads, short, unit=2), f"{halves / 2:g} squads, wants {wanted:g}"
    if is_hw(g):
        return inf // 2, "heavy weapons for the infantry"
    if g.letter == "A":
        return milli(w["armor"]) * (g.full or 3), "armour to lead or stop assaults"
    if g.letter == "G":
        return milli(w["guns"]) * (g.full or 2), "guns covering the streets"
    if g.letter == "O":
        return milli(w["oba"]), "artillery support"
    if "FPP" in f"{g.title} {g.units}":
        left, total = len(r.c.dates) - r.c.dates.index(r.c.date), len(r.c.dates)
        return milli(w["fortifications"]) * left // total, "fortifications while CG Days remain"
    return milli(w.get("other", 0.0)), "support"


def purchase(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """12.621: buy the RG with the most points per CPP while that beats keeping the CPP; every basket is checked by
    the same rules as the player's (votg_purchase.check), so it is always legal."""
    s, w = r.side(side), w["purchase"]
    chart = r.chart(side)
    keep = cpp_value(r, side, w["keep"], 0)  # no CG Day follows the last one: a CPP kept buys nothing
    wanted = w["squads"]
    halves0 = round(2 * s.squad_equivalents())  # squad-equivalents are whole halves

    def offers(bought: list[tuple]) -> list[tuple]:
        items = [b[2] for b in bought]
        halves = halves0 + sum(2 * (b[1].full or 0) for b in bought if b[1].letter == "I" and not is_hw(b[1]))
        out = []
        for g in chart.values():
            item = Item(g.id, "onmap" if g.letter == "I" and w["onmap"] else "")
            for tried in (item, Item(g.id)):
                try:
                    check(r, s, items + [tried])
                except SoloError:
                    continue
                pts, reason = value(r, side, g, halves, wanted, w)
                if pts > 0:
                    out.append((pts // max(cost(r, side, g, tried), 1), g, tried, reason))
                break
        return out
    bought, weighed = greedy(offers, keep, r.play.draw)
    items = [b[2] for b in bought]
    why = [f"buys {g.label()}{' on-map' if item.option else ''} for {cost(r, side, g, item)} CPP: {reason} "
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
        count = int(s.fpp * w["shares"].get(kind, 0) // price[kind])
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


DECISIONS = {  # the computer's answer to each question, by its key
    "escape": escape,
    "prisoners": prisoners,
    "battle_harden": battle_harden,
    "leader_hardening": leader_hardening,
    "won_drm": won_drm,
    "counterattack": counterattack,
    "purchase": purchase,
    "fortifications": fortifications,
    "recon": recon,
    "commissars": commissars,
}
