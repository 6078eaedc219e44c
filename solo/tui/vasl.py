"""The player's VASL settings as the app uses them: the boards folder (None when none is set), and where the player
names the module and the folder when a VASL game is to be written."""

from solo.board.vasl import boards_folder
from solo.core.errors import SoloError


def boards_folder_or_none() -> str | None:
    try:
        return str(boards_folder())
    except SoloError:
        return None


SETTINGS = ("set SOLO_VASL_MODULE, or vasl_module in config.toml, to your VASL install's vasl.vmod",
            "give it in the New mission dialog, or set SOLO_VASL_BOARDS")
