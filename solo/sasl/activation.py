"""Activation of an S? (SASL 5.): the AC dr against the ENEMY AC# by range bracket, then the mission's Activation
tables, and the concrete units that now stand in the S?'s place.

The range brackets and the AC dr with its drm are core SASL and not in the texts: `sasl.ac_brackets` (the public
facts of tables/core/SOURCES.md, with the project's reading of how a bracket meets the AC#) and `sasl.ac_dr` are marked
stand-ins a table pack replaces.
"""

from solo.core.errors import SoloError
from solo.rules.units import unit_type
from solo.sasl.context import Ctx
from solo.sasl.state import SQuestion
from solo.sasl.words import Attitude, Kind, Side, SStatus

AC_MODS = ("vpo", "stone", "level", "near-enemy", "village", "city")
SIGHTING_RANGE = 16  # 5.: an S? is checked only when a FRIENDLY unit sees it within 16 hexes (SASL-FACTS)


def ac_check(x: Ctx, s: SQuestion, rng: int, viewer: str, mods: dict) -> tuple[bool, str]:
    """The Activation check (5.): automatic, none, or the AC dr: Final dr - AC# <= bracket Activates."""
    bracket = x.cat.chart("sasl.ac_brackets", str(rng), viewer)
    if bracket == "auto":
        return True, f"automatic at range {rng}"
    if bracket == "none":
        return False, f"a {viewer.lower()} viewer Activates nothing at range {rng}"
    if s.attitude == Attitude.ADVANCE:
        mods = {k: v for k, v in mods.items() if k not in ("village", "city")}  # the board drm are NA in Advance
    trace = x.roll("sasl.ac_dr", f"AC dr for {s.id} at range {rng}", side=Side.ENEMY, mods=mods)
    ac = x.m.tables["enemy_ac"]
    if bracket == "long":
        return trace.original == 1, f"long range: dr {trace.original} (only an Original 1 Activates)"
    hit = trace.final - ac <= bracket
    return (
        hit,
        f"AC dr {trace.original}, Final {trace.final}, minus AC# {ac} = {trace.final - ac} vs bracket <= {bracket}",
    )


def check(x: Ctx, s: SQuestion, rng: int, viewer: str, mods: dict) -> dict:
    """An Activation check of ``s`` seen at range ``rng``: the AC dr, and the units it Activates."""
    hit, why = ac_check(x, s, rng, viewer, mods)  # (a move's sighting is said before, solo/sasl/actions.py)
    x.say(f"{s.id} Activation check: {why}: {'Activates' if hit else 'stays an S?'}", rule="5.")
    made = activate(x, s) if hit else []
    return {"s": s.id, "range": rng, "mods": mods, "activated": hit, "why": why,
            "units": [u.to_json() for u in x.m.units if u.id in made]}


def _squad(x: Ctx, purpose: str) -> str:
    squad = x.roll("squad", purpose, side=Side.ENEMY).result
    return x.defn.get("squad_replace", {}).get(squad, squad)


def activate(x: Ctx, s: SQuestion) -> list[str]:
    """Roll the mission's Activation table (with the results the mission adds) and turn each result into a unit in the
    S?'s Location."""
    trace = x.roll("activation", f"Activation of {s.id}", side=Side.ENEMY)
    tokens = [t.strip() for t in trace.result.split(",") if t.strip()]
    if x.game.activation_results:
        tokens = x.game.activation_results(x, trace, tokens)
    chained = [sub.result for sub in trace.subrolls]
    attitude = x.m.attitude if s.origin == "reinforcement" else s.attitude
    made = []
    for token in tokens:
        unit = _unit(x, s, token, chained)
        if unit:
            kind = unit[1]  # a fortification has no Attitude: it neither moves nor fires (issue 18)
            made.append(x.m.add_unit(*unit, s.where, "" if kind == Kind.FORTIFICATION else attitude, s.id).id)
    crews = [u for u in x.m.units if u.id in made and u.kind in (Kind.SQUAD, Kind.HS, Kind.LEADER)]
    for u in x.m.units:
        if u.id in made and u.kind == Kind.SW and crews:
            u.owner = crews[0].id  # the SW goes with the unit it Activated with (A4.4)
    s.status, s.units = SStatus.ACTIVATED, made
    x.say(f"{s.id} Activates (DR {trace.original}, Final {trace.final}: {trace.result}): "
          + (", ".join(f"{u.id} {u.type}" for u in x.m.units if u.id in made) or "nothing")
          + f" in {s.where}, {attitude} Attitude", rule="5.")
    return made


def _unit(x: Ctx, s: SQuestion, token: str, chained: list[str]) -> tuple[str, Kind] | None:
    if token == "S":
        return _squad(x, f"Squad type for {s.id} (G2)"), Kind.SQUAD
    if token == "HS":
        squad = _squad(x, f"Half-squad type for {s.id} (G2)")
        return unit_type(squad, x.defn["enemy"]).hs, Kind.HS
    if token == "L":
        leader = x.roll("leader", f"Leader for {s.id}", side=Side.ENEMY).result
        if x.game.leader_generated:
            x.game.leader_generated(x, leader)
        return leader, Kind.LEADER
    if token == "SW":
        return x.roll("sw", f"SW for {s.id}", side=Side.ENEMY).result, Kind.SW
    if token == "F":
        fort = x.roll("fortification", f"Fortification for {s.id} (A5)", side=Side.ENEMY).result
        return (fort, Kind.FORTIFICATION) if fort != "None" else None
    if token in ("GUN", "VEHICLE"):
        return chained.pop(0), Kind.GUN if token == "GUN" else Kind.VEHICLE
    raise SoloError(f"the Activation table gives {token!r}, which solo does not know (S, HS, L, SW, F, GUN, VEHICLE)")

