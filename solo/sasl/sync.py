"""A mission following the player's VASL game (issue 19.4-5): the counters on the VASL boards matched once to the
mission's units and kept, then each sync brings over what moved, appeared and went, and says which of the
mission's moves (the ENEMY's) go back into the VASL game.

Who wins where both changed: a unit's hex is compared with the hex it had at the last sync. If only the VASL
counter moved, the mission follows it (the player moved it on VASL); if only the mission's unit moved (the ENEMY's
moves solo decided and the player confirmed), the VASL counter is to be moved there; if both moved, the VASL game
(the table) stands. A matched counter no longer on the boards is a unit eliminated; a FRIENDLY counter of an OoB
type not yet on the map is a unit entering. The readings are solo's (a VASL game has no mission rules).

The VASL game itself is read by the CLI (solo/vasl/); the action holds the counters as plain data, so that a
mission save replays without the VASL file.
"""

import re
from collections import Counter
from dataclasses import dataclass

import networkx as nx

from solo.core.errors import SoloError
from solo.sasl import actions, sighting
from solo.sasl.action import Action
from solo.sasl.context import Ctx
from solo.sasl.state import Unit
from solo.sasl.units import kind_of, oob_counters
from solo.sasl.words import Kind, Status


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


def same_type(unit_type: str, name: str) -> bool:
    """A VASL counter's name for a unit type: "5-2-7 1sq" and "5-2-7", ".50-cal" and ".50 cal"."""
    return bool(_norm(unit_type)) and _norm(name).startswith(_norm(unit_type))


def _nationality(x: Ctx, side: str) -> str:
    return x.defn["friendly" if side == "FRIENDLY" else "enemy"]


@dataclass(frozen=True)
class Sync(Action):
    """The VASL game's counters (id, name, side, hex, traits, read by solo/sasl/vasl.py ``sync_pieces``) brought over;
    ``confirm``: taken even where they break a rule."""

    do = "sync"
    pieces: list[dict] | None = None
    confirm: bool | None = None

    def check(self, x: Ctx) -> dict:
        return check_sync(x, self.pieces, self.confirm is True)

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return do_sync(x, a)


def check_sync(x: Ctx, pieces, confirm: bool) -> dict:
    """The counters of the VASL game (id, name, side, hex, traits) against the mission: the matching (kept from
    earlier syncs, new ones by type, side and nearest hex), what moved, what appeared, what went."""
    m = x.m
    if not isinstance(pieces, list) or not all(isinstance(p, dict) and {"id", "name", "hex"} <= set(p) for p in pieces):
        raise SoloError("sync: the VASL game's counters are a list of {id, name, side, hex, traits}")
    if x.map is None:
        raise SoloError("sync: solo knows no map for this mission (OtO-S2 needs your VASL boards folder)")
    on_boards = {}
    for p in pieces:
        where = x.map.name(str(p["hex"])) if p.get("hex") else None
        if where:
            on_boards[str(p["id"])] = {**p, "hex": where}
    matched = dict(m.vasl)
    taken = set(matched.values())
    pairs = []  # new matches: a counter of its type and side, the nearest pairs first (a counter standing in a
    # unit's own hex goes to that unit, not to an earlier one of the same type farther off)
    for n, u in enumerate(m.units):
        here = x.map.name(u.hex) if u.id not in matched and u.on_map else None
        if here is None:
            continue
        nationality = _nationality(x, u.side)
        pairs += [(x.map.distance(here, p["hex"]), n, str(p["id"])) for i, p in on_boards.items()
                  if i not in taken and same_type(u.type, p["name"]) and p.get("side") in (None, nationality)]
    for _, n, piece in sorted(pairs):
        u = m.units[n]
        if u.id not in matched and piece not in taken:
            matched[u.id] = piece
            taken.add(piece)
    moved, back, gone, states = [], {}, [], {}
    for unit_id, piece_id in matched.items():
        u = m.named_unit(unit_id)
        if not u.on_map:
            continue
        p = on_boards.get(piece_id)
        if p is None:
            gone.append(unit_id)
            continue
        last = m.synced.get(unit_id, u.hex)  # a new match: the VASL game stands
        if p["hex"] != u.hex:
            if u.hex != last and p["hex"] == last:
                back[piece_id] = u.hex  # the mission moved it: the VASL counter follows
            else:
                moved.append([unit_id, u.hex, p["hex"]])
        traits = set(p.get("traits") or [])
        if ("broken" in traits) != (u.status == Status.BROKEN):
            states[unit_id] = "broken" if "broken" in traits else "rallied"
    left = oob_counters(m) - Counter(m.entered)
    appeared = []
    friendly = _nationality(x, "FRIENDLY")
    for i, p in on_boards.items():
        if i in taken or p.get("side") not in (None, friendly):
            continue
        kind = next((t for t in sorted(left, key=len, reverse=True) if left[t] > 0 and same_type(t, p["name"])), None)
        if kind:
            left[kind] -= 1
            appeared.append([i, kind, p["hex"]])
    held = [] if confirm else _held(x, moved, appeared)
    moved = [v for v in moved if v[0] not in {h["unit"] for h in held}]
    appeared = [v for v in appeared if v[0] not in {h["piece"] for h in held}]
    sees: list[list] = []
    seeing = [([m.named_unit(u)], [new]) for u, old, new in moved if m.named_unit(u).side == "FRIENDLY"]
    seeing += [([Unit("", t, kind_of(t, friendly, x.rules), where, side="FRIENDLY")], [where])
               for _, t, where in appeared]
    for units, path in seeing:
        sees += [s for s in sighting.sightings(x, units, path) if s[0] not in {q[0] for q in sees}]
    return {"do": "sync", "matched": matched, "moved": moved, "back": back, "gone": gone, "states": states,
            "appeared": appeared, "sees": sees} | ({"held": held} if held else {}) \
        | ({"confirmed": True} if confirm else {})


