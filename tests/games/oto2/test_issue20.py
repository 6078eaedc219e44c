"""Issue 20 (OtO2): the rules discrepancies fixed, one test per rule, each failing on the code before its fix.

Each fix that changes what the same dice give is gated on the save's rules version (solo/core/store.py RULES): the
tests set ``r.rules = 3`` as a new save is, and where it matters show that an older save keeps its old rules.
"""

import pytest

from solo.campaign import choices
from solo.campaign.facts import check
from solo.campaign.state import Fortification, Purchase, ScenarioResult
from solo.campaign.steps import fortify, scenario_end
from solo.core.errors import SoloError
from solo.games.abtf import areas
from solo.games.oto2 import aftermath, purchase
from solo.games.oto2 import end as end_module
from solo.games.oto2 import refit as reorganization
from solo.games.rb import aftermath as rb_aftermath
from solo.games.votg import aftermath as votg_aftermath
from tests.games.abtf.fixture import abtf_reph
from tests.games.abtf.fixture import facts as abtf_facts
from tests.reph import day_reph


def _facts(r, **given):
    r.c.facts = check(r.c, given)


def test_7_5132_cupolas_are_repaired(make_reph):
    """4.1 with 7.5132 (issue 20.1): "A Malfunctioned MGC is automatically repaired in the RePh (7.5132)": no dr, and
    the cupola is no longer malfunctioned, whatever a die would have said. An old save still rolls for it."""
    r = make_reph(faces=[6])
    r.rules = 3
    g = r.side("German")
    cupola = g.add("HMG Cupola", "cupola")
    cupola.flags.add("malfunctioned")
    reorganization._weapon_repair(r, g)
    assert cupola.retained and "malfunctioned" not in cupola.flags
    assert len(r.play.log) == 0  # no Weapon Repair dr
    old = make_reph(faces=[6])
    cupola = old.side("German").add("HMG Cupola", "cupola")
    cupola.flags.add("malfunctioned")
    reorganization._weapon_repair(old, old.side("German"))
    assert len(old.play.log) == 1 and "malfunctioned" in cupola.flags


def test_7_5061_only_an_enemy_smc_in_a_type_c_area_must_escape(make_reph):
    """7.5061 (issue 20.2): "Each SMC enclosed in a type B or C Isolated Area [EXC: only an enemy SMC in a type C] must
    attempt to Escape": a German leader with his own squad in a type C Area may stay; a Russian leader in that Area (no
    Russian MMC Isolated in a type C Area: the enemy SMC) and a German leader in a type B Area must Escape."""
    r = make_reph(faces=[1, 1, 1, 1], human="German", answers={"escape": ["G3"]})
    r.rules = 3
    g, ru = r.side("German"), r.side("Russian")
    g.add("4-6-7", "squad")
    with_squad, alone = g.add("9-1", "leader"), g.add("8-0", "leader")
    enemy = ru.add("8-1", "leader")
    _facts(r, isolated={with_squad.id: "C", "G1": "C", alone.id: "B", enemy.id: "C"})
    aftermath.perimeter(r)
    assert aftermath.must_escape(r, g) == [alone.id]
    assert aftermath.must_escape(r, ru) == [enemy.id]
    r.rules = 1  # an old save keeps the rule it was played by
    assert aftermath.must_escape(r, g) == [with_squad.id, alone.id]
    r.rules = 3
    aftermath.isolation(r)  # the German answer leaves the 9-1 with his squad: accepted
    assert (with_squad.isolated, alone.isolated, enemy.isolated) == ("C", "", "")


def _tables_rolled(r):
    return [e.data["trace"]["table"] for e in r.play.log.events if "trace" in e.data]


