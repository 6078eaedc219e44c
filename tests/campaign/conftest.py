"""A RePh context over an in-memory event log, with the faces a test wants rolled."""

import pytest

from solo.campaign.engine import initial_campaign
from solo.play import Play
from solo.campaign.reph import Reph, load_campaign
from solo.campaign.sides import make_sides
from solo.rules import default_catalog
from solo.store import EventLog


def new_reph(faces=(), human="none", seed=1, answers=None) -> Reph:
    log = EventLog.create(":memory:", {"cg": "oto2", "human": human, "seed": seed})
    log.set_pending(list(faces))
    defn = load_campaign("oto2")
    play = Play(log, seed, make_sides(defn, human, seed, answers, False), default_catalog())
    return Reph(play, initial_campaign(defn, human), defn)


@pytest.fixture
def make_reph():
    return new_reph
