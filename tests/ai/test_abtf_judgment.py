"""Issue 21, the A Bridge Too Far computer: RGs valued by their fighting power per CPP at their real strength less the
CVP they risk beyond their share of the enemy's fire, with no cap on the OB, the whole purchase weighed and drawn among
the near-best; the Initiative chit weighed over the Initiative Matrix; the 9.613 Shift taken as a player would, when the
Shift Table odds are good."""

from collections import Counter

from solo.ai.reph import MILLI, weights
from solo.campaign.engine import run, start_meta
from solo.campaign.state import RosterLine
from solo.core.play import Question
from solo.core.sides import people
from solo.core.store import EventLog
from solo.games import campaign
from solo.games.abtf import computer
from solo.games.abtf import purchase as buy
from solo.games.abtf import refit as dated
from tests.games.abtf.fixture import abtf_reph, facts, rolls


def _value(r, side, rg_id):
    return computer.value(r, side, r.rg(side, rg_id), weights("abtf")[side]["purchase"])[0] // r.rg(side, rg_id).cpp


def test_a_flak_halftrack_platoon_is_worth_less_than_a_tank_platoon():
    """Issue 21 ("a flak halftrack counts as armour"): per CPP, the German values its tanks above its flak halftracks,
    whose 5 CVP each are far beyond their share of the British fire (9.617); the reason says so."""
    r = abtf_reph()
    assert 0 < _value(r, "German", "A6") < _value(r, "German", "A2")
    w = weights("abtf")["German"]["purchase"]
    assert "beyond its share of the fire" in computer.value(r, "German", r.rg("German", "A6"), w)[1]


def test_cvp_count_only_beyond_a_units_share_of_the_fire():
    """Issue 21, under the stand-in's Lanchester losses (each side loses what the enemy's fire takes, spread over its
    OB): an SS platoon, whose CVP are within its share of the fire, is worth its whole fighting power; the CVP a flak
    platoon risks beyond its share are taken from it, the more so among elite troops, who draw less CVP a point."""
    r = abtf_reph()
    w = weights("abtf")["German"]["purchase"]
    ss, flak = r.rg("German", "I1"), r.rg("German", "A6")
    assert computer.value(r, "German", ss, w)[0] == computer.power(r, "German", ss, w)[0]
    line = computer.value(r, "German", flak, w)[0]
    for _ in range(10):
        r.side("German").add("8-3-8", "squad")
    assert computer.density(r, "German", w) < computer.REFERENCE_DENSITY
    assert computer.value(r, "German", flak, w)[0] < line


def test_a_recon_jeep_is_no_armour():
    """Issue 21 (units classified from their real type): the British Recon Jeep Section (an A RG) is weighed as recon
    vehicles, not as AFV; the AT Guns are worth more per CPP."""
    r = abtf_reph()
    w = weights("abtf")["British"]["purchase"]
    assert "(recon)" in computer.power(r, "British", r.rg("British", "A1"), w)[2]
    assert _value(r, "British", "A1") < _value(r, "British", "G1")


def test_a_rg_is_valued_at_its_real_strength_and_squad_quality():
    """Issue 21: a RG is worth its squads at their quality (an SS 4-6-8 over a VG 4-4-7) and at the 9.6181 chance of
    Full Strength (the VG Pltn's +1 DRM lowers it)."""
    r = abtf_reph()
    ss, vg = r.rg("German", "I1"), r.rg("German", "I3")
    assert computer.full_chance(r, "German", vg) < computer.full_chance(r, "German", ss) < MILLI
    w = weights("abtf")["German"]["purchase"]
    assert computer.power(r, "German", ss, w)[0] > computer.power(r, "German", vg, w)[0] > 0


def test_a_rich_german_keeps_buying_infantry_beyond_any_quota():
    """Issue 21 ("CPP left unspent or hoarded"): with 20 squads already and 40 CPP, the German still buys infantry
    rather than let 9.617 halve its CPP, spending nearly all of them (the 9.6175 CG Date Maximums allow 45), and its
    flak platoon only with what the better RGs leave."""
    r = abtf_reph(date="19AM")
    g = r.side("German")
    for _ in range(20):
        g.add("4-6-8", "squad")
    g.cpp = 40
    g.roster["19AM"] = RosterLine("19AM", start=40, total=40)
    q = Question("purchase", "9.617", "German", "", buy.purchase_parser(r, g), {"reph": r, "side": g})
    reply = campaign("abtf").decide("German", q)
    bought = q.parse(reply.value)
    assert sum(i.startswith("I") for i in bought) >= 5 and {"I1", "I2", "I3"} <= set(bought)
    assert sum(r.rg("German", i).cpp for i in bought) >= 36


def _purchases(seed: int) -> dict[str, tuple]:
    """Each side's purchase on 18AM, the second CG Date, of the campaign of ``seed`` (the computer on both sides, the
    17N scenario from the stand-in model)."""
    log = EventLog.create(":memory:", start_meta("abtf", "I", "none") | {"seed": seed})
    for _ in range(2):  # the 17N RePh, then the 17N scenario and the 18AM RePh
        run(campaign("abtf"), log, stop_at_scenario=True)
    bought: dict[str, list] = {}
    for e in log.events:
        if e.kind == "decision" and e.data["what"] == "purchase":
            bought.setdefault(e.side, []).append(tuple(sorted(e.data["value"])))
    return {side: found[1] for side, found in bought.items()}


