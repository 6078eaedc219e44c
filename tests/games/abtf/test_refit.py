"""A Bridge Too Far RePh 9.612-9.6216 with entered dice (seed 004); every EX of these sections."""

import pytest

from solo.campaign.state import Purchase, RosterLine
from solo.core.errors import SoloError
from solo.games.abtf import aftermath
from solo.games.abtf import purchase as buy
from solo.games.abtf import refit as dated
from solo.games.abtf import setup as commence
from solo.games.abtf.aftermath import set_shortage_level, shortage_level
from tests.games.abtf.fixture import abtf_reph, facts, rolls


def mods(trace) -> dict:
    return {m["name"]: m["value"] for m in trace["modifiers"]}


def test_new_date_and_san_adjustment():
    # 9.61221: British SAN 5: dr 3 + (5 - 4) = 4 >= 4 -> SAN 3. 9.61222: German SAN 6: dr 2 + 1 = 3 -> no change.
    r = abtf_reph(faces=[2, 3], date="18AM")
    r.side("British").san, r.side("German").san = 5, 6
    dated.new_date(r)
    assert r.c.date == "18PM"
    assert (r.side("German").san, r.side("British").san) == (6, 3)
    assert [t["final"] for t in rolls(r)] == [3, 4]


def test_san_below_two_is_raised_without_a_roll():
    r = abtf_reph(date="18AM")
    r.side("German").san, r.side("British").san = 1, 3  # British 3 < 4: no dr either
    dated.new_date(r)
    assert (r.side("German").san, r.side("British").san) == (2, 3) and rolls(r) == []


def test_shift_british_after_an_idle_date_fails():
    # 9.613: British group, 5 Uncontrolled hexes (+1 per two, FRD: +2), British -2, previous CG Date Idle -1:
    # DR 6+5 = 11, Final 10 -> "Failed attempt": it stays.
    r = abtf_reph(faces=[6, 5], human="British", answers={"shift": ["B1+B2>Block D hexes=5"]})
    r.c.history = [{"type": "Idle Day"}]
    b = r.side("British")
    units = [b.add("6-4-8", "squad"), b.add("8-1", "leader")]
    dated.shift(r)
    trace = rolls(r)[0]
    assert mods(trace) == {"british": -2, "idle": -1, "hexes": 2} and trace["final"] == 10
    assert all("area" not in u.detail for u in units)


def test_shift_eleven_casualty_dr_per_unit():
    # German group: DR 5+6 = 11, no DRM -> "Successful Shift, Casualty Reduction": each unit a dr; the 4-6-7 rolls
    # 4 (>= 4: Casualty Reduced to a HS), the StuG rolls 3 (safe).
    r = abtf_reph(faces=[5, 6, 4, 3], human="German", answers={"shift": "G1+G2>Entry Area hexes=1"})
    g = r.side("German")
    squad, stug = g.add("4-6-7", "squad"), g.add("StuG IIIG", "vehicle")
    dated.shift(r)
    assert squad.kind == "hs" and stug.retained and squad.detail["area"] == "Entry Area"


def test_shift_to_an_entry_area_is_german_only():
    r = abtf_reph(human="British", answers={"shift": ["B1>Entry Area"]})
    r.side("British").add("6-4-8", "squad")
    with pytest.raises(SoloError, match="only the German may Shift to an Eligible Entry Area"):
        dated.shift(r)


def test_computer_does_not_shift_without_the_map_facts():
    r = abtf_reph()
    r.side("German").add("4-6-7", "squad")
    dated.shift(r)
    assert rolls(r) == []


@pytest.mark.parametrize("faces, leader, repaired", [([3], None, True), ([4], None, False),
                                                     ([5], "9-2", True), ([6], "9-2", False)])
