"""Issue 34: the ENEMY keeps the sequence of play. One test per rule, on hand-built maps with a right answer: what each
unit did this Player Turn (``did``) limits what it may do next, S? move by their Attitude, a Local Counterattack
heads for its VPO, a rout never passes beside the unit it flees, no hex ends a move over the stacking limit. Each
decision is also checked by tests/ai/legality.py."""

from solo.ai.decide import decide
from solo.ai.situation import situation_from
from tests.ai.legality import illegal
from tests.ai.test_decide import OPEN_FIELD, situation, terrain


def decided(t, s, phase):
    made = decide(t, s, phase)
    assert illegal(t, s, phase, made) == []
    return {d.unit: d for d in made}


def test_a3_3_a_unit_that_prep_fired_does_not_move():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1A3", "attitude": "advance", "did": ["prep fire"]},
                   {"id": "E2", "unit": "4-6-7", "hex": "1A5", "attitude": "advance"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1G3"}], objectives=["1E3"])
    d = decided(t, s, "move")
    assert d["E1"].action == "stay" and "Prep Fired: it may not move (A3.3)" in d["E1"].why
    assert d["E2"].action == "move"  # the one that did not fire goes on


def test_a3_3_a_unit_that_prep_fired_does_not_fire_in_the_afph():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "did": ["prep fire"]},
                   {"id": "E2", "unit": "4-6-7", "hex": "1C4"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1E3"}])
    d = decided(t, s, "advancing")
    assert d["E1"].action == "no fire" and "A3.3" in d["E1"].why
    assert d["E2"].action == "advancing fire" and d["E2"].fp == 4 and not d["E2"].group


def test_a3_6_advancing_fire_is_halved_for_a_unit_that_moved_and_its_fire_group_adds_the_halves():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "did": ["moved"]},
                   {"id": "E2", "unit": "6-5-8", "hex": "1C4"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1E3"}])
    d = decided(t, s, "advancing")
    assert (d["E1"].fp, d["E2"].fp) == (2, 6) and "half FP (A3.6)" in d["E1"].why
    assert d["E1"].group == ["E1", "E2"] and "8 FP" in d["E1"].why


def test_a8_1_first_fire_at_the_moving_stack_where_it_is_most_exposed():
    """F1 moves 1E2 (woods) - 1E3 (open) - 1E4 (woods): the ENEMY fires as it crosses the open hex (FFMO), once."""
    t = terrain(["....."] * 4 + ["WW.WW"])
    raw = {"boards": ["1"], "objectives": [], "friendly_held": [], "ebe": "west",
           "enemy": [{"id": "E1", "unit": "4-6-7", "hex": "1B3"},
                     {"id": "E2", "unit": "4-6-7", "hex": "1B5", "did": ["first fire"]}],
           "friendly": [{"id": "F1", "unit": "4-5-8", "hex": "1E4"}], "moving": ["1E2", "1E3", "1E4"],
           "movers": ["F1"]}
    s = situation_from(raw, "test")
    d = decided(t, s, "first")
    assert d["E1"].action == "first fire" and d["E1"].at == "1E3" and "(A8.1)" in d["E1"].why
    assert d["E2"].action == "no fire"  # it First Fired at an earlier move


def test_a8_4_a_unit_that_first_fired_final_fires_only_at_an_adjacent_target_at_half_fp():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "did": ["first fire"]},
                   {"id": "E2", "unit": "4-6-7", "hex": "1G5", "did": ["first fire"]},
                   {"id": "E3", "unit": "4-6-7", "hex": "1A1", "did": ["final fire"]}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1D3"}, {"id": "F2", "unit": "4-5-8", "hex": "1A4"}])
    d = decided(t, s, "defensive")
    assert d["E1"].action == "defensive fire" and d["E1"].target == "F1" and d["E1"].fp == 2 and "A8.4" in d["E1"].why
    assert d["E2"].action == "no fire"  # F1 and F2 lie beyond ADJACENT
    assert d["E3"].action == "no fire"  # it fired in this DFPh already


