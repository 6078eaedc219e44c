"""Fire that fits its target (issue 34.4, solo/ai/ordnance.py): small arms never fire at an armoured AFV; a Gun or AFV
fires To Hit at what it can hit and kill, and says what the player rolls, from the marked stand-in charts
(tables/core/ordnance.toml) or the player's table pack."""

import pytest

from solo.ai import ordnance
from solo.ai.decide import Decision, decide
from solo.ai.mission import decided
from solo.core.errors import SoloError
from solo.rules import default_catalog
from solo.sasl.game import mission_file
from tests.ai.legality import illegal
from tests.ai.test_decide import situation, terrain
from tests.mission import act

FIELD = ["........."] * 9


def decision(s, unit: str, phase: str = "defensive", rows=FIELD) -> Decision:
    return next(d for d in decide(terrain(rows), s, phase) if d.unit == unit)


def test_a_4_6_8_never_fires_at_an_isu_122():
    """Small arms cannot harm an armoured AFV: the squad holds its fire, and says why."""
    s = situation([{"id": "E1", "unit": "4-6-8", "hex": "1C4"}], [{"id": "F1", "unit": "ISU-122", "hex": "1D4"}])
    d = decision(s, "E1")
    assert (d.action, d.target) == ("no fire", None)
    assert "F1 ISU-122 is an armoured AFV small arms cannot affect" in d.why


def test_a_squad_fires_at_the_squad_beside_the_afv_not_at_the_afv():
    # Old code: the ISU-122, adjacent and in the open (Point Blank Fire), was the best target.
    s = situation([{"id": "E1", "unit": "4-6-8", "hex": "1C4"}],
                  [{"id": "F1", "unit": "ISU-122", "hex": "1D4"}, {"id": "F2", "unit": "4-5-8", "hex": "1F4"}])
    assert decision(s, "E1").target == "F2"
    assert decision(s, "E1", "prep").target == "F2"


def test_a_squad_and_its_lmg_hold_their_fire_at_an_afv():
    s = situation([{"id": "E1", "unit": "4-6-8", "hex": "1C4"},
                   {"id": "E2", "unit": "LMG", "hex": "1C4", "with": "E1"}],
                  [{"id": "F1", "unit": "T-34 M43", "hex": "1E4"}])
    assert [(d.action, d.target) for d in decide(terrain(FIELD), s, "defensive")] == [("no fire", None)] * 2


@pytest.mark.parametrize("target", ["SU-76M", "GAZ-MM truck", "76L AT (ZiS-3)"])
def test_small_arms_fire_at_an_open_topped_afv_a_truck_or_a_gun(target):
    """Their crews are open to small arms (solo/ai/ordnance.py's reading)."""
    s = situation([{"id": "E1", "unit": "4-6-8", "hex": "1C4"}], [{"id": "F1", "unit": target, "hex": "1D4"}])
    assert decision(s, "E1").target == "F1"


