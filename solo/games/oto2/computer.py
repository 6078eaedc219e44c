"""The computer side's OtO2 RePh decisions (7.5063-7.5225): scripted heuristics with weights from ai/oto2.toml, each
explained. Reused from solo/ai/reph.py: the greedy purchase, the Escape choice and the Battle Hardening picks."""

import copy
import math

from solo.ai.reph import (
    SURPLUS,
    battle_harden,
    escape_decision,
    greedy,
    leader_hardening,
    weights,
)
from solo.campaign import rg as rgs
from solo.campaign.reph import Reph
from solo.campaign.state import SideState
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.oto2.aftermath import escape_mods
from solo.games.oto2.purchase import FORT_COSTS, basket

AT_RGS = {"German": ("G1", "G2", "V1", "V2", "V3", "V4"), "Russian": ()}


# --- 7.518 purchases -----------------------------------------------------------------------

class Needs:
    """What the side is short of, counting the RGs already chosen this RePh at their Full strength."""

    def __init__(self, r: Reph, s: SideState, w: dict):
        facts, c = r.c.facts, r.c
        # RGs recorded on this CG Date but not yet received (7.519): the Initial OB's given ones
        pending = [r.rg(s.name, p.rg) for p in s.purchases if p.date == c.date and not p.units and not p.strength]
        self.lvp_russian = c.last.lvp if c.last else 0
        held = r.defn.victory["lvp"] - self.lvp_russian
        self.squads = sum(1 for u in s.retained("squad") if not u.isolated) + 0.5 * len(s.retained("hs"))
        self.squads_wanted = math.ceil(w["squads_per_lvp"] * max(held, 1))
        at_lines = {p.line for p in s.purchases if p.rg in AT_RGS[s.name]}
        self.at = sum(1 for u in s.retained("gun", "vehicle") if u.rg in at_lines)
        self.afv_seen = facts.get("russian_afv_seen") if facts else None
        if self.afv_seen is None:
            self.afv_seen = _initial_afv(r)
        self.at_wanted = math.ceil(w["at_per_afv"] * self.afv_seen)
        self.armor = len(s.retained("vehicle"))
        if not c.scenarios:  # the Initial OB's vehicles come at 7.519, after the purchase
            self.armor += sum(u["count"] for u in r.defn.initial[s.name].get("units", []) if u["kind"] == "vehicle")
        self.armor_wanted = w.get("armor_target", self.at_wanted)
        self.oba = rgs.oba_modules(s)
        self.observers = len(s.retained("observer"))
        self.oba_limit = r.defn.limits["oba_per_scenario"][s.name]
        self.scale = c.dates_left / len(c.dates)  # fortifications count for every scenario still to come
        self.bad_weather = c.weather.get(c.date) in ("Overcast", "Rain")
        self.held = held
        self.side = s.name
        self._add(pending)

    def _add(self, chosen: list[rgs.RGType]) -> None:
        """Count RGs chosen (or recorded, not yet received) at their Full strength."""
        self.squads += sum(g.full or 0 for g in chosen if g.letter == "I" and g.infantry_company)
        self.at += sum(g.full or 0 for g in chosen if g.id in AT_RGS[self.side])
        self.armor += sum(g.full or 0 for g in chosen if g.letter == "V")
        self.oba += sum(g.is_oba for g in chosen)
        self.observers += sum(g.is_observer for g in chosen)

    def plus(self, chosen: list[rgs.RGType]) -> "Needs":
        """The needs once ``chosen`` are bought too (the side's own counts are worked out once a purchase)."""
        more = copy.copy(self)
        more._add(chosen)
        return more


def _initial_afv(r: Reph) -> int:
    """The Russian AFV of the printed Initial OB (7.4): public, so the German may plan against them."""
    russian = r.defn.initial["Russian"]
    chart = r.chart("Russian")
    return sum(chart[g].full or 0 for g in russian["rg"] if chart[g].letter == "V") + \
        sum(u["count"] for u in russian.get("units", []) if u["kind"] == "vehicle")


