"""Issue 35's audit of Activation, each case named after its rule: an S? seen from the start of a move is checked
when the move comes closer, a FRIENDLY unit never shares a hex with a hidden S?, and a fortification is no Activated
ENEMY unit (the -1 AC drm, the ENEMY RE check)."""

import pytest

from solo.core.errors import SoloError
from solo.sasl import engine, events, sighting
from solo.sasl.mission_map import in_set_up_area, own_grid
from tests.conftest import VASL_BOARDS
from tests.mission import act_on, ctx, on_boards

oto_map = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards/bdOTO is absent")
LINE = ["A27", "I23", "I20", "R15", "DD21"]


@pytest.fixture(scope="module")
def orsha_ctx():
    def made():
        return on_boards("oto-s1", 5)
    return made


def hidden_in(x, where: str):
    return [s for s in x.m.s if s.status == "hidden" and x.map.name(s.where) == where]


def s_in(x, where: str):
    """The S? in ``where``: the one set up there, else one placed there now."""
    found = [s for s in x.m.s if s.where == where]
    if not found:
        act_on(x, {"do": "place", "hexes": [where]})
        found = [x.m.s[-1]]
    return found[0]


def walk(x, unit_ids, path, one_phase=False):
    """One hex a move, each in a FRIENDLY MPh of its own (a 4-4-7's MF are no matter) or all in the MPh under way;
    each step refused or made, as a player would try."""
    for step in path:
        if not one_phase:
            engine._enter(x, "FRIENDLY MPh")
        try:
            act_on(x, {"do": "move", "units": unit_ids, "path": [step]})
        except SoloError:
            return
        assert not [u for u in x.m.units if u.side == "FRIENDLY" and u.on_map and hidden_in(x, u.hex)]


@oto_map
def test_rule_5_an_s_seen_from_the_start_of_a_move_is_checked_when_the_move_ends_adjacent(orsha_ctx, monkeypatch):
    """Issue 35: a 4-4-7 walks I21-I17-I16-I15 and ends ADJACENT to hidden S? in I14 and J14 without a check: an S?
    seen from the start hex was dropped for the whole move. Range 1 is an automatic Activation (SASL-FACTS)."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = orsha_ctx()
    near = [s_in(x, "I14"), s_in(x, "J14")]
    act_on(x, {"do": "enter", "hex": "I21", "units": ["4-4-7"]})
    walk(x, ["F1"], ["I20", "I19", "I18", "I17", "I16", "I15"])
    assert x.m.unit("F1").hex == "I15"
    assert [s.status for s in near] == ["activated", "activated"]


@oto_map
def test_rule_5_a_friendly_unit_never_shares_a_hex_with_a_hidden_s(orsha_ctx, monkeypatch):
    """Issue 35: F20 stood in Z15 with the hidden S1 on the VPO (checked once, far off, earlier in the phase, it was
    never checked again), and the VPO counted as held. Four one-hex moves in one MPh, a leader with them (6 MF)."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = orsha_ctx()
    s = s_in(x, "Z15")
    act_on(x, {"do": "enter", "hex": "Z19", "units": ["6-2-8", "6-2-8", "8-0"]})
    engine._enter(x, "FRIENDLY MPh")
    x.play.log.typed_secrets = True
    x.play.log.type_faces([6])  # the first check, from Z18 at range 3, fails: the S? stays hidden
    act_on(x, {"do": "move", "units": ["F1", "F2", "F3"], "path": ["Z18"]})
    assert s.status == "hidden"
    walk(x, ["F1", "F2", "F3"], ["Z17", "Z16", "Z15"], one_phase=True)
    assert s.status == "activated"
    assert x.m.control["Z15"] == ("FRIENDLY" if x.m.unit("F1").hex == "Z15" else "ENEMY")


@oto_map
def test_rule_5_entering_a_hidden_s_s_hex_activates_it_and_the_move_ends_short(orsha_ctx, monkeypatch):
    """Entering the hex of a hidden S? no unit saw (a broken unit routing, out of LOS) Activates it at range 0; ENEMY
    units it reveals send the movers back to the hex they came from (solo's reading, A12.15)."""
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = orsha_ctx()
    act_on(x, {"do": "enter", "hex": "M18", "units": ["4-5-8"]})
    engine._enter(x, "FRIENDLY RtPh")
    x.m.unit("F1").status = "broken"  # a broken unit sees nothing: only its entry reveals the S?
    target = "M17"
    s = s_in(x, target)
    done = act_on(x, {"do": "move", "units": ["F1"], "path": [target]})
    assert s.status == "activated" and [c["range"] for c in done["activation"]][:1] == [0]
    assert x.m.unit("F1").hex == (target if not x.m.holds_enemy(target) else "M18")


def test_rule_5_ac_drm_a_fortification_is_no_activated_enemy_unit():
    """The -1 AC drm "an Activated ENEMY unit within 2 hexes" (SASL-FACTS): a Foxhole or minefield an earlier S?
    left is no unit (issue 35: it counted)."""
    from solo.sasl.mission_map import MissionMap
    x = ctx("oto-s1")
    x.map = MissionMap(grid=own_grid(x.defn["map_grid"]))
    s = x.m.new_s("M12")
    x.m.add_unit("Foxhole", "fortification", "M13", "", "S9")
    assert "near-enemy" not in sighting.ac_mods(x, s)
    x.m.add_unit("4-6-7", "squad", "M14", "Hold", "S9")
    assert "near-enemy" in sighting.ac_mods(x, s)


def test_rule_2_5_a_fortification_alone_makes_no_enemy_re_check():
    """2.5: the ENEMY RE check needs an Activated ENEMY unit (OtO-S1; OtO-S2 MSR 4 lifts it): a fortification alone is
    none (issue 35: it made the ENEMY check)."""
    x = ctx("oto-s1", faces=[1] * 40)
    x.m.tables.update(enemy_re="5/6", friendly_re="5/6")
    x.m.re_numbers = {"ENEMY": [5, 6], "FRIENDLY": [5, 6]}
    x.m.add_unit("Trench", "fortification", "M13", "", "S1")
    events.checks(x)
    assert any("no ENEMY RE check" in line["text"] for line in x.m.record)


@pytest.mark.parametrize("where", ["B26", "D25", "F24", "H23", "M18", "U18", "CC21"])
def test_oto_s1_set_up_area_the_line_runs_through_the_odd_columns_half_hexes(where):
    """OtO-S1 SEQUENCE: "on or East of A27-I23-I20-R15-DD21"; B26, D25, F24 and H23 lie on A27-I23 (issue 35: the odd
    columns' half-hex offset was ignored and they were refused as West of the line)."""
    assert in_set_up_area(own_grid({"columns": 30, "rows": 28}), LINE, where)


@pytest.mark.parametrize("where", ["B25", "D24", "I19", "S15", "DD20"])
def test_oto_s1_set_up_area_west_of_the_line(where):
    assert not in_set_up_area(own_grid({"columns": 30, "rows": 28}), LINE, where)
