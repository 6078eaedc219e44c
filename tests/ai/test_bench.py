"""The bench (issue 18.5): hand-made situations on real VASL boards (tests/ai/bench/*.toml), each with what an
experienced ASL player would do with one named ENEMY unit, decided from the rules and the map before the AI was run
on it. Every decision of every situation is legal (tests/ai/legality.py); the share of expected choices is reported
and asserted; each move a file names as illegal is one the checker refuses, for the rule it names.

A situation file: the situation's own keys (boards, objectives, friendly_held, ebe, [[enemy]], [[friendly]], [[s]],
moving, movers) and
- description: the position in words; phase: prep, first, move, defensive, advancing or advance; unit: the ENEMY
  unit judged;
- expect: what its decision must be, every key given: end (acceptable end hexes), target (acceptable targets),
  action, group (its fire group's unit ids, [] for none), fp (the FP it fires with), at (acceptable hexes First Fire
  fires at its moving target in), avoid (end hexes it must not take), none (no decision of
  its own: a SW moves with its possessor);
- [[illegal]]: moves that would break a rule: path, optional unit (else the unit judged), action, target, fp and at,
  and rule (words of the checker's message).

A situation spanning phases of one Player Turn or more (issue 34) has, instead of phase, unit, expect and illegal,
[[step]] tables, played in order, each with its phase, unit, expect and optional illegal, and optionally what changed
before it: new_turn = true (a new Player Turn: every unit's did cleared, as the RPh clears it), enemy / friendly (lists
of units merged by id into the situation's: a FRIENDLY unit moved or broken, a new one; gone = true removes it),
friendly_held (the FRIENDLY-held VPO now: one captured or lost), moving and movers (the FRIENDLY stack moving in this
step's First Fire; a step without them has the file's own, if any). Between steps the previous step's decisions are
applied as the game applies the confirmed ones (solo/sasl/engine.py keeps a phase's own actions, solo/sasl/actions.py
carries them out): each unit to its end hex, a SW with its possessor, and its record (DID_BY_ACTION; Defensive Fire in
the DFPh is Final Fire); a "move" step is the MPh and the RtPh, its moves and routs applied. A situation counts as
expected when every step is.
"""

import tomllib
from functools import cache
from pathlib import Path

import pytest

from solo.ai.decide import Decision, decide
from solo.ai.maps import Terrain, terrain_for
from solo.ai.situation import Situation, situation_from
from solo.sasl.actions import DID_BY_ACTION
from solo.sasl.engine import AI_PHASES, FIRST_FIRE
from tests.ai.legality import illegal
from tests.conftest import VASL_BOARDS

BENCH = Path(__file__).parent / "bench"
FILES = sorted(BENCH.glob("*.toml"))
OWN = ("description", "note", "phase", "unit", "expect", "illegal", "step")
SIDES = ("enemy", "friendly", "s")
KEPT: dict[str, set[str]] = {}  # the decisions the game keeps in each phase (solo/sasl/engine.py), the rest dropped
for _phase, _kept in [*AI_PHASES.values(), FIRST_FIRE]:
    KEPT.setdefault(_phase, set()).update(_kept)
FLOOR = 0.95  # the share of expected choices the AI must make
# Measured when the bench was made: 42 of 46 (91%); 44 of 46 (96%) once the AI weighed a target's TEM and Point Blank
# Fire (decide.py _target). Issue 34.4 added 47-57 (Guns and AFVs choosing between an AFV and a squad, Infantry facing
# an AFV), each expectation written before the run: 55 of 57 (96%), all eleven as expected; the code before it made 46
# of 57 and four small-arms attacks on armoured AFVs. The misses left (the expectation kept as written before the run):
# - 12_advance_no_open_in_los: the Advance squad walks into the open at 4L5, in the LOS of 8 FRIENDLY FP (4 MF of
#   progress outweigh the threat at the advance weights);
# - 16_advance_enters_woods: it goes to 4M10, open but out of every FRIENDLY LOS and beside the VPO, rather than into
#   the woods 4M8 in the 4-5-8's LOS (the AI's choice is arguably the better one; the expectation was not against
#   the rules, so it stands).
# Issue 34 grew it to 104 situations, 47 of them over two or more phases of one Player Turn or two ([[step]]); the
# expectations of 60-117 were written before the AI was run on them. Measured: 100 of 104 (96%), after two AI fixes
# the new situations showed (decide.py: Advance into CC by the Attack units that can Advance together, broken
# defenders not counted, 71 and 74; a SW carried by its possessor fires in the AFPh at half FP, 94) and one found by
# the old bench (21: a broken unit ADJACENT to a FRIENDLY unit stayed in its building). The misses left:
# - 12 and 16 above;
# - 68_seq_advance_move_then_half_fp: the same weighing as 16: the Advance squad ends in the open at 4M10 ADJACENT to
#   the 4-5-8 on the VPO rather than in the woods 4M8 (the threat map does not double for Point Blank Fire; doubling
#   it, tried, sent this squad to the woods 4L9 and the one of 76 away from the stone beside its VPO, so it was not
#   kept);
# - 96_seq_advance_move_then_advance_onto_vpo: with no FRIENDLY unit in sight the Advance squad stops in the wooden
#   building 12M6 (TEM +2) rather than beside the empty VPO, and so does not take it in the APh (cover outweighs 1 MF
#   of progress even where no fire can reach).

pytestmark = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


