"""The player's actions that change the map: FRIENDLY units entering from the OoB, moving, fire results on any unit,
rally, SW changing hands, an S? removed, and the ENEMY's decided moves confirmed (as decided, or as they went on the
table). Each is checked whole against the mission before it reaches the event log (one line, nothing changed), then
applied by ``do`` here.

Phases (the ASL sequence of play, A3.): FRIENDLY units move in the FRIENDLY MPh, broken ones rout in the FRIENDLY
RtPh, and Advance one Location in the FRIENDLY APh (A4.7). A unit's MF: 4 for MMC, 6 for SMC (A4.1), +2 for MMC that
move with a leader (A4.12); one more MF makes it CX (A4.51). Vehicles move by the player's reading of their MP: solo
checks their path, not their MP (the texts give no vehicle's MP).
"""

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from solo.board.graph import movement_costs
from solo.core.errors import SoloError
from solo.rules.units import casualty_reduced, unit_type
from solo.sasl import activation, control, sighting
from solo.sasl.action import Action, Typed, is_hex, words
from solo.sasl.context import Ctx
from solo.sasl.mission_map import board_edge, example_hex, hex_id, in_set_up_area, wreck_cost, wrecks
from solo.sasl.state import MARKS, Unit
from solo.sasl.units import group_name, kind_of, oob_counters, oob_groups, stacking, stacks
from solo.sasl.words import INFANTRY, MMC, Kind, SStatus, Status

RESULTS = ("pinned", "broken", "DM", "CX", "eliminated", "reduced", "rallied", "exited", "immobilized", "wreck",
           "concealed", "revealed", "malfunctioned", "repaired", "mounted", "dismounted")
MF = {Kind.LEADER: 6}  # A4.1; every other infantry kind 4
# Cavalry (OtO-S2 MSR 9 gives the Horse Cavalry "12x Sq horse, 4x Hs horse"): a horse enters possessed by a squad (Sq
# horse) or a HS or crew (Hs horse) of its stack, which enters mounted; the player reports a dismount or a mount as it
# happens on the table (`result ... dismounted`). A mounted stack moves with CAVALRY_MF: core ASL's cavalry rules
# (A13) are not in the texts nor in SASL-FACTS, so the number is solo's marked stand-in, said in the record of each
# mounted move; the terrain costs stay the infantry's (tables/core/movement.toml). From rules version 7 (issue 38: F1-F5
# moved "(4 MF)" as infantry, their horses left behind).
CAVALRY_MF = 12  # stand-in for A13's cavalry MF
STAND_IN_MOUNTED = f"mounted: {CAVALRY_MF} MF, solo's stand-in for A13"


def result_named(text) -> str | None:
    """The result of RESULTS ``text`` names, whatever its case."""
    return next((r for r in RESULTS if r.lower() == str(text).strip().lower()), None)


def map_hex(x: Ctx, text, what: str) -> str:
    """A hex of the mission's map, by the map's own name (one line for anything else)."""
    name = hex_id(x.m, x.defn, text)
    if x.map is not None:
        found = x.map.name(name)
        if found is None:
            raise SoloError(f"{what} {text!r}: no such hex on this mission's map")
        name = found
    return name


def _units(x: Ctx, ids, side: str | None, what: str) -> list[Unit]:
    if isinstance(ids, str):
        ids = words(ids)
    if not isinstance(ids, list) or not ids:
        raise SoloError(f"{what}: name the unit(s) by id, e.g. F3")
    found = []
    for i in ids:
        u = x.m.unit(i) if isinstance(i, str) else None
        if u is None or (side and u.side != side):
            known = ", ".join(u.id for u in x.m.units if u.on_map and side in (None, u.side)) or "none"
            raise SoloError(f"{what}: no {side + ' ' if side else ''}unit {i!r} on the map (on the map: {known})")
        if not u.on_map:
            raise SoloError(f"{what}: {u.id} is {u.status}")
        if u in found:
            raise SoloError(f"{what}: {u.id} is named twice")
        found.append(u)
    return found


# --- the actions: each checked as the log keeps it (solo/sasl/action.py) -------------------------------------------

