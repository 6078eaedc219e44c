"""Red Barricades RePh 11.619-11.6234 and the computer's RB decisions, with the worked examples of seed 002.

The RG charts, leader and OBA tables are the TEST pack (tests/fixtures/packs/rb: invented where the texts are
silent; the rows the examples name agree with them)."""

import pytest

from solo.campaign.state import Purchase
from solo.campaign.steps import fortify
from solo.core.errors import SoloError
from solo.games.rb import purchase as rb_purchase
from solo.games.rb import strength as rb_strength
from solo.games.rb.purchase import Order
from tests.games.rb.fixture import facts, rb_reph
from tests.reph import finals, traces


@pytest.fixture
def rbr(pack):
    pack("rb")
    return rb_reph


def _cost(r, side, rg, option=""):
    return rb_purchase.cost(r, side, r.rg(side, rg), Order(rg, option))


def test_on_map_reserve_and_dug_in_costs_11_6194(rbr):
    r = rbr()
    assert _cost(r, "German", "A6") == 5 and _cost(r, "German", "A6", "onmap") == 8      # 11.6194a EX: 5+3
    assert _cost(r, "Russian", "I1", "onmap") == 5 + 2                                    # Russian +2
    assert _cost(r, "German", "I4", "onmap") == 9 and _cost(r, "Russian", "I5", "onmap") == 3  # named RG: free
    assert _cost(r, "German", "I1", "reserve") == 5                                       # 11.6194b: one less
    assert _cost(r, "Russian", "A3", "dugin") == 3                                        # 11.6194c EX: 2 1/2 FRU
    s = r.side("German")
    s.cpp = 50
    for bad, why in ((["A6 reserve"], "Reserve"), (["A6 dugin"], "Dug-in"), (["O2 onmap"], "On-map")):
        with pytest.raises(SoloError, match=why):
            rb_purchase.purchase_parser(r, s)(bad)


def test_daily_infantry_company_maximum_ex_11_6195(rbr):
    # 11.6195 EX: on 12 Nov (German -1) three Infantry Companies, 13 Nov (0) two, 14 Nov (+1) one.
    for day, most in (("12 Nov", 3), ("13 Nov", 2), ("14 Nov", 1)):
        r = rbr(date=day, variant="III")
        s = r.side("German")
        s.cpp = 100
        assert rb_purchase.company_maximum(r, "German") == most
        rb_purchase.check(r, s, [Order("I1")] * min(most, 3))
        with pytest.raises(SoloError, match=f"at most {most} Infantry Companies"):
            rb_purchase.check(r, s, [Order("I1")] * min(most, 3) + [Order("I2")])


def test_cg_max_per_variant_ex_11_6196(rbr):
    # 11.6196 EX: no more than seven Med Arty OBA RG in CG III (the TEST chart's O2 has CG Max III 7, CG Max I 5);
    # OB-given RGs never count.
    r = rbr(variant="III", date="25 Oct")
    s = r.side("German")
    s.cpp = 100
    s.purchases += [Purchase(20 + n, "O2", "Btln MTR OBA", f"{17 + n} Oct", 3) for n in range(6)]
    s.purchases.append(Purchase(30, "O2", "Btln MTR OBA", "17 Oct", 0, given=True))
    rb_purchase.check(r, s, [Order("O2")])
    s.purchases.append(Purchase(31, "O2", "Btln MTR OBA", "16 Oct", 3))
    with pytest.raises(SoloError, match="CG Max is 7 in CG III"):
        rb_purchase.check(r, s, [Order("O2")])
    assert rbr(variant="I").rg("German", "O2").cg_max == 5


def test_purchase_record_on_bd(rbr):
    # 11.6197: On-Bd "O" On-map, "R" Reserve, "D" Dug-In; Spent and Left on the CG Roster.
    r = rbr(human="Russian", answers={"purchase": ["A3 dugin", "I1 reserve", "I5"]})
    ru = r.side("Russian")
    ru.cpp = 20
    r.side("German").cpp = 0
    rb_purchase.purchase(r)
    bought = [p for p in ru.purchases if not p.given]
    assert [(p.rg, p.cpp, p.options.get("on_bd")) for p in bought] == [("A3", 3, "D"), ("I1", 4, "R"), ("I5", 3, "O")]
    assert (ru.roster["18 Oct"].spent, ru.roster["18 Oct"].left, ru.cpp) == (10, 10, 10)


