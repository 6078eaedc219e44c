"""VotG Refit Phase steps without tests in test_votg.py (seed 001, 12.605-12.626), with entered dice, on the TEST pack
(tests/fixtures/packs/votg: invented RG charts, not the rulebook's). Each comment works the roll out from the printed
table and DRM of the rule it cites; a dr takes one face, a DR two."""

import pytest

from solo.campaign.rg import RGType
from solo.campaign.state import Fortification, ScenarioResult
from solo.campaign.steps import fortify
from solo.core.errors import SoloError
from solo.games.votg import aftermath as votg
from solo.games.votg import purchase as votg_purchase
from solo.games.votg import refit as votg_refit
from solo.games.votg import setup as votg_setup
from solo.games.votg import strength as votg_strength
from tests.reph import day_reph, finals


@pytest.fixture
def vr(pack):
    pack("votg")

    def make(faces=(), human="none", answers=None, date="14 Sept", variant="II"):
        r = day_reph("votg", date, variant, faces, human, answers)
        for s in r.c.sides.values():
            s.purchases = []  # the CG card's given RGs (votg.cg_start) are not what these tests roll
        return r
    return make


def rolled(r):
    return [e.data["what"] for e in r.play.log.events if e.kind == "roll"]


def said(r):
    return "\n".join(line["text"] for line in r.c.record)


def buy(r, side, rg, title, date, cpp=0, **options):
    s = r.side(side)
    s.purchases.append(votg_purchase.Purchase(len(s.purchases) + 1, rg, title, date, cpp, options=options))
    return s.purchases[-1]


# --- 12.605 Encirclement & Minefields -----------------------------------------------------------

def test_encircled_1tc_and_ap_minefield_ntc(vr):
    # 12.6051 each Encircled unit takes a 1TC (asl.task_check stand-in: DR + 1 - Morale <= 0 passes).
    #   German 4-6-7 (Morale 7): DR 3+3 = 6 + 1 - 7 = 0: passes and stays put.
    #   Russian 4-4-7 (Morale 7): DR 4+3 = 7 + 1 - 7 = 1: fails, Eliminated.
    #   An Encircled prisoner takes no 1TC (EXC: prisoner): no dice.
    # 12.6052 Infantry in an A-P minefield takes a NTC (DR - Morale <= 0 passes), failure Casualty Reduction:
    #   German 4-6-7: DR 5+3 = 8 - 7 = 1: fails, reduced to its HS 2-4-7. Russian 8-0 leader: DR 6+6 = 12 - 8 = 4:
    #   fails; a leader's Casualty Reduction wounds him.
    r = vr(faces=[3, 3, 4, 3, 5, 3, 6, 6])
    g, ru = r.side("German"), r.side("Russian")
    ok, lost, pow_ = g.add("4-6-7", "squad"), ru.add("4-4-7", "squad"), ru.add("4-4-7", "squad")
    pow_.flags.add("prisoner")
    mined, leader = g.add("4-6-7", "squad"), ru.add("8-0", "leader")
    r.c.facts = {"encircled": [ok.id, lost.id, pow_.id], "ap_minefield": [mined.id, leader.id]}
    votg.encirclement(r)
    assert finals(r) == [0, 1, 1, 4]
    assert ok.retained and not lost.retained and pow_.retained
    assert (mined.type, mined.kind) == ("2-4-7", "hs") and "wounded" in leader.flags


# --- 12.606-12.607 Perimeter and Isolation consequences ------------------------------------------

def test_perimeter_smc_outside_and_south_edge_isolation(vr):
    # 12.6069 each friendly SMC still outside its Perimeter Area is Eliminated; 12.6068 EXC a Russian Perimeter with
    # south map-edge hexes but no north edge hex nor non-interdicted Ferry Landing is Isolated (type C here).
    r = vr()
    g, ru = r.side("German"), r.side("Russian")
    smc, squad, rsq = g.add("9-1", "leader"), g.add("4-6-7", "squad"), ru.add("4-4-7", "squad")
    r.c.facts = {"smc_outside": [smc.id], "south_only": True, "isolated": {squad.id: "D"}}
    votg.perimeter(r)
    assert not smc.retained and squad.isolated == "D" and rsq.isolated == "C"
    assert "Isolated (12.6068)" in said(r)
    # Bad input: a squad is no SMC.
    r.c.facts = {"smc_outside": [squad.id]}
    with pytest.raises(SoloError, match=r"^facts smc_outside: G2 is a 4-6-7, not a SMC \(12.6069\)$"):
        votg.perimeter(r)


def test_isolation_must_escape_ammo_shortage_and_ti(vr):
    # 12.6071: a SMC in a type B Area must Escape (the German 9-1); a TI SMC need not (EXC: if TI); units in C/D Areas
    # suffer Ammunition Shortage. 12.6073 the 9-1 (German, lone unwounded SMC -1): DR 4+4 = 8 - 1 = 7 <= 8: Escapes.
    r = vr(faces=[4, 4], human="German", answers={"escape": ["G1"]})
    g = r.side("German")
    smc, ti_smc, squad = g.add("9-1", "leader"), g.add("8-0", "leader"), g.add("4-6-7", "squad")
    ti_smc.flags.add("TI")
    smc.isolated, ti_smc.isolated, squad.isolated = "B", "B", "C"
    r.c.facts = {}
    assert votg.must_escape(smc, []) and not votg.must_escape(ti_smc, [])
    votg.isolation(r)
    assert finals(r) == [7]
    assert not smc.isolated and "ammo-shortage" in squad.flags and "ammo-shortage" not in ti_smc.flags
    # Bad input: the SMC that must Escape is left out.
    r = vr(human="German", answers={"escape": []})
    lone = r.side("German").add("9-1", "leader")
    lone.isolated = "B"
    with pytest.raises(SoloError, match="escape: G1 must attempt to Escape"):
        votg.isolation(r)


def test_escape_encircled_russian_squad_eliminated(vr):
    # 12.6073 Infantry column: Russian -1, squad +1 (one HS equivalency beyond the first), Encircled +2, within 2 hexes
    # of a friendly non-Isolated hex -1: DR 5+6 = 11 + 1 = 12 >= 12: Eliminated.
    r = vr(faces=[5, 6], human="Russian", answers={"escape": ["R1"]})
    squad = r.side("Russian").add("4-4-7", "squad")
    r.c.facts = {"isolated": {squad.id: "C"}, "encircled": [squad.id], "near": {squad.id: "within-2"}}
    votg.perimeter(r)
    votg.isolation(r)
    assert finals(r) == [12] and not squad.retained


