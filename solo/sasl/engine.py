"""Run a SASL mission over its event log: set-up, then the player's actions (place S?, Activate, report control,
end the Game Turn) until the mission ends by its rule. Each action is an answer in the log, so a mission
replays, resumes after a crash and undoes the last action like a Campaign Game. What a mission does its own way
comes from its MissionGame (solo/sasl/game.py).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solo.board.cache import load_board
from solo.board.vasl import saved_folder
from solo.core.choices import MOST, whole
from solo.core.errors import SoloError
from solo.core.play import NeedAnswer, Play, Question, Reply
from solo.core.sides import Computer, Human
from solo.core.store import EventLog
from solo.rules import default_catalog
from solo.sasl import actions, activation, control, events, rally, setup, sighting, sync
from solo.sasl.action import Action, Typed
from solo.sasl.context import Ctx
from solo.sasl.game import Load, MissionGame
from solo.sasl.mission_map import MissionMap, example_hex
from solo.sasl.state import SEQUENCE, Mission
from solo.sasl.victory import schedule_lines, verdict
from solo.sasl.words import Phase, Side, SStatus, attitude

VIEWERS = ("Infantry", "Vehicle")
REPORT = {"vpo_friendly": int, "vpo_enemy": int, "guns": int, "rr": bool, "road": bool, "all_vpo": bool}  # 12.6


def _check_report(m: Mission, report) -> None:
    """The player's report of control for the VP schedule: VPO counts (at most the mission's VPO, when its map is
    known), OtO-S1's RR/road/Guns, OtO-S2's every VPO."""
    if not isinstance(report, dict):
        raise SoloError("a report is a table: vpo_friendly, vpo_enemy, guns, rr, road, all_vpo")
    for name, value in report.items():
        kind = REPORT.get(name)
        if kind is None or (kind is bool and not isinstance(value, bool)):
            raise SoloError(f"report {name}={value!r}: report " + ", ".join(
                f"{k}=N" if t is int else k for k, t in REPORT.items()))
        if kind is int:
            whole(value, 0, vpo_count(m) if name.startswith("vpo") else MOST, f"report {name}")
    merged = m.report | report  # a report adds to the earlier ones
    given = merged.get("vpo_friendly", 0) + merged.get("vpo_enemy", 0)
    if given > vpo_count(m):
        raise SoloError(f"report: {given} VPO controlled, but the map has {vpo_count(m)}")
    if merged.get("all_vpo"):  # issue 18: every VPO FRIENDLY, so none ENEMY and, where the map is known, all counted
        placed = (m.boards or {}).get("vpo")
        if merged.get("vpo_enemy", 0):
            raise SoloError(f"report: all_vpo says FRIENDLY controls every VPO, but vpo_enemy={merged['vpo_enemy']}")
        if placed and merged.get("vpo_friendly", len(placed)) != len(placed):
            raise SoloError(f"report: all_vpo says FRIENDLY controls every VPO ({len(placed)}), but "
                            f"vpo_friendly={merged['vpo_friendly']}")


def vpo_count(m: Mission) -> int:
    """The VPO on the mission's map: those its set-up placed (OtO-S2 on the player's VASL boards), else at most MOST."""
    placed = (m.boards or {}).get("vpo")
    return len(placed) if placed else MOST


@dataclass
class Outcome:
    mission: Mission
    waiting: Question | None
    last: dict | None = None  # what the last action did (for the CLI)
    vp: dict | None = None  # the VP tally from the latest report (the final VP once the mission ended)
    map: MissionMap | None = None  # the mission's map (solo/sasl/mission_map.py), when solo knows it


def _action(x: Ctx):
    """The parser of the player's next action (solo/sasl/action.py): everything checked against the mission before it
    reaches the log, and the action logged as checked."""
    known = actions_of(x.game)

    def parse(raw) -> dict:
        kind = known.get(str(raw.get("do"))) if isinstance(raw, dict) else None
        if kind is None:
            raise SoloError(f"an action is {', '.join(list(known)[:-1])} or {list(known)[-1]}")
        action = kind.from_json(raw)
        if kind.waits_for_enemy is not None and x.rules >= kind.waits_for_enemy and x.m.pending:
            what = "First Fire" if x.m.phase == "FRIENDLY MPh" else "moves"
            raise SoloError(f"{kind.do}: the ENEMY's {what} of the {x.m.phase} wait for you: confirm them (all as "
                            f"decided, or one by one as they went): {', '.join(p['unit'] for p in x.m.pending)}")
        return action.check(x)
    return parse


def _logged(x: Ctx):
    """A logged action checked again on replay as the player's was (issue 40): what it was given, its own keys."""
    parse, known = _action(x), actions_of(x.game)

    def check(value) -> None:
        if not isinstance(value, dict) or not isinstance(value.get("do"), str):
            raise SoloError("is not an action")
        kind = known.get(value["do"])
        if kind is None:
            parse(value)  # one line: no such action
        elif all(k in value for k in kind.keys()):  # a sync logs what it found, not the counters it was given
            parse({k: v for k, v in value.items() if k == "do" or k in kind.keys()})
    return check


