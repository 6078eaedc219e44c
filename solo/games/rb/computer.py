"""The computer side's Red Barricades RePh decisions (11.6063-11.6234), with weights from ai/rb.toml; each explained.

Reused from solo/ai/reph.py: the Reply pattern, `battle_harden` (11.6112 picks: the biggest class gains first) and
`leader_hardening` (11.6113/11.6114: always roll rather than exchange).
"""

from solo.ai.reph import (
    MILLI,
    battle_harden,
    drawn,
    escape_decision,
    keep_prisoners,
    leader_hardening,
    mixed,
    squad_quality,
    won_drm,
)
from solo.campaign.reph import Reph
from solo.campaign.rg import RGType
from solo.campaign.steps import fortify
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.rb import purchase as rb_purchase
from solo.games.rb.aftermath import GRADES, escape_mods, fact
from solo.games.rb.strength import commissar_types


escape = escape_decision("rb.escape", escape_mods, "11.6061")
prisoners = keep_prisoners("keeps its prisoners: freeing hands the enemy a unit back, executing brings Massacre (11.608)",
                           "enemy gets a Conscript back", "Massacre next scenario")


def mg_exchange(r: Reph, side: str, w: dict, q: Question) -> Reply:
    return Reply(True, "an AFV's MG is worth more than a LMG on foot (11.6133)", (("no", "keep the LMG"),))


def removal(r: Reph, side: str, w: dict, q: Question) -> Reply:
    picks = list(range(1, len(q.context["items"]) + 1))
    return Reply(picks, "tries every item: each attempt is free, one per item (11.615)", ())


def recon(r: Reph, side: str, w: dict, q: Question) -> Reply:
    cpp, w = r.side(side).cpp, w["recon"]
    spend = 2 if cpp >= w["two_from"] else 1 if cpp >= w["one_from"] else 0
    return Reply(spend, f"spends {spend} CPP on Recon with {cpp} Left (1 from {w['one_from']}, 2 from {w['two_from']})",
                 (("0", "no recon"), ("1", "recon"), ("2", "recon +3 drm")))