# --- 12.609 Prisoners ---------------------------------------------------------------------------

def test_prisoners_non_isolated_guard_and_execution(vr):
    # 12.609: a prisoner Guarded by a non-Isolated unit is Eliminated; one the Isolated German Guard executes is
    # Eliminated and Massacre (A20.4) is in effect next scenario.
    r = vr(human="German", answers={"prisoners": "execute"})
    ru = r.side("Russian")
    a, b = ru.add("4-4-7", "squad"), ru.add("4-5-8", "squad")
    r.c.facts = {"prisoners": {a.id: "non-isolated", b.id: "isolated"}}
    votg.prisoners(r)
    assert not a.retained and not b.retained and "massacre" in r.c.flags


@pytest.mark.parametrize("captive, freed", [("4-5-8", "4-2-6"), ("2-4-8", "2-2-6"), ("9-1", "9-1")])
def test_prisoner_freed_becomes_conscript_of_its_size(vr, captive, freed):
    # 12.609: a freed unarmed MMC is Replaced by a friendly Conscript MMC of the same size (Russian squad 4-2-6, HS
    # 2-2-6); a freed SMC by its original SMC type. It is Retained by its own side.
    r = vr(human="German", answers={"prisoners": "free"})
    unit = r.side("Russian").add(captive, "leader" if "-1" in captive[1:] else "squad" if captive[0] == "4" else "hs")
    r.c.facts = {"prisoners": {unit.id: "isolated"}}
    votg.prisoners(r)
    assert unit.retained and unit.type == freed and "prisoner" not in unit.flags


def test_prisoner_kept_and_bad_answer(vr):
    r = vr(human="German", answers={"prisoners": "keep"})
    unit = r.side("Russian").add("4-4-7", "squad")
    r.c.facts = {"prisoners": {unit.id: "isolated"}}
    votg.prisoners(r)
    assert unit.retained and "prisoner" in unit.flags
    r = vr(human="German", answers={"prisoners": "maybe"})
    r.side("Russian").add("4-4-7", "squad")
    r.c.facts = {"prisoners": {"R1": "isolated"}}
    with pytest.raises(SoloError, match=r"^prisoners: 'maybe': answer keep, execute or free$"):
        votg.prisoners(r)


# --- 12.610 Extinguishing Blazes: the Non-Factory Building Table (12.6104) -------------------------

def test_non_factory_building_table(vr):
    # 12.6104: Final dr <= 4 Gutted, >= 5 rubbled; +2 for a single-hex building.
    #   K10 dr 4: Gutted. M12 dr 5: rubbled. Single-hex B5 dr 3 + 2 = 5: rubbled; single-hex C7 dr 2 + 2 = 4: Gutted.
    r = vr(faces=[4, 5, 3, 2])
    r.c.facts = {"stone_buildings_ablaze": "K10, M12", "single_hex_buildings_ablaze": "B5, C7", "flames": 2}
    votg.blazes(r)
    assert finals(r) == [4, 5, 5, 4]
    text = said(r)
    assert "building K10: dr 4 Final 4, Gutted" in text and "building M12: dr 5 Final 5, rubbled" in text
    assert "building B5: dr 3 Final 5, rubbled" in text and "building C7: dr 2 Final 4, Gutted" in text
    assert "2 Flame(s) flip to their Blaze side (12.6107)" in text


# --- 12.611 Wounded Leaders -----------------------------------------------------------------------

def test_wounded_leaders(vr):
    # 12.611: Final dr <= 2 Retained wounded, >= 3 Eliminated; +1 if confined to an Isolated Area.
    #   German 9-1 dr 2: Retained wounded. German 8-0 dr 3: Eliminated. Russian Isolated 8-1 dr 2 + 1 = 3: died.
    #   An unwounded leader makes no dr.
    r = vr(faces=[2, 3, 2])
    g, ru = r.side("German"), r.side("Russian")
    kept, gone, fine = g.add("9-1", "leader"), g.add("8-0", "leader"), g.add("7-0", "leader")
    died = ru.add("8-1", "leader")
    for u in (kept, gone, died):
        u.flags.add("wounded")
    died.isolated = "C"
    votg.wounded_leaders(r)
    assert finals(r) == [2, 3, 3]
    assert kept.retained and "wounded" in kept.flags and not gone.retained and fine.retained and not died.retained


# --- 12.612 Battle Hardening --------------------------------------------------------------------

def test_mmc_and_leader_battle_hardening_with_drm(vr):
    # 12.6123 German: the Retained Hero is Eliminated and lets one MMC Battle Harden; the Secret DR: -3 for the one
    # scenario won on the current CG Day, -1 per 20 CVP amassed (40: -2): DR 3+4 = 7 - 5 = 2 -> "2 MMC"; 2 + 1 = 3.
    #   4-6-7 -> 4-6-8; the elite 5-4-8 and the crew become Fanatic instead.
    # 12.6124 German leader DR, -2 won today: 3+3 = 6 - 2 = 4 -> 9-1 is selected: G6 9-1 -> 9-2.
    # Russian: MMC DR 6+6 = 12 - 1 (Russian) = 11 -> none; -1 per 20 CVP: 19 amassed gives none (FRD).
    #   Leader DR 5+5 = 10 -> 7-0: its 7-0 Battle Hardens to 8-0.
    r = vr(faces=[3, 4, 3, 3, 6, 6, 5, 5], human="German",
           answers={"battle_harden": ["G2", "G3", "G4"], "leader_hardening": "roll"})
    g, ru = r.side("German"), r.side("Russian")
    hero, sq, elite, crew, spare = (g.add("1-4-9", "hero"), g.add("4-6-7", "squad"), g.add("5-4-8", "squad"),
                                    g.add("2-2-8", "crew"), g.add("8-0", "leader"))
    nine = g.add("9-1", "leader")
    seven = ru.add("7-0", "leader")
    r.c.scenarios = [ScenarioResult("14 Sept", {"German": 40, "Russian": 19}, "German", "German Assault")]
    votg.battle_hardening(r)
    assert finals(r) == [2, 4, 11, 10]
    assert not hero.retained and sq.type == "4-6-8"
    assert elite.type == "5-4-8" and "fanatic" in elite.flags and "fanatic" in crew.flags
    assert nine.type == "9-2" and spare.type == "8-0" and seven.type == "8-0"


