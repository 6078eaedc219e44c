"""Who won a mission, by how much and why, said plainly at Mission End.

The texts give each mission's VP Schedule (12.6) but not the core SASL rule that decides the winner from the VP.
Reading (a stand-in until the core rule is supplied): the side with more VP at Mission End wins, by the difference;
equal VP is a draw. An immediate win (OtO-S2's "FRIENDLY side wins if ... controls all VPOs") is the FRIENDLY side's
whatever the VP.
"""

READING = "the side with more VP wins (a reading: the core SASL rule is not in the texts)"


def verdict(vp: dict, immediate: str | None = None) -> dict:
    """The winner ("FRIENDLY", "ENEMY" or None for a draw), the margin in VP, and one sentence that says it."""
    if immediate:
        return {"winner": "FRIENDLY", "margin": None, "says": f"The FRIENDLY side wins: {immediate}"}
    friendly, enemy = vp["friendly"], vp["enemy"]
    if friendly == enemy:
        return {"winner": None, "margin": 0, "says": f"A draw: {friendly} VP each; {READING}"}
    winner = "FRIENDLY" if friendly > enemy else "ENEMY"
    return {"winner": winner, "margin": abs(friendly - enemy),
            "says": f"The {winner} side wins by {abs(friendly - enemy)} VP, {max(friendly, enemy)} to "
                    f"{min(friendly, enemy)}; {READING}"}


def schedule_lines(lines: list[tuple[str, int, str]]) -> list[str]:
    """The VP Schedule line by line: "FRIENDLY +2: controls all RR Locations"."""
    return [f"{side} {vp:+d}: {why}" for side, vp, why in lines]