def test_weapon_repair_panther_example(faces, leader, repaired):
    # 9.6142 EX: a German Panther MA (Repair # 1, vehicular -1) repairs on an original dr <= 3; with a Retained 9-2
    # Armor Leader assigned to it, on any original dr other than 6. Not repaired: MA disabled, the AFV Recalled.
    r = abtf_reph(faces=faces)
    g = r.side("German")
    panther = g.add("PzKpfw VG", "vehicle")
    panther.flags.add("malfunctioned")
    if leader:
        g.add(leader, "armor-leader", **{"in": panther.id})
    facts(r)
    dated.equipment(r)
    assert ("malfunctioned" not in panther.flags) == repaired
    assert panther.retained == repaired


def test_vehicle_immobilization_stun_and_recall():
    # 9.6141b: immobilized in Uncontrolled Territory (+1): dr 1, Final 2 -> mobile. d) stunned: dr 6 -> Eliminated.
    # c) a Mobile AFV under Recall is removed.
    r = abtf_reph(faces=[1, 6])
    g = r.side("German")
    stuck, stunned, recalled = (
        g.add("StuG IIIG", "vehicle"),
        g.add("PzKpfw IVJ", "vehicle"),
        g.add("PzKpfw VG", "vehicle"),
    )
    stuck.flags.add("immobilized")
    stunned.flags.add("stunned")
    recalled.flags.add("recall")
    facts(r, uncontrolled=[stuck.id])
    dated.equipment(r)
    assert "immobilized" not in stuck.flags and not stunned.retained and not recalled.retained
    assert mods(rolls(r)[0]) == {"front-line": 1}


def test_captured_equipment_and_special_ammo():
    # 9.6143 German only: a captured British PIAT, dr 4 -> Eliminated. 9.6144: German APCR dr 4 - 1 = 3 -> restored;
    # British HE with Ammunition Shortage Level 2: dr 2 + 2 = 4 -> remains depleted.
    r = abtf_reph(faces=[4, 4, 2])
    piat = r.side("British").add("PIAT", "sw")
    tiger = r.side("German").add("PzKpfw VIE", "vehicle")
    gun = r.side("British").add("6-Pdr AT Gun", "gun")
    set_shortage_level(r, 2)
    facts(r, captured=[piat.id], depleted_ammo=f"{tiger.id}=APCR, {gun.id}=HE")
    dated.equipment(r)
    assert piat.side == "German" and not piat.retained
    finals = [(t["table"], t["final"], t["result"]) for t in rolls(r)]
    assert finals == [("abtf.captured_equipment", 4, "Eliminated (disabled if vehicular)"),
                      ("abtf.special_ammo_restoration", 3, "Restores special ammunition type"),
                      ("abtf.special_ammo_restoration", 4, "Ammo remains depleted")]


def test_reinforcement_schedule_18am_and_20am():
    # 9.6152 18AM: British I1, I2 (note 1), SAN +2 (7 maximum); German 20 FPP (note 2), SAN -1 (2 minimum).
    r = abtf_reph(date="18AM")
    r.side("British").san, r.side("German").san = 6, 2
    dated.reinforcements(r)
    given = [(p.rg, p.given) for p in r.side("British").purchases]
    assert given == [("I1", True), ("I2", True)]
    assert "British Entry Area" in r.side("British").purchases[0].options["enters"]
    assert (r.side("British").san, r.side("German").san, r.side("German").fpp) == (7, 2, 20)
    later = abtf_reph(date="20AM")
    dated.reinforcements(later)
    assert later.side("German").san == 4  # the unprinted side read as German (missions/abtf.toml)


def test_cpp_base_number_plus_secret_dr():
    # 9.6161 18PM: British 25, German 15; 9.6162 DR 3+4 = 7 and 6+6 = 12.
    r = abtf_reph(faces=[6, 6, 3, 4], date="18PM")
    for s in r.c.sides.values():
        s.roster["18PM"] = RosterLine("18PM", start=2)
        s.cpp = 2
    dated.cpp(r)
    assert (r.side("German").cpp, r.side("British").cpp) == (2 + 15 + 12, 2 + 25 + 7)