def test_leader_battle_hardening_next_lowest_grade_is_8_plus_1(vr):
    # 12.6124 Russian column: DR 4+3 = 7 selects an 8-0. None is Retained, so the next lowest grade of the printed
    # order (10-2, 9-2, 9-1, 9-0, 8-1, 8-0, 8+1, 7-0, 6+1) Battle Hardens: the Commissar 8+1 -> 9-0 (note #),
    # not the 7-0. The German DR 6+6 = 12 selects a 6+1: the German has no leader. MMC DR 6+6 each: none.
    r = vr(faces=[6, 6, 6, 6, 6, 6, 4, 3])
    commissar, seven = r.side("Russian").add("8+1", "leader"), r.side("Russian").add("7-0", "leader")
    votg.battle_hardening(r)
    assert commissar.type == "9-0" and seven.type == "7-0"


@pytest.mark.parametrize(("human", "rules", "hardened"),
                         [("German", 3, "8-1"), ("none", 3, "9-1"), ("German", 2, "9-1")])
def test_12_6124_optional_won_drm_is_asked(vr, human, rules, hardened):
    """12.6124: "-2 Friendly side won this CG Day's scenario (optionally, the player may, after the DR, choose to
    ignore this DRM, or apply only a -1 DRM)" (issue 20.19: never asked). The German won: MMC DR 6+6 = 12 - 3 = 9,
    none. Leader DR 3+3 = 6: -2 selects the 9-1 (Final 4), -1 the 8-1 (5), none the 8-0 (6). The human applies only
    -1: his 8-1 Battle Hardens (to a 9-1, note †). The computer applies the -2 that hardens its best leader, the 9-1.
    Saves before rules 3 are not asked: the -2 applies."""
    answers = {"leader_hardening": "roll", "won_drm": -1} if human == "German" else None
    r = vr(faces=[6, 6, 3, 3, 6, 6, 6, 6], human=human, answers=answers)
    r.rules = rules
    g = r.side("German")
    nine, eight = g.add("9-1", "leader"), g.add("8-1", "leader")
    r.c.scenarios = [ScenarioResult("14 Sept", {"German": 0, "Russian": 0}, "German", "German Assault")]
    votg.battle_hardening(r)
    asked = [e.data for e in r.play.log.events if e.kind in ("answer", "decision") and e.data.get("what") == "won_drm"]
    assert len(asked) == (rules >= 3)
    changed = nine if hardened == "9-1" else eight
    assert changed.type == ("9-2" if hardened == "9-1" else "9-1")
    assert (nine.type, eight.type) == (("9-2", "8-1") if hardened == "9-1" else ("9-1", "9-1"))


def test_promotion_out_of_the_ranks_limit(vr):
    # 12.6125 a) an 8-0 for two 7-0s only within one leader per four squad-equivalents (German): 2 leaders after the
    # exchange need 8 squad-equivalents; 4 squads are too few: one clear line.
    r = vr(faces=[6, 6], human="German", answers={"leader_hardening": "exchange 8-0"})
    g = r.side("German")
    g.add("8-0", "leader")
    for _ in range(4):
        g.add("4-6-7", "squad")
    with pytest.raises(SoloError, match=r"2 leaders would exceed one per 4 squad-equivalents \(4 Retained; 12.6125\)"):
        votg.battle_hardening(r)


# --- 12.614 New CG Day & SAN ----------------------------------------------------------------------

def test_san_adjustment_thresholds(vr):
    # 12.6142: SAN >= 4 makes a dr + (SAN - 4); Final >= 5 lowers it by one. German SAN 6: dr 3 + 2 = 5: SAN 5.
    # Russian SAN 4: dr 4 + 0 = 4: no change. 12.6143 Level C: no Booby Trap dr.
    r = vr(faces=[3, 4])
    r.side("German").san, r.side("Russian").san = 6, 4
    votg_refit.new_day(r)
    assert finals(r) == [5, 4] and (r.side("German").san, r.side("Russian").san) == (5, 4)
    assert r.c.date == "15 Sept" and r.side("German").roster["15 Sept"].historical_drm == -1
    # Level B and a Russian dr 5: no effect (only an Original 6 lowers it).
    r = vr(faces=[5])
    r.side("German").san, r.side("Russian").san = 2, 3
    fortify.set_booby_level(r, "B")
    votg_refit.new_day(r)
    assert fortify.booby_level(r) == "B" and (r.side("German").san, r.side("Russian").san) == (2, 3)


# --- 12.6151e Immobilization Repair ---------------------------------------------------------------

def test_immobilization_repair_every_drm(vr):
    # 12.6151e Final dr <= 2 Mobile; else No change and a -1 Labor counter (flipped to -2 next time).
    #   V1 non-Isolated, no drm: dr 2 -> Mobile.
    #   V2 Isolated (+1), with its 9-1 armor leader (-1, Isolated only), Inexperienced Crew (+1), Labor -2:
    #      dr 2 + 1 - 1 + 1 - 2 = 1 -> Mobile.
    #   V3 Captured, only Non-Qualified Use (+1): dr 2 + 1 = 3 -> no change, Labor -1.
    #   V4 Isolated and abandoned (not manned): no dr.
    r = vr(faces=[2, 2, 2])
    g = r.side("German")
    v1, v2, v3, v4 = (g.add("StuG IIIB", "vehicle", 1) for _ in range(4))
    g.add("9-1", "armor-leader", 1, **{"in": v2.id})
    for v in (v1, v2, v3, v4):
        v.flags.add("immobilized")
    v2.isolated, v4.isolated = "C", "C"
    v2.flags.add("inexperienced")
    v2.detail["labor"] = -2
    v3.flags.add("captured")
    v4.flags.add("abandoned")
    votg_refit.immobilization_repair(r)
    assert finals(r) == [2, 1, 3]
    assert "immobilized" not in v1.flags and "immobilized" not in v2.flags and "labor" not in v2.detail
    assert "immobilized" in v3.flags and v3.detail["labor"] == -1 and "immobilized" in v4.flags
    # Next RePh: V3 dr 3 + 1 - 1 = 3, no change: its Labor flips to -2; then dr 4 + 1 - 2 = 3: stays -2.
    r.play.log.type_faces([3, 4])
    votg_refit.immobilization_repair(r)
    assert v3.detail["labor"] == -2
    votg_refit.immobilization_repair(r)
    assert finals(r)[-2:] == [3, 3] and v3.detail["labor"] == -2