def test_7_5197_german_platoons_are_led_by_their_platoon_dr(make_reph):
    """7.5197: "For each AFV platoon, or platoon sized infantry unit received ... Roll on the following chart to
    determine the leadership quality"; the German I3 Pioneer Plt and I4 Assault Plt (note a) make the Platoon dr, and
    not also 7.5196's DR (issue 36: the two gave four leaders for three squads; note e's "Leader types ... per 7.5196"
    names their types). Initial Scenario (IHSR 2: Full, no Strength DR); every face 4: the Platoon dr 4 gives an 8-1.
    Saves of rules 3 and 4 rolled both (issue 20.3's reading): the 7.5196 DR 8, Historical 23AM German -1, Final 7
    gave "9-1, 8-1, 7-0" besides."""
    for rules, leaders in ((5, ["8-1"]), (3, ["9-1", "8-1", "7-0", "8-1"])):
        for rg, title in (("I3", "Pioneer Plt."), ("I4", "Assault Plt.")):
            r = make_reph(faces=[4] * 40)
            r.rules = rules
            g = r.side("German")
            p = Purchase(1, rg, title, "23AM", 6)
            g.purchases.append(p)
            purchase._receive(r, g, p)
            assert "oto2.platoon_leader" in _tables_rolled(r)
            assert ("oto2.leader_generation" in _tables_rolled(r)) == (rules < 5)
            assert p.leaders == leaders and sorted(u.type for u in g.retained("leader")) == sorted(leaders)


def test_cg7_unused_aircraft_and_bombardments_are_retained(make_reph):
    """CG7 (issue 20.5): "Each RG, or part thereof, not entering-play/used during a CG scenario is still available for
    the next CG scenario"; a Bombardment is eliminated once resolved (RG note m, footnote 20). The facts name what was
    used: a used Bombardment and Sturmovik go, an unused one of each is Retained; the Initial OB's GA, Recalled at the
    end of Turn 2 (IHSR 4), always go. An old save still loses them all."""
    def reph(rules):
        r = make_reph()
        r.rules = rules
        ru = r.side("Russian")
        units = [ru.add("Bombardment", "bombardment", 1), ru.add("Bombardment", "bombardment", 2),
                 ru.add("Sturmovik", "aircraft", 3), ru.add("Sturmovik", "aircraft", 4),
                 ru.add("44A GA without rockets", "aircraft")]
        _facts(r, used=[units[0].id, units[2].id])  # "RS1", "RS3": the secret units are numbered apart (issue 21)
        aftermath.marker_removal(r)
        return [u.retained for u in units]

    assert reph(3) == [False, True, False, True, False]
    assert reph(1) == [False] * 5


def test_7_5131c_vehicles_held_back_at_cg_end_count_for_cvp(make_reph):
    """7.5131c (issue 20.6): a vehicle held back for Low Ammunition "at CG End ... is Eliminated and added to the CVP
    totals". The Russians end 24PM with LVP 9 and 210 CVP: 9 + 10 = 19 VP; a German StuG still held back, worth 10 CVP
    (the facts' german_held_back_cvp), brings 220 CVP: 20 VP, a Russian CG win. An old save does not count them."""
    def end(rules):
        r = make_reph()
        r.rules = rules
        r.c.date = "24PM"
        r.c.scenarios = [ScenarioResult("24PM", {"Russian": 210, "German": 0}, "German", lvp=9, vp=19)]
        r.side("German").cpp = 0
        stug = r.side("German").add("StuG IIIG", "vehicle")
        stug.flags.add("held-back")
        _facts(r, lvp=9, german_held_back_cvp=10)
        end_module.finish(r)
        assert not stug.retained
        return r.c.result

    assert (end(3)["vp"], end(3)["winner"]) == (20, "Russian")
    assert (end(1)["vp"], end(1)["winner"]) == (19, "German")


def test_7_5063_adjacent_is_cumulative_and_pp_beyond_ipc_counts(make_reph):
    """7.5063 Escape DRM (issue 20.7): "-1 If <= 2 hexes from" and "-1 If adjacent to a friendly-Controlled,
    non-Isolated hex" are both met by an adjacent unit (-2), and "+1 Per PP > IPC being carried" applies to the PP the
    answer gives ("+SW pp=N"). A German 4-6-7 (+1 HS equivalency) adjacent (-2) carrying its HMG 2 PP beyond its IPC
    (+2): DR 4+4 = 8, Final 9, "Escapes, Replaced" (to a 4-4-7). An old save keeps -1 for adjacent and no PP DRM."""
    r = make_reph(faces=[4, 4], human="German", answers={"escape": ["G1+G2 pp=2"]})
    r.rules = 3
    g = r.side("German")
    squad, hmg = g.add("4-6-7", "squad"), g.add("HMG", "sw")
    _facts(r, isolated={"G1": "C", "G2": "C"}, near={"G1": "adjacent"})
    aftermath.perimeter(r)
    assert aftermath.escape_mods(r, squad, 2) == ("Infantry", {"within-2": True, "adjacent": True, "hs": 1, "pp": 2})
    parse = choices.escape_parser(g, [], [squad], "7.5061")
    for bad in (["G1 pp=2"], ["G1+G2 pp=x"]):  # PP with nothing carried; not a number: one line each
        with pytest.raises(SoloError, match="pp"):
            parse(bad)
    aftermath.isolation(r)
    trace = r.play.log.events[-1].data["trace"]
    assert (trace["original"], trace["final"]) == (8, 9)
    assert (squad.type, squad.isolated, hmg.isolated) == ("4-4-7", "", "")
    r.rules = 1
    assert aftermath.escape_mods(r, squad, 2) == ("Infantry", {"adjacent": True, "hs": 1})