def test_strength_sw_hw_and_oba_ex_11_6204(rbr):
    # 11.6204 EX, 18 Oct (German -2): Sturm Coy DR 12 -> 10 Depleted, HW Pltn 11 -> 9 Depleted, Btln MTR OBA 6 -> 4
    # Plentiful Ammo. Sturm SW dr: MMG 3; LMG 6, 4; DC 2, 5 (<= 4): one MMG, one LMG, one DC; nine 5-4-8.
    # HW dr (<= 3): HMG 2, 5; MMG 4, 6; MTR 5, 5: one weapon, so again: 3, 2, 6, 3, 1, 5: two HMG, one MMG, one MTR.
    # Then the Sturm Coy's leaders (11.6205): DR 3+3 = 6, +2 Depleted = 8 on the TEST leader table: one 8-0.
    faces = [6, 6, 5, 6, 3, 3] + [3, 6, 4, 2, 5] + [2, 5, 4, 6, 5, 5] + [3, 2, 6, 3, 1, 5] + [3, 3]
    r = rbr(faces=faces)
    g = r.side("German")
    for n, (rg, title) in enumerate((("I2", "Sturm Coy"), ("H1", "HW Pltn"), ("O2", "Btln MTR OBA")), 10):
        g.purchases.append(Purchase(n, rg, title, "18 Oct", 0))
    rb_strength.strength(r)
    sturm, hw, oba = g.purchases[-3:]
    assert (sturm.strength, hw.strength, oba.strength) == ("Depleted", "Depleted", "Plentiful Ammo")
    assert sturm.units == ["5-4-8"] * 9 and sorted(sturm.sw) == ["DC", "LMG", "MMG"]
    assert sorted(hw.sw) == ["81mm MTR", "HMG", "HMG", "MMG"]
    assert len([u for u in g.units if u.rg == hw.line and u.kind == "crew"]) == 4
    assert sturm.leaders == ["8-0"]
    assert finals(r)[:3] == [10, 9, 4]


def test_11_6204_ex_hw_pltn_crew_types(rbr):
    """11.6204 EX: the Depleted German HW Pltn receives "two HMG, one MMG and one MTR - plus three 1-2-7 and one 2-2-8
    crews (as per German RG Chart note "c" and 11.6203)" (issue 20.26: every crew was a 2-2-8). The EX's dice: HW dr
    2, 5; 4, 6; 5, 5 (one weapon), again 3, 2, 6, 3, 1, 5. Saves before rules 3 keep four 2-2-8."""
    for rules, crews in ((3, ["1-2-7", "1-2-7", "1-2-7", "2-2-8"]), (2, ["2-2-8"] * 4)):
        r = rbr(faces=[6, 5] + [2, 5, 4, 6, 5, 5] + [3, 2, 6, 3, 1, 5])
        r.rules = rules
        g = r.side("German")
        g.purchases.append(Purchase(10, "H1", "HW Pltn", "18 Oct", 4))
        rb_strength.strength(r)
        hw = g.purchases[-1]
        assert hw.strength == "Depleted" and sorted(hw.sw) == ["81mm MTR", "HMG", "HMG", "MMG"]
        assert sorted(u.type for u in g.units if u.rg == hw.line and u.kind == "crew") == crews


def test_leaders_and_commissar_ex_11_6206(rbr):
    # 11.6206 EX, 19 Oct: Rifle Coy Depleted (DR 4+5 = 9), Guards SMG Coy Full (DR 2+2). The Rifle Coy's five SW
    # (TEST chart) dr 1 each. Leaders: Rifle Coy DR 5 +2 Depleted = 7: 8-1 and 8-0; Guards SMG DR 6 -1 = 5: 9-1 and
    # 8-0. October: the new 8-1 (R26) is exchanged for a 10-0 Commissar (19 squads: one Commissar at most).
    faces = [4, 5, 2, 2] + [1] * 5 + [2, 3, 3, 3]
    r = rbr(faces=faces, date="19 Oct", human="Russian", answers={"commissars": {"R26": "10-0"}})
    ru = r.side("Russian")
    ru.purchases += [Purchase(10, "I1", "Rifle Coy", "19 Oct", 5), Purchase(11, "I2", "Gds SMG Coy", "19 Oct", 7)]
    rb_strength.strength(r)
    rifle, guards = ru.purchases[-2:]
    assert (rifle.strength, guards.strength) == ("Depleted", "Full")
    assert rifle.leaders == ["10-0 Commissar", "8-0"] and guards.leaders == ["9-1", "8-0"]
    assert ru.unit("R26").type == "10-0"


