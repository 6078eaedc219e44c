"""Set-up guidance every CG's computer side gives in words, until a map module gives hexes."""

from solo.campaign.state import SideState


def isolated_first(s: SideState, say: str) -> list[str]:
    """The Isolated units set up first, in their Pockets (OtO2 7.5222, RB 11.6242, VotG 12.6262): ``say`` with their ids
    in place of {}; nothing when none is Isolated."""
    isolated = [u.id for u in s.retained() if u.isolated]
    return [say.format(", ".join(isolated))] if isolated else []