def test_purchase_halves_unspent_cpp_and_checks_maximums():
    # 9.617: the British spend 5 of 16 CPP on I1; 11 left, halved FRU -> 6.
    r = abtf_reph(human="British", answers={"purchase": ["I1"]}, date="18PM")
    b = r.side("British")
    b.cpp = 16
    r.side("German").cpp = 0
    dated.roster(b, "18PM")
    buy.purchase(r)
    assert b.cpp == 6 and b.roster["18PM"].spent == 5 and b.roster["18PM"].left == 6
    with pytest.raises(SoloError, match="CG Date Max is 1"):
        buy.check_purchase(r, b, ["I2", "I2"])
    with pytest.raises(SoloError, match="costs 12 CPP but the Germans have 0"):
        buy.check_purchase(r, r.side("German"), ["A3", "I1"])


def _bought(r, side, *ids):
    s = r.side(side)
    for rg in ids:
        g = r.rg(side, rg)
        s.purchases.append(Purchase(len(s.purchases) + 1, g.id, g.title, r.c.date, g.cpp))


def test_sw_allotment_example():
    # 9.6182 EX: 2 SS Rifle Pltns (I1, one depleted) and a full VG Pltn (I3).
    # 1st I1: Strength DR 2+2 = 4 Full; "*" dr 1 -> Lt. Mtr; LMG and Lt. Mtr received; Leader DR 3+3 = 6 -> 8-1.
    # 2nd I1: Strength DR 6+5 = 11 Depleted; "*" dr 4 -> PSK; LMG dr 3 (<= 3) received; PSK dr 2 (<= 2) received;
    #   Leader DR 1+1 = 2 -> 10-2.
    # I3 VG: Strength DR 4+4 = 8, +1 VG Pltn = 9 Full; LMG received; Leader DR 5+5 = 10, +2 VG = 12 -> 7-0.
    r = abtf_reph(faces=[2, 2, 1, 3, 3, 6, 5, 4, 3, 2, 1, 1, 4, 4, 5, 5], human="German", date="18PM")
    _bought(r, "German", "I1", "I1", "I3")
    buy.strength(r)
    first, second, vg = r.side("German").purchases
    assert (first.strength, first.sw, first.leaders) == ("Full", ["LMG", "Lt. Mtr"], ["8-1"])
    assert (second.strength, second.sw, second.leaders) == ("Depleted", ["LMG", "PSK"], ["10-2"])
    assert (vg.strength, vg.sw, vg.leaders) == ("Full", ["LMG"], ["7-0"])
    assert len(second.units) == 2 and len(first.units) == 3


def test_vehicle_group_composition_and_armor_leaders():
    # 9.6184 A2: Strength DR 3+3 Full; composition dr 4 -> PzKpfw VG + PzKpfw IVJ; (Armor) DR 2+2 = 4, Med Tank -1
    # = 3 -> (9-1). A3: DR 1+1 Full; dr 2 -> PzKpfw VIE(L) x2; DR 3+4 = 7, Hvy Tank -2 = 5 -> (8-1)†: a 9-1 A.L.
    # A4(G) is KG Graebner's: no composition dr, 2 StuG IIIG (Strength DR 2+2), Armor DR 6+6 = 12 + 1 SPG: none.
    r = abtf_reph(faces=[3, 3, 4, 2, 2, 1, 1, 2, 3, 4, 2, 2, 6, 6], human="German", date="18PM")
    _bought(r, "German", "A2", "A3", "A4(G)")
    buy.strength(r)
    a2, a3, a4 = r.side("German").purchases
    assert a2.units == ["PzKpfw VG", "PzKpfw IVJ"] and a2.leaders == ["9-1 AL"]
    assert a3.units == ["PzKpfw VIE(L)", "PzKpfw VIE(L)"] and a3.leaders == ["9-1 AL"]
    assert a4.units == ["StuG IIIG", "StuG IIIG"] and a4.leaders == []
    leader = r.side("German").retained("armor-leader")[0]
    assert leader.detail["in"] == next(u.id for u in r.side("German").units if u.type == "PzKpfw VG")