def _held(x: Ctx, moved: list, appeared: list) -> list[dict]:
    """What came from the VASL game that the typed action would refuse (issue 37): FRIENDLY units entering (``enter``'s
    checks: the phase, the entry edge or set up area, the OoB, stacking; those in one hex together) and FRIENDLY stacks
    moving (``move``'s: the phase, broken units, MF along the cheapest path, stacking). Held back, each with why, for
    the player to undo in VASL or confirm (``confirm``); never taken silently."""
    held = []
    by_hex: dict[str, list] = {}
    for piece, type_, where in appeared:
        by_hex.setdefault(where, []).append((piece, type_))
    for where, group in by_hex.items():
        try:
            actions.Enter(where, [t for _, t in group]).check(x)
        except SoloError as exc:
            held += [{"piece": p, "unit": None, "type": t, "from": None, "to": where, "why": str(exc)}
                     for p, t in group]
    stacks: dict[tuple[str, str], list[str]] = {}
    for unit_id, old, new in moved:
        u = x.m.named_unit(unit_id)
        if u.side == "FRIENDLY" and u.kind != Kind.SW:  # a SW goes with its carrier
            stacks.setdefault((old, new), []).append(unit_id)
    for (old, new), ids in stacks.items():
        try:
            actions.Move(ids, _path(x, old, new)).check(x)
        except SoloError as exc:
            held += [{"piece": x.m.vasl.get(u), "unit": u, "type": x.m.named_unit(u).type, "from": old, "to": new,
                      "why": str(exc)} for u in ids]
    return held


def _path(x: Ctx, start: str, end: str) -> list[str]:
    """The hexes a stack moved through from ``start`` to ``end``: a VASL game shows only where it stopped, so the
    cheapest path by MF on a map with terrain (solo's reading), else the end alone."""
    graph = x.known_map.graph
    if graph is None or start not in graph or end not in graph:
        return [end]
    try:
        return nx.shortest_path(graph, start, end, weight="mf")[1:] or [end]
    except nx.NetworkXNoPath:
        return [end]


def do_sync(x: Ctx, a: dict) -> dict:
    m = x.m
    new_matches = {u: p for u, p in a["matched"].items() if u not in m.vasl}
    m.vasl = dict(a["matched"])
    for unit_id, _, new in a["moved"]:
        u = m.named_unit(unit_id)
        for sw in [v for v in m.units if v.owner == u.id and v.on_map and v.id not in m.vasl]:
            sw.hex = new
        u.hex = new
    for unit_id in a["gone"]:
        actions.apply_result(x, m.named_unit(unit_id), "eliminated")
    for unit_id, result in a["states"].items():
        actions.apply_result(x, m.named_unit(unit_id), result)
    made: list[Unit] = []
    for piece_id, type_, where in a["appeared"]:
        u = m.add_unit(type_, kind_of(type_, x.defn["friendly"], x.rules), where, "", "OoB", side="FRIENDLY")
        m.entered[type_] = m.entered.get(type_, 0) + 1
        m.vasl[u.id] = piece_id
        made.append(u)
    m.synced = {u.id: u.hex for u in m.units if u.id in m.vasl and u.on_map}
    for piece_id, where in a["back"].items():
        m.synced[next(u for u, p in m.vasl.items() if p == piece_id)] = where
    lines = [f"{u} {old} -> {new}" for u, old, new in a["moved"]] + [f"{u} gone (eliminated)" for u in a["gone"]] \
        + [f"{u} {r}" for u, r in a["states"].items()] + [f"{u.id} {u.type} entered in {u.hex}" for u in made]
    x.say("VASL game synced: " + ("; ".join(lines) or "nothing changed")
          + (f"; {len(new_matches)} counter(s) matched" if new_matches else "")
          + (f"; {len(a['back'])} ENEMY move(s) to make in VASL" if a["back"] else ""), rule="VASL")
    if a.get("held"):
        x.say(f"VASL game: {len(a['held'])} counter(s) held back, against the rules, for the player to undo in VASL "
              "or confirm: " + ", ".join(f"{h['unit'] or h['type']} {h['from'] + '-' if h['from'] else 'in '}{h['to']}"
                                         for h in a["held"]), rule="VASL")
    if a.get("confirmed") and (a["moved"] or a["appeared"]):
        x.say("VASL game: taken as the player confirmed, whatever the rules say", rule="VASL")
    checks = sighting.activation_checks(x, a["sees"], "Infantry")
    return {"moved": a["moved"], "gone": a["gone"], "states": a["states"], "appeared": [u.to_json() for u in made],
            "back": a["back"], "unmatched": [u.id for u in m.units if u.on_map and u.id not in m.vasl],
            "held": a.get("held", [])} | checks