@dataclass(frozen=True)
class Place(Action):
    """S? placed: a count, or one hex each, a hex of the mission's map holding no S? yet (one S? per Location, as
    every S? placement case of 4.1 places them); at most MOST S? on the map in all."""

    do = "place"
    count: int | None = None
    hexes: list[str] | None = None

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """A number of S?, or their hexes."""
        said = text.split()
        if len(said) == 1 and said[0].isdigit():
            return cls(int(said[0]), [])
        if not said:
            raise SoloError("give the S? hexes or their number")
        return cls(0, [w.upper() for w in said])

    def check(self, x: Ctx) -> dict:
        m = x.m
        hexes = self.hexes or []
        if not isinstance(hexes, list):
            raise SoloError(f"place: hexes is a list of hex ids, e.g. [\"{example_hex(m, x.defn, 'K5')}\"]")
        room = MOST - len(m.s)
        count = whole(self.count or 0, 0, room, f"place: count (at most {MOST} S? in a mission)")
        if len(hexes) > room:
            raise SoloError(f"place: {len(hexes)} hexes, but at most {MOST} S? are in a mission ({len(m.s)} placed)")
        if not hexes and count < 1:
            raise SoloError("place: give a count of S? or one hex per S?")
        named = [actions.map_hex(x, h, "place: hex") for h in hexes]
        taken = {s.where for s in m.s if s.status == SStatus.HIDDEN}
        for n, where in enumerate(named):
            if where in taken or where in named[:n]:
                raise SoloError(f"place: {where} already holds an S? (one S? per Location, 4.1)")
        return {"do": "place", "count": count, "hexes": named}

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        hexes = a.get("hexes")
        new = [x.m.new_s(where) for where in hexes or [""] * a["count"]]
        x.say("S? placed: " + (", ".join(f"{s.id} {s.where}" for s in new) if hexes else
                               f"{new[0].id}-{new[-1].id} where the S? placement rule puts them"), rule="4.")
        return {"placed": [s.id for s in new]}


