"""Isolation and Escape, the steps every CG with Perimeters shares (solo/campaign/steps/escape.py)."""


def test_isolation_ends_when_the_perimeter_no_longer_isolates_the_unit():
    """Issue 20.13 (OtO2 7.505, RB 11.605, VotG 12.606): the Isolated Areas are drawn anew each RePh; a unit Isolated
    last time and not now is Isolated no longer."""
    from types import SimpleNamespace

    from solo.campaign.state import SideState
    from solo.campaign.steps.escape import isolate
    german, russian = SideState("German", 3, 3), SideState("Russian", 3, 3)
    a, b = german.add("4-6-7", "squad"), russian.add("4-4-7", "squad")
    r = SimpleNamespace(c=SimpleNamespace(sides={"German": german, "Russian": russian}))
    isolate(r, {a.id: "C", b.id: "A"})
    assert (a.isolated, b.isolated) == ("C", "A")
    isolate(r, {b.id: "B"})
    assert (a.isolated, b.isolated) == ("", "B")
