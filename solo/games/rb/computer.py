"""The computer side's Red Barricades RePh decisions (11.6063-11.6234), with weights from ai/rb.toml; each explained.

Reused from solo/ai/reph.py: the Reply pattern, `battle_harden` (11.6112 picks: the biggest class gains first) and
`leader_hardening` (11.6113/11.6114: always roll rather than exchange).
"""


from solo.ai.reph import (
    MILLI,
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
    street_quality,
    weights,
    won_drm,
)
from solo.campaign.reph import Reph
from solo.campaign.rg import RGType
from solo.campaign.steps import fortify
from solo.campaign.steps.recon import recon_mods
from solo.campaign.view import seen_by
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.rb import purchase as rb_purchase
from solo.games.rb import strength as rb_strength
from solo.games.rb.aftermath import GRADES, escape_mods, fact
from solo.games.rb.strength import commissar_types, pack_table
from solo.rules.odds import odds

escape = escape_decision("rb.escape", escape_mods, "11.6061")
prisoners = keep_prisoners("keeps its prisoners: freeing hands the enemy a unit back, executing brings Massacre "
                           "(11.608)",
                           "enemy gets a Conscript back", "Massacre next scenario")


def mg_exchange(r: Reph, side: str, w: dict, q: Question) -> Reply:
    return Reply(True, "an AFV's MG is worth more than a LMG on foot (11.6133)", (("no", "keep the LMG"),))


def removal(r: Reph, side: str, w: dict, q: Question) -> Reply:
    picks = list(range(1, len(q.context["items"]) + 1))
    return Reply(picks, "tries every item: each attempt is free, one per item (11.615)", ())


def revealed(r: Reph, side: str, spend: int) -> int:
    """The Locations a Recon of ``spend`` CPP reveals on average (11.622: the Final dr, +3 for 2 CPP, +1 Russian, the
    Majority Squad Type's drm), in thousandths."""
    mods = recon_mods(r, side, r.side(side), spend)
    p = sum(int(result.split()[0]) * chance for result, chance in odds(r.cat, "rb.recon", mods=mods)
            if result[0].isdigit())
    return p.numerator * MILLI // p.denominator