def test_11_6063_and_12_6073_rb_and_votg_escape_share_the_drm(pack):
    """RB 11.6063 and VotG 12.6073 print the same <= 2 hexes / adjacent / PP > IPC DRM (issue 20.7): one
    implementation (escape.shared_drm) gives an adjacent Russian 6-2-8 carrying 1 PP beyond its IPC -1 -1 +1; no PP
    DRM for an AFV (*NA to AFV)."""
    for cg, date, variant, module in (("rb", "17 Oct", "I", rb_aftermath), ("votg", "14 Sept", "II", votg_aftermath)):
        pack(cg)
        r = day_reph(cg, date, variant)
        r.rules = 3
        ru = r.side("Russian")
        squad, tank = ru.add("6-2-8", "squad"), ru.add("T-34 M43", "vehicle")
        r.c.facts = check(r.c, {"near": {squad.id: "adjacent", tank.id: "within-2"}, "winner": "Russian"})
        _, mods = module.escape_mods(r, squad, 1)
        assert (mods["within-2"], mods["adjacent"], mods["pp"]) == (True, True, 1), cg
        _, mods = module.escape_mods(r, tank, 1)
        assert "pp" not in mods and "adjacent" not in mods and mods["within-2"], cg


def test_7_514_a_removed_fortification_leaves_the_count(make_reph):
    """7.514 (issue 20.11): a Removal dr <= 3 "Eliminated and Removed from the map": the Russians remove German Wire
    (rear, dr 1), a German Minefield hex of the Initial OB (dr 2) and a German Trench (dr 5: No Effect). The German
    Wire x10 becomes x9, the Minefield hexes x4 x3, the Trenches stay x10; a count reaching 0 leaves the record. An
    old save's counts never went down."""
    def removal(rules):
        r = make_reph(faces=[1, 2, 5], human="Russian", answers={"removal": [1, 2, 3]})
        r.rules = rules
        g, ru = r.side("German"), r.side("Russian")
        for _ in range(3):
            ru.add("4-5-8", "squad")
        g.fortifications = [Fortification("German", "Wire", 10, "23AM", True),
                            Fortification("German", "Minefield hex (3 AT, 6 AP mines)", 4, "23AM", True),
                            Fortification("German", "Trench", 10, "23AM", True)]
        _facts(r, removal=[{"side": "Russian", "item": item} for item in ("Wire", "Minefield", "Trench")])
        reorganization.removal(r)
        return [f.count for f in g.fortifications]

    assert removal(3) == [9, 3, 10]
    assert removal(1) == [10, 4, 10]
    r = make_reph()
    r.rules = 3
    g = r.side("German")
    g.fortifications = [Fortification("German", "AP Mine", 6, "23PM", fpp=12),
                        Fortification("German", "Foxhole 3", 1, "23PM", fpp=3)]
    fortify.lose(r, [g], "AP Mine 4", "7.514")
    fortify.lose(r, [g], "Foxhole 3", "7.514")
    assert [(f.kind, f.count, f.fpp) for f in g.fortifications] == [("AP Mine", 2, 4)]  # the 2 factors left: 4 FPP