def test_the_same_dates_purchase_varies_over_seeds_and_stays_legal(pack):
    """9.617 (issue 21: ABtF's 17N purchase was one of 2 German and 1 British sets over 50 campaigns): on 18AM, where
    each side has more RGs it may buy than CPP for them, over 50 seeds each side buys at least 5 different sets, the
    whole purchase drawn among those within NEAR percent of the best; each is legal (the engine parses every reply)."""
    pack("abtf")
    buys = {"German": Counter(), "British": Counter()}
    for seed in range(1, 51):
        for side, bought in _purchases(seed).items():
            buys[side][bought] += 1
    assert all(len(found) >= 5 for found in buys.values()), {side: len(found) for side, found in buys.items()}


def _held(r, blocks: str, areas: str, paths: str):
    facts(r, blocks=blocks, areas=areas, paths=paths)
    for flag in blocks.split(", "):
        r.c.flags.add(f"block:{flag}")


def test_the_british_shift_a_group_to_block_h_when_the_odds_are_good():
    """9.613, 9.6212, issue 21 ("the ABtF computer never Shifts"): the British Shift the group of Block A to Block H,
    which they must hold against the Sudden Death; -2 British and +1 for two Uncontrolled hexes: DR <= 9 arrives
    whole (30 in 36). The group of Block H stays."""
    r = abtf_reph(faces=[3, 4])
    b = r.side("British")
    squad, leader, keeper = b.add("6-4-8", "squad"), b.add("9-1", "leader"), b.add("6-4-8", "squad")
    _held(r, "A=British, H=British", f"{squad.id}=A, {leader.id}=A, {keeper.id}=H", "A>H=2")
    dated.shift(r)
    assert squad.detail["area"] == leader.detail["area"] == "Block H" and "area" not in keeper.detail
    assert [t["final"] for t in rolls(r)] == [6]


def test_the_german_does_not_shift_on_poor_odds():
    """9.613: a German group 8 Uncontrolled hexes from its Area nearest Block H (+4): only 6 in 36 (DR <= 4) arrive
    whole
    and 15 in 36 (DR >= 8) are ambushed and Eliminated (>= 12): it stays."""
    r = abtf_reph()
    g = r.side("German")
    squad = g.add("4-6-8", "squad")
    _held(r, "C=German, D=German, H=British", f"{squad.id}=D", "C>H=1, D>C=8")
    reply = computer.shift(r, "German", weights("abtf")["German"], None)
    assert reply.value == [] and "D stays" in reply.why
    assert computer.shift_odds(r, "German", 8) == (6 * MILLI // 36, 15 * MILLI // 36)


def test_without_the_map_facts_the_computer_does_not_shift():
    """9.613: the Areas of the units and the paths between them are the map's part (facts areas, paths); without them
    the computer names no group, and says why."""
    r = abtf_reph()
    r.side("German").add("4-6-7", "squad")
    reply = computer.shift(r, "German", weights("abtf")["German"], None)
    assert reply.value == [] and "no Friendly Setup Area" in reply.why


def _chit(r, side):
    from solo.ai.chits import initiative
    q = Question("initiative", "9.6213", side, "", str, {"reph": r, "choices": ("Attack", "Idle")})
    return initiative(r, side, {}, q)


def _squads(r, british: int, german: int) -> None:
    """Add British 6-4-8 and German 4-6-8 squads."""
    for side, kind, n in (("British", "6-4-8", british), ("German", "4-6-8", german)):
        for _ in range(n):
            r.side(side).add(kind, "squad")


def test_the_british_strike_early_and_the_german_waits_for_his_cpp(pure_chits):
    """9.6213 with the 9.6161 CPP Base Number Chart (issue 21: chits a player would pick): on 18AM, 6-4-8s 1.88 times as
    strong as the German 4-6-8s, the British strike while the German CPP are still to come (their own end at 19AM);
    the German, 6 to 5 up, waits for his. The reason names the CPP to come and the odds they will make."""
    r = abtf_reph(date="18AM")
    _squads(r, 5, 4)
    reply = _chit(r, "British")
    assert reply.value == "Attack" and "time is against us: strike now" in reply.why
    _squads(r, 0, 5)
    reply = _chit(r, "German")
    assert reply.value == "Idle" and "time is on our side: wait" in reply.why
    assert "the British's odds" in reply.why and "against the British's" in reply.why and "Britishs" not in reply.why


def test_a_side_s_people_are_named_one_way():
    """solo/core/sides.py people: the Germans, the Russians, the British (never "the Britishs"); their possessive."""
    assert [people(side) for side in ("German", "Russian", "British")] == ["Germans", "Russians", "British"]
    assert [people(side, possessive=True) for side in ("German", "British")] == ["Germans'", "British's"]


def test_the_chit_weighs_the_chits_the_opponent_has_left():
    """9.62132 (issue 21: the German spent his Idle chits on days the British attacked anyway, then had to attack at 1:5
    on every later day): the chits picked are public. With only Attack chits left to the British, the German's Idle chit
    avoids no fight (their Assault), and the German weighs it against a Dual Attack; with no Attack chit left to them,
    the German, twice as weak, keeps out of the fight with an Idle chit: an Idle CG Date."""
    r = abtf_reph(date="19PM")
    _squads(r, 4, 12)
    r.c.history = [{"chits": {"British": "Idle", "German": "Attack"}}] * 8  # the 8 British Idle chits used
    reply = _chit(r, "German")
    assert "the British have only Attack chits left" in reply.why and "Idle Day" not in reply.why
    assert "Dual Attack at 2.00" in reply.why and "British Assault at 2.00" in reply.why
    _squads(r, 20, 0)
    r.c.history = [{"chits": {"British": "Attack", "German": "Attack"}}] * 6  # the 6 British Attack chits used
    reply = _chit(r, "German")
    assert reply.value == "Idle" and "the British have no Attack chit left" in reply.why and "Idle Day" in reply.why
