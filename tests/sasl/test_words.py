"""The words a unit's status and kind and an S?'s status are written with: StrEnum members (solo/sasl/words.py) in the
state, the same words as before in the JSON (``--json``, the app) and in the vocabulary old saves replay by."""

import json

from solo.sasl.engine import status_json
from solo.sasl.words import Kind, SStatus, Status
from tests.mission import act, new


def test_the_vocabulary_is_the_words_saves_were_made_with():
    """A member's value is the word; renaming one would change what old saves' status JSON compares with."""
    assert [s.value for s in Status] == ["Good Order", "broken", "eliminated", "exited"]
    assert [s.value for s in SStatus] == ["hidden", "activated", "removed"]
    assert [k.value for k in Kind] == ["squad", "hs", "crew", "leader", "armor leader", "sw", "gun", "vehicle",
                                       "fortification", "horse", "wreck", "s?"]


def test_the_json_writes_the_words_and_reads_back_equal(tmp_path):
    """A mission's status JSON after units enter, one breaks and a placed S? is removed: the members written as
    their words, read back as plain strings equal to the members."""
    path = new(tmp_path)
    act(path, {"do": "enter", "hex": "B27", "units": ["6-2-8", "8-0"]})
    act(path, {"do": "result", "unit": "F1", "result": "broken"})
    act(path, {"do": "place", "count": 2})
    done = act(path, {"do": "remove", "s": "S2"})
    state = status_json(done)
    units = {u["id"]: u for u in state["units"]}
    assert units["F1"]["status"] is Status.BROKEN and units["F2"]["kind"] is Kind.LEADER
    text = json.dumps(state)
    assert '"kind": "squad"' in text and '"status": "broken"' in text and '"status": "Good Order"' in text
    read = {u["id"]: u for u in json.loads(text)["units"]}
    assert [(read[i]["kind"], read[i]["status"]) for i in ("F1", "F2")] == [(Kind.SQUAD, Status.BROKEN),
                                                                            (Kind.LEADER, Status.GOOD_ORDER)]
    assert type(read["F1"]["status"]) is str
    assert [s.status for s in done.mission.s] == [SStatus.HIDDEN, SStatus.REMOVED]
    assert [s["status"] for s in json.loads(text)["s"]] == ["hidden", "removed"]