def test_british_commando_strength_sw_and_leader():
    # British -2: DR 5+5 = 10 - 2 = 8 Full; I3 gets LMG, PIAT, DC; Leader Commando -1: DR 1+1 = 2 - 1 = 1 -> 10-3.
    r = abtf_reph(faces=[5, 5, 1, 1], human="British", date="18PM")
    _bought(r, "British", "I3")
    buy.strength(r)
    p = r.side("British").purchases[0]
    assert (p.strength, p.sw, p.leaders, len(p.units)) == ("Full", ["LMG", "PIAT", "DC"], ["10-3"], 3)


def test_fortification_costs_and_limits():
    # 9.619: German A-P factor 3 FPP (British 6); Wire German only; 12 A-P factors per CG Date; A-T Mines British only.
    r = abtf_reph(human="German", answers={"fortifications": {"Wire": 1, "AP Mine": 3, "?": 1}})
    r.side("German").fpp = 20
    buy.fortifications(r)
    assert [(f.kind, f.count, f.fpp) for f in r.side("German").fortifications] == [("Wire", 1, 10), ("AP Mine", 3, 9),
                                                                                    ("?", 1, 1)]  # the price of each
    assert r.side("German").fpp == 0
    assert buy.fortification_cost(r, "British", "AP Mine") == 6
    b = r.side("British")
    b.fpp = 100
    parse = buy.fortification_parser(r, b)
    for bad, message in (({"Wire": 1}, "only the Germans"), ({"AP Mine": 13}, "at most 12 A-P"),
                         ({"AT Mine": 3}, "at most 2 A-T Mines per CG Date"), ({"HIP squad": 2}, "HIP for at most")):
        with pytest.raises(SoloError, match=message):
            parse(bad)


def test_computer_purchases_and_fortifications_are_legal():
    r = abtf_reph(date="18PM")
    g = r.side("German")
    g.cpp, g.fpp = 20, 20
    r.side("British").cpp = 9
    buy.purchase(r)
    buy.fortifications(r)
    decisions = {e.data["what"] + e.side: e.data for e in r.play.log.events if e.kind == "decision"}
    assert decisions["purchaseGerman"]["value"] and "points/CPP" in decisions["purchaseGerman"]["why"]
    assert sum(f.count * buy.fortification_cost(r, "German", f.kind) for f in g.fortifications) == 20


def test_elr_example_21pm():
    # 9.6202 EX on 21PM: British Attack chit on 21AM, 42 CVP inflicted, Idle CG Date on 20N, Ammunition Shortage
    # Level 2: -1 CVP, +1 scenario, +1 chit, +4 Campaign Exhaustion, +2 Shortage = +7. German: 38 CVP, Attack chit:
    # -1 +1 +1 +2 (half of 4) = +3. The chart prints +3 for 21PM (+6 / +2): the EX's +4 is kept as an override.
    r = abtf_reph(date="21PM")
    r.c.history = [{"type": "Idle Day", "chits": {"German": "Idle", "British": "Idle"}},
                   {"type": "Dual Attack", "chits": {"German": "Attack", "British": "Attack"}}]
    set_shortage_level(r, 2)
    facts(r, british_cvp=42, german_cvp=38)
    british = {"cvp": -1, "scenarios": 1, "attack-chits": 1, "exhaustion": 4, "shortage": 2}
    german = {"cvp": -1, "scenarios": 1, "attack-chits": 1, "exhaustion-half": 2}
    assert _drm(r, "British", 4) == british and sum(british.values()) == 7
    assert _drm(r, "German", 4) == german and sum(german.values()) == 3
    assert sum(_drm(r, "British").values()) == 6 and sum(_drm(r, "German").values()) == 2


def _drm(r, side, ce=None) -> dict:
    from solo.rules.resolve import applied_modifiers
    table = r.cat.get("abtf.elr_loss_gain")
    return {a.name: a.value for a in applied_modifiers(r.cat, table, commence.elr_mods(r, side, ce), "")}


