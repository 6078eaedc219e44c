"""Issue 36 (OtO2): the rules faults a CG audit found, one test per rule, each failing on the code before its fix.

A fix that changes what the same dice give is gated on the save's rules version (solo/core/store.py RULES): the tests
set ``r.rules = 5`` as a new save is, and show that an older save keeps its old rules.
"""

from solo.campaign.state import Purchase, RosterLine, ScenarioResult
from solo.games.oto2 import refit as reorganization
from tests.reph import finals


def test_7_516_an_elite_rg_the_ob_gave_is_not_bought(make_reph):
    """7.516: "-1 per Elite Infantry Company/Platoon bought on the previous CG Date"; the Russians' I5 of the Initial OB
    (7.4) was given, not bought (RB 11.617 reads it so). On 23PM after a German win on 23AM, every face 5: the Russian
    DR 10, +2 one scenario completed, +1 Historical (23PM) = 13, with no -1 for the given I5; a save of rules 4 counted
    it (12). A bought I5 still counts."""
    def russian_final(rules: int, given: bool) -> int:
        r = make_reph(faces=[5] * 4)
        r.rules = rules
        r.c.date = "23PM"
        r.c.scenarios = [ScenarioResult("23AM", {"Russian": 0, "German": 0}, "German")]
        for s in r.c.sides.values():
            s.roster["23PM"] = RosterLine("23PM")
        r.side("Russian").purchases = [Purchase(1, "I5", "Guards Rifle Co.", "23AM", 0 if given else 8, given=given)]
        reorganization.elr(r)
        return finals(r)[1]

    assert russian_final(5, given=True) == 13
    assert russian_final(4, given=True) == 12  # an old save keeps the rule it was played by
    assert russian_final(5, given=False) == 12
