"""The command line: thin click commands over the engine; text for players, --json for scripts."""

import sys

import click

from solo.core.errors import SoloError


# Each command group lives in its own module, imported only when it runs (so `solo --help` imports neither the
# engine nor numpy, networkx or textual): name -> (the command, imported when asked for; the line `solo --help`
# shows for it, which tests/cli/test_cli.py checks against the command's own help).
def _ai():
    from solo.cli.ai import ai
    return ai


def _boards():
    from solo.cli.boards import boards
    return boards


def _cg():
    from solo.cli.cg import cg
    return cg


def _vasl():
    from solo.cli.vasl import vasl
    return vasl


def _mission():
    from solo.cli.mission import mission
    return mission


def _odds():
    from solo.cli.tables import odds_command
    return odds_command


def _roll():
    from solo.cli.tables import roll_command
    return roll_command


def _tables():
    from solo.cli.tables import tables
    return tables


COMMANDS = {
    "ai": (_ai, "The computer's decisions for the ENEMY units on the map."),
    "boards": (_boards, "Read mapboards from your VASL boards folder."),
    "cg": (_cg, "Campaign Games: the Reorganization Phase played with you, the computer playing the other side."),
    "mission": (_mission, "SASL missions: set up, Activate S?, Random Events, mission end and VP."),
    "odds": (_odds, "The exact probability of every result, with the chosen modifiers."),
    "roll": (_roll, "Roll on a table and show the whole trace."),
    "tables": (_tables, "List, show and check the dice tables and charts."),
    "vasl": (_vasl, "Read VASL saved games (.vsav): boards and counters by hex; write a copy with counters moved."),
}


class LazyGroup(click.Group):
    """A group whose commands are imported when one runs, and listed in its help without importing them."""

    def list_commands(self, ctx) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx, name: str):
        if name not in COMMANDS:
            return None
        return COMMANDS[name][0]()

    def format_commands(self, ctx, formatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, short) for name, (_, short) in sorted(COMMANDS.items())])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, invoke_without_command=True)
@click.pass_context
def cli(ctx):
    """solo: the dice tables, Refit Phases and SASL missions of Advanced Squad Leader, for the solo player.
    With no command it opens the app (in a terminal; elsewhere it prints this help)."""
    if ctx.invoked_subcommand is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            from solo.tui.app import main as app
            app()
        else:
            click.echo(ctx.get_help())


def _one_line(exc: click.ClickException) -> str:
    """click's refusal as one line, with where to find the command's help."""
    ctx = getattr(exc, "ctx", None)
    hint = f" ('{ctx.command_path} -h' for help)" if ctx else ""
    return " ".join(exc.format_message().split()) + hint


def main(args: list[str] | None = None) -> None:
    """Entry point (``args``: the command line, default sys.argv): a player's mistake is one line on stderr and exit
    code 2, never a traceback."""
    try:
        cli.main(args=args, standalone_mode=False)
    except SoloError as exc:
        click.echo(f"solo: {exc}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"solo: {_one_line(exc)}", err=True)
        sys.exit(2)
    except click.Abort:
        click.echo("solo: aborted", err=True)
        sys.exit(1)

