"""Every question of the two missions shows an example a player can type as is (issue 23): the example of each
question asked over whole missions (set-up and the Random Events' follow-ups), typed at the prompt, is read."""

import pytest

from tests.mission import act, new, play_to_end


@pytest.mark.parametrize("mission_id", ["oto-s1", "oto-s2"])
def test_each_question_s_example_is_read_as_typed(mission_id, tmp_path, asked):
    for seed in range(1, 31):
        path = new(tmp_path, mission_id, seed=seed, name=f"{seed}.db")
        act(path, {"do": "place", "count": 4, "hexes": []})
        play_to_end(path, vpo_friendly=1, vpo_enemy=1)
    asked.pop("action")  # the player's next action: each command or form gives it, never typed as an answer
    assert mission_id == "oto-s2" or asked  # OtO-S2's set-up answer (the entry edge) is given when it is created
    for key, q in asked.items():
        assert q.example, f"{mission_id} {key}: no example shown"
        q.parse_typed(q.typed_example)