def test_7_5114_an_armor_leader_whose_afv_is_gone_changes_afv_or_goes(make_reph):
    """7.5114 (issue 20.12): a non-Isolated armor leader whose AFV is gone "must be placed in any retained,
    non-Isolated AFV of the same vehicle type, or if none is available, may be placed into any other retained,
    non-Isolated AFV". The Russian 9-1 of an Eliminated T-34 goes into the other T-34 (not the KV, nor the Isolated
    T-34); the German 8-1 of an Eliminated StuG has no AFV left and is Eliminated (solo's reading, D3.43). Every face
    6: no MMC or leader Battle Hardens."""
    def reph(rules):
        r = make_reph(faces=[6] * 8)
        r.rules = rules
        r.c.scenarios = [ScenarioResult("23AM", {"Russian": 0, "German": 0}, "German")]
        ru, g = r.side("Russian"), r.side("German")
        lost, kv, isolated, other = (ru.add(t, "vehicle") for t in ("T-34/M43", "KV-1S", "T-34/M43", "T-34/M43"))
        russian_al = ru.add("9-1", "armor-leader", **{"in": lost.id})
        stug = g.add("StuG IIIG", "vehicle")
        german_al = g.add("8-1", "armor-leader", **{"in": stug.id})
        _facts(r, eliminated=[lost.id, stug.id], isolated={isolated.id: "C"})
        scenario_end.melee(r)
        aftermath.perimeter(r)
        aftermath.battle_hardening(r)
        return russian_al, german_al, other

    russian_al, german_al, other = reph(3)
    assert russian_al.retained and russian_al.detail["in"] == other.id
    assert not german_al.retained
    russian_al, german_al, other = reph(1)  # an old save left them in the OB with no AFV
    assert russian_al.detail["in"] != other.id and german_al.retained


def test_7_5136_a_captured_afv_with_a_working_weapon_is_retained(make_reph):
    """7.5136 (issue 20.4): "A Captured AFV may continue to be Retained if it has any functioning weapon (even if its
    MA is Disabled); otherwise it becomes a Wreck"; 7.5135: an already malfunctioned Captured Weapon is Disabled, a
    functioning one Disabled on a dr >= 3, "Disablement of MA by either means does not cause Recall". The Germans
    captured three Russian T-34s: the first with its MA malfunctioned and its MG working (MG dr 2: kept), the second
    working (MA dr 4: Disabled; MG dr 1: kept), the third malfunctioned with no MG (mg_disabled "none"): no dr, a
    Wreck. An old save wrecked the first two as well (the second on its dr 4)."""
    def reph(rules, faces):
        r = make_reph(faces=faces)
        r.rules = rules
        ru = r.side("Russian")
        tanks = [ru.add("T-34/M43", "vehicle") for _ in range(3)]
        _facts(r, captured=[t.id for t in tanks], malfunctioned=[tanks[0].id, tanks[2].id],
               mg_disabled={tanks[2].id: "none"})
        scenario_end.melee(r)
        reorganization.equipment(r)
        return r, tanks

    r, tanks = reph(3, [2, 4, 1])
    assert [t.retained for t in tanks] == [True, True, False]
    assert all(t.side == "German" and "captured" in t.flags for t in tanks)
    assert all({"ma-disabled"} <= t.flags and "recall" not in t.flags and "mg-disabled" not in t.flags
               for t in tanks[:2])
    assert len(r.play.log) == 3
    r, tanks = reph(1, [4])
    assert [t.retained for t in tanks] == [False, False, False]


def test_cg13_the_oba_limit_is_on_the_modules_used(make_reph):
    """CG13 (issue 20.8): "The Russians are limited to using a maximum of four and the Germans a maximum of three OBA
    modules per CG Scenario": a German who Retains three modules may buy a fourth (an old save refused it), and the
    facts may name at most three German modules used (an FFE:1 placed, CG7); four are one clear line."""
    r = make_reph()
    r.rules = 3
    g = r.side("German")
    modules = [g.add("100mm+ OBA Battalion ART", "oba") for _ in range(3)]
    assert purchase.purchase_parser(r, g)("O1") == [{"rg": "O1"}]
    r.rules = 1
    with pytest.raises(SoloError, match="at most 3 OBA modules"):
        purchase.purchase_parser(r, g)("O1")
    fourth = g.add("100mm+ OBA Battalion ART", "oba")
    with pytest.raises(SoloError, match="the Germans may use at most 3 OBA modules per CG scenario .CG13.; 4 are"):
        _facts(r, used=[m.id for m in [*modules, fourth]])
    _facts(r, used=[modules[0].id, fourth.id])
    assert r.c.facts["used"] == [modules[0].id, fourth.id]


