"""Valor of the Guards Refit Phase 12.621-12.624: RG purchase (On-Map, Reserve, Dug-In; Entry Codes; maxima; German
Support CPP), RG strength with the five-level Coy table, SW, HW & MOL-P, Guns/OBA, leaders, Commissars, armor
leaders, fortifications and Recon (seed 001)."""

import re
from dataclasses import dataclass

from solo.campaign.reph import Reph, step
from solo.campaign.rg import RGType, companies_per_day, option_cost, purchase_entries, typed_item
from solo.campaign.state import Purchase, SideState
from solo.core.choices import MOST, whole
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.games.votg.aftermath import COUNTERATTACK
from solo.games.votg.refit import (
    set_support_cpp,
    support_cpp,
)

OPTIONS = ("onmap", "reserve", "dugin")
COY_LEVELS = ("Reinforced Strength", "Full Strength", "Lightly Depleted", "Moderately Depleted", "Heavily Depleted")


@dataclass(frozen=True)
class Item:
    """One RG to buy (12.6214): ``option`` "" | "onmap" (a) | "reserve" (b) | "dugin" (c); Reserve Dummy Cloaking."""

    rg: str
    option: str = ""
    dummies: int = 0

    def to_json(self) -> dict:
        return {"rg": self.rg} | ({"option": self.option} if self.option else {}) | \
            ({"dummies": self.dummies} if self.dummies else {})


def parse_item(raw) -> Item:
    """ "I1", "I1 onmap", "I2 reserve dummies=5", "A3 dugin", or {rg = "I2", option = "reserve", dummies = 5}."""
    if isinstance(raw, str):
        typed = typed_item(raw, OPTIONS, ("dummies",), "onmap, reserve, dugin, dummies=N")
        raw = {key: value for key, value in typed.items() if key not in OPTIONS}
        options = [key for key in typed if key in OPTIONS]
        if options:
            raw["option"] = options[-1]
    if not isinstance(raw, dict) or "rg" not in raw or set(raw) - {"rg", "option", "dummies"}:
        raise SoloError(f'RG entry {raw!r}: give "I1 onmap" or {{rg = "I2", option = "reserve", dummies = 5}}')
    option = str(raw.get("option", "")).lower()
    if option not in ("",) + OPTIONS:
        raise SoloError(f"RG entry {raw!r}: option is onmap, reserve or dugin; dummies a whole number")
    return Item(str(raw["rg"]).upper(), option, whole(raw.get("dummies", 0), 0, MOST, f"RG {raw['rg']} dummies"))


def available_from(r: Reph, code: str) -> str | None:
    """12.6217 Date Available: the first CG Day of an Entry Code, from the votg.entry_codes chart ("Available beginning
    20 September"). Yellow's is in SSR II-4, not in the texts; Red's is the night of 14 Sept, so on 14 Sept a Red RG is
    bought only for a Counterattack, which may be a Night scenario (our reading; checked by the caller)."""
    if not code:
        return None
    found = re.search(r"beginning (\d+) September", str(r.cat.chart("votg.entry_codes", code, "Date Available")))
    return f"{found.group(1)} Sept" if found else None


def raw_row(r: Reph, side: str, rg_id: str) -> dict:
    return r.cat.get(r.defn.tables["rg_chart"][side]).chart_row(rg_id).results


def is_coy(g: RGType) -> bool:
    return g.letter == "I" and "Coy" in g.title


def is_hw(g: RGType) -> bool:
    return g.letter == "I" and ("HW" in g.title or "MOL-P" in g.title)


def cost(r: Reph, side: str, g: RGType, item: Item) -> int:
    """12.6214 a-c (rg.option_cost)."""
    return option_cost(g, item.option, r.defn.limits)


def coy_max(r: Reph, side: str) -> int:
    """12.6215 (rg.companies_per_day)."""
    return companies_per_day(r.defn.limits, r.historical_drm(side))


