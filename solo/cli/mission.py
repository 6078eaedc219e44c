"""`solo mission ...`: thin click commands over the SASL mission engine."""

import shutil
import time
from collections import Counter
from pathlib import Path

import click

from solo.board.vasl import boards_folder, saved_folder
from solo.cli.params import SEED, SEED_HELP, count
from solo.core.dice import parse_faces
from solo.core.errors import SoloError
from solo.core.output import emit, plain
from solo.core.sides import read_answers
from solo.core.store import EventLog, waiting, waiting_text
from solo.games import MISSIONS, enemy_ai, mission_of, run_mission
from solo.games import mission as mission_game
from solo.sasl import activation
from solo.sasl.action import Action
from solo.sasl.actions import RESULTS, Confirm, Enter, Group, Move, Remove, Result, Sw
from solo.sasl.engine import Activate, EndTurn, NextPhase, Outcome, Place, actions_of, status_json
from solo.sasl.session import MissionSession
from solo.sasl.sync import Sync
from solo.sasl.units import oob_counters, oob_groups
from solo.sasl.words import SStatus, Status

MODULE = click.option("--vasl-module", "module", type=click.Path(dir_okay=False, path_type=Path),
                      help="Your VASL module (vasl.vmod), for the counters solo puts in a VASL game (else "
                           "$SOLO_VASL_MODULE or vasl_module in the config file).")


@click.group()
def mission():
    """SASL missions: set up, Activate S?, Random Events, mission end and VP."""


@mission.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def mission_list(as_json):
    """The missions solo knows."""
    rows = [{"id": g.id, "title": g.definition["title"]} for g in MISSIONS.values()]
    emit(rows, as_json, "\n".join(f"{r['id']:<8} {r['title']}" for r in rows))


def _text(o: Outcome, since: int | None = None) -> str:
    """Where the mission stands; the record whole (``since`` None: status), or only what a command added to it."""
    m = o.mission
    out = [f"{m.title} ({m.id}) — Game Turn {m.turn}, {m.phase}; Prevailing Attitude {m.attitude}"]
    if since is None:  # the status whole; an action shows its turn line and what it did
        if m.tables:
            t = m.tables
            out.append(f"ENEMY SAN {t['enemy_san']}, FRIENDLY SAN {t['friendly_san']}, ENEMY AC# {t['enemy_ac']}, "
                       f"RE# ENEMY {'/'.join(map(str, m.re_numbers['ENEMY']))}, "
                       f"FRIENDLY {'/'.join(map(str, m.re_numbers['FRIENDLY']))}")
        if m.boards:
            out.append(f"Mapboards {', '.join(m.boards['boards'])}; month {m.month}")
        hidden = [f"{s.id} {s.where} ({s.attitude})" for s in m.s if s.status == SStatus.HIDDEN]
        out.append(f"S? ({len(hidden)} not Activated): " + ("; ".join(hidden) or "none"))
        for side in ("FRIENDLY", "ENEMY"):
            here = [u for u in m.units if u.on_map and u.side == side]
            if here:
                out.append(f"{side} units: " + "; ".join(unit_text(u) for u in here))
        left = oob_counters(m) - Counter(m.entered)
        if +left and (m.entered or m.phase != "set up"):
            out.append("FRIENDLY OoB still off the map: " + ", ".join(f"{t} x{n}" for t, n in sorted((+left).items())))
        groups = [g for g in oob_groups(m) if g not in m.groups]
        if +left and groups:
            out.append(f"OoB groups to enter whole (solo mission group SAVE NAME HEX): {', '.join(groups)}")
    if m.pending:
        out.append(f"ENEMY moves of the {m.phase} waiting for you to confirm:")
        out += [f"  {p['unit']} {p['action']} {' '.join(p['path'])}" + (f" at {p['target']}" if p.get("target") else "")
                + (f" in {p['at']}" if p.get("at") else "") for p in m.pending]
    if m.effects and since is None:
        out.append("Lasting effects: " + "; ".join(m.effects))
    new = m.record if since is None else m.record[since:]
    if new:
        out.append("Record:" if since is None else "What happened:")
        out += [f"  T{e['turn']} {e['rule']:<12} {e['text']}" for e in new]
    if m.report and o.vp and o.vp.get("friendly") is not None:
        out.append(f"VP: FRIENDLY {o.vp['friendly']}, ENEMY {o.vp['enemy']} (from your reports)")
    if m.ended:
        out.append(f"MISSION OVER after Game Turn {m.ended['turn']}: {m.ended['why']}. "
                   f"{m.ended.get('says', '')}".rstrip())
    elif o.waiting and o.waiting.key != "action":
        out.append(f"\nWaiting for you: {o.waiting.prompt}")
    return "\n".join(out)