@dataclass(frozen=True)
class Enter(Action):
    """FRIENDLY units from the OoB onto the map: types the OoB still has off the map, in a hex the mission's set-up
    or entry rule allows, within the stacking limit."""

    do = "enter"
    waits_for_enemy = 5
    draws_first_fire = True
    hex: str | None = None
    units: list[str] | str | None = None

    def check(self, x: Ctx) -> dict:
        m, rule = x.m, x.defn.get("friendly_entry", {})
        types = self.units
        if isinstance(types, str):
            types = words(types)
        if not isinstance(types, list) or not types or not all(isinstance(t, str) for t in types):
            raise SoloError("enter: name the OoB units' types, e.g. 5-2-7 5-2-7 LMG")
        where = map_hex(x, self.hex, "enter: hex")
        if rule.get("edge"):  # off-board set up, entering on the chosen edge (OtO-S2)
            if m.phase != "FRIENDLY MPh":
                raise SoloError(f"enter: FRIENDLY units enter in the FRIENDLY MPh (it is the {m.phase})")
            edge = m.friendly_oob.get("entry_edge", "North")
            if x.map is not None and x.map.graph is not None and where not in x.map.edge(edge):
                raise SoloError(f"enter: {where} is not on the {edge} edge, where the FRIENDLY units enter")
        elif m.turn == 1 and m.phase == "FRIENDLY RPh":
            _set_up_area(x, rule, where)
        elif m.phase == "FRIENDLY MPh" and arrived(m):
            _reinforcement_entry(x, where, types)
        else:
            raise SoloError("enter: the FRIENDLY units set up before play (Game Turn 1, before the first phase ends); "
                            "a Random Event's reinforcements enter from the FRIENDLY MPh after it" + (
                                f" ({', '.join(g['what'] for g in m.friendly_oob['reinforcements'])})"
                                if m.friendly_oob.get("reinforcements") else ""))
        reinforcing = not rule.get("edge") and m.phase == "FRIENDLY MPh"
        left = (arrived(m) - Counter(m.reinforced)) if reinforcing else oob_counters(m) - Counter(m.entered)
        asked: dict[str, int] = {}
        for t in types:
            asked[t] = asked.get(t, 0) + 1
            if asked[t] > left.get(t, 0):
                have = ", ".join(f"{k} x{n}" for k, n in sorted(left.items()) if n) or "nothing"
                raise SoloError(f"enter: the OoB has no {'more ' if t in left or t in oob_counters(m) else ''}{t!r} "
                                f"to bring on (still off the map: {have})")
        if m.holds_enemy(where):
            raise SoloError(f"enter: {where} holds ENEMY units")
        s_here = [s.id for s in m.s
                  if s.status == SStatus.HIDDEN and x.map is not None and x.map.name(s.where) == where]
        if s_here:
            raise SoloError(f"enter: {where} holds {', '.join(s_here)}: a unit enters or sets up only where no S? "
                            "stands "
                            "(a FRIENDLY unit never shares a hex with a hidden S?)")
        new = [Unit("", t, kind_of(t, x.defn["friendly"], x.rules), where, side="FRIENDLY") for t in types]
        problem = stacking(m, where, "FRIENDLY", new)
        if problem:
            raise SoloError(f"enter: {problem}")
        seeing = [u for u in new if u.kind in (*INFANTRY, Kind.VEHICLE)]
        entering = {"mf": entry_cost(x, where)} if rule.get("edge") or reinforcing else {}
        return {"do": "enter", "hex": where, "units": types, **entering,
                **({"reinforcement": True} if reinforcing else {}),
                "sees": sighting.sightings(x, seeing or new, [where])}

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """Types, then the hex (else the cursor's): "5-2-7 5-2-7 LMG Q1", "50mm MTR, LMG" (commas: names with
        spaces); a whole group by its name, then its first stack's hex: "coy1 G26", "Coy 2", "armor M27 M28"."""
        said = [w.strip() for w in text.split(",") if w.strip()] if "," in text else text.split()
        hexes = [w for w in said if is_hex(w)]
        groups = oob_groups(at.mission)
        for n in (2, 1):
            if len(said) >= n and group_name(" ".join(said[:n])) in groups:
                given = [w.upper() for w in said[n:]] or ([at.cursor] if at.cursor else [])
                return Group(group_name(" ".join(said[:n])), given)
        return cls(hexes[-1].upper() if hexes else at.cursor, [w for w in said if not is_hex(w)])

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return _enter(x, a)


@dataclass(frozen=True)
class Group(Action):
    """A whole group of the FRIENDLY OoB entered in one action (issue 38; ``units.oob_groups``: a Coy with its SW and
    leaders, the AFV with their Armor Leaders, a Random Event's reinforcements): what of it the OoB still has off the
    map, split into stacks (``units.stacks``), one to each hex given and then to the nearest hexes where ``enter``
    allows it and no FRIENDLY unit stands yet; each stack checked as an ``enter`` (the logged action keeps its
    ``stacks``, checked again so on replay). An S? a stack sees is checked only when no earlier stack of the group saw
    it in as good a range bracket (as stacks entered one by one would be). In the FRIENDLY MPh only while no ENEMY unit
    is on the map: each stack's entry may draw First Fire (A8.1), so they enter one by one then."""

    do = "group"
    waits_for_enemy = 5
    group: str | None = None
    hexes: Any = None  # list[str], or one string of them (checked)
    stacks: Any = None  # list[dict]: the stacks as logged (checked)

    def check(self, x: Ctx) -> dict:
        m, name = x.m, group_name(self.group)
        groups = oob_groups(m)
        if name not in groups:
            raise SoloError(f"group {self.group!r}: the OoB's groups are {', '.join(groups) or 'none'}")
        if name in m.groups:
            raise SoloError(f"group {name} is on the map already (entered: {', '.join(m.groups)})")
        if m.phase == "FRIENDLY MPh" and any(u.side == "ENEMY" and u.on_map for u in m.units):
            raise SoloError(f"group {name}: ENEMY units are on the map, and each stack's entry may draw First Fire "
                            "(A8.1): "
                            "enter the stacks one by one")
        left = (arrived(m) - Counter(m.reinforced)) if name.startswith("re") else oob_counters(m) - Counter(m.entered)
        take = []
        for t in groups[name]:
            if left[t] > 0:
                left[t] -= 1
                take.append(t)
        if not take:
            raise SoloError(f"group {name}: none of its counters is still off the map")
        given = self.hexes
        given = words(given) if isinstance(given, str) else given
        if not isinstance(given, list) or not given:
            raise SoloError(f"group {name}: give the hex of its first stack (the others stand in the nearest hexes)")
        given = [map_hex(x, h, f"group {name}: hex") for h in given]
        logged = self.stacks
        if logged is not None:  # the action as it was logged: its stacks checked again
            if not isinstance(logged, list) or not all(isinstance(st, dict) for st in logged) or \
                    sorted(t for st in logged for t in st.get("units") or []) != sorted(take):
                raise SoloError(f"group {name}: its stacks are not the group's counters off the map")
            found = [Enter(st.get("hex"), st.get("units")).check(x) for st in logged]
        else:
            found = _stand(x, name, stacks(take, x.defn["friendly"]), given)
        best = dict(m.bracket)
        for st in found:
            stack = [Unit("", t, kind_of(t, x.defn["friendly"], x.rules), "") for t in st["units"]]
            ranks = sighting.bracket_ranks(x, sighting.viewer_of(stack))
            seen = []
            for s_id, rng, step in st["sees"]:
                if ranks[rng] > max(best.get(s_id, sighting.RANKS["none"]), sighting.RANKS["none"]):
                    best[s_id] = ranks[rng]
                    seen.append([s_id, rng, step])
            st["sees"] = seen
        return {"do": "group", "group": name, "hexes": given, "stacks": found}

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        """A group's stacks enter one after another, each as an ``enter``."""
        done = [_enter(x, stack, swept=False) for stack in a["stacks"]]
        x.m.groups.append(a["group"])
        return {"units": [u for d in done for u in d["units"]]} | _joined(*done, sighting.sweep(x))


