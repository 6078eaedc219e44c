"""Reinforcement Groups: the RG charts read as data, what a purchase costs, and whether it is legal (7.518).

Costs: the chart's CPP (7.5184), +1 per Pre-Registered hex (note f, at most two), +1 for an
Offboard Observer at level 3 (notes h*/i*), +1 for note o trucks; CG12a: a German RG entering
from off board costs one less, CG12b: a Russian RG costs one more to set up on board in the
Initial Scenario and, from 23PM, one less to enter from off board.
Limits: CPP on hand, CG Date Max (7.5187) and CG Max (7.5188), OB-given RGs never counted; the
German note i cap of 20% (FRU) of the date's CPP on M1/M2; no Russian fortifications in the Initial Scenario
(IHSR 7). CG13 limits the OBA modules "using" per CG Scenario, not bought: the facts check the modules used (issue
20.8); saves of rules version < 3 refuse a purchase that Retains more (``oba_at_purchase``).
"""

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from solo.campaign.state import Campaign, SideState
from solo.core.choices import whole
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.rules.catalog import Catalog


@dataclass(frozen=True)
class RGType:
    id: str
    side: str
    title: str
    units: str
    cpp: int
    full: int | None
    depleted: int | None
    notes: tuple[str, ...]
    date_max: int
    cg_max: int

    @property
    def letter(self) -> str:
        return self.id[0]

    @cached_property  # read for every RG weighed at each step of a purchase (issue 36: speed)
    def is_oba(self) -> bool:
        """An OBA module (7.5195): an O RG that is neither an Offboard Observer nor a Counter Battery Module."""
        return self.letter == "O" and not self.is_observer and not self.is_cbm

    @property
    def is_cbm(self) -> bool:
        return self.title == "Counter Battery Module"

    @property
    def is_observer(self) -> bool:
        return self.title == "Offboard Observer"

    @property
    def is_hw(self) -> bool:
        return self.title.startswith("HW Sect.")

    @property
    def is_cupola(self) -> bool:
        return "Cupola" in self.units

    @property
    def infantry_company(self) -> bool:
        """An Infantry RG with SW and leaders by 7.5192/7.5196 (note e)."""
        return "e" in self.notes

    @property
    def discountable(self) -> bool:
        """Units that could set up on the map, so may enter from off board for one CPP less (CG12)."""
        if self.side == "German":
            return self.letter in "IV" and not self.is_cupola
        return self.letter in "IVG"

    @property
    def fpp(self) -> int:
        """The FPP the RG brings ("20 FPP" in its Units Received or Group Type: RB F1, ABtF F1, OtO2 M1 "50 FPP"); 0
        for any other."""
        found = re.search(r"(\d+)\s*FPP", f"{self.units} {self.title}")
        return int(found[1]) if found else 0

    def label(self) -> str:
        return f"{self.id} {self.title}" + (f" ({self.units})" if self.units else "")

    @cached_property  # read for every RG weighed, again and again (issue 36: a quarter of a campaign's time)
    def role(self) -> str:
        """What the RG is for, read from its Group Type on the chart (issue 21: a flak halftrack is no armour):
        infantry, sw (a HW Section), cupola, at (Tank Destroyers, AT Guns), armor (Assault Guns, Tanks, AFV), aa
        (Flak, AA), gun (Artillery, Mortars), oba, observer, cbm, air, bombardment, fortification, minefield, san,
        recon, or other."""
        title, words = self.title.lower(), set(re.findall(r"[a-z]+", self.title.lower()))
        checks = (("cupola", self.is_cupola), ("sw", self.is_hw or "hw" in words), ("observer", self.is_observer),
                  ("cbm", self.is_cbm), ("oba", self.letter == "O"), ("air", self.letter == "F"),
                  ("bombardment", self.letter == "B"),
                  ("aa", bool(words & {"flk", "flak", "aa"})), ("at", bool(words & {"td", "at", "pzjg"})),
                  ("recon", "recon" in title),  # before armour: a Recon Jeep Section is no armour (issue 21)
                  ("armor", self.letter in "VA" or bool(words & {"ag", "tank", "afv", "stug"})),
                  ("gun", self.letter == "G"), ("infantry", self.letter == "I"),
                  ("fortification", "fpp" in title.replace(" ", "") or "fpp" in self.units.lower()),
                  ("minefield", "minefield" in title), ("san", "san" in words))
        return next((name for name, hit in checks if hit), "other")


def _notes(text) -> tuple[str, ...]:
    return tuple(n.strip().rstrip("*") for n in str(text or "").split(",") if n.strip())


