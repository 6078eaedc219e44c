"""Red Barricades RePh steps 11.619-11.622: purchasing RGs (On-map, Reserve, Dug-in), the daily Infantry Company
maximum and the CG maximum per variant, the RG Purchase Record, and Reconnaissance (seed 002)."""

from dataclasses import dataclass

from solo.campaign.reph import Reph, step
from solo.campaign.rg import RGType, companies_per_day, option_cost, purchase_entries
from solo.campaign.state import Purchase, SideState
from solo.campaign.steps.recon import recon_mods
from solo.core.choices import number
from solo.core.errors import SoloError
from solo.core.sides import people

ON_BD = {"onmap": "O", "reserve": "R", "dugin": "D"}


def infantry_company(g: RGType) -> bool:
    return g.letter == "I" and "Coy" in g.title


@dataclass(frozen=True)
class Order:
    """One RG a side buys, with its 11.6194 option: "" (enters from off-map), onmap, reserve or dugin."""

    rg: str
    option: str = ""

    def to_json(self) -> dict:
        return {"rg": self.rg, **({"option": self.option} if self.option else {})}


def parse_order(raw) -> Order:
    """"A6", "A6 onmap", "I1 reserve", "A3 dugin" or {rg = "A3", option = "dugin"}."""
    if isinstance(raw, str):
        words = raw.split()
        if not words:
            raise SoloError("an empty RG in the purchase list: give IDs such as \"I1\"")
        raw = {"rg": words[0], **({"option": words[1].lower()} if len(words) > 1 else {})}
        if len(words) > 2:
            raise SoloError(f"RG {' '.join(words)!r}: one option at most: onmap, reserve or dugin (11.6194)")
    if not isinstance(raw, dict) or "rg" not in raw or set(raw) - {"rg", "option"}:
        raise SoloError(f"RG entry {raw!r}: give an ID such as \"I1\", or {{rg = \"A3\", option = \"dugin\"}}")
    option = str(raw.get("option", "")).lower()
    if option not in ("",) + tuple(ON_BD):
        raise SoloError(f"RG {raw['rg']}: option {option!r} is not onmap, reserve or dugin (11.6194 a-c)")
    return Order(str(raw["rg"]).upper(), option)


def cost(r: Reph, side: str, g: RGType, order: Order) -> int:
    """11.6194 a-c (rg.option_cost)."""
    return option_cost(g, order.option, r.defn.limits)


def company_maximum(r: Reph, side: str) -> int:
    """11.6195 (rg.companies_per_day)."""
    return companies_per_day(r.defn.limits, r.historical_drm(side))


def check(r: Reph, s: SideState, orders: list[Order]) -> int:
    """Refuse an illegal purchase with one line (11.6194-11.6196); return the CPP it costs."""
    chart, spent, ids = r.chart(s.name), 0, []
    for order in orders:
        g = chart.get(order.rg)
        if g is None:
            raise SoloError(f"no RG {order.rg!r} on the {s.name} RG chart: choose one of {', '.join(chart)}")
        if order.option == "onmap" and g.letter not in "AI":
            raise SoloError(f"{g.id}: only an AFV (A) or Infantry (I) RG may be bought for On-map Setup (11.6194a)")
        if order.option == "reserve" and g.letter != "I":
            raise SoloError(f"{g.id}: only an Infantry (I) RG may be bought as a Reserve (11.6194b)")
        if order.option == "dugin" and (s.name != "Russian" or g.letter != "A"):
            raise SoloError(f"{g.id}: only a Russian AFV Platoon may be bought Dug-in (11.6194c)")
        ids.append(g.id)
        today = s.bought(g.id, r.c.date) + ids.count(g.id)
        if today > g.date_max:
            raise SoloError(f"{g.id}: Daily Max is {g.date_max} (11.6195); {today} would be bought on {r.c.date}")
        in_cg = s.bought(g.id) + ids.count(g.id)
        if in_cg > g.cg_max:
            raise SoloError(f"{g.id}: CG Max is {g.cg_max} in CG {r.c.variant} (11.6196); {s.bought(g.id)} already "
                            "bought")
        spent += cost(r, s.name, g, order)
    companies = sum(
        1 for p in s.purchases if p.date == r.c.date and not p.given and infantry_company(r.rg(s.name, p.rg))
    )
    companies += sum(1 for rg_id in ids if infantry_company(chart[rg_id]))
    most = company_maximum(r, s.name)
    if companies > most:
        raise SoloError(f"at most {most} Infantry Companies on {r.c.date} (two, modified inversely by the Historical "
                        f"DRM {r.historical_drm(s.name):+d}; 11.6195)")
    if spent > s.cpp:
        raise SoloError(f"the purchase costs {spent} CPP but the {people(s.name)} have {s.cpp} (11.619)")
    return spent