def test_7_5133_a_disabled_vehicular_mg_is_exchanged(make_reph):
    """7.5133 (issue 20.27): "A Disabled, non-Captured, vehicular-MG may be automatically repaired ... by Eliminating a
    MG of the type that would be given were the disabled MG to be Removed" (a LMG for a CMG), one "Retained within that
    Perimeter Area as the AFV". The German StuG's Disabled MG would give a LMG: the German agrees to Eliminate his
    non-Isolated LMG (not the Isolated one) and the MG works again; the PzIV's would give a MMG and none is Retained:
    no question. An old save asks nothing."""
    def reph(rules):
        r = make_reph(human="German", answers={"mg_exchange": True})
        r.rules = rules
        g = r.side("German")
        stug, pziv = g.add("StuG IIIG", "vehicle"), g.add("PzKpfw IVH", "vehicle")
        isolated_lmg, lmg = g.add("LMG", "sw"), g.add("LMG", "sw")
        _facts(r, mg_disabled={stug.id: "LMG", pziv.id: "MMG"}, isolated={isolated_lmg.id: "C"})
        scenario_end.melee(r)
        aftermath.perimeter(r)
        reorganization.equipment(r)
        return r, stug, pziv, isolated_lmg, lmg

    r, stug, pziv, isolated_lmg, lmg = reph(3)
    assert "mg-disabled" not in stug.flags and not lmg.retained and isolated_lmg.retained
    assert "mg-disabled" in pziv.flags
    assert [e.data.get("what") for e in r.play.log.events] == ["mg_exchange"]
    r, stug, pziv, isolated_lmg, lmg = reph(1)
    assert "mg-disabled" in stug.flags and lmg.retained and len(r.play.log) == 0


def test_7_5131a_an_abandoned_vehicle_may_stay_abandoned_or_be_remanned(make_reph):
    """7.5131a (issue 20.27): "Each abandoned vehicle may remain abandoned, or may be re-manned and operated ... by
    Personnel Retained within that Perimeter Area": the owner chooses. The German re-mans his abandoned StuG with a
    squad (non-Qualified Use: +1 on its 7.5132 Weapon Repair dr) and leaves the abandoned PzIV abandoned; the crew
    manning a Gun is not free, the Isolated HS is in another Area (one clear line). An old save re-manned both
    unasked."""
    def reph(rules, answers):
        r = make_reph(faces=[3], human="German", answers=answers)
        r.rules = rules
        g = r.side("German")
        stug, pziv = g.add("StuG IIIG", "vehicle"), g.add("PzKpfw IVH", "vehicle")
        gun = g.add("75L (PaK 40)", "gun")
        g.add("2-2-8", "crew", manning=gun.id)
        squad, hs = g.add("4-6-7", "squad"), g.add("2-4-7", "hs")
        _facts(r, malfunctioned=[stug.id], isolated={hs.id: "C"})
        scenario_end.melee(r)
        aftermath.perimeter(r)
        stug.flags.add("abandoned")
        pziv.flags.add("abandoned")
        return r, stug, pziv, squad, hs

    r, stug, pziv, squad, hs = reph(3, {"remann": ["G1=G5"], "abandon": []})
    parse = reorganization._remann_parser(r.side("German"), [stug, pziv], [squad, hs])
    with pytest.raises(SoloError, match="not in G1's Perimeter Area"):
        parse(["G1=G6"])
    with pytest.raises(SoloError, match="give vehicle=unit"):
        parse(["G1=G4"])
    reorganization.equipment(r)
    assert [e.data["value"] for e in r.play.log.events if e.data.get("what") == "remann"] == [{"G1": "G5"}]
    assert "abandoned" not in stug.flags and squad.detail["manning"] == stug.id and "abandoned" in pziv.flags
    trace = next(e.data["trace"] for e in r.play.log.events if "trace" in e.data)
    assert trace["table"] == "oto2.weapon_repair"
    assert trace["final"] == 3 - 2 - 1 + 1  # vehicle-mounted, Weapon Repair #1, non-qualified
    r, stug, pziv, squad, hs = reph(1, {})
    reorganization.equipment(r)
    assert "abandoned" not in stug.flags and "abandoned" not in pziv.flags


