"""Mission set-up: the mission tables (12.32), the FRIENDLY OoB with its drs, the ENEMY's additions, the S? (4.)."""

import re

from solo.board import crossroads
from solo.board.coords import distance
from solo.core.errors import SoloError
from solo.sasl.context import Ctx
from solo.sasl.events import random_selection

MISSION_TABLES = ("enemy_san", "friendly_san", "enemy_ac", "enemy_re", "friendly_re")


def re_numbers(text: str) -> list[int]:
    """ "RE# 5/6" -> [5, 6]."""
    return [int(n) for n in re.findall(r"\d+", text)]


def mission_tables(x: Ctx) -> None:
    """MISSION TABLES (12.32): ENEMY SAN (DR), FRIENDLY SAN (DR), ENEMY AC# (dr), ENEMY RE (dr), Friendly RE (dr)."""
    for key in MISSION_TABLES:
        trace = x.roll(key, f"Mission table {key.replace('_', ' ')} (12.32)", side="")
        number = trace.result.split()[-1]
        x.m.tables[key] = number if key.endswith("_re") else int(number)
        x.say(f"{trace.table.title}: {'DR' if trace.table.roll == 'DR' else 'dr'} {trace.original} -> {trace.result}", rule="12.32")
    x.m.re_numbers = {"ENEMY": re_numbers(x.m.tables["enemy_re"]), "FRIENDLY": re_numbers(x.m.tables["friendly_re"])}


def _leaders(x: Ctx, count: int, column: str, mods: dict | None = None, until: bool = False) -> list[str]:
    """Leaders by Table R3: ``count`` rolls, or rolls until ``count`` leaders are selected (OtO-S2 MSR 9; a fixed
    "Leader x 3" or "AL x 3" of OtO-S1 reads the same way: R3 gives their quality)."""
    found, rolls = [], 0
    while len(found) < count and (until or rolls < count):
        rolls += 1
        trace = x.roll("sasl.r3", f"Table R3, {column} {rolls}", column, mods, side="FRIENDLY")
        if trace.result != "None":
            found.append(trace.result)
        if rolls > 60:
            raise SoloError("Table R3 gives no leader in 60 rolls: check your table pack's sasl.r3")
    return found


def friendly_oob_s1(x: Ctx) -> None:
    """OtO-S1 FRIENDLY STARTING OoB: three Coys (each Coy's hmg or .50 cal dr; Leader x 3 by R3), the seven fixed AFV,
    four by the Armor Support dr table (its 5 and 6 make another dr), three AL by R3 with the extra -1, the
    Sturmoviks (Turn 2) and the MSR 3 OBA."""
    oob, cat = x.defn["friendly_oob"], x.m.friendly_oob
    for n in range(1, oob["coys"] + 1):
        hmg = x.roll(oob["coy_heavy_mg"], f"Coy {n}: hmg or .50 cal", side="FRIENDLY").result
        weapons = [[t, k] for t, k in oob["coy"]] + [[".50 cal" if hmg.startswith("Replace") else "HMG", 1]]
        leaders = _leaders(x, oob["coy_leaders"], "Leader", until=True)
        cat["infantry"].append({"coy": n, "units": weapons, "leaders": leaders})
        x.say(f"Coy {n}: " + ", ".join(f"{t} x{k}" for t, k in weapons) + f"; leaders {', '.join(leaders) or 'none'}", rule="OoB")
    armor = list(oob["armor"]) + [armor_support(x, n + 1) for n in range(oob["armor_rolls"])]
    leaders = _leaders(x, oob["armor_leaders"], "Armor Leader", {"al": True}, until=True)
    cat["armor"] = [{"afv": a, "armor_leader": leaders[i] if i < len(leaders) else None} for i, a in enumerate(armor)]
    cat["armor_leaders"] = leaders
    cat["air"] = [oob["air"]]
    cat["oba"] = [oob["oba"]]
    x.say(f"Armor: {', '.join(armor)}; Armor Leaders: {', '.join(leaders) or 'none'}", rule="OoB")


def armor_support(x: Ctx, n: int) -> str:
    """One AFV of the OtO-S1 Armor Support dr table; a 5 or 6 makes another dr."""
    trace = x.roll(x.defn["friendly_oob"]["armor_table"], f"Armor Support AFV {n}", side="FRIENDLY")
    return trace.subrolls[0].result if trace.subrolls else trace.result


def friendly_oob_s2(x: Ctx) -> None:
    """OtO-S2 MSR 9: the Horse Cavalry OoB, leaders by R3 until two are selected, the heavy weapon attachment dr;
    MSR 8 month; the North or South entry edge (the player's choice, before set up)."""
    oob, cat = x.defn["friendly_oob"], x.m.friendly_oob
    edge = x.ask("entry_edge", "The FRIENDLY entry edge: North or South (chosen before set up)?", _edge, example='entry_edge = "North"')
    cat["entry_edge"] = edge
    leaders = _leaders(x, oob["leaders_until"], "Leader", until=True)
    heavy = x.roll(oob["heavy_weapon"], "Heavy weapon attachment (MSR 9)", side="FRIENDLY").result
    cat["infantry"] = [{"units": [list(u) for u in oob["units"]], "leaders": leaders, "heavy_weapon": heavy}]
    x.say(f"Cavalry, entering on the {edge} edge on/after Turn 1: {', '.join(f'{t} x{k}' for t, k in oob['units'])}; "
          f"leaders {', '.join(leaders)}; heavy weapon: {heavy}", rule="MSR 9")


def _edge(raw) -> str:
    edge = str(raw).strip().capitalize()
    if edge not in ("North", "South"):
        raise SoloError(f"entry edge {raw!r}: North or South")
    return edge


