"""Activation along the whole move (issue 35): after every FRIENDLY move no hidden S? stands in LOS of a Good Order
FRIENDLY unit within range without a check this phase at that range bracket or a better one, and no FRIENDLY unit
shares a hex with a hidden S?. 200 random moves on random Cross Roads set-ups and on the OtO map, played in one
process over the mission's own engine (each move checked and applied as the player's action is)."""

import random

import pytest

from solo.core.errors import SoloError
from solo.sasl import activation, engine, sighting
from solo.sasl.context import Ctx
from solo.sasl.words import INFANTRY
from tests.conftest import VASL_BOARDS
from tests.mission import act_on as act
from tests.mission import on_boards as mission_ctx

pytestmark = pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards is absent")


def unchecked(x: Ctx) -> list[str]:
    """What the property forbids: a hidden S? a Good Order FRIENDLY unit sees within range in a better bracket than
    this phase's check of it, or a FRIENDLY unit in a hidden S?'s hex."""
    wrong = []
    hidden = {x.map.name(s.where): s for s in x.m.s if s.status == "hidden" and x.map.name(s.where)}
    for u in x.m.units:
        if u.side != "FRIENDLY" or not u.on_map or u.kind not in (*INFANTRY, "vehicle"):
            continue
        if u.hex in hidden:
            wrong.append(f"{u.id} shares {u.hex} with {hidden[u.hex].id}")
        if u.status != "Good Order":
            continue
        ranks = sighting.bracket_ranks(x, "Vehicle" if u.kind == "vehicle" else "Infantry")
        for where, rng in x.map.seen(u.hex, list(hidden), activation.SIGHTING_RANGE).items():
            s = hidden[where]
            if ranks[rng] > sighting.RANKS["none"] and x.m.bracket.get(s.id, sighting.RANKS["none"]) < ranks[rng]:
                wrong.append(f"{s.id} in {where} seen by {u.id} in {u.hex} at range {rng} unchecked")
    return wrong


def random_moves(x: Ctx, rng: random.Random, count: int) -> int:
    """``count`` random moves of random FRIENDLY stacks along random paths (a new MPh now and then); the property is
    checked after each. Returns how many were legal and made."""
    made = 0
    for n in range(count):
        if n % 7 == 6:
            engine._enter(x, "FRIENDLY MPh")  # a new phase: MF and this phase's checks start again
        stacks = sorted({u.hex for u in x.m.units if u.side == "FRIENDLY" and u.on_map and u.status == "Good Order"
                         and u.kind in INFANTRY})
        if not stacks:
            break
        start = rng.choice(stacks)
        ids = [u.id for u in x.m.at(start, "FRIENDLY") if u.status == "Good Order" and u.kind in INFANTRY]
        path, here = [], start
        for _ in range(rng.randint(1, 3)):
            here = rng.choice(sorted(x.map.graph.successors(here)))
            path.append(here)
        try:
            act(x, {"do": "move", "units": ids, "path": path})
        except SoloError:
            continue
        made += 1
        assert not unchecked(x), (path, unchecked(x))
    return made


@pytest.mark.parametrize("seed", [3, 7])
def test_no_s_is_missed_along_200_random_moves_on_cross_roads(seed, monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = mission_ctx("oto-s2", seed)
    rng = random.Random(seed)
    engine._enter(x, "FRIENDLY MPh")
    edge = sorted(x.map.edge("North"))
    for types in (["5-2-7", "5-2-7", "LMG", "9-1"], ["4-4-7", "4-4-7"], ["5-2-7", "4-4-7"], ["2-2-8"]):
        for where in rng.sample(edge, len(edge)):
            try:
                act(x, {"do": "enter", "hex": where, "units": types})
                break
            except SoloError:
                continue
        assert not unchecked(x)
    assert random_moves(x, rng, 100) >= 40


def test_no_s_is_missed_along_200_random_moves_on_the_oto_map(monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = mission_ctx("oto-s1", 5)
    rng = random.Random(5)
    for where, types in (("K20", ["6-2-8", "4-5-8", "8-0"]), ("F24", ["4-4-7", "4-4-7"]), ("U18", ["6-2-8", "MMG"]),
                         ("CC21", ["4-5-8", "4-5-8"])):
        act(x, {"do": "enter", "hex": where, "units": types})
        assert not unchecked(x)
    engine._enter(x, "FRIENDLY MPh")
    assert random_moves(x, rng, 200) >= 80
