"""What the human may see of a Campaign Game: the one place that decides it (issue 21).

Every printer prints a `View`: `solo cg status` (text and --json), the exports, `solo cg log`, the app's Campaign
screen. While the CG runs, what the rules keep secret from the human is not in the computer side's part of it (a
hidden value is None: "?" in the text, null in the JSON); after the CG End or when nobody plays a side the view is
the whole state (`--reveal` asks for it, and is refused while the CG runs against the computer: may_reveal). The
computer side's units are in it (but for the secret kinds): the human
sets them up and moves them on the map.

The computer sees the human by the same rule (seen_by): every decision of solo/ai/ and solo/games/*/computer.py that
reads its opponent reads him as the human reads the computer, and so each side of a simulation the other.
"""

from dataclasses import dataclass, replace
from typing import Any

from solo.campaign.state import Campaign, SideState, Unit
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.core.store import Event, EventLog


@dataclass(frozen=True)
class View:
    campaign: Campaign  # the state as the human may see it (the campaign itself when nothing is hidden)
    hidden: str  # the computer side whose secrets are left out ("": none)


def hidden_side(c: Campaign, reveal: bool = False) -> str:
    """The computer side whose secrets the human may not see now: none after the CG End, when nobody plays a side, or
    with ``reveal``."""
    if reveal or c.stage == "ended" or c.human not in c.sides:
        return ""
    return c.other(c.human)


# A value the view leaves out: None ("?" in the text, null in the JSON). Typed Any: the state's fields are typed as
# the engine plays them (an int, a list), where nothing is ever hidden; only a View's copy holds it (the printers test
# `is HIDDEN`).
HIDDEN: Any = None


def _seen(s: SideState) -> SideState:
    """``s`` as its opponent may see it."""
    # 7.518 (RB 11.619, VotG 12.621, ABtF 9.617): the CPP expended and remaining, the RGs and so the FPP they buy
    # (7.520) may all remain secret
    roster = {date: replace(line, start=HIDDEN, repl=HIDDEN, total=HIDDEN, spent=HIDDEN, left=HIDDEN, fpp=HIDDEN,
                            fortifications=HIDDEN)
              for date, line in s.roster.items()}
    shown = [u for u in s.units if not u.secret]  # the OBA modules, observers, aircraft ... (Unit.secret)
    return replace(
        s, cpp=HIDDEN, fpp=HIDDEN, roster=roster,
        purchases=HIDDEN,  # 7.5182 (RB 11.6192, VotG 12.6212, ABtF 9.6172): the RG ID is secretly recorded
        units=_renumbered(shown),
        fortifications=[f for f in s.fortifications if not f.secret])  # its mines, Dummies, HIP (Fortification.secret)


def _renumbered(units: list[Unit]) -> list[Unit]:
    """``units`` with their RG Purchase Record lines (Unit.rg) numbered 1, 2 ... over the lines these units came with,
    in the Record's order: the Record's own numbers left a gap for each RG that gave no unit the other side sees (an
    OBA module, an observer, aircraft, FPP for mines and Dummies), which told how many were bought and when (issue 36:
    a 23PM run showed lines 0-11, 14, 18-25, 27; the gaps were O4, O6, O5, O6 and M2). Which units came together stays
    readable: the human sets them up as platoons."""
    lines = {line: n for n, line in enumerate(sorted({u.rg for u in units if u.rg}), start=1)}
    return [_with_line(u, lines[u.rg]) if u.rg and lines[u.rg] != u.rg else u for u in units]


def _with_line(u: Unit, line: int) -> Unit:
    """A copy of ``u`` on Purchase Record line ``line`` (dataclasses.replace's, without its field-by-field cost: the
    computer reads its opponent this way at each decision, issue 36: speed)."""
    copy = object.__new__(Unit)
    copy.__dict__.update(u.__dict__)
    copy.rg = line
    return copy


def seen_by(c: Campaign, side: str) -> SideState:
    """``side``'s opponent as ``side`` may see it: what the human may see of the computer (_seen), and no more, is what
    the computer may see of the human, and, computer against computer, each of the other (issue 21: its chit odds
    counted the human's OBA and mines). Every decision of the computer that reads its opponent reads this: his public
    units and Fortifications, his ELR and SAN; not his CPP, FPP, RG Purchase Record, secret units or secret
    Fortifications (None or left out)."""
    return _seen(c.sides[c.other(side)])


def may_reveal(c: Campaign) -> None:
    """`--reveal` (status, log, export): the computer's secrets are the human's to see only once the rules reveal them,
    at the CG End (issue 21); while the CG runs against the computer the request is refused in one line."""
    if hidden_side(c):
        raise SoloError(f"the {c.other(c.human)} computer's secrets stay hidden until the CG End: --reveal shows them "
                        "once the Campaign Game has ended")


def view(c: Campaign, reveal: bool = False) -> View:
    """The campaign as the human may see it now (``reveal``: all of it)."""
    hide = hidden_side(c, reveal)
    if not hide:
        return View(c, "")
    sides = {name: _seen(s) if name == hide else s for name, s in c.sides.items()}
    # a record line telling a secret names its side (StepContext.say): the hidden side's Secret DRs, its purchases,
    # the set-up lines naming its mines, Dummies and HIP, the Elimination of a secret unit
    return View(replace(c, sides=sides, record=[e for e in c.record if e["secret"] != hide]), hide)


def events(log: EventLog, c: Campaign, reveal: bool = False) -> list[dict]:
    """Every event of the log as the human may see it, numbered in the order shown (``seq``: the log's own number once
    nothing is hidden). The hidden side's secret rolls and decisions (Computer answers are secret events) are left out,
    with no marker and no number counting them: their number told the human what the computer bought in secret (issue
    21: RB 11.620's one more Ammunition dr for an OBA module), and a marker's mere presence that a secret roll was made
    at a step (issue 36: 11.620's Ammunition dr only follows an OBA purchase). A decision the rules reveal (its
    Initiative chit, a Night or Counterattack declaration) reaches the human by its step's record, never by its event:
    the why weighs the computer's secret forces (its odds count its OBA, Bombardments, aircraft), so the reasons wait
    for the CG End, when `solo cg log --reveal` gives every event."""
    hide = hidden_side(c, reveal)
    if not hide:
        return [e.to_json() for e in log.events]
    shown = [e for e in log.events if not (e.secret and e.side == hide)]
    return [e.to_json() | {"seq": n} for n, e in enumerate(shown, start=1)]


def undone(log: EventLog, c: Campaign, event: Event) -> dict:
    """The human's answer an undo took back from ``log``, numbered as `events` numbered it (after the events shown
    before it): its number in the log would count the computer's secret events before it (issue 21)."""
    return event.to_json() | {"seq": len(events(log, c)) + 1}


def secret_note(hidden: str) -> str:
    """The one line a log of the running CG ends with: the hidden side's secret events are not in it."""
    return f"(the {people(hidden, possessive=True)} secret rolls and decisions are not shown until the CG End)"
