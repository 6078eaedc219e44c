"""Fire that fits its target (issue 34.4): what small arms may fire at, and what an ENEMY Gun or AFV fires its main
armament at, by what it can hit and kill, with what the player rolls.

Core ASL (not in the texts; solo's readings, each written where it decides):
- Small arms (Infantry and their SW, and any fire solo can only give as an IFT equivalent) cannot harm an armoured
  AFV: they never fire at one. They may fire at an open-topped AFV (its crew is exposed), an unarmoured vehicle and a
  Gun (its crew). A vehicle the chart asl.afv does not list is taken for an armoured AFV. (A PSK, ATR, BAZ or PIAT
  fires To Hit/TK, which solo does not resolve for a SW: it has no IFT FP and does not fire.)
- A Gun or AFV whose main armament (MA) the charts know fires To Hit (C3) at its best target: a vehicle as the
  Vehicle Target Type, killed by the TK DR (C7: below TK# - AF eliminates, equal Shocks); Infantry and Guns as the
  Infantry Target Type, a hit resolved on the IFT with the gun's HE FP and the target's TEM (C3.3, C8.31). Its
  target is the one worth most (ai/ordnance.toml) x the chance to hit x the chance a hit kills or breaks it.
- The charts (tables/core/ordnance.toml) are marked stand-ins a table pack replaces; facing is not known (the Front
  AF is used), nor hull-down, motion or Acquisition: the decision says so rather than count them silently.
"""

import re
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from solo.ai.situation import Piece
from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError
from solo.rules.catalog import default_catalog
from solo.sasl.units import GUNS
from solo.sasl.words import Kind

TO_HIT, TO_KILL, VEHICLES = "asl.c3_to_hit", "asl.c7_guns", "asl.afv"
SMALL_ARMS_MAY_FIRE_AT = ("open-topped AFV", "unarmoured")  # asl.afv Type
NOT_COUNTED = "not counted: facing (Front AF), hull-down, motion, Acquisition"


@cache
def weights() -> dict:
    return read_toml_file(content_dir("ai") / "ordnance.toml")


@dataclass(frozen=True)
class Vehicle:
    name: str
    type: str  # "AFV", "open-topped AFV", "unarmoured"
    front: int
    side: int
    ma: str  # the gun as asl.c7_guns keys it, "-" none
    size: int  # To Hit DRM


@dataclass(frozen=True)
class Gun:
    code: str  # "75L", "88LL", "75*"
    tk: int | None  # Basic TK#, None: no ammunition that kills armour
    he: float  # HE FP (IFT equivalent)


_READ: dict = {}  # what this module read from the charts, for the catalog it read it from (a pack may replace one)


def _read(key, make):
    """``make(catalog)`` once per key and catalog."""
    cat = default_catalog()
    if _READ.get("catalog") is not cat:
        _READ.clear()
        _READ["catalog"] = cat
    if key not in _READ:
        _READ[key] = make(cat)
    return _READ[key]


def _row(table_id: str, key: str) -> dict | None:
    """The cells of a chart's row ``key`` (None: no such row)."""
    return _read(table_id, lambda cat: {r.key: r.results for r in cat.get(table_id).rows}).get(key)


@contextmanager
def _cells(table_id: str, key: str, wanted: str):
    """A chart row solo cannot read (a table pack's) is one clear line, not a traceback."""
    try:
        yield
    except (KeyError, TypeError, ValueError) as exc:
        raise SoloError(f"{table_id}: row {key!r} needs {wanted} (your table pack: {exc})") from None


def vehicle(name: str) -> Vehicle | None:
    """The vehicle ``name`` from asl.afv, or None when the chart does not list it."""
    r = _row(VEHICLES, name)
    if r is None:
        return None
    with _cells(VEHICLES, name, '"Type" (AFV, open-topped AFV, unarmoured), whole "Front AF", "Side AF", "Size", "MA"'):
        return Vehicle(name, str(r["Type"]), int(r["Front AF"]), int(r["Side AF"]), str(r["MA"]), int(r["Size"]))


def gun(code: str) -> Gun | None:
    """The gun ``code`` from asl.c7_guns, or None when the chart does not list it."""
    r = _row(TO_KILL, code)
    if r is None:
        return None
    with _cells(TO_KILL, code, 'a whole "TK#" (or "-") and a number "HE FP"'):
        return Gun(code, None if r["TK#"] == "-" else int(r["TK#"]), float(r["HE FP"]))


def is_gun(name: str) -> bool:
    """A Gun by its counter name (a solo/sasl/units.py GUNS word: AT, AA, INF, MTR, Flak ...), not a vehicle asl.afv
    lists."""
    return any(word in name.split() for word in GUNS) and vehicle(name) is None


