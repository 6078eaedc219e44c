"""`solo boards ...`: look at a VASL board as the program reads it."""

import json
from pathlib import Path
from typing import Any

import click

from solo.board import oto
from solo.board.cache import load_board
from solo.board.render import LEGEND, svg, text_map
from solo.board.vasl import boards_folder
from solo.cli.params import SEED
from solo.core.dice import SeededDice
from solo.core.errors import SoloError
from solo.core.output import write_file


@click.group()
def boards():
    """Read mapboards from your VASL boards folder."""


@boards.command("show")
@click.argument("board")
@click.option("--vasl-boards", "folder", type=click.Path(path_type=Path),
              help="Your VASL boards folder (else $SOLO_VASL_BOARDS or vasl_boards in the config file).")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path), help="Also write an SVG picture.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def boards_show(board, folder, svg_file, as_json):
    """A board's terrain, roads and road intersections (e.g. `solo boards show 4`; `solo boards show oto` reads the
    Onslaught to Orsha map from its picture)."""
    where = boards_folder(folder)
    b = load_board(where, board)
    oto_map = b if isinstance(b, oto.OtoMap) else None  # the OtO map: how each hex was read, its LVP
    intersections = b.intersections()
    if svg_file and oto_map is not None:  # the OtO map over a faint copy of its picture, its LVP marked
        picture = oto.read_archive(oto.archive(where))[1]
        write_file(svg_file, svg([("", b)], {n: "LVP" for n in oto_map.lvp}, underlay=picture))
    elif svg_file:
        write_file(svg_file, svg([(board, b)], {f"{board}{n}": "road intersection" for n in intersections}))
    if as_json:
        hexes: list[dict[str, Any]] = [{"hex": h.name, "terrain": h.terrain, "elevation": h.elevation, "road": h.road,
                  "road_hexsides": list(h.road_sides), "road_exits": h.road_exits, "path_hexsides": list(h.path_sides),
                  "hexsides": {str(s): f for s, f in sorted(h.sides.items())}} for h in b.hexes.values()]
        if oto_map is not None:
            for h in hexes:
                r = oto_map.readings[h["hex"]]
                h.update(confidence=r.confidence, read_from=r.source, also=r.also or None, why=r.why or None)
        data = {"board": b.name, "grid": {"columns": b.grid.columns, "rows": b.grid.rows, "hexes": len(hexes)},
                "hexes": hexes, "intersections": intersections}
        if oto_map is not None:
            data["lvp"] = oto_map.lvp
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(f"Board {b.name}: {b.grid.columns} columns x {b.grid.rows} rows, {len(b.hexes)} hexes (from {where})")
    click.echo(text_map(b))
    click.echo("\n".join(LEGEND))
    click.echo(f"Road intersections (>= 3 road hexsides; OtO-S2 VPO): {', '.join(intersections) or 'none'}")
    if oto_map is not None:
        from solo.core.content import config_dir
        readings = oto_map.readings
        unsure = sorted((r.confidence, n) for n, r in readings.items() if r.confidence < 0.8)
        click.echo(f"LVP: {', '.join(oto_map.lvp)}")
        click.echo(f"Read from the map's picture; {len(unsure)} hexes under 80% confidence"
                   + (f" ({', '.join(f'{n} {readings[n].terrain} {c:.0%}' for c, n in unsure[:12])}"
                      + (" ..." if len(unsure) > 12 else "") + ")" if unsure else "")
                   + f". Correct a hex in {config_dir() / oto.OVERRIDES} (e.g. M12 = \"woods\"); check it with --svg.")
    if svg_file:
        click.echo(f"SVG written to {svg_file}")