def check(r: Reph, s: SideState, items: list[Item]) -> int:
    """Refuse an illegal purchase with one line (12.6214-12.6217, 12.6181); return the CPP it costs."""
    chart, date = r.chart(s.name), r.c.date
    spent, infantry, ids = 0, 0, []
    for item in items:
        g = chart.get(item.rg)
        if g is None:
            raise SoloError(f"no RG {item.rg!r} on the {s.name} RG chart: choose one of {', '.join(chart)}")
        if is_hw(g) and not is_coy(g):
            # 12.6223's weapons are not in the texts: refused until the pack has them
            r.cat.get(r.defn.tables["hw_mol_p"])
        if item.option == "onmap" and g.letter not in "AI":
            raise SoloError(f"{g.id}: only AFV or Infantry RG (A or I) may set up on-map (12.6214a)")
        if item.option == "reserve" and g.letter != "I":
            raise SoloError(f"{g.id}: only Infantry RG (I) may be bought as Reserve (12.6214b)")
        if item.option == "dugin" and not (s.name == "Russian" and g.letter == "A"):
            raise SoloError(f"{g.id}: only a Russian AFV Pltn may be bought Dug-In (12.6214c)")
        most = 0 if item.option != "reserve" or is_hw(g) and not is_coy(g) else r.defn.raw["limits"]["reserve_dummies"][
            "coy" if is_coy(g) else "pltn"]
        if item.dummies > most:
            raise SoloError(f"{g.id}: at most {most} Dummy Cloaking counters with this RG (12.6214b)")
        code = str(raw_row(r, s.name, g.id).get("Entry Code", ""))
        first = available_from(r, code)
        if first and r.defn.dates.index(date) < r.defn.dates.index(first):
            raise SoloError(f"{g.id}: {code} Entry Code RG are available from {first} (12.6217)")
        if code == "Red" and date == r.defn.dates[0] and COUNTERATTACK not in r.c.flags:
            raise SoloError(f"{g.id}: Red Entry Code RG may not be bought for a daytime scenario of 14 Sept (12.6217)")
        ids.append(g.id)
        if s.bought(g.id, date) + ids.count(g.id) > g.date_max:
            raise SoloError(f"{g.id}: Daily Max is {g.date_max} (12.6215)")
        if s.bought(g.id) + ids.count(g.id) > g.cg_max:
            raise SoloError(f"{g.id}: CG Max is {g.cg_max} (12.6216); {s.bought(g.id)} already bought in the CG")
        price = cost(r, s.name, g, item)
        spent += price
        infantry += price if g.letter == "I" else 0
    coys = sum(1 for rg in ids + [p.rg for p in s.purchases if p.date == date and not p.given] if is_coy(chart[rg]))
    pltns = sum(1 for rg in ids + [p.rg for p in s.purchases if p.date == date and not p.given]
                if chart[rg].letter == "I" and not is_coy(chart[rg]) and not is_hw(chart[rg]))
    equivalent = coys + pltns // r.defn.raw["limits"]["pltn_per_coy"]
    if equivalent > coy_max(r, s.name):
        raise SoloError(f"at most {coy_max(r, s.name)} Infantry Companies (three Pltns counting as one) on {date} for "
                        f"the {people(s.name)}, whose Historical DRM is {r.historical_drm(s.name):+d} (12.6215)")
    if spent > s.cpp:
        raise SoloError(f"the purchase costs {spent} CPP but the {people(s.name)} have {s.cpp} (12.621)")
    support = support_cpp(r) if s.name == "German" else 0
    if infantry > s.cpp - support:
        raise SoloError(f"{support} of the {s.cpp} CPP are Support CPP, only for non-Infantry RG: Infantry RG may take "
                        f"{s.cpp - support} (12.6181)")
    return spent


def purchase_parser(r: Reph, s: SideState):
    def parse(raw) -> list[dict]:
        items = [parse_item(e) for e in purchase_entries(raw, OPTIONS)]
        check(r, s, items)
        return [i.to_json() for i in items]
    return parse


@step("purchase")
def purchase(r: Reph) -> None:
    """12.621 each side secretly spends CPP on RGs of its chart; the CG Roster gets Spent and Left, the RG Purchase
    Record a line per RG (12.6218), with "O" (On-Map), "R" (Reserve) or "D" (Dug-In)."""
    for side, s in r.c.sides.items():
        chart = r.chart(side)
        listing = "\n".join(f"  {g.label()}: {g.cpp} CPP, Daily Max {g.date_max}, CG Max {g.cg_max} (bought "
                            f"{s.bought(g.id)})" for g in chart.values())
        support = support_cpp(r) if side == "German" else 0
        answer = r.ask("purchase", f"12.621 Purchase RGs with {s.cpp} CPP on {r.c.date}"
                       + (f" ({support} Support CPP only for non-Infantry RG, 12.6181)" if support else "")
                       + f"; at most {coy_max(r, side)} Infantry Coys (12.6215). Options: onmap, reserve dummies=N, "
                       f"dugin (12.6214):\n{listing}", purchase_parser(r, s), side=side, context={"reph": r, "side": s},
                       example="I1, I2 reserve dummies=5, A1 onmap")
        spent = 0
        for raw in answer:
            item = parse_item(raw)
            g = chart[item.rg]
            price = cost(r, side, g, item)
            spent += price
            s.purchases.append(Purchase(len(s.purchases) + 1, g.id, g.title, r.c.date, price, options=item.to_json()))
            if support and g.letter != "I":
                support = max(0, support - price)
        if side == "German":
            set_support_cpp(r, support)
        line = s.roster[r.c.date]
        line.spent += spent
        s.cpp -= spent
        line.left = s.cpp
        bought = ", ".join(f"{p.rg}{'/' + 'ORD'[OPTIONS.index(p.options['option'])] if p.options.get('option') else ''}"
                           f" ({p.cpp})" for p in s.purchases if p.date == r.c.date and not p.given) or "nothing"
        r.say(f"{side} buys {bought}: Spent {spent}, Left {line.left} (12.621)", secret=side)
