"""`solo vasl ...`: read a VASL saved game's boards and counters, and write a copy with counters moved."""

import json
from pathlib import Path

import click

from solo.core.errors import SoloError
from solo.vasl.game import Piece, VaslGame, changes, read_game

BOARDS_HELP = "Your VASL boards folder (else $SOLO_VASL_BOARDS or vasl_boards in the config file)."


@click.group()
def vasl():
    """Read VASL saved games (.vsav): boards and counters by hex; write a copy with counters moved."""


@vasl.command("show")
@click.argument("game", type=click.Path(path_type=Path))
@click.option("--vasl-boards", "folder", type=click.Path(path_type=Path), help=BOARDS_HELP)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def vasl_show(game, folder, as_json):
    """The boards of a VASL saved game and every counter by hex (e.g. `solo vasl show "Hill 621.vsav"`)."""
    g = read_game(game, folder)
    if as_json:
        click.echo(json.dumps({"file": str(game), "boards": [_board_json(b) for b in g.boards],
                               "pieces": [p.json() for p in g.pieces]}, indent=2))
        return
    click.echo("\n".join(_text(g)))


@vasl.command("move")
@click.argument("game", type=click.Path(path_type=Path))
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("moves", nargs=-1, required=True)
@click.option("--vasl-boards", "folder", type=click.Path(path_type=Path), help=BOARDS_HELP)
def vasl_move(game, out, moves, folder):
    """Write a copy of GAME to OUT with counters moved: each move ID=HEX (the id `solo vasl show` lists, a hex
    such as 2K5). GAME itself is never changed."""
    g = read_game(game, folder)
    done = []
    for move in moves:
        piece_id, sep, hex_id = move.partition("=")
        if not sep or not piece_id.strip() or not hex_id.strip():
            raise SoloError(f"bad move {move!r}: write the counter's id, =, then the hex, e.g. 1533971414821=2K5")
        name = g.piece(piece_id.strip()).name
        g.move(piece_id.strip(), hex_id)
        done.append(f"{name} [{piece_id.strip()}] to {g.piece(piece_id.strip()).hex}")
    g.write(out)
    click.echo(f"Wrote {out}: " + "; ".join(done))


@vasl.command("diff")
@click.argument("old", type=click.Path(path_type=Path))
@click.argument("new", type=click.Path(path_type=Path))
@click.option("--vasl-boards", "folder", type=click.Path(path_type=Path), help=BOARDS_HELP)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def vasl_diff(old, new, folder, as_json):
    """What moved, appeared and went on the Main Map from one saved game of a VASL game to a later one."""
    before = read_game(old, folder)
    after = read_game(new, folder)
    found = changes({p.id: p.hex for p in before.pieces if p.on_main_map}, after)
    names = {p.id: p for p in [*before.pieces, *after.pieces]}
    if as_json:
        click.echo(json.dumps({"moved": [{"id": i, "name": names[i].name, "side": names[i].side, "from": a, "to": b}
                                         for i, (a, b) in found.moved.items()],
                               "appeared": [names[i].json() for i in found.appeared],
                               "gone": [names[i].json() for i in found.gone]}, indent=2))
        return
    where: dict[str | None, str | None] = {None: "off-board"}
    lines = [f"Moved: {len(found.moved)}"]
    lines += [f"  {_piece_text(names[i])}: {where.get(a, a)} -> {where.get(b, b)}" for i, (a, b) in found.moved.items()]
    lines.append(f"Appeared: {len(found.appeared)}")
    lines += [f"  {_piece_text(names[i])} in {where.get(names[i].hex, names[i].hex)}" for i in found.appeared]
    lines.append(f"Gone: {len(found.gone)}")
    lines += [f"  {_piece_text(names[i])} from {where.get(names[i].hex, names[i].hex)}" for i in found.gone]
    click.echo("\n".join(lines))


def _board_json(b) -> dict:
    return {"board": b.label, "archive": f"bd{b.spec.name}", "column": b.spec.column, "row": b.spec.row,
            "x": b.x, "y": b.y, "width": b.size[0], "height": b.size[1], "flipped": b.spec.flipped,
            "crop": list(b.spec.crop) if b.spec.crop else None, "zoom": b.spec.zoom, "version": b.spec.version,
            "overlays": [{"overlay": name, "hexes": [h1, h2]} for name, h1, h2 in b.spec.overlays],
            "ssr": list(b.spec.ssr)}


def _piece_text(p: Piece) -> str:
    words = [p.name]
    if p.side:
        words.append(f"({p.side})")
    if p.label and p.label != p.name and not p.label.lstrip().startswith("<"):
        words.append(f"'{p.label}'")
    if p.traits:
        words.append("[" + ", ".join(p.traits) + "]")
    return " ".join(words) + f" #{p.id}"


def _text(g: VaslGame) -> list[str]:
    lines = [f"{g.save.path}: {len(g.boards)} board(s) on the Main Map"]
    for b in g.boards:
        extra = [w for w in ("flipped" if b.spec.flipped else "", f"cropped {b.spec.crop}" if b.spec.crop else "",
                             f"zoom {b.spec.zoom}" if b.spec.zoom != 1.0 else "",
                             "overlays " + ", ".join(f"{n} {h1}-{h2}" for n, h1,
                                                     h2 in b.spec.overlays) if b.spec.overlays else "",
                             "SSR " + " ".join(b.spec.ssr) if b.spec.ssr else "") if w]
        lines.append(f"  board {b.label} (bd{b.spec.name} v{b.spec.version or '?'}): column {b.spec.column}, "
                     f"row {b.spec.row}, at ({b.x}, {b.y}), {b.size[0]} x {b.size[1]} px"
                     + (f"; {'; '.join(extra)}" if extra else ""))
    on_board = [(p.hex, p) for p in g.pieces if p.hex]
    lines.append(f"Counters on the boards: {len(on_board)}")
    by_hex: dict[str, list[Piece]] = {}
    for hex_id, p in on_board:
        by_hex.setdefault(hex_id, []).append(p)
    for hex_id, pieces in by_hex.items():
        lines.append(f"  {hex_id} (level {pieces[0].level}): " + "; ".join(_piece_text(p) for p in pieces))
    off = [p for p in g.pieces if p.on_main_map and not p.hex]
    lines.append(f"Counters on the Main Map off the boards: {len(off)}")
    lines += [f"  off-board ({p.x}, {p.y}): {_piece_text(p)}" for p in off]
    elsewhere = [p for p in g.pieces if not p.on_main_map]
    if elsewhere:
        lines.append(f"Counters on other maps: {len(elsewhere)}")
        lines += [f"  {p.map or 'no map'}: {_piece_text(p)}" for p in elsewhere]
    return lines
