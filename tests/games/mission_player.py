"""A random-legal FRIENDLY player of any registered SASL mission (issue 39, item 4), through MissionSession
(solo/sasl/session.py) as the CLI and the app drive it: each step it proposes the actions the CLI builds
(solo/cli/mission.py), drawn from what the mission shows (its phase, the FRIENDLY OoB still off the map, the units
on it, its map's hexes, the S?, the ENEMY's moves waiting), and takes the first the engine accepts; a question a
Random Event asks is answered from the question (its example, the ids and words its prompt names). It names no
mission: a mission's own actions come from its MissionGame (``game.actions``, HexActions each on a hex).

What it checks as it plays: a refused action leaves the save as it was, and the mission replayed after a refusal
stands where the live session stood. A failure names the save: it holds every action and die (the ENEMY's secret rolls
come from the save's own key, so the seed alone does not play the same mission again).
"""

import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from solo.core.choices import MOST
from solo.core.errors import SoloError
from solo.core.play import Question
from solo.core.store import EventLog
from solo.games import enemy_ai, run_mission
from solo.sasl import engine
from solo.sasl.actions import RESULTS, arrived
from solo.sasl.engine import status_json
from solo.sasl.game import MissionGame
from solo.sasl.mission_map import example_hex
from solo.sasl.session import MissionSession
from solo.sasl.state import SEQUENCE
from solo.sasl.units import oob_counters, oob_groups

EDGES = ("North", "South", "West", "East")
SET_UP = 20  # steps in the first phase of Game Turn 1, where the FRIENDLY side sets up
BUSY = {"FRIENDLY MPh": (1, 5), "FRIENDLY APh": (0, 2), "FRIENDLY RtPh": (0, 2)}  # steps in a phase, at least and most
TRIES = 3  # proposals tried a step before the next phase (each refusal replays the save at the next action)
ENEMY_RESULTS = (None, None, None, "pinned", "broken", "eliminated", "reduced")


@dataclass
class Played:
    """What a random-legal play did: actions the engine took and refused by kind, questions answered."""
    accepted: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)
    answered: Counter = field(default_factory=Counter)
    kept: Counter = field(default_factory=Counter)  # refused actions sent to the save, which kept nothing
    replays: int = 0  # times the save was replayed after a refusal and found where the live session stood
    seconds: float = 0.0

    def __str__(self) -> str:
        return (f"{sum(self.accepted.values())} accepted {dict(self.accepted)}, {sum(self.refused.values())} refused "
                f"{dict(self.refused)} ({sum(self.kept.values())} of them sent to the save), answered "
                f"{dict(self.answered)}, {self.replays} replays, {self.seconds:.1f} s")


def new_save(game: MissionGame, path: Path, seed: int, boards: Path | None, edge: str) -> None:
    """A mission save as `solo mission new` makes it: on the boards folder when the mission reads it, the entry edge
    given (its --entry)."""
    folder = str(boards) if game.reads_boards(boards) else None
    with EventLog.creating(str(path), {"mission": game.id, "seed": seed, "vasl_boards": folder}) as log:
        run_mission(log, {"entry_edge": edge})


