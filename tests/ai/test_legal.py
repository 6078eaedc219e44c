"""The ENEMY AI breaks no rule (issue 18.5): random situations on random Cross Roads configurations (three real boards
north to south, OtO-S2 MSR 6), random ENEMY and FRIENDLY units, each of the six phases, checked by
tests/ai/legality.py, with what each unit did this Player Turn, S? and a FRIENDLY stack's move. Seeded: situation k is
the same on every run. The plain run checks a small sample; the 1,000 situations run with
`pytest -m long tests/ai/test_legal.py`."""

import time
from functools import lru_cache

import numpy as np
import pytest

from solo.ai.decide import PHASES, Decision, decide
from solo.ai.maps import Terrain
from solo.ai.situation import situation_from
from solo.core.dice import SeededDice
from tests.ai.legality import illegal
from tests.ai.test_decide import OPEN_FIELD, situation, terrain
from tests.conftest import VASL_BOARDS

needs_boards = pytest.mark.skipif(not VASL_BOARDS.is_dir(), reason="../shared/vasl-boards is not beside the checkout")

SQUADS = ("4-6-7", "4-4-7", "5-4-8", "6-5-8", "4-5-8", "6-4-8", "4-3-6")
HALF_SQUADS = ("2-4-7", "2-3-7", "2-4-8", "2-2-6")
LEADERS = ("9-1", "8-0", "8-1", "9-2", "10-2", "7-0")
SWS = ("LMG", "MMG", "HMG", "PSK", "50mm MTR")
VEHICLES = ("ISU-122", "T-34 M43", "SU-76M", "GAZ-MM truck", "KV-85")  # 34.4: armoured, open-topped, soft, unlisted
PER_MAP = 20  # situations on one configuration before the next is rolled


@lru_cache(maxsize=1)  # one configuration at a time: a three-board LOS map is large
def cross_roads(k: int) -> tuple[tuple[str, ...], Terrain]:
    """The k-th configuration: its three boards rolled on the 6.1 MAPBOARD TABLE (MSR 6), with MSR 5's map."""
    from solo.board.cache import load_board
    from solo.games.oto_s2 import crossroads
    ids = tuple(b.id for b in crossroads.roll_boards(SeededDice(1000 + k)))
    return ids, Terrain(crossroads.map_graph(list(ids), lambda b: load_board(VASL_BOARDS, b)))