def _stand(x: Ctx, name: str, piles: list[list[str]], given: list[str]) -> list[dict]:
    """Each stack checked as an ``enter`` in the first hex that takes it: the hexes given in order, then the nearest
    to them where no unit stands (no FRIENDLY unit, nor an ENEMY fortification such as a Known minefield), by name at
    equal range."""
    order = list(dict.fromkeys(given))
    if x.map is not None and x.map.graph is not None:
        held = {u.hex for u in x.m.units if u.on_map}
        order += sorted((h for h in x.map.hexes if h not in held and h not in order),
                        key=lambda h: (min(x.known_map.distance(g, h) for g in given), h))
    found, used = [], set()
    for pile in piles:
        for where in (h for h in order if h not in used):
            try:
                found.append(Enter(where, pile).check(x))
                used.add(where)
                break
            except SoloError as exc:
                if where in given:
                    raise SoloError(f"group {name}: {exc}") from None
        else:
            raise SoloError(f"group {name}: no hex left for {' '.join(pile)}"
                            + ("" if x.map is not None and x.map.graph is not None else ": give one hex a stack"))
    return found


def arrived(m) -> Counter:
    """The counters a Random Event's FRIENDLY reinforcements bring that may enter now: those of an event of an earlier
    Game Turn (a FRIENDLY RE comes at the end of a Game Turn; its units enter from the next FRIENDLY MPh)."""
    found: Counter[str] = Counter()
    for group in m.friendly_oob.get("reinforcements", []):
        if group.get("turn", m.turn) < m.turn:
            for type_, count in group.get("units", []):
                found[type_] += count
    return found


def _reinforcement_entry(x: Ctx, where: str, types: list[str]) -> None:
    """A Random Event's reinforcements enter on the FBE (OtO-S1 FRIENDLY RE: "along the FBE"; 11-13 and 31-33 through
    a road hex of it), when the map is known."""
    if x.map is None:
        return
    edge = x.map.edge(board_edge(x.m, x.defn, "FRIENDLY"))
    if where not in edge:
        raise SoloError(f"enter: {where} is not on the FBE, where a Random Event's reinforcements enter")
    groups = [g for g in x.m.friendly_oob["reinforcements"] if g.get("turn", 0) < x.m.turn]
    road = [t for t in types if all("road" in g.get("entry", "") for g in groups if t in dict(g.get("units", [])))]
    if road and x.map.graph is not None and not x.map.graph.nodes[where].get("road"):
        raise SoloError(f"enter: {', '.join(road)} enter through a road hex on the FBE; {where} has no road")


def entry_cost(x: Ctx, where: str) -> float:
    """MF to enter an edge hex from off the map: the least it costs from any neighbour (the reading solo takes of
    entering, A2.5: the hex's own cost, by road where a road crosses the edge), 1 on a map without terrain."""
    if x.map is None or x.map.graph is None:
        return 1.0
    costs = [d["mf"] for _, _, d in x.map.graph.in_edges(where, data=True)]
    return min(costs, default=1.0)


def _set_up_area(x: Ctx, rule: dict, where: str) -> None:
    """On or east of a line of hexes (OtO-S1: A27-I23-I20-R15-DD21), by ``in_set_up_area``."""
    line = rule.get("on_or_east_of")
    if not line or x.map is None or x.map.grid is None:
        return
    if not in_set_up_area(x.map.grid, line, where):
        raise SoloError(f"enter: {where} is west of the FRIENDLY set up area (on or East of {'-'.join(line)})")


def _allowance(units: list[Unit]) -> float:
    """MF of a moving stack (A4.1, A4.12): the least of its units; MMC moving with a leader have 6; a mounted unit
    CAVALRY_MF (the stand-in above)."""
    with_leader = any(u.kind == Kind.LEADER for u in units)
    return min(CAVALRY_MF if "mounted" in u.marks else MF.get(u.kind, 6 if with_leader else 4) for u in units)


def _mount(x: Ctx, units: list[Unit]) -> None:
    """Horses entering with MMC (rules version 7 on): each possessed by a squad (Sq horse) or a HS or crew (Hs horse)
    of the stack that has none yet, which is mounted (the comment at CAVALRY_MF)."""
    if x.rules < 7:
        return
    for horse in (u for u in units if u.kind == Kind.HORSE):
        riders = (Kind.SQUAD,) if horse.type.lower().startswith("squad") else (Kind.HS, Kind.CREW)
        rider = next((u for u in units if u.kind in riders and not _horse(x, u)), None)
        if rider is not None:
            horse.owner, rider.marks = rider.id, sorted(set(rider.marks) | {"mounted"})


