"""Initiative chits (RB 11.623, VotG 12.625, ABtF 9.6213), the first move (11.625) and the computer's chit.

Run on the RB CG with the TEST pack (tests/fixtures/packs/rb: test data, not the rulebook's CG card).
"""

import pytest

from solo.ai.chits import initiative as computer_chit
from solo.campaign.state import RosterLine
from solo.campaign.steps.initiative import chits_left, first_move, initiative
from solo.core.errors import SoloError
from solo.core.play import Question
from solo.core.sides import Human
from tests.reph import new_reph


@pytest.fixture
def rb(pack):
    pack("rb")

    def make(german=None, russian=None, faces=(), date="18 Oct", variant="I"):
        """Both sides answer from their own answers (None: the computer)."""
        r = new_reph(faces, "Russian", cg="rb", variant=variant)
        for side, chit in (("German", german), ("Russian", russian)):
            if chit is not None:
                r.play.sides[side] = Human(chit if isinstance(chit, dict) else {"initiative": chit})
        r.c.date = date
        for s in r.c.sides.values():
            s.roster.setdefault(date, RosterLine(date))
        r.c.step = "11.623"
        return r
    return make


@pytest.mark.parametrize("german, russian, kind, setup, moves", [
    ("Attack", "Idle", "German Assault", "Russian", "German"),   # 11.6233: the Russian sets up first
    ("Idle", "Attack", "Russian Assault", "German", "Russian"),
    ("Idle", "Idle", "Idle Day", None, None),
])
def test_the_matrix_gives_the_scenario_type_and_who_sets_up(rb, german, russian, kind, setup, moves):
    r = rb(german, {"initiative": russian, "night": "no"})
    initiative(r)
    i = r.c.initiative
    assert (i["type"], i["sets_up_first"], i["moves_first"]) == (kind, setup, moves)
    assert i["chits"] == {"German": german, "Russian": russian}
    assert r.c.chits["German"][german] == 1 and r.c.chits["Russian"][russian] == 1
    assert r.c.idle_days == (kind == "Idle Day")


def test_dual_attack_set_up_dr_then_the_move_dr_at_commencement(rb):
    # 11.6233: dr <= 3 the Russians set up first; 11.625: dr <= 3 the Russians move first, else the Germans.
    r = rb("Attack", "Attack", faces=(3, 4))
    initiative(r)
    assert r.c.initiative["type"] == "Dual Attack" and r.c.initiative["sets_up_first"] == "Russian"
    assert r.c.initiative["moves_first"] is None
    first_move(r)
    assert r.c.initiative["moves_first"] == "German"
    assert any("ELR" in e["text"] for e in r.c.record)


def test_attack_chits_one_per_four_cg_days_completed(rb):
    # 11.6231: CG I gives the Russian 4 Attack chits, at most one per four (or part thereof) CG Days completed.
    r = rb("Idle", "Attack", date="18 Oct")  # one day completed: one chit
    assert chits_left(r, "Russian") == {"Attack": 1, "Idle": None} and chits_left(r, "German")["Attack"] is None
    r.c.history = [{"type": "Russian Assault", "chits": {"German": "Idle", "Russian": "Attack"}}]
    assert chits_left(r, "Russian")["Attack"] == 0
    with pytest.raises(SoloError, match="initiative: you have no Attack chit left: pick Idle"):
        initiative(r)
    r.c.dates, r.c.date = r.defn.dates, "22 Oct"  # five days completed: two chits so far
    assert chits_left(r, "Russian")["Attack"] == 1


def test_ro_cg_iii_limits_the_german_and_the_night_scenarios(rb):
    # 11.6231: in RO CG III the German has 4 Attack chits and the Russian no limit; 11.6234: at most 4 Night scenarios.
    r = rb("Idle", {"initiative": "Attack", "night": "yes"})
    r.c.variant = "RO III"
    assert chits_left(r, "German")["Attack"] == 4 and chits_left(r, "Russian")["Attack"] is None
    r.c.history = [{"night": True}] * 4
    initiative(r)
    assert r.c.initiative["night"] is False and "Night" in r.c.record[-1]["text"]


def test_11_6231_ro_cg_iii_german_attack_chits_keep_the_pace(rb):
    """11.6231: "no more than one Attack chit for every four (or part thereof) CG Days completed ... This limit applies
    to the Germans in RO CG III, in which they have a maximum of 4 Attack chits" (issue 20.18: RO CG III's German had
    his 4 at once). On the second Day (one completed, the TEST pack's RO CG III starts 24 Oct) he has one; after
    using it none. Saves before rules 3 keep the 4 at once."""
    r = rb("Idle", "Idle", date="25 Oct", variant="RO III")
    r.rules = 3
    assert chits_left(r, "German")["Attack"] == 1 and chits_left(r, "Russian")["Attack"] is None
    r.c.history = [{"type": "German Assault", "chits": {"German": "Attack", "Russian": "Idle"}}]
    assert chits_left(r, "German")["Attack"] == 0
    r.rules = 2
    assert chits_left(r, "German")["Attack"] == 3


def test_a_russian_assault_may_be_a_night_scenario(rb):
    # 11.6234: the Russian may declare a Russian Assault a Night scenario.
    r = rb("Idle", {"initiative": "Attack", "night": "yes"})
    initiative(r)
    assert r.c.initiative["night"] is True
    assert any("Night scenario" in e["text"] for e in r.c.record)


