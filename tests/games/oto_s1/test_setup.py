"""OtO-S1 set-up: the mission tables read as RE# pairs, the FRIENDLY OoB with its drs, the German Guns and wrecks."""

import pytest

from solo.games import mission
from solo.games.oto_s1 import setup
from solo.sasl.setup import mission_tables
from tests.mission import ctx


def test_oto_s1_re_numbers_read_as_pairs():
    x = ctx(faces=[1, 1, 1, 1, 1, 1, 1, 1])  # DR 2, DR 2, dr 1, dr 1, dr 1
    mission_tables(x)
    assert x.m.tables == {"enemy_san": 3, "friendly_san": 2, "enemy_ac": 3, "enemy_re": "5/6", "friendly_re": "5/6"}
    assert x.m.re_numbers == {"ENEMY": [5, 6], "FRIENDLY": [5, 6]}


def test_oto_s1_friendly_oob():
    """Three Coys, each with its hmg-or-.50 cal dr (1-2: .50 cal) and three leaders by R3; seven fixed AFV and four by
    the dr table (a 5 makes another dr); three AL by R3 with the extra -1."""
    x = ctx(seed=4)
    setup.friendly_oob(x)
    oob = x.m.friendly_oob
    assert len(oob["infantry"]) == 3 and all(len(c["leaders"]) == 3 for c in oob["infantry"])
    assert all({".50 cal", "HMG"} & {t for t, _ in c["units"]} for c in oob["infantry"])
    assert (
        len(oob["armor"]) == 11
        and [a["afv"] for a in oob["armor"][:7]] == mission("oto-s1").definition["friendly_oob"]["armor"]
    )
    assert len(oob["armor_leaders"]) == 3
    al_rolls = [e for e in x.play.log.events if "Armor Leader" in e.data.get("purpose", "")]
    assert all(m["name"] == "al" for e in al_rolls for m in e.data["trace"]["modifiers"])
    hmg = [e for e in x.play.log.events if e.data["what"] == "oto-s1.coy_heavy_mg"]
    assert len(hmg) == 3


def test_armor_support_dr_and_its_another_dr():
    x = ctx(faces=[3, 5, 4, 6, 1])
    # the OoB's names (afv_names)
    assert [setup.armor_support(x, n) for n in (1, 2, 3)] == ["KV-1S", "T-34/ATO-42", "KV-8"]


def test_oto_s1_enemy_guns_wrecks_elr_sniper():
    x = ctx(faces=[1, 4, 6, 2, 5, 3])
    setup.enemy(x)
    mines = [u.hex for u in x.m.units if u.kind == "fortification"]  # issue 35: the Known minefields as counters
    assert mines == ["A26", "B25", "C25", "D24", "E24", "F23", "G23", "H22",
                     "S15", "T15", "U16", "V16", "W17", "X17", "Y18", "Z18"]
    assert [(u.type, u.hex, u.owner, u.marks) for u in x.m.units if u.kind != "fortification"] == [
        ("Flak 38 20L (6)", "I10", "E2", ["concealed"]), ("2-2-8", "I10", None, ["concealed"]),
        ("Flak 38 20L (6)", "U6", "E4", ["concealed"]), ("2-2-8", "U6", None, ["concealed"]),
        ("Flak 18 88L", "CC2", "E6", []), ("2-2-8", "CC2", None, [])]  # each with its 2-2-8 crew (issue 35)
    assert x.m.enemy["elr"] == 3 and x.m.enemy["sniper"] == "P18"
    assert "wrecks" not in x.m.enemy  # MSR 8: their status dr comes after the FRIENDLY set up
    for where in ("M16", "M14", "P13", "G22", "W19", "Z17"):
        x.m.add_unit("Wreck", "wreck", where, "", "MSR 8", side="FRIENDLY")  # the six the player placed
    setup.wreck_status(x)
    assert [w.split(":")[0] for w in x.m.enemy["wrecks"]] == [
        "Wreck is not affected", "Wreck is burning", "Wreck is removed", "Wreck is not affected",
        "Wreck is burning", "Wreck is not affected"]


def test_msr_8_wreck_status_after_the_friendly_set_up(tmp_path):
    """MSR 8: "after FRIENDLY set up a dr for each" wreck: rolled as the FRIENDLY units leave the FRIENDLY RPh of Game
    Turn 1, not with the ENEMY's set up (issue 18)."""
    from tests.mission import act, new
    path = new(tmp_path)
    for where in ("M16", "P14", "G22"):
        act(path, {"do": "wreck", "hex": where})
    o = act(path, {"do": "enter", "hex": "B27", "units": ["6-2-8"]})
    assert "wrecks" not in o.mission.enemy
    o = act(path, {"do": "phase"})
    assert len(o.mission.enemy["wrecks"]) == 3 and o.mission.phase == "FRIENDLY PFPh"  # one dr a wreck placed
    texts = [e["text"] for e in o.mission.record]
    assert texts.index(next(t for t in texts if t.startswith("Wrecks (MSR 8)"))) > texts.index(
        next(t for t in texts if "6-2-8 set up in B27" in t))


def test_msr_8_the_wrecks_are_counters_on_the_map(tmp_path):
    """MSR 8: six wrecks <= 2 hexes outside the FRIENDLY set up area, not adjacent to one another, placed before the
    FRIENDLY set up; the status dr falls on them (issue 35: no wreck was ever on the map)."""
    from solo.core.errors import SoloError
    from tests.mission import act, new
    path = new(tmp_path)
    act(path, {"do": "wreck", "hex": "M16"})  # M16: two hexes West of M18, on the line
    for where, says in (("M18", "inside the FRIENDLY set up area"), ("M13", "more than 2 hexes outside"),
                        ("M17", "adjacent to the wreck in M16")):
        with pytest.raises(SoloError, match=says):
            act(path, {"do": "wreck", "hex": where})
    act(path, {"do": "wreck", "hex": "P14"})
    act(path, {"do": "enter", "hex": "B27", "units": ["6-2-8"]})
    with pytest.raises(SoloError, match="before the FRIENDLY units set up"):
        act(path, {"do": "wreck", "hex": "G22"})
    o = act(path, {"do": "phase"})
    wrecks = [u for u in o.mission.units if u.type == "Wreck"]
    assert [u.hex for u in wrecks] == ["M16", "P14"] and len(o.mission.enemy["wrecks"]) == 2
    for u, result in zip(wrecks, o.mission.enemy["wrecks"], strict=False):
        assert (u.status == "eliminated") == ("removed" in result) and ("burning" in u.marks) == ("burning" in result)
