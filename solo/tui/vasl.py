"""The player's VASL settings as the app uses them: the boards folder (None when none is set), and where the player
names the module and the folder when a VASL game is to be written."""

from solo.board.vasl import boards_folder
from solo.core.errors import SoloError
from solo.vasl.definitions import module_file


def boards_folder_or_none() -> str | None:
    try:
        return str(boards_folder())
    except SoloError:
        return None


def module_or_none() -> str | None:
    """The player's VASL module as set ($SOLO_VASL_MODULE or config.toml), None when none is (or it is not there)."""
    try:
        found = module_file()
    except SoloError:
        return None
    return str(found) if found else None


SETTINGS = ("give it in the New mission dialog (your VASL install's vasl.vmod)",
            "give it in the New mission dialog, or set SOLO_VASL_BOARDS")
