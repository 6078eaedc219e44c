"""The computer side's OtO2 RePh decisions (7.5063-7.5225): scripted heuristics with weights from ai/oto2.toml, each
explained. Reused from solo/ai/reph.py: the greedy purchase, the Escape choice and the Battle Hardening picks."""

import re
from collections.abc import Callable
from functools import cache

from solo.ai.reph import (
    MILLI,
    NEAR,
    Decision,
    battle_harden,
    cpp_value,
    cpp_vp,
    drawn,
    escape_decision,
    greedy,
    leader_hardening,
    milli,
    shown,
    squad_quality,
)
from solo.campaign import rg as rgs
from solo.campaign.facts import fact
from solo.campaign.reph import Reph
from solo.campaign.state import MMC, Purchase, SideState, Unit
from solo.campaign.view import seen_by
from solo.core.errors import SoloError
from solo.core.play import Question, Reply
from solo.games.oto2.aftermath import escape_mods
from solo.games.oto2.purchase import basket, fort_costs
from solo.rules.odds import kept_odds
from solo.rules.units import parse_unit

# What a player counts each thing as, in thousandths of a squad (a 4-4-7 1000; an MMC by mmc_strength): a rule of
# thumb of the computer's, not a table of the rules. A leader 500 and 250 per step of leadership; an AFV two squads;
# an OBA module's Fire Missions against massed attackers three (its calibre counts: C1.22), and the Offboard Observer
# it cannot fire without as much; an air sortie two, for its one scenario; a Fortification counter (or minefield hex)
# a tenth of one. A MG Cupola a squad and a half: its MG, crew and armour (issue 36: at one squad, never bought).
STRENGTH = {"leader": 500, "sw": 250, "gun": 1000, "vehicle": 2000, "cupola": 1500, "oba": 3000, "bombardment": 2000,
            "aircraft": 2000, "observer": 3000, "cbm": 500, "fortification": 100}
CREW = squad_quality("2-2-8")  # note b: each MG/Mtr/Gun comes with a 2-2-8 crew (571)
SAN_SHARE = 2  # percent of a side's strength a SAN point is worth (a Sniper more often where the enemy masses)


# --- 7.518 purchases -----------------------------------------------------------------------

def roles(r: Reph, side: str) -> dict[str, str]:
    """What each unit type of ``side``'s RG chart is for (rg.RGType.role), by type name ("SdKfz 10/4": aa)."""
    out: dict[str, str] = {}
    for g in r.chart(side).values():
        for name in g.units.split(","):
            out.setdefault(name.split(" x ")[0].strip(), g.role)
    return out


def unit_role(r: Reph, s: SideState, unit, by_type: dict[str, str], lines: dict | None = None) -> str:
    """A Retained unit's role: that of the RG it came with (its Purchase Record line), else of its type on the RG
    chart (the Initial OB's SdKfz 10/4 are flak, not armour: issue 21); a vehicle of no known type is armour.
    ``lines``: the side's Purchase Record by line, when the caller has it (issue 36: speed)."""
    line = (lines.get(unit.rg) if lines is not None else next((p for p in s.purchases if p.line == unit.rg), None)) \
        if unit.rg else None
    if line and line.rg in r.chart(s.name):
        return r.rg(s.name, line.rg).role
    return by_type.get(unit.type, "armor" if unit.kind == "vehicle" else unit.kind)


def afv_seen(r: Reph, russian: SideState | None = None) -> int:
    """Russian AFV the Germans have seen: the fact russian_afv_seen when reported, else (issue 21: a missing fact read
    as 0) the Russian vehicles Retained on the map or Eliminated in the scenario just played, else those of the
    printed Initial OB (7.4). The Russian as the German may see him (seen_by)."""
    c = r.c
    if not c.scenarios:
        return _initial_afv(r)
    russian = russian or seen_by(c, "German")
    facts = c.facts or {}
    vehicles = {u.id for u in russian.units if u.kind == "vehicle"}
    gone = {u for u in facts.get("eliminated", []) if u in vehicles}
    derived = len(russian.retained("vehicle")) + len(gone - {u.id for u in russian.retained("vehicle")})
    return max(facts.get("russian_afv_seen") or 0, derived)


