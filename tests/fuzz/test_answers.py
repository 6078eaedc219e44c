"""Issue 24: strict types and bounds in the answers of a Campaign Game; every refusal one SoloError line, and what a
parser accepts is exactly what the rules allow (no bool or float stored as a whole number, no string as yes/no)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.campaign import facts
from solo.campaign.choices import kind_counts
from solo.campaign.rg import Item, parse_item
from solo.core.choices import MOST, number, one_of, whole, words, yes_no
from solo.core.errors import SoloError
from solo.games.rb.purchase import parse_order
from solo.games.votg.purchase import parse_item as votg_item
from tests.reph import new_reph

# Anything an answers file (TOML) or a typed line can hold.
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["1", "1.9", " 2 ", "²", "-1", "yes", "no", "none", "0x1"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=8)


def refused_in_one_line(parse, raw):
    """The parsed value, or None when ``parse`` refused ``raw`` with one SoloError line."""
    try:
        return parse(raw)
    except SoloError as exc:
        assert "\n" not in str(exc) and str(exc)
        return None


@pytest.mark.parametrize("raw", [True, False, 1.9, 1.0, "1.9", "²", 10**18, -1, "", None, [1]])
def test_recon_takes_only_a_whole_number_in_range(raw):
    """`recon = true` or `1.9` was stored as 1."""
    with pytest.raises(SoloError, match="give a whole number from 0 to 2"):
        number(0, 2)(raw)


@pytest.mark.parametrize("raw, value", [(2, 2), ("2", 2), (" 0 ", 0)])
def test_whole_numbers_typed_or_from_toml(raw, value):
    assert number(0, 2)(raw) == value


@pytest.mark.parametrize("raw, says", [
    ({"rg": "V4", "onboard": "no"}, "onboard = 'no': give true or false"),
    ({"rg": "O2", "prereg": 1.9}, "prereg: 1.9: give a whole number from 0 to 2"),
    ({"rg": "O2", "prereg": True}, "prereg: True"),
    ({"rg": "O2", "observer_level": 10**18}, "observer_level"),
    ({"rg": 4}, "rg required"),
    ("O2 prereg=9", "prereg: 9"),
])
def test_rg_entries_are_strict(raw, says):
    with pytest.raises(SoloError, match=says):
        parse_item(raw)


def test_good_rg_entries():
    assert parse_item({"rg": "v4", "onboard": True}) == Item("V4", onboard=True)
    assert parse_item("O2 prereg=2 trucks") == Item("O2", prereg=2, trucks=True)


@pytest.fixture(scope="module")
def oto2():
    return new_reph().c


@pytest.mark.parametrize("raw, says", [
    ({"russian_cvp": 10**18}, "russian_cvp: 1000000000000000000: give a whole number from 0 to 999"),
    ({"flames": 1_000_000_000}, f"flames: 1000000000: give a whole number from 0 to {MOST}"),
    ({"flames": 2.0}, "flames: 2.0"),
    ({"lvp": True}, "lvp: True"),
    ({"lvp": 11}, "lvp: 11: give a whole number from 0 to 10"),
    ({"heroes": {"Russian": 1.5}}, "heroes Russian"),
    ({"ft_dc": {"R15": True}}, "ft_dc R15"),
    ({"removal": [{"side": "Russian", "item": "Wire", "own": "no"}]}, "own is true or false"),
])
def test_facts_are_strict_and_bounded(oto2, raw, says):
    with pytest.raises(SoloError, match=says.replace("(", r"\(").replace(")", r"\)")):
        facts.check(oto2, raw)


def test_good_facts(oto2):
    got = facts.check(oto2, {"lvp": 3, "russian_cvp": 24, "flames": 200})
    assert (got["lvp"], got["russian_cvp"], got["flames"]) == (3, 24, 200)


# --- fuzz: every parser, any value ------------------------------------------------------------

@given(VALUES)
def test_whole_accepts_only_whole_numbers_in_range(raw):
    value = refused_in_one_line(lambda r: whole(r, 0, 12), raw)
    if value is not None:
        assert type(value) is int and 0 <= value <= 12
        assert raw == value or (isinstance(raw, str) and int(raw.strip()) == value)


@given(VALUES)
def test_yes_no_words_one_of(raw):
    assert refused_in_one_line(yes_no, raw) in (True, False, None)
    listed = refused_in_one_line(words, raw)
    assert listed is None or isinstance(listed, list)
    assert refused_in_one_line(one_of("keep", "free"), raw) in ("keep", "free", None)


@given(VALUES)
def test_purchase_entries(raw):
    for parse in (parse_item, parse_order, votg_item):
        item = refused_in_one_line(parse, raw)
        if item is not None:
            assert isinstance(item.rg, str)
    item = refused_in_one_line(parse_item, raw)
    if item is not None:
        assert all(type(getattr(item, f)) is bool for f in ("offboard", "onboard", "trucks"))
        assert item.prereg in (0, 1, 2) and item.observer_level in (2, 3) and type(item.prereg) is int
    item = refused_in_one_line(votg_item, raw)
    assert item is None or (type(item.dummies) is int and 0 <= item.dummies <= MOST)


@given(VALUES)
def test_fortification_counts(raw):
    counts = refused_in_one_line(lambda r: kind_counts(r, "Trench 2"), raw)
    if counts is not None:
        assert all(type(n) is int and n > 0 for n in counts.values())


FACT_KEYS = st.sampled_from(["lvp", "russian_cvp", "german_cvp", "evp", "flames", "russian_afv_seen", "eliminated",
                             "isolated", "near", "heroes", "ft_dc", "removal", "bog", "wounded", "nonsense"])


@given(st.one_of(VALUES, st.dictionaries(FACT_KEYS, VALUES, max_size=5)))
def test_facts(oto2, raw):
    checked = refused_in_one_line(lambda r: facts.check(oto2, r), raw)
    if checked is not None:
        for key in ("lvp", "russian_cvp", "german_cvp", "evp", "flames", "russian_afv_seen"):
            assert type(checked[key]) is int and 0 <= checked[key] <= 999
        assert all(type(n) is int for n in checked["heroes"].values())


@given(st.text(max_size=40))
def test_facts_typed_at_the_prompt(oto2, text):
    refused_in_one_line(lambda r: facts.check(oto2, r), text)


def test_a_line_break_the_player_gave_stays_in_one_line(oto2):
    with pytest.raises(SoloError) as refused:
        facts.check(oto2, {"\nx": 1})
    assert "\n" not in str(refused.value) and "\\nx" in str(refused.value)