def random_situation(k: int):
    """Situation k: its configuration, a few VPO (some FRIENDLY-held), ENEMY units near FRIENDLY ones (squads, HS,
    leaders, SW with their possessor or lone, an AFV or a Gun now and then, some broken, random Attitudes; FRIENDLY
    AFVs and trucks among the FRIENDLY units)."""
    ids, t = cross_roads(k // PER_MAP)
    rng = np.random.default_rng(k)
    land = [n for n in t.nodes if any(d["mf"] < np.inf for d in t.graph[n].values())]
    centre = t.at(land[rng.integers(len(land))])
    near = [n for n in land if t.distance(centre)[t.at(n)] <= 7]
    used: set[str] = set()

    def place(pool) -> str:
        free = [n for n in pool if n not in used]
        return free[rng.integers(len(free))]

    friendly = []
    for n in range(rng.integers(0, 5)):
        h = place(near)
        used.add(h)
        name = rng.choice(SQUADS + HALF_SQUADS + LEADERS + VEHICLES)
        friendly.append({"id": f"F{n}", "unit": str(name), "hex": h, "broken": bool(rng.random() < 0.2)})
    enemy, count = [], 0
    taken = {f["hex"] for f in friendly}
    for _n in range(rng.integers(1, 7)):
        h = place([x for x in near if x not in taken])
        kind = rng.random()
        raw = {"id": f"E{count}", "hex": h, "attitude": str(rng.choice(("hold", "advance", "attack"))),
               "broken": bool(rng.random() < 0.2)}
        if kind < 0.6:
            raw["unit"] = str(rng.choice(SQUADS))
        elif kind < 0.75:
            raw["unit"] = str(rng.choice(HALF_SQUADS))
        elif kind < 0.88:
            raw["unit"] = str(rng.choice(LEADERS))
        elif kind < 0.94:
            raw |= {"unit": "StuG IIIG", "broken": False}
        elif kind < 0.97:
            raw |= {"unit": "75mm ATG", "mf": 0, "range": 10, "fp": 6, "broken": False}
        else:
            raw |= {"unit": str(rng.choice(("75L AT", "150 INF", "Flak 38 20L (6)"))), "mf": 0, "broken": False}
        if rng.random() < 0.4:  # what it did this Player Turn (issue 34)
            raw["did"] = [str(rng.choice(("prep fire", "moved", "first fire", "final fire", "advanced")))]
        enemy.append(raw)
        count += 1
        if raw["unit"] in SQUADS + HALF_SQUADS and rng.random() < 0.4:
            enemy.append({"id": f"E{count}", "unit": str(rng.choice(SWS)), "hex": h, "with": raw["id"]})
            count += 1
    if rng.random() < 0.2:
        enemy.append({"id": f"E{count}", "unit": str(rng.choice(SWS)), "hex": place(near)})  # a lone SW
    hidden = []
    for n in range(rng.integers(0, 4)):  # S? (issue 34: they move by their Attitude)
        h = place([x for x in near if x not in taken])
        used.add(h)
        hidden.append({"id": f"S{n + 1}", "hex": h, "attitude": str(rng.choice(("hold", "advance", "attack")))})
    objectives = sorted({place(near) for _ in range(rng.integers(1, 4))})
    held = [h for h in objectives if rng.random() < 0.4]
    moving = []
    if friendly:  # a FRIENDLY stack's move (First Fire): a few hexes, each next to the one before
        moving = [friendly[0]["hex"]]
        for _ in range(rng.integers(0, 3)):
            step = [b for b in t.graph[moving[-1]] if b not in moving]
            if step:
                moving.append(step[rng.integers(len(step))])
        moving = moving[::-1]  # it ended where it stands
    raw = {"boards": list(ids), "objectives": objectives, "friendly_held": held,
           "ebe": str(rng.choice(("west", "east", "north", "south"))), "enemy": enemy, "friendly": friendly,
           "s": hidden, "moving": moving[1:] or moving, "movers": [friendly[0]["id"]] if friendly else []}
    return t, situation_from(raw, f"random situation {k}")


def sweep(count: int) -> tuple[int, list[str]]:
    found, decisions = [], 0
    for k in range(count):
        t, s = random_situation(k)
        for phase in PHASES:
            made = decide(t, s, phase)
            decisions += len(made)
            found += [f"situation {k} {phase}: {line}" for line in illegal(t, s, phase, made)]
    return decisions, found


@needs_boards
def test_random_situations_are_legal():
    decisions, found = sweep(30)
    assert decisions > 300 and found == []


@needs_boards
@pytest.mark.long
def test_a_thousand_random_situations_are_legal():
    began = time.perf_counter()
    decisions, found = sweep(1000)
    print(f"1,000 situations, {decisions} decisions, {len(found)} illegal, {time.perf_counter() - began:.1f} s")
    assert found == [], "\n".join(found[:40])


# --- the checker finds what it should -------------------------------------------------------------------------


def test_the_checker_names_each_broken_rule():
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "attitude": "hold"},
                   {"id": "E2", "unit": "4-4-7", "hex": "1A3", "broken": True},
                   {"id": "E3", "unit": "LMG", "hex": "1C5"},
                   {"id": "E4", "unit": "4-6-7", "hex": "1E1", "attitude": "advance"},
                   {"id": "E5", "unit": "2-3-7", "hex": "1G5"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1C2"}, {"id": "F2", "unit": "4-5-8", "hex": "1A5"}],
                  objectives=["1C3"])

    def said(phase, *made):
        return "\n".join(illegal(t, s, phase, list(made)))

    move = said("move", Decision("E1", "move", ["1C3", "1C4"], ""), Decision("E4", "move", ["1E1", "1C1"], ""),
                Decision("F1", "move", ["1C2"], ""), Decision("E1", "stay", ["1C3"], ""))
    assert "E1 4-6-7: a Hold unit leaves the VPO 1C3" in move and "not ADJACENT on the map graph" in move
    assert "F1: a decision for a unit that is not an ENEMY unit" in move and "E1: two decisions" in move
    assert "costs" in said("move", Decision("E4", "move", ["1E1", "1E2", "1E3", "1E4", "1E5", "1D5"], ""))
    assert "FRIENDLY unit occupies" in said("move", Decision("E4", "move", ["1E1", "1D1", "1C2"], ""))
    assert "Advances 2 Locations" in said("advance", Decision("E4", "advance", ["1E1", "1E2", "1E3"], ""))
    assert "a broken unit fires" in said("defensive", Decision("E2", "defensive fire", ["1A3"], "", target="F2"))
    assert "a SW fires with no possessor" in said("defensive", Decision("E3", "defensive fire", ["1C5"], "",
                                                                         target="F2"))
    assert "beyond its range 3" in said("defensive", Decision("E5", "defensive fire", ["1G5"], "", target="F2"))
    rout = said("move", Decision("E2", "rout", ["1A3", "1A4"], ""))
    assert "nearer a FRIENDLY unit" in rout and "routs through 1A4, ADJACENT to a FRIENDLY unit (A10.51)" in rout


def test_the_checker_sees_los():
    rows = ["....."] * 7
    rows[3] = "WWWWW"  # a wall of woods down column D
    t = terrain(rows)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1B3"}], [{"id": "F1", "unit": "4-5-8", "hex": "1F3"}])
    assert "out of its LOS" in "\n".join(illegal(t, s, "defensive", [Decision("E1", "defensive fire", ["1B3"], "",
                                                                                target="F1")]))
    assert illegal(t, s, "defensive", decide(t, s, "defensive")) == []
