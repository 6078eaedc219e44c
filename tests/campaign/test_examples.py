"""Every question of the four Campaign Games shows an example a player can type as is (issue 23): the example of
each question the computer is asked over whole campaigns, typed at the prompt, is read without a syntax error. (A
typed example may still be refused for what it asks in that moment, such as more CPP than are left: that refusal
names the rule; it is not a syntax error.)"""

import pytest

from solo.campaign.simulate import simulate_campaign
from solo.core.errors import SoloError
from solo.games import CAMPAIGNS, campaign
from tests.reph import PACKS

SYNTAX = ("give a list", "give a table", "answer ", "unknown option", "write the facts as", "give true or false",
          "give a text", "RG entry", "give the number")


@pytest.mark.parametrize("cg", sorted(CAMPAIGNS))
def test_each_question_s_example_is_read_as_typed(cg, pack, asked):
    if (PACKS / cg).is_dir():
        pack(cg)
    simulate_campaign(campaign(cg), 3, variant=next(iter(CAMPAIGNS[cg].definition.variants), None))
    assert asked
    for key, q in asked.items():
        assert q.example, f"{cg} {key}: no example shown"
        try:
            q.parse_typed(q.typed_example)
        except SoloError as exc:
            assert not any(word in str(exc) for word in SYNTAX), f"{cg} {key}: {q.typed_example!r} -> {exc}"