@boards.command("los")
@click.argument("board")
@click.argument("viewer")
@click.argument("target")
@click.option("--vasl-boards", "folder", type=click.Path(path_type=Path), help="Your VASL boards folder.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def boards_los(board, viewer, target, folder, as_json):
    """Line of sight between two hexes of a board, units at ground level (e.g. `solo boards los 4 X8 K2`)."""
    from solo.board.coords import distance, parse_hex_id
    from solo.board.graph import Placed, build_graph
    from solo.board.los import LosMap

    b = load_board(boards_folder(folder), board)
    ids = [parse_hex_id(h, b.grid, board) for h in (viewer, target)]
    for h, hex_id in zip((viewer, target), ids, strict=False):
        if hex_id.board != board:
            raise SoloError(f"hex {h} is not on board {board}: name a hex of board {board}, e.g. K5 or {board}K5")
    ends = [(h.column, h.row) for h in ids]
    names = [f"{board}{b.grid.name(*e)}" for e in ends]
    sight = LosMap(build_graph([Placed(board, b)])).trace(names[0], names[1])
    levels = [b.hexes[b.grid.name(*e)].elevation for e in ends]
    if as_json:
        click.echo(json.dumps({"viewer": names[0], "target": names[1], "range": distance(ends[0], ends[1], b.grid),
                               "levels": levels, "seen": sight.seen, "hindrances": sight.hindrances,
                               "hindered_in": list(sight.hindered_in), "blocked_by": sight.blocked_by,
                               "blocked_in": sight.where}, indent=2))
        return
    click.echo(f"{names[0]} (level {levels[0]}) to {names[1]} (level {levels[1]}), range "
               f"{distance(ends[0], ends[1], b.grid)}: {sight.text()}")


@boards.command("cross-roads")
@click.option("--seed", type=SEED, help="Seed the dice (the same seed gives the same configuration).")
@click.option("--vasl-boards", "folder", type=click.Path(path_type=Path), help="Your VASL boards folder.")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path), help="Also write an SVG picture.")
@click.option("--vasl", "vasl_out", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write a VASL game (.vsav) with the three mapboards laid out, north to south.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def cross_roads(seed, folder, svg_file, vasl_out, as_json):
    """OtO-S2 The Cross Roads: roll the three mapboards (MSR 6), the month (MSR 8) and the VPO (14.)."""
    where = boards_folder(folder)
    if vasl_out:
        from solo.vasl.savefile import check_out, new_save
        check_out(new_save("", None, None), vasl_out)
    from solo.games import random_map  # the registry: the mission that rolls one (OtO-S2)
    config = random_map(SeededDice(seed), lambda board: load_board(where, board))
    mapboards, loaded, bridges, counts, vpo, month = (config.mapboards, config.boards, config.bridges,
                                                      config.vpo_allowed, config.vpo, config.month)
    if vasl_out:  # as the mission lays them (solo/sasl/vasl.py): down one column, all facing north
        from solo.vasl.game import new_game
        new_game([(0, row, m.id, False) for row, m in enumerate(mapboards)], where).write(vasl_out)
    positions = ("north", "centre", "south")
    if svg_file:
        write_file(svg_file, svg([(m.id, loaded[m.id]) for m in mapboards], {v.hex: v.why for v in vpo}))
    if as_json:
        data = {
            "boards": [{"board": m.id, "kind": m.kind, "position": pos, "column": m.trace.column,
                        "dice": list(m.trace.roll.faces), "rerolled": [list(t.roll.faces) for t in m.rerolled],
                        "vpo_allowed": int(counts[m.id].result),
                        "vpo_table_stand_in": bool(counts[m.id].table.stand_in)}
                       for m, pos in zip(mapboards, positions, strict=False)],
            "centre": mapboards[1].id,
            "placement": "joined along their long edges, north to south; all face the same way (north up)",
            "vpo": [{"hex": v.hex, "board": v.board, "why": v.why} for v in vpo],
            "month": month.result,
            "bridges": [{"board": board_id, "hexes": [f"{board_id}{h}" for h in b.hexes],
                         "construction": b.construction}
                        for board_id, placed in bridges.items() for b in placed],
        }
        click.echo(json.dumps(data, indent=2))
        return
    click.echo("The Cross Roads (OtO-S2): mapboards joined along their long edges, north to south")
    for m, pos in zip(mapboards, positions, strict=False):
        faces = ",".join(map(str, m.trace.roll.faces))
        again = (
            f" (repeats rolled again: {'; '.join(','.join(map(str, t.roll.faces)) for t in m.rerolled)})"
            if m.rerolled
            else ""
        )
        click.echo(f"  {pos:<6} {m.label:<18} column {m.trace.column} DR {faces}{again}")
    click.echo(f"Month (MSR 8): {month.result} 1944 (dr {month.roll.faces[0]})")
    stand_in = any(c.table.stand_in for c in counts.values())
    click.echo("VPO (14.)" + (" — number per board from a stand-in for Table A6g" if stand_in else "") + ":")
    for m in mapboards:
        mine = [v for v in vpo if v.board == m.id]
        click.echo(f"  board {m.id}: A6g dr {counts[m.id].roll.faces[0]} -> {counts[m.id].result} allowed")
        click.echo("".join(f"    {v.hex}: {v.why}\n" for v in mine).rstrip() or "    none qualify")
    for board_id, placed in bridges.items():
        click.echo(
            f"River board {board_id} bridges (MSR 7; A6g, A9a, A9b stand-ins): "
            + (
                ", ".join(
                    f"{b.construction} {board_id}{b.hexes[0]}" + (f"-{b.hexes[-1]}" if len(b.hexes) > 1 else "")
                    for b in placed
                )
                or "none"
            )
        )
        click.echo("  One Hex Bridges use Table A9d (not in the texts): take it from your SASL rules.")
    click.echo("MSR 5: all hills, elevated and sunken roads and valleys are Level 0; all buildings wooden; roads "
               "unpaved.")
    if svg_file:
        click.echo(f"SVG written to {svg_file}")