class Needs:
    """What the side is short of, counting the RGs already chosen this RePh at their Full strength. Counts are whole:
    infantry in half-squads (a HS is one), so no float decides (issue 21)."""

    def __init__(self, r: Reph, s: SideState, w: dict):
        c = r.c
        # RGs recorded on this CG Date but not yet received (7.519): the Initial OB's given ones
        pending = [r.rg(s.name, p.rg) for p in s.purchases if p.date == c.date and not p.units and not p.strength]
        self.lvp_russian = c.last.lvp if c.last else 0
        held = r.defn.victory["lvp"] - self.lvp_russian
        by_type = roles(r, s.name)
        lines: dict[int, Purchase] = {}
        for p in s.purchases:  # the first of a line, as unit_role reads it
            lines.setdefault(p.line, p)
        retained = [(u, unit_role(r, s, u, by_type, lines)) for u in s.retained() if not u.isolated]
        self.halves = sum(2 for u in s.retained("squad") if not u.isolated) + len(s.retained("hs"))
        self.halves_wanted = 2 * -(-milli(w["squads_per_lvp"]) * max(held, 1) // MILLI)
        self.sw = sum(1 for u in s.retained("sw") if not u.isolated)
        self.at = sum(1 for _, role in retained if role == "at")
        enemy = seen_by(c, s.name)  # read once (issue 36: speed)
        self.afv_seen = afv_seen(r, enemy) if s.name == "German" else 0
        self.enemy_squads = enemy_squads(r, s.name, enemy)  # what an FFE or a minefield may catch (issue 36)
        self.at_wanted = -(-milli(w["at_per_afv"]) * self.afv_seen // MILLI)
        self.armor = sum(1 for _, role in retained if role == "armor")
        self.aa = sum(1 for _, role in retained if role == "aa")
        if not c.scenarios:  # the Initial OB's vehicles come at 7.519, after the purchase
            for u in r.defn.initial[s.name].get("units", []):
                role = by_type.get(u["type"], "armor" if u["kind"] == "vehicle" else u["kind"])
                self.armor += u["count"] if role == "armor" else 0
                self.aa += u["count"] if role == "aa" else 0
        self.armor_wanted = w.get("armor_target", self.at_wanted)
        self.enemy_air = len(enemy.retained("aircraft"))  # none: aircraft are secret until they arrive
        # (E7; issue 21: it counted the enemy's aircraft bought in secret); but the printed Initial OB's are public
        # (7.4, the Russian's four IHSR 4 ground-attack aircraft: issue 36, "flak 2 against 0 enemy aircraft")
        if not c.scenarios:
            self.enemy_air += sum(u["count"] for u in r.defn.initial[c.other(s.name)].get("units", [])
                                  if u["kind"] == "aircraft")
        self.oba = rgs.oba_modules(s)
        self.observers = len(s.retained("observer"))
        self.oba_limit = r.defn.limits["oba_per_scenario"][s.name]
        self.dates_left, self.dates = c.dates_left, len(c.dates)  # fortifications count for the scenarios to come
        self.weather = c.weather.get(c.date, "")
        self.held = held
        self.side = s.name
        self.defender = s.name != r.defn.raw["attacker"]  # 7.521: the Russian always attacks, the German defends
        self.weights = w
        self.millis: dict[str, int] = {}  # Needs.milli, shared with the copies
        self.fields: dict[str, int] = {}  # what each RG fields (strength), shared with the copies: it reads nothing
        # that changes as a purchase fills but the side's strength, which only a SAN RG reads (issue 36: speed)
        self.strength = side_strength(r, s, by_type)
        self.fights = fights(self.dates_left, w["lasting"])
        self._add(pending)

    def milli(self, weight: str) -> int:
        """milli(a weight of the purchase), read once a purchase (issue 36: read for each RG weighed)."""
        found = self.millis.get(weight)
        if found is None:
            found = self.millis[weight] = milli(self.weights[weight])
        return found

    @property
    def squads(self) -> str:
        return f"{self.halves / 2:g}"

    def _add(self, chosen: list[rgs.RGType]) -> None:
        """Count RGs chosen (or recorded, not yet received) at their Full strength, and what they field."""
        for g in chosen:
            self.strength += self.fielded(g)
            full = g.full or 0
            self.halves += 2 * full if g.role == "infantry" else 0
            self.sw += 2 if g.role == "sw" else 0
            self.at += full if g.role == "at" else 0
            self.armor += full if g.role == "armor" else 0
            self.aa += full if g.role == "aa" else 0
            self.oba += g.is_oba
            self.observers += g.is_observer

    def fielded(self, g: rgs.RGType) -> int:
        """strength(g), worked out once a purchase for each RG but a SAN RG (a share of the side's strength)."""
        if g.role == "san":
            return strength(g, self, self.weights)
        found = self.fields.get(g.id)
        if found is None:
            found = self.fields[g.id] = strength(g, self, self.weights)
        return found

    def plus(self, chosen: list[rgs.RGType]) -> "Needs":
        """The needs once ``chosen`` are bought too (the side's own counts are worked out once a purchase)."""
        more = Needs.__new__(Needs)  # a shallow copy (copy.copy's protocol cost as much as the counting)
        more.__dict__.update(self.__dict__)
        more._add(chosen)
        return more


@cache
def mmc_strength(name: str, kind: str) -> int:
    """An MMC's strength: its quality against a 4-4-7 (squad_quality: (FP x 2 + range) x morale, so a 4-6-7 1166, a
    6-2-8 1333, a 2-2-8 crew 571); a squad 1000, a HS 500 when its name is no counter's."""
    try:
        parse_unit(name)
    except SoloError:
        return MILLI if kind == "squad" else MILLI // 2
    return squad_quality(name)


def unit_strength(u: Unit) -> int:
    """A Retained unit's strength (STRENGTH); an Isolated one counts half."""
    if u.kind in MMC:
        worth = mmc_strength(u.type, u.kind)
    elif u.kind == "leader":
        try:
            worth = STRENGTH["leader"] + 250 * max(0, -int(parse_unit(u.type)[1]))
        except (SoloError, ValueError, IndexError):
            worth = STRENGTH["leader"]
    else:
        worth = STRENGTH.get(u.kind, 0) if u.kind not in ("observer", "cbm") else 0
    return worth // 2 if u.isolated else worth


def side_strength(r: Reph, s: SideState, by_type: dict[str, str]) -> int:
    """What the side fields now (unit_strength), its Fortifications (counters and mine factors) as the Defender
    (7.521), and on the Initial CG Date the printed Initial OB's units still to come (7.4, received at 7.519)."""
    total = sum(unit_strength(u) for u in s.retained())
    if s.name != r.defn.raw["attacker"]:
        total += STRENGTH["fortification"] * sum(f.count for f in s.fortifications)
    if not r.c.scenarios:
        total += sum(u["count"] * STRENGTH.get(u["kind"], 0) for u in r.defn.initial[s.name].get("units", []))
    return total


def fights(dates_left: int, keeps: float) -> int:
    """Scenarios a RG bought now fights, in thousandths: each CG Date left, the later ones at ``keeps`` of the one
    before (what survives a scenario's losses)."""
    each, total = MILLI, 0
    for _ in range(dates_left):
        total += each
        each = each * milli(keeps) // MILLI
    return total


def _initial_afv(r: Reph) -> int:
    """The Russian AFV of the printed Initial OB (7.4): public, so the German may plan against them."""
    russian = r.defn.initial["Russian"]
    chart = r.chart("Russian")
    return sum(chart[g].full or 0 for g in russian["rg"] if chart[g].role == "armor") + \
        sum(u["count"] for u in russian.get("units", []) if u["kind"] == "vehicle")


# C1.22 (core ASL, not in the texts: a weight of the computer's, not a table of the rules): an OBA calibre's FP
OBA_FP = ((200, 36), (150, 30), (120, 24), (100, 20), (80, 16), (70, 12))


@cache
def _oba_fp(g: rgs.RGType) -> int:
    """The FP of an OBA module's calibre (C1.22: 100mm+ 20, 150mm+ 30 ...) from its Group Type ("120mm+ OBA")."""
    found = re.match(r"(\d+)mm", g.title)
    calibre = int(found.group(1)) if found else 100
    return next((fp for least, fp in OBA_FP if calibre >= least), 12)


def value(g: rgs.RGType, n: Needs, w: dict) -> tuple[int, str]:
    """Thousandths of a VP a RG is worth to the side over the rest of the CG, and why, in a player's words: a whole
    number (issue 21). A player counts what the RG fields (``strength``: its squads, SW, Guns, AFV, OBA at the
    strength they are likely to arrive with) weighted by what the side needs (``_need``); the battle goes by the
    ratio of the two sides' strength, so the RG is worth the share by which it raises the side's (``share``), for each
    scenario it fights (``fights``), at the side's ``vp_per_ratio``: the VP a scenario swings when its strength grows
    by a share of 1 (LVP held or taken, CVP, the EVP of a breakthrough: 7.4)."""
    pts, why = worth(g, n, w)
    return pts, str(why)


class Why:
    """A reason put in words when it is read (str), not when it is weighed (issue 36: speed)."""

    __slots__ = ("say",)

    def __init__(self, say: Callable[[], str]):
        self.say = say

    def __str__(self) -> str:
        return self.say()


def worth(g: rgs.RGType, n: Needs, w: dict) -> tuple[int, Why]:
    """value's points, and its why in words only when read (``w``: the weights ``n`` was counted with)."""
    percent, why = _need(g, n, w)
    gain = n.fielded(g) * percent // 100
    if gain <= 0:
        return 0, Why(why)
    part = share(gain, n.strength)
    fights = n.fights if lasting(g) else MILLI
    pts = n.milli("vp_per_ratio") * part // MILLI * fights // MILLI
    return pts, Why(lambda: f"{why()}; +{shown(gain)} squads' strength on {shown(n.strength)} (+{part // 10}%) for "
                    f"{shown(fights)} scenarios")


def share(gain: int, base: int) -> int:
    """The share (thousandths) by which ``gain`` raises a strength ``base``: 2 gain / (2 base + gain), within 3% of
    ln(1 + gain / base) up to a doubling; whole numbers (issue 21). A squad added to a few counts more than one added
    to many."""
    return 2 * MILLI * gain // (2 * max(base, MILLI) + gain)


def lasting(g: rgs.RGType) -> bool:
    """Aircraft and a Bombardment serve one scenario (7.502 i, RG note m); the rest stays in the OB while it lives."""
    return g.role not in ("air", "bombardment")


def strength(g: rgs.RGType, n: Needs, w: dict) -> int:
    """What a RG fields, in thousandths of a squad (STRENGTH), at the strength it is likely to arrive with: the mean
    of its Full and Depleted numbers (7.519); an MG/Mtr/Gun comes with its 2-2-8 crew (note b). What the situation
    makes it worth (issue 36: in 30 campaigns no Gun, OBA, Cupola, minefield or assault platoon was ever bought, their
    worth the same whatever the enemy did): a Gun or Cupola of the Defender dug in (``emplaced``: a Gun set up
    emplaced and hidden, C11.2/A12.34, a Cupola in the line); an OBA module's Fire Missions and a minefield's hexes by
    the enemy infantry they may catch (``mass_squads``, ``mine_squads``: at that many squads, or fewer, they are worth
    STRENGTH's); a
    platoon of assault troops (note a, elite squads) while the enemy Controls LVP the side must take back
    (``assault``). Weights of ai/<cg>.toml, the computer's rules of thumb, not the rules'."""
    halves = (g.full or 0) + (g.depleted or g.full or 0) if g.full else 2 * _listed(g.units)  # twice the count
    role = g.role
    dug_in = milli(w.get("emplaced", 1)) if n.defender else MILLI

    def massed(key: str) -> int:  # thousandths: the enemy squads beyond w[key], at least 1
        return max(n.enemy_squads, w[key]) * MILLI // w[key] if key in w else MILLI
    if role == "infantry":
        assault = milli(w.get("assault", 1)) if "a" in g.notes and n.lvp_russian and n.defender else MILLI
        return (halves * mmc_strength(g.units.split(",")[0].strip(), "squad") + 1) // 2 * assault // MILLI
    if role == "sw":
        return _listed(g.units) * (STRENGTH["sw"] + CREW)
    if role == "cupola":
        return _listed(g.units) * STRENGTH["cupola"] * dug_in // MILLI
    if role in ("at", "armor", "aa", "gun"):
        each = STRENGTH["vehicle"] if g.letter == "V" else (STRENGTH["gun"] + CREW) * dug_in // MILLI
        return (halves * each + 1) // 2
    if role == "oba":
        return STRENGTH["oba"] * (_oba_fp(g) + 20) // 40 * massed("mass_squads") // MILLI
    if role in ("bombardment", "cbm", "observer"):
        return STRENGTH[role]
    if role == "air":
        return STRENGTH["aircraft"]
    if role in ("fortification", "minefield"):
        worth = milli(w["fortification_counters"][role]) * STRENGTH["fortification"] // MILLI if n.defender else 0
        return worth * massed("mine_squads") // MILLI if role == "minefield" else worth
    if role == "san":
        return n.strength * SAN_SHARE // 100
    if role == "recon":
        return milli(w.get("recon", 0))
    return 0


@cache
def _listed(units: str) -> int:
    """How many weapons a chart's Units Received lists: "HMG x 2; .50 cal x 1" 3, "HMG Cupola, MMG Cupola" 2."""
    return sum(int(n) if n else 1 for n in re.findall(r"[^,;]+?(?: x (\d+))?(?:[,;]|$)", units) if units) or 1


def _need(g: rgs.RGType, n: Needs, w: dict) -> tuple[int, Callable[[], str]]:
    """Percent of its strength a RG is worth for what the side needs now, and why: more while the side is short of
    it (infantry for the LVP, AT assets for the AFV seen, SW for the squads), nothing where it cannot serve (OBA
    beyond CG13's limit, an observer without a module, aircraft in Overcast or Rain: E3.5). The why is put in words
    only when asked (issue 36: most RGs weighed are never bought, and their words were a tenth of a campaign's time)."""
    role, short = g.role, n.milli("short") // 10
    if role == "infantry":
        wanted = n.halves_wanted // 2
        return (short if n.halves < n.halves_wanted else 100), lambda: \
            (f"infantry {n.squads} squads for {n.held} LVP to {'hold' if g.side == 'German' else 'take'}, wants "
             f"{wanted}" + (f", {g.units} squads" if g.units else ""))
    if role == "sw":
        wanted = n.halves // 6  # a SW for each three squads
        return (short if n.sw < wanted else 100), lambda: f"heavy weapons: {n.sw} SW for {n.squads} squads"
    if role == "at" and g.side == "German":
        return (short if n.at < n.at_wanted else 100), lambda: \
            f"AT assets {n.at} against {n.afv_seen} Russian AFV seen, wants {n.at_wanted}"
    if role == "armor":
        return (short if n.armor < n.armor_wanted else 100), lambda: f"armour {n.armor} AFV, wants {n.armor_wanted}"
    if role == "aa":
        return (short if n.aa < n.enemy_air else 100), lambda: f"flak {n.aa} against {n.enemy_air} enemy aircraft"
    if role == "oba":
        return (100 if n.oba < n.oba_limit else 0), lambda: \
            f"OBA modules {n.oba} of the {n.oba_limit} usable (CG13), {_oba_fp(g)} FP a Fire Mission"
    if role == "observer":
        return (100 if n.observers < n.oba else 0), lambda: \
            f"an Offboard Observer for {n.oba} OBA modules ({n.observers} now)"
    if role == "air" and n.weather in ("Overcast", "Rain"):  # E3.5 (core ASL, not in the texts): no aircraft then
        return 0, lambda: f"no air support: aircraft cannot fly in {n.weather} (E3.5)"
    if role in ("fortification", "minefield"):
        what = "50 FPP of fortifications" if role == "fortification" else "a minefield"
        return 100, lambda: f"{what}, {n.dates_left * 100 // n.dates}% of the CG still to fight" + \
            ("" if n.defender else " (the Russian attacks: 7.521)")
    return 100, lambda: WHY.get(role, "no use found")


WHY = {"cupola": "two MG Cupolas strengthen the line", "at": "AT Guns to support the infantry",
       "gun": "guns to support the infantry", "cbm": "counter-battery fire against the enemy OBA", "air": "air support",
       "bombardment": "a pre-game Bombardment", "san": "a higher SAN", "recon": "Recon with the +3 drm"}


def _item(g: rgs.RGType, w: dict, initial: bool) -> rgs.Item:
    """Note f Pre-Registered hexes for OBA; CG12a: only a German AFV RG meant as a mobile reserve (armour) enters from
    off board for one CPP less after the Initial Scenario; Tank Destroyers and flak set up on the map to hold the line
    (issue 21: the TD stayed off board in 23AM)."""
    prereg = w["prereg"] if "f" in g.notes else 0
    offboard = w["offboard_vehicles"] and g.role == "armor" and g.discountable and not initial
    return rgs.Item(g.id, offboard=offboard, prereg=prereg)


def purchase(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.518: buy a RG with the most points per CPP (drawn among the near-best, issue 21), again and again, while that
    beats what a CPP kept is worth (cpp_value: the same at every CG Date)."""
    s, w = r.side(side), w["purchase"]
    chart, initial = r.chart(side), not r.c.scenarios
    keep = cpp_value(r, side, w["keep"], w["vp"])
    needs, empty = Needs(r, s, w), basket(r, s)
    # each RG's item once, admitted once (rg.Basket.admit); one the basket refuses stays refused as it fills (its
    # limits, the CPP, the FRU cap and the OBA modules only tighten), so it is not tried again (issue 36: speed)
    legal = {}
    for g in chart.values():
        item = _item(g, w, initial)
        try:
            legal[g.id] = (empty.admit(item), item)
        except SoloError:
            continue

    n, cart, counted = needs, empty.copy(), 0  # what is bought so far, counted and checked once: greedy's list of buys
    # only grows, so each call adds the buys made since the one before (issue 36: speed)

    def offers(bought: list[tuple]) -> list[tuple]:
        nonlocal n, counted
        if counted < len(bought):
            n = n.plus([b[1] for b in bought[counted:]])
            for b in bought[counted:]:
                cart.add(b[2])
            counted = len(bought)
        out = []
        for rg_id, (g, item) in list(legal.items()):
            pts, reason = worth(g, n, w)
            if pts <= 0:  # worth nothing: not offered, whether legal or not (weighed first: it costs less)
                continue
            if not cart.fits(g, item):
                del legal[rg_id]
                continue
            out.append((pts // rgs.cost(g, item), g, item, reason))
        return out
    percent, weighted = w.get("near", NEAR), w.get("weighted", False)
    bought, weighed = greedy(offers, keep, r.play.draw, stop_near=True, percent=percent, weighted=weighted)
    items = [b[2] for b in bought]
    entries: list[list] = []  # item, count, RG, reason, ratio, among: the same item bought again counted in one
    for ratio, g, item, reason, among in bought:
        if entries and entries[-1][0] == item and among == 1 and entries[-1][5] == 1:
            entries[-1][1] += 1
        else:
            entries.append([item, 1, g, reason, ratio, among])
    left = s.cpp - sum(rgs.cost(chart[i.rg], i) for i in items)
    why = [_bought(item, count, g, reason, ratio, among, percent, weighted)
           for item, count, g, reason, ratio, among in entries]
    best = max((o[0] for o in offers(bought)), default=0)
    than = ("more than any further RG" if best <= keep else
            f"drawn against the best further RG ({shown(best)} points/CPP), within {percent}% of it")
    if cpp_vp(r, side):
        why.append(f"keeps {left} CPP: each one left after the last RePh is 1 VP off the Russian total (7.518), "
                   f"worth {shown(keep)} points/CPP at every CG Date, {than}")
    else:
        why.append(f"keeps {left} CPP " + ("(nothing to buy after the last RePh)" if r.c.is_last_date else
                                          f"for later CG Dates (worth {shown(keep)} points/CPP)"))
    return Reply([i.to_json() for i in items], "; ".join(why), weighed)


def _bought(item: rgs.Item, count: int, g: rgs.RGType, reason: str, ratio: int, among: int, percent: int,
            weighted: bool) -> str:
    each = " each" if count > 1 else ""
    return (f"buys {f'{count} x ' if count > 1 else ''}{g.label()} for {rgs.cost(g, item)} CPP{each}"
            + (" entering from off board (CG12a)" if item.offboard else "")
            + (f" with {item.prereg} Pre-Registered hex" if item.prereg else "")
            + f": {reason} ({shown(ratio)} points/CPP{drawn(among, percent, weighted)})")


# --- other decisions ----------------------------------------------------------------------

def fortifications(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.520: the FPP split by what the side expects to face (issue 36: one split every campaign told the Russian the
    German mines before the game). An AT Ditch first against much armour; AT Mines by the share of the enemy's strength
    that is armour (an AFV two squads, as the computer counts strength); the rest against his infantry by the shares
    of ai/oto2.toml; each share drawn within ``jitter`` of the judged one (a mixed strategy: the split varies as a
    player's would, none the Russian can learn); HIP squads drawn up to the 10% (FRU) the rules allow; what is left to
    the cheapest kinds, so that nothing is forfeited."""
    s, w, costs = r.side(side), w["fortifications"], fort_costs(r)
    left, bought, why = s.fpp, {}, []
    afv = afv_seen(r) if side == "German" else 0
    squads = enemy_squads(r, side)
    if afv >= w["at_ditch_when_afv"] and left >= costs["AT Ditch"]:
        bought["AT Ditch"] = 1
        left -= costs["AT Ditch"]
        why.append(f"an AT Ditch first: the Russians showed {afv} AFV")
    armour = 2 * afv * MILLI // max(2 * afv + squads, 1)  # thousandths of the enemy's strength in AFV
    judged = {kind: milli(share) for kind, share in w["shares"].items()}
    if "AT Mine" in w["order"]:
        judged = {kind: share * (MILLI - armour * milli(w["at_mine"]) // MILLI) // MILLI for kind, share in
                  judged.items()} | {"AT Mine": armour * milli(w["at_mine"]) // MILLI}
    steps = w.get("jitter_steps", 0)
    shares = {}
    for kind, share in judged.items():  # each drawn among 2 * steps + 1 values, evenly from -jitter to +jitter
        pick = r.play.draw(2 * steps + 1) - steps if steps else 0
        shares[kind] = max(share + share * milli(w.get("jitter", 0)) * pick // (steps * MILLI) if steps else share, 0)
    drawn_total = sum(shares.values()) or 1
    shares = {kind: share * MILLI // drawn_total for kind, share in shares.items()}  # all the FPP, no more
    hip = _hip_squads(r, s, w)
    if hip and left >= hip * costs["HIP squad"]:
        bought["HIP squad"] = hip
        left -= hip * costs["HIP squad"]
    budget = left
    for kind in w["order"]:
        count = budget * shares.get(kind, 0) // (MILLI * costs[kind])  # whole numbers
        if count:
            bought[kind] = bought.get(kind, 0) + count
            left -= count * costs[kind]
    for kind in sorted(w["order"], key=lambda k: (costs[k], k)):
        while left >= costs[kind]:
            bought[kind] = bought.get(kind, 0) + 1
            left -= costs[kind]
    if "AT Mine" in w["order"]:
        why.append(f"expects {afv} Russian AFV beside {squads} squads: {armour // 10}% of their strength armour, "
                   f"so AT Mines get {judged['AT Mine'] // 10}% of the FPP")
    why.append("spends the FPP by shares " + ", ".join(f"{k} {v // 10}%" for k, v in shares.items() if v)
               + (f" (each drawn within {milli(w['jitter']) // 10}% of its judged share, a mixed strategy)"
                  if steps else "")
               + (f"; HIP for {hip} squad(s) (at most 10% FRU of its squads, 7.520)" if hip else "")
               + "; unspent FPP would be forfeited (7.520)")
    return Reply(bought, "; ".join(why), tuple((k, f"{n} x {costs.get(k)} FPP") for k, n in bought.items()))


def enemy_squads(r: Reph, side: str, enemy: SideState | None = None) -> int:
    """The squads (a HS half) the enemy fields as ``side`` may see him (seen_by, or ``enemy`` as read already); before
    the first scenario those of his printed Initial OB (7.4)."""
    if not r.c.scenarios:
        return sum(r.chart(r.c.other(side))[g].full or 0 for g in r.defn.initial[r.c.other(side)]["rg"]
                   if r.chart(r.c.other(side))[g].role == "infantry")
    enemy = enemy or seen_by(r.c, side)
    return len(enemy.retained("squad")) + len(enemy.retained("hs")) // 2


def _hip_squads(r: Reph, s: SideState, w: dict) -> int:
    """HIP squads (7.520: at most 10% FRU of the non-Reserve Infantry squads, purchase._hip_limit's count) drawn from
    none to the most allowed, when the weights buy HIP at all."""
    if not w.get("hip") or s.name != "German":
        return 0
    offboard = {p.line for p in s.purchases if p.date == r.c.date and p.options.get("offboard")}
    halves = sum(2 if u.kind == "squad" else 1 for u in s.retained("squad", "hs") if u.rg not in offboard)
    return r.play.draw(-(-halves // 20) + 1)  # whole numbers: 10% (FRU) of the squads, a HS half of one


def blaze_risk(r: Reph, unit) -> tuple:
    """7.5094: an Isolated unit the facts confine to Flame n's Location is Eliminated if it stays and the Flame's dr
    makes it a Blaze: that chance (the oto2.flame_spread table's, exact) and why; none for another unit."""
    flame = fact(r, "flame_confined", {}).get(unit.id)
    if flame is None:
        return 0, ""
    blaze = sum(p for result, p in kept_odds(r.cat, "oto2.flame_spread") if "becomes a Blaze" in result)
    return blaze, f"Flame {flame}'s Location may become a Blaze and Eliminate it (7.5094)"


escape = escape_decision("oto2.escape", escape_mods, "7.5061", blaze_risk)


def removal(r: Reph, side: str, w: dict, q: Question) -> Reply:
    """7.514: try every item allowed, the likeliest first (rear, then adjacent, then Front-Line hexes); never the side's
    own Fortifications (issue 21: it removed its own), only the enemy's and the wrecks in its way."""
    order = {"rear": 0, "adjacent": 1, "front-line": 2}
    items = q.context["items"]
    own = [n for n in range(1, len(items) + 1) if items[n - 1].get("own") and not _wreck(items[n - 1])]
    ranked = sorted((n for n in range(1, len(items) + 1) if n not in own),
                    key=lambda n: (order[items[n - 1]["where"]], n))
    squads, tracked, picks = q.context["squads"], q.context["tracked"], []
    for n in ranked:
        wreck = _wreck(items[n - 1])
        room = tracked if wreck else squads
        if room > 0:
            picks.append(n)
            tracked, squads = (tracked - 1, squads) if wreck else (tracked, squads - 1)
    why = f"tries {len(picks)} of {len(items)} items, the likeliest first (no Front-Line drm)"
    if own:
        why += f"; keeps its own {', '.join(items[n - 1]['item'] for n in own)}: they still stop the enemy"
    return Reply(picks, why, tuple((items[n - 1]["item"], items[n - 1]["where"] + (" (own)" if n in own else ""))
                                   for n in range(1, len(items) + 1)))


def _wreck(item: dict) -> bool:
    return any(k in item["item"].lower() for k in ("wreck", "immobile"))


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
    crews = [u for u in q.context["units"] if u.kind == "crew"]
    pairs: dict[str, str] = {}
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
    if not spend:  # issue 36: "spends 0 CPP on Recon with 0 Left: knowing where the hidden Germans are saves more..."
        why = "no Recon: no CPP Left to spend on it (7.5225)"
    else:
        why = (f"spends {spend} CPP on Recon with {s.cpp} Left ({'at least' if spend == 2 else 'fewer than'} the "
               f"{w['two_cpp_from']} from which it pays 2 for the +3 drm): knowing where the hidden Germans are is "
               "worth more to the assault than what the CPP would buy")
    return Reply(spend, why, (("0", "no recon"), ("1", "recon"), ("2", "recon +3 drm")))


DECISIONS: dict[str, Decision] = {  # the computer's answer to each question, by its key
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