def rg_chart(cat: Catalog, table_id: str, side: str, variant: str = "") -> dict[str, RGType]:
    """Every RG of ``side``'s chart, by ID; its CG Max is the variant's column ("CG Max I") where the chart has one
    per CG (RB 11.6196). A chart the texts give only in part must first be completed by the player's pack."""
    table = cat.get(table_id)
    if table.incomplete:
        raise SoloError(f"{table_id} ({table.title}, {table.rule}) is not in the rule texts (only some rows): type the "
                        f"whole chart in from your rulebook with 'solo tables fill {table_id}' (in the app: Tables, f)")
    cg_max = f"CG Max {variant}" if f"CG Max {variant}" in table.columns else "CG Max"
    chart: dict[str, RGType] = {}
    for row in table.rows:
        cells = row.results
        full: int | None = None
        depleted: int | None = None
        try:
            if "/" in str(cells.get("Full/Depleted", "")):
                full, depleted = (int(n) for n in str(cells["Full/Depleted"]).split("/"))
            chart[row.label] = RGType(row.label, side, cells["Group Type"], str(cells.get("Units Received", "")),
                                    int(cells["CPP"]), full, depleted, _notes(cells.get("Notes")),
                                    int(cells["CG Date Max"]), int(cells[cg_max]))
        except KeyError as missing:
            raise SoloError(
                f"{table_id} row {row.key}: no {missing} (an RG chart needs Group Type, CPP, CG Date Max "
                "and CG Max; tables/README.md)"
            ) from None
        except ValueError:
            raise SoloError(f"{table_id} row {row.key}: CPP, Full/Depleted and the maxima must be whole "
                            "numbers") from None
    return chart


def option_cost(g: RGType, option: str, limits: dict) -> int:
    """RB 11.6194, VotG 12.6214: the chart's CPP; a) On-map Setup costs limits["onmap_cost"] more [EXC: the RGs of
    limits["onmap_free"]]; b) a Reserve Infantry RG one less; c) a Russian Dug-In AFV Pltn 50% (FRU)."""
    if option == "onmap":
        return g.cpp + (0 if g.id in limits["onmap_free"][g.side] else limits["onmap_cost"][g.side])
    if option == "reserve":
        return g.cpp - 1
    if option == "dugin":
        return math.ceil(g.cpp / 2)
    return g.cpp


def companies_per_day(limits: dict, historical_drm: int) -> int:
    """RB 11.6195, VotG 12.6215: no more than two Infantry Company RGs per CG Day, modified inversely by the side's
    Historical DRM for the day."""
    return max(0, limits["infantry_coy_per_day"] - historical_drm)