def purchase_parser(r: Reph, s: SideState):
    def parse(raw) -> list[dict]:
        orders = [parse_order(e) for e in purchase_entries(raw, tuple(ON_BD))]
        check(r, s, orders)
        return [o.to_json() for o in orders]
    return parse


def chart_listing(r: Reph, s: SideState) -> str:
    return "\n".join(f"  {g.label()}: {g.cpp} CPP, Daily Max {g.date_max}, CG Max {g.cg_max} (bought {s.bought(g.id)})"
                     for g in r.chart(s.name).values())


@step("purchase")
def purchase(r: Reph) -> None:
    """11.619 Purchasing RGs: each side secretly spends CPP on its RG chart (the player's pack), with the 11.6194
    options; the CG Roster gets the RG IDs, Spent and Left; 11.6197 the RG Purchase Record one line per RG with
    On-Bd "O" (On-map), "R" (Reserve) or "D" (Dug-In)."""
    for side, s in r.c.sides.items():
        r.chart(side)
        answer = r.ask("purchase", f"11.619 Purchase RGs with {s.cpp} CPP on {r.c.date} (options: onmap "
                                   f"+{3 if side == 'German' else 2}, "
                       f"reserve -1 for I RG{', dugin 50% FRU for AFV Pltns' if side == 'Russian' else ''}; at most "
                       f"{company_maximum(r, side)} Infantry Companies today):\n{chart_listing(r, s)}",
                       purchase_parser(r, s),
                       side=side, context={"reph": r, "side": s}, example="I1, I1 onmap, I1 reserve")
        spent = 0
        for raw in answer:
            order = parse_order(raw)
            g = r.rg(side, order.rg)
            price = cost(r, side, g, order)
            spent += price
            on_bd = ON_BD.get(order.option, "O" if g.id in r.defn.limits["onmap_free"][side] else "")
            s.purchases.append(Purchase(len(s.purchases) + 1, g.id, g.title, r.c.date, price,
                                        options={"on_bd": on_bd} if on_bd else {}))
        line = s.roster[r.c.date]
        line.spent = spent
        s.cpp -= spent
        line.left = s.cpp
        bought = ", ".join(f"{p.rg} ({p.cpp}{' ' + p.options['on_bd'] if p.options.get('on_bd') else ''})"
                           for p in s.purchases if p.date == r.c.date and not p.given) or "nothing"
        r.say(f"{side} buys {bought}: Spent {spent}, Left {line.left} (11.619)", secret=side)
        for p in s.purchases:
            if p.date == r.c.date and not p.given and p.options.get("on_bd") == "R":
                r.say(f"{side} Reserve {p.rg}: set up on-map Cloaked (E1.4) at ground level >= six hexes from the "
                      "closest enemy Front Line Location, with up to five Dummy Cloaking counters (11.6194b)",
                      secret=side)


def record(s: SideState, r: Reph) -> list[str]:
    """11.6197 RG Purchase Record lines: CG Day, ID, Group Type, #P, #R, Str., # Units, SW, Leaders, On-Bd."""
    out = []
    for p in s.purchases:
        g = r.rg(s.name, p.rg)
        n_bought = sum(1 for q in s.purchases[: s.purchases.index(p) + 1] if q.rg == p.rg and not q.given)
        out.append(f"{p.date} {p.rg} {p.title} #P {n_bought} #R {g.cg_max - n_bought} Str. "
                   f"{(p.strength or '-')[:1]} units {len(p.units)} SW {', '.join(p.sw) or '-'} leaders "
                   f"{', '.join(p.leaders) or '-'} On-Bd {p.options.get('on_bd', '-')}")
    return out


# --- 11.622 -----------------------------------------------------------------------------------

@step("recon")
def recon(r: Reph) -> None:
    """11.622 Reconnaissance: each side may spend 1 CPP (2 for the +3 drm) from its CPP Left; the Final dr (+1
    Russian) is the number of Locations reconnoitered after all set-up (11.6245); what is left is the next Start."""
    for side, s in r.c.sides.items():
        spend = r.ask("recon", f"11.622 Recon: spend 0, 1 or 2 CPP (2 gives +3 drm) of your {s.cpp} CPP Left?",
                      number(0, min(2, s.cpp)),
                      side=side, context={"reph": r, "side": s}, example="recon = 1", default="0")
        s.cpp -= spend
        line = s.roster[r.c.date]
        if not spend:
            line.recon = None
            r.say(f"{side}: no Recon (11.622)", secret=side)
            continue
        mods = recon_mods(r, side, s, spend)
        trace = r.roll("rb.recon", "Recon (11.622)", side=side, mods=mods)
        line.recon = trace.effect["count"]
        r.say(f"{side} Recon ({spend} CPP): dr {trace.original} Final {trace.final}: {trace.result}, each <= four "
              "hexes from a friendly-Controlled hex, declared after all set-up (11.6245)", secret=side)
