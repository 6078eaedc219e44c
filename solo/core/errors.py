"""The one error type a player can cause; the CLI prints it as one line."""


class SoloError(Exception):
    """Bad input from the player or a bad content file: one line, with the fix."""

    def __str__(self) -> str:
        """Always one line: a line break in what the player gave is shown as \\n."""
        return super().__str__().replace("\r", "\\r").replace("\n", "\\n")
