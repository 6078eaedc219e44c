"""CampaignSession (solo/campaign/session.py, issue 39): a CG save opened once and replayed once; each answer's
outcome is the state the save replays to, a refused answer keeps nothing, undo gives back the state before."""

import pytest

from solo.campaign.engine import start_meta
from solo.campaign.report import status_json
from solo.campaign.session import CampaignSession
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import campaign_of, run_campaign


def test_a_session_plays_answers_refuses_and_undoes(tmp_path):
    save = tmp_path / "oto2.db"
    with EventLog.creating(save, start_meta("oto2", None, "russian") | {"seed": 5}) as log:
        run_campaign(log)
    session = CampaignSession(save, campaign_of)
    before = status_json(session.outcome)
    q = session.outcome.waiting
    assert q is not None and q.side == "Russian"
    with pytest.raises(SoloError):
        session.answer({q.key: "not an answer at all [["})
    assert status_json(session.outcome) == before == status_json(CampaignSession(save, campaign_of).outcome)
    outcome = session.answer({q.key: q.default})
    assert outcome.waiting != q and status_json(outcome) != before
    assert status_json(outcome) == status_json(CampaignSession(save, campaign_of).outcome)
    event, undone = session.undo()
    assert event.data["what"] == q.key
    assert status_json(undone) == before == status_json(session.outcome)

