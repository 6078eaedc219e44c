"""`solo cg ...`: thin click commands over the campaign engine."""

import os
import sys
import time

import click

from solo.campaign.engine import start_meta
from solo.campaign.report import export, status_json, status_text
from solo.campaign.session import CampaignSession
from solo.campaign.simulate import policy_deciders, results, simulate_campaign, summary
from solo.campaign.view import events as seen_events
from solo.campaign.view import hidden_side, may_reveal, secret_note, undone
from solo.cli.params import SEED, SEED_HELP, count
from solo.core.dice import parse_faces
from solo.core.errors import SoloError
from solo.core.output import emit, plain
from solo.core.sides import people, read_answers
from solo.core.store import EventLog, waiting, waiting_text
from solo.games import campaign, campaign_of, run_campaign
from solo.games.policies import POLICIES, decider


@click.group()
def cg():
    """Campaign Games: the Reorganization Phase played with you, the computer playing the other side."""


@cg.command("new")
@click.argument("cg_id", metavar="CG")
@click.option("--save", "save", required=True, help="The campaign's save file (SQLite), created here.")
@click.option("--variant", help="The CG of the family: RB I-IV or 'RO I'-'RO III', VotG I-IV, ABtF's CGs.")
@click.option("--human", help="The side you play: german, russian or british (default: russian, in ABtF british); "
                              "the computer plays the other ('none': computer against computer).")