# --- 12.6152-.6156 Weapon Repair and Captured Weapons ---------------------------------------------

def test_weapon_repair_every_drm(vr):
    # 12.6152 Final dr <= 1 Repaired, >= 2 Eliminated (Vehicular-mounted: Disabled; MA: the AFV a Wreck).
    # Weapon Repair Number -1 (missions/votg.toml [weapons] stand-in).
    #   German MMG, Isolated (+1): dr 2 - 1 + 1 = 2 -> Eliminated.
    #   German AFV MA, Vehicular-mounted (-2): dr 4 - 2 - 1 = 1 -> Repaired; another dr 5 - 2 - 1 = 2 -> Wreck.
    #   Russian LMG, Russian MG (-1): dr 3 - 1 - 1 = 1 -> Repaired.
    # 12.6155 a functioning Captured Weapon: dr >= 3 Eliminated: German's captured DP LMG dr 3 -> Eliminated; a captured
    # MMG dr 2 -> kept. An already malfunctioned Captured Weapon is Eliminated without a dr.
    r = vr(faces=[2, 4, 5, 3, 2, 3])
    g, ru = r.side("German"), r.side("Russian")
    mmg, tank, wreck = g.add("MMG", "sw"), g.add("StuG IIIB", "vehicle"), g.add("StuG IIIB", "vehicle")
    cap_lmg, cap_mmg, cap_bad = g.add("LMG", "sw"), g.add("MMG", "sw"), g.add("HMG", "sw")
    lmg = ru.add("LMG", "sw")
    mmg.isolated = "C"
    for u in (mmg, tank, wreck, lmg, cap_bad):
        u.flags.add("malfunctioned")
    for u in (cap_lmg, cap_mmg, cap_bad):
        u.flags.add("captured")
    short = g.add("4-6-7", "squad")
    short.flags.add("ammo-shortage")
    votg_refit.weapon_repair(r)
    assert finals(r) == [2, 1, 2, 3, 2, 1]
    assert not mmg.retained and "malfunctioned" not in tank.flags and {"wreck", "ma-disabled"} <= wreck.flags
    assert not cap_bad.retained and not cap_lmg.retained and cap_mmg.retained
    assert "malfunctioned" not in lmg.flags and "ammo-shortage" not in short.flags  # 12.6159 non-Isolated


@pytest.mark.parametrize("rules", [3, 2])
def test_12_6156_captured_afv_stays_with_a_functioning_weapon(vr, rules):
    """12.6155 "if >= 3 it is Eliminated (Disabled if Vehicular-mounted). Each already malfunctioned Captured Weapon is
    Eliminated (or Disabled)"; 12.6156 "A captured AFV may remain in play if it has any functioning Weapon (even if its
    MA is disabled); otherwise, it becomes a wreck" (issue 20.23: every such AFV became a Wreck or was Eliminated). A
    captured T-34, dr 3: MA Disabled, its MG works: it stays. A captured malfunctioned T-34: Disabled, stays. A
    captured T-34 whose MG is Disabled, dr 4: a Wreck. From rules 3 it is OtO2's and RB's rule, one function
    (repair.captured_weapons): each working MG has its own dr (1: kept). Saves before rules 3 keep the old results."""
    faces = [3, 1, 1, 4] if rules >= 3 else [3, 4]
    r = vr(faces=faces)
    r.rules = rules
    g = r.side("German")
    hit, broken, bare = g.add("T-34 M41", "vehicle"), g.add("T-34 M41", "vehicle"), g.add("T-34 M41", "vehicle")
    broken.flags.add("malfunctioned")
    bare.flags.add("mg-disabled")
    for u in (hit, broken, bare):
        u.flags.add("captured")
    votg_refit.weapon_repair(r)
    assert finals(r) == faces
    assert "wreck" in bare.flags and "ma-disabled" in bare.flags
    if rules >= 3:
        assert hit.retained and broken.retained and "wreck" not in hit.flags | broken.flags
        assert "ma-disabled" in hit.flags and "ma-disabled" in broken.flags and "malfunctioned" not in broken.flags
    else:
        assert "wreck" in hit.flags and not broken.retained


def test_weapon_repair_non_qualified_drm_on_the_table(vr):
    # 12.6152 "+1 If only Non-Qualified Use (A21.13) possible": dr 1 - 1 (Repair Number) + 1 = 1 -> Repaired;
    # dr 2 -> 2 Eliminated. The step cannot know it from the facts: the table carries it for the player's --mod.
    r = vr(faces=[1, 2])
    mods = {"repair": -1, "non-qualified": True}
    assert r.roll("votg.weapon_repair", "t", side="German", mods=mods).result == "Repaired"
    assert r.roll("votg.weapon_repair", "t", side="German", mods=mods).result == "Eliminated*"


# --- 12.616 Armor Recall & Redeployment -----------------------------------------------------------

def test_recall_returns_to_good_order(vr):
    # 12.6161: a Mobile non-Isolated AFV under Recall returns to Good Order; with its MA Disabled it is a Wreck;
    # Isolated it stays under Recall with Ammunition Shortage. (No AFV was on the map: no Redeployment dr.)
    r = vr()
    g = r.side("German")
    good, disabled, isolated = (g.add("StuG IIIB", "vehicle") for _ in range(3))
    for v in (good, disabled, isolated):
        v.flags.add("recall")
    disabled.flags.add("ma-disabled")
    isolated.isolated = "C"
    r.c.facts = {}
    votg_refit.redeployment(r)
    assert "recall" not in good.flags and "wreck" in disabled.flags
    assert {"recall", "ammo-shortage"} <= isolated.flags and rolled(r) == []