def value(g: rgs.RGType, n: Needs, w: dict) -> tuple[float, str]:
    """Points a RG is worth to the side now, and why, in a player's words."""
    count = g.full or 0
    short = max(0.0, n.squads_wanted - n.squads)
    if g.letter == "I" and g.infantry_company:
        pts = w["infantry"] * min(count, short) + SURPLUS * w["infantry"] * max(0, count - short)
        return pts, f"infantry {n.squads:g} squads for {n.held} LVP to {'hold' if g.side == 'German' else 'take'}, wants {n.squads_wanted}"
    if g.is_cupola:
        return w["fortifications"] * n.scale * 0.4, "two MG Cupolas strengthen the line while scenarios remain"
    if g.is_hw:
        weapons = 2
        return w["infantry"] * (0.6 if short else 0.3) * weapons, f"heavy weapons for the infantry ({n.squads:g} squads)"
    if g.id in AT_RGS[g.side]:
        at_short = max(0, n.at_wanted - n.at)
        pts = w["at"] * min(count, at_short) + SURPLUS * w["armor"] * max(0, count - at_short)
        return pts, f"AT assets {n.at} against {n.afv_seen} Russian AFV seen, wants {n.at_wanted}"
    if g.letter in "VG":
        armor_short = max(0, n.armor_wanted - n.armor) if g.letter == "V" else 0
        pts = w["armor"] * min(count, armor_short) + SURPLUS * w["armor"] * max(0, count - armor_short) if g.letter == "V" \
            else 0.4 * w["infantry"] * count
        return pts, (f"armour {n.armor} AFV, wants {n.armor_wanted}" if g.letter == "V" else "guns to support the infantry")
    if g.is_oba:
        return (w["oba"] if n.oba < n.oba_limit else 0.0), f"OBA modules {n.oba} of the {n.oba_limit} usable (CG13)"
    if g.is_observer:
        return (0.3 * w["oba"] if n.observers < n.oba else 0.0), f"an Offboard Observer for {n.oba} OBA modules ({n.observers} now)"
    if g.is_cbm:
        return 0.4 * w["oba"], "counter-battery fire against the enemy OBA"
    if g.letter == "F":
        return w["aircraft"] * (0.5 if n.bad_weather else 1.0), "air support" + (" (poor weather)" if n.bad_weather else "")
    if g.letter == "B":
        return 1.5 * w["oba"], "a pre-game Bombardment"
    if g.title.replace(" ", "") == "50FPP":
        return w["fortifications"] * n.scale, f"50 FPP of fortifications, {n.scale:.0%} of the CG still to fight"
    if g.title == "Minefield":
        return w["minefield"] * n.scale, f"a minefield, {n.scale:.0%} of the CG still to fight"
    if g.title == "SAN # Increase":
        return w["san"], "a higher SAN"
    if g.title == "Reconnaissance":
        return w.get("recon", 0.8), "Recon with the +3 drm"
    return 0.0, "no use found"


def _item(g: rgs.RGType, w: dict, initial: bool) -> rgs.Item:
    prereg = w["prereg"] if "f" in g.notes else 0
    offboard = w["offboard_vehicles"] and g.letter == "V" and g.discountable and not (initial and g.side == "Russian")
    return rgs.Item(g.id, offboard=offboard, prereg=prereg)