def recon(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.622: Recon reveals the enemy's hidden units and Fortifications in the Locations its Final dr gives (11.6245),
    worth ``location`` points a Location while the enemy shows Fortifications, the prepared defence its mines and HIP
    lie in (what it may see of him, seen_by: issue 21, it counted his hidden ones); each CPP spent is worth what a CPP
    kept is (cpp_value: nothing after the last CG Day). Spends the 0, 1 or 2 CPP worth most, in whole numbers (issue
    21)."""
    s, keep = r.side(side), cpp_value(r, side, w["purchase"]["keep"], 0)
    forts = sum(f.count for f in seen_by(r.c, side).fortifications)
    worth = milli(w["recon"]["location"]) if forts else 0
    scores = {spend: revealed(r, side, spend) * worth // MILLI - spend * keep for spend in (0, 1, 2) if spend <= s.cpp}
    spend = max(scores, key=lambda n: (scores[n], -n))
    return Reply(spend, f"spends {spend} CPP on Recon: {revealed(r, side, max(spend, 1)) / MILLI:.1f} Locations "
                 f"revealed on average, worth {shown(worth)} points each against {forts} enemy Fortifications seen; a "
                 f"CPP kept is worth {shown(keep)} points", tuple((str(n), shown(v)) for n, v in scores.items()))


def commissars(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.6206: exchange the poorest new leaders (8-1 or lower, as the EX does) for 10-0 Commissars."""
    best = "10-0" if "10-0" in commissar_types() else commissar_types()[0]
    low = sorted((u for u in q.context["leaders"] if GRADES.index(u.type) <= GRADES.index("8-1")),
                 key=lambda u: (GRADES.index(u.type), u.id))
    pairs = {u.id: best for u in low[: q.context["most"]]}
    return Reply(pairs, f"exchanges {', '.join(pairs) or 'nobody'} for {best} Commissars: a 10-0 steadies Conscripts "
                 "better than an 8-1 leads them (11.6206)", tuple((u.id, u.type) for u in q.context["leaders"]))


# --- 11.619 purchases: fighting power per CPP ---------------------------------------------------------

def enemy_afv_seen(r: Reph, side: str) -> int:
    """Enemy AFV seen on the map in the last scenario (facts on_map; russian_afv_seen for the Russian ones), of the
    enemy as the side may see him (seen_by)."""
    enemy = seen_by(r.c, side)
    seen = sum(1 for unit_id in fact(r, "on_map", []) if (u := enemy.unit(unit_id)) and u.kind == "vehicle")
    return max(seen, fact(r, "russian_afv_seen", 0) if side == "German" else 0)


def full_share(r: Reph, side: str) -> int:
    """Thousandths of the chance that a RG bought today is Full (11.6201: the Strength DR with the Historical DRM)."""
    p = sum(chance for result, chance in odds(r.cat, "rb.rg_strength", mods={"historical": r.historical(side)})
            if result.startswith("Full"))
    return p.numerator * MILLI // p.denominator


def _weapon(worth: dict, name: str) -> int:
    """A SW's worth by the word of its name the worth table knows ("81mm MTR" is a MTR); a SW's for any other."""
    return milli(next((worth["weapons"][word] for word in reversed(name.split()) if word in worth["weapons"]),
                      worth["weapons"]["SW"]))


def company_sw(r: Reph, side: str, g: RGType, worth: dict) -> int:
    """The worth of a Full Company's SW (11.6202, the pack's Infantry Company SW chart); none for a row it lacks."""
    try:
        row = r.cat.get(pack_table(r, "company_sw")).chart_row(f"{side} {g.title.replace(' Coy', '').strip()}")
    except SoloError:
        return 0
    return sum(_weapon(worth, sw) * int(row.results.get(sw) or 0) for sw in row.results)


def fighting_power(r: Reph, side: str, g: RGType, worth: dict, w: dict, share: int) -> tuple[int, str]:
    """What ``g`` brings to the next scenarios, in thousandths of a 4-4-7 squad, and in words: an Infantry Coy its
    squads at their street quality and its expected Strength (11.6201), its SW (11.6202) and leaders (11.6205); an AFV
    Pltn its AFV (a SPW half a tank); a HW Pltn its weapons and crews (11.6203); a Battery its Guns (11.6204); an OBA
    module; FPP for the defence (11.621), worth what the side's defence makes of them. ``share``: full_share."""
    each = {k: milli(v) for k, v in worth.items() if not isinstance(v, dict)}
    if g.full is not None and g.letter in "IA":
        count = g.full * share + (g.depleted or g.full) * (MILLI - share)  # thousandths of a unit
        if g.letter == "A":
            return count * each["spw" if "SPW" in g.title else "afv"] // MILLI, f"{count / MILLI:.1f} AFV"
        squads = count * street_quality(g.units) // MILLI
        if not rb_purchase.infantry_company(g):
            return squads, f"{count / MILLI:.1f} {g.units.split()[-1]}"
        return squads + company_sw(r, side, g, worth) + each["leaders"], \
            f"{count / MILLI:.1f} {g.units.split()[-1]} with their SW and leaders"
    if "HW" in g.title or "MOL-P" in g.title:
        listed = rb_strength.weapons(g.units)
        return sum(_weapon(worth, name) + each["crew"] for name in listed), f"{len(listed)} weapons and crews"
    if rb_strength.battery(g):
        guns = rb_strength.weapons(g.units)
        return each["gun"] * len(guns), f"{len(guns)} Guns"
    if rb_strength.oba(g):
        return each["oba"], "an OBA module"
    if g.fpp:
        return g.fpp * milli(w["fpp"]), f"{g.fpp} FPP"
    return _weapon(worth, g.units), g.units


OPTIONS = {"I": ("", "reserve"), "A": ("", "dugin")}  # 11.6194 b, c: the cheaper options a player weighs


def offer(r: Reph, side: str, g: RGType, option: str, afv_short: int, w: dict, share: int) -> tuple[int, int, str]:
    """``g`` bought with ``option``: its fighting power (whole thousandths, issue 21), its CPP and why. A Reserve Coy
    (11.6194b) starts Cloaked six hexes back, a Dug-in AFV (11.6194c) never moves: each worth ``w`` of a free one; an
    AFV Pltn is worth ``armor_need`` more while the side has fewer AFV than the enemy armour seen asks for."""
    power, what = fighting_power(r, side, g, weights("rb")["worth"], w, share)
    if option:
        power = power * milli(w[option]) // MILLI
        what += f", {'a Cloaked Reserve' if option == 'reserve' else 'Dug-in'}"
    if g.letter == "A" and afv_short > 0:
        power = power * milli(w["armor_need"]) // MILLI
        what += f", against the enemy armour ({afv_short} AFV short)"
    price = rb_purchase.cost(r, side, g, rb_purchase.Order(g.id, option))
    return power, price, f"{what} for {price} CPP"


class Basket:
    """What ``side`` may buy today (11.619), each RG with the options a player weighs, priced and checked legal."""

    def __init__(self, r: Reph, side: str, w: dict):
        self.r, self.side, self.s, self.w = r, side, r.side(side), w
        self.afv = len([u for u in self.s.retained("vehicle") if not u.isolated])
        self.wanted = enemy_afv_seen(r, side) * milli(w["afv_per_enemy_afv"]) // MILLI
        self.share = full_share(r, side)

    def offers(self, bought: list, need: bool = True) -> list[tuple[int, int, RGType, str, str]]:
        """(fighting power, CPP, RG, option, why) of each RG that may be bought beside ``bought`` ((RG, option)s);
        with ``need``, an AFV Pltn counts the enemy armour seen."""
        orders = [rb_purchase.Order(g.id, option) for g, option in bought]
        short = self.wanted - self.afv - sum(g.full or 0 for g, _ in bought if g.letter == "A") if need else 0
        out = []
        for g in self.r.chart(self.side).values():
            for option in OPTIONS.get(g.letter, ("",)):
                if (not option or option in self.w) and _legal(
                    self.r, self.s, orders + [rb_purchase.Order(g.id, option)]
                ):
                    power, price, why = offer(self.r, self.side, g, option, short, self.w, self.share)
                    out.append((power, price, g, option, why))
        return out

    def upgrade(self, bought: list) -> tuple[list, str] | None:
        """The best exchange of one RG bought for another of more fighting power (the armour need aside, so that each
        exchange adds power) that the CPP left pay for (the day's maximum reached with CPP to spare: 11.6195), or
        None."""
        best = None
        for i, (g, option) in enumerate(bought):
            rest = bought[:i] + bought[i + 1:]
            old = offer(self.r, self.side, g, option, 0, self.w, self.share)[0]
            for power, _, new, new_option, _ in self.offers(rest, need=False):
                if power > old and (best is None or power - old > best[0]):
                    swap = (f"{g.id}{' ' + option if option else ''} exchanged for {new.id}"
                            f"{' ' + new_option if new_option else ''} (+{shown(power - old)})")
                    best = (power - old, rest + [(new, new_option)], swap)
        return best[1:] if best else None


def purchase(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.619: the RGs with the most fighting power per CPP, again and again while one beats what a CPP kept is worth
    (cpp_value: a CPP left at the CG End counts nothing in RB, so the last CG Day spends everything), each checked legal
    (11.6194-11.6196); drawn among those within NEAR percent of the best (issue 21). Where a daily maximum (11.6195)
    leaves CPP unspent, a RG bought is exchanged for a stronger one those CPP pay for."""
    s, basket = r.side(side), Basket(r, side, w["purchase"])
    keep = cpp_value(r, side, w["purchase"]["keep"], 0)

    def offers(bought: list) -> list:
        return [(power // max(price, 1), g, option, why)
                for power, price, g, option, why in basket.offers([(b[1], b[2]) for b in bought])]

    picks, weighed = greedy(offers, keep, r.play.draw)
    why = [f"buys {g.label()}{' ' + option if option else ''}: {reason}, {shown(points)} points per CPP{drawn(among)}"
           for points, g, option, reason, among in picks]
    bought = [(g, option) for _, g, option, _, _ in picks]
    while (better := basket.upgrade(bought)) is not None:
        bought, exchange = better
        why.append(f"{exchange}: the day's maximum is reached with CPP to spare")
    orders = [rb_purchase.Order(g.id, option) for g, option in bought]
    spent = rb_purchase.check(r, s, orders) if orders else 0
    why.append(f"keeps {s.cpp - spent} CPP: a CPP kept is worth {shown(keep)} points (what it may buy on a later CG "
               "Day; nothing after the last one)")
    return Reply([o.to_json() for o in orders], "; ".join(why), weighed)


def _legal(r: Reph, s, orders: list) -> bool:
    """The purchase passes the 11.619 checks (maxima, companies per day) within the side's CPP."""
    try:
        return rb_purchase.check(r, s, orders) <= s.cpp
    except SoloError:
        return False


def fortifications(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """11.621: shares of the FPP by kind in order, Booby Traps for a rich Russian, the rest on the cheapest kind."""
    s, w = r.side(side), w["fortifications"]
    left = s.fpp
    bought: dict[str, int] = {}

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
            buy(kind, budget * milli(w["shares"][kind]) // (MILLI * unit))  # whole numbers
    cheapest = min(w["order"], key=lambda k: (fortify.cost(r, side, k), k))
    buy(cheapest, left // fortify.cost(r, side, cheapest))
    return Reply(bought, "spends the FPP by shares " + ", ".join(f"{k} {v:.0%}" for k, v in w["shares"].items())
                 + f", the rest on {cheapest}; unspent FPP would be forfeited (11.621)",
                 tuple((k, str(n)) for k, n in bought.items()))


DECISIONS: dict[str, Decision] = {  # the computer's answer to each question, by its key
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
