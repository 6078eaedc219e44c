"""The CLI's bounded option types: one definition of each bound, shared by every command that takes the option.

A value out of bounds is refused by click before anything runs; solo's main prints it as one line, exit code 2.
"""

import click

from solo.core.choices import MOST

SEED = click.IntRange(0, (1 << 63) - 1)  # the dice generators take any non-negative seed; a save holds one below 2**63
SEED_HELP = ("Seed of the dice (default: from the clock). The same seed gives the same public rolls; the computer's "
             "secret rolls and choices come from the save's own secret key, and differ from save to save.")


def count(most: int = MOST) -> click.IntRange:
    """A count option: a whole number from 0 to ``most``."""
    return click.IntRange(0, most)
