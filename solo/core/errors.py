"""The one error type a player can cause; the CLI prints it as one line."""


class SoloError(Exception):
    """Bad input from the player or a bad content file: one line, with the fix."""
