"""A Bridge Too Far RePh 9.601-9.611 with entered dice (seed 004), on German/British sides.

`abtf_reph` builds the RePh context from missions/abtf.toml and the catalog plus the test pack
tests/fixtures/packs/abtf/tables/abtf.toml (TEST DATA, not the rulebook charts). Each comment works the roll out.
"""


import pytest

from solo.core.errors import SoloError
from solo.games import campaign
from solo.games.abtf import aftermath as abtf
from solo.games.abtf import areas
from tests.games.abtf.fixture import abtf_reph, catalog, definition, facts, rolls


def test_missions_file_names_the_sides_dates_and_steps():
    raw = definition().raw
    assert raw["sides"] == ["German", "British"]
    assert raw["dates"][0] == "17N" and raw["dates"][-1] == "21EVE" and len(raw["dates"]) == 16
    assert list(raw["variants"]) == ["I", "II", "III"]
    runs = [s["run"] for s in raw["step"]]
    assert "initiative" in runs
    assert all(run in campaign("abtf").steps for run in runs)
    # every date of the 9.6161 chart and the 9.6152 schedule is a CG Date
    cat = catalog()
    assert [row.key for row in cat.get("abtf.cpp_base_number").rows] == raw["dates"]
    assert {row.key for row in cat.get("abtf.reinforcement_schedule").rows} <= set(raw["dates"])


def test_scenario_end_records_no_winner_and_sudden_death_ends_the_cg():
    # 9.603/9.6211: no CG Scenario winner; 9.6212: Sudden Death - the Germans win the CG.
    r = abtf_reph(date="19AM")
    facts(r, german_cvp=12, british_cvp=20)
    abtf.scenario_end(r)
    assert r.c.scenarios[-1].winner == "none" and r.c.scenarios[-1].cvp == {"German": 12, "British": 20}
    assert r.c.stage != "ended"
    facts(r, german_cvp=3, british_cvp=0, sudden_death=True)
    abtf.scenario_end(r)
    assert r.c.stage == "ended" and r.c.result["winner"] == "German"


def test_block_control_persists_and_the_block_c_example():
    # 9.6053 EX: Block C is British; the Germans Control all of it but the Location of a British 3-3-8 and a
    # wounded 7-0. The Germans are Retained into a Friendly Setup Area (a path of Uncontrolled Territory along the
    # road), the immobilized PzKpfw IIIL is Abandoned and its crew Retained; no Escape; the British keep Block C.
    r = abtf_reph(date="18N")
    r.c.flags.add("block:C=British")
    g = r.side("German")
    squads = [g.add("4-6-7", "squad"), g.add("4-6-7", "squad")]
    tank = g.add("PzKpfw IIIL", "vehicle")
    tank.flags.add("immobilized")
    facts(r, blocks="A=German", retained_path=[u.id for u in squads] + [tank.id])
    areas.setup_areas(r)
    assert abtf.block_control(r) == {"A": "German", "C": "British"}
    assert "abandoned" in tank.flags
    assert [u.type for u in g.retained("crew")] == ["2-2-8"]
    assert all(u.retained for u in squads)
    assert rolls(r) == []  # nobody Escapes


def test_block_control_changes_only_by_this_step():
    r = abtf_reph()
    r.c.flags.add("block:H=British")
    facts(r, blocks="H=German, D=British")
    areas.setup_areas(r)
    assert abtf.block_control(r) == {"H": "German", "D": "British"}
    facts(r, blocks="H=Russian")
    with pytest.raises(SoloError, match="give German or British"):
        areas.setup_areas(r)


def test_escape_infantry_stack_drm():
    # 9.6054 Infantry: a German 4-6-7 squad and a 9-1 leader escape together (the stack the owner names), Encircled
    # (+2), 5 Uncontrolled hexes to a Friendly Setup Area (+1 per two, FRU: +3), one HS-equivalent > 1 HS (+1), the
    # leader -1, after a Night CG Date (-1): DR 3+2 = 5, Final 9 -> "Escapes, Replaced": the 4-6-7 becomes a 4-4-7.
    r = abtf_reph(faces=[3, 2], human="German", answers={"escape": ["G1+G2"], "random_selection": "G1"}, date="18N")
    g = r.side("German")
    squad, leader = g.add("4-6-7", "squad"), g.add("9-1", "leader")
    facts(r, must_escape=["G1", "G2"], escape_hexes="G1=5, G2=5", encircled=["G1", "G2"])
    areas.setup_areas(r)
    trace = rolls(r)[0]
    assert {m["name"]: m["value"] for m in trace["modifiers"]} == {"night": -1, "hexes": 3, "leader": -1, "hs": 1,
                                                                   "encircled": 2}
    assert trace["final"] == 9 and squad.type == "4-4-7" and leader.retained


def test_escape_eliminated_equipment_dr_and_all_eliminated():
    # >= 12: all units/weapons Eliminated. A lone German HS carrying a LMG, Encircled (+2), 8 hexes (+4): DR 3+3 = 6,
    # Final 12 -> both Eliminated; no Equipment dr (the weapons went with the result).
    r = abtf_reph(faces=[3, 3], human="German", answers={"escape": ["G1+G2"]})
    g = r.side("German")
    hs, lmg = g.add("2-3-7", "hs"), g.add("LMG", "sw")
    facts(r, must_escape=[hs.id, lmg.id], escape_hexes="G1=8", encircled=[hs.id])
    areas.setup_areas(r)
    assert not hs.retained and not lmg.retained
    assert set(r.c.facts["reph_eliminated"]) == {hs.id, lmg.id}


