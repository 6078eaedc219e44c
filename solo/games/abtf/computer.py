"""The computer side's answers to the A Bridge Too Far RePh questions, weights from ai/abtf.toml.

Building blocks of solo/ai/reph.py reused: squad_quality, the mixed strategy's draw (mixed) and the MMC Battle
Hardening choice (battle_harden).
"""

import re
from functools import cache
from typing import cast

from solo.ai.reph import MILLI, NEAR, Decision, battle_harden, cpp_value, milli, mixed, shown, squad_quality
from solo.campaign.facts import CVP
from solo.campaign.rg import RGType
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.abtf import purchase as buy
from solo.games.abtf import refit
from solo.games.abtf.aftermath import block_control, fact, pairs
from solo.rules.odds import odds


def escape(r, side: str, w: dict, q: Question) -> Reply:
    """9.6054: each unit makes its own Escape DR (solo cannot see which share a Location); each SW goes with a MMC,
    one apiece, so no stack carries more than its IPC."""
    units = q.context["units"]
    carriers = [u for u in units if u.kind in ("squad", "hs", "crew")]
    weapons = [u for u in units if u.kind == "sw"]
    stacks = [f"{m.id}+{sw.id}" for m, sw in zip(carriers, weapons, strict=False)]
    left = [sw.id for sw in weapons[len(carriers):]]
    why = ("each unit escapes alone (stacking needs a shared Location, which solo cannot see)"
           + (f"; {', '.join(stacks)} carry one SW each" if stacks else "")
           + (f"; {', '.join(left)} left behind: no MMC to carry them" if left else ""))
    return Reply(stacks, why, tuple((u.id, u.kind) for u in units))


def random_selection(r, side: str, w: dict, q: Question) -> Reply:
    unit = q.context["units"][0]
    return Reply(unit.id, "the computer never stacks escapees; the first unit of the stack is named",
                 tuple((u.id, "") for u in q.context["units"]))


SHIFTERS = ("squad", "hs", "crew", "leader", "hero", "vehicle", "armor-leader")  # Personnel and Mobile vehicles (9.613)


def _areas(r, side: str) -> dict[str, list]:
    """The side's Retained units by the Setup Area (Block) they are in: where they Shifted to, else the facts' areas
    (9.613: the map's part, which the player reports)."""
    given = pairs(fact(r, "areas", ""), "areas")
    out: dict[str, list] = {}
    for unit in r.side(side).retained():
        area = unit.detail.get("area") or given.get(unit.id)
        if area:
            out.setdefault(area.removeprefix("Block ").strip(), []).append(unit)
    return out


def _path(paths: dict[str, str], a: str, b: str) -> int | None:
    """Uncontrolled Territory hexes along the shortest Enterable path between Areas a and b (the facts' paths, "A>H=2",
    either way round); None: no path is known (9.613)."""
    hexes = paths.get(f"{a}>{b}", paths.get(f"{b}>{a}"))
    return int(hexes) if hexes is not None and hexes.isdigit() else None


def _target(r, side: str, objective: str, paths: dict[str, str]) -> str | None:
    """Where a group is most useful: the objective Block if the side holds it (the British hold Block H against the
    9.6212 Sudden Death), else the Friendly Setup Area nearest to it (the German's jumping-off point)."""
    mine = sorted(b for b, s in block_control(r).items() if s == side)
    if objective in mine:
        return objective
    near = [(_path(paths, b, objective), b) for b in mine if _path(paths, b, objective) is not None]
    return min(near)[1] if near else None


def shift_odds(r, side: str, hexes: int) -> tuple[int, int]:
    """The Shift Table's exact chances (thousandths) that the group arrives whole, and that it is ambushed and
    Eliminated (9.613: -2 British, -1 British after an Idle CG Date, +1 per two Uncontrolled hexes)."""
    mods = refit.shift_mods(r, side, hexes)
    chances = odds(r.cat, "abtf.shift", mods=mods)
    whole = sum(p for result, p in chances if result == "Successful Shift")
    lost = sum(p for result, p in chances if "Eliminated" in result)
    return int(whole * MILLI), int(lost * MILLI)


