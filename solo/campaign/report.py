"""What a player reads: the campaign's status (text and JSON), the post-campaign review, and the exports
of the CG Roster, the RG Purchase Record and the Force Organizer (7.15-7.16) as Markdown and CSV.

Each prints a View (solo/campaign/view.py), which decides what the human may see: a value hidden from the human
is None in it, "?" in the text and null in the JSON.
"""

import csv
import io

from solo.campaign.engine import Outcome
from solo.campaign.reph import load_campaign
from solo.campaign.state import Campaign, SideState
from solo.campaign.view import HIDDEN, View, view
from solo.core.errors import SoloError
from solo.core.sides import people


def _side_json(s: SideState, date: str) -> dict:
    line = s.roster.get(date)
    out = line.to_json() if line else {}
    out["purchases"] = None if s.purchases is HIDDEN else [p.to_json() for p in s.purchases if p.date == date]
    return out


def steps(c: Campaign) -> list[dict]:
    """The RePh sequence (7.5) with each step done, current or next."""
    out = []
    for sd in load_campaign(c.cg).steps:
        state = "done" if sd.rule in c.done else "current" if sd.rule == c.step else "next"
        out.append({"rule": sd.rule, "title": sd.title, "marks": sd.marks, "state": state})
    return out


def status_json(outcome: Outcome, reveal: bool = False) -> dict:
    v = view(outcome.campaign, reveal)
    c, q, hide = v.campaign, outcome.waiting, v.hidden
    dates = [d for d in c.dates if any(d in s.roster for s in c.sides.values())]
    return {
        "cg": c.cg, "variant": c.variant or None, "human": c.human, "stage": c.stage, "date": c.date,
        "step": c.step or None,
        "hidden": hide or None,
        "waiting": {"key": q.key, "step": q.step, "side": q.side, "prompt": q.prompt,
                    "example": q.example} if q else None,
        "dates": [{"date": d, "weather": c.weather.get(d), "ec": c.ec.get(d),
                   "sides": {name: _side_json(s, d) for name, s in c.sides.items()}} for d in dates],
        "steps": steps(c) if c.stage == "reph" or c.stage == "initial" else [],
        "scenarios": [s.to_json() for s in c.scenarios],
        "vp": {"russian": c.last.vp if c.last else 0, "cvp": c.cvp_total, "evp": c.evp_total,
               "lvp": c.last.lvp if c.last else 0},
        "oob": {name: [u.to_json() for u in s.units] for name, s in c.sides.items()},
        "record": c.record,
        "game_end": c.game_end,
        "initiative": c.initiative,
        "chits": c.chits,
        "result": c.result,
    }


def status_text(outcome: Outcome, reveal: bool = False, record: int = 30) -> str:
    v = view(outcome.campaign, reveal)
    c, q, hide = v.campaign, outcome.waiting, v.hidden
    defn = load_campaign(c.cg)
    title = defn.title + (f" CG {c.variant}" if c.variant else "")
    out = [f"{title} — {defn.raw.get('day', 'CG Date')} {c.date}, {'CG ended' if c.stage == 'ended' else c.stage}"
           + (f", step {c.step}" if c.step else "") + f"; you play: {c.human}"]
    out.append(roster_table(v))
    if c.stage in ("reph", "initial"):
        marks = {"done": "+", "current": ">", "next": " "}
        out.append(
            "RePh: " + " ".join(f"{marks[st['state']]}{st['rule']}" for st in steps(c)) + "  (+ done, > current)"
        )
    if c.scenarios:
        out.append("Scenarios: " + "; ".join(_scenario_line(s) for s in c.scenarios))
    if c.initiative:
        i = c.initiative
        out.append(f"Initiative {i['date']}: " + ", ".join(f"{side} {chit}" for side, chit in i["chits"].items())
                   + f" -> {i['type']}" + (" (Night)" if i["night"] else "")
                   + (f"; {i['sets_up_first']} sets up first" if i["sets_up_first"] else "")
                   + (f", {i['moves_first']} moves first" if i["moves_first"] else ""))
    for name, s in c.sides.items():
        units = [u for u in s.units if u.retained]
        out.append(f"{name} OB, {len(units)} Retained" + (" (and what the rules keep secret)" if name == hide else "")
                   + ":")
        out += [f"  {label} x{len(ids)}: {' '.join(ids)}" if len(ids) > 1 else f"  {label}: {ids[0]}"
                for label, ids in _grouped(units).items()]
    lines = c.record
    if lines:
        out.append("Record:")
        out += [f"  {e['date']} {e['step']} {e['text']}" for e in lines[-record:]]
    if hide:
        out.append(f"(the {people(hide, possessive=True)} CPP, RG Purchase Record and Secret DRs are hidden until the "
                   "CG End; their units are shown, as you set them up on the map)")
    if c.result and "vp" in c.result:
        out.append(f"Result: {c.result['vp']} Russian VP — the {people(c.result['winner'])} win the Campaign Game")
    elif c.result:
        out.append("Result: " + (f"the {people(c.result['winner'])} win the Campaign Game" if c.result.get("winner")
                                 else "apply the CG card's Victory Conditions to the record above"))
    if q:
        who = "you" if q.side in (c.human, "table") else q.side
        out.append(f"\nWaiting for {who}: {q.prompt}" + (f"\n  type e.g. {q.typed_example}" if q.example else ""))
    return "\n".join(out)