def test_afv_platoon_redeployment_and_return(vr):
    # 12.6162 a Secret dr per non-Isolated, non-Dug-In AFV Pltn that had an AFV on the map: >= 6 Removed. Two CG
    # scenarios completed: the win:loss drm is not yet applicable (*). dr 6: Redeployed; the non-Isolated StuGs and
    # the armor leader in one of them leave play (12.6227); 12.6163 the Isolated StuG stays. A Dug-In Pltn, and a
    # Pltn never on the map, make no dr.
    r = vr(faces=[6, 6], date="16 Sept")
    g, ru = r.side("German"), r.side("Russian")
    a, b, c = (g.add("StuG IIIB", "vehicle", 5) for _ in range(3))
    c.isolated = "C"
    al = g.add("9-1", "armor-leader", 5, **{"in": a.id})
    unused = g.add("StuG IIIB", "vehicle", 6)
    dug = ru.add("T-34 M41", "vehicle", 2)
    dug.flags.add("dug-in")
    r.c.scenarios = [ScenarioResult("14 Sept", {}, "Russian", "Dual Attack"),
                     ScenarioResult("15 Sept", {}, "Russian", "Russian Assault")]
    r.c.facts = {"on_map": [a.id, dug.id]}
    votg_refit.redeployment(r)
    assert finals(r) == [6]
    assert (a.status, b.status, al.status, c.status) == ("Redeployed", "Redeployed", "Redeployed", "Retained")
    assert unused.retained and dug.retained
    # Next RePh (16 Sept, German Historical DRM -2, applied only to re-entry, †): dr 6 - 2 = 4 <= 5: back in play.
    r.c.facts = {}
    votg_refit.redeployment(r)
    assert finals(r) == [6, 4] and a.retained and b.retained and al.retained


def test_afv_redeployment_losing_side_drm(vr):
    # 12.6162 * after > two completed CG scenarios a side whose win:loss ratio is <= 1:2 gets -1: German 0:3,
    # dr 6 - 1 = 5 -> Retained. The Russian (3:0) Pltn: dr 6 -> Removed.
    r = vr(faces=[6, 6])
    tank, t34 = r.side("German").add("StuG IIIB", "vehicle", 1), r.side("Russian").add("T-34 M41", "vehicle", 1)
    r.c.scenarios = [ScenarioResult(d, {}, "Russian", "Dual Attack") for d in ("14 Sept", "15 Sept", "16 Sept")]
    r.c.facts = {"on_map": [tank.id, t34.id]}
    votg_refit.redeployment(r)
    assert finals(r) == [5, 6] and tank.retained and t34.status == "Redeployed"


# --- 12.617 Fortification Removal -----------------------------------------------------------------

def test_fortification_removal(vr):
    # 12.617 Final dr <= 3 Eliminated. German with three non-Isolated Assault Engineer squads (-1):
    #   Wire in a Front Line Location (+2): dr 2 + 2 - 1 = 3 -> Eliminated.
    #   Roadblock along a hexside ADJACENT to a Front Line Location (+1): dr 4 + 1 - 1 = 4 -> No Effect.
    # Russian (no engineers): A-P minefield, not near the Front Line: dr 3 -> Eliminated (all its mines, *);
    #   Trench ADJACENT (+1): Original dr 6 -> No Effect, and († ) an elite MMC is Casualty Reduced: 4-5-8 -> 2-4-8.
    r = vr(faces=[2, 4, 3, 6])
    g, ru = r.side("German"), r.side("Russian")
    for _ in range(3):
        g.add("8-3-8", "squad").flags.add("assault-engineer")
    guards = ru.add("4-5-8", "squad")
    r.c.facts = {"removal": [{"side": "German", "item": "Wire", "where": "front-line"},
                             {"side": "German", "item": "Roadblock", "where": "adjacent"},
                             {"side": "Russian", "item": "A-P minefield", "where": "rear"},
                             {"side": "Russian", "item": "Trench", "where": "adjacent"}]}
    votg_refit.fortification_removal(r)
    assert finals(r) == [3, 4, 3, 7]
    text = said(r)
    assert "German removal of Wire (front-line): dr 2 Final 3, Eliminated" in text
    assert "Roadblock (adjacent): dr 4 Final 4, No Effect" in text
    assert "A-P minefield (rear): dr 3 Final 3, Eliminated" in text
    assert (guards.type, guards.kind) == ("2-4-8", "hs")


# --- 12.618 CPP Replenishment and 12.6253 Counterattack halving ------------------------------------

def test_cpp_replenishment_drm_and_last_day_counterattack(vr):
    # 12.618 with the Counterattack declared on the final CG Day (27 Sept: Historical +1 both sides), 12.6253: the
    # German's CPP are halved (FRU), and the Russian's too on the final Day.
    #   German: +1 Attack chit, -1 per 20 CVP suffered (the Russian earned 20): DR 2+2 = 4 + 1 + 1 - 1 = 5 -> +18,
    #   halved 9, + 6 Support CPP (12.6181) = 15.
    #   Russian: -2 (the German earned 45: two full 20s): DR 1+1 = 2 + 1 - 2 = 1 -> +20, halved 10.
    r = vr(faces=[2, 2, 1, 1], date="27 Sept")
    r.c.initiative = {"date": "27 Sept", "type": "German Assault", "chits": {"German": "Attack", "Russian": "Idle"}}
    r.c.history = [r.c.initiative]
    r.c.scenarios = [ScenarioResult("27 Sept", {"German": 45, "Russian": 20}, "German", "German Assault")]
    r.c.flags.add("counterattack")
    before = {n: s.cpp for n, s in r.c.sides.items()}
    votg_refit.cpp(r)
    assert finals(r) == [5, 1]
    assert {n: s.cpp - before[n] for n, s in r.c.sides.items()} == {"German": 15, "Russian": 10}
    assert r.side("German").roster["27 Sept"].repl == 15


def test_cpp_after_the_counterattack_no_second_support(vr):
    # 12.6181: Support CPP come with each CG scenario the German chose Attack for. In the RePh after the Russian
    # Counterattack (the German automatically Idle, 12.6253) the German gets none, though the German Assault of the
    # same CG Day gave +1 (Attack chit on the previous CG Day) and, in its own RePh, 6 Support CPP.
    #   German on 15 Sept (Historical -1): DR 3+3 = 6 - 1 + 1 = 6 -> +18, no Support CPP.
    # Russian, +1 for its Counterattack's Attack chit, halved after the Counterattack (12.6253): DR 1+1 = 2 - 1 + 1 = 2
    #   -> +20 -> 10.
    r = vr(faces=[3, 3, 1, 1], date="15 Sept")
    assault = {"date": "14 Sept", "type": "German Assault", "chits": {"German": "Attack", "Russian": "Idle"}}
    counter = {"date": "14 Sept", "type": "Russian Counterattack", "chits": {"Russian": "Attack", "German": "Idle"}}
    r.c.history, r.c.initiative = [assault, counter], counter
    r.c.scenarios = [ScenarioResult("14 Sept", {}, "German", "German Assault"),
                     ScenarioResult("14 Sept", {}, "Russian", "Russian Counterattack")]
    before = {n: s.cpp for n, s in r.c.sides.items()}
    votg_refit.cpp(r)
    assert finals(r) == [6, 2]
    assert {n: s.cpp - before[n] for n, s in r.c.sides.items()} == {"German": 18, "Russian": 10}
    assert votg_refit.support_cpp(r) == 0