def shift(r, side: str, w: dict, q: Question) -> Reply:
    """9.613 Shift as a player would: every group of another Friendly Setup Area moves to the most useful one (the
    objective Block the side holds, else its Area nearest to it) when the Shift Table odds are good (at least
    ``min_success`` to arrive whole, at most ``max_loss`` to be ambushed); it needs the Areas of the units and the paths
    between them, which the player reports with the facts (areas, paths)."""
    w = w["shift"]
    paths = pairs(fact(r, "paths", ""), "paths")
    target = _target(r, side, w["objective"], paths)
    if target is None:
        return Reply([], "no Shift: no Friendly Setup Area with a known path to Block "
                     f"{w['objective']} (the facts give no Block Control, areas or paths)",
                     (("shift", "no path known"),))
    picks, why, weighed = [], [], []
    for area, units in sorted(_areas(r, side).items()):
        hexes = _path(paths, area, target)
        group = [u for u in units if u.kind in SHIFTERS and "immobilized" not in u.flags]
        if area == target or hexes is None or not group:
            continue
        whole, lost = shift_odds(r, side, hexes)
        weighed.append((f"{area}>{target}", f"{whole / 10:g}% whole, {lost / 10:g}% ambushed, {hexes} hexes"))
        if whole >= milli(w["min_success"]) and lost <= milli(w["max_loss"]):
            picks.append(f"{'+'.join(u.id for u in group)}>Block {target} hexes={hexes}")
            why.append(f"Block {area} Shifts {len(group)} units to Block {target}: {whole / 10:g}% to arrive whole")
        else:
            why.append(f"Block {area} stays: {whole / 10:g}% to arrive whole, {lost / 10:g}% to be ambushed")
    return Reply(picks, (f"Block {target} is where the CG is decided (9.6212); " + "; ".join(why)) if why else
                 f"no Shift: no group outside Block {target} with a known path to it", tuple(weighed))


PER_UNIT = {"armor": "armor", "at": "armor", "aa": "aa", "recon": "recon", "gun": "guns"}  # the weight of a vehicle or
# Gun, by what its RG is for
KIND = {"I": "squad", "A": "vehicle", "G": "gun"}  # the counters a RG brings, by its ID letter (9.6171)


def full_chance(r, side: str, g: RGType) -> int:
    """The chance, in thousandths, that the RG arrives at Full Strength (9.6181, the RG Strength Table's exact odds)."""
    if g.full is None or g.depleted is None:
        return MILLI
    chances = odds(r.cat, "abtf.rg_strength", mods=buy.strength_mods(r, side, g))
    return int(sum(p for result, p in chances if result == "Full") * MILLI)


