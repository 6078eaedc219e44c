"""The player's VASL boards folder as the app uses it: None when none is set."""

from solo.board.vasl import boards_folder
from solo.core.errors import SoloError


def boards_folder_or_none() -> str | None:
    try:
        return str(boards_folder())
    except SoloError:
        return None
