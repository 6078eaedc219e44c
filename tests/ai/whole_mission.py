"""Whole missions against the ENEMY (issue 34): a scripted FRIENDLY player that plays a mission from set-up to Mission
End in one run, and a checker that replays the save and checks every ENEMY decision carried out against the rules
(tests/ai/legality.py), with the Player Turn's record kept by the checker itself from the decisions it has seen (not
the engine's), so that a unit that Prep Fires and then fires again or moves is caught whatever the engine kept.

The scripted player: OtO-S2's FRIENDLY units enter on the North edge in three stacks in Game Turn 1, OtO-S1's set up
in three stacks in the FRIENDLY set up area; each Good Order stack then moves one hex toward the EBE each MPh when it
can (south in OtO-S2, West on the OtO map); the first ENEMY fire of each phase breaks its target if a Good Order
squad; every other question takes its example answer; the ENEMY's moves are confirmed as decided.
"""

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from solo.ai.decide import Decision
from solo.ai.mission import situation, terrain
from solo.core.errors import SoloError
from solo.core.play import Reply
from solo.core.store import EventLog
from solo.games import enemy_ai, mission_of, run_mission
from solo.sasl import engine
from solo.sasl.mission_map import in_set_up_area
from solo.sasl.units import oob_counters
from solo.sasl.words import Attitude
from tests.ai.legality import illegal

FIRE = {"prep fire": "prep fire", "first fire": "first fire", "advancing fire": "advancing fire"}
MOVED = {"move": "moved", "rout": "routed", "advance": "advanced", "advance into CC": "advanced"}


class ScriptedPlayer:
    """The FRIENDLY side of a whole mission, answering every question of the live run (see the module's doc)."""

    human = True

    def __init__(self, toward: int):
        self.x = None
        self.toward = toward  # +1: rows grow toward the EBE (south on a Cross Roads board), -1 (West on the OtO map)
        self.tried: set = set()

    def answer(self, q) -> Reply:
        if q.key != "action":
            return Reply(q.parse_typed(q.typed_example))
        for raw in self.actions():
            try:
                return Reply(q.parse_typed(raw))
            except SoloError:
                continue
        raise AssertionError("the script has no action left")

    def actions(self):
        m, here = self.x.m, (self.x.m.turn, self.x.m.phase)
        if m.pending:
            fire = [p for p in m.pending if p.get("target")]
            target = m.unit(fire[0]["target"]) if fire else None
            if target and target.on_map and target.kind == "squad" and target.status == "Good Order" and \
                    ("broke", here) not in self.tried:
                self.tried.add(("broke", here))
                yield {"do": "result", "unit": target.id, "result": "broken"}
            yield {"do": "enemy"}
            return
        if m.turn == 1 and ("set up", 1) not in self.tried and m.phase == self.set_up_phase():
            self.tried.add(("set up", 1))
            yield from self.set_up()
        if m.phase == "FRIENDLY MPh":
            stacks = sorted({u.hex for u in m.units if u.side == "FRIENDLY" and u.on_map and u.status == "Good Order"
                             and u.kind != "sw"})
            for stack in stacks:
                if (here, stack) in self.tried:
                    continue
                self.tried.add((here, stack))
                ids = [u.id for u in m.units if u.hex == stack and u.side == "FRIENDLY" and u.on_map
                       and u.status == "Good Order" and u.kind != "sw"]
                yield {"do": "move", "units": ids, "path": [self.step(stack)]}
        yield {"do": "phase"}

    def set_up_phase(self) -> str:
        return "FRIENDLY MPh" if self.x.defn.get("friendly_entry", {}).get("edge") else "FRIENDLY RPh"

    def set_up(self):
        x = self.x
        squads = [t for t, n in sorted(oob_counters(x.m).items()) for _ in range(n) if re.fullmatch(r"\d-\d-\d", t)]
        if x.defn.get("friendly_entry", {}).get("edge"):
            hexes = sorted(x.map.edge(x.m.friendly_oob.get("entry_edge", "North")), key=lambda h: (len(h), h))
            spots = [hexes[4], hexes[len(hexes) // 2], hexes[-4]]
        else:
            line = x.defn["friendly_entry"]["on_or_east_of"]
            area = sorted((h for h in x.map.hexes if in_set_up_area(x.map.grid, line, h)),
                          key=lambda h: (self.row(h) * self.toward * -1, h))
            spots = [area[0], area[len(area) // 3], area[2 * len(area) // 3]]
        for n, spot in enumerate(spots):
            yield {"do": "enter", "hex": spot, "units": squads[3 * n:3 * n + 3] or squads[:1]}

    @staticmethod
    def row(hex_id: str) -> int:
        return int(re.search(r"(\d+)$", hex_id).group(1))

    def step(self, hex_id: str) -> str:
        head = re.match(r"(.*?)(\d+)$", hex_id)
        return f"{head.group(1)}{int(head.group(2)) + self.toward}"


def play_whole(path) -> engine.Outcome:
    """A mission save played by the script from where it stands to Mission End, in one live run."""
    log = EventLog.open(path)
    game = mission_of(log)
    toward = -1 if game.definition.get("ebe", "").lower() == "west" else 1
    player = ScriptedPlayer(toward)
    x, load = engine.context(game, log, player, enemy_ai=enemy_ai)
    player.x = x
    engine.mission_loop(x, load)
    return run_mission(EventLog.open(path), frozen=True)


@dataclass
class Checked:
    illegal: list[str] = field(default_factory=list)
    carried_out: int = 0  # ENEMY decisions carried out (the moves and fire that waited for the player)
    actions: Counter = field(default_factory=Counter)
    s_moves: int = 0
    advance_s_phases: int = 0  # ENEMY MPh in which a hidden S? in Advance or Attack stood on the map


def checked(path, monkeypatch) -> Checked:
    """The save replayed, every ENEMY phase's decisions carried out checked by tests/ai/legality.py with the
    checker's own Player Turn record (cleared as each RPh begins)."""
    out, own = Checked(), {}
    original = engine.enemy_decisions

    def watched(x, phase: str) -> None:
        if phase.endswith("RPh"):
            own.clear()
        s = situation(x.m, x.map, x.defn) if x.map is not None and x.map.has_los else None
        original(x, phase)
        out.advance_s_phases += phase == "ENEMY MPh" and s is not None and any(
            p.kind == "s?" and p.attitude in (Attitude.ADVANCE, Attitude.ATTACK) for p in s.pieces)
        if not x.m.pending or s is None:
            return
        ai_phase = engine.AI_PHASES.get(phase, engine.FIRST_FIRE)[0]
        s = replace(s, pieces=tuple(replace(p, did=tuple(sorted(own.get(p.id, ())))) for p in s.pieces))
        made = [Decision(p["unit"], p["action"], p["path"], p["why"], target=p.get("target"),
                         group=p.get("group", []), fp=p.get("fp"), at=p.get("at")) for p in x.m.pending]
        out.illegal += [f"Game Turn {x.m.turn} {phase}: {line}" for line in illegal(terrain(x.map), s, ai_phase, made)]
        out.carried_out += len(made)
        for d in made:
            out.actions[d.action] += 1
            out.s_moves += d.unit.startswith("S") and d.action == "move"
            word = FIRE.get(d.action) or MOVED.get(d.action) or (
                "final fire" if phase == "FRIENDLY DFPh" else "advancing fire")
            own.setdefault(d.unit, set()).add(word)

    monkeypatch.setattr(engine, "enemy_decisions", watched)
    run_mission(EventLog.open(path), frozen=True)
    monkeypatch.setattr(engine, "enemy_decisions", original)
    return out