def _horse(x: Ctx, u: Unit) -> Unit | None:
    return next((h for h in x.m.units if h.kind == Kind.HORSE and h.owner == u.id and h.on_map), None)


@dataclass(frozen=True)
class Move(Action):
    """FRIENDLY units moving together along a path of adjacent hexes, in a phase that lets them move."""

    do = "move"
    waits_for_enemy = 5
    draws_first_fire = True
    units: list[str] | str | None = None
    path: Any = None  # list[str], or one string of them (checked)

    def check(self, x: Ctx) -> dict:
        m = x.m
        units = _units(x, self.units, "FRIENDLY", "move")
        ids = {u.id for u in units}
        units = [u for u in units if not (u.kind in (Kind.SW, Kind.HORSE) and u.owner in ids)]  # they go along
        path = self.path
        if isinstance(path, str):
            path = words(path)
        if not isinstance(path, list) or not path:
            raise SoloError(f"move: give the hexes entered, in order (e.g. {example_hex(x.m, x.defn, 'B2')} "
                            f"{example_hex(x.m, x.defn, 'B3')})")
        inside = [n for n, h in enumerate(path) if isinstance(h, str) and h.strip().lower() == "culvert"] \
            if x.rules >= 7 else []
        if inside and (x.map is None or x.map.culvert is None):
            raise SoloError("move: this mission's map has no Culvert (OtO 3.1)")
        path = [x.known_map.culvert if n in inside else map_hex(x, h, "move: hex") for n, h in enumerate(path)]
        start = units[0].hex
        if any(u.hex != start for u in units):
            raise SoloError(f"move: {', '.join(u.id for u in units)} are not all in one hex: a stack moves from one "
                            "hex")
        if any(u.kind in (Kind.SW, Kind.FORTIFICATION, Kind.WRECK) or "wreck" in u.marks or "immobilized" in u.marks
               for u in units):
            raise SoloError("move: a SW moves with its owner, and fortifications, wrecks and immobilized vehicles not "
                            "at "
                            "all")
        broken = [u for u in units if u.status == Status.BROKEN]
        if m.phase == "FRIENDLY RtPh":
            if len(broken) != len(units):
                raise SoloError("move: only broken units move in the RtPh (they rout, A10.5)")
        elif m.phase in ("FRIENDLY MPh", "FRIENDLY APh"):
            if broken:
                raise SoloError(f"move: {', '.join(u.id for u in broken)} broken: a broken unit routs in the RtPh "
                                "(A10.5)")
            if m.phase == "FRIENDLY APh" and len(path) > 1:
                raise SoloError("move: in the APh a unit Advances one Location (A4.7)")
        else:
            raise SoloError(f"move: FRIENDLY units move in the FRIENDLY MPh, rout in the RtPh and Advance in the APh "
                            f"(it is the {m.phase})")
        costs, here = [], start
        wrecked = wrecks(m) if x.rules >= 7 else {}
        was_in = x.rules >= 7 and "culvert" in units[0].marks
        for n, step in enumerate(path):
            if x.map is not None and not x.map.adjacent(here, step):
                raise SoloError(f"move: {step} is not next to {here}")
            c = 0.0
            if was_in or n in inside:
                costs.append(_culvert_step(x, units, here, step, n in inside))
                here, was_in = step, n in inside
                continue
            if x.map is not None:
                weight = "mp" if all(u.kind == Kind.VEHICLE for u in units) else "mf"
                c = x.map.cost(here, step, weight, slopes=x.rules >= 7) + wreck_cost(wrecked.get(step, []), weight)
                if c == float("inf"):  # only a map with terrain has a hex that cannot be entered
                    crest = x.rules >= 7 and x.map.terrain_graph.edges[here, step].get("crest")
                    raise SoloError(f"move: {step} cannot be entered from {here} ({x.map.terrain(step)}"
                                    + (", across a Crest-line slope hexside: no vehicle crosses one, OtO 1.53"
                                       if crest else "") + ")")
            costs.append(c)
            if m.holds_enemy(step) and m.phase != "FRIENDLY APh":
                raise SoloError(f"move: {step} holds ENEMY units: a unit enters them only by Advancing into CC (A4.7)")
            here = step
        cost = sum(costs)
        infantry = [u for u in units if u.kind in INFANTRY]
        if x.map is not None and x.map.graph is not None and infantry and m.phase == "FRIENDLY MPh":
            mf = _allowance(infantry)
            spent = max(m.spent.get(u.id, 0) for u in infantry)
            if spent + cost > mf + 1:
                raise SoloError(f"move: the path costs {cost:g} MF; {', '.join(u.id for u in units)} have "
                                f"{mf - spent:g} left of {mf:g} (one more if CX, A4.51)")
        problem = stacking(m, path[-1], "FRIENDLY", units)
        if problem:
            raise SoloError(f"move: {problem}")
        return {"do": "move", "units": [u.id for u in units], "path": path, "mf": cost, "costs": costs,
                "sees": sighting.sightings(x, units, path, inside)} | ({"culvert": inside} if inside else {})

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """The units' ids, then the hexes entered (none: the cursor's hex): "F1 F2 Q2 Q3"."""
        said = words(text)
        ids = [w.upper() for w in said if w[:1].upper() == "F" and w[1:].isdigit()]
        return cls(ids, [w.upper() for w in said if w.upper() not in ids] or ([at.cursor] if at.cursor else []))

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return _move(x, a)


