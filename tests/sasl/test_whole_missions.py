"""Whole missions on the map (issue 35, `-m long`): 20 missions, OtO-S1 on the OtO map and OtO-S2 on random Cross Roads
boards, played in one process by a scripted FRIENDLY side (its units enter and walk toward the EBE a hex at a time,
the ENEMY's moves confirmed as decided, every question answered with its example). At Mission End the VP equal the VP
worked out here independently from the positions each action left (control kept by this test, the schedule
applied by it), and every Random Event that brought units has them on the map or off it with a reason."""

import random
import re

import networkx as nx
import pytest

from solo.core.errors import SoloError
from solo.core.play import Reply
from solo.core.sides import Computer
from solo.games import enemy_ai as _enemy_ai
from solo.sasl.mission_map import board_edge, in_set_up_area
from tests.conftest import VASL_BOARDS
from tests.mission import act_on, on_boards

pytestmark = [pytest.mark.long,
              pytest.mark.skipif(not (VASL_BOARDS / "bdOTO").exists(), reason="../shared/vasl-boards is absent")]
MMC = ("squad", "hs", "crew")


class Examples:
    """The human side answering every question with its own example (as the app's form would), or the first of the
    choices it names when the example is not one of them."""
    human = True

    def answer(self, q):
        try:
            return Reply(q.parse_typed(q.typed_example))
        except SoloError as e:
            first = re.search(r"one of ([^,\s]+)", str(e))
            if first is None:
                raise
            return Reply(q.parse(first[1]))


def started(mission_id: str, seed: int):
    x = on_boards(mission_id, seed)
    x.play.sides["table"] = Examples()
    x.enemy_ai = _enemy_ai
    x.play.sides["ENEMY"] = Computer("ENEMY", lambda side, q: Reply(_enemy_ai(x, q.context["phase"])))
    return x


class Control:
    """This test's own account of control: a scored hex is the side's whose Good Order MMC stands in it alone (the
    FRIENDLY side's also with no hidden S? there); at start OtO-S2's VPO ENEMY, OtO-S1's those in the set up area
    FRIENDLY."""

    def __init__(self, x, hexes):
        line = x.defn.get("friendly_entry", {}).get("on_or_east_of")
        enemy_all = x.defn.get("control_at_start") == "ENEMY"
        self.held = {h: "FRIENDLY" if not enemy_all and line and in_set_up_area(x.map.grid, line, h) else "ENEMY"
                     for h in hexes}

    def look(self, x):
        for h in self.held:
            here = [u for u in x.m.units if u.on_map and x.map.name(u.hex) == h and u.status == "Good Order"]
            s = any(q.status == "hidden" and x.map.name(q.where) == h for q in x.m.s)
            sides = {u.side for u in here if u.kind in ("squad", "hs", "crew", "leader", "vehicle", "gun")}
            if any(u.side == "FRIENDLY" and u.kind in MMC for u in here) and sides == {"FRIENDLY"} and not s:
                self.held[h] = "FRIENDLY"
            elif any(u.side == "ENEMY" and u.kind in MMC for u in here) and sides == {"ENEMY"}:
                self.held[h] = "ENEMY"


def confirm(x):
    """The ENEMY's decisions waiting (its First Fire at a move, issue 34), confirmed as decided."""
    while x.m.pending and not x.m.ended:
        act_on(x, {"do": "enemy"})


def play(x, rng: random.Random, control: Control) -> list[str]:
    """The scripted FRIENDLY side to Mission End; why reinforcements stayed off the map, if they did."""
    why, fbe = [], sorted(x.map.edge(board_edge(x.m, x.defn, "FRIENDLY")))
    ebe = x.map.edge(board_edge(x.m, x.defn, "ENEMY"))
    if x.m.id == "oto-s1":
        for where, types in (("K25", ["6-2-8", "4-5-8", "8-0"]), ("P20", ["4-4-7", "4-4-7"]),
                             ("X22", ["6-2-8", "4-5-8"]), ("E26", ["4-4-7", "2-4-8"])):
            act_on(x, {"do": "enter", "hex": where, "units": types})
    for _ in range(2000):
        if x.m.ended:
            return why
        control.look(x)
        if x.m.pending:
            act_on(x, {"do": "enemy"})
        elif x.m.phase == "FRIENDLY MPh" and not x.m.spent:
            why += enter_all(x, rng, fbe)
            for stack in sorted({u.hex for u in x.m.units if u.side == "FRIENDLY" and u.on_map
                                 and u.status == "Good Order" and u.kind in MMC}):
                ids = [u.id for u in x.m.at(stack, "FRIENDLY") if u.status == "Good Order" and u.kind in MMC]
                step = min(sorted(x.map.graph.successors(stack)), key=lambda h: (x.map.to_edge(h, ebe), rng.random()))
                if not all(x.m.unit(i).on_map and x.m.unit(i).status == "Good Order" for i in ids):
                    continue  # First Fire at an earlier stack's move broke or eliminated one
                try:
                    act_on(x, {"do": "move", "units": ids, "path": [step]})
                except SoloError:
                    continue
                control.look(x)
                confirm(x)
            if not x.m.ended:
                act_on(x, {"do": "phase"})
        else:
            act_on(x, {"do": "phase"})
    raise AssertionError("the mission never ended")


