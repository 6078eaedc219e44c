"""Issue 38: a whole group of the FRIENDLY OoB entered in one action (solo/sasl/units.py oob_groups, stacks;
solo/sasl/actions.py check_group): OtO-S1's whole OoB in four actions, every unit's hex checked after."""

from collections import Counter

import pytest

from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import run_mission
from solo.sasl.mission_map import in_set_up_area
from solo.sasl.units import EQUIVALENT, group_name, oob_counters, stacks
from tests.conftest import VASL_BOARDS

GROUPS = {"coy1": "G26", "coy2": "W24", "coy3": "P24", "armor": "M27"}  # each group and the hex its first stack takes
# the first Coy's stacks (seed 5): the hex given, then the nearest free hexes of the set up area, by name at equal range
COY1 = ["G26", "F25", "F26", "G25", "G27", "H25", "H26"]


def test_otos1_whole_oob_in_four_actions(orsha):
    before = run_mission(EventLog.open(orsha), frozen=True).mission
    assert before.phase == "FRIENDLY RPh"
    for name, first in GROUPS.items():
        run_mission(EventLog.open(orsha), {"action": {"do": "group", "group": name, "hexes": [first]}})
    o = run_mission(EventLog.open(orsha), frozen=True)
    m, grid = o.mission, o.map.grid
    friendly = [u for u in m.units if u.side == "FRIENDLY"]
    assert Counter(u.type for u in friendly) == oob_counters(m) and m.groups == list(GROUPS)
    stacks_of = {}
    for u in friendly:  # every unit's hex: in the set up area, no S? or ENEMY unit there, within the stacking limit
        assert u.on_map and in_set_up_area(grid, ["A27", "I23", "I20", "R15", "DD21"], u.hex), u
        stacks_of.setdefault(u.hex, []).append(u)
        assert not m.at(u.hex, "ENEMY")  # not even a Known minefield (A26-H22, S15-Z18)
        assert not any(s.status == "hidden" and s.where == u.hex for s in m.s)
        if u.owner:  # a SW with the squad that holds it
            assert m.unit(u.owner).hex == u.hex and m.unit(u.owner).kind in EQUIVALENT
    for here in stacks_of.values():
        assert sum(EQUIVALENT.get(u.kind, 0) for u in here) <= 3 and sum(u.kind == "leader" for u in here) <= 4
        assert sum(u.kind == "vehicle" for u in here) <= 1
    # the first Coy's stacks: the hex given, then the nearest free ones, in the order of its units (F1 ... F38)
    coy1 = [u for u in friendly if int(u.id[1:]) <= 38]
    assert list(dict.fromkeys(u.hex for u in coy1)) == COY1
    assert [u.type for u in coy1 if u.hex == "G26"] == ["6-2-8", "6-2-8", "6-2-8", "8-0", "LMG", "FT"]
    assert {u.hex for u in friendly if u.kind == "vehicle"} >= {"M27"}
    armor = [u for u in friendly if u.type.startswith("AL ")]  # each Armor Leader in his AFV's hex
    assert all(any(v.hex == al.hex and v.kind == "vehicle" for v in friendly) for al in armor) and len(armor) == 3
    with pytest.raises(SoloError, match="on the map already"):
        run_mission(EventLog.open(orsha), {"action": {"do": "group", "group": "coy 1", "hexes": ["G26"]}})


def test_a_group_refused_whole(orsha):
    """A group whose first hex the set-up rule refuses: one line, nothing on the map."""
    with pytest.raises(SoloError, match="west of the FRIENDLY set up area"):
        run_mission(EventLog.open(orsha), {"action": {"do": "group", "group": "coy2", "hexes": ["A1"]}})
    with pytest.raises(SoloError, match="the OoB's groups are coy1, coy2, coy3, armor"):
        run_mission(EventLog.open(orsha), {"action": {"do": "group", "group": "platoon", "hexes": ["G26"]}})
    assert not [u for u in run_mission(EventLog.open(orsha), frozen=True).mission.units if u.side == "FRIENDLY"]


