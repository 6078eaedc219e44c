"""Pictures of a board: a text map for the terminal and an SVG with terrain colours, roads,
hex ids and marked hexes (VPO, intersections)."""

import base64
import io
from xml.sax.saxutils import escape

import numpy as np

from solo.board.terrain import Board

SYMBOLS = {"open": ".", "woods": "#", "grain": ":", "brush": "%", "orchard": "o", "wooden building": "W",
           "stone building": "S", "rubble": "r", "water": "~", "stream": "-", "marsh": "m", "gully": "v",
           "shellholes": "'", "graveyard": "+", "bridge": "H", "lumberyard": "L", "orchard-shellholes": "x",
           "railroad": "|", "culvert": "u"}
COLOURS = {"open": "#c8dc96", "woods": "#1e6e1e", "grain": "#e6c85a", "brush": "#78a03c", "orchard": "#96c864",
           "wooden building": "#aa643c", "stone building": "#828296", "rubble": "#6e6464", "water": "#3c78dc",
           "stream": "#5aa0f0", "marsh": "#64a0a0", "gully": "#967850", "shellholes": "#b4aa82",
           "graveyard": "#a0a0a0", "bridge": "#3c3c3c", "lumberyard": "#c89664", "orchard-shellholes": "#8c7846",
           "railroad": "#8c8c96", "culvert": "#504030"}
HEXSIDE_COLOURS = {"wall": "#6e6e6e", "hedge": "#0a5a0a", "bocage": "#003c00", "cliff": "#000000"}
_KEYS = [f"{s} {k}" for k, s in SYMBOLS.items()] + ["= road", "* road intersection (>= 3 road hexsides)"]
LEGEND = ("  ".join(_KEYS[:7]), "  ".join(_KEYS[7:14]), "  ".join(_KEYS[14:]))


def symbol(h) -> str:
    """A hex as one character: a road intersection *, a road in the open =, else its terrain (LEGEND)."""
    if h.road_exits >= 3:
        return "*"
    if h.road and h.terrain == "open":
        return "="
    return SYMBOLS.get(h.terrain, "?")


def text_map(board: Board) -> str:
    """One character per hex, a text line per hex row (odd-index columns sit half a hex higher)."""
    grid = board.grid
    symbols = {(column, row): symbol(h) for (column, row), h in zip(grid.hexes, board.hexes.values(), strict=False)}
    header = "    " + "".join(f"{grid.name(c, 1)[:-1]:<2}" for c in range(grid.columns))
    rows = [f"{row:>3} " + " ".join(symbols.get((c, row), " ") for c in range(grid.columns)).rstrip()
            for row in grid.row_numbers]
    return "\n".join([header, *rows])


def svg(boards: list[tuple[str, Board]], marked: dict[str, str] | None = None, scale: float = 0.5,
        underlay: np.ndarray | None = None) -> str:
    """Boards joined top to bottom as an SVG: hexes in terrain colours, roads from the centre to
    each road hexside, hex ids, board numbers, and ``marked`` hexes ("4Y3" -> why) circled. With ``underlay`` (the
    map's own picture, RGB [y, x]) the hexes are drawn half transparent over a faint copy of it, to check a reading
    at a glance."""
    marked = marked or {}
    grid = boards[0][1].grid
    width = (grid.columns - 1) * grid.hex_width
    board_height = grid.rows * grid.hex_height
    height = board_height * len(boards) + grid.a1_y
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" height="{height * scale:.0f}" '
           f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">',
           f'<title>{escape(", ".join("board " + b.name for _, b in boards))}</title>']
    if underlay is not None:
        out += [f'<image href="data:image/png;base64,{_png(underlay)}" x="0" y="0" width="{underlay.shape[1]}" '
                f'height="{underlay.shape[0]}" opacity="0.45"/>', '<g fill-opacity="0.45">']
    for index, (board_id, board) in enumerate(boards):
        out.append(f'<g transform="translate(0 {index * board_height:.2f})">')
        out += _board_elements(board_id, board, marked)
        out.append("</g>")
    if underlay is not None:
        out.append("</g>")
    for index, (board_id, _) in enumerate(boards):  # board numbers last, on top of the next board's half hexes
        y = (index + 1) * board_height - 40
        out.append(f'<rect x="4" y="{y:.1f}" width="{24 + 18 * len(board_id)}" height="34" fill="white" '
                   'opacity="0.85"/>'
                   f'<text x="12" y="{y + 27:.1f}" font-size="28" font-weight="bold">{escape(board_id)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _png(picture: np.ndarray) -> str:
    """A picture as base64 PNG at half size (a faint copy needs no more)."""
    from PIL import Image

    image = Image.fromarray(picture).resize((picture.shape[1] // 2, picture.shape[0] // 2))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _board_elements(board_id: str, board: Board, marked: dict[str, str]) -> list[str]:
    grid, out = board.grid, []
    for (column, row), h in zip(grid.hexes, board.hexes.values(), strict=False):
        cx, cy = grid.centre(column, row)
        outline = board.outline(column, row)
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in outline)
        out.append(f'<polygon points="{points}" fill="{COLOURS.get(h.terrain, "#ffffff")}" stroke="#606060" '
                   'stroke-width="1"/>')
        for side in h.road_sides:
            (ax, ay), (bx, by) = outline[side], outline[(side + 1) % 6]
            out.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{(ax + bx) / 2:.1f}" y2="{(ay + by) / 2:.1f}" '
                       f'stroke="#784a1e" stroke-width="6" stroke-linecap="round"/>')
        for side in h.path_sides:  # paths (B13) thin and dashed: a path is no road
            (ax, ay), (bx, by) = outline[side], outline[(side + 1) % 6]
            out.append(f'<line x1="{cx:.1f}" y1="{cy:.1f}" x2="{(ax + bx) / 2:.1f}" y2="{(ay + by) / 2:.1f}" '
                       f'stroke="#c8a000" stroke-width="3" stroke-dasharray="6 4"/>')
        for side, feature in sorted(h.sides.items()):  # walls, hedges, bocage and cliffs along their hexsides
            (ax, ay), (bx, by) = outline[side], outline[(side + 1) % 6]
            out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                       f'stroke="{HEXSIDE_COLOURS[feature]}" '
                       f'stroke-width="5"><title>{feature}</title></line>')
        out.append(f'<text x="{cx:.1f}" y="{cy - 20:.1f}" font-size="10" text-anchor="middle">{h.name}</text>')
        why = marked.get(f"{board_id}{h.name}")
        if why:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="16" fill="none" stroke="#e0007a" stroke-width="5">'
                       f'<title>{escape(why)}</title></circle>')
    return out
