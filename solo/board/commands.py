"""`solo boards ...`: look at a VASL board as the program reads it."""

import json
from functools import cache
from pathlib import Path

import click

from solo.board.render import LEGEND, svg, text_map
from solo.board.terrain import Board
from solo.board.vasl import boards_folder, read_board, terrain_names


@cache
def load_board(folder: Path, board: str) -> Board:
    """A classified board, decoded once per run."""
    return Board(read_board(folder, board), terrain_names(folder))


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
    """A board's terrain, roads and road intersections (e.g. `solo boards show 4`)."""
    where = boards_folder(folder)
    b = load_board(where, board)
    intersections = b.intersections()
    if svg_file:
        svg_file.write_text(svg(b, {n: "road intersection" for n in intersections}), encoding="utf-8")
    if as_json:
        hexes = [{"hex": h.name, "terrain": h.terrain, "elevation": h.elevation, "road": h.road,
                  "road_hexsides": list(h.road_sides), "road_exits": h.road_exits,
                  "hexsides": {str(s): f for s, f in sorted(h.sides.items())}} for h in b.hexes.values()]
        data = {"board": b.name, "grid": {"columns": b.grid.columns, "rows": b.grid.rows, "hexes": len(hexes)},
                "hexes": hexes, "intersections": intersections}
        click.echo(json.dumps(data, indent=2))
        return
    click.echo(f"Board {b.name}: {b.grid.columns} columns x {b.grid.rows} rows, {len(b.hexes)} hexes (from {where})")
    click.echo(text_map(b))
    click.echo("\n".join(LEGEND))
    click.echo(f"Road intersections (>= 3 road hexsides; OtO-S2 VPO): {', '.join(intersections) or 'none'}")
    if svg_file:
        click.echo(f"SVG written to {svg_file}")