def _scenario_line(s) -> str:
    if s.type:
        return f"{s.date} {s.type}: " + (f"{s.winner} win" if s.winner not in ("", "none") else "no winner")
    return f"{s.date} {s.winner} win ({s.scenario_vp} VP earned, {s.vp} in all)"


def _grouped(units) -> dict[str, list[str]]:
    """Units of the same type and state together: "4-6-7 x10: G6 G7 ..."."""
    groups: dict[str, list[str]] = {}
    for u in units:
        groups.setdefault(u.description, []).append(u.id)
    return groups


ROSTER_COLUMNS = ("Date", "Side", "Start", "Repl", "Total", "Spent", "Left", "ELR", "SAN", "Hist DRM", "Weather", "EC",
                  "Chit", "RG Purchased", "Recon", "Fortifications")


def _shown(value) -> str | int:
    """A value of the view: "?" where it is hidden from the human (None)."""
    return "?" if value is None else value


def roster_rows(v: View) -> list[list]:
    """The CG Roster (7.15): one line per CG Date and side."""
    rows, c = [], v.campaign
    for d in c.dates:
        for name, s in c.sides.items():
            line = s.roster.get(d)
            if not line:
                continue
            bought = None if s.purchases is HIDDEN else " ".join(f"{p.rg}({p.cpp})" for p in s.purchases
                                                               if p.date == d and not p.given)
            cpp = [line.start, line.repl, line.total, line.spent, line.left]
            chits = "/".join(i["chits"][name] for i in c.history if i["date"] == d)
            forts = None if line.fortifications is HIDDEN else "; ".join(line.fortifications)
            recon = "" if line.recon is None else line.recon
            rows.append([d, name, *map(_shown, cpp), line.elr, line.san, line.historical_drm, c.weather.get(d, ""),
                         c.ec.get(d, ""), chits, _shown(bought), recon, _shown(forts)])
    return rows


def roster_table(v: View) -> str:
    rows = [list(ROSTER_COLUMNS)] + [[str(x) for x in row] for row in roster_rows(v)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(ROSTER_COLUMNS) - 2)]
    return "\n".join(
        "  ".join(x.ljust(w) for x, w in zip(row, widths, strict=False)) + "  " + "  ".join(row[-2:]) for row in rows
    )


PURCHASE_COLUMNS = ("Side", "#", "RG", "Group Type", "Date", "CPP", "Str.", "Units", "SW", "Leaders", "Given",
                    "Options")


def purchase_rows(v: View) -> list[list]:
    """The RG Purchase Record (7.5189): one line per RG purchased or OB-given."""
    return [[name, p.line, p.rg, p.title, p.date, p.cpp, p.strength, "; ".join(p.units), "; ".join(p.sw),
             "; ".join(p.leaders), "yes" if p.given else "", " ".join(f"{k}={x}" for k, x in p.options.items())]
            for name, s in v.campaign.sides.items() for p in s.purchases or []]


ORGANIZER_COLUMNS = ("Side", "Box", "Unit", "Type", "RG line", "Status", "Flags")


def organizer_rows(v: View) -> list[list]:
    """The Force Organizer (7.16): Retained (Isolated or not), Eliminated, Fortifications."""
    rows = []
    for name, s in v.campaign.sides.items():
        for u in s.units:
            box = "Eliminated" if u.status != "Retained" else ("Isolated" if u.isolated else "Retained")
            rows.append([name, box, u.id, u.type, u.rg, u.status, " ".join(sorted(u.flags))])
        rows += [[name, "Fortifications", "", f.label, "", "given" if f.given else f.date, ""]
                 for f in s.fortifications]
    return rows


SHEETS = (("CG Roster", ROSTER_COLUMNS, roster_rows), ("RG Purchase Record", PURCHASE_COLUMNS, purchase_rows),
          ("Force Organizer", ORGANIZER_COLUMNS, organizer_rows))


def export(c: Campaign, fmt: str, reveal: bool = False) -> str:
    v = view(c, reveal)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        for title, columns, rows in SHEETS:
            writer.writerow([title])
            writer.writerow(columns)
            writer.writerows(rows(v))
            writer.writerow([])
        return buffer.getvalue()
    out = [f"# {load_campaign(c.cg).title}{f' CG {c.variant}' if c.variant else ''} — {c.date}"]
    for title, columns, rows in SHEETS:
        out += ["", f"## {title}", "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        out += ["| " + " | ".join(str(x).replace("|", "/") for x in row) + " |" for row in rows(v)]
    if v.hidden:
        out += ["", f"(the {people(v.hidden, possessive=True)} secrets are hidden until the CG End)"]
    return "\n".join(out) + "\n"


def purchase_picks(q, typed: str) -> list[tuple[str, str]]:
    """The RGs a purchase question can still take on top of what is ``typed`` so far, as (ID, "ID title: N CPP"):
    each one the question's own check accepts (this date's availability, maxima and the CPP left), so the list
    never offers what would be refused."""
    chart = q.context["reph"].chart(q.side)
    picks = []
    for rg_id, g in chart.items():
        try:
            q.parse_typed(f"{typed}, {rg_id}" if typed.strip() else rg_id)
        except SoloError:
            continue
        picks.append((rg_id, f"{g.label()}: {g.cpp} CPP"))
    return picks