def _act(save: str, action: Action | None, answers_file: str | None, as_json: bool, pick=None, dice: str | None = None,
         then=None) -> None:
    """The action on the save (one line and nothing changed if it is refused), then ``then(outcome)`` (a file the
    action writes: written before the save's transaction commits, so that a file that cannot be written leaves the
    save as it was; issue 40), then its words or JSON. The save is replayed once (solo/sasl/session.py)."""
    answers = read_answers(answers_file) if answers_file else {}
    typed = parse_faces(dice) if dice else []
    with EventLog.writing(save, keep_on=(click.Abort,)) as log:  # a refused action keeps nothing, typed faces neither
        session = _session(save, log)
        shown = session.shown
        log.type_faces(typed)
        outcome = session.act(log, action, answers, not as_json)  # at a terminal, or answers piped on stdin
        extra = then(outcome) if then else ""
    emit(pick(outcome) if pick else status_json(outcome), as_json, _text(outcome, since=shown) + extra)


def _session(save: str, log: EventLog | None = None) -> MissionSession:
    """The mission save, replayed once (``log``: held for writing by the command)."""
    return MissionSession(mission_of(log or EventLog.open(save)), save, enemy_ai, log)


def unit_text(u) -> str:
    """ "F3 4-4-7 in 5K6 (broken, DM)"; an ENEMY unit's Attitude and the S? it came from."""
    state = [u.status] * (u.status != Status.GOOD_ORDER) + u.marks + ([f"with {u.owner}"] if u.owner else [])
    extra = [u.attitude, f"from {u.source}"] if u.side == "ENEMY" else []
    return f"{u.id} {u.type} in {u.hex}" + (f" ({', '.join(state + extra)})" if state or extra else "")


@mission.command("new")
@click.argument("mission_id", metavar="ID")
@click.option("--save", required=True, help="The mission's save file (SQLite), created here.")
@click.option("--seed", type=SEED, default=None, help=SEED_HELP)
@click.option("--vasl-boards", "folder", help="Your VASL boards folder (OtO-S2: VPO and S? from the real boards).")
@click.option("--entry", type=click.Choice(["north", "south"], case_sensitive=False), default="north",
              show_default=True,
              help="OtO-S2: the FRIENDLY entry edge.")
@click.option("--vasl", "vasl_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a VASL game (.vsav) of the mission: its boards laid out, every S? and Known ENEMY "
                   "counter on its hex (counters from --vasl-module).")
@MODULE
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def mission_new(mission_id, save, seed, folder, entry, vasl_out, module, as_json):
    """Set up a mission: mission tables, OoB, ENEMY additions, S? placement."""
    game = mission_game(mission_id)
    boards = None
    if game.vasl_boards:
        try:
            boards = str(boards_folder(folder).resolve())  # as typed, a relative folder read from nowhere else
        except SoloError:
            if folder:
                raise
        try:
            saved_folder(boards)
        except SoloError:
            raise SoloError(f"--vasl-boards {folder}: make it your VASL boards folder first (export SOLO_VASL_BOARDS="
                            f"{folder}, or vasl_boards in config.toml): the mission's later commands read its boards "
                            "only from there (nothing was created)") from None
        if not game.reads_boards(boards):  # OtO-S1 without bdOTO in the folder: on its hex grid, unless asked for
            if folder:
                raise SoloError(f"--vasl-boards {folder}: {', '.join(game.board_files)} is not in it (nothing was "
                                "created)")
            boards = None
    if vasl_out:
        from solo.sasl import vasl as mission_vasl
        defs = mission_vasl.check_set_up(vasl_out, _module(module), boards, (
            "give --vasl-module (your VASL install's vasl.vmod), set SOLO_VASL_MODULE, or vasl_module in config.toml",
            f"set SOLO_VASL_BOARDS to the one with {', '.join(game.board_files) or 'the boards'}"))
    seed = int(time.time()) if seed is None else seed
    said = ""
    with EventLog.creating(save, {"mission": game.id, "seed": seed, "vasl_boards": boards}) as log:
        outcome = run_mission(log, {"entry_edge": entry})
        if vasl_out and boards:  # written before the save is linked into place (boards checked by check_set_up)
            said = "\n" + mission_vasl.write_set_up(outcome.mission, game.definition["enemy"], Path(boards), defs,
                                                    vasl_out)
    emit(status_json(outcome), as_json, f"Mission {game.id} saved in {save} (seed {seed}).\n" + _text(outcome) + said)


