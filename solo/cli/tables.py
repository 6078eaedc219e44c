"""`solo tables ...`, `solo roll` and `solo odds`: the dice tables and charts, a roll's whole trace, exact odds."""

import re
from pathlib import Path
from typing import Any

import click

from solo.cli.params import SEED
from solo.core.content import content_dir, read_toml_file
from solo.core.dice import SeededDice, TypedDice, parse_faces
from solo.core.errors import SoloError
from solo.core.output import emit
from solo.rules import default_catalog, load_catalog
from solo.rules.catalog import catalog_folders
from solo.rules.odds import odds as table_odds
from solo.rules.resolve import Trace, parse_mods, resolve

# --- tables ------------------------------------------------------------------------------

@click.group()
def tables():
    """List, show and check the dice tables and charts."""


CORE = {"asl": "Core ASL (stand-ins)"}  # the tables of no game, by their ids' prefix


def _heading(prefix: str) -> str:
    """The heading of the tables whose ids start ``prefix.``: the game's name, from its own campaign or mission file
    (missions/<game>.toml `game`; issue 39: the shells name no game), else a core family's."""
    path = content_dir("missions") / f"{prefix}.toml"
    if prefix and path.is_file():
        return str(read_toml_file(path, "Campaign Game or mission file").get("game", prefix))
    return CORE.get(prefix, prefix)


def _rule_order(table) -> tuple:
    """Tables in rule order ("7.5063" before "7.51"), then as the texts print them."""
    number = re.match(r"\d+\.\d+", table.rule)
    seed, _, line = table.source.partition(":")
    return (float(number[0]) if number else 0.0, seed, int(line) if line.isdigit() else 0)


@tables.command("list")
@click.argument("search", required=False)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--missing", is_flag=True, help="Tables the texts refer to but do not contain.")
def tables_list(search, as_json, missing):
    """Every table with its id, title, rule and source (SEARCH filters ids and titles)."""
    cat = default_catalog()
    if missing:
        needs = _campaign_needs(cat)
        rows: list[dict[str, Any]] = [
            {"id": m.id, "title": m.title, "rule": m.rule, "referenced_by": list(m.referenced_by),
             "stand_in": bool(m.id in cat.tables and cat.tables[m.id].stand_in),
             "partial": bool(m.id in cat.tables and cat.tables[m.id].partial), "campaign": needs.get(m.id)}
            for m in sorted(cat.unsupplied(), key=lambda m: m.id)]
        lines = [f"{r['id']:<24} {r['rule']:<12} {r['title']}" + (" [stand-in in use]" if r["stand_in"] else "")
                 + (" [the texts give some rows]" if r["partial"] else "")
                 + (f" [the {r['campaign']} CG needs it]" if r["campaign"] else "")
                 + "".join(f"\n{'':<37}used by {ref}" for ref in r["referenced_by"]) for r in rows]
        note = (f"\n{len(rows)} tables are referenced but not in the rule texts; add them as a table pack in "
                f"{catalog_folders()[1][0]}")
        emit(rows, as_json, "\n".join(lines) + note)
        return
    found = cat.search(search or "")
    if not found:
        raise SoloError(f"no table matches {search!r}; 'solo tables list' shows them all")
    rows = [{"id": t.id, "title": t.title, "rule": t.rule, "source": t.source, "roll": t.roll}
            for t in found]
    lines, game = [], None
    for t in sorted(found, key=lambda t: (t.id.split(".")[0], _rule_order(t))):
        prefix = t.id.split(".")[0]
        if prefix != game:
            game = prefix
            lines.append(f"\n{_heading(prefix)}")
        lines.append(f"  {t.id:<36} {t.roll:<5} {t.rule:<14} {t.title}")
    broken = f"; your table pack has {len(cat.errors)} problem(s): 'solo tables check'" if cat.errors else ""
    emit(rows, as_json, "\n".join(lines).lstrip("\n") + f"\n\n{len(rows)} tables{broken}")


def _campaign_needs(cat) -> dict[str, str]:
    """Each table a Campaign Game will need that the texts lack (at its start, in a purchase, in a RePh), by the CG."""
    from solo.games import CAMPAIGNS
    from solo.rules.fill import needed
    return {table_id: _heading(cg) for cg, game in CAMPAIGNS.items()
            for table_id in needed(cat, game.definition.raw)}


@tables.command("show")
@click.argument("table_id")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def tables_show(table_id, as_json):
    """The rows, modifiers and notes of one table."""
    table = default_catalog().get(table_id)
    data = {
        "id": table.id, "title": table.title, "rule": table.rule, "source": table.source, "roll": table.roll,
        "columns": list(table.columns),
        "rows": [{"roll": r.span.text if r.span else None, "key": r.key, "results": r.results, "then": list(r.then)}
                 for r in table.rows],
        "modifiers": [_modifier_json(m) for m in table.modifiers],
        "footnotes": [{"original": f.original.text, "text": f.text, "then": list(f.then)} for f in table.footnotes],
        "notes": list(table.notes), "reading": table.reading, "stand_in": table.stand_in,
    }
    emit(data, as_json, _show_text(table))