class Player:
    def __init__(self, game: MissionGame, path: Path, seed: int, through: float = 0.1):
        self.game, self.path, self.rng, self.through = game, path, random.Random(seed), through
        self.session = MissionSession(game, path, enemy_ai)
        self.played = Played()
        self.at, self.busy = (0, ""), 0  # the phase played, and the steps left in it before the next phase

    # --- playing ------------------------------------------------------------------------------------------------

    def play(self, limit: int) -> Played:
        """Random-legal actions until the mission ends; AssertionError if it has not after ``limit`` steps."""
        start = time.perf_counter()
        for _ in range(limit):
            o = self.session.outcome
            if o.mission.ended:
                self.played.seconds = time.perf_counter() - start
                return self.played
            if o.waiting is None:
                raise AssertionError("the mission waits for nothing and has not ended")
            if o.waiting.key != "action":
                self.answer(o.waiting)
                continue
            if (o.mission.turn, o.mission.phase) != self.at:  # a new phase: a few steps in it before the next
                self.at = (o.mission.turn, o.mission.phase)
                self.busy = SET_UP if self.at == (1, SEQUENCE[0]) else self.rng.randint(*BUSY.get(self.at[1], (0, 1)))
            self.busy -= 1
            if not any(self.take(action) for action in self.proposals(phase=self.busy < 0)) and (
                    o.mission.pending or self.busy < 0):
                self.take(self.enemy() if o.mission.pending else {"do": "phase"}, legal=True)
        raise AssertionError(f"the mission did not end in {limit} steps: {self.played} (the save: {self.path})")

    def take(self, action: dict, legal: bool = False) -> bool:
        """The action taken on the save, or refused with nothing changed; refused when it must be legal: a bug. One the
        engine's check refuses on the live mission is sent on to the save the first time of its kind, then only at
        times (``through``): a refusal replays the save at the next action."""
        sent = action["do"] not in self.played.kept or self.rng.random() < self.through
        if not legal and not sent and self.checked(action):
            self.played.refused[action["do"]] += 1
            return False
        before, shown = self.path.read_bytes(), self.session.outcome
        live = status_json(shown)
        try:
            with self.session.writing() as log:
                if self.session.outcome is not shown:  # replayed (after a refusal): it stands where the live one stood
                    assert status_json(self.session.outcome) == live, f"{self.path} replayed differs before {action}"
                    self.played.replays += 1
                self.session.act(log, action)
        except SoloError as exc:
            assert self.path.read_bytes() == before, f"a refused {action} changed the save {self.path}"
            if legal:
                raise AssertionError(f"{action} refused: {exc} (the save: {self.path})") from None
            self.played.refused[action["do"]] += 1
            self.played.kept[action["do"]] += 1
            return False
        self.played.accepted[action["do"]] += 1
        return True

    def checked(self, action: dict) -> bool:
        """Whether the engine's check of the player's next action (solo/sasl/engine.py, as `act` asks it) refuses
        ``action`` on the live mission; False when there is none live (the save is replayed at the next action)."""
        x = self.session._x
        if x is None:
            return False
        try:
            engine._action(x)(action)
        except SoloError:
            return True
        return False

    def answer(self, q: Question) -> None:
        """A question answered with one of the answers it takes: its example, yes or no, none, the ids and words its
        prompt names (one, or several as a list)."""
        tokens = sorted(set(re.findall(r"[A-Za-z0-9][\w-]*", q.prompt)))
        ids = [t for t in tokens if re.fullmatch(r"[A-Z]+\d+", t)]
        drawn = self.rng.sample(ids, self.rng.randint(1, len(ids))) if ids else []
        raws = [q.typed_example, True, False, [], drawn, *tokens]
        fitting = [raw for raw in raws if _parses(q, raw)]
        assert fitting, f"{q.key}: no answer found for {q.prompt!r}"
        raw = self.rng.choice(fitting)
        with self.session.writing() as log:
            self.session.act(log, None, {q.key: raw})
        self.played.answered[q.key] += 1

    # --- proposals ----------------------------------------------------------------------------------------------

    def proposals(self, phase: bool = True) -> list[dict]:
        """Actions to try, in a random order weighted toward those that move the mission on (``phase``: the next
        phase or Game Turn among them)."""
        m, rng = self.session.outcome.mission, self.rng
        if m.pending:
            return [self.enemy(one=rng.random() < 0.2)]
        hidden = [s for s in m.s if s.status == "hidden"]
        set_up = (m.turn, m.phase) == (1, SEQUENCE[0])
        entry = set_up or m.phase == "FRIENDLY MPh"  # the FRIENDLY units set up, or enter in their MPh
        moving = m.phase in ("FRIENDLY MPh", "FRIENDLY RtPh", "FRIENDLY APh")  # move, rout, Advance (A3.)
        makers = [(10 * phase, lambda: {"do": "phase"}), (phase, self.turn), (0.3, self.report),
                  (8 * entry, self.enter), (3 * entry, self.group), (12 * moving, self.move), (0.5, self.result),
                  (0.5 if hidden else 0, self.activate),
                  (0.1 if hidden else 0, lambda: {"do": "remove", "s": rng.choice(hidden).id}), (0.2, self.sw),
                  (0.2 if len(m.s) < MOST else 0, self.place),
                  *((2 * set_up, lambda kind=kind: kind.from_json({"hex": self.hex()}).to_json())
                    for kind in self.game.actions)]
        found = []
        while len(found) < TRIES:
            weights = [w for w, _ in makers]
            if not any(weights):
                break
            at = rng.choices(range(len(makers)), weights)[0]
            made = makers[at][1]()
            makers[at] = (0, makers[at][1])
            if made is not None:
                found.append(made)
        return found

    def enemy(self, one: bool = False) -> dict:
        """The ENEMY's moves confirmed as decided, or one unit's as it went on the table (a stop on its path, a
        result)."""
        if not one:
            return {"do": "enemy", "unit": None, "stop": None, "result": None}
        p = self.rng.choice(self.session.outcome.mission.pending)
        return {"do": "enemy", "unit": p["unit"], "stop": self.rng.choice(p["path"]),
                "result": self.rng.choice(ENEMY_RESULTS)}

    def turn(self) -> dict:
        return {"do": "turn", "report": self._report()}

    def report(self) -> dict:
        return {"do": "report", "report": self._report() or {"vpo_friendly": 0}}

    def _report(self) -> dict:
        rng = self.rng
        if rng.random() < 0.6:
            return {}
        keys = rng.sample(("vpo_friendly", "vpo_enemy", "guns", "rr", "road", "all_vpo"), rng.randint(1, 2))
        return {k: rng.random() < (0.1 if k == "all_vpo" else 0.5) if k in ("rr", "road", "all_vpo")
                else rng.randint(0, 2) for k in keys}

    def enter(self) -> dict | None:
        m = self.session.outcome.mission
        left = +((oob_counters(m) - Counter(m.entered)) | (arrived(m) - Counter(m.reinforced)))
        if not left:
            return None
        types = [t for t, n in left.items() for _ in range(n)]
        return {"do": "enter", "hex": self.hex(), "units": self.rng.sample(types, min(len(types),
                                                                                      self.rng.randint(1, 3)))}

    def group(self) -> dict | None:
        m = self.session.outcome.mission
        names = [g for g in oob_groups(m) if g not in m.groups]
        if not names:
            return None
        first = self.hex()  # its first stack's hex, and at times the next ones' (a map without terrain needs them)
        more = sorted({h for n in self.neighbours(first) for h in [n, *self.neighbours(n)]} - {first})
        return {"do": "group", "group": self.rng.choice(names),
                "hexes": [first, *self.rng.sample(more, self.rng.randint(0, len(more)))]}

    def move(self) -> dict | None:
        m, rng = self.session.outcome.mission, self.rng
        movers = [u for u in m.units if u.side == "FRIENDLY" and u.on_map and u.kind not in ("sw", "horse")]
        if not movers:
            return None
        here = rng.choice(movers).hex
        stack = [u.id for u in movers if u.hex == here]
        path = [here]
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            path.append(rng.choice(self.neighbours(path[-1])))
        return {"do": "move", "units": rng.sample(stack, rng.randint(1, len(stack))), "path": path[1:]}

    def result(self) -> dict | None:
        units = [u for u in self.session.outcome.mission.units if u.on_map]
        if not units:
            return None
        return {"do": "result", "unit": self.rng.choice(units).id, "result": self.rng.choice(RESULTS)}

    def activate(self) -> dict:
        m, rng = self.session.outcome.mission, self.rng
        s = rng.choice([s for s in m.s if s.status == "hidden"])
        return {"do": "activate", "s": s.id, "range": rng.randint(0, 16), "viewer": rng.choice(("Infantry", "Vehicle")),
                "mods": {"level": -rng.randint(0, 1)} if rng.random() < 0.3 else {}}

    def sw(self) -> dict | None:
        m = self.session.outcome.mission
        sws = [u for u in m.units if u.on_map and u.kind == "sw"]
        if not sws:
            return None
        sw = self.rng.choice(sws)
        takers = [u.id for u in m.at(sw.hex) if u.kind in ("squad", "hs", "crew", "leader")]
        return {"do": "sw", "sw": sw.id, "to": self.rng.choice([None, *takers])}

    def place(self) -> dict:
        if self.rng.random() < 0.5:
            return {"do": "place", "count": 1, "hexes": []}
        return {"do": "place", "count": 0, "hexes": [self.hex()]}

    # --- the map ------------------------------------------------------------------------------------------------

    def hex(self) -> str:
        """A hex to enter or act on: beside a FRIENDLY unit, on a map edge, or anywhere on the map."""
        o, rng = self.session.outcome, self.rng
        if o.map is None:  # no map known: a hex as the mission writes them (its first board's)
            return example_hex(o.mission, self.game.definition, f"{rng.choice('ABCDEFGHIJ')}{rng.randint(1, 10)}")
        near = [u.hex for u in o.mission.units if u.side == "FRIENDLY" and u.on_map and o.map.name(u.hex)]
        pick = rng.random()
        if near and pick < 0.4:
            return rng.choice(self.neighbours(rng.choice(near)))
        if pick < 0.8:
            return rng.choice(sorted(o.map.edge(rng.choice(EDGES))))
        return rng.choice(o.map.hexes)

    def neighbours(self, here: str) -> list[str]:
        o = self.session.outcome
        if o.map is None or o.map.name(here) is None:
            return [self.hex()]
        here = o.map.name(here)
        if o.map.graph is not None:
            return sorted(o.map.graph.successors(here)) or [here]
        return [h for h in o.map.hexes if o.map.distance(here, h) == 1] or [here]


def _parses(q: Question, raw) -> bool:
    try:
        q.parse_typed(raw)
    except SoloError:
        return False
    return True
