"""The words a mission's state and the ENEMY AI share, each one enum (a StrEnum: its value is the word a save, the
log and the JSON write, so older saves read the same).

A mission's state holds members (``Unit.status`` a Status, ``Unit.kind`` a Kind, ``SQuestion.status`` an SStatus);
a member equals its word (``Status.BROKEN == "broken"``), so a comparison with the word holds too.

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


class Status(StrEnum):
    """A unit's status (solo/sasl/state.py ``Unit.status``): on the map Good Order or broken (A10), or off it."""

    GOOD_ORDER = "Good Order"
    BROKEN = "broken"
    ELIMINATED = "eliminated"
    EXITED = "exited"  # off the map by its edge (a unit Exited, and the SW it possesses)


class SStatus(StrEnum):
    """An S? counter's status (SASL 4.; ``SQuestion.status``): hidden on the map until its Activation (5.) reveals its
    units, or removed (the player removes it, 4.; a Random Event takes it away)."""

    HIDDEN = "hidden"
    ACTIVATED = "activated"
    REMOVED = "removed"


class Kind(StrEnum):
    """A counter's kind: a mission's ``Unit.kind`` (solo/sasl/units.py ``kind_of`` reads it from its name) and the
    ENEMY AI's ``Piece.kind``."""

    SQUAD = "squad"
    HS = "hs"  # a Half-Squad
    CREW = "crew"
    LEADER = "leader"  # a hero too
    ARMOR_LEADER = "armor leader"  # rides in his AFV: no infantry stacking
    SW = "sw"
    GUN = "gun"
    VEHICLE = "vehicle"
    FORTIFICATION = "fortification"  # a minefield, a Foxhole, a Trench
    HORSE = "horse"
    WRECK = "wreck"  # OtO-S1 MSR 8's wreck counter
    S_QUESTION = "s?"  # an S? as the ENEMY AI moves it (solo/ai/situation.py ``s_piece``); a Unit is never one


MMC = (Kind.SQUAD, Kind.HS, Kind.CREW)  # the Multi-Man Counters
INFANTRY = (*MMC, Kind.LEADER)  # the kinds that move and fight as Infantry (A1.)