# --- 12.619 ELR and 12.6254 Night -----------------------------------------------------------------

def test_elr_night_purchases_and_idle(vr):
    # 12.619 on 15 Sept (Historical -1 both) after a 14 Sept Russian Night Assault the Russian won:
    #   German: +2 one scenario since the start, +1 one Night scenario (German only): DR 6+5 = 11 - 1 + 2 + 1 = 13
    #   -> ELR 4 - 1 = 3.
    #   Russian: -1 won, +1 Attack chit, +2 scenario, -2 the elite Gds Rifle Coy (4-5-8) bought on 14 Sept, -1 one
    #   Infantry Pltn (two FRU): DR 2+2 = 4 - 1 - 1 + 1 + 2 - 2 - 1 = 2 -> ELR 3 + 1 = 4.
    r = vr(faces=[6, 5, 2, 2], date="15 Sept")
    r.c.initiative = {"date": "14 Sept", "type": "Russian Assault", "chits": {"German": "Idle", "Russian": "Attack"},
                      "night": True}
    r.c.history = [r.c.initiative]
    r.c.scenarios = [ScenarioResult("14 Sept", {"German": 5, "Russian": 10}, "Russian", "Russian Assault")]
    buy(r, "Russian", "I1", "Gds Rifle Coy", "14 Sept", 7)
    buy(r, "Russian", "I6", "Gds SMG Pltn", "14 Sept", 3)
    votg_refit.elr(r)
    assert finals(r) == [13, 2]
    assert (r.side("German").elr, r.side("Russian").elr) == (3, 4)
    # -2 per Idle Day since the last-completed scenario: after the 15 Sept Idle Day, on 16 Sept (German Historical -2)
    # the German counts the scenarios since the last Idle Day (0, his choice of the smaller): DR 6+6 = 12 - 2 - 2 = 8.
    r2 = vr(faces=[6, 6, 6, 6], date="16 Sept")
    idle = {"date": "15 Sept", "type": "Idle Day", "chits": {"German": "Idle", "Russian": "Idle"}}
    r2.c.history, r2.c.initiative = [r.c.initiative, idle], idle
    r2.c.scenarios = list(r.c.scenarios)
    votg_refit.elr(r2)
    assert finals(r2)[0] == 8


def test_12_619_afv_pltn_counts_as_first_line(vr):
    """12.619 "-1 Per friendly first-line-Infantry Coy/" (cut at "/" in the copy; read as RB 11.617's "first-line-
    Infantry-Coy/AFV-Pltn [EXC: SPW Pltn]") (issue 20.16: AFV Pltns were not counted). On 15 Sept (Historical -1) the
    Russian bought a T-34 Pltn (A1) on 14 Sept: -1; no scenario, no chit: DR 3+3 = 6 - 1 - 1 = 4. Saves before rules 3
    keep 5."""
    for rules, final in ((3, 4), (2, 5)):
        r = vr(faces=[6, 6, 3, 3], date="15 Sept")
        r.rules = rules
        buy(r, "Russian", "A1", "T-34 M41 Pltn", "14 Sept", 6)
        votg_refit.elr(r)
        assert finals(r)[1] == final
        assert votg_refit.bought_on(r, r.side("Russian"), "14 Sept")["first-line"] == (rules >= 3)


def test_night_german_elr_one_less_and_russian_recon_doubled(vr):
    # 12.6254: in a Night scenario the German ELR counts as one less; 12.624 the Russians' Recon Final dr is doubled
    # after all modifications: Russian spent 1 CPP: dr 3 + 1 (Russian) = 4 Locations -> 8.
    r = vr(faces=[3], human="Russian", answers={"recon": 1})
    r.side("German").cpp = 0  # the computer German cannot spend on Recon
    votg_strength.recon(r)
    assert r.side("Russian").roster["14 Sept"].recon == 4
    r.c.initiative = {"date": "14 Sept", "type": "Russian Assault", "night": True}
    votg_setup.night(r)
    assert r.side("Russian").roster["14 Sept"].recon == 8
    assert "German ELR 4 counts as 3" in said(r) and "eight hexes" in said(r)
    # A daytime scenario changes nothing.
    r.c.initiative["night"] = False
    votg_setup.night(r)
    assert r.side("Russian").roster["14 Sept"].recon == 8


# --- 12.623 Fortifications and 12.624 Recon -------------------------------------------------------

def test_fortification_costs(vr):
    # 12.623 Fortification Purchase Table: Pillbox (a + b + c) x 3 (note 4): Capacity 1, CA DRM +2, NCA DRM +4 -> 21;
    # A-P Mine per factor 1 German / 3 Russian (note 2), A-T Mine 3 / 9; Foxhole 3/2/1 by squad capacity (note 1).
    r = vr()

    def cost(kind, count, side):
        return fortify.cost(r, side, kind, count)
    assert cost("Pillbox 1+2+4", 1, "Russian") == 21 and cost("Pillbox 2+3+5", 2, "Russian") == 60
    assert (cost("A-P Mine", 6, "German"), cost("A-P Mine", 6, "Russian")) == (6, 18)
    assert (cost("A-T Mine", 2, "German"), cost("A-T Mine", 2, "Russian")) == (6, 18)
    assert [cost(f"Foxhole {n}", 1, "German") for n in (3, 2, 1)] == [3, 2, 1]
    assert (cost("Booby Traps", 1, "Russian"), cost("Battalion Strongpoint", 1, "Russian"), cost("Set DC", 1, "German"),
            cost("Fortified Building", 2, "German"), cost("?", 3, "German"), cost("HIP AFV/Gun", 1, "German")) \
        == (40, 30, 15, 20, 3, 5)
    with pytest.raises(SoloError, match=r"^no fortification 'Bunker': choose from"):
        cost("Bunker", 1, "German")