def _culvert_step(x: Ctx, units: list[Unit], here: str, step: str, into: bool) -> float:
    """OtO 3.2: Infantry enter the Culvert "as if entering INTO a gully but may do so only from IN an ADJACENT gully or
    Culvert Location" (its gully-Culvert hexsides, 3.4); no vehicle, Cavalry or horse. What it costs: a gully's MF
    (the movement chart). Leaving it: only INTO one of those gully Locations, as entering that hex costs (solo's
    reading: the texts give the Culvert no other way out). Written "culvert" in a move's path."""
    if into:
        if here not in x.known_map.culvert_ends:
            raise SoloError(f"move: the Culvert in {step} is entered only from IN an ADJACENT gully Location "
                            f"({', '.join(x.known_map.culvert_ends)}), OtO 3.2")
        if any(u.kind not in INFANTRY for u in units):
            raise SoloError("move: only Infantry enter the Culvert (no Vehicle/Cavalry/Horse, OtO 3.2)")
        return movement_costs()["gully"][0]
    if step not in x.known_map.culvert_ends:
        raise SoloError(f"move: a unit IN the Culvert leaves it only INTO an ADJACENT gully Location "
                        f"({', '.join(x.known_map.culvert_ends)}), OtO 3.2")
    return x.known_map.cost(here, step)


@dataclass(frozen=True)
class Result(Action):
    """What happened to a unit of either side on the table: a fire result, a rally, an exit."""

    do = "result"
    unit: str | None = None
    result: str | None = None

    def check(self, x: Ctx) -> dict:
        (unit,) = _units(x, [self.unit] if self.unit else [], None, "result")
        result = result_named(self.result)
        if result is None:
            raise SoloError(f"result {self.result!r}: one of {', '.join(RESULTS)}")
        vehicle = unit.kind == Kind.VEHICLE
        if result in ("immobilized", "wreck") and not vehicle:
            raise SoloError(f"result: {unit.id} {unit.type} is no vehicle")
        if result in ("broken", "DM", "rallied", "reduced") and unit.kind not in INFANTRY:
            raise SoloError(f"result: {result} is for infantry; {unit.id} is a {unit.kind}")
        if result == "rallied" and unit.status != Status.BROKEN:
            raise SoloError(f"result: {unit.id} is not broken")
        if result in ("malfunctioned", "repaired") and unit.kind not in (Kind.SW, Kind.GUN, Kind.VEHICLE):
            raise SoloError(f"result: {result} is for a SW, Gun or vehicle; {unit.id} is a {unit.kind}")
        if result == "repaired" and "malfunctioned" not in unit.marks:
            raise SoloError(f"result: {unit.id} is not malfunctioned")
        if result in ("mounted", "dismounted") and (unit.kind not in INFANTRY or _horse(x, unit) is None):
            raise SoloError(f"result: {unit.id} possesses no horse (the cavalry's Sq and Hs horses, OtO-S2 MSR 9)")
        if result == "dismounted" and "mounted" not in unit.marks or result == "mounted" and "mounted" in unit.marks:
            raise SoloError(f"result: {unit.id} is {'already' if result == 'mounted' else 'not'} mounted")
        return {"do": "result", "unit": unit.id, "result": result}

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """The unit's id, then what happened: "F3 broken"."""
        said = text.split()
        return cls(said[0].upper() if said else "", " ".join(said[1:]))

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        u = x.m.named_unit(a["unit"])
        was = u.type
        now = apply_result(x, u, a["result"])
        x.say(f"{u.id} {was} in {u.hex}: {now}", rule="A7.")
        return {"unit": u.to_json()}


@dataclass(frozen=True)
class Sw(Action):
    """A SW picked up, handed over, captured (by a unit of the other side) or dropped (to: none), in its hex."""

    do = "sw"
    sw: str | None = None
    to: str | None = None

    def check(self, x: Ctx) -> dict:
        (sw,) = _units(x, [self.sw] if self.sw else [], None, "sw")
        if sw.kind != Kind.SW:
            raise SoloError(f"sw: {sw.id} {sw.type} is no SW")
        to = self.to
        if to in (None, "", "none"):
            return {"do": "sw", "sw": sw.id, "to": None}
        (owner,) = _units(x, [to], None, "sw: to")
        if owner.kind not in INFANTRY or owner.status == Status.BROKEN:
            raise SoloError(f"sw: {owner.id} cannot possess a SW (Good Order infantry only)")
        if owner.hex != sw.hex:
            raise SoloError(f"sw: {owner.id} is in {owner.hex}, the SW in {sw.hex}")
        return {"do": "sw", "sw": sw.id, "to": owner.id}

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """The SW's id, then the unit that takes it (none: dropped): "F3 F2"."""
        said = text.split()
        return cls(said[0].upper() if said else "", said[1].upper() if len(said) > 1 else None)

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        sw = x.m.named_unit(a["sw"])
        owner = x.m.unit(a["to"]) if a["to"] else None
        if owner and owner.side != sw.side:
            sw.side, sw.marks = owner.side, sorted(set(sw.marks) | {"captured"})  # A21.11: captured equipment
            x.say(f"{owner.id} {owner.type} captures {sw.id} {sw.type} in {sw.hex}", rule="A21.11")
        else:
            x.say(f"{sw.id} {sw.type} "
                  + (f"possessed by {owner.id} {owner.type}" if owner else f"dropped in {sw.hex}"), rule="A4.43")
        sw.owner = owner.id if owner else None
        return {"unit": sw.to_json()}


