"""Unit Setup as the CGs share it: the guidance in words for a computer side."""


def isolated_first(s, text: str) -> list[str]:
    """The first line of a computer side's set-up guidance (OtO2 7.5222, RB 11.6242): its Isolated units set up first,
    in their Pockets; ``text`` says so, with their ids in ``{ids}``. No line when none is Isolated."""
    isolated = [u.id for u in s.retained() if u.isolated]
    return [text.format(ids=", ".join(isolated))] if isolated else []