def test_fortification_purchase_russian_only_and_forfeit(vr):
    # 12.623 the German with 30 FPP buys Wire (15) and a Trench (7): 22; the 8 FPP left are forfeit.
    r = vr(human="German", answers={"fortifications": {"Wire": 1, "Trench": 1}})
    g = r.side("German")
    g.fpp = 30
    votg_strength.fortifications(r)
    assert g.fpp == 0 and [(f.kind, f.count, f.fpp) for f in g.fortifications] == [("Wire", 1, 15), ("Trench", 1, 7)]
    assert "8 FPP forfeit" in said(r)
    # "R": only the Russian may buy an A-T Ditch, Pillbox, Booby Traps or Battalion Strongpoint.
    parse = fortify.parser(r, "German", "12.623")
    g.fpp = 100
    for kind in ("A-T Ditch", "Pillbox 1+1+1", "Booby Traps", "Battalion Strongpoint"):
        with pytest.raises(SoloError, match=f"^{kind.replace('+', '.')}: only the Russian may purchase it"):
            parse({kind: 1})
    with pytest.raises(SoloError, match=r"^these Fortifications cost 105 FPP; the Germans have 100 \(12.623\)$"):
        parse({"Wire": 7})
    with pytest.raises(SoloError, match="give kind = count"):
        parse({"Wire": -1})
    # The Russian: Pillbox 1+2+4 (21) + 6 A-P factors (18) + A-T Ditch (21) = 60 of 60. Booby Traps at Level A: none.
    ru = r.side("Russian")
    ru.fpp = 100
    rparse = fortify.parser(r, "Russian", "12.623")
    assert rparse({"Pillbox 1+2+4": 1, "A-P Mine": 6, "A-T Ditch": 1}) == {
        "Pillbox 1+2+4": 1,
        "A-P Mine": 6,
        "A-T Ditch": 1,
    }
    fortify.set_booby_level(r, "A")
    with pytest.raises(SoloError, match="it is now A"):
        rparse({"Booby Traps": 1})


def test_recon_two_cpp_and_bad_answer(vr):
    # 12.624 the German spends 2 CPP for the +3 drm: dr 4 + 3 = 7 Locations; the CPP Left drop by 2.
    r = vr(faces=[4], human="German", answers={"recon": 2})
    r.side("Russian").cpp = 0
    g = r.side("German")
    start = g.cpp
    votg_strength.recon(r)
    assert (
        finals(r) == [7] and g.roster["14 Sept"].recon == 7 and g.cpp == start - 2 and g.roster["14 Sept"].left == g.cpp
    )
    r = vr(human="German", answers={"recon": 3})
    with pytest.raises(SoloError, match=r"^recon: 3: give a whole number from 0 to 2$"):
        votg_strength.recon(r)


# --- 12.622 Strength: Commissars, armor leaders, Gun Batteries and OBA -----------------------------

def test_commissars_limits(vr):
    # 12.6221 Gds Rifle Coy on 15 Sept (Historical -1): DR 1+1 = 2 - 1 = 1 -> Reinforced Strength, 14 squads;
    # 12.6225 leaders DR 3+3 = 6 - 1 (Guards) - 1 (Reinforced) = 4 -> 9-2, 8-1, + 7-0 (†).
    # 12.6226: one Coy bought today and 14 squads (one Commissar per twelve, FRD: 1): one leader may be exchanged.
    # (R1-R14 the squads, R15-R23 its nine SW, R24-R26 the leaders.)
    r = vr(faces=[1, 1, 3, 3], date="15 Sept", human="Russian", answers={"commissars": ["R26"]})
    buy(r, "Russian", "I1", "Gds Rifle Coy", "15 Sept", 7)
    votg_strength.strength(r)
    ru = r.side("Russian")
    assert [u.type for u in ru.retained("leader")] == ["9-2", "8-1", "8+1"]  # the 7-0 becomes a Commissar 8+1
    # Two leaders for one Coy: one clear line.
    r = vr(faces=[1, 1, 3, 3], date="15 Sept", human="Russian", answers={"commissars": ["R24", "R25"]})
    buy(r, "Russian", "I1", "Gds Rifle Coy", "15 Sept", 7)
    with pytest.raises(SoloError, match=r"^commissars: choose at most 1, not 2$"):
        votg_strength.strength(r)
    # EXC: a Commissar already in an OB of 14 squads fills the one-per-twelve limit: no exchange is offered.
    r = vr(faces=[1, 1, 3, 3], date="15 Sept", human="Russian")
    r.side("Russian").add("8+1", "leader")
    buy(r, "Russian", "I1", "Gds Rifle Coy", "15 Sept", 7)
    votg_strength.strength(r)
    assert not any(e.kind == "answer" for e in r.play.log.events)


def test_commissars_only_for_coy_leaders(vr):
    # 12.6226: "these new leaders" are those determined for the Infantry Coy RGs: a Pltn's new leader is not offered.
    # Russian Gds Rifle Coy (15 Sept) as above: DR 1+1 -> Reinforced, leaders DR 3+3 -> 9-2, 8-1, 7-0 (R24-R26).
    # Gds SMG Pltn: Pltn Strength DR 1+1 = 2 - 1 = 1 -> Full (4 squads, R27-R30); SW: LMG and DC, each a dr (†: 1-3
    # LMG, 4-6 DC): 1, 4 (R31, R32); the leader check dr 2 <= 4, then the Pltn Leader DR 5+5 = 10 -> Russian 7-0 (R33).
    r = vr(faces=[1, 1, 3, 3, 1, 1, 1, 4, 2, 5, 5], date="15 Sept", human="Russian", answers={"commissars": ["R33"]})
    buy(r, "Russian", "I1", "Gds Rifle Coy", "15 Sept", 7)
    pltn = buy(r, "Russian", "I6", "Gds SMG Pltn", "15 Sept", 3)
    with pytest.raises(SoloError, match=r"^commissars: 'R33' is not one of R24, R25, R26$"):
        votg_strength.strength(r)
    assert pltn.leaders == ["7-0"] and pltn.sw == ["LMG", "DC"] and r.side("Russian").unit("R33").type == "7-0"


