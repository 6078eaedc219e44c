"""Issue 36 (OtO2): the rules faults a CG audit found, one test per rule, each failing on the code before its fix.

A fix that changes what the same dice give is gated on the save's rules version (solo/core/store.py RULES): the tests
set ``r.rules = 5`` as a new save is, and show that an older save keeps its old rules.
"""

import pytest

from solo.campaign.facts import check
from solo.campaign.state import Purchase, RosterLine, ScenarioResult
from solo.core.errors import SoloError
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


def test_7_514_halftracks_are_no_tracked_vehicles(make_reph):
    """7.514: vs wrecks/Immobile vehicles "the number of attempts cannot exceed the number of Mobile tracked vehicles
    Retained". A German with two StuG IIIG and two SdKfz 10/4 flak halftracks may try two of three wrecks, not three
    (issue 36: the halftracks counted); a save of rules 4 counted them."""
    def attempts(rules: int):
        r = make_reph(faces=[4] * 6, human="German", answers={"removal": [1, 2, 3]})
        r.rules = rules
        g = r.side("German")
        for vehicle in ("StuG IIIG", "StuG IIIG", "SdKfz 10/4", "SdKfz 10/4"):
            g.add(vehicle, "vehicle")
        r.c.facts = check(r.c, {"removal": [{"side": "German", "item": "Burnt-out wreck"} for _ in range(3)]})
        reorganization.removal(r)
        return [e for e in r.play.log.events if e.kind == "roll"]

    with pytest.raises(SoloError, match="at most .* and 2 vs wrecks"):
        attempts(5)
    assert len(attempts(4)) == 3


def test_7_5134_the_ft_dc_facts_take_only_a_ft_or_dc(make_reph):
    """7.5134: the Original effects DR of a FT/DC removed during the scenario; a PSK is neither (issue 36: it was taken
    as one, and could be Retained by the FT/DC rule)."""
    r = make_reph()
    g = r.side("German")
    psk, ft = g.add("PSK", "sw"), g.add("FT", "sw")
    with pytest.raises(SoloError, match=f"facts ft_dc: {psk.id} is a PSK, not a FT or DC"):
        check(r.c, {"ft_dc": {psk.id: 9}})
    assert check(r.c, {"ft_dc": {ft.id: 9}})["ft_dc"] == {ft.id: 9}
    assert check(r.c, {"ft_dc": {psk.id: 9}}, rules=4)["ft_dc"] == {psk.id: 9}  # an old save's facts replay as given


@pytest.mark.parametrize("key", ["removal", "fortifications_lost"])
def test_7_514_a_removal_or_loss_names_a_fortification(make_reph, key):
    """7.514 Fortification, Wreck and Immobile-Vehicle Removal: an item is a wreck, an Immobile vehicle, an
    Entrenchment, Wire or a minefield; "Wirre" is none (issue 36: it was taken without a word, and removed nothing).
    The names a side holds, and those of the purchase tables, are taken."""
    r = make_reph()
    with pytest.raises(SoloError, match="'Wirre' is no Fortification"):
        check(r.c, {key: [{"side": "German", "item": "Wirre"}]})
    assert check(r.c, {key: [{"side": "German", "item": "Wirre"}]}, rules=4)[key][0]["item"] == "Wirre"  # rules 4
    wreck = ("Burnt-out wreck",) if key == "removal" else ()
    for item in ("Wire", "AP Mine 2", "Trench", "AT Ditch", "Minefield") + wreck:
        assert check(r.c, {key: [{"side": "German", "item": item}]})[key][0]["item"] == item
