"""Issue 20 (OtO2): the rules discrepancies fixed, one test per rule, each failing on the code before its fix.

Each fix that changes what the same dice give is gated on the save's rules version (solo/core/store.py RULES): the
tests set ``r.rules = 3`` as a new save is, and where it matters show that an older save keeps its old rules.
"""

from solo.campaign.facts import check
from solo.games.oto2 import refit as reorganization


def _facts(r, **given):
    r.c.facts = check(r.c, given)


def test_7_5132_cupolas_are_repaired(make_reph):
    """4.1 with 7.5132 (issue 20.1): "A Malfunctioned MGC is automatically repaired in the RePh (7.5132)": no dr, and
    the cupola is no longer malfunctioned, whatever a die would have said. An old save still rolls for it."""
    r = make_reph(faces=[6])
    r.rules = 3
    g = r.side("German")
    cupola = g.add("HMG Cupola", "cupola")
    cupola.flags.add("malfunctioned")
    reorganization._weapon_repair(r, g)
    assert cupola.retained and "malfunctioned" not in cupola.flags
    assert len(r.play.log) == 0  # no Weapon Repair dr
    old = make_reph(faces=[6])
    cupola = old.side("German").add("HMG Cupola", "cupola")
    cupola.flags.add("malfunctioned")
    reorganization._weapon_repair(old, old.side("German"))
    assert len(old.play.log) == 1 and "malfunctioned" in cupola.flags