def _module(option):
    from solo.vasl.definitions import player_module
    return player_module(option)


@mission.command("status")
@click.argument("save")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def mission_status(save, as_json):
    """Where the mission stands, and the dice faces waiting for the next rolls."""
    log = EventLog.open(save)
    outcome = MissionSession(mission_of(log), save, enemy_ai, log).outcome
    emit(status_json(outcome) | {"pending": waiting(log)}, as_json, _text(outcome) + waiting_text(log))


DICE = click.option("--dice", help="Faces you rolled on your table, used by the next rolls in order (colored die "
                                   "first): the Activation drs a move makes, the RE checks of a turn.")


@mission.command("place")
@click.argument("save")
@click.option("--count", type=count(), default=0, help="How many S? you placed by the mission's rule.")
@click.option("--hex", "hexes", multiple=True, help="Where an S? stands (repeat for each); instead of --count.")
@click.option("--json", "as_json", is_flag=True)
def mission_place(save, count, hexes, as_json):
    """Add the S? you placed by the mission's S? PLACEMENT rule; each gets an id."""
    if not hexes and count < 1:
        raise SoloError("give --count N or one --hex per S?")
    _act(save, Place(count, list(hexes)), None, as_json)


@mission.command("activate")
@click.argument("save")
@click.option("--s", "s_id", required=True, help="The S? a FRIENDLY unit now sees (its id, e.g. S3).")
@click.option("--range", "rng", type=int, default=0, show_default=True, help="The range from the viewer, in hexes.")
@click.option("--viewer", type=click.Choice(["infantry", "vehicle"], case_sensitive=False), default="infantry")
@click.option("--mod", "mods", multiple=True, type=click.Choice(activation.AC_MODS),
              help="AC drm: vpo, stone, near-enemy, village, city (level: --level).")
@click.option("--level", type=int, default=0, help="Levels above the hex's base level (-1 drm each).")
@DICE
@click.option("--json", "as_json", is_flag=True)
def mission_activate(save, s_id, rng, viewer, mods, level, dice, as_json):
    """A FRIENDLY unit gains LOS to an S?: the AC dr, and what it Activates."""
    given = {m: True for m in mods} | ({"level": -level} if level else {})
    _act(save, Activate(s_id, rng, viewer.capitalize(), given), None, as_json,
         pick=lambda o: o.last, dice=dice)


@mission.command("enter")
@click.argument("save")
@click.argument("hex_")
@click.argument("types", nargs=-1, required=True)
@DICE
@click.option("--json", "as_json", is_flag=True)
def mission_enter(save, hex_, types, dice, as_json):
    """FRIENDLY units from the OoB onto the map in HEX_ (set up, or entering on the entry edge), e.g. 5A1 5-2-7
    5-2-7 LMG 9-1: a SW goes to the first squad or HS named with it. Any S? they see is checked for Activation."""
    _act(save, Enter(hex_, list(types)), None, as_json, lambda o: o.last, dice)


@mission.command("group")
@click.argument("save")
@click.argument("name")
@click.argument("hexes", nargs=-1, required=True)
@DICE
@click.option("--json", "as_json", is_flag=True)
def mission_group(save, name, hexes, dice, as_json):
    """A whole group of the FRIENDLY OoB onto the map in one action: NAME a Coy (coy1, coy2 ...) with its SW and
    leaders, armor (the AFV with their Armor Leaders), cavalry (OtO-S2), or a Random Event's reinforcements (re1 ...);
    its stacks stand in HEXES in order, then in the nearest hexes the mission allows (e.g. G26). Its units' ids and
    hexes are listed after; `solo mission status` lists the groups still off the map."""
    _act(save, Group(name, list(hexes)), None, as_json, lambda o: o.last, dice)