@dataclass(frozen=True)
class Activate(Action):
    """An Activation check of an S? the player names as seen (a map solo has no LOS for, or a check by hand), once a
    phase: the AC drm, the viewer, the range and the level."""

    do = "activate"
    s: Any = None  # str (checked)
    range: int | None = None
    viewer: str | None = None
    mods: Any = None  # dict (checked)

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """The range, then any AC drm (vpo stone near-enemy village city level=N vehicle) of the S? the form is for."""
        said = text.split()
        if not said or not said[0].isdigit():
            raise SoloError("give the range first, e.g. 3 vpo")
        mods: dict = {}
        viewer = "Infantry"
        for w in said[1:]:
            name, _, value = w.partition("=")
            if name == "vehicle":
                viewer = "Vehicle"
            elif name == "level" and value.lstrip("-").isdigit():
                mods["level"] = -abs(int(value))
            else:
                mods[name] = True
        return cls(at.s, int(said[0]), viewer, mods)

    def check(self, x: Ctx) -> dict:
        m = x.m
        s = m.s_counter(self.s) if isinstance(self.s, str) else None  # JSON may give anything
        if s is None:
            known = ", ".join(q.id for q in m.s if q.status == SStatus.HIDDEN) or "none"
            raise SoloError(f"no S? {self.s!r}: the S? not yet Activated are {known}")
        if s.status != SStatus.HIDDEN:
            raise SoloError(f"{s.id} is already {s.status}")
        if s.id in m.checked:
            raise SoloError(f"{s.id} had its Activation check this phase: the dr made stands until the next phase "
                            "(solo's reading of 5.)")
        mods = {} if self.mods is None else self.mods
        if not isinstance(mods, dict):
            raise SoloError(f"AC drm: give a table of {', '.join(activation.AC_MODS)} = true, and level")
        flags = [name for name in activation.AC_MODS if name != "level"]
        if set(mods) - set(activation.AC_MODS) or any(not isinstance(mods[k], bool) for k in set(mods) & set(flags)):
            raise SoloError(f"unknown AC drm {', '.join(sorted(map(str, mods)))}: use {', '.join(flags)} = true, and "
                            "level")
        viewer = self.viewer or "Infantry"
        if viewer not in VIEWERS:
            raise SoloError("the viewer is Infantry or Vehicle")
        most = activation.SIGHTING_RANGE
        rng = whole(self.range or 0, 0, most,
                    f"range (an S? is checked only within {most} hexes: give --range 0-{most})")
        whole(mods.get("level", 0), -3, 0, "level drm (an S? stands 0 to 3 levels above its hex's base level: -1 each)")
        return {"do": "activate", "s": s.id, "range": rng, "viewer": viewer, "mods": mods}

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        x.m.checked.append(a["s"])
        s = x.m.s_counter(a["s"])
        assert s is not None  # the action's check found the S? it names
        return activation.check(x, s, a.get("range", 0), a.get("viewer", "Infantry"), a.get("mods", {}))


@dataclass(frozen=True)
class Report(Action):
    """The player's report of control for the VP Schedule (12.6), over what the map gives where solo keeps it."""

    do = "report"
    report: dict | None = None

    @classmethod
    def typed(cls, text: str, at: Typed) -> Action:
        """name=N or a flag each: "vpo_friendly=2 vpo_enemy=1 rr road guns=1 all_vpo"; "no-rr" or "rr=no": no
        longer (the check says what is wrong)."""
        report: dict = {}
        for w in text.split():
            name, _, value = w.partition("=")
            if name.startswith(("no-", "no_")):
                name, value = name[3:], "no"
            report[name] = int(value) if value.isdigit() else {"no": False, "false": False, "yes": True}.get(
                value.lower(), value or True)
        return cls(report)

    def check(self, x: Ctx) -> dict:
        report = {} if self.report is None else self.report
        _check_report(x.m, report)
        return {"do": self.do, "report": report}

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        x.m.report.update(a["report"])
        x.say(f"control {'corrected by the player' if control.kept(x) else 'reported'}: {a['report']}"
              + (" (the VP Schedule takes it over what the map gives)" if control.kept(x) else ""), rule="12.6")
        return {"report": x.m.report}


@dataclass(frozen=True)
class NextPhase(Action):
    """The next phase of the Game Turn (``next_phase``)."""

    do = "phase"
    waits_for_enemy = 1

    def check(self, x: Ctx) -> dict:
        return {"do": self.do}

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return next_phase(x)


@dataclass(frozen=True)
class EndTurn(Report):
    """The end of the Game Turn (``end_turn``), with the player's report of control if it changed."""

    do = "turn"
    waits_for_enemy = 1

    @classmethod
    def play(cls, x: Ctx, a: dict) -> dict:
        return end_turn(x, a.get("report", {}))


def setup_mission(x: Ctx, load: Load) -> None:
    """The mission's SEQUENCE: mission tables, the mission's own set-up (its ENEMY, FRIENDLY OoB, mapboards), the S?."""
    x.m.phase = "set up"
    setup.mission_tables(x)
    x.game.set_up(x, load)
    x.map = x.game.mission_map(x) if x.game.mission_map else None
    setup.place_s(x)
    control.start(x)
    x.m.phase = SEQUENCE[0]