@dataclass(frozen=True)
class Remove(Action):
    """An S? taken off the map (a dummy revealed, a Random Event)."""

    do = "remove"
    s: str | None = None

    def check(self, x: Ctx) -> dict:
        s = x.m.s_counter(self.s) if isinstance(self.s, str) else None
        if s is None or s.status != SStatus.HIDDEN:
            known = ", ".join(q.id for q in x.m.s if q.status == SStatus.HIDDEN) or "none"
            raise SoloError(f"remove: no S? {self.s!r} on the map (S? on the map: {known})")
        return {"do": "remove", "s": s.id}

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        said = text.split()
        return cls(said[0].upper() if said else "")

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        s = x.m.named_s(a["s"])
        s.status = SStatus.REMOVED
        x.say(f"{s.id} removed from {s.where}", rule="4.")
        return {"removed": s.id}


@dataclass(frozen=True)
class Confirm(Action):
    """The ENEMY's decided moves confirmed: all as decided (no unit), or one unit's as it went on the table: where
    it stopped on its path, and what happened to it there."""

    do = "enemy"
    unit: Any = None  # str, or none: all as decided (checked)
    stop: str | None = None
    result: str | None = None

    def check(self, x: Ctx) -> dict:
        pending = {p["unit"]: p for p in x.m.pending}
        if not pending:
            raise SoloError("enemy: no ENEMY move waits for you")
        unit = self.unit
        if unit in (None, ""):
            return {"do": "enemy", "unit": None, "stop": None, "result": None}
        s = x.m.s_counter(unit) if isinstance(unit, str) else None
        uid = s.id if s is not None and s.id in pending else _units(x, [unit], "ENEMY", "enemy")[0].id
        if uid not in pending:
            raise SoloError(f"enemy: {uid} has no move waiting (waiting: {', '.join(pending)})")
        path = pending[uid]["path"]
        stop = map_hex(x, self.stop, "enemy: stop") if self.stop else path[-1]
        if stop not in path:
            raise SoloError(f"enemy: {stop} is not on {uid}'s path ({' '.join(path)})")
        given = self.result
        result = result_named(given)
        if given not in (None, "") and result is None:
            raise SoloError(f"enemy: result {given!r}: one of {', '.join(RESULTS)}")
        if result and s is not None and uid == s.id:
            raise SoloError(f"enemy: {uid} is an S?: a result is for the units it Activates as")
        return {"do": "enemy", "unit": uid, "stop": stop, "result": result or None}

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """Nothing: all as decided; or the unit's id, where it stopped, what happened there: "E4 K6 broken"."""
        unit, stop, result = (text.split() + [None, None, None])[:3]
        if stop and not is_hex(stop):
            stop, result = None, stop
        return cls(unit and unit.upper(), stop and stop.upper(), result)

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return _enemy(x, a)


@dataclass(frozen=True)
class HexAction(Action):
    """A mission's own action on one hex of its map (its MissionGame's ``actions``; OtO-S1: a Known minefield entered,
    an MSR 8 wreck placed): the hex checked by the mission's rule (``allowed``)."""

    example: ClassVar[str]  # a hex of its map the form shows
    hex: str | None = None

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """The hex (none: the cursor's)."""
        said = text.split()
        where = said[0].upper() if said else at.cursor
        if not where:
            raise SoloError(f"give the {cls.do}'s hex, e.g. {cls.example}")
        return cls(where)

    def check(self, x: Ctx) -> dict:
        where = map_hex(x, self.hex, f"{self.do}: hex")
        self.allowed(x, where)
        return {"do": self.do, "hex": where}

    def allowed(self, x: Ctx, where: str) -> None:
        """One line if the mission's rule refuses ``where``."""
        raise NotImplementedError(self.do)


# --- what they do -----------------------------------------------------------------------------------------------

def _enter(x: Ctx, a: dict, swept: bool = True) -> dict:
    """The units enter; then the S? every FRIENDLY unit sees are checked (``sweep``; a group's once, after its last
    stack)."""
    new = [x.m.add_unit(t, kind_of(t, x.defn["friendly"], x.rules), a["hex"], "", "OoB", side="FRIENDLY")
           for t in a["units"]]
    for t in a["units"]:
        x.m.entered[t] = x.m.entered.get(t, 0) + 1
        if a.get("reinforcement"):
            x.m.reinforced[t] = x.m.reinforced.get(t, 0) + 1
    for u in new:
        if u.kind in INFANTRY and a.get("mf"):
            x.m.spent[u.id] = a["mf"]
    owners = [u for u in new if u.kind in MMC] or [u for u in new if u.kind == Kind.LEADER]
    for u in new:
        if u.kind == Kind.SW and owners:
            u.owner = owners[0].id
    _mount(x, new)
    x.say(f"{', '.join(f'{u.id} {u.type}' for u in new)} {'enter' if x.m.phase.endswith('MPh') else 'set up'} "
          f"in {a['hex']}", rule="OoB")
    if control.kept(x):
        control.passed(x, new, a["hex"])
    entering = _entered(x, new, a["hex"]) if a.get("mf") else {}
    return {"units": [u.to_json() for u in new]} | entering | _joined(
        sighting.activation_checks(x, a.get("sees", []), sighting.viewer_of(new)), sighting.sweep(x) if swept else {})