def commissars(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.6206: exchange the poorest new leaders (8-1 or lower, as the EX does) for 10-0 Commissars."""
    best = "10-0" if "10-0" in commissar_types() else commissar_types()[0]
    low = sorted((u for u in q.context["leaders"] if GRADES.index(u.type) <= GRADES.index("8-1")),
                 key=lambda u: (GRADES.index(u.type), u.id))
    pairs = {u.id: best for u in low[: q.context["most"]]}
    return Reply(pairs, f"exchanges {', '.join(pairs) or 'nobody'} for {best} Commissars: a 10-0 steadies Conscripts "
                 "better than an 8-1 leads them (11.6206)", tuple((u.id, u.type) for u in q.context["leaders"]))


# --- 11.619 purchases ----------------------------------------------------------------------------

def enemy_afv_seen(r: Reph, side: str) -> int:
    """Enemy AFV seen on the map in the last scenario (facts on_map; russian_afv_seen for the Russian ones)."""
    enemy = r.side(r.c.other(side))
    seen = sum(1 for unit_id in fact(r, "on_map", []) if enemy.unit(unit_id) and enemy.unit(unit_id).kind == "vehicle")
    return max(seen, fact(r, "russian_afv_seen", 0) if side == "German" else 0)


def _try(r: Reph, s, orders: list, order) -> bool:
    try:
        rb_purchase.check(r, s, orders + [order])
    except SoloError:
        return False
    return s.cpp - rb_purchase.check(r, s, orders + [order]) >= 0


def purchase(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.619: Infantry Coys while short of squads, an AFV Pltn against the enemy armour seen (Dug-in if Russian),
    FPP for the defender, a HW Pltn for a strong infantry; each checked legal, CPP kept for later Days."""
    s, w = r.side(side), w["purchase"]
    chart = r.chart(side)
    orders, why = [], []
    squads = s.squad_equivalents(isolated=False)
    afv = len([u for u in s.retained("vehicle") if not u.isolated])
    seen = enemy_afv_seen(r, side)

    def spent():
        return rb_purchase.check(r, s, orders) if orders else 0

    reserve = w["keep"] * (r.c.dates_left - 1)  # CPP kept for each later CG Day; none after the last one

    def affordable(order):
        return _try(r, s, orders, order) and s.cpp - rb_purchase.check(r, s, orders + [order]) >= reserve

    def price(g: RGType, option: str = "") -> int:
        return rb_purchase.cost(r, side, g, rb_purchase.Order(g.id, option))

    def cheapest(groups: list[RGType], option: str = ""):
        legal = [g for g in groups if affordable(rb_purchase.Order(g.id, option))]
        return min(legal, key=lambda g: (price(g, option), g.id), default=None)

    def best(groups: list[RGType], option: str = ""):
        """The unit worth most per CPP (a squad by its quality, an AFV as 2 squads: whole thousandths, issue 21),
        drawn among those within NEAR percent of the best (issue 21: it bought only the cheapest companies)."""
        def score(g):
            per = squad_quality(g.units) if g.letter == "I" else 2 * MILLI
            return per * g.full // max(price(g, option), 1)
        legal = sorted((g for g in groups if affordable(rb_purchase.Order(g.id, option))),
                       key=lambda g: (-score(g), g.id))
        return mixed(legal, score, r.play.draw)

    companies = [g for g in chart.values() if rb_purchase.infantry_company(g) and g.full]
    while squads < w["squads_target"]:
        g, among = best(companies)
        if g is None:
            break
        orders.append(rb_purchase.Order(g.id))
        squads += g.full
        why.append(f"buys {g.label()}: {squads - g.full:g} squads, wants {w['squads_target']} (the most squad quality "
                   f"per CPP{drawn(among)})")
    platoons = [g for g in chart.values() if g.letter == "A" and "SPW" not in g.title and g.full]
    option = "dugin" if side == "Russian" else ""
    if afv < seen * w["afv_per_enemy_afv"]:
        g = cheapest(platoons, option)
        if g:
            orders.append(rb_purchase.Order(g.id, option))
            why.append(f"buys {g.label()}{' Dug-in at half cost (11.6194c)' if option else ''}: {afv} AFV against "
                       f"{seen} enemy AFV seen")
    if w["fortify"]:
        g = cheapest([g for g in chart.values() if "FPP" in g.units])
        if g:
            orders.append(rb_purchase.Order(g.id))
            why.append(f"buys {g.label()}: Fortifications for the defence of the factories")
    if squads >= w["hw_when_squads"]:
        g = cheapest([g for g in chart.values() if "HW" in g.title])
        if g:
            orders.append(rb_purchase.Order(g.id))
            why.append(f"buys {g.label()}: heavy weapons for {squads:g} squads")
    while (pick := best(companies + platoons))[0]:
        g, among = pick
        orders.append(rb_purchase.Order(g.id))
        squads += g.full if g.letter == "I" else 0
        why.append(f"buys {g.label()} with the CPP beyond its reserve ({'squad quality' if g.letter == 'I' else 'AFV'} "
                   f"per CPP{drawn(among)})")
    why.append(f"keeps {s.cpp - spent()} CPP for later CG Days ({w['keep']} for each of the {r.c.dates_left - 1} "
               "left)")
    return Reply([o.to_json() for o in orders], "; ".join(why),
                 (("squads", f"{squads:g}"), ("afv", f"{afv} vs {seen} seen")))


def fortifications(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.621: shares of the FPP by kind in order, Booby Traps for a rich Russian, the rest on the cheapest kind."""
    s, w = r.side(side), w["fortifications"]
    left, bought = s.fpp, {}

    def buy(kind, count):
        nonlocal left
        price = fortify.cost(r, side, kind, count)
        if count and price <= left:
            bought[kind] = bought.get(kind, 0) + count
            left -= price

    if "Booby Traps" in w["order"] and s.fpp >= w.get("booby_traps_from", 999) and fortify.booby_level(r) != "A":
        buy("Booby Traps", 1)
    budget = left
    for kind in w["order"]:
        if kind in w["shares"]:
            unit = fortify.cost(r, side, kind)
            buy(kind, int(budget * w["shares"][kind] // unit))
    cheapest = min(w["order"], key=lambda k: (fortify.cost(r, side, k), k))
    buy(cheapest, left // fortify.cost(r, side, cheapest))
    return Reply(bought, "spends the FPP by shares " + ", ".join(f"{k} {v:.0%}" for k, v in w["shares"].items())
                 + f", the rest on {cheapest}; unspent FPP would be forfeited (11.621)",
                 tuple((k, str(n)) for k, n in bought.items()))


DECISIONS = {  # the computer's answer to each question, by its key
    "escape": escape,
    "prisoners": prisoners,
    "battle_harden": battle_harden,
    "promotion": leader_hardening,
    "won_drm": won_drm,
    "mg_exchange": mg_exchange,
    "removal": removal,
    "purchase": purchase,
    "fortifications": fortifications,
    "commissars": commissars,
    "recon": recon,
}