def test_ammunition_shortage_and_elr_rolls():
    # 9.6201 on 19AM: 3 British Attack chits (+2; three British Assaults on record), Campaign Exhaustion +1: DR 4+3 =
    # 7, Final 10 -> Level 1. 9.6202: the three scenarios since the last Idle CG Date count +1 each. German DR 6+6 =
    # 12 + 3 scenarios, exhaustion-half (19AM +1 // 2 = 0) -> 15; British DR 1+1 = 2 + 3 scenarios + 3 Attack chits
    # + 1 Exhaustion + 1 Level 1 -> 10.
    r = abtf_reph(faces=[4, 3, 6, 6, 1, 1], date="19AM")
    r.c.history = [{"type": "British Assault", "chits": {"German": "Idle", "British": "Attack"}}] * 3
    facts(r)
    commence.ammo_and_elr(r)
    assert shortage_level(r) == 1
    assert [t["final"] for t in rolls(r)] == [10, 15, 10]
    idle = abtf_reph(faces=[1, 1, 1, 1], date="19PM")
    idle.c.history = [{"type": "Idle Day"}]
    idle.side("German").elr = 2
    facts(idle)
    commence.ammo_and_elr(idle)
    assert shortage_level(idle) == 0  # not after an Idle CG Date (9.6201 EXC)
    assert idle.side("German").elr == 3 and idle.side("British").elr == 5  # -3 per Idle Date: Final <= 2, +1 (max 5)


def test_weather_ec_and_wind_with_every_drm():
    # 9.62161 on 18N after an Overcast, Dry 18EVE scenario: weather DR 3+3 = 6, -1 Overcast -1 Night = 4 Overcast;
    # EC dr 3 +1 Dry -1 Night = 3 Moderate; wind dr 3 -1 Night +2 Overcast = 4 Mild Breeze (direction B26.52).
    r = abtf_reph(faces=[3, 3, 3, 3], date="18N")
    r.c.scenarios = [type("S", (), {"date": "18EVE"})()]
    r.c.weather["18EVE"], r.c.ec["18EVE"] = "Overcast", "Dry"
    commence.weather(r)
    assert (r.c.weather["18N"], r.c.ec["18N"]) == ("Overcast", "Moderate")
    assert [(t["final"], t["result"]) for t in rolls(r)][2] == (4, "Mild Breeze (1)")
    assert "Base NVR per E1.11" in r.c.record[-1]["text"]


def test_fpp_rg_and_a_chart_missing_from_the_pack():
    # A RG without Full/Depleted gives its "Units Received" as written: the test chart's F1 "20 FPP" (9.619 FPP).
    r = abtf_reph(human="German", date="18PM")
    _bought(r, "German", "F1")
    buy.strength(r)
    assert r.side("German").fpp == 20 and r.side("German").purchases[0].units == ["20 FPP"]
    bare = abtf_reph(pack=False, human="German", answers={"purchase": []})
    with pytest.raises(SoloError, match="abtf.rg_chart_german"):
        buy.purchase(bare)


def test_cpp_on_17n_has_no_base_number():
    # 9.6161: 17N prints "-" (no CPP): only the DR 2+3 = 5 arrives.
    r = abtf_reph(faces=[2, 3, 1, 1], date="17N")
    dated.cpp(r)
    assert (r.side("German").cpp, r.side("British").cpp) == (5, 2)


def test_setup_says_who_sets_up_first_and_where():
    # 9.6214 after a German Assault (9.62133b): the British set up first, in their Controlled Blocks.
    r = abtf_reph(date="19AM")
    r.c.initiative = {"type": "German Assault", "sets_up_first": "British"}
    r.c.flags |= {"block:C=British", "block:H=German"}
    commence.setup(r)
    text = r.c.record[-1]["text"]
    assert (
        text.startswith("the British side sets up first") and "British: Blocks C" in text and "German: Blocks H" in text
    )


