"""Answers as a player types them (issue 23.2): a purchase with spaces or commas and its options, and the answers
-file form of any example (a TOML list, table or quoted text) typed at the prompt or in the app."""

import pytest

from solo.campaign.rg import ITEM_FLAGS, parse_item, purchase_entries
from solo.core.choices import words
from solo.core.play import Question, typed_value


@pytest.mark.parametrize("typed", ["I2 I2 V4 O2 prereg=1", "I2, I2, V4, O2 prereg=1", "I2,I2 V4 O2 prereg = 1",
                                   '["I2", "I2", "V4", { rg = "O2", prereg = 1 }]'])
def test_a_purchase_typed_any_way_a_player_types_it(typed):
    items = [parse_item(e) for e in purchase_entries(typed_value(typed), ITEM_FLAGS)]
    assert [(i.rg, i.prereg) for i in items] == [("I2", 0), ("I2", 0), ("V4", 0), ("O2", 1)]


def test_nothing_bought():
    assert purchase_entries("none", ITEM_FLAGS) == purchase_entries("", ITEM_FLAGS) == []


def test_the_example_shown_is_what_the_player_types():
    q = Question("escape", "7.506", "Russian", "Escape?", words, example='escape = ["G5", "G7+G31"]  # "+G31": its SW')
    assert q.typed_example == '["G5", "G7+G31"]'
    assert q.parse_typed(q.typed_example) == q.parse_typed("G5, G7+G31") == ["G5", "G7+G31"]
    assert Question("purchase", "", "", "", words, example="I1, V4, O2 prereg=1").typed_example == "I1, V4, O2 prereg=1"


def test_a_broken_toml_value_is_left_as_typed():
    assert typed_value("[G5") == "[G5" and typed_value('"keep"') == "keep" and typed_value(3) == 3
