"""A Red Barricades RePh over an in-memory log with the TEST pack (tests/fixtures/packs/rb: not the rulebook's
charts); each test file's `rbr` fixture sets the pack (conftest `pack`) and gives `rb_reph`."""

from solo.campaign.facts import check
from solo.campaign.reph import Reph
from solo.campaign.state import ScenarioResult
from tests.reph import day_reph


def rb_reph(faces=(), human="none", answers=None, date="18 Oct", variant="I") -> Reph:
    """A RB CG (the TEST pack's CG I start) on ``date``."""
    return day_reph("rb", date, variant, faces, human, answers)


def facts(r: Reph, **given) -> None:
    """The facts as the player reports them (cvp = {side: n} is written german_cvp / russian_cvp)."""
    for side, n in given.pop("cvp", {}).items():
        given[f"{side.lower()}_cvp"] = n
    if r.c.initiative is None:  # the Initial Scenario's winner comes from the CG card (11.6031)
        given.setdefault("winner", "German")
    r.c.facts = check(r.c, given)


def scenario(date, winner, cvp=None, kind="Initial Scenario") -> ScenarioResult:
    return ScenarioResult(date, cvp or {"German": 0, "Russian": 0}, winner, kind)