def test_7_520_hip_for_at_most_ten_percent_of_the_squads(make_reph):
    """7.520 HIP (issue 20.27): "No more than 10% (FRU) of the German's non-Reserve Infantry squads ... may set up
    using HIP in a scenario". 15 Retained squads and a HS (15.5) allow HIP for 2 squads (FRU); the 6 squads of an RG
    bought today to enter from off board (CG12a) are not counted. HIP for 2 squads and a HS is one clear line; an old
    save accepted it."""
    r = make_reph()
    r.rules = 3
    g = r.side("German")
    g.fpp = 50
    for _ in range(15):
        g.add("4-6-7", "squad")
    g.add("2-4-7", "hs")
    g.purchases.append(Purchase(1, "I1", "Rifle Co.", r.c.date, 6, options={"offboard": True}))
    for _ in range(6):
        g.add("4-6-7", "squad", 1)
    parse = purchase.fortification_parser(r, g)
    assert parse({"HIP squad": 2}) == {"HIP squad": 2}
    with pytest.raises(SoloError, match=r"10% \(FRU\) of the Germans' 15.5 non-Reserve Infantry squads, 2 squad"):
        parse({"HIP squad": 2, "HIP HS": 1})
    r.rules = 1
    assert parse({"HIP squad": 2, "HIP HS": 1}) == {"HIP squad": 2, "HIP HS": 1}


def test_cg12b_given_rgs_may_set_up_on_board_for_one_cpp(make_reph):
    """CG12b (issue 20.27): in the Initial Scenario "the Russians may opt to expend one additional CPP (per RG) for any
    number of RGs and set them up on board in hexes numbered >= 42; this also includes any OoB given RGs". With his
    purchase the Russian sets up one of his three given V5 and the I5 on board: 2 of his 68 CPP, on the CG Roster's
    Spent. A RG he was not given, and a German given RG, are one clear line each; an old save refused them all."""
    r = make_reph(human="Russian", answers={"purchase": "I2, V5 given onboard, I5 given onboard"})
    r.rules = 3
    r.side("German").cpp = 0
    ru = r.side("Russian")
    purchase.purchase(r)
    assert [(p.rg, p.cpp, p.given, p.options) for p in ru.purchases if p.cpp] == [
        ("V5", 1, True, {"onboard": True}), ("I5", 1, True, {"onboard": True}), ("I2", 7, False, {})]
    line = ru.roster[r.c.date]
    assert (line.spent, line.left, ru.cpp) == (9, 59, 59)
    r = make_reph()
    r.rules = 3
    with pytest.raises(SoloError, match="write an OB-given RG as .V5 given onboard., one of V5, V5, V5, V4, V4, I5"):
        purchase.purchase_parser(r, r.side("Russian"))("V3 given onboard")
    with pytest.raises(SoloError, match="only the Russians' OB-given RGs"):
        purchase.purchase_parser(r, r.side("German"))("I1 given onboard")
    r.rules = 1
    with pytest.raises(SoloError, match="only the Russians' OB-given RGs"):
        purchase.purchase_parser(r, r.side("Russian"))("V5 given onboard")


def test_7_5095_fire_eliminates_equipment_and_fortifications(make_reph):
    """7.5095 (issue 20.27): "All Fortifications/Equipment in what were ... building/rubble Flame/Blaze Locations ...
    are Eliminated [EXC: Entrenchment/Pillbox, although all Equipment therein is Eliminated]", and the Isolated units
    confined to them (7.5093, 7.5095). The facts name a German HMG and an Isolated squad in a burning building, and the
    Wire there (fortifications_lost): all go; the Flame's dr 2 leaves no Blaze. An old save kept them."""
    def reph(rules):
        r = make_reph(faces=[2])
        r.rules = rules
        g = r.side("German")
        hmg, squad, kept = g.add("HMG", "sw"), g.add("4-6-7", "squad"), g.add("4-6-7", "squad")
        g.fortifications = [Fortification("German", "Wire", 10, "23AM", True)]
        _facts(r, flames=1, fire_eliminated=[hmg.id, squad.id], isolated={squad.id: "C"},
               fortifications_lost=[{"side": "German", "item": "Wire"}])
        scenario_end.melee(r)
        aftermath.perimeter(r)
        aftermath.flames(r)
        return [u.retained for u in (hmg, squad, kept)], g.fortifications[0].count

    assert reph(3) == ([False, False, True], 9)
    assert reph(1) == ([True, True, True], 10)