def test_commissar_limits(rbr):
    r = rbr(date="19 Oct")
    ru = r.side("Russian")
    new = [ru.add("8-0", "leader"), ru.add("7-0", "leader")]
    parse = rb_strength.commissar_parser(ru, new, 1)
    with pytest.raises(SoloError, match="at most 1"):
        parse({new[0].id: "10-0", new[1].id: "10-0"})
    with pytest.raises(SoloError, match="Commissar is one of"):
        parse({new[0].id: "8-1"})


def test_armor_leader_and_inexperienced(rbr):
    # 11.6207: German -1: DR 1+2 = 3 -> 2: a 10-2; Russian +1: DR 6+6 = 12 -> 13: Inexperienced Crews.
    r = rbr(faces=[1, 1, 1, 2, 6, 6, 6, 6])
    g, ru = r.side("German"), r.side("Russian")
    g.purchases.append(Purchase(10, "A6", "Pz IVF1 Pltn", "18 Oct", 5))
    ru.purchases.append(Purchase(10, "A3", "T-34 M41 Pltn", "18 Oct", 5))
    rb_strength.strength(r)
    assert g.retained("armor-leader")[0].type == "10-2"
    assert all("inexperienced" in v.flags for v in ru.retained("vehicle"))


def test_missing_leader_table_is_refused_in_one_line(rbr, monkeypatch):
    r = rbr()
    monkeypatch.setitem(r.defn.raw["tables"], "leaders", "rb.leader_table_missing")
    with pytest.raises(SoloError, match="from your rulebook with 'solo tables fill rb.leader_table_missing'"):
        rb_strength.pack_table(r, "leaders")


def test_fortifications_ex_11_621(rbr):
    # 11.621 EX: 40 FPP: a Fortified Building Location 10, a 6-factor A-P minefield 18 (Russian 3 a factor), HIP
    # for two squads 6, two HS 4, a crew 1 and a SMC 1.
    bought = {"Fortified Building": 1, "A-P Mine": 6, "HIP squad": 2, "HIP HS": 2, "HIP crew": 1, "HIP SMC": 1}
    r = rbr(human="Russian", answers={"fortifications": bought})
    ru = r.side("Russian")
    ru.fpp = 40
    rb_strength.fortifications(r)
    assert ru.fpp == 0 and sum(f.count for f in ru.fortifications) == 13
    assert sum(f.fpp for f in ru.fortifications) == 40  # what each is worth: its price
    assert sum(fortify.cost(r, "Russian", k, n) for k, n in bought.items()) == 40
    assert fortify.cost(r, "German", "A-P Mine", 6) == 6
    assert fortify.cost(r, "Russian", "Pillbox 1+2+3", 1) == 18
    assert [fortify.cost(r, "German", f"Foxhole {n}") for n in (3, 2, 1)] == [3, 2, 1]
    with pytest.raises(SoloError, match=r"^Booby Traps: only the Russian may purchase it \(11.621 R\)$"):
        fortify.cost(r, "German", "Booby Traps")


def test_russian_only_fortifications_and_booby_traps(rbr):
    # 11.621 R: only the Russian buys A-T Ditch, Pillbox, Booby Traps; note 8: each Booby Trap purchase raises the
    # Level one step (C to B, B to A).
    r = rbr()
    g, ru = r.side("German"), r.side("Russian")
    g.fpp, ru.fpp = 200, 200
    with pytest.raises(SoloError, match="only the Russian"):
        fortify.parser(r, "German", "11.621")({"A-T Ditch": 1})
    with pytest.raises(SoloError, match="C to B to A"):
        fortify.parser(r, "Russian", "11.621")({"Booby Traps": 3})
    assert fortify.parser(r, "Russian", "11.621")({"Booby Traps": 2}) == {"Booby Traps": 2}


def test_recon_spends_cpp(rbr):
    # 11.622: Russian spends 2: dr 3 +3 +1 = 7 Locations; the German none.
    r = rbr(faces=[3], human="Russian", answers={"recon": 2})
    r.side("Russian").cpp, r.side("German").cpp = 5, 0
    rb_purchase.recon(r)
    assert r.side("Russian").cpp == 3 and r.side("Russian").roster["18 Oct"].recon == 7


def test_an_answers_file_with_the_former_key_is_still_read(rbr):
    # The key was "rb_recon" before the games' keys lost their prefix: RB's aliases map it to "recon".
    r = rbr(faces=[3], human="Russian", answers={"rb_recon": 2})
    r.side("Russian").cpp, r.side("German").cpp = 5, 0
    rb_purchase.recon(r)
    assert r.side("Russian").roster["18 Oct"].recon == 7
    assert [e.data["what"] for e in r.play.log.events if e.kind == "answer"] == ["recon"]