def _entered(x: Ctx, units: list[Unit], where: str) -> dict:
    """The mission's own rules for a hex FRIENDLY units entered (OtO-S1: a Known minefield's attack)."""
    return x.game.entered(x, units, where) if x.game.entered else {}


def _carried(x: Ctx, units: list[Unit]) -> list[Unit]:
    ids = {u.id for u in units}
    return [u for u in x.m.units if u.owner in ids and u.on_map]


def _move(x: Ctx, a: dict) -> dict:
    """The units move along the path; from rules version 6 on (an action with its ``costs``) hex by hex, each hex's
    Activation checks made when it is entered, and the move ends short of ENEMY units they reveal (the reading above
    ``sightings``)."""
    units = [x.m.named_unit(i) for i in a["units"]]
    infantry = [u for u in units if u.kind in INFANTRY]
    checks: dict
    entering: dict
    start, path, checks, short, entering = units[0].hex, a["path"], {}, "", {}
    if "costs" in a:
        path, checks, short, entering = _stepwise(x, units, a)
    mf = sum(a["costs"][:len(path) + bool(short.startswith("back"))]) if "costs" in a else a.get("mf", 0)
    if infantry and x.m.phase == "FRIENDLY MPh":
        for u in infantry:
            x.m.spent[u.id] = x.m.spent.get(u.id, 0) + mf
        if max(x.m.spent[u.id] for u in infantry) > _allowance(infantry):
            for u in infantry:
                u.marks = sorted(set(u.marks) | {"CX"})
    to = path[-1] if path else start
    for u in units + _carried(x, units):
        u.hex = to
    verb = {"FRIENDLY RtPh": "rout", "FRIENDLY APh": "Advance"}.get(x.m.phase, "move")
    for u in units:
        did(u, {"rout": "routed", "Advance": "advanced"}.get(verb, "moved"))
    mounted = f", {STAND_IN_MOUNTED}" if infantry and all("mounted" in u.marks for u in infantry) else ""
    steps = [f"{h} (IN the Culvert)" if n in a.get("culvert", []) else h for n, h in enumerate(path)]
    x.say(f"{', '.join(f'{u.id} {u.type}' for u in units)} {verb} {' '.join(steps) or 'nowhere'}"
          + (f" ({mf:g} MF{', CX' if any('CX' in u.marks for u in infantry) else ''}{mounted})" if mf else "")
          + (f"; {short}" if short else ""), rule={"rout": "A10.5", "Advance": "A4.7"}.get(verb, "A4."))
    if "costs" not in a:
        checks = sighting.activation_checks(x, a.get("sees", []), sighting.viewer_of(units))
    return ({"moved": a["units"], "to": to} | ({"short": short} if short else {}) | entering
            | _joined(checks, sighting.sweep(x)))


def _stepwise(x: Ctx, units: list[Unit], a: dict) -> tuple[list[str], dict, str, dict]:
    """The hexes the units really enter (each hex's checks made as they stand in it), the checks, and why the move
    ended short ("" if it did not): ENEMY units revealed in the hex entered send them back to the hex they came from,
    those revealed in the next hex stop them where they are (an Advance may end in their Location, A4.7); and what
    the mission's own rules did in the hexes entered (OtO-S1's minefield attacks)."""
    checks: list[dict]
    entering: dict
    path, sees, viewer, checks, entering = a["path"], a.get("sees", []), sighting.viewer_of(units), [], {}
    advance = x.m.phase == "FRIENDLY APh"
    moving = units + _carried(x, units)
    for n, here in enumerate(path):
        for u in moving:
            u.hex = here
            if n in a.get("culvert", []):
                u.marks = sorted({*u.marks, "culvert"})
            else:
                u.marks = [k for k in u.marks if k != "culvert"]
        checks += sighting.activation_checks(x, [s for s in sees if s[2] == n], viewer).get("activation", [])
        if not advance and x.m.holds_enemy(here):
            return path[:n], _checks(checks), f"back out of {here}, where ENEMY units were revealed (A12.15)", entering
        control.passed(x, units, here)
        for key, found in _entered(x, units, here).items():
            entering.setdefault(key, []).extend(found)
        if not advance and n + 1 < len(path) and x.m.holds_enemy(path[n + 1]):
            return (path[:n + 1], _checks(checks), f"stops in {here}: ENEMY units were revealed in {path[n + 1]}",
                    entering)
    return path, _checks(checks), "", entering


def _checks(found: list) -> dict:
    return {"activation": found} if found else {}


def _joined(*checks: dict) -> dict:
    """Several actions' Activation checks as one."""
    return _checks([c for found in checks for c in found.get("activation", [])])