def test_a5_1_a_fourth_squad_does_not_end_its_move_in_a_full_hex():
    """Three squads hold the stone building 1C3; the fourth, advancing past it, would take its cover but may not."""
    t = terrain([".....", ".....", "..B..", ".....", ".....", ".....", "....."])
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3"}, {"id": "E2", "unit": "4-6-7", "hex": "1C3"},
                   {"id": "E3", "unit": "4-6-7", "hex": "1C3"},
                   {"id": "E4", "unit": "4-6-7", "hex": "1B3", "attitude": "advance"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1G3"}], objectives=["1C3"])
    bare = situation([{"id": "E4", "unit": "4-6-7", "hex": "1B3", "attitude": "advance"}],
                     [{"id": "F1", "unit": "4-5-8", "hex": "1G3"}], objectives=["1C3"])
    assert decide(t, bare, "move")[0].end == "1C3"  # alone, the squad would take the building
    assert decided(t, s, "move")["E4"].end != "1C3"


def test_a10_51_a_rout_never_passes_adjacent_to_a_friendly_unit():
    """E1 broken in 1D3, beside F1 in 1C3; the way to the woods 1A1 runs past F1 (1D2, 1C2): it routs elsewhere."""
    t = terrain(["W....", ".....", ".....", ".....", "....."])
    s = situation([{"id": "E1", "unit": "4-4-7", "hex": "1D3", "broken": True}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1C3"}])
    d = decided(t, s, "move")["E1"]
    assert d.action == "rout" and all(t.distance(t.at(h))[t.at("1C3")] > 1 for h in d.path[1:])


def test_a_hold_s_stays_and_an_advance_s_moves_toward_the_friendly_units():
    t = terrain(["......."] * 7)
    raw = {"boards": ["1"], "objectives": [], "friendly_held": [], "ebe": "west", "enemy": [],
           "friendly": [{"id": "F1", "unit": "4-5-8", "hex": "1G4"}],
           "s": [{"id": "S1", "hex": "1A2", "attitude": "hold"}, {"id": "S2", "hex": "1A5", "attitude": "advance"}]}
    s = situation_from(raw, "test")
    d = decided(t, s, "move")
    assert "S1" not in d  # Hold: no move of its own
    assert d["S2"].action == "move" and t.distance(t.at(d["S2"].end))[t.at("1G4")] < 6
    assert all(p.kind != "s?" for p in s.pieces if p.id in {u for u, e in decided(t, s, "prep").items()})


def test_two_s_never_end_in_one_hex():
    t = terrain(["......."] * 7)
    raw = {"boards": ["1"], "objectives": [], "friendly_held": [], "ebe": "west", "enemy": [],
           "friendly": [{"id": "F1", "unit": "4-5-8", "hex": "1G4"}],
           "s": [{"id": "S1", "hex": "1A4", "attitude": "advance"}, {"id": "S2", "hex": "1A4", "attitude": "advance"}]}
    # two S? cannot start in one hex either, but the rule holds for their ends whatever the start
    d = decided(t, situation_from(raw, "test"), "move")
    assert d["S1"].end != d["S2"].end


def test_a_local_counterattack_heads_for_the_vpo_its_random_event_names():
    """Two FRIENDLY-held VPO: the nearer 1B1, and 1E5 that the Random Event names; the counterattack goes for 1E5."""
    t = terrain(["......."] * 7)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1B4", "attitude": "attack", "goal": "1E6"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1B1"}, {"id": "F2", "unit": "4-5-8", "hex": "1E6"}],
                  objectives=["1B1", "1E6"], held=["1B1", "1E6"])
    d = decided(t, s, "move")["E1"]
    to = t.distance(t.at("1E6"))
    assert to[t.at(d.end)] < to[t.at("1B4")] and "the VPO 1E6" in d.why


def test_advance_does_not_stay_on_the_vpo_it_holds():
    """E5 (Advance) stands on 1B3, a VPO it holds; the FRIENDLY-held VPO 1F3 is four hexes off: it goes for it."""
    t = terrain(["......."] * 7)
    s = situation([{"id": "E5", "unit": "4-6-7", "hex": "1B3", "attitude": "advance"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1F3"}], objectives=["1B3", "1F3"], held=["1F3"])
    d = decided(t, s, "move")["E5"]
    assert d.action == "move" and t.distance(t.at(d.end))[t.at("1F3")] < 4


def test_a4_4_a_sw_fires_with_its_possessor_named_by_id_and_type():
    """Issue 38: the SW's words named its possessor's id twice ("E3 LMG fires 2 FP with E2 E2")."""
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E2", "unit": "4-6-7", "hex": "1C3"},
                   {"id": "E3", "unit": "LMG", "hex": "1C3", "with": "E2"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1E3"}])
    d = decided(t, s, "advancing")
    assert d["E2"].action == d["E3"].action == "advancing fire"
    assert "E3 LMG fires 2 FP with E2 4-6-7 at F1" in d["E3"].why