def test_armor_leaders(vr):
    # 12.6221 Pltn Strength on 15 Sept (Historical -1 both): German StuG Pltn DR 2+2 = 4 - 1 = 3 <= 8 Full (3 StuG);
    # 12.6227 armor leader: German -1: DR 1+2 = 3 - 1 = 2 -> 10-2, in the Pltn's first AFV.
    # Russian T-34 Pltn: DR 3+3 = 6 - 1 = 5 Full (3); Russian +1: DR 6+5 = 11 + 1 = 12 -> Inexperienced Crews (D3.45).
    r = vr(faces=[2, 2, 1, 2, 3, 3, 6, 5], date="15 Sept")
    stug, t34 = (
        buy(r, "German", "A1", "StuG IIIB Pltn", "15 Sept", 5),
        buy(r, "Russian", "A1", "T-34 M41 Pltn", "15 Sept", 6),
    )
    votg_strength.strength(r)
    assert finals(r) == [3, 2, 5, 12]
    g, ru = r.side("German"), r.side("Russian")
    al = g.retained("armor-leader")
    assert stug.leaders == ["10-2 AL"] and al[0].type == "10-2" and al[0].detail["in"] == g.retained("vehicle")[0].id
    assert t34.leaders == ["Inexperienced Crews"] and all("inexperienced" in v.flags for v in ru.retained("vehicle"))
    # A DR of 6-11 gives no armor leader: German DR 4+4 = 8 - 1 = 7.
    r = vr(faces=[2, 2, 4, 4], date="15 Sept")
    p = buy(r, "German", "A1", "StuG IIIB Pltn", "15 Sept", 5)
    votg_strength.strength(r)
    assert p.leaders == [] and not r.side("German").retained("armor-leader")


def test_gun_battery_and_oba_module_strength(vr):
    # 12.6224 Gun Battery Table, Historical DRM: German on 14 Sept (0): DR 4+4 = 8 >= 8 -> one less of each Gun type:
    # "75* INF Gun x2, 37L ATG" gives one INF Gun and no ATG.
    # OBA Module, German table: DR 5+5 = 10 + 0 = 10 >= 9 -> Scarce.
    # Russian Battery on 20 Sept would take +1; here 14 Sept: DR 3+4 = 7 -> Full (two 76mm); Russian OBA table:
    # DR 1+1 = 2 -> Plentiful.
    r = vr(faces=[4, 4, 5, 5, 3, 4, 1, 1])
    for side, guns in (("German", "75* INF Gun x2, 37L ATG"), ("Russian", "76mm ART x2")):
        chart = r.chart(side)
        chart["G1"] = RGType("G1", side, "Gun Battery", guns, 4, None, None, (), 1, 4)
        chart["O9"] = RGType("O9", side, "OBA Module", "", 4, None, None, (), 1, 4)
        buy(r, side, "G1", "Gun Battery", "14 Sept", 4)
        buy(r, side, "O9", "OBA Module", "14 Sept", 4)
    votg_strength.strength(r)
    assert finals(r) == [8, 10, 7, 2]
    g, ru = r.side("German").purchases, r.side("Russian").purchases
    assert (g[0].strength, g[0].units) == ("Depleted", ["75* INF Gun"]) and g[1].strength == "Scarce"
    assert (ru[0].strength, ru[0].units) == ("Full", ["76mm ART", "76mm ART"]) and ru[1].strength == "Plentiful"


def test_gun_battery_historical_drm(vr):
    # 12.6224 ±x Historical DRM: German on 16 Sept -2: DR 5+4 = 9 - 2 = 7 -> Full; OBA DR 3+3 = 6 - 2 = 4 -> Plentiful.
    r = vr(faces=[5, 4, 3, 3], date="16 Sept")
    chart = r.chart("German")
    chart["G1"] = RGType("G1", "German", "Gun Battery", "37L ATG x2", 4, None, None, (), 1, 4)
    buy(r, "German", "G1", "Gun Battery", "16 Sept", 4)
    buy(r, "German", "O1", "105mm OBA", "16 Sept", 4)
    votg_strength.strength(r)
    assert finals(r) == [7, 4]
    assert r.side("German").purchases[0].units == ["37L ATG", "37L ATG"]
    assert r.side("German").purchases[1].strength == "Plentiful"


# --- 12.626 Set-up guidance -----------------------------------------------------------------------

def test_setup_guidance(vr):
    # 12.6262 the Isolated units first; 12.6264 only "F" Fortifications in Front Line Locations; on-map / Reserve RG by
    # their Entry Code (12.6217), Cloaking >= six hexes from the enemy Front Line (12.6214b); who sets up first
    # (12.6253).
    r = vr()
    g = r.side("German")
    iso = g.add("4-6-7", "squad")
    iso.isolated = "C"
    g.add("4-6-7", "squad")
    g.fortifications.append(Fortification("German", "Wire", 1, "14 Sept"))
    buy(r, "German", "I1", "Rifle Coy", "14 Sept", 9, option="onmap")
    r.c.initiative = {"date": "14 Sept", "type": "Russian Assault", "chits": {"German": "Idle", "Russian": "Attack"},
                      "sets_up_first": "German"}
    lines = votg_setup.guidance(r, "German")
    assert lines[0].startswith(f"first the Isolated units in their Isolated Areas ({iso.id})")
    assert lines[1].startswith("1 squads: hold the stone buildings")
    assert "Wire x1" in lines[2] and "F in Front Line Locations (12.6264)" in lines[2]
    assert "I1" in lines[3] and "12.6214b" in lines[3] and lines[4] == "the Germans set up first (12.6253)"
    r.c.initiative["chits"]["German"] = "Attack"
    assert "concentrate on the stone buildings" in votg_setup.guidance(r, "German")[1]
    votg_setup.setup(r)
    assert "German set-up: first the Isolated units" in said(r) and "Recon inspections alternate" in said(r)



def test_12_6264_set_up_guidance_counts_each_fortification(vr):
    """12.6264: the computer's set-up words name its Fortifications with their number: 48 A-P mine factors bought in
    one record read "A-P Mine x48" (it said x1, counting records); saves before rules version 3 count records."""
    for rules, says in ((3, "A-P Mine x48"), (2, "A-P Mine x1")):
        r = vr()
        r.rules = rules
        r.side("German").fortifications.append(Fortification("German", "A-P Mine", 48, "14 Sept"))
        assert any(says in line for line in votg_setup.guidance(r, "German"))