def mission_loop(x: Ctx, load: Load) -> None:
    setup_mission(x, load)
    play_on(x)


def play_on(x: Ctx) -> None:
    """The player's actions, one after another, until the mission ends (or the next one is not given yet)."""
    while not x.m.ended:
        step(x)


def step(x: Ctx) -> None:
    """One player action: asked, checked, logged, done (solo/sasl/session.py takes one at a time)."""
    action = x.ask("action", "Your next action: place, activate, report or turn", _action(x), recheck=_logged(x))
    x.last = do(x, action)
    if control.kept(x):
        control.update(x)


# every mission's actions, before its own (MissionGame.actions); the turn's after them
ACTIONS: tuple[type[Action], ...] = (Place, Activate, Report, actions.Enter, actions.Group, actions.Move,
                                     actions.Result, actions.Sw, actions.Remove, actions.Confirm, sync.Sync)
TURN: tuple[type[Action], ...] = (NextPhase, EndTurn)


def actions_of(game: MissionGame) -> dict[str, type[Action]]:
    """The registry of the player's actions in ``game`` by their word: every mission's, its own, the turn's."""
    return {a.do: a for a in (*ACTIONS, *game.actions, *TURN)}


def do(x: Ctx, action: dict) -> dict:
    """The logged ``action`` played; after a FRIENDLY move or entry, the ENEMY's First Fire (A8.1)."""
    kind = actions_of(x.game)[action["do"]]
    done = kind.play(x, action)
    if kind.draws_first_fire:
        first_fire(x, action)
    return done


# The ENEMY's decisions by phase (solo/ai/decide.py's phases), and the decisions that then wait for the player: the
# ENEMY First Fires at each FRIENDLY move in the FRIENDLY MPh (from rules version 5, `first_fire`), fires in the
# FRIENDLY DFPh and its own PFPh and AFPh, moves in its MPh, routs in its RtPh, Advances in its APh. (An AFPh's fire
# was logged as "defensive fire" before rules version 5.)
AI_PHASES = {"FRIENDLY DFPh": (Phase.DEFENSIVE, ("defensive fire",)), "ENEMY PFPh": (Phase.PREP, ("prep fire",)),
             "ENEMY MPh": (Phase.MOVE, ("move",)),
             "ENEMY AFPh": (Phase.ADVANCING, ("advancing fire", "defensive fire")),
             "ENEMY RtPh": (Phase.MOVE, ("rout",)), "ENEMY APh": (Phase.ADVANCE, ("advance", "advance into CC"))}
FIRST_FIRE = (Phase.FIRST, ("first fire",))


def enemy_decisions(x: Ctx, phase: str) -> None:
    """The computer decides for the ENEMY units (and S?) on the map; the moves and fire wait for the player to confirm
    them."""
    if x.enemy_ai is None or x.map is None or not x.map.has_los:
        return
    if phase not in AI_PHASES and not (phase == "FRIENDLY MPh" and x.m.moving):
        return
    moves_s = x.rules >= 5 and phase == "ENEMY MPh"
    if not any(u.side == Side.ENEMY and u.on_map and x.map.name(u.hex) for u in x.m.units) and not (
            moves_s and any(s.status == SStatus.HIDDEN and x.map.name(s.where) for s in x.m.s)):
        return
    ai_phase, kept = AI_PHASES.get(phase, FIRST_FIRE)
    decided = x.ask("enemy_moves", f"The ENEMY's decisions for the {phase}", list, side=Side.ENEMY,
                    context={"phase": ai_phase})
    x.m.pending = [d for d in decided if d["action"] in kept]
    for d in x.m.pending:
        x.say(f"decided: {d['why']}", rule="ENEMY AI")
    if not x.m.pending and (ai_phase, kept) != FIRST_FIRE:  # a move no ENEMY unit fires at goes unremarked
        x.say(f"no ENEMY unit acts in the {phase}", rule="ENEMY AI")


