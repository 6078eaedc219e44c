"""The bench (issue 18.5): hand-made situations on real VASL boards (tests/ai/bench/*.toml), each with what an
experienced ASL player would do with one named ENEMY unit, decided from the rules and the map before the AI was run
on it. Every decision of every situation is legal (tests/ai/legality.py); the share of expected choices is reported
and asserted; each move a file names as illegal is one the checker refuses, for the rule it names.

A situation file: the situation's own keys (boards, objectives, friendly_held, ebe, [[enemy]], [[friendly]]) and
- description: the position in words; phase: prep, move, advance or defensive; unit: the ENEMY unit judged;
- expect: what its decision must be, every key given: end (acceptable end hexes), target (acceptable targets),
  action, group (its fire group's unit ids, [] for none), avoid (end hexes it must not take), none (no decision of
  its own: a SW moves with its possessor);
- [[illegal]]: moves that would break a rule: path, optional action and target, and rule (words of the checker's
  message).
"""

import tomllib
from functools import cache
from pathlib import Path

import pytest

from solo.ai.decide import Decision, decide
from solo.ai.maps import Terrain, terrain_for
from solo.ai.situation import situation_from
from tests.ai.legality import illegal
from tests.conftest import VASL_BOARDS

BENCH = Path(__file__).parent / "bench"
FILES = sorted(BENCH.glob("*.toml"))
OWN = ("description", "note", "phase", "unit", "expect", "illegal")
FLOOR = 0.9  # the share of expected choices the AI must make
# Measured when the bench was made: 42 of 46 (91%); 44 of 46 (96%) once the AI weighed a target's TEM and Point Blank
# Fire (decide.py _target). Issue 34.4 added 47-57 (Guns and AFVs choosing between an AFV and a squad, Infantry facing
# an AFV), each expectation written before the run: 55 of 57 (96%), all eleven as expected; the code before it made 46
# of 57 and four small-arms attacks on armoured AFVs. The misses left (the expectation kept as written before the run):
# - 12_advance_no_open_in_los: the Advance squad walks into the open at 4L5, in the LOS of 8 FRIENDLY FP (4 MF of
#   progress outweigh the threat at the advance weights);
# - 16_advance_enters_woods: it goes to 4M10, open but out of every FRIENDLY LOS and beside the VPO, rather than into
#   the woods 4M8 in the 4-5-8's LOS (the AI's choice is arguably the better one; the expectation was not against
#   the rules, so it stands).

pytestmark = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")


@cache
def terrain(boards: tuple[str, ...]) -> Terrain:
    return terrain_for(boards, str(VASL_BOARDS))


def load(path: Path):
    raw = tomllib.loads(path.read_text())
    s = situation_from({k: v for k, v in raw.items() if k not in OWN}, path.name)
    return raw, terrain(s.boards), s


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
    if "group" in expect and sorted(d.group) != sorted(expect["group"]):
        miss.append(f"fire group {d.group}, not {expect['group']}")
    return miss


def test_the_bench_is_legal_and_plays_as_expected():
    assert len(FILES) >= 40
    broken, misses = [], []
    for path in FILES:
        raw, t, s = load(path)
        made = decide(t, s, raw["phase"])
        broken += [f"{path.name}: {line}" for line in illegal(t, s, raw["phase"], made)]
        mine = next((d for d in made if d.unit == raw["unit"]), None)
        miss = expected(raw["expect"], mine)
        if miss:
            misses.append(f"{path.name}: {raw['unit']} {'; '.join(miss)} -- {mine.why if mine else ''}")
    rate = 1 - len(misses) / len(FILES)
    print(f"\nbench: {len(FILES)} situations, {len(FILES) - len(misses)} as expected ({rate:.0%})")
    print("\n".join(misses))
    assert broken == []
    assert rate >= FLOOR, "\n".join(misses)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_moves_a_situation_names_illegal_are_refused(path):
    raw, t, s = load(path)
    for bad in raw.get("illegal", []):
        d = Decision(raw["unit"], bad.get("action", "move"), bad["path"], "", target=bad.get("target"))
        said = illegal(t, s, raw["phase"], [d])
        assert any(bad["rule"] in line for line in said), f"{bad}: {said}"