def gun_code(name: str) -> str | None:
    """A Gun's calibre and length from its counter name ("75L AT" -> 75L, "Flak 18 88L" -> 88L, "75* INF" -> 75*), None
    when it is no Gun or its name gives none ("82mm MTR")."""
    if not is_gun(name):
        return None
    codes = re.findall(r"(?<![\w(])\d+(?:LL|L|\*)?(?=[\s(]|$)", name)  # "Flak 18 88L": the model number, then the gun
    return next((c for c in codes if not c.isdigit()), codes[-1] if codes else None)


def weapon(p: Piece) -> Gun | None:
    """The MA an ENEMY Gun or AFV fires To Hit with, when the charts know it (else None: it fires as an IFT
    equivalent, small arms, if at all)."""
    return _read(("weapon", p.unit), lambda _: _weapon(p.unit)) if p.kind == Kind.VEHICLE else None


def _weapon(name: str) -> Gun | None:
    v = vehicle(name)
    code = v.ma if v else gun_code(name)
    return gun(code) if code else None


def armoured(p: Piece) -> bool:
    """An AFV small arms cannot affect: a vehicle that is not a Gun and that asl.afv does not list as open-topped or
    unarmoured (a vehicle it does not list is taken for an armoured AFV)."""
    return p.kind == Kind.VEHICLE and _read(("armoured", p.unit), lambda _: _armoured(p.unit))


def _armoured(name: str) -> bool:
    v = vehicle(name)
    return not is_gun(name) and (v is None or v.type not in SMALL_ARMS_MAY_FIRE_AT)


def small_arms_affect(p: Piece) -> bool:
    return not armoured(p)


def p_at_most(n: float) -> float:
    """The chance a 2d6 DR is <= n."""
    return sum(6 - abs(7 - dr) for dr in range(2, 13) if dr <= n) / 36


def _source(table_id: str) -> str:
    """Where a chart's numbers come from: the shipped stand-in or the player's table pack."""
    return f"{'stand-in' if default_catalog().get(table_id).stand_in else 'your table pack,'} {table_id}"


def _table_name(table_id: str, title: str) -> str:
    return f"{title} ({_source(table_id)})"


def to_hit(rng: int, target_type: str) -> int | None:
    """The Basic To Hit number at range ``rng`` (asl.c3_to_hit, its rows keyed "0-1", "2-6" ...), None beyond the
    chart's ranges."""
    for row in default_catalog().get(TO_HIT).rows:
        found = re.fullmatch(r"(\d+)(?:-(\d+))?", str(row.key).strip())
        if not found or not isinstance(row.results.get(target_type), int):
            raise SoloError(f"{TO_HIT}: row {row.key!r} needs a range key such as \"2-6\" and a whole {target_type} "
                            "To Hit number (your table pack)")
        if int(found[1]) <= rng <= int(found[2] or found[1]):
            return row.results[target_type]
    return None


@dataclass
class Shot:
    target: Piece
    range: int
    score: float = 0.0
    words: str = ""  # what the player rolls, or why it is not weighed
    weighed: bool = True
    odds: str = ""  # the score's parts, short


