import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.core.dice import SeededDice, TypedDice, parse_faces, roll
from solo.core.errors import SoloError


def test_dr_DR_and_d66_originals():
    dice = TypedDice([5, 3, 4, 2, 6])
    assert roll(dice, "dr").original == 5
    made = roll(dice, "DR", table="oto2.escape", rule="7.5063", secret=True)
    assert (made.colored, made.white, made.original) == (3, 4, 7)
    assert made.table == "oto2.escape" and made.rule == "7.5063" and made.secret
    assert roll(dice, "d66").original == 26  # colored die tens, white die units


def test_seeded_dice_repeat_for_a_seed():
    first = [roll(SeededDice(42), "DR").faces for _ in range(3)]
    again = [roll(SeededDice(42), "DR").faces for _ in range(3)]
    assert first == again
    many = SeededDice(1)
    faces = {f for _ in range(300) for f in roll(many, "DR").faces}
    assert faces == {1, 2, 3, 4, 5, 6}


@given(st.integers(min_value=0, max_value=2**32))
def test_seeded_faces_are_die_faces(seed):
    made = roll(SeededDice(seed), "d66")
    assert all(1 <= f <= 6 for f in made.faces)
    assert 11 <= made.original <= 66


def test_typed_dice_run_out_with_a_clear_message():
    dice = TypedDice([3])
    with pytest.raises(SoloError, match="needs one more die"):
        roll(dice, "DR", table="x.t")


@pytest.mark.parametrize("text", ["7", "0", "3,x", "3;4", ""])
def test_bad_faces_are_refused(text):
    with pytest.raises(SoloError):
        parse_faces(text)


def test_parse_faces():
    assert parse_faces("3,4") == [3, 4]
    assert parse_faces(" 5 ") == [5]
    assert parse_faces("1 2 3") == [1, 2, 3] and parse_faces("3, 4") == [3, 4]  # spaces part faces too