def test_cg5_fortifications_lost_in_the_scenario_leave_the_counts(make_reph):
    """CG5 with 7.514 (issue 20.11): "All counters for Fortification ... are left on-map from scenario to scenario",
    so those lost on the map are gone: the facts' fortifications_lost lowers the German AP mines by their factors (6
    to 2), the Trenches by one, and a count reaching 0 leaves the record; a malformed entry is one clear line. An old
    save's counts never went down."""
    def reph(rules):
        r = make_reph()
        r.rules = rules
        g = r.side("German")
        g.fortifications = [Fortification("German", "AP Mine", 6, "23PM"),
                            Fortification("German", "Trench", 10, "23AM"), Fortification("German", "Wire", 1, "23AM")]
        _facts(r, fortifications_lost=[{"side": "German", "item": i} for i in ("AP Mine 4", "Trench", "Wire")])
        scenario_end.melee(r)
        return [(f.kind, f.count) for f in g.fortifications]

    assert reph(3) == [("AP Mine", 2), ("Trench", 9)]
    assert reph(1) == [("AP Mine", 6), ("Trench", 10), ("Wire", 1)]
    with pytest.raises(SoloError, match="facts fortifications_lost: give a list of"):
        _facts(make_reph(), fortifications_lost=[{"side": "Finnish", "item": "Wire"}])


def test_7_5063_a_captured_afv_escapes_as_its_captors(make_reph):
    """7.5136 with 7.5063 (issue 20.4): a Captured AFV is used by its captor, whose Escape Table prints "+2 Captured
    AFV". The Germans captured a Russian T-34 in the scenario; it ends Isolated (type C) within 2 hexes of a German
    non-Isolated hex: from the scenario's end it is the German's, a new German id, Isolated as his, and its Escape DR
    3+3 takes -1 (<= 2 hexes) +2 (Captured AFV): Final 7, Escapes. The record says the capture with its rules. An old
    save captured it only at 7.513, after the Escape: the T-34 was still the Russian's, without the +2."""
    r = make_reph(faces=[3, 3])
    r.rules = 3
    tank = r.side("Russian").add("T-34/M43", "vehicle")
    old_id = tank.id
    _facts(r, captured=[old_id], isolated={old_id: "C"}, near={old_id: "within-2"})
    scenario_end.melee(r)
    aftermath.perimeter(r)
    assert (tank.side, tank.isolated, "captured" in tank.flags) == ("German", "C", True)
    assert tank.id.startswith("G") and r.c.facts["near"] == {tank.id: "within-2"}
    assert aftermath.escape_mods(r, tank) == ("Vehicle", {"within-2": True, "captured-afv": True})
    aftermath._escape(r, tank, [])
    trace = r.play.log.events[-1].data["trace"]
    assert (trace["original"], trace["final"], tank.isolated) == (6, 7, "")
    assert any(f"{old_id} Captured" in e["text"] and "7.5135-7.5136" in e["text"] for e in r.c.record)
    reorganization.equipment(r)  # not captured again at 7.513
    assert tank.side == "German"
    old = make_reph()
    tank = old.side("Russian").add("T-34/M43", "vehicle")
    _facts(old, captured=[tank.id], isolated={tank.id: "C"}, near={tank.id: "within-2"})
    scenario_end.melee(old)
    aftermath.perimeter(old)
    assert tank.side == "Russian" and aftermath.escape_mods(old, tank) == ("Vehicle", {"within-2": True})


def test_7_5063_a_captured_unit_taken_back_is_its_owners_again(make_reph):
    """7.5135 (issue 20.4): a Captured Weapon its owner takes back in the next scenario is his own again, no longer
    Captured (no Captured Weapon dr for it at 7.513); the facts name it by its captor's id."""
    r = make_reph()
    r.rules = 3
    hmg = r.side("German").add("HMG", "sw")
    hmg.flags.add("captured")
    _facts(r, captured=[hmg.id])
    scenario_end.melee(r)
    assert hmg.side == "Russian" and "captured" not in hmg.flags
    reorganization.equipment(r)
    assert hmg.retained and len(r.play.log) == 0