def _modifier_json(mod) -> dict:
    data = {"name": mod.name, "label": mod.label, "kind": mod.kind}
    if mod.kind == "fixed":
        data["value"] = mod.value
    elif mod.kind == "per":
        data.update(value=mod.value, per=mod.per, round=mod.round)
    elif mod.kind == "input":
        data["input"] = list(mod.input)
    else:
        data["chart"] = mod.chart
    if mod.die:
        data["die"] = mod.die
    if mod.columns:
        data["columns"] = list(mod.columns)
    return data


def _modifier_text(mod) -> str:
    if mod.kind == "fixed":
        how, arg = f"{mod.value:+d}", mod.name
    elif mod.kind == "per":
        how = f"{mod.value:+d} each" if mod.per == 1 else f"{mod.value:+d} per {mod.per} ({mod.round})"
        arg = f"{mod.name}=COUNT"
    elif mod.kind == "input":
        how, arg = f"{mod.input[0]:+d}..{mod.input[1]:+d}", f"{mod.name}=VALUE"
    else:
        how, arg = f"from {mod.chart}", f"{mod.name}=DATE:SIDE"
    only = f" [{', '.join(mod.columns)} only]" if mod.columns else ""
    die = f" [{mod.die} die]" if mod.die else ""
    return f"  --mod {arg:<24} {how:<16} {mod.label}{only}{die}"


def _show_text(table) -> str:
    badge = "  [stand-in]" if table.stand_in else ""
    out = [f"{table.title}  ({table.id}){badge}", f"rule {table.rule} · source {table.source} · "
           + ("chart" if table.is_chart else f"Final {table.roll}")]
    head = table.key or f"Final {table.roll}"
    cols = list(table.columns) or ["Result"]
    grid = [[head, *cols]]
    for row in table.rows:
        cells = [str(row.results.get(c if table.columns else "", "")) for c in cols]
        then = f"  (then roll {', '.join(row.then)})" if row.then else ""
        grid.append([row.key if row.key is not None else row.span.text, *cells[:-1], cells[-1] + then])
    widths = [max(len(r[i]) for r in grid) for i in range(len(grid[0]))]
    out += ["  " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip() for r in grid]
    if table.modifiers:
        out.append("Modifiers:")
        out += [_modifier_text(m) for m in table.modifiers]
    out += [f"Original {f.original.text}: {f.text}" for f in table.footnotes]
    out += [f"Note: {n}" for n in table.notes]
    if table.reading:
        out.append(f"Reading of the text: {table.reading}")
    if table.stand_in:
        out.append(f"Stand-in, not the rulebook table: {table.stand_in}")
    return "\n".join(out)


@tables.command("check")
@click.argument("folders", nargs=-1, type=click.Path(exists=True, file_okay=False, path_type=Path))
def tables_check(folders):
    """Validate table files (default: the shipped tables and your table pack)."""
    pairs = [(f, True) for f in folders] or catalog_folders()
    cat = load_catalog(pairs)
    for error in cat.errors:
        click.echo(error)
    where = ", ".join(str(f) for f, _ in pairs)
    if cat.errors:
        raise SoloError(f"{len(cat.errors)} problem(s) in {where}")
    click.echo(f"{len(cat.tables)} tables OK in {where}")


@tables.command("fill")
@click.argument("table_id", metavar="ID")
@click.option("--template", is_flag=True, help="Print the table's CSV to fill in (a spreadsheet opens it), and stop.")
@click.option("--csv", "csv_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Read the values from this CSV (as --template prints it).")
@click.option("--roll", type=click.Choice(["dr", "DR", "d66", "chart"]), help="Only for a table nothing describes.")
@click.option("--key", help="A chart's key column (only for a table nothing describes).")
@click.option("--columns", help="Its columns, comma-separated (only for a table nothing describes).")
def tables_fill(table_id, template, csv_file, roll, key, columns):
    """Type a table the texts lack from your rulebook into your table pack: solo builds its structure (columns, rows,
    roll, modifiers), you give the values, at the prompt or as CSV; it is checked before it is saved."""
    from solo.rules import fill
    asked = {k: v for k, v in (("roll", roll), ("key", key), ("columns", columns.split(",") if columns else None)) if v}
    shape = fill.shape_of(load_catalog(catalog_folders()), table_id, asked)
    if template:
        click.echo(shape.template(), nl=False)
        return
    if csv_file:
        try:
            text = csv_file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SoloError(f"{csv_file}: cannot read it ({exc.__class__.__name__})") from None
    else:
        text = fill.to_csv(shape, _typed_rows(shape, _allowed(table_id)))
    path = fill.save(shape, fill.rows_from_csv(shape, text))
    default_catalog.cache_clear()
    click.echo(f"{table_id} saved in your table pack ({path}) and checked: solo now uses it")


@tables.command("export")
@click.argument("table_id", metavar="ID")
@click.option("--to", "target", type=click.Path(dir_okay=False, path_type=Path), help="Write the CSV to this file.")
def tables_export(table_id, target):
    """A table of your pack (a CG card, an RG chart you filled) as CSV, to share: another player reads it in with
    'solo tables fill ID --csv FILE'."""
    from solo.rules import fill
    text = fill.export(default_catalog(), table_id)
    if target is None:
        click.echo(text, nl=False)
        return
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SoloError(f"{target}: cannot write it ({exc.__class__.__name__})") from None
    click.echo(f"{table_id} written to {target}")