@cache
def terrain(boards: tuple[str, ...]) -> Terrain:
    return terrain_for(boards, str(VASL_BOARDS))


def steps(raw: dict) -> list[dict]:
    """A situation's steps: its [[step]] tables, or the one phase it names."""
    return raw.get("step") or [{k: raw[k] for k in ("phase", "unit", "expect", "illegal") if k in raw}]


def _changed(units: dict, step: dict) -> None:
    """What the step says changed before it: a new Player Turn, units moved, broken, added or gone."""
    if step.get("new_turn"):
        for side in units.values():
            for u in side:
                u["did"] = []
    for side in ("enemy", "friendly"):
        for change in step.get(side, []):
            old = next((u for u in units[side] if u["id"] == change["id"]), None)
            if old is None:
                units[side].append(dict(change))
            else:
                old.update(change)
            if change.get("gone"):
                units[side] = [u for u in units[side] if u["id"] != change["id"]]


def _applied(units: dict, made: list[Decision], phase: str) -> None:
    """The decisions carried out as the game confirms them: each unit to its end hex (its SW with it) and its record."""
    by_id = {u["id"]: u for side in units.values() for u in side}
    for d in made:
        if d.action not in KEPT[phase]:
            continue
        u = by_id[d.unit]
        word = "final fire" if d.action == "defensive fire" and phase == "defensive" else DID_BY_ACTION.get(d.action)
        if word and word not in u.get("did", []):
            u["did"] = [*u.get("did", []), word]
        if d.end != u["hex"]:
            for sw in units["enemy"]:
                if sw.get("with") == d.unit:
                    sw["hex"] = d.end
            u["hex"] = d.end


@cache
def played(path: Path) -> tuple[dict, list[tuple[dict, Terrain, Situation, list[Decision]]]]:
    """The file, and each step with its situation and the ENEMY's decisions for its phase."""
    raw = tomllib.loads(path.read_text())
    base = {k: v for k, v in raw.items() if k not in OWN + SIDES}
    units = {side: [dict(u) for u in raw.get(side, [])] for side in SIDES}
    out = []
    for n, step in enumerate(steps(raw), 1):
        _changed(units, step)
        if "friendly_held" in step:
            base["friendly_held"] = step["friendly_held"]
        now = base | {side: units[side] for side in SIDES} | {k: step[k] for k in ("moving", "movers") if k in step}
        s = situation_from(now, f"{path.name} step {n}")
        t = terrain(s.boards)
        made = decide(t, s, step["phase"])
        out.append((step, t, s, made))
        _applied(units, made, step["phase"])
    return raw, out


def expected(expect: dict, d: Decision | None) -> list[str]:
    """What of ``expect`` the decision misses (empty: the expected choice)."""
    if expect.get("none"):
        return [] if d is None else [f"a decision of its own ({d.action} {d.path})"]
    if d is None:
        return ["no decision"]
    miss = []
    if "end" in expect and d.end not in expect["end"]:
        miss.append(f"ends in {d.end}, not {' or '.join(expect['end'])}")
    if "avoid" in expect and d.end in expect["avoid"]:
        miss.append(f"ends in {d.end}")
    if "target" in expect and d.target not in expect["target"]:
        miss.append(f"fires at {d.target}, not {' or '.join(expect['target'])}")
    if "action" in expect and d.action != expect["action"]:
        miss.append(f"{d.action}, not {expect['action']}")
    if "fp" in expect and d.fp != expect["fp"]:
        miss.append(f"fires {d.fp} FP, not {expect['fp']:g}")
    if "at" in expect and d.at not in expect["at"]:
        miss.append(f"fires at its target in {d.at}, not {' or '.join(expect['at'])}")
    if "group" in expect and sorted(d.group) != sorted(expect["group"]):
        miss.append(f"fire group {d.group}, not {expect['group']}")
    return miss


def test_the_bench_is_legal_and_plays_as_expected():
    assert len(FILES) >= 100
    broken, misses, multi = [], [], 0
    for path in FILES:
        raw, done = played(path)
        multi += len(done) > 1
        wrong = []
        for n, (step, t, s, made) in enumerate(done, 1):
            where = path.name + (f" step {n} ({step['phase']})" if len(done) > 1 else "")
            broken += [f"{where}: {line}" for line in illegal(t, s, step["phase"], made)]
            mine = next((d for d in made if d.unit == step["unit"]), None)
            miss = expected(step["expect"], mine)
            if miss:
                wrong.append(f"{where}: {step['unit']} {'; '.join(miss)} -- {mine.why if mine else ''}")
        if wrong:
            misses.append("; ".join(wrong))
    rate = 1 - len(misses) / len(FILES)
    print(f"\nbench: {len(FILES)} situations ({multi} of two or more phases), {len(FILES) - len(misses)} as expected "
          f"({rate:.0%})")
    print("\n".join(misses))
    assert multi >= 30
    assert broken == []
    assert rate >= FLOOR, "\n".join(misses)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_moves_a_situation_names_illegal_are_refused(path):
    for step, t, s, _ in played(path)[1]:
        for bad in step.get("illegal", []):
            d = Decision(bad.get("unit", step["unit"]), bad.get("action", "move"), bad["path"], "",
                         target=bad.get("target"), fp=bad.get("fp"), at=bad.get("at"))
            said = illegal(t, s, step["phase"], [d])
            assert any(bad["rule"] in line for line in said), f"{bad}: {said}"