def test_11_6063_12_6073_9_6054_a_captured_afv_escapes_as_its_captors(pack):
    """RB 11.6063, VotG 12.6073 ("+2 Captured AFV") and ABtF 9.6054 ("+1 ... captured vehicle"), with 11.6136, 12.6156
    and 9.6143 (issue 20.23): a German AFV the Russians (British) captured in the scenario is theirs from its end, and
    Escapes with its Captured AFV DRM."""
    for cg, date, variant, module in (("rb", "17 Oct", "I", rb_aftermath), ("votg", "14 Sept", "II", votg_aftermath)):
        pack(cg)
        r = day_reph(cg, date, variant)
        r.rules = 3
        tank = r.side("German").add("PzIIIJ", "vehicle")
        r.c.facts = check(r.c, {"captured": [tank.id], "winner": "Russian"})
        scenario_end.melee(r)
        assert tank.side == "Russian" and "captured" in tank.flags, cg
        _, mods = module.escape_mods(r, tank)
        assert mods.get("captured-afv") is True, cg
    r = abtf_reph()
    r.rules = 3
    tank = r.side("German").add("PzIVH", "vehicle")
    abtf_facts(r, captured=[tank.id])
    scenario_end.melee(r)
    assert tank.side == "British"
    assert areas.escape_mods(r, [tank], 0) == ("Mobile Vehicle", {"vehicle": True, "unarmed": 1})


def test_7_5094_a_flame_becoming_a_blaze_eliminates_the_isolated_units_confined_to_it(make_reph):
    """7.5094 (issue 20.27): "For each Flame, make a dr; 1-4 it is removed, 5-6 it becomes a Blaze ... Each Isolated
    unit/Equipment confined to setting up in a Location now containing Blaze is Eliminated (replace an AFV with a
    Burnt-Out-Wreck)". The facts' flame_confined give each such unit its Flame: a Russian T-34 and a German squad
    Isolated in Flame 1's Location (dr 5: a Blaze) are Eliminated, the AFV a Burnt-Out-Wreck; a German HMG in Flame
    2's (dr 4: removed) stays; a German squad that Escaped from Flame 1's Location (7.5063) is no longer confined to
    it. The record says it with 7.5094."""
    r = make_reph(faces=[5, 4])
    r.rules = 3
    g, ru = r.side("German"), r.side("Russian")
    squad, hmg, tank = g.add("4-6-7", "squad"), g.add("HMG", "sw"), ru.add("T-34/M43", "vehicle")
    escaped = g.add("4-6-7", "squad")
    _facts(r, flames=2, isolated={squad.id: "D", hmg.id: "D", tank.id: "D", escaped.id: "D"},
           flame_confined={squad.id: 1, tank.id: 1, hmg.id: 2, escaped.id: 1})
    aftermath.perimeter(r)
    escaped.isolated = ""  # as escape_result leaves a survivor
    aftermath.flames(r)
    assert (squad.retained, tank.retained, hmg.retained, escaped.retained) == (False, False, True, True)
    text = [e["text"] for e in r.c.record]
    assert any(tank.id in t and "Burnt-Out-Wreck" in t and "(7.5094)" in t for t in text)
    assert any(hmg.id in t and "Flame 2 is removed" in t and "7.5094" in t for t in text)
    assert "2 Flames: 1 become Blazes for the next scenario (7.5094)" in text


@pytest.mark.parametrize("given, error", [
    ({"flames": 1, "flame_confined": {"G999": 1}}, "no unit 'G999'"),
    ({"flames": 1, "flame_confined": {"SQUAD": 1}}, "is not Isolated"),
    ({"flames": 1, "isolated": {"SQUAD": "C"}, "flame_confined": {"SQUAD": 2}}, "from 1 to 1"),
    ({"flames": 0, "isolated": {"SQUAD": "C"}, "flame_confined": {"SQUAD": 1}}, "no Flames"),
    ({"flames": 1, "flame_confined": ["SQUAD"]}, "Flame's number"),
])
def test_7_5094_flame_confined_is_checked(make_reph, given, error):
    """7.5094 (issue 20.27): a wrong flame_confined fact is one clear line: an unknown unit, a unit not Isolated (only
    Isolated units stay confined to a Location), a Flame not reported, a list instead of a table."""
    r = make_reph()
    squad = r.side("German").add("4-6-7", "squad")
    raw = {k: ({squad.id if u == "SQUAD" else u: n for u, n in v.items()} if isinstance(v, dict)
               else [squad.id if u == "SQUAD" else u for u in v] if isinstance(v, list) else v) for k,
               v in given.items()}
    with pytest.raises(SoloError, match=error):
        check(r.c, raw)