@click.option("--seed", type=SEED, default=None, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def cg_new(cg_id, save, variant, human, seed, as_json):
    """Start a Campaign Game (CG: its id; an unknown one is answered with the list) and run its set-up as far as it
    goes without you."""
    meta = start_meta(campaign(cg_id).id, variant, human)
    seed = int(time.time()) if seed is None else seed
    with EventLog.creating(save, meta | {"seed": seed}) as log:
        outcome = run_campaign(log)
    emit(status_json(outcome), as_json, f"Campaign {cg_id} saved in {save} (seed {seed}: the same seed gives the same "
         f"public rolls; the computer's secret rolls and choices differ from save to save).\n" + status_text(outcome))


def read_command(name: str, reveal: str):
    """A `solo cg` command that reads a save (SAVE, --reveal, --json): it is handed the save's log and its replay."""
    def wrap(func):
        def command(save, reveal, as_json):
            session = CampaignSession(save, campaign_of)
            if reveal:
                may_reveal(session.outcome.campaign)
            func(session.log, session.outcome, reveal, as_json)
        command.__doc__ = func.__doc__
        for option in (click.option("--json", "as_json", is_flag=True, help="Machine-readable output."),
                       click.option("--reveal", is_flag=True, help=reveal), click.argument("save")):
            command = option(command)
        return cg.command(name)(command)
    return wrap


@read_command("status", "Show the computer side's secrets too: once the CG has ended.")
def cg_status(log, outcome, reveal, as_json):
    """The CG Roster, the OBs, the last steps' record, what the RePh waits for and the dice faces waiting for the
    next rolls."""
    emit(status_json(outcome, reveal) | {"pending": waiting(log)}, as_json,
         status_text(outcome, reveal) + waiting_text(log))


@cg.command("reph")
@click.argument("save")
@click.option("--answers", "answers_file", help="A TOML file with your answers (keys as the prompts show).")
@click.option("--dice", help="Faces you rolled on your table, used by the next rolls in order (colored die first).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def cg_reph(save, answers_file, dice, as_json):
    """Run the next RePh (or the Initial Scenario's set-up): your answers come from --answers or the terminal."""
    answers = read_answers(answers_file) if answers_file else None
    typed = parse_faces(dice) if dice else []
    interactive = answers is None and not as_json  # at a terminal, or answers piped on stdin, a line each
    # a refused answer keeps nothing, typed faces neither
    outcome = CampaignSession(save, campaign_of).answer(answers, typed, interactive, keep_on=(click.Abort,))
    emit(status_json(outcome), as_json, status_text(outcome))


@cg.command("undo")
@click.argument("save")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def cg_undo(save, as_json):
    """Take back your last answer; the dice rolled after it are kept for the next rolls (nothing is re-rolled)."""
    session = CampaignSession(save, campaign_of)  # a mission save is refused before anything is undone (issue 24)
    event, outcome = session.undo()
    emit(
        {"undone": undone(session.log, outcome.campaign, event), **status_json(outcome)},
        as_json,
        f"Undone: your answer to {event.data['what']} ({event.step}): {plain(event.data['value'])}\n"
        + status_text(outcome),
    )


@cg.command("export")
@click.argument("save")
@click.option("--format", "fmt", type=click.Choice(["md", "csv"]), default="md", show_default=True)
@click.option("--reveal", is_flag=True, help="Include the computer side's secrets: once the CG has ended.")
def cg_export(save, fmt, reveal):
    """The CG Roster, RG Purchase Record and Force Organizer as Markdown or CSV."""
    campaign = CampaignSession(save, campaign_of).outcome.campaign
    if reveal:
        may_reveal(campaign)
    click.echo(export(campaign, fmt, reveal), nl=False)


@read_command("log", "Show the computer side's secret rolls and decisions: once the CG has ended.")
def cg_log(log, outcome, reveal, as_json):
    """Every roll and decision; the computer's secret ones only after the CG End (the post-campaign review)."""
    events = seen_events(log, outcome.campaign, reveal)
    lines = []
    for e in events:
        head = f"{e['seq']:>4} {e['step']:<7} {e['side'] or 'table':<8}"
        if e["kind"] == "roll":
            t = e["trace"]
            lines.append(f"{head} {e['purpose']}: dice {t['dice']} Final {t['final']} -> {t['result']}")
        else:
            lines.append(
                f"{head} {e['what']}: {plain(e['value'])}" + (f"\n{'':<22}why: {e['why']}" if e.get("why") else "")
            )
    hide = hidden_side(outcome.campaign, reveal)
    emit(events, as_json, "\n".join(lines + ([secret_note(hide)] if hide else [])) or "no events yet")


@cg.command("game-end")
@click.argument("save")
@click.option("--turn", type=count(), required=True, help="The Game Turn just ended (6 or later).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def cg_game_end(save, turn, as_json):
    """CG4: the German's Game End dr at the end of Game Turn 6 and each later turn of a CG scenario."""
    if turn < 6:
        raise SoloError("CG4: the Game End dr is made at the end of Game Turn 6 and each Game Turn thereafter")
    session = CampaignSession(save, campaign_of)
    if session.game.during is None:
        raise SoloError(f"{save}: only On Track to Orsha (CG4) ends its scenarios by a Game End dr")
    outcome = session.answer(game_end_turn=turn)
    c = outcome.campaign
    if not c.game_end or c.game_end["turn"] != turn:
        raise SoloError(f"no CG scenario is being played in {save} (stage {c.stage}); the Game End dr is made during "
                        "one")
    g = c.game_end
    emit(g, as_json, f"Game Turn {turn}: Game End dr {g['dr']} against the circled {g['circled']} (a stand-in): "
          + ("the scenario ends now" if g["ends"] else "play continues"))


POLICY = click.Choice(POLICIES, case_sensitive=False)
POLICY_HELP = ("Who plays the {people}: the computer's heuristics, random-legal, greedy-cheapest or the exploiter "
               "(solo/games/policies.py); default heuristic.")


@cg.command("simulate")
@click.argument("cg_id", metavar="CG")
@click.option("--variant", help="The CG of the family (as for 'solo cg new').")
@click.option("--seed", type=SEED, default=1, show_default=True, help="The seed of the (first) campaign.")
@click.option("--runs", type=click.IntRange(1, 100_000), default=1, show_default=True,
              help="How many campaigns, seeds SEED, SEED+1 ...: who won how often, the VP and the CPP left.")
@click.option("--jobs", type=click.IntRange(1, 256), default=None,
              help="Processes sharing the campaigns (default: the machine's cores); the results do not depend on it.")
@click.option("--german", type=POLICY, help=POLICY_HELP.format(people=people("German")))
@click.option("--russian", type=POLICY, help=POLICY_HELP.format(people=people("Russian")) + " Not in ABtF.")
@click.option("--british", type=POLICY, help=POLICY_HELP.format(people=people("British")) + " ABtF only.")
@click.option("--save", help="Keep the campaign's event log in this file (one campaign).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def cg_simulate(cg_id, variant, seed, runs, jobs, german, russian, british, save, as_json):
    """Whole CGs computer against computer, the scenarios from the stand-in model (solo/campaign/model.py); each side
    played by the computer's heuristics or a policy to measure them against (--german/--russian/--british)."""
    game = campaign(cg_id)
    sides = game.definition.sides
    chosen = {side: name.lower() for side, name in (("German", german), ("Russian", russian), ("British", british))
              if name}
    wrong = [side for side in chosen if side not in sides]
    if wrong:
        raise SoloError(f"--{wrong[0].lower()}: {game.definition.title} is played by {' and '.join(sides)}")
    policies = {side: chosen.get(side, "heuristic") for side in sides}
    if runs == 1:
        outcome = simulate_campaign(game, seed, save or ":memory:", variant,
                                    policy_deciders(game, seed, policies, decider))
        emit(status_json(outcome) | {"policies": policies}, as_json, status_text(outcome, record=400))
        return
    if save:
        raise SoloError("--save keeps one campaign's log: give it without --runs")
    start_meta(game.id, variant, "none")  # a wrong --variant or a missing pack: one line before any process starts
    seeds = range(seed, seed + runs)
    playing = ", ".join(f"{side} {name}" for side, name in policies.items())
    with click.progressbar(length=runs, label=f"{runs} {game.id} campaigns ({playing})", file=sys.stderr) as bar:
        found = results(campaign, game.id, seeds, variant, jobs or os.cpu_count() or 1, bar.update, policies, decider)
    total = summary(found)
    emit(total | {"policies": policies, "results": found}, as_json, summary_text(game.id, seed, policies, total))


def summary_text(game_id: str, seed: int, policies: dict, total: dict) -> str:
    runs = total["runs"]
    lines = [f"{runs} {game_id} campaigns (seeds {seed}-{seed + runs - 1}), "
             + ", ".join(f"{side} {name}" for side, name in policies.items()) + ":",
             "  won: " + ", ".join(f"{side} {n} ({n / runs:.0%})" for side, n in total["wins"].items())
             + "  (decided by " + ", ".join(f"{how} {n}" for how, n in total["decided_by"].items()) + ")"]
    if total["vp"]:
        lines.append(f"  VP: mean {total['vp']['mean']}, from {total['vp']['min']} to {total['vp']['max']}")
    for side, cpp in total["cpp_left"].items():
        lines.append(f"  {side} CPP left at the CG End: mean {cpp['mean']}, from {cpp['min']} to {cpp['max']}")
    return "\n".join(lines)