def support_weapons(r, side: str, g: RGType, full: int) -> int:
    """The SW an Infantry RG brings (9.6182), in thousandths: every one at Full Strength, each on its dr <= n when
    Depleted."""
    table = r.cat.get(r.defn.tables["sw_chart"][side])
    if not any(row.key == buy.base_id(g.id) for row in table.rows):
        return 0
    total = 0
    for cell in table.chart_row(buy.base_id(g.id)).results.values():
        match = re.fullmatch(r"(\d|\*)\((\d)\)", str(cell).strip())
        if match:
            count = 1 if match[1] == "*" else int(match[1])
            total += count * (full + (MILLI - full) * int(match[2]) // 6)
    return total


def power(r, side: str, g: RGType, w: dict) -> tuple[int, int, str]:
    """The fighting power a RG brings at its real strength, in thousandths of a point, the CVP it puts at risk (in
    thousandths; facts.CVP), and what it is, in a player's words: its squads by their quality against a 4-4-7
    (squad_quality), a vehicle or Gun by what it is for (a flak halftrack is no tank), the SW and the leader an
    Infantry RG receives (9.6182-9.6183)."""
    full = full_chance(r, side, g)
    count = (g.full or 0) * full + (g.depleted or 0) * (MILLI - full)  # thousandths of a unit
    if g.letter == "I":
        sw = support_weapons(r, side, g, full)
        pts = count * milli(w["infantry"]) // MILLI * squad_quality(g.units) // MILLI + sw * milli(w["sw"]) // MILLI \
            + milli(w["leader"])
        cvp = count * CVP["squad"] + sw * CVP["sw"] + MILLI * CVP["leader"]
        return pts, cvp, f"{count / MILLI:.1f} x {g.units} ({full // 10}% Full), {sw / MILLI:.1f} SW and a leader"
    role = g.role
    if role in PER_UNIT and g.letter in KIND:
        kind = KIND[g.letter]
        return count * milli(w[PER_UNIT[role]]) // MILLI, count * CVP[kind], f"{count / MILLI:.1f} x {g.units} ({role})"
    return 0, 0, g.role


UNIT_WEIGHT = {"leader": "leader", "hero": "leader", "sw": "sw", "gun": "guns"}  # the weight of a counter of the OB
# that is no MMC and no vehicle, by its kind
REFERENCE_DENSITY = CVP["squad"] * MILLI  # CVP per point of a line squad (a 4-4-7: 1 point, 2 CVP), in thousandths:
# the density of an OB with nothing in it yet


def unit_power(r, side: str, u, w: dict) -> tuple[int, int]:
    """One Retained counter's fighting power and CVP, both in thousandths, weighed as a RG's are (power): an MMC by its
    quality against a 4-4-7 (a HS or crew by its own numbers), a vehicle by what its RG is for (a flak halftrack is no
    tank; a vehicle of no purchased RG, e.g. one the OB gives, as armour), a leader, SW or Gun by its weight."""
    if u.kind in ("squad", "hs", "crew"):
        return milli(w["infantry"]) * squad_quality(u.type) // MILLI, CVP[u.kind] * MILLI
    if u.kind == "vehicle":
        line = next((p for p in r.side(side).purchases if p.line == u.rg), None) if u.rg else None
        g = r.chart(side).get(line.rg) if line else None
        role = g.role if g else "armor"
        return milli(w[PER_UNIT.get(role, "armor")]), CVP["vehicle"] * MILLI
    if u.kind in UNIT_WEIGHT:
        return milli(w[UNIT_WEIGHT[u.kind]]), CVP[u.kind] * MILLI
    return 0, CVP.get(u.kind, 0) * MILLI


def density(r, side: str, w: dict) -> int:
    """The CVP the side's OB puts at risk per point of its fighting power, in thousandths (REFERENCE_DENSITY for an
    empty
    OB): what the enemy's fire takes is spread over the whole OB, so each point of power draws this much of it."""
    pts = cvp = 0
    for u in r.side(side).retained():
        p, c = unit_power(r, side, u, w)
        pts, cvp = pts + p, cvp + c
    return cvp * MILLI // pts if pts else REFERENCE_DENSITY


def value(r, side: str, g: RGType, w: dict, share: int | None = None) -> tuple[int, str]:
    """Thousandths of a point a RG is worth to the side now (a whole number, issue 21), and why: its fighting power
    less the CVP it risks beyond its share of the enemy's fire (``share``, CVP per point of the OB: density), or, for
    FPP,
    the fortifications while CG Dates remain to defend them.

    The CG is won on casualties (CVP, the CG card being the player's). The enemy's fire takes the same share of every
    unit of the OB, so what a unit hands the enemy is its own CVP, and what its fire keeps off the rest of the OB is its
    power's share of the CVP at risk: a unit whose CVP exceed that share (a flak halftrack worth an AFV's 5 CVP, a SW)
    is
    a gift to the enemy; one within it (a tank platoon among paratroopers, an SS platoon) costs nothing beyond its
    price. Weighed before (issue 21): every CVP a RG brings as a cost, which kept the German from buying any tank until
    the last CG Date, though a tank platoon kills more than it hands over."""
    if "FPP" in g.units:
        left, total = r.c.dates_left, len(r.c.dates)
        return milli(w["fortifications"]) * left // total, \
            f"{g.units} with {left * 100 // total}% of the CG still to fight"
    pts, cvp, what = power(r, side, g, w)
    if not pts:
        return milli(w["other"]), f"a RG of another type ({what})"
    share = density(r, side, w) if share is None else share
    beyond = max(0, cvp - pts * share // MILLI)
    risk = beyond * milli(w["cvp"]) // MILLI
    return pts - risk, f"{what}: fighting power {shown(pts)}" + (
        f" less {shown(risk)} for the {beyond / MILLI:.2f} of its {cvp / MILLI:.1f} CVP beyond its share of the fire"
        if risk else f", its {cvp / MILLI:.1f} CVP within its share of the fire ({share / MILLI:.1f} a point)")


# Whole purchases within NEAR percent of the best are drawn among (issue 21's mixed strategy), the window of
# solo/ai/reph.py's picks: the points are a player's judgment (a tank two squads, a SW a quarter), and purchases within
# 10% of each other are as good as it can tell. Within 5%, on 18AM, the British (six RG types on the TEST pack, their
# 6-4-8 platoons at 4, 5 and 6 CPP) bought one of 4 sets over 50 seeds, the German one of 16.
BASKETS_MOST = 200  # near-best purchases listed at most (the draw is among the best of them)


Basket = tuple[int, tuple[tuple[int, int], ...]]  # a purchase's points, and its RGs: (index into the offers, count)


def baskets(items: list[tuple], cpp: int, keep: int, percent: int = NEAR) -> list[Basket]:
    """The purchases within ``percent`` of the best, best first, as (points, the RGs by index into ``items``, each
    with its count): ``items`` are (points of one, CPP of one, how many may be bought); a purchase scores its RGs'
    points and ``keep`` points for each CPP it leaves (9.617 halves them). A knapsack over the CPP on hand (whole
    numbers): the best purchase first, then every one near it, each RG up to its CG Date and CG Maximums."""
    nets = [(pts - keep * cost, cost, most) for pts, cost, most in items]

    @cache
    def best(i: int, room: int) -> int:
        if i == len(nets):
            return 0
        net, cost, most = nets[i]
        return max(k * net + best(i + 1, room - k * cost) for k in range(min(most, room // cost if cost else most) + 1))

    top = best(0, cpp) + keep * cpp
    floor = top * (100 - percent)  # a purchase is near when its points x 100 reach this
    found: list[Basket] = []

    def walk(i: int, room: int, points: int, chosen: tuple[tuple[int, int], ...]) -> None:
        if len(found) >= BASKETS_MOST:
            return
        if i == len(nets):
            found.append((points + keep * cpp, chosen))
            return
        net, cost, most = nets[i]
        for k in range(min(most, room // cost if cost else most), -1, -1):
            if (points + k * net + best(i + 1, room - k * cost) + keep * cpp) * 100 >= floor:
                walk(i + 1, room - k * cost, points + k * net, chosen + ((i, k),) if k else chosen)
    walk(0, cpp, 0, ())
    return sorted(found, key=lambda b: (-b[0], b[1]))


def purchase(r, side: str, w: dict, q: Question) -> Reply:
    """9.617: the purchase that brings the most points for the CPP on hand, each RG worth its fighting power at its
    real strength less the CVP it risks beyond its share (value), each CPP left over what keeping it is worth (9.617
    halves it: cpp_value); drawn among the purchases within NEAR percent of the best (issue 21).

    A whole purchase is weighed, as a player fills his CPP: buying the RG with the most points per CPP again and again
    (the greedy of solo/ai/reph.py, used before) left CPP that a dearer RG would have used, and drew only among RGs of
    near-equal points per CPP, so the same date's purchase hardly ever differed between saves (ABtF's 17N: 2 German and
    1 British purchase over 50 seeds)."""
    s, w = r.side(side), w["purchase"]
    keep = cpp_value(r, side, w["keep"], 0)
    share = density(r, side, w)
    offers = []
    for g in r.chart(side).values():
        most = min(g.date_max - s.bought(g.id, r.c.date), g.cg_max - s.bought(g.id),
                   s.cpp // g.cpp if g.cpp else g.date_max)
        if most > 0:
            pts, reason = value(r, side, g, w, share)
            if pts > 0:
                offers.append((g, pts, reason, most))
    offers.sort(key=lambda o: (-(o[1] // max(o[0].cpp, 1)), o[0].id))
    found = baskets([(pts, g.cpp, most) for g, pts, _, most in offers], s.cpp, keep)
    picked, among = mixed(found, lambda b: b[0], r.play.draw, NEAR)
    points, chosen = cast(Basket, picked)  # one of ``found`` (mixed returns an option as it was given)
    ids = [offers[i][0].id for i, k in chosen for _ in range(k)]
    buy.check_purchase(r, s, ids)  # legal by construction (the CG Date and CG Maximums, the CPP): checked all the same
    why = [f"buys {g.label()}{f' x{k}' if k > 1 else ''} for {g.cpp * k} CPP: {reason} "
           f"({shown(pts // max(g.cpp, 1))} points/CPP)" for (g, pts, reason, _),
           k in ((offers[i], k) for i, k in chosen)]
    left = s.cpp - sum(r.rg(side, i).cpp for i in ids)
    why.append(f"keeps {left} CPP (halved to {-(-left // 2)} by 9.617; worth {shown(keep)} points/CPP)")
    if not offers:  # issue 36: "keeps 64 CPP ... drawn among 2 purchases" when no RG could be bought
        why.append("no RG to buy: each is at its CG Date or CG Maximum (9.6175), costs more than the CPP on hand, or "
                   "brings no points")
    else:
        why.append(f"{shown(points)} points in all" + (f", drawn among {among} purchases within {NEAR}% of the best"
                                                       if among > 1 else ", the best purchase"))
    weighed = tuple((", ".join(offers[i][0].id for i, k in b for _ in range(k)) or "none", f"{shown(score)} points")
                    for score, b in found[:6])
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
        count = s.fpp * milli(w["shares"].get(kind, 0)) // (MILLI * buy.fortification_cost(r, side, kind))
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


DECISIONS: dict[str, Decision] = {  # the computer's answer to each question, by its key
    "escape": escape,
    "random_selection": random_selection,
    "shift": shift,
    "purchase": purchase,
    "fortifications": fortifications,
    "battle_harden": battle_harden,
}