# --- the computer ---------------------------------------------------------------------------------

def test_computer_purchase_is_legal_and_explained(rbr):
    r = rbr()
    g, ru = r.side("German"), r.side("Russian")
    g.cpp, ru.cpp = 30, 25
    for s in (g, ru):
        s.roster["18 Oct"].start = s.cpp
    tanks = [g.add("PzKpfw IVF1", "vehicle") for _ in range(4)]
    facts(r, on_map=[t.id for t in tanks])
    rb_purchase.purchase(r)
    for s in (g, ru):
        bought = [p for p in s.purchases if p.date == "18 Oct"]
        assert bought and s.cpp >= 0
        assert rb_purchase.check(r, s, []) == 0
    lines = [e["text"] for e in r.c.record if "buys" in e["text"]]
    assert len(lines) == 2
    assert any(p.rg == "A3" and p.options.get("on_bd") == "D" for p in ru.purchases)  # Dug-in against the Panzers
    assert any(p.rg.startswith("F") for p in ru.purchases)  # FPP for the defender


def test_computer_fortifications_spend_all_legally(rbr):
    r = rbr()
    ru = r.side("Russian")
    ru.fpp, r.side("German").fpp = 40, 0
    rb_strength.fortifications(r)
    assert ru.fpp == 0 and ru.fortifications


def test_a_typed_fortification_line_that_is_not_kind_and_count_is_refused(rbr):
    # 11.621 at the terminal: "Wire 1, A-P Mine 6"; anything else is one line, never an empty purchase.
    r = rbr()
    r.side("Russian").fpp = 40
    parse = fortify.parser(r, "Russian", "11.621")
    assert parse("Wire 1, A-P Mine 6") == {"Wire": 1, "A-P Mine": 6} and parse("none") == {}
    with pytest.raises(SoloError, match=r"^'\{ R91 = \"10-0\" \}': type each kind with its count"):
        parse('{ R91 = "10-0" }')


def test_recon_lax_when_most_squads_are_conscripts(rbr):
    """Issue 20.25 (RB 11.622, A11.17): the Recon dr's drm by the Majority Squad Type: Lax -1 when most Retained
    squads are Green or Conscript; only for saves played by rules version 2 on (an old save replays as it was)."""
    from solo.campaign.steps.recon import recon_mods
    r = rbr()
    s = r.side("Russian")
    for _ in range(3):
        s.add("4-2-6", "squad")  # Conscript
    s.add("4-4-7", "squad")
    r.rules = 2
    assert recon_mods(r, "Russian", s, 2) == {"spent-2": True, "russian": True, "lax": True}
    r.rules = 1
    assert recon_mods(r, "Russian", s, 2) == {"spent-2": True, "russian": True}


def test_11_6205_rifle_coy_leader_drm_counts_purchased_companies(rbr):
    """11.6205 footnote: "+1 If this is the sixth, seventh or eighth German Rifle Coy purchased; +2 if this is >= the
    ninth" (issue 20.15): the Companies the OB gives are not purchased. Three OB-given Rifle Coys and four bought
    before: the one bought today is the fifth purchased (no DRM), not the eighth (+1)."""
    r = rbr(faces=[1, 1, 3, 3])
    r.rules = 3
    g = r.side("German")
    g.purchases = [Purchase(n, "I1", "Rifle Coy", "17 Oct", 0, given=True, strength="Full") for n in (1, 2, 3)]
    g.purchases += [Purchase(n, "I1", "Rifle Coy", "17 Oct", 6, strength="Full") for n in (4, 5, 6, 7)]
    g.purchases.append(Purchase(8, "I1", "Rifle Coy", "18 Oct", 6))
    rb_strength.strength(r)
    leaders = [t for t in traces(r) if t["rule"] == "11.6205"]
    assert len(leaders) == 1 and leaders[0]["modifiers"] == []
    r = rbr(faces=[1, 1, 3, 3])
    r.rules = 3
    g = r.side("German")
    g.purchases = [Purchase(n, "I1", "Rifle Coy", "17 Oct", 6, strength="Full") for n in range(1, 8)]
    g.purchases.append(Purchase(8, "I1", "Rifle Coy", "18 Oct", 6))
    rb_strength.strength(r)
    leaders = [t for t in traces(r) if t["rule"] == "11.6205"]
    assert [m["name"] for m in leaders[0]["modifiers"]] == ["rifle-sixth"] and leaders[0]["final"] == 7
