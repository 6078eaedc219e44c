"""The words a mission's state and the ENEMY AI share, each one enum (a StrEnum: its value is the word a save, the
log and the JSON write, so older saves read the same).

Adding an Attitude is one member here and its weights in ai/attitudes.toml (the section named by its value)."""

from enum import StrEnum

from solo.core.errors import SoloError


class Attitude(StrEnum):
    """An ENEMY unit's or S?'s Attitude (SASL 3.2); the Prevailing Attitude of a mission (its TOML's ``attitude``)."""

    HOLD = "Hold"
    ADVANCE = "Advance"
    ATTACK = "Attack"  # solo's reading: a Local Counterattack's units as the AI moves them (solo/ai/mission.py)


def attitude(text: str) -> Attitude:
    """The Attitude ``text`` names, whatever its case ("hold", "Hold"): a save, a situation file or a mission's TOML."""
    for member in Attitude:
        if member.value.lower() == str(text).lower():
            return member
    raise SoloError(f"attitude {text!r} is none of {', '.join(a.value for a in Attitude)}")


class Side(StrEnum):
    """The two sides of a mission (SASL 1.): the player's and the one the program plays."""

    FRIENDLY = "FRIENDLY"
    ENEMY = "ENEMY"


class Phase(StrEnum):
    """A phase the ENEMY decides in, as the AI (solo/ai/decide.py) and the engine (solo/sasl/engine.py) name it."""

    PREP = "prep"  # the ENEMY PFPh: Prep Fire or move
    FIRST = "first"  # the FRIENDLY MPh: Defensive First Fire at the moving stack (A8.1)
    MOVE = "move"  # the ENEMY MPh; in its RtPh, a broken unit's rout
    DEFENSIVE = "defensive"  # the FRIENDLY DFPh
    ADVANCING = "advancing"  # the ENEMY AFPh
    ADVANCE = "advance"  # the ENEMY APh: one hex, or into CC