def test_escape_vehicle_column_and_crew():
    # Mobile Vehicle: a British Jeep (-1, not a CT AFV), 4 hexes (+2): DR 5+5 = 10, Final 11 -> Abandoned; crew
    # Eliminated. A German StuG (flag ct: -2): DR 5+5, Final 8 -> Escapes.
    r = abtf_reph(faces=[5, 5, 5, 5])
    jeep = r.side("British").add("Jeep(a)", "vehicle")
    stug = r.side("German").add("StuG IIIG", "vehicle")
    stug.flags.add("ct")
    facts(r, must_escape=[jeep.id, stug.id], escape_hexes=f"{jeep.id}=4")
    areas.setup_areas(r)
    assert "abandoned" in jeep.flags and not r.side("British").retained("crew")
    assert stug.retained and "abandoned" not in stug.flags
    assert [t["final"] for t in rolls(r)] == [8, 11]


def test_computer_escapes_alone_and_carries_its_sw():
    r = abtf_reph(faces=[1, 1, 1, 2])
    g = r.side("German")
    squad, lmg = g.add("4-6-7", "squad"), g.add("LMG", "sw")
    facts(r, must_escape=[squad.id, lmg.id])
    areas.setup_areas(r)
    decision = next(e for e in r.play.log.events if e.kind == "decision")
    assert decision.data["value"] == [{"units": [squad.id, lmg.id], "pp": 0}]
    assert squad.retained and lmg.retained


def test_escape_stacks_refuse_a_lone_gun():
    r = abtf_reph(human="German", answers={"escape": ["G1"]})
    gun = r.side("German").add("75L", "gun")
    r.side("German").add("2-2-8", "crew")
    facts(r, must_escape=[gun.id, "G2"])
    with pytest.raises(SoloError, match="non-dm Gun can never Escape"):
        areas.setup_areas(r)


def test_wounded_leaders_british_and_heroic_drm():
    # 9.6101: a wounded British 8-1 (-1 British): dr 2, Final 1 -> Retained unwounded; a wounded heroic German 9-1
    # (-1 Heroic): dr 6, Final 5 -> Eliminated.
    r = abtf_reph(faces=[6, 2])
    german = r.side("German").add("9-1", "leader")
    german.flags |= {"wounded", "heroic"}
    british = r.side("British").add("8-1", "leader")
    british.flags.add("wounded")
    facts(r)
    abtf.wounded(r)
    assert not german.retained
    assert british.retained and "wounded" not in british.flags
    assert [t["final"] for t in rolls(r)] == [5, 1]


def test_walking_wounded_needs_the_pack_table():
    # 9.6102 (SSR CG 19 missing): with the test pack, dr 2 -> Recovered; without it, one line naming the table.
    r = abtf_reph(faces=[2])
    mmc = r.side("British").add("6-4-8", "squad")
    mmc.status = "Eliminated"
    facts(r, walking_wounded=[mmc.id])
    abtf.wounded(r)
    assert mmc.retained and "walking-wounded" in mmc.flags
    bare = abtf_reph(pack=False)
    lost = bare.side("British").add("6-4-8", "squad")
    lost.status = "Eliminated"
    facts(bare, walking_wounded=[lost.id])
    with pytest.raises(SoloError, match="abtf.walking_wounded, which is not in the rule texts"):
        abtf.wounded(bare)


def test_recombining_keeps_one_hs_per_psk_and_ww_apart():
    # 9.6111: four German 2-4-7 HS with one PSK Retained: one HS stays apart, two Recombine, one is left over;
    # two WW 2-4-7 would only Recombine with each other.
    r = abtf_reph()
    g = r.side("German")
    hs = [g.add("2-4-7", "hs") for _ in range(4)]
    g.add("PSK", "sw")
    facts(r)
    abtf.battle_hardening(r)
    assert [u.kind for u in hs if u.retained] == ["hs", "squad", "hs"]


def test_heroes_battle_harden_an_mmc_and_elite_become_fanatic():
    # 9.6112: a Retained German hero is Eliminated; the owner hardens one non-crew MMC (a 4-6-7 -> 4-6-8, elite:
    # Fanatic). 9.6113: the heroic 9-1 Battle Hardens to 9-2 and loses heroic status.
    r = abtf_reph(human="German", answers={"battle_harden": ["G2"]})
    g = r.side("German")
    hero, squad, leader = g.add("1-4-9", "hero"), g.add("4-6-7", "squad"), g.add("9-1", "leader")
    leader.flags.add("heroic")
    facts(r)
    abtf.battle_hardening(r)
    assert not hero.retained and squad.type == "4-6-8"
    assert leader.type == "9-2" and "heroic" not in leader.flags


def test_prisoners_removed_without_cvp():
    r = abtf_reph()
    b = r.side("British").add("6-4-8", "squad")
    facts(r, prisoners={b.id: "non-isolated"})
    abtf.prisoners(r)
    assert not b.retained and "prisoner" in b.flags and "reph_eliminated" not in r.c.facts


def test_chit_units_from_the_pack_or_one_line():
    # 9.62131: the CG's chit units come from the pack (read by the generic Initiative step); without it, one line.
    from solo.campaign.steps.initiative import chits_left
    assert chits_left(abtf_reph(), "British") == {"Attack": 6, "Idle": 8}
    with pytest.raises(SoloError, match="abtf.chit_units .*not in the rule texts"):
        chits_left(abtf_reph(pack=False), "German")