def test_a_gun_chooses_between_an_afv_and_a_squad_by_what_it_can_kill():
    # The PzJg III/IV's 88LL kills a T-34 M43 at range 5 (1F7) more surely than its HE breaks the nearer squad in woods;
    # the 20mm Flak cannot hurt the ISU-122 beside it and fires at the squad further off.
    # Old code: the nearest each time.
    rows = list(FIELD)
    rows[3] = "...W....."  # 1D4 woods
    s = situation([{"id": "E1", "unit": "PzJg III/IV", "hex": "1B4"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1D4"}, {"id": "F2", "unit": "T-34 M43", "hex": "1F7"}])
    d = decision(s, "E1", rows=rows)
    assert d.target == "F2" and "88LL TK# 26 vs the T-34 M43's Front AF 9" in d.why and "rather than F1 4-5-8" in d.why
    s = situation([{"id": "E1", "unit": "Flak 38 20L (6)", "hex": "1B6"}],
                  [{"id": "F1", "unit": "ISU-122", "hex": "1C6"}, {"id": "F2", "unit": "4-5-8", "hex": "1E7"}])
    d = decision(s, "E1")
    assert d.target == "F2" and "20L TK# 9" not in d.why
    assert "rather than F1 ISU-122 (92% to hit x 0% a kill x worth 1.5 = 0.00" in d.why


def test_the_roll_text_names_the_table_and_the_numbers():
    s = situation([{"id": "E1", "unit": "StuG IIIG", "hex": "1B4"}], [{"id": "F1", "unit": "ISU-122", "hex": "1F4"}])
    why = decision(s, "E1").why
    assert "fires its MA (75L) at F1 ISU-122 in 1F4 at range 4" in why
    assert ("roll To Hit on C3 (stand-in asl.c3_to_hit), Vehicle Target, range 4: TH# 9, DRM +0, needing <= 9 (83%)"
            in why)
    assert ("the TK DR on C7 (stand-in asl.c7_guns): 75L TK# 17 vs the ISU-122's Front AF 11, facing not known "
            "(AF: stand-in asl.afv): below 6 eliminates it, 6 Shocks (C7.4) (28% a kill)") in why
    assert "not counted: facing (Front AF), hull-down, motion, Acquisition" in why
    s = situation([{"id": "E1", "unit": "StuG IIIG", "hex": "1B4"}], [{"id": "F1", "unit": "4-5-8", "hex": "1E4"}])
    why = decision(s, "E1").why
    assert "Infantry Target, range 3: TH# 8" in why and "roll the IFT with 8 FP (HE of the 75L" in why


def test_what_the_charts_do_not_know_the_decision_says():
    s = situation([{"id": "E1", "unit": "150 INF", "hex": "1B4"}],
                  [{"id": "F1", "unit": "ISU-122", "hex": "1D4"}, {"id": "F2", "unit": "KV-85", "hex": "1D5"}])
    d = decision(s, "E1")
    assert (d.action, d.target) == ("no fire", None)
    assert "F1 ISU-122: the 150 has no ammunition that kills armour (asl.c7_guns)" in d.why
    assert "F2 KV-85: its armour is not in asl.afv (add it to your table pack), not weighed" in d.why


def test_to_hit_fire_is_never_in_a_fire_group():
    s = situation([{"id": "E1", "unit": "StuG IIIG", "hex": "1B4"}, {"id": "E2", "unit": "4-6-8", "hex": "1B5"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1D4"}])
    made = decide(terrain(FIELD), s, "defensive")
    assert [(d.target, d.group) for d in made] == [("F1", []), ("F1", [])]


def test_a_table_pack_replaces_the_stand_in(monkeypatch, tmp_path):
    pack = tmp_path / "tables"
    pack.mkdir()
    (pack / "afv.toml").write_text('''[[table]]
id = "asl.afv"
title = "My vehicles"
rule = "ASL D1"
roll = "chart"
key = "Vehicle"
columns = ["Type", "Front AF", "Side AF", "MA", "Size"]
[[table.row]]
key = "ISU-122"
results = { Type = "AFV", "Front AF" = 14, "Side AF" = 9, MA = "122L", Size = 0 }
[[table.row]]
key = "StuG IIIG"
results = { Type = "AFV", "Front AF" = 8, "Side AF" = 3, MA = "75L", Size = 0 }
''')
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path))
    default_catalog.cache_clear()
    try:
        s = situation([{"id": "E1", "unit": "StuG IIIG", "hex": "1B4"}],
                      [{"id": "F1", "unit": "ISU-122", "hex": "1F4"}])
        why = decision(s, "E1").why
        assert "Front AF 14, facing not known (AF: your table pack, asl.afv): below 3 eliminates it" in why
    finally:
        monkeypatch.undo()
        default_catalog.cache_clear()


def test_the_checker_refuses_small_arms_at_an_afv_but_not_a_gun_with_a_tk():
    s = situation([{"id": "E1", "unit": "4-6-8", "hex": "1C4"}, {"id": "E2", "unit": "StuG IIIG", "hex": "1B4"}],
                  [{"id": "F1", "unit": "ISU-122", "hex": "1D4"}])
    t = terrain(FIELD)
    said = illegal(t, s, "defensive", [Decision("E1", "defensive fire", ["1C4"], "", target="F1")])
    assert said == ["E1 4-6-8: a small-arms attack on F1 ISU-122, an armoured AFV it cannot affect"]
    assert illegal(t, s, "defensive", [Decision("E2", "defensive fire", ["1B4"], "", target="F1")]) == []


def test_chance_of_a_2d6_dr():
    assert [round(ordnance.p_at_most(n) * 36) for n in (1, 2, 7, 12)] == [0, 1, 21, 36]



def test_on_the_oto_map_the_aa_gun_fires_to_hit_at_the_squad_not_at_the_isu_122(orsha):
    """OtO-S1: the Flak 38 20L in I10 (a Target within 4 hexes) with an ISU-122 at I11 and a 4-5-8 at J12: its 20mm
    cannot kill the ISU-122 (TK# 9 against Front AF 11), so it fires To Hit at the squad, and the player is told the
    To Hit and HE rolls, not an IFT attack of an IFT-equivalent FP."""
    act(orsha, {"do": "enter", "hex": "K20", "units": ["4-5-8"]})
    o = act(orsha, {"do": "enter", "hex": "K21", "units": ["ISU-122"]})
    o.mission.unit("F1").hex, o.mission.unit("F2").hex = "J12", "I11"
    e1 = next(d for d in decided(o.mission, o.map, mission_file("oto-s1"), "defensive") if d.unit == "E1")
    assert (e1.action, e1.target) == ("defensive fire", "F1")
    assert "fires its MA (20L)" in e1.why and "roll To Hit on C3 (stand-in asl.c3_to_hit), Infantry Target" in e1.why
    assert "roll the IFT with 2 FP (HE of the 20L" in e1.why and "roll the IFT with 8 FP" not in e1.why


def test_a_gun_that_cannot_hurt_its_only_target_holds_its_fire_and_says_why():
    s = situation([{"id": "E1", "unit": "Flak 38 20L (6)", "hex": "1B4"}],
                  [{"id": "F1", "unit": "ISU-122", "hex": "1D4"}])
    d = decision(s, "E1")
    assert (d.action, d.target) == ("no fire", None)
    assert d.why == ("E1 Flak 38 20L (6) does not fire: F1 ISU-122: 83% to hit x 0% a kill x worth 1.5, it cannot hurt "
                     "it")


def test_a_truck_is_killed_on_the_tk_with_af_0_and_an_he_only_gun_fires_he_at_it():
    s = situation([{"id": "E1", "unit": "StuG IIIG", "hex": "1B4"}, {"id": "E2", "unit": "150 INF", "hex": "1B6"}],
                  [{"id": "F1", "unit": "GAZ-MM truck", "hex": "1D5"}])
    made = {d.unit: d for d in decide(terrain(FIELD), s, "defensive")}
    assert "75L TK# 17 vs the GAZ-MM truck's AF 0, unarmoured" in made["E1"].why and "Shocks" not in made["E1"].why
    assert "roll the IFT with 20 FP (HE of the 150" in made["E2"].why
    assert "DRM +0 (the unarmoured vehicle)" in made["E2"].why


def test_every_afv_and_gun_oto_s1_brings_is_in_the_charts():
    """The FRIENDLY OoB's armour and its Armor Support table, the ENEMY Vehicle Table and the ENEMY Guns (MSR 5 and
    the set-up): each AFV has its AF and a MA the TK chart knows, each Gun with a calibre its To Hit weapon. The 81*
    MTR (indirect fire) and the Cupolas are not To Hit weapons here: they fire, if at all, as IFT equivalents."""
    defn, cat = mission_file("oto-s1"), default_catalog()
    names = defn["friendly_oob"]["afv_names"]  # "ISU 122" -> "ISU-122"
    afvs = set(defn["friendly_oob"]["armor"])
    for table in ("oto-s1.armor_support", "oto-s1.armor_support_5", "oto-s1.armor_support_6", "oto-s1.enemy_vehicle"):
        afvs |= {names.get(r.results[""], r.results[""]) for r in cat.get(table).rows if not r.then}
    for name in sorted(afvs):
        v = ordnance.vehicle(name)
        assert v is not None and (v.ma == "-" or ordnance.gun(v.ma) is not None), name
    guns = {r.results[""] for r in cat.get("oto-s1.enemy_gun_cupola").rows} | {g["type"] for g in defn["enemy_units"]}
    known = {g: ordnance.gun_code(g) for g in sorted(guns) if ordnance.gun(ordnance.gun_code(g) or "")}
    assert set(guns) - set(known) == {"81* MTR", "HMG Cupola", "MMG Cupola"}
    assert known["Flak 18 88L"] == "88L" and known["20L(20) AA"] == "20L" and known["150 INF"] == "150"


def test_a_pack_to_hit_chart_the_ai_cannot_read_is_one_clear_line(monkeypatch, tmp_path):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "c3.toml").write_text('''[[table]]
id = "asl.c3_to_hit"
title = "My C3"
rule = "ASL C3"
roll = "chart"
key = "Range"
columns = ["Vehicle", "Infantry"]
[[table.row]]
key = "<=1"
results = { Vehicle = 10, Infantry = 9 }
''')
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path))
    default_catalog.cache_clear()
    try:
        with pytest.raises(SoloError, match=r"asl.c3_to_hit: row '<=1' needs a range key such as \"2-6\""):
            ordnance.to_hit(3, "Vehicle")
    finally:
        monkeypatch.undo()
        default_catalog.cache_clear()


def test_a_pack_vehicle_row_the_ai_cannot_read_is_one_clear_line(monkeypatch, tmp_path):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "afv.toml").write_text('''[[table]]
id = "asl.afv"
title = "My vehicles"
rule = "ASL D1"
roll = "chart"
key = "Vehicle"
columns = ["Type", "Front AF", "Side AF", "MA", "Size"]
[[table.row]]
key = "ISU-122"
results = { Type = "AFV", "Front AF" = "thick", "Side AF" = 9, MA = "122L", Size = 0 }
''')
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path))
    default_catalog.cache_clear()
    try:
        with pytest.raises(SoloError, match=r"asl.afv: row 'ISU-122' needs .*whole \"Front AF\""):
            ordnance.vehicle("ISU-122")
    finally:
        monkeypatch.undo()
        default_catalog.cache_clear()