@mission.command("move")
@click.argument("save")
@click.argument("units")
@click.argument("path", nargs=-1, required=True)
@DICE
@click.option("--json", "as_json", is_flag=True)
def mission_move(save, units, path, dice, as_json):
    """FRIENDLY UNITS (ids, e.g. F1,F2: one stack) move through PATH (the hexes entered, in order): in the MPh, a rout
    in the RtPh, one hex in the APh; "culvert" in PATH is the Culvert Location (OtO 3.1, OtO-S1's M23). Every S? they
    now see is checked for Activation, and its dr made."""
    _act(save, Move(units, list(path)), None, as_json, lambda o: o.last, dice)


@mission.command("result")
@click.argument("save")
@click.argument("unit")
@click.argument("result", type=click.Choice(RESULTS, case_sensitive=False), metavar="RESULT")
@click.option("--json", "as_json", is_flag=True)
def mission_result(save, unit, result, as_json):
    """What happened to UNIT (of either side) on the table: a fire result, a rally, an exit, a wreck."""
    _act(save, Result(unit, result), None, as_json, lambda o: o.last)


@mission.command("sw")
@click.argument("save")
@click.argument("sw")
@click.argument("to", required=False)
@click.option("--json", "as_json", is_flag=True)
def mission_sw(save, sw, to, as_json):
    """SW is picked up by (or captured by, or handed to) TO in its hex; without TO it is dropped."""
    _act(save, Sw(sw, to), None, as_json, lambda o: o.last)


@mission.command("remove")
@click.argument("save")
@click.argument("s_id", metavar="S")
@click.option("--json", "as_json", is_flag=True)
def mission_remove(save, s_id, as_json):
    """An S? taken off the map (a dummy revealed, a Random Event)."""
    _act(save, Remove(s_id), None, as_json, lambda o: o.last)


@mission.command("enemy")
@click.argument("save")
@click.argument("unit", required=False)
@click.option("--stop", help="The hex of its path where it stopped on the table (default: the end of its path).")
@click.option("--result", type=click.Choice(RESULTS, case_sensitive=False), help="What happened to it there.")
@click.option("--json", "as_json", is_flag=True)
def mission_enemy(save, unit, stop, result, as_json):
    """Confirm the ENEMY's decided moves: all as decided (no UNIT), or UNIT's as it went on the table, e.g.
    E4 --stop 5K6 --result broken."""
    _act(save, Confirm(unit, stop, result), None, as_json, lambda o: o.last)


@mission.command("sync")
@click.argument("save")
@click.argument("game", type=click.Path(path_type=Path))
@click.option("--write", "out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a copy of GAME with the ENEMY as the mission has it (GAME itself is never changed).")
@click.option("--in-place", is_flag=True,
              help="Write the ENEMY into GAME itself, GAME kept first as a backup beside it.")
@click.option("--confirm", is_flag=True, help="Take what the VASL game shows even where it breaks a rule (listed).")
@MODULE
@click.option("--json", "as_json", is_flag=True)
def mission_sync(save, game, out, in_place, confirm, module, as_json):
    """The mission follows your VASL game GAME (.vsav): its counters are matched once to the mission's units, then
    what moved, entered and went comes over, checked as the typed action would be (what breaks a rule is held back
    and listed, for you to undo in VASL or --confirm), and Activation is checked as after a move; --write OUT (or
    --in-place) puts the ENEMY back: its moves, the units its S? Activated, broken, pinned and DM, dummies removed."""
    sync_once(save, game, out, in_place, confirm, module, as_json)