def enter_all(x, rng, fbe) -> list[str]:
    """Every FRIENDLY counter that may enter now enters, two at a time on the FBE (OtO-S2: its entry edge, Game Turn 1
    only in this script); why one could not."""
    from collections import Counter

    from solo.sasl.actions import arrived
    from solo.sasl.units import oob_counters
    if x.m.id == "oto-s2":
        left = oob_counters(x.m) - Counter(x.m.entered) if x.m.turn == 1 else Counter()
        edge = sorted(x.map.edge(x.m.friendly_oob["entry_edge"]))
    else:
        left, edge = arrived(x.m) - Counter(x.m.reinforced), fbe
    types = [t for t, n in sorted(left.items()) for _ in range(n) if "horse" not in t.lower() and t != "Wagon"]
    why = []
    for where in rng.sample(edge, len(edge)):
        if not types:
            break
        try:
            act_on(x, {"do": "enter", "hex": where, "units": types[:2]})
            types = types[2:]
        except SoloError as e:
            why.append(str(e))
        confirm(x)
    return why


def road_path(x, held) -> bool:
    roads = [h for h, d in x.map.graph.nodes(data=True) if d.get("road") and held.get(h) == "FRIENDLY"]
    g = nx.Graph((a, b) for a, b, d in x.map.graph.subgraph(roads).edges(data=True) if d.get("road"))
    fbe, ebe = (x.map.edge(board_edge(x.m, x.defn, side)) for side in ("FRIENDLY", "ENEMY"))
    return any(nx.has_path(g, a, b) for a in fbe & set(g) for b in ebe & set(g))


def expected_oto_s1(x, control: Control) -> tuple[int, int]:
    vpo = [x.map.name(v["hex"]) for v in x.m.boards["vpo"]]
    friendly = sum(control.held[h] == "FRIENDLY" for h in vpo)
    rail = [h for h, d in x.map.graph.nodes(data=True) if d["terrain"] == "railroad"]
    rr = all(control.held[h] == "FRIENDLY" for h in rail)
    road = road_path(x, control.held)
    targets = [h for h, d in x.map.graph.nodes(data=True) if d["terrain"] == "railroad" or d.get("road")]
    guns = sum(1 for u in x.m.units if u.side == "ENEMY" and u.on_map and u.kind in ("gun", "vehicle")
               and "malfunctioned" not in u.marks and x.map.seen(u.hex, targets, 99)
               and (u.kind == "vehicle" or any(v.kind in MMC and v.status == "Good Order" for v in x.m.at(u.hex))))
    return friendly + 2 * rr + 3 * road, (len(vpo) - friendly) + (not rr) + (not road) + guns


MISSIONS = [("oto-s2", seed) for seed in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)] + \
           [("oto-s1", seed) for seed in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)]


@pytest.mark.parametrize("mission_id, seed", MISSIONS)
def test_a_whole_mission_scores_what_the_map_shows(mission_id, seed, monkeypatch):
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    x = started(mission_id, seed)
    scored = list(x.m.control)
    control = Control(x, scored)
    assert control.held == x.m.control  # the start, as the rule says
    off = play(x, random.Random(seed), control)
    vp = x.m.ended["vp"]
    assert {h: x.m.control[h] for h in scored} == control.held
    if mission_id == "oto-s1":
        assert (vp["friendly"], vp["enemy"]) == expected_oto_s1(x, control)
    else:
        vpo = [x.map.name(v["hex"]) for v in x.m.boards["vpo"]]
        sides = [line[0] for line in vp["lines"]]
        assert sides.count("FRIENDLY") == sum(control.held[h] == "FRIENDLY" for h in vpo)
        assert sides.count("ENEMY") == sum(control.held[h] == "ENEMY" for h in vpo)
        if "VPO" in x.m.ended["why"]:  # the immediate win: every VPO FRIENDLY
            assert set(control.held[h] for h in vpo) == {"FRIENDLY"}
    last = x.m.ended["turn"]
    for group in x.m.friendly_oob.get("reinforcements", []):
        brought = sum(n for t, n in group.get("units", []))
        entered = sum(x.m.reinforced.values()) if mission_id == "oto-s1" else brought
        assert not brought or entered or group["turn"] >= last or off, group  # on the map, or off it with a reason
