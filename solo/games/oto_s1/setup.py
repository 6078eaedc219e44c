"""OtO-S1 set-up: the ADDITIONAL GERMAN UNITS with MSR 6 and 8, and the FRIENDLY STARTING OoB with its drs."""

from functools import cache
from typing import cast

from solo.board.graph import Placed, build_graph
from solo.board.oto import OtoMap
from solo.games.oto_s1 import minefields, wrecks
from solo.sasl.context import Ctx
from solo.sasl.game import Load
from solo.sasl.mission_map import MissionMap, map_boards, own_grid
from solo.sasl.setup import leaders
from solo.sasl.words import Kind


def mission_map(x: Ctx) -> MissionMap:
    """The OtO map, rows 1-28 in play: read from the player's VASL boards folder (solo/board/oto.py) with its terrain,
    movement and LOS; without it, by its hex grid alone (hexes, adjacency and ranges; LOS is then the player's)."""
    if x.boards:
        return _map(x.boards[""])
    return MissionMap(grid=own_grid(x.defn["map_grid"]))


@cache
def _map(board) -> MissionMap:
    """Built once a process (every command replays the save)."""
    return MissionMap(build_graph([Placed("", board)]), grid=board.grid)


def set_up(x: Ctx, load: Load) -> None:
    """SEQUENCE: the German Guns and wrecks (MSR 8) first, then the FRIENDLY units. With the player's VASL boards the
    OtO map is read, and its printed LVP in play are the VPO."""
    if load is not None:
        x.m.boards = {"boards": [""], "map": "OTO", "rows": x.defn["map_grid"]["rows"]}
        board = cast(OtoMap, map_boards(x.m.boards, load)[0][1])  # the OtO map in play (map_boards: "OTO")
        x.boards = {"": board}
        x.m.boards["vpo"] = [{"hex": h, "board": "", "why": "printed LVP"} for h in board.lvp]
        x.say(f"The OtO map, hexrows 1-{board.grid.rows} in play, read from your VASL boards; VPO (the printed LVP): "
              f"{', '.join(board.lvp)}", rule="VPO LOCATIONS")
    enemy(x)
    friendly_oob(x)


def enemy(x: Ctx) -> None:
    """ADDITIONAL GERMAN UNITS, MINEFIELDS, MSR 6 (ELR 3, Sniper in P18) and MSR 8 (six wrecks, status dr)."""
    e = x.m.enemy
    e.update(elr=x.defn["enemy_elr"], sniper=x.defn["sniper"], rules=x.defn["enemy_rules"])
    x.say(f"ENEMY ELR {e['elr']}; the ENEMY Sniper is in {e['sniper']}", rule="MSR 6")
    for gun in x.defn["enemy_units"]:
        unit = x.m.add_unit(gun["type"], Kind.GUN, gun["hex"], x.m.attitude, "set up")
        crew = None
        if x.rules >= 6:  # issue 35: the Guns came without their crews and their concealment
            crew = x.m.add_unit(gun["crew"], Kind.CREW, gun["hex"], x.m.attitude, "set up")
            unit.owner = crew.id
            if gun.get("concealed"):
                unit.marks = crew.marks = ["concealed"]
        x.say(f"{unit.id} {gun['type']} in {gun['hex']}" + (f", manned by {crew.id} {crew.type}" if crew else "")
              + f": {gun['note']}", rule="ADDITIONAL GERMAN UNITS")
    if x.rules >= 6:  # issue 35: the Known minefields were no counters on the map
        placed = minefields.hexes(x)
        for where in placed:
            x.m.add_unit("Known minefield", Kind.FORTIFICATION, where, "", "set up")
        x.say(f"Known minefields (B28.46) in {', '.join(placed)}; a strength is rolled when one is entered",
              rule="MINEFIELDS")
    if x.rules >= 3:
        x.say(f"{x.defn['enemy_rules']['wrecks']} wrecks may be placed now; their status dr comes after the FRIENDLY "
              "set up", rule="MSR 8")
    else:  # saves of rules version 2 and before rolled the wrecks' status here, before the FRIENDLY set up
        wreck_status(x, early=True)


def wreck_status(x: Ctx, early: bool = False) -> None:
    """MSR 8: "after FRIENDLY set up a dr for each" wreck: 1-3 not affected, 4-5 burning, 6 removed. The FRIENDLY set
    up ends when its units leave the FRIENDLY RPh of Game Turn 1 (issue 18: it came before, with the ENEMY's)."""
    if x.rules < 3 and not early:
        return
    counters = wrecks.placed(x) if x.rules >= 6 else []  # issue 35: the dr falls on the wrecks placed, if any
    count = len(counters) if x.rules >= 6 else x.defn["enemy_rules"]["wrecks"]
    found = []
    for n in range(1, count + 1):
        where = f" in {counters[n - 1].hex}" if counters else ""
        found.append(x.roll("oto-s1.wreck_status", f"Wreck {n}{where} status (MSR 8)", side="").result)
    x.m.enemy["wrecks"] = found
    wrecks.status(x, found)
    if not found:
        x.say("Wrecks (MSR 8): none placed", rule="MSR 8")
        return
    x.say("Wrecks (MSR 8): " + "; ".join(f"{n} {w}" for n, w in enumerate(found, 1)), rule="MSR 8")


def friendly_oob(x: Ctx) -> None:
    """FRIENDLY STARTING OoB: three Coys (each Coy's hmg or .50 cal dr; Leader x 3 by R3), the seven fixed AFV,
    four by the Armor Support dr table (its 5 and 6 make another dr), three AL by R3 with the extra -1, the
    Sturmoviks (Turn 2) and the MSR 3 OBA."""
    oob, cat = x.defn["friendly_oob"], x.m.friendly_oob
    for n in range(1, oob["coys"] + 1):
        hmg = x.roll(oob["coy_heavy_mg"], f"Coy {n}: hmg or .50 cal", side="FRIENDLY").result
        weapons = [[t, k] for t, k in oob["coy"]] + [[".50 cal" if hmg.startswith("Replace") else "HMG", 1]]
        found = leaders(x, oob["coy_leaders"], "Leader", until=True)
        cat["infantry"].append({"coy": n, "units": weapons, "leaders": found})
        x.say(f"Coy {n}: " + ", ".join(f"{t} x{k}" for t, k in weapons) + f"; leaders {', '.join(found) or 'none'}",
              rule="OoB")
    armor = list(oob["armor"]) + [armor_support(x, n + 1) for n in range(oob["armor_rolls"])]
    als = leaders(x, oob["armor_leaders"], "Armor Leader", until=True)  # its -1 DRM: [[drm]]
    cat["armor"] = [{"afv": a, "armor_leader": als[i] if i < len(als) else None} for i, a in enumerate(armor)]
    cat["armor_leaders"] = als
    cat["air"] = [oob["air"]]
    cat["oba"] = [oob["oba"]]
    x.say(f"Armor: {', '.join(armor)}; Armor Leaders: {', '.join(als) or 'none'}", rule="OoB")
    x.say(f"Air: {oob['air']}", rule="OoB")
    x.say(f"OBA: {oob['oba']}", rule="MSR 3")


def armor_support(x: Ctx, n: int) -> str:
    """Armor Support: one AFV by the dr table; a 5 or 6 makes another dr."""
    trace = x.roll(x.defn["friendly_oob"]["armor_table"], f"Armor Support AFV {n}", side="FRIENDLY")
    name = trace.subrolls[0].result if trace.subrolls else trace.result
    return x.defn["friendly_oob"].get("afv_names", {}).get(name, name)
