"""What the human may see of a Campaign Game: the one place that decides it (issue 21).

Every printer prints a `View`: `solo cg status` (text and --json), the exports, `solo cg log`, the app's Campaign
screen. While the CG runs, what the rules keep secret from the human is not in the computer side's part of it (a
hidden value is None: "?" in the text, null in the JSON); after the CG End or when nobody plays a side the view is
the whole state (`--reveal` asks for it, and is refused while the CG runs against the computer: may_reveal). The computer side's units are in it (but for the secret kinds): the human
sets them up and moves them on the map.

The computer sees the human by the same rule (seen_by): every decision of solo/ai/ and solo/games/*/computer.py that
reads its opponent reads him as the human reads the computer, and so each side of a simulation the other.
"""

from dataclasses import dataclass, replace

from solo.campaign.state import Campaign, SideState
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


def _seen(s: SideState) -> SideState:
    """``s`` as its opponent may see it."""
    roster = {date: replace(line, start=None, repl=None, total=None, spent=None, left=None,  # 7.518 (RB 11.619,
                            fpp=None, fortifications=None)  # VotG 12.621, ABtF 9.617): the CPP expended and remaining,
              for date, line in s.roster.items()}  # the RGs and so the FPP they buy (7.520) may all remain secret
    return replace(
        s, cpp=None, fpp=None, roster=roster,
        purchases=None,  # 7.5182 (RB 11.6192, VotG 12.6212, ABtF 9.6172): the RG ID is secretly recorded
        units=[u for u in s.units if not u.secret],  # the OBA modules, observers, aircraft ... (Unit.secret)
        fortifications=[f for f in s.fortifications if not f.secret])  # its mines, Dummies, HIP (Fortification.secret)


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
    nothing is hidden). The hidden side's secret rolls and decisions (Computer answers are secret events) show only as
    one marker for each run of them, its first step and its side: neither how many there are nor their kinds, which
    told the human what the computer bought in secret (issue 21: RB 11.620's one more Ammunition dr for an OBA module),
    and no number after them counts them either. A decision the rules reveal (its Initiative chit, a Night or
    Counterattack declaration) reaches the human by its step's record, never by its event: the why weighs the
    computer's secret forces (its odds count its OBA, Bombardments, aircraft), so the reasons wait for the CG End, when
    `solo cg log --reveal` gives every event."""
    hide = hidden_side(c, reveal)
    if not hide:
        return [e.to_json() for e in log.events]
    shown: list[dict] = []
    for e in log.events:
        if not (e.secret and e.side == hide):
            shown.append(e.to_json() | {"seq": len(shown) + 1})
        elif not (shown and shown[-1].get("hidden")):
            shown.append({"seq": len(shown) + 1, "kind": "secret", "step": e.step, "side": e.side, "secret": True,
                          "hidden": True})
    return shown


def undone(log: EventLog, c: Campaign, event: Event) -> dict:
    """The human's answer an undo took back from ``log``, numbered as `events` numbered it (after the events shown
    before it): its number in the log would count the computer's secret events before it (issue 21)."""
    return event.to_json() | {"seq": len(events(log, c)) + 1}


def secret_marker(e: dict) -> str:
    """A hidden marker of `events` in words."""
    return f"(the {people(e['side'], possessive=True)} secret rolls and decisions)"