def _enter(x: Ctx, phase: str) -> None:
    if x.m.turn == 1 and x.m.phase == SEQUENCE[0] and phase != SEQUENCE[0] and x.game.set_up_ends:
        x.game.set_up_ends(x)  # the FRIENDLY set up is done (OtO-S1 MSR 8: the wrecks' status dr)
    x.m.phase, x.m.checked, x.m.spent, x.m.moving, x.m.bracket = phase, [], {}, {}, {}
    if phase.endswith("RPh"):
        x.m.new_player_turn()
    x.say(f"Game Turn {x.m.turn}: {phase}", rule="phases")
    if phase == "ENEMY RPh" and x.game.enemy_rph:
        x.game.enemy_rph(x)
    if phase == "ENEMY RPh" and x.rules >= 5:
        rally.enemy_rally(x)
    enemy_decisions(x, phase)


def first_fire(x: Ctx, action: dict) -> None:
    """A8.1 Defensive First Fire: after each FRIENDLY move (or entry) in the FRIENDLY MPh, the ENEMY decides whether
    its units that have not fired yet fire at the moving stack, at a hex of its path (rules version 5 on), none where
    it moved IN the Culvert (OtO 3.1: its gully ends, also on its path, see it as it goes in and out)."""
    if x.rules < 5 or x.m.phase != "FRIENDLY MPh":
        return
    friendly = [u.id for u in x.m.units if u.side == Side.FRIENDLY]
    moved = action["units"] if action["do"] == "move" else friendly[-len(action["units"]):]
    inside = action.get("culvert", [])  # OtO 3.1: IN the Culvert the stack is out of the ENEMY's LOS but its gullies'
    path = [h for n, h in enumerate(action.get("path") or [action["hex"]]) if n not in inside]
    x.m.moving = {"units": moved, "path": path}
    enemy_decisions(x, "FRIENDLY MPh")


def next_phase(x: Ctx) -> dict:
    """The next phase of the Game Turn (FRIENDLY player turn, then ENEMY); after the ENEMY CCPh the Game Turn ends."""
    at = SEQUENCE.index(x.m.phase)
    if at == len(SEQUENCE) - 1:
        return end_turn(x, {})
    if SEQUENCE[at + 1] == "ENEMY RPh" and _won(x, x.m.turn, Side.FRIENDLY):
        return {"turn": x.m.turn, "phase": x.m.phase, "mission_end": x.m.ended}
    _enter(x, SEQUENCE[at + 1])
    return {"turn": x.m.turn, "phase": x.m.phase}


def end_turn(x: Ctx, report: dict) -> dict:
    """End of a Game Turn: the end of the FRIENDLY player turn if not yet reached (the mission's immediate-win check,
    then the ENEMY RPh), both sides' RE checks, the immediate-win check again, the mission end dr (12.5)."""
    m = x.m
    m.report.update(report)
    if report and control.kept(x):
        x.say(f"control corrected by the player: {report} (the VP Schedule takes it over what the map gives)",
              rule="12.6")
    done = m.turn
    if SEQUENCE.index(m.phase) < SEQUENCE.index("ENEMY RPh"):
        if _won(x, done, Side.FRIENDLY):
            return {"turn": done, "random_events": [], "mission_end": m.ended}
        _enter(x, "ENEMY RPh")
    m.phase = "end of turn"
    res = events.checks(x)
    sighting.sweep(x)  # S? a Random Event put where FRIENDLY units see them (rules version 6 on)
    won = x.game.immediate_win(x) if x.game.immediate_win else None
    end = {"why": won} if won else None
    if not won and done >= x.defn["mission_end"]["after_turn"]:
        extra = done - x.defn["mission_end"]["after_turn"]
        mods = {"turns": extra} if x.defn["mission_end"]["drm_per_turn"] and extra else {}
        trace = x.roll("mission_end", f"Mission End dr after Game Turn {done}", mods=mods, side="")
        x.say(f"Mission End dr {trace.original}, Final {trace.final}: {trace.result}", rule="Mission End")
        if trace.result.startswith("The mission ends"):
            end = {"why": f"Mission End dr {trace.original} (Final {trace.final}) after Game Turn {done}"}
    if end:
        _mission_end(x, end, won, done, f"after Game Turn {done}")
    else:
        m.turn += 1
        _enter(x, SEQUENCE[0])
    return {"turn": done, "random_events": res, "mission_end": m.ended}