def test_a_declared_counterattack_makes_the_german_idle(rb):
    # VotG 12.6252 EXC (the rule is VotG's; the step is shared): a Russian Counterattack, the German Idle.
    r = rb("Attack", {"night": "no"})
    r.c.flags.add("counterattack")
    initiative(r)
    assert r.c.initiative["type"] == "Russian Counterattack"
    assert r.c.initiative["chits"] == {"Russian": "Attack", "German": "Idle"}
    assert r.c.chits["Russian"]["Attack"] == 1 and r.c.initiative["moves_first"] == "Russian"


def test_the_computer_never_sees_the_humans_chit(rb):
    # The human's chit is logged first; when the computer is asked, neither its question nor the campaign holds it.
    # (With even OBs the German stands Idle against the dug-in Russians (issue 21): the Russian's Assault may be a
    # Night one, answered no.)
    r = rb(None, {"initiative": "Attack", "night": False})
    seen = []

    def peek(q):
        seen.append((set(q.context), r.c.initiative, list(r.c.history)))
        return computer_chit(r, "German", {}, q)
    r.play.sides["German"].answer = peek
    initiative(r)
    assert seen == [({"reph", "campaign", "record", "choices"}, None, [])]
    order = [e.side for e in r.play.log.events if e.kind in ("answer", "decision")]
    assert order[:2] == ["Russian", "German"]


def _ask(r, side, choices=("Attack", "Idle")):
    q = Question("initiative", "11.623", side, "", str, {"reph": r, "choices": choices})
    return computer_chit(r, side, {}, q)


def _ob(r, side, squads):
    for _ in range(squads):
        r.side(side).add("4-6-7" if side == "German" else "4-4-7", "squad")


def test_a_stronger_german_attacks_and_says_why(rb, pure_chits):
    r = rb()
    _ob(r, "German", 20)
    _ob(r, "Russian", 8)
    reply = _ask(r, "German")
    assert reply.value == "Attack"
    # 20 squads against 8 dug in (x1.25, issue 21): 2.00
    assert (
        "strength 2.00 x the Russians' dug in behind their Fortifications" in reply.why
        and "Historical DRM -2 today" in reply.why
    )


def test_a_weaker_russian_keeps_its_scarce_chits(rb):
    r = rb(date="18 Oct")
    _ob(r, "German", 20)
    _ob(r, "Russian", 14)
    reply = _ask(r, "Russian")
    assert reply.value == "Idle" and "1 Attack chits left for" in reply.why


def test_no_attack_chit_left_means_idle(rb):
    r = rb()
    _ob(r, "Russian", 40)
    reply = _ask(r, "Russian", ("Idle",))
    assert reply.value == "Idle" and "(no Attack chit left)" in reply.why


def test_idle_days_count_only_since_the_last_scenario(rb):
    # RB 11.617 "-2 per Idle Day since the last-completed CG scenario": a scenario-generating Initiative ends the count.
    r = rb()
    idle, assault = {"type": "Idle Day", "chits": {"German": "Idle", "Russian": "Idle"}}, \
        {"type": "German Assault", "chits": {"German": "Attack", "Russian": "Idle"}}
    r.c.history = [idle, idle, assault]
    assert r.c.idle_days == 0 and r.c.chits == {"German": {"Attack": 1, "Idle": 2}, "Russian": {"Attack": 0, "Idle": 3}}
    r.c.history = [assault, idle, idle]
    assert r.c.idle_days == 2


def test_9_62131_a_side_with_no_chit_left_selects_none(pack):
    """ABtF 9.62131: the CG lists "the maximum number of Attack and Idle Chits each side may select". The TEST pack's CG
    I gives the British 6 and 8: with all 14 used it selects none and stands Idle, said in the record, asked nothing,
    and its Idle count stays 8 (issue 36: it picked a 9th, 10th Idle with no word). A save of rules 4 still asked."""
    pack("abtf")
    for rules in (5, 4):
        r = new_reph((), "British", cg="abtf", variant="I")
        r.rules = rules
        r.play.sides["British"] = Human({"initiative": "Idle"})
        r.c.date, r.c.step = "21AM", "9.6213"
        for s in r.c.sides.values():
            s.roster.setdefault("21AM", RosterLine("21AM"))
        r.c.history = [{"date": d, "chits": {"German": "Attack", "British": chit}, "type": "Idle Day"}
                       for d, chit in zip(r.c.dates, ["Attack"] * 6 + ["Idle"] * 8, strict=False)]
        assert chits_left(r, "British") == {"Attack": 0, "Idle": 0}
        initiative(r)
        asked = [e for e in r.play.log.events if e.side == "British" and e.kind in ("answer", "decision")]
        if rules == 5:
            assert not asked and r.c.chits["British"] == {"Attack": 6, "Idle": 8}
            assert r.c.initiative["chits"]["British"] == "Idle" and r.c.initiative["no_chit"] == ["British"]
            assert any("British have used all their Attack and Idle chits (9.6213)" in e["text"] for e in r.c.record)
        else:
            assert asked and r.c.chits["British"]["Idle"] == 9