@dataclass(frozen=True)
class Item:
    """One RG a side wants to buy, with its options."""

    rg: str
    offboard: bool = False  # CG12a/b: enter from off board (or Retain) for one CPP less
    onboard: bool = False  # CG12b: a Russian RG set up on board in the Initial Scenario, one CPP more
    prereg: int = 0  # note f: Pre-Registered hexes
    observer_level: int = 2  # notes h/i: 3 costs one more
    trucks: bool = False  # note o

    def to_json(self) -> dict:
        out: dict[str, str | int | bool] = {"rg": self.rg}
        for name in ("offboard", "onboard", "prereg", "trucks"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.observer_level != 2:
            out["observer_level"] = self.observer_level
        return out


def purchase_entries(raw, options: tuple[str, ...]) -> list:
    """A purchase list from the answers file (a list, as is), or typed as a player types it: RG IDs separated by
    commas or spaces, each followed by its options ("I2, I2 V4 O2 prereg=1", "I2 I2 V4 O2 prereg = 1",
    "I1 reserve dummies=5 A1"); "none" or nothing: an empty list. A word is an option when it is one of ``options``
    or has "=" in it; any other word starts the next RG."""
    if isinstance(raw, list):
        return raw
    entries: list[str] = []
    for word in re.sub(r"\s*=\s*", "=", str(raw)).replace(",", " ").split():
        if entries and ("=" in word or word.lower() in options):
            entries[-1] += f" {word}"
        elif word.lower() not in ("none", "-"):
            entries.append(word)
    return entries


def typed_item(raw: str, flags: tuple[str, ...], numbers: tuple[str, ...], options: str) -> dict:
    """A purchase typed as words, "I2 reserve dummies=5", as its answers-file table: the RG ID, then each flag in
    ``flags`` (true) and each name=N of ``numbers``; ``options`` lists them for the error line."""
    words = raw.split()
    if not words:
        raise SoloError('an empty RG in the purchase list: give IDs such as "I1"')
    entry: dict[str, str | int | bool] = {"rg": words[0]}
    for word in words[1:]:
        name, _, value = word.lower().partition("=")
        if name in flags and not value:
            entry[name] = True
        elif name in numbers and value.isdigit():
            entry[name] = int(value)
        else:
            raise SoloError(f"RG {raw.strip()!r}: unknown option {word!r}; options are {options}")
    return entry


def _flag(raw: dict, name: str) -> bool:
    """An option of an RG entry: true or false (absent: false)."""
    value = raw.get(name, False)
    if not isinstance(value, bool):
        raise SoloError(f"RG {raw['rg']} {name} = {value!r}: give true or false")
    return value


ITEM_FLAGS = ("offboard", "onboard", "trucks")  # an RG's options without a number (OtO2 7.518)


def parse_item(raw) -> Item:
    """An answers-file entry or typed text: "I1", "I1 offboard", "O2 prereg=2", or {rg = "O2", prereg = 2}."""
    if isinstance(raw, str):
        raw = typed_item(raw, ITEM_FLAGS, ("prereg", "observer_level"),
                         "offboard, onboard, trucks, prereg=N, observer_level=3")
    if isinstance(raw, dict):
        known = {"rg", "offboard", "onboard", "prereg", "observer_level", "trucks"}
        if set(raw) - known or "rg" not in raw or not isinstance(raw["rg"], str):
            raise SoloError(f"RG entry {raw!r}: use keys {', '.join(sorted(known))} (rg required, an ID such as "
                            "\"I1\")")
        flags = {name: _flag(raw, name) for name in ("offboard", "onboard", "trucks")}
        return Item(raw["rg"].strip().upper(), prereg=whole(raw.get("prereg", 0), 0, 2, f"RG {raw['rg']} prereg"),
                    observer_level=whole(raw.get("observer_level", 2), 2, 3, f"RG {raw['rg']} observer_level"), **flags)
    raise SoloError(f"RG entry {raw!r}: give an ID such as \"I1\" or a table such as {{rg = \"O2\", prereg = 2}}")


def cost(rg: RGType, item: Item) -> int:
    """The CPP an item costs (7.5184 with notes f, h/i, o and CG12)."""
    total = rg.cpp + item.prereg + (1 if item.observer_level == 3 else 0) + (1 if item.trucks else 0)
    if item.offboard:
        total -= 1
    if item.onboard:
        total += 1
    return total


def oba_modules(side: SideState) -> int:
    return len([u for u in side.retained("oba")])


class Basket:
    """A purchase checked item by item as it is filled (7.518): each item against the chart and its limits when it
    is added, the totals (CPP, the FRU cap, OBA modules) when it is closed. A copy tries one more item."""

    def __init__(self, chart: dict[str, RGType], c: Campaign, side: SideState, limits: dict, initial: bool,
                 no_fortifications: bool, oba_at_purchase: bool = True):
        self.chart, self.c, self.side, self.limits = chart, c, side, limits
        self.oba_at_purchase = oba_at_purchase
        self.initial, self.no_fortifications = initial, no_fortifications
        self.bought = Counter(p.rg for p in side.purchases if not p.given)  # side.bought, counted once
        self.bought_today = Counter(p.rg for p in side.purchases if not p.given and p.date == c.date)
        self.retained_oba = oba_modules(side)
        self.spent, self.fru_spent, self.oba = 0, 0, 0
        self.ids: dict[str, int] = {}  # RG id -> how many in this purchase

    def copy(self) -> "Basket":
        other = Basket.__new__(Basket)
        other.__dict__ = {**self.__dict__, "ids": dict(self.ids)}
        return other

    def add(self, item: Item) -> None:
        """Refuse an item the chart or its limits do not allow, in one line."""
        self.count(self.admit(item), item)

    def admit(self, item: Item) -> RGType:
        """The item's RG, or one line refusing what no basket of this side and date allows: an RG not on the chart,
        an option the RG does not take (notes f, h/i, o; CG12; IHSR 7). What it admits it admits whatever else is
        bought."""
        chart, side, initial = self.chart, self.side, self.initial
        rg = chart.get(item.rg)
        if rg is None:
            raise SoloError(f"no RG {item.rg!r} on the {side.name} RG chart: choose one of {', '.join(chart)}")
        if item.prereg and ("f" not in rg.notes or not 0 <= item.prereg <= 2):
            raise SoloError(f"{rg.id}: Pre-Registered hexes are for OBA modules with note f only, at most two (note f)")
        if item.observer_level not in (2, 3) or (item.observer_level == 3 and not rg.is_observer):
            raise SoloError(f"{rg.id}: only an Offboard Observer may be raised to level 3, and no higher (CG13)")
        if item.trucks and "o" not in rg.notes:
            raise SoloError(f"{rg.id}: trucks come only with RG of note o")
        if item.offboard and item.onboard:
            raise SoloError(f"{rg.id}: a RG enters from off board or sets up on board, not both")
        if item.offboard and (not rg.discountable or (side.name == "Russian" and initial)):
            raise SoloError(f"{rg.id}: the one-CPP-less off-board entry (CG12) is not for this RG"
                            + (" in the Initial Scenario" if initial and rg.discountable else ""))
        if item.onboard and not (side.name == "Russian" and initial):
            raise SoloError(f"{rg.id}: only the Russians pay one CPP more to set up on board, in the Initial "
                            "Scenario (CG12b)")
        if self.no_fortifications and rg.id == "M1":
            raise SoloError(f"{rg.id}: the {people(side.name)} cannot purchase Fortifications in the Initial "
                            "Scenario (IHSR 7)")
        return rg

    def count(self, rg: RGType, item: Item) -> None:
        """Count an admitted item (admit), refusing one over its CG Date Max (7.5187) or CG Max (7.5188)."""
        refused = self._over_max(rg)
        if refused:
            raise SoloError(refused)
        self.ids[rg.id] = self.ids.get(rg.id, 0) + 1
        price = cost(rg, item)
        self.spent += price
        if rg.id in self.limits.get("fru_cap_ids", ()) and self.side.name == "German":
            self.fru_spent += price
        self.oba += rg.is_oba

    def _over_max(self, rg: RGType) -> str | None:
        """Why one more of ``rg`` is over its CG Date Max (7.5187) or CG Max (7.5188); None when it is not."""
        more = self.ids.get(rg.id, 0) + 1
        this_date = self.bought_today.get(rg.id, 0) + more
        if this_date > rg.date_max:
            return f"{rg.id}: CG Date Max is {rg.date_max} (7.5187); {this_date} would be bought on {self.c.date}"
        if self.bought.get(rg.id, 0) + more > rg.cg_max:
            return f"{rg.id}: CG Max is {rg.cg_max} (7.5188); {self.bought.get(rg.id, 0)} already bought in the CG"
        return None

    def fits(self, rg: RGType, item: Item) -> bool:
        """Whether the basket takes one more ``item`` of ``rg``, admitted before (admit): the checks of count and
        close, the basket left as it is. The computer tries every RG of the chart at each step of its purchase (issue
        36: a copy of the basket for each, every check made again, was a tenth of its time; then the refusals raised
        and caught)."""
        if self._over_max(rg) is not None:
            return False
        price = cost(rg, item)
        fru = price if rg.id in self.limits.get("fru_cap_ids", ()) and self.side.name == "German" else 0
        return self._over_totals(self.spent + price, self.fru_spent + fru, self.oba + rg.is_oba) is None

    def close(self) -> int:
        """Refuse a purchase over the CPP, the FRU cap or the OBA modules allowed; the CPP it costs."""
        refused = self._over_totals(self.spent, self.fru_spent, self.oba)
        if refused:
            raise SoloError(refused)
        return self.spent

    def _over_totals(self, spent: int, fru_spent: int, oba: int) -> str | None:
        """Why a purchase of these totals is over the CPP (7.518), the FRU cap (note i) or the OBA modules allowed
        (CG13); None when it is not."""
        side, limits = self.side, self.limits
        if spent > side.cpp:
            return f"the purchase costs {spent} CPP but the {people(side.name)} have {side.cpp} (7.518)"
        cap = math.ceil(side.cpp * limits["fru_cap_percent"] / 100)
        if side.name == "German" and fru_spent > cap:
            return f"M1/M2 may take at most 20% (FRU) of the {side.cpp} CPP available, {cap} CPP (note i); this buys " \
                f"{fru_spent}"
        most = limits["oba_per_scenario"][side.name]
        if self.oba_at_purchase and oba and self.retained_oba + oba > most:
            return (f"the {people(side.name)} may use at most {most} OBA modules per CG scenario (CG13); they Retain "
                    f"{self.retained_oba} and this buys {oba}")
        return None


def check(chart: dict[str, RGType], c: Campaign, side: SideState, items: list[Item], limits: dict,
          initial: bool, no_fortifications: bool, oba_at_purchase: bool = True) -> int:
    """Refuse an illegal purchase with one line; return the CPP it costs."""
    basket = Basket(chart, c, side, limits, initial, no_fortifications, oba_at_purchase)
    for item in items:
        basket.add(item)
    return basket.close()
