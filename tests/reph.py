"""A RePh context over an in-memory event log, with the faces a test wants rolled; the test table packs
(tests/fixtures/packs/<cg>/tables: test data, not the rulebook's charts)."""

from pathlib import Path

from solo.campaign.engine import initial_campaign, make_sides
from solo.campaign.reph import Reph
from solo.campaign.state import RosterLine
from solo.core.play import Play
from solo.core.store import EventLog
from solo.games import campaign
from solo.rules import default_catalog

PACKS = Path(__file__).parent / "fixtures" / "packs"


def new_reph(faces=(), human="none", seed=1, answers=None, cg="oto2", variant="") -> Reph:
    log = EventLog.create(":memory:", {"cg": cg, "variant": variant, "human": human, "seed": seed})
    log.type_faces(list(faces))
    log.typed_secrets = True  # the test fixes every face, the computer's secret rolls too
    game = campaign(cg)
    defn = game.definition
    play = Play(log, seed, make_sides(game, defn, human, seed, answers, False), default_catalog(), aliases=game.aliases)
    return Reph(play, initial_campaign(defn, human, variant), defn, game)


def day_reph(cg: str, date: str, variant: str, faces=(), human="none", answers=None, seed=1) -> Reph:
    """A RePh of a CG family (RB, VotG, ABtF: its TEST pack set by `pack`) on ``date``, each side's CG Roster line for
    it started; ``seed`` the save's (the computer's draws come from it)."""
    r = new_reph(faces, human, seed=seed, answers=answers, cg=cg, variant=variant)
    r.c.date = date
    for s in r.c.sides.values():
        s.roster.setdefault(date, RosterLine(date, start=s.cpp, total=s.cpp))
    return r


def finals(r: Reph) -> list[int]:
    """The Final result of every roll made so far."""
    return [e.data["trace"]["final"] for e in r.play.log.events if "trace" in e.data]


def traces(r: Reph) -> list[dict]:
    """The trace of every roll made so far (its table, rule, modifiers, Final, result)."""
    return [e.data["trace"] for e in r.play.log.events if "trace" in e.data]