def enemy_s1(x: Ctx) -> None:
    """OtO-S1 ADDITIONAL GERMAN UNITS, MINEFIELDS, MSR 6 (ELR 3, Sniper in P18) and MSR 8 (six wrecks, status dr)."""
    e = x.m.enemy
    e.update(elr=x.defn["enemy_elr"], sniper=x.defn["sniper"], rules=x.defn["enemy_rules"])
    for gun in x.defn["enemy_units"]:
        unit = x.m.add_unit(gun["type"], "gun", gun["hex"], x.m.attitude, "set up")
        x.say(f"{unit.id} {gun['type']} in {gun['hex']}: {gun['note']}", rule="ADDITIONAL GERMAN UNITS")
    wrecks = []
    for n in range(1, x.defn["enemy_rules"]["wrecks"] + 1):
        wrecks.append(x.roll("oto-s1.wreck_status", f"Wreck {n} status (MSR 8)", side="").result)
    e["wrecks"] = wrecks
    x.say("Wrecks (MSR 8): " + "; ".join(f"{n} {w}" for n, w in enumerate(wrecks, 1)), rule="MSR 8")


def boards_s2(x: Ctx, load) -> None:
    """OtO-S2 MSR 6-8 and 14.: three mapboards, bridges, VPO and month, rolled through the event log. Without the
    player's VASL boards only the mapboards (MSR 6) and the month (MSR 8) can be rolled; the VPO come from the map."""
    def configure(dice):
        if load is None:
            return crossroads.roll_boards(dice), None, crossroads.month(dice)
        config = crossroads.set_up(dice, load)
        return config.mapboards, config, config.month
    mapboards, config, month = x.play.dice("oto-s2.configuration", "", x.m.phase, configure)
    x.boards = config.boards if config else {}
    x.m.boards = {"boards": [m.id for m in mapboards], "centre": mapboards[1].id,
                  "vpo": [{"hex": v.hex, "why": v.why} for v in config.vpo] if config else None}
    x.m.month = month.result
    x.say(f"Mapboards (MSR 6): {', '.join(m.id for m in mapboards)} (centre {mapboards[1].id}); month {month.result} (MSR 8)"
          + ("; VPO " + ", ".join(v.hex for v in config.vpo) if config else
             "; VPO: the road intersections and bridges of these boards (14.), from your VASL boards folder"), rule="MSR 6")


CONCEALMENT = ("woods", "brush", "orchard", "grain", "marsh", "stone building", "wooden building", "rubble", "lumberyard")
BUILDINGS = ("stone building", "wooden building")


def place_s(x: Ctx) -> None:
    """S? PLACEMENT (4.). OtO-S2 on the player's VASL boards: 4.1a, A9e S? for each building hex; one S? in each road
    Intersection VPO and in each concealment Location within a radius {A6f} of it (one S? per Location); one S? in
    concealment terrain adjacent to a Multi-Hex Bridge VPO (Random Selection). Otherwise the player places the S?
    by the mission's rule and reports them with 'solo mission place'."""
    boards = x.boards
    taken: set[str] = set()

    def put(where: str, why: str) -> None:
        if where not in taken:
            taken.add(where)
            x.m.new_s(where)
            x.say(f"{x.m.s[-1].id} in {where}: {why}", rule="4.")
    for vpo in (x.m.boards.get("vpo") or []):
        board_id, board = _board_of(vpo["hex"], boards)
        if "intersection" in vpo["why"]:
            put(vpo["hex"], "road Intersection VPO")
            radius = int(x.roll("sasl.a6f", f"S? radius around {vpo['hex']} (A6f)", side="").result)
            for name in _within(board, vpo["hex"][len(board_id):], radius, CONCEALMENT):
                put(f"{board_id}{name}", f"concealment terrain within {radius} of {vpo['hex']}")
        elif "Multi-Hex Bridge" in vpo["why"]:
            near = _within(board, vpo["hex"][len(board_id):], 1, CONCEALMENT)
            if near:
                pick = near[random_selection(x, f"S? beside the bridge {vpo['hex']}", len(near)) - 1]
                put(f"{board_id}{pick}", f"concealment terrain adjacent to the Multi-Hex Bridge {vpo['hex']}")
    for board_id, board in boards.items():
        for name in sorted(n for n, h in board.hexes.items() if h.terrain in BUILDINGS):  # each building hex
            count = int(x.roll("sasl.a9e", f"S? in the building {board_id}{name} (A9e)", side="").result)
            for _ in range(count if f"{board_id}{name}" not in taken else 0):
                x.m.new_s(f"{board_id}{name}")
                x.say(f"{x.m.s[-1].id} in {board_id}{name}: building, A9e {count}", rule="4.1a")
    if boards:
        x.say(f"{len(x.m.s)} S? placed on the mapboards by 4.1a and 14.", rule="4.")
    else:
        x.say(f"Place the S? by the rule, then 'solo mission place': {x.defn['s_placement']}", rule="4.")


def _board_of(hex_id: str, boards: dict):
    board_id = next(b for b in sorted(boards, key=len, reverse=True) if hex_id.startswith(b))
    return board_id, boards[board_id]


def _within(board, centre: str, radius: int, kinds: tuple[str, ...]) -> list[str]:
    """Hex names of ``board`` within ``radius`` of ``centre`` (same board) whose terrain is one of ``kinds``."""
    home = board.grid.parse(centre)
    return sorted(name for name, h in board.hexes.items()
                  if h.terrain in kinds and distance(home, board.grid.parse(name), board.grid) <= radius)