@pytest.mark.parametrize(("dr", "first"), [(4, "German"), (5, "British")])
def test_9_6215_dual_assault_first_move_dr(dr, first):
    """9.6215: "For Dual Assaults, the German player now makes a dr. On a dr <= 4, the German moves first. On a dr >= 5,
    the British moves first." (issue 20.14: ABtF had no first-move step). Saves of rules 3 on; older saves replay
    without the dr."""
    from solo.campaign.engine import run_step
    step = next(sd for sd in abtf_reph().defn.steps if sd.rule == "9.6215")
    r = abtf_reph(faces=[dr], date="19AM")
    r.rules = 3
    r.c.initiative = {"type": "Dual Attack", "sets_up_first": "British", "moves_first": None}
    run_step(r, step)
    assert r.c.initiative["moves_first"] == first
    assert [(t["table"], t["original"]) for t in rolls(r)] == [("abtf.first_move", dr)]
    purposes = [e.data["purpose"] for e in r.play.log.events if e.kind == "roll"]
    assert purposes == ["Dual Attack: who moves first (9.6215)"]  # 'solo cg log' shows the rule beside the dr
    old = abtf_reph(faces=[dr], date="19AM")
    old.rules = 2
    old.c.initiative = {"type": "Dual Attack", "sets_up_first": "British", "moves_first": None}
    run_step(old, step)
    assert old.c.initiative["moves_first"] is None and not rolls(old)


@pytest.mark.parametrize("rules", [3, 2])
def test_9_6143_captured_vehicle_without_a_functioning_weapon_is_a_burnt_out_wreck(rules):
    """9.6143: "if >= 4 it is Eliminated (disabled if vehicular) ... a captured vehicle may remain in play if it has any
    functioning Weapon (even if MA is disabled); otherwise it is replaced with a Burnt-out Wreck. No CVP are awarded
    for Eliminated Weapons." (issue 20.23: it was never replaced). Two captured Shermans, MA dr 4 each: the one with a
    working MG (its own dr 1, from rules 3: OtO2's rule, repair.captured_weapons) stays, MA disabled; the one whose MG
    is disabled becomes a Burnt-out Wreck (no CVP). From rules 3 they are the German's from the scenario's end
    (9.601). Saves before rules 3: both stay."""
    faces = [4, 1, 4] if rules >= 3 else [4, 4]
    r = abtf_reph(faces=faces)
    r.rules = rules
    kept, bare = r.side("British").add("Sherman V", "vehicle"), r.side("British").add("Sherman V", "vehicle")
    bare.flags.add("mg-disabled")
    facts(r, captured=[kept.id, bare.id])
    if rules >= 3:
        aftermath.melee(r)
    dated.equipment(r)
    assert [(t["table"], t["original"]) for t in rolls(r)] == [("abtf.captured_equipment", f) for f in faces]
    assert kept.side == "German" and kept.retained and "ma-disabled" in kept.flags
    assert bare.retained == (rules < 3) and "reph_eliminated" not in r.c.facts


def test_9_6141c_recalled_afv_cvp_only_if_it_ended_on_the_map():
    """9.6141c: "CVP for Recalled AFV which ended the CG Scenario on map are awarded normally. No CVP are awarded for
    Recalled AFV which exited the map during play." (issue 20.24: every Recalled AFV gave CVP). Two German AFV under
    Recall are removed; the one that exited the map (facts "exited") gives the British no CVP for the ELR DRM of 9.6202,
    the one that ended on the map its 5 (the stand-in A26 value of solo/campaign/facts.py)."""
    from solo.campaign.steps.losses import reph_cvp
    r = abtf_reph()
    g = r.side("German")
    stayed, exited = g.add("PzKpfw VG", "vehicle"), g.add("PzKpfw VG", "vehicle")
    for v in (stayed, exited):
        v.flags.add("recall")
    facts(r, exited=[exited.id])
    dated.equipment(r)
    assert not stayed.retained and not exited.retained
    assert r.c.facts["reph_eliminated"] == [stayed.id] and reph_cvp(r, "British") == 5
