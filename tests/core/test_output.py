"""What the CLI prints of a recorded answer: a player's words, never a Python literal (issue 23.6)."""

from solo.core.output import plain


def test_answers_in_a_players_words():
    assert plain(["G4", "G9"]) == "G4, G9"
    assert plain(["I2", {"rg": "O2", "prereg": 1}]) == "I2, (rg O2, prereg 1)"
    assert plain({"lvp": 3, "eliminated": ["G3"]}) == "lvp 3, eliminated G3"
    assert plain(True) == "yes" and plain([]) == "none" and plain(None) == "none" and plain("keep") == "keep"