def _shot(t, unit: Piece, g: Gun, target: Piece, rng: int, hindering: frozenset = frozenset()) -> Shot:
    """One target's To Hit and kill chances, in a player's words."""
    worth = weights()["worth"]
    is_vehicle = target.kind == Kind.VEHICLE and not is_gun(target.unit)
    v = vehicle(target.unit) if is_vehicle else None
    name = f"{target.id} {target.unit}"
    if is_vehicle and v is None:
        return Shot(target, rng, words=f"{name}: its armour is not in {VEHICLES} (add it to your table pack), "
                    "not weighed", weighed=False)
    soft = v is not None and v.type == "unarmoured"  # v is None only for a target no vehicle
    if is_vehicle and not soft and g.tk is None:
        return Shot(target, rng, words=f"{name}: the {g.code} has no ammunition that kills armour ({TO_KILL})",
                    weighed=False)
    target_type = "Vehicle" if is_vehicle else "Infantry"
    th = to_hit(rng, target_type)
    if th is None:
        return Shot(target, rng, words=f"{name}: range {rng} is beyond {TO_HIT}", weighed=False)
    hindrance = t.los.trace(t.nodes[t.at(unit.hex)], t.nodes[t.at(target.hex)], hindering).hindrances if rng else 0
    size = v.size if v else 0
    drm = size + hindrance
    parts = [f"size {size:+d}"] * bool(size) + [f"hindrance +{hindrance}"] * bool(hindrance)
    hit = p_at_most(th - drm)
    aim = (f"roll To Hit on {_table_name(TO_HIT, 'C3')}, {target_type} Target, range {rng}: TH# {th}, DRM {drm:+d}"
           + (f" ({', '.join(parts)})" if parts else "") + f", needing <= {th - drm} ({hit:.0%})")
    if is_vehicle and g.tk is not None:
        af = 0 if soft or v is None else v.front
        final = g.tk - af
        kill = p_at_most(final - 1)
        armour = "AF 0, unarmoured" if soft else f"Front AF {af}, facing not known"
        then = (f"if hit, the TK DR on {_table_name(TO_KILL, 'C7')}: {g.code} TK# {g.tk} vs the {target.unit}'s "
                f"{armour} (AF: {_source(VEHICLES)}): below {final} eliminates it"
                + ("" if soft else f", {final} Shocks (C7.4)") + f" ({kill:.0%} a kill)")
    else:  # Infantry, a Gun's crew, or an unarmoured vehicle hit by a gun with HE only
        tem = 0.0 if is_vehicle else float(t.cover[t.at(target.hex)])
        breaks = max((n for fp, n in weights()["he_breaks"].items() if float(fp) <= g.he), default=2)
        kill = p_at_most(breaks - tem)
        cover = "the unarmoured vehicle" if is_vehicle else f"TEM, {t.terrain[t.at(target.hex)]}"
        then = (f"if hit, roll the IFT with {g.he:g} FP (HE of the {g.code}, {_table_name(TO_KILL, 'C8.31')}), "
                f"DRM {tem:+g} ({cover}) ({kill:.0%} {'a kill' if is_vehicle else 'it breaks'}, solo's estimate)")
    key = ("unarmoured" if soft else "AFV") if is_vehicle else "gun" if target.kind == Kind.VEHICLE else target.kind
    score = worth.get(key, 1.0) * hit * kill
    odds = f"{hit:.0%} to hit x {kill:.0%} {'a kill' if is_vehicle else 'it breaks'} x worth {worth.get(key, 1.0):g}"
    return Shot(target, rng, score, f"{aim}; {then}; {hit * kill:.0%} in all", odds=odds)


def aim(t, unit: Piece, options: list[tuple[Piece, int]],
        hindering: frozenset = frozenset()) -> tuple[Shot | None, list[Shot]]:
    """An ENEMY Gun or AFV's best target among ``options`` (FRIENDLY units in LOS and range, with their range) by
    worth x hit x kill (ties: the nearest, then by id), and every option weighed or not, best first; ``hindering``
    the hexes whose wrecks hinder its LOS."""
    g = weapon(unit)
    assert g is not None, f"{unit.unit}: only a Gun or AFV with its MA aims (solo/ai/decide.py asks only those)"
    shots = [_shot(t, unit, g, p, rng, hindering) for p, rng in options]
    shots.sort(key=lambda x: (not x.weighed, -x.score, x.range, x.target.id))
    best = shots[0] if shots and shots[0].weighed and shots[0].score > 0 else None
    return best, shots


def fire_words(unit: Piece, best: Shot, shots: list[Shot]) -> str:
    """The decision's why: the target, what the player rolls, the next target it weighed, what it does not count."""
    g = weapon(unit)
    assert g is not None, f"{unit.unit}: only a Gun or AFV with its MA fires"
    why = (f"{unit.id} {unit.unit} ({unit.attitude}) fires its MA ({g.code}) at {best.target.id} {best.target.unit} "
           f"in {best.target.hex} at range {best.range}, from {unit.hex}: {best.words}")
    other = next((x for x in shots if x is not best), None)
    if other is not None:
        why += (f"; rather than {other.target.id} {other.target.unit} ({other.odds} = {other.score:.2f}, against "
                f"{best.score:.2f}; worth: ai/ordnance.toml)" if other.weighed else f"; {other.words}")
    return f"{why}; {NOT_COUNTED}"


def held_fire(t, unit: Piece, options: list[tuple[Piece, int]]) -> str:
    """Why a unit with FRIENDLY units in LOS and range does not fire at any of them."""
    if weapon(unit):
        return "; ".join(f"{x.target.id} {x.target.unit}: {x.odds}, it cannot hurt it" if x.weighed else x.words
                         for x in aim(t, unit, options)[1])
    said = [f"{p.id} {p.unit} is an armoured AFV small arms cannot affect" for p, _ in options if armoured(p)]
    return "; ".join(said)