def sync_once(save, game: Path, out: Path | None, in_place: bool, confirm: bool, module, as_json: bool) -> None:
    """One sync of the mission with the VASL game (`sync`, and `follow` at each save); its words or JSON."""
    from solo.sasl import vasl as mission_vasl
    from solo.vasl.game import read_game
    from solo.vasl.savefile import check_out
    if out and in_place:
        raise SoloError("give --write OUT or --in-place, not both")
    from solo.vasl.savefile import stamp
    read_at = stamp(game)
    g = read_game(game, saved_folder(EventLog.open(save).meta.get("vasl_boards")))
    m = run_mission(EventLog.open(save), frozen=True).mission
    pieces = mission_vasl.sync_pieces(m, g)  # its boards checked first: another game is refused in one line
    target = game if in_place else out
    defs = None
    if target:
        if not in_place:
            check_out(g.save, target)  # checked before anything is written; the copy is written before the save commits
        defs = mission_vasl.definitions(_module(module), g)
    def write(outcome) -> str:
        missing = [unit_text(outcome.mission.unit(u)) for u in outcome.last.get("unmatched", [])]
        said = held_text(outcome.last.get("held", []))
        said += f"\nNot in your VASL game yet (place them; the next sync matches them): {'; '.join(missing)}" \
            if missing else ""
        if not target:
            back = outcome.last.get("back", {})
            return said + (f"\n{len(back)} ENEMY move(s) to make in VASL: give --write OUT.vsav" if back else "")
        assert defs is not None  # read above for every target
        done = mission_vasl.write_enemy(outcome.mission, g, defs, mission_game(m.id).definition["enemy"])
        if in_place and not done:
            return said + f"\n{game}: the ENEMY stands in it as in the mission (not written)"
        if in_place and stamp(game) != read_at:  # saved again in VASL meanwhile: that save is not overwritten
            return said + f"\n{game} was saved again while solo read it: not written (the next sync writes it)"
        if in_place:
            backup = game.with_name(f"{game.stem} (before solo){game.suffix}")
            shutil.copy2(game, backup)
            g.write(game, replace=True)
            said += f"\nKept your game as {backup}"
        else:
            g.write(target)
        return said + f"\nWrote {target}: " + ("; ".join(done) or "nothing to change")

    _act(save, Sync(pieces, confirm), None, as_json,
         lambda o: o.last, then=write)


@mission.command("follow")
@click.argument("save")
@click.argument("game", type=click.Path(path_type=Path))
@click.option("--in-place", is_flag=True, help="After each sync, write the ENEMY into GAME (a backup kept first).")
@click.option("--every", type=click.FloatRange(0.05, 10), default=0.5, show_default=True,
              help="Seconds between looks at GAME's date.")
@click.option("--syncs", type=count(), default=0, help="Stop after this many syncs (0: until Ctrl-C).")
@MODULE
def mission_follow(save, game, in_place, every, syncs, module):
    """Follow your VASL game: sync the mission each time GAME is saved (VASL's auto-save too), as `sync` does. A
    game that cannot be followed (another mission's boards ...) is refused at once; a later save that cannot be read
    is said in one line and the next one awaited."""
    from solo.vasl.savefile import stamp
    seen, done = None, 0
    click.echo(f"Following {game} (Ctrl-C to stop)")
    while not syncs or done < syncs:
        now = stamp(game)
        if now is not None and now != seen:
            time.sleep(min(every, 0.2))
            if stamp(game) != now:  # still being written: look again
                continue
            try:
                sync_once(save, game, None, in_place, False, module, False)
            except SoloError as exc:
                if not done:  # the game first read is not one to follow (another mission's boards ...)
                    raise
                click.echo(f"solo: {exc}", err=True)
            seen, done = stamp(game), done + 1  # an in-place write is no new save of the player's
            continue
        time.sleep(every)


def held_text(held: list[dict]) -> str:
    """What the sync held back, each with the rule it breaks."""
    if not held:
        return ""
    return "\nHeld back, against the rules (undo them in VASL, or sync again with --confirm):" + "".join(
        f"\n  {h['unit'] or h['type']} {'from ' + h['from'] + ' to ' if h['from'] else 'entering in '}{h['to']}: "
        f"{h['why']}" for h in held)


@mission.command("minefield")
@click.argument("save")
@click.option("--hex", "where", required=True, help="The Known minefield hex just entered (OtO-S1: A26-H22, S15-Z18).")
@click.option("--json", "as_json", is_flag=True)
def mission_minefield(save, where, as_json):
    """OtO-S1: the strength of a Known minefield when a FRIENDLY unit enters it."""
    _own(save, "minefield", where, "only OtO-S1 has Known minefields whose strength is rolled on entry", as_json)