def _won(x: Ctx, turn: int, side: str) -> bool:
    """The mission's immediate win at the end of ``side``'s player turn (OtO-S2 12.6: "at the end of any player
    turn", issue 18: it was checked only at the end of the Game Turn)."""
    won = x.game.immediate_win(x) if x.game.immediate_win else None
    if won:
        _mission_end(x, {"why": won}, won, turn, f"with the {side} player turn of Game Turn {turn}")
    return bool(won)


def _mission_end(x: Ctx, end: dict, won: str | None, turn: int, when: str) -> None:
    """Mission End: the VP Schedule rolled, and who won."""
    vp = x.game.vp_schedule(x, True)
    result = verdict(vp, won)
    x.m.ended = {**end, "turn": turn, "vp": vp, **result}
    x.say(f"The mission ends {when}: {end['why']}", rule="Mission End")
    for line in schedule_lines(vp.get("lines", [])):
        x.say(line, rule="VP Schedule")
    x.say(result["says"], rule="Victory")


def context(game: MissionGame, log: EventLog, player, frozen: bool = False,
            enemy_ai: Callable | None = None) -> tuple[Ctx, Load | None]:
    """The context a mission plays in over the save ``log``: the player's side (``player``, answering the "table"
    questions) and the ENEMY's (``enemy_ai(x, phase)``), and how its boards load."""
    folder = saved_folder(log.meta.get("vasl_boards"))
    load = (lambda board: load_board(folder, board)) if folder else None
    defn = game.definition
    play = Play(log, log.meta["seed"], {"table": player}, default_catalog(), frozen=frozen)
    x = Ctx(play, Mission(defn["id"], defn["title"], attitude(defn["attitude"])), game)
    x.enemy_ai = enemy_ai

    def decide(side: str, q: Question) -> Reply:
        assert enemy_ai is not None  # without one the ENEMY is never asked (enemy_decisions)
        return Reply(enemy_ai(x, q.context["phase"]))
    play.sides[Side.ENEMY] = Computer(Side.ENEMY, decide)
    return x, load


def run(game: MissionGame, log: EventLog, answers: dict | None = None, interactive: bool = False,
        frozen: bool = False, enemy_ai: Callable | None = None) -> Outcome:
    """Play ``game`` over the mission save ``log`` up to the next question it cannot answer; ``enemy_ai(x, phase)``
    decides for the ENEMY units on the map (solo/ai/mission.py)."""
    x, load = context(game, log, Human(answers, interactive, never_prompt=("action",)), frozen, enemy_ai)
    return outcome(x, played(x, load))


def played(x: Ctx, load: Load | None) -> Question | None:
    """The mission played on from the start of its log: the question it stopped at, None at its end."""
    try:
        with x.play.guarded():
            mission_loop(x, load)
    except NeedAnswer as need:
        return need.question
    return None


def outcome(x: Ctx, waiting: Question | None) -> Outcome:
    """Where the mission stands after a run: the question it waits for, the last action's result, the VP."""
    m = x.m
    return Outcome(m, waiting, x.last, m.ended["vp"] if m.ended else x.game.vp_schedule(x, False), x.map)


def status_json(o: Outcome) -> dict:
    m = o.mission
    return {
        "mission": {"id": m.id, "title": m.title, "attitude": m.attitude},
        "tables": dict(m.tables),
        "friendly_oob": {k: m.friendly_oob.get(k, []) for k in ("infantry", "armor", "air", "oba", "reinforcements")},
        "enemy": {**m.enemy, "units": [u.to_json() for u in m.units if u.side == Side.ENEMY]},
        "units": [u.to_json() for u in m.units],
        "enemy_moves": m.pending,
        "s": [s.to_json() for s in m.s],
        "boards": m.boards,
        "month": m.month,
        "turn": m.turn,
        "phase": m.phase,
        "re_numbers": {k: f"{a}/{b}" for k, (a, b) in m.re_numbers.items()},
        "effects": m.effects,
        "vp": o.vp,
        "control": m.control,
        "ended": m.ended,
        "record": m.record,
        "waiting": {"key": o.waiting.key, "prompt": o.waiting.prompt} if o.waiting else None,
    }