def apply_result(x: Ctx, u: Unit, result: str) -> str:
    """``result`` on unit ``u``; what it now is, in words."""
    if result == "eliminated" or (result == "reduced" and u.kind != Kind.SQUAD):
        u.status, u.marks = Status.ELIMINATED, []
        for sw in _carried(x, [u]):
            sw.owner = None  # dropped in the Location (A4.43)
        return "eliminated"
    if result == "reduced":  # Casualty Reduction (A7.302): the squad becomes its HS
        hs = casualty_reduced(unit_type(u.type, x.defn["enemy" if u.side == "ENEMY" else "friendly"]))
        assert hs is not None, f"{u.type}: a result of reduced is checked against its HS (result_check)"
        u.type, u.kind = hs.name, Kind.HS
        return f"reduced to a {hs.name} HS"
    if result == "exited":
        u.status = Status.EXITED
        for sw in _carried(x, [u]):
            sw.status = Status.EXITED
        return "exited the map"
    if result == "broken":
        u.status = Status.BROKEN
        u.marks = [k for k in u.marks if k not in ("pinned", "CX")]
        return "broken"
    if result == "rallied":
        u.status, u.marks = Status.GOOD_ORDER, [k for k in u.marks if k != "DM"]
        return "rallied (Good Order)"
    if result == "revealed":
        u.marks = [k for k in u.marks if k not in ("concealed", "HIP")]
        return "revealed (no longer concealed)"
    if result == "repaired":
        u.marks = [k for k in u.marks if k != "malfunctioned"]
        return "repaired"
    if result == "dismounted":  # its horse stays with it (possessed), to mount again
        u.marks = [k for k in u.marks if k != "mounted"]
        return "dismounted"
    if result == "wreck":
        u.status = Status.ELIMINATED
    u.marks = sorted(set(u.marks) | {result})
    assert result in MARKS
    return result


DID_BY_ACTION = {"prep fire": "prep fire", "first fire": "first fire", "advancing fire": "advancing fire",
                 "move": "moved", "rout": "routed", "advance": "advanced", "advance into CC": "advanced"}


def did(unit, word: str) -> None:
    """``unit`` (or S?) did ``word`` (state.DID) this Player Turn."""
    if word not in unit.did:
        unit.did.append(word)


def _did_by(x: Ctx, action: str) -> str:
    """The Player Turn's record of an ENEMY decision: fire in the FRIENDLY DFPh is Final Fire (A8.4), in the ENEMY
    AFPh Advancing Fire (logged as "defensive fire" before rules version 5)."""
    if action == "defensive fire":
        return "final fire" if x.m.phase == "FRIENDLY DFPh" else "advancing fire"
    return DID_BY_ACTION[action]


def _enemy(x: Ctx, a: dict) -> dict:
    """Confirmed ENEMY moves: each unit to its stop (the end of its path unless told), with what happened there."""
    chosen = [p for p in x.m.pending if a["unit"] in (None, p["unit"])]
    done = []
    for p in chosen:
        s = x.m.s_counter(p["unit"]) if p["unit"].startswith("S") else None
        if s is not None:
            _s_moves(x, s, p["path"][:p["path"].index(a["stop"] or p["path"][-1]) + 1])
            done.append(s.id)
            continue
        u = x.m.named_unit(p["unit"])
        did(u, _did_by(x, p["action"]))
        stop = a["stop"] or p["path"][-1]
        if p["path"][-1] != u.hex or stop != p["path"][-1]:
            for sw in _carried(x, [u]):
                sw.hex = stop
            u.hex = stop
        said = f"{u.id} {u.type}: {p['action']}" + (f" to {stop}" if len(p["path"]) > 1 else "")
        if p.get("target"):
            said += f" at {p['target']}" + (f" in {p['at']}" if p.get("at") else "")
        if a["result"]:
            said += f"; {apply_result(x, u, a['result'])} in {stop}"
        elif stop != p["path"][-1]:
            said += f" (stopped in {stop}, short of {p['path'][-1]})"
        x.say(said, rule="A8.1" if p["action"] == "first fire" else "ENEMY " + x.m.phase.split()[-1])
        done.append(u.id)
    x.m.pending = [p for p in x.m.pending if p["unit"] not in done]
    return {"confirmed": done, "pending": x.m.pending} | sighting.sweep(x)


def _s_moves(x: Ctx, s, path: list[str]) -> None:
    """An S? moves (its Attitude's move, solo/ai/decide.py) hex by hex: where it comes into the LOS of a Good Order
    FRIENDLY unit within 16 hexes it has its Activation check (SASL-FACTS: "when a moving S? comes into such a LOS"),
    once a phase; Activated, its units stand in that hex and the move ends there (solo's reading: the move was the
    S?'s, and its units have not moved)."""
    did(s, "moved")
    viewers = [u for u in x.m.units if u.side == "FRIENDLY" and u.status == Status.GOOD_ORDER and u.kind in
               (*INFANTRY, Kind.VEHICLE) and x.map is not None and x.map.name(u.hex)]
    for step in path[1:]:
        s.where = step
        if s.id in x.m.checked or x.map is None or not x.map.has_los:
            continue
        seen = sorted((rng, u.kind == Kind.VEHICLE, u.id) for u in viewers if (here := x.map.name(u.hex))
                      for rng in x.map.seen(here, [step], activation.SIGHTING_RANGE, sighting.hindering(x),
                                             x.rules >= 7).values())
        if not seen:
            continue
        rng, vehicle, who = seen[0]
        x.m.checked.append(s.id)
        if x.rules >= 6:  # the bracket it was checked at (issue 35): a FRIENDLY move checks it again only closer
            x.m.bracket[s.id] = sighting.bracket_ranks(x, "Vehicle" if vehicle else "Infantry")[rng]
        mods = sighting.ac_mods(x, s)
        x.say(f"{s.id} moving into {step} comes into the LOS of {who} at range {rng}"
              + (f", AC drm: {', '.join(mods)}" if mods else ""), rule="5.")
        if activation.check(x, s, rng, "Vehicle" if vehicle else "Infantry", mods)["activated"]:
            x.say(f"{s.id}'s move ends in {step}, where its units now stand", rule="5.")
            return
    x.say(f"{s.id} (S?, {s.attitude}) moves to {s.where}", rule="ENEMY MPh")