@mission.command("wreck")
@click.argument("save")
@click.option("--hex", "where", required=True, help="The hex of an MSR 8 wreck (<= 2 hexes outside the set up area).")
@click.option("--json", "as_json", is_flag=True)
def mission_wreck(save, where, as_json):
    """OtO-S1 MSR 8: place a wreck counter before the FRIENDLY set up (six at most, none adjacent to another)."""
    _own(save, "wreck", where, "only OtO-S1 places wrecks (MSR 8)", as_json)


def _own(save: str, do: str, where: str, only: str, as_json: bool) -> None:
    """A mission's own action on a hex (its MissionGame's ``actions``); ``only`` the line for another mission."""
    kind = actions_of(mission_of(EventLog.open(save))).get(do)
    if kind is None:
        raise SoloError(only)
    _act(save, kind.from_json({"hex": where}), None, as_json, pick=lambda o: o.last)


def _report(vpo_friendly, vpo_enemy, rr, road, guns, all_vpo) -> dict:
    """What the player reported; a count of 0 and a "no" are reports too (issue 18: 0 and False were dropped, so a
    VPO lost could never be reported). Only what was not given is left out."""
    report = {"vpo_friendly": vpo_friendly, "vpo_enemy": vpo_enemy, "rr": rr, "road": road, "guns": guns,
              "all_vpo": all_vpo}
    return {k: v for k, v in report.items() if v is not None}


def report_options(func):
    for option in reversed([
        click.option("--vpo-friendly", type=count(), help="VPO the FRIENDLY side controls."),
        click.option("--vpo-enemy", type=count(), help="VPO the ENEMY controls."),
        click.option("--rr/--no-rr", default=None, help="OtO-S1: FRIENDLY controls all RR Locations (or no longer)."),
        click.option("--road/--no-road", default=None, help="OtO-S1: FRIENDLY controls a road path FBE to EBE (or no "
                                                           "longer)."),
        click.option("--guns", type=count(), help="OtO-S1: ENEMY Guns/AFV able to fire on a road or rail hex."),
        click.option("--all-vpo/--not-all-vpo", default=None,
                     help="OtO-S2: FRIENDLY controls every VPO (immediate win), or no longer."),
    ]):
        func = option(func)
    return func


@mission.command("phase")
@click.argument("save")
@click.option("--json", "as_json", is_flag=True)
def mission_phase(save, as_json):
    """Go to the next phase (FRIENDLY player turn, then ENEMY; the ENEMY RPh makes the RE 37-40 Reinforcement dr)."""
    _act(save, NextPhase(), None, as_json, pick=lambda o: o.last)


@mission.command("turn")
@click.argument("save")
@report_options
@click.option("--answers", "answers_file", help="A TOML file answering the Random Events' questions.")
@DICE
@click.option("--json", "as_json", is_flag=True)
def mission_turn(save, vpo_friendly, vpo_enemy, rr, road, guns, all_vpo, answers_file, dice, as_json):
    """End the current Game Turn: Random Events, the mission end check."""
    report = _report(vpo_friendly, vpo_enemy, rr, road, guns, all_vpo)
    _act(save, EndTurn(report), answers_file, as_json, pick=lambda o: o.last or status_json(o),
         dice=dice)


@mission.command("answer")
@click.argument("save")
@click.option("--answers", "answers_file", help="A TOML file with the answer (the key the question names).")
@click.option("--json", "as_json", is_flag=True)
def mission_answer(save, answers_file, as_json):
    """Answer the question a Random Event left waiting, and finish what it began."""
    answers = read_answers(answers_file) if answers_file else {}
    with EventLog.writing(save, keep_on=(click.Abort,)) as log:
        session = _session(save, log)
        shown = session.shown
        outcome = session.act(log, None, answers, not as_json)
    emit(status_json(outcome), as_json, _text(outcome, since=shown))


@mission.command("undo")
@click.argument("save")
def mission_undo(save):
    """Take back your last action; the dice rolled after it are kept for the next rolls."""
    with EventLog.writing(save) as log:
        run_mission(log, frozen=True)  # a campaign save is refused before anything is undone (issue 24)
        event = log.undo_last_answer()
        outcome = run_mission(log, frozen=True)
    click.echo(f"Undone: {event.data['what']} {plain(event.data['value'])}\n"
               + _text(outcome, since=len(outcome.mission.record)))