def _allowed(table_id: str):
    """What the Campaign Game of a table allows in its cells (CG Days, RG IDs), nothing for another table."""
    from solo.games import CAMPAIGNS
    from solo.rules.fill import Allowed, allowed
    game = CAMPAIGNS.get(table_id.split(".")[0])
    return allowed(load_catalog(catalog_folders()), game.definition.raw) if game else Allowed()


def _typed_rows(shape, allowed) -> list[list[str]]:
    """The rows typed cell by cell at the terminal, each cell checked as it is typed (a refused one is asked again):
    the offered rows first (Enter keeps a value the texts give, an empty row is left out), then any more (an empty
    key ends)."""
    from solo.rules.fill import check_cell, check_key

    def cell(label: str, column: str, default: str) -> str:
        while problem := check_cell(shape, column, value := click.prompt(label, default=default,
                                                                         show_default=bool(default)), allowed):
            click.echo(problem)
        return value

    def key(label: str) -> str:
        while (first := click.prompt(label, default="", show_default=False).strip()) and check_key(shape, first):
            click.echo(check_key(shape, first))
        return first

    click.echo(f"{shape.title} ({shape.where}); {shape.roll}" + (f", key {shape.key}" if shape.key else "")
               + f"; columns: {', '.join(shape.columns or ['result'])}")
    rows = []
    columns = shape.columns or ["result"]
    for row in shape.rows or list(shape.known):
        known = shape.known.get(row, {})
        rows.append([row, *(cell(f"{row} / {c}", c, str(known.get(c if shape.columns else "", ""))) for c in columns)])
    while first := key(f"another row: its {shape.key or 'roll range'} (Enter: done)"):
        rows.append([first, *(cell(f"{first} / {c}", c, "") for c in columns)])
    return rows


# --- roll and odds ----------------------------------------------------------------------

mod_options = [
    click.option("--drm", type=int, default=0, help="An extra DRM/drm to add."),
    click.option("--mod", "mods", multiple=True, metavar="NAME[=VALUE]",
                 help="A modifier printed with the table ('solo tables show ID' lists them)."),
    click.option("--column", help="The column to read (e.g. Infantry, German)."),
]


def with_mod_options(func):
    for option in reversed(mod_options):
        func = option(func)
    return func


@click.command("roll")
@click.argument("table_id")
@with_mod_options
@click.option("--dice", "dice", multiple=True, metavar="FACES",
              help="Faces you rolled, colored die first: --dice 3,4 (DR) or --dice 5 (dr); repeat for chained rolls.")
@click.option("--seed", type=SEED, help="Seed the dice (the same seed gives the same rolls).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def roll_command(table_id, drm, mods, column, dice, seed, as_json):
    """Roll on a table and show the whole trace."""
    if dice and seed is not None:
        raise SoloError("give either --dice (your own faces) or --seed, not both")
    typed = TypedDice([f for d in dice for f in parse_faces(d)]) if dice else None
    trace = resolve(default_catalog(), table_id, typed if typed is not None else SeededDice(seed), column,
                    parse_mods(mods), drm)
    if typed is not None and typed.left:
        raise SoloError(f"{typed.left} die face(s) left over after the roll: check --dice")
    emit(trace.to_json(), as_json, _trace_text(trace))


def _trace_text(trace: Trace, indent: str = "") -> str:
    """The roll as a player reads it; a chained roll is indented under the roll that called it."""
    t = trace.table
    faces = trace.roll.faces
    dice = f"colored {faces[0]}, white {faces[1]}" if len(faces) == 2 else f"die {faces[0]}"
    col = f" — {trace.column}" if trace.column else ""
    badge = " [stand-in: not the rulebook table]" if t.stand_in else ""
    head = f"{indent}then " if indent else ""
    out = [f"{head}{t.title} ({t.rule}){col}{badge}", f"{indent}  {dice}: Original {t.roll} {trace.original}"]
    out += [f"{indent}  {m.value:+d}  {m.label}" for m in trace.modifiers]
    out.append(f"{indent}  Final {t.roll} {trace.final} (row {trace.row}): {trace.result}")
    out += [f"{indent}  Note: {f}" for f in trace.footnotes]
    out += [_trace_text(s, indent + "    ") for s in trace.subrolls]
    return "\n".join(out)


@click.command("odds")
@click.argument("table_id")
@with_mod_options
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def odds_command(table_id, drm, mods, column, as_json):
    """The exact probability of every result, with the chosen modifiers."""
    outcomes = table_odds(default_catalog(), table_id, column, parse_mods(mods), drm)
    data = {"table": table_id, "column": column, "outcomes": [{"result": r, "p": float(p)} for r, p in outcomes]}
    text = "\n".join(f"{float(p):7.2%}  {str(p.numerator) + '/' + str(p.denominator):>7}  {r}" for r, p in outcomes)
    emit(data, as_json, text)