def test_stacks_keep_the_stacking_limit_and_give_each_squad_its_horse():
    """OtO-S2's cavalry (MSR 9): three squad-equivalents a stack, a leader to each stack in turn, a Squad horse to each
    squad and a HS horse to each crew, the heavy weapon attachment's Gun and Wagon together."""
    cavalry = ["5-2-7"] * 6 + ["4-4-7"] * 6 + ["2-2-8"] * 4 + ["LMG"] * 4 + ["Squad horse"] * 12 + ["HS horse"] * 4 \
        + ["9-1", "8-0", "2-2-8", "45L AT", "Wagon"]
    piles = stacks(cavalry, "Russian")
    assert piles[0] == ["5-2-7", "5-2-7", "5-2-7", "9-1", "LMG", "Squad horse", "Squad horse", "Squad horse"]
    assert piles[-1] == ["45L AT", "Wagon"]
    assert sorted(t for p in piles for t in p) == sorted(cavalry)
    for p in piles[:-1]:
        assert p.count("Squad horse") == sum(t in ("5-2-7", "4-4-7") for t in p)
        assert p.count("HS horse") <= p.count("2-2-8")
    assert group_name("Coy 2") == "coy2" and group_name("3") == "coy3" and group_name("AFV") == "armor"


def test_cavalry_enters_mounted_and_moves_as_cavalry(monkeypatch, tmp_path):
    """OtO-S2 MSR 9's Horse Cavalry entered whole: each squad possesses a Sq horse and each crew a Hs horse, mounted;
    a mounted stack moves with the cavalry MF (a marked stand-in, said in the record), its horses with it; dismounted,
    it has an MMC's 4 MF (A4.1) again (issue 38: F1-F5 moved "(4 MF)" as infantry, their horses left behind)."""
    if not VASL_BOARDS.is_dir():
        pytest.skip("../shared/vasl-boards is not beside the checkout")
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = tmp_path / "roads.db"
    EventLog.create(path, {"mission": "oto-s2", "seed": 7, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {"entry_edge": "North"})
    for _ in range(2):
        run_mission(EventLog.open(path), {"action": {"do": "phase"}})
    o = run_mission(EventLog.open(path), {"action": {"do": "group", "group": "cavalry", "hexes": ["33Q1"]}})
    m = o.mission
    horses = [u for u in m.units if u.kind == "horse"]
    assert len(horses) == 16 and all(h.owner and m.unit(h.owner).hex == h.hex for h in horses)
    riders = {m.unit(h.owner).kind for h in horses if h.type == "Squad horse"}
    assert riders == {"squad"} and {m.unit(h.owner).kind for h in horses if h.type == "HS horse"} <= {"hs", "crew"}
    mounted = [u for u in m.units if "mounted" in u.marks]
    assert len(mounted) == 16 and all(u.kind in EQUIVALENT for u in mounted)
    first, second = [u for u in mounted if u.kind == "squad" and u.hex == "33Q1"][:2]
    road = ["33Q2", "33Q3", "33Q4", "33Q5", "33Q6"]
    cost = sum(o.map.cost(a, b, "mf") for a, b in zip(["33Q1", *road], road, strict=False))
    assert m.spent[first.id] + cost > 5  # more than an MMC has (4, one more if CX): a mounted unit may
    run_mission(EventLog.open(path), {"action": {"do": "result", "unit": second.id, "result": "dismounted"}})
    with pytest.raises(SoloError, match="left of 4"):
        run_mission(EventLog.open(path), {"action": {"do": "move", "units": [second.id], "path": road}})
    o = run_mission(EventLog.open(path), {"action": {"do": "move", "units": [first.id], "path": road}})
    moved = next(e["text"] for e in o.mission.record if e["text"].startswith(f"{first.id} {first.type} move"))
    assert "mounted: 12 MF, solo's stand-in for A13" in moved
    horse = next(h for h in o.mission.units if h.owner == first.id and h.kind == "horse")
    assert horse.hex == o.mission.unit(first.id).hex != "33Q1"