def purchase(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.518: buy the RG with the most points per CPP, again and again, while that beats keeping the CPP."""
    s, w = r.side(side), w["purchase"]
    chart, initial = r.chart(side), not r.c.scenarios
    keep = w["keep_last"] if r.c.is_last_date else w["keep"]
    needs, empty = Needs(r, s, w), basket(r, s)

    def offers(bought: list[tuple]) -> list[tuple]:
        n = needs.plus([b[1] for b in bought])
        basket = empty.copy()  # what is bought so far, checked once
        for b in bought:
            basket.add(b[2])
        out = []
        for g in chart.values():
            item = _item(g, w, initial)
            more = basket.copy()
            try:
                more.add(item)
                more.close()
            except SoloError:
                continue
            pts, reason = value(g, n, w)
            if pts > 0:
                out.append((pts / rgs.cost(g, item), g, item, reason))
        return out
    bought, weighed = greedy(offers, keep)
    items, why = [b[2] for b in bought], []
    for ratio, g, item, reason in bought:
        if why and why[-1][0] == item:
            why[-1][1] += 1
        else:
            why.append([item, 1, g, reason, ratio])
    left = s.cpp - sum(rgs.cost(chart[i.rg], i) for i in items)
    why = [_bought(*entry) for entry in why]
    if r.c.is_last_date and side == "German":
        why.append(f"keeps {left} CPP: each one left after the last RePh is 1 VP off the Russian total (7.518), "
                   f"worth {keep} points/CPP, more than any further RG")
    else:
        why.append(f"keeps {left} CPP for later CG Dates (worth {keep} points/CPP)")
    return Reply([i.to_json() for i in items], "; ".join(why), weighed)


def _bought(item: rgs.Item, count: int, g: rgs.RGType, reason: str, ratio: float) -> str:
    return (f"buys {f'{count} x ' if count > 1 else ''}{g.label()} for {rgs.cost(g, item)} CPP{' each' if count > 1 else ''}"
            + (" entering from off board (CG12a)" if item.offboard else "")
            + (f" with {item.prereg} Pre-Registered hex" if item.prereg else "")
            + f": {reason} ({ratio:.2f} points/CPP)")


# --- other decisions ----------------------------------------------------------------------

def fortifications(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.520: shares of the FPP by kind; an AT Ditch first against much Russian armour; the rest to the cheapest."""
    s, w = r.side(side), w["fortifications"]
    left, bought, why = s.fpp, {}, []
    afv = Needs(r, s, weights_for(r, side)).afv_seen
    if afv >= w["at_ditch_when_afv"] and left >= FORT_COSTS["AT Ditch"]:
        bought["AT Ditch"] = 1
        left -= FORT_COSTS["AT Ditch"]
        why.append(f"an AT Ditch first: the Russians showed {afv} AFV")
    budget = left
    for kind in w["order"]:
        count = int(budget * w["shares"].get(kind, 0) // FORT_COSTS[kind])
        if count:
            bought[kind] = bought.get(kind, 0) + count
            left -= count * FORT_COSTS[kind]
    for kind in sorted(w["order"], key=lambda k: (FORT_COSTS[k], k)):
        while left >= FORT_COSTS[kind]:
            bought[kind] = bought.get(kind, 0) + 1
            left -= FORT_COSTS[kind]
    why.append("spends the FPP by shares " + ", ".join(f"{k} {v:.0%}" for k, v in w["shares"].items())
               + "; unspent FPP would be forfeited (7.520)")
    return Reply(bought, "; ".join(why), tuple((k, f"{n} x {FORT_COSTS.get(k)} FPP") for k, n in bought.items()))


def weights_for(r: Reph, side: str) -> dict:
    return weights(r.defn.id)[side]["purchase"]


escape = escape_decision("oto2.escape", escape_mods, "7.5061")


def removal(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.514: try every item allowed, the likeliest first (rear, then adjacent, then Front-Line hexes)."""
    order = {"rear": 0, "adjacent": 1, "front-line": 2}
    items = q.context["items"]
    ranked = sorted(range(1, len(items) + 1), key=lambda n: (order[items[n - 1]["where"]], n))
    squads, tracked, picks = q.context["squads"], q.context["tracked"], []
    for n in ranked:
        wreck = any(k in items[n - 1]["item"].lower() for k in ("wreck", "immobile"))
        room = tracked if wreck else squads
        if room > 0:
            picks.append(n)
            tracked, squads = (tracked - 1, squads) if wreck else (tracked, squads - 1)
    return Reply(picks, f"tries {len(picks)} of {len(items)} items, the likeliest first (no Front-Line drm)",
                 tuple((items[n - 1]["item"], items[n - 1]["where"]) for n in ranked))


def abandon(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.5137: wreck a vehicle that can neither move nor fire; keep one that can still do either."""
    useless = [v.id for v in q.context["units"] if {"immobilized", "ma-disabled"} <= v.flags]
    kept = [v.id for v in q.context["units"] if v.id not in useless]
    why = (f"wrecks {', '.join(useless)}: immobile with its Main Armament disabled" if useless else "wrecks nothing")
    if kept:
        why += f"; keeps {', '.join(kept)}: an immobile AFV whose gun works still holds its hex like a pillbox"
    return Reply(useless, why, tuple((v.id, v.label) for v in q.context["units"]))


def mg_exchange(r: Reph, side: str, w: dict, q: Question) -> Reply:
    v, mg = q.context["vehicle"], q.context["lmg"]
    return Reply(True, f"repairs {v.id}'s MG with {mg.id}: a MG on an AFV moves and is armoured, one on foot needs "
                 "a crew (7.5133)", (("no", f"keep {mg.id} {mg.type}"),))


def remann(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.5131a: each free crew re-mans an abandoned vehicle of its Area (Qualified Use); squads and HS stay on foot."""
    crews, pairs = [u for u in q.context["units"] if u.kind == "crew"], {}
    for v in q.context["vehicles"]:
        crew = next((u for u in crews if u.isolated == v.isolated and u.id not in pairs.values()), None)
        if crew:
            pairs[v.id] = crew.id
    why = "; ".join(f"{u} re-mans {v}" for v, u in pairs.items()) or "no free crew"
    return Reply([f"{v}={u}" for v, u in pairs.items()], why + ": a crew operates a vehicle by Qualified Use; "
                 "infantry would man one only by non-Qualified Use (A21.13) and is worth more on foot",
                 tuple((u.id, u.label) for u in q.context["units"]))


def free_prisoners(r: Reph, side: str, w: dict, q: Question) -> Reply:
    return Reply(False, "keeps its prisoners: freeing them would hand the enemy back a unit (7.508)")


def recon(r: Reph, side: str, w: dict, q: Question) -> Reply:
    s, w = r.side(side), w["recon"]
    spend = 2 if s.cpp >= w["two_cpp_from"] else min(1, s.cpp)
    return Reply(spend, f"spends {spend} CPP on Recon with {s.cpp} Left: knowing where the hidden Germans are saves "
                 "more than the CPP would buy", (("0", "no recon"), ("1", "recon"), ("2", "recon +3 drm")))


DECISIONS = {  # the computer's answer to each question, by its key
    "purchase": purchase,
    "fortifications": fortifications,
    "escape": escape,
    "battle_harden": battle_harden,
    "leader_hardening": leader_hardening,
    "removal": removal,
    "free_prisoners": free_prisoners,
    "recon": recon,
    "abandon": abandon,
    "mg_exchange": mg_exchange,
    "remann": remann,
}
