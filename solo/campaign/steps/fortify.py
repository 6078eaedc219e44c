"""The RB (11.621) and VotG (12.623) Fortification Purchase Tables, read from their charts (the CG file's
[tables] fortifications): what each kind costs each side in FPP, and which only the Russian may buy ("R")."""

import re

from solo.campaign import choices
from solo.campaign.reph import Reph
from solo.campaign.state import Fortification
from solo.campaign.steps.losses import engineer_casualty
from solo.core.errors import SoloError
from solo.core.sides import people

# Kinds one row prices by size: note 1, 3-, 2- and 1-squad capacity; note 6 is cut in both copies ("AFV/..."): the
# 11.621 EX gives HIP for a squad 3, a HS 2, a crew 1 and a SMC 1, leaving 5 for an AFV/Gun.
SIZES = {"Foxhole": ("3", "2", "1"), "HIP": ("AFV/Gun", "squad", "HS", "crew", "SMC")}
PILLBOX = re.compile(r"Pillbox (\d+)\+(-?\d+)\+(-?\d+)")  # note 4: (Capacity + CA DRM + NCA DRM) x 3


def price_list(r: Reph) -> dict[str, tuple[int, int, bool]]:
    """Each kind's (German FPP, Russian FPP, Russian only); mines are per factor (note 2: German/Russian)."""
    prices = {}
    for row in r.cat.get(r.defn.tables["fortifications"]).rows:
        name = row.key.strip('"').split(" (")[0]  # '"?"' -> '?'; 'Set DC (A23.7)' -> 'Set DC'
        text = re.sub(r"\s*\([\d,\s]+\)$", "", str(row.results["FPP Cost"]))  # the footnote numbers
        russian = "R" in [m.strip() for m in str(row.results["Marks"]).split(",")]
        numbers = [int(n) for n in re.findall(r"\d+", text)] if name != "Pillbox" else [0]
        if "per factor" in text:
            prices[name] = (numbers[0], numbers[1], russian)
        elif name in SIZES:
            prices.update({f"{name} {size}": (n, n, russian) for size, n in zip(SIZES[name], numbers, strict=False)})
        else:
            prices[name] = (numbers[0], numbers[0], russian)
    return prices


def cost(r: Reph, side: str, kind: str, count: int = 1) -> int:
    """FPP for ``count`` of ``kind`` ("Trench", "A-P Mine" factors, "Pillbox 1+2+3" ...); one line for a kind the
    table lacks or one only the Russian may buy."""
    prices, rule = price_list(r), r.cat.get(r.defn.tables["fortifications"]).rule
    pillbox = PILLBOX.fullmatch(kind)
    name = "Pillbox" if pillbox else kind
    if name not in prices:
        raise SoloError(f"no fortification {kind!r}: choose from {', '.join(k for k in prices if k != 'Pillbox')} or "
                        f"\"Pillbox a+b+c\" ({rule})")
    german, russian, russian_only = prices[name]
    if russian_only and side != "Russian":
        raise SoloError(f"{kind}: only the Russian may purchase it ({rule} R)")
    if pillbox:
        return sum(int(n) for n in pillbox.groups()) * 3 * count
    return (russian if side == "Russian" else german) * count


def costs(r: Reph, side: str) -> dict[str, int]:
    """FPP of one of each kind ``side`` may buy (a Pillbox left out: its cost is the player's design), the kinds the
    fortifications question enumerates (solo/games/policies.py)."""
    return {k: (russian if side == "Russian" else german) for k, (german, russian, only) in price_list(r).items()
            if k != "Pillbox" and (side == "Russian" or not only)}


def menu(r: Reph, side: str) -> str:
    """The kinds ``side`` may buy and their FPP, for the prompt."""
    items = [f"{k} = {russian if side == 'Russian' else german}{' a factor' if 'Mine' in k else ''}"
             for k,
             (german, russian, only) in price_list(r).items() if k != "Pillbox" and (side == "Russian" or not only)]
    return ", ".join(items) + (", Pillbox a+b+c = (a+b+c) x 3" if side == "Russian" else "")


def removal_mods(item: dict, engineers: int) -> dict:
    """RB 11.615, VotG 12.617 Fortification Removal drm: +2 in a Front Line Location (Roadblock: along a Front Line
    hexside), +1 adjacent to one (Roadblock:
    along a hexside of a hex ADJACENT to one), -1 with >= three non-Isolated Assault Engineer squads."""
    roadblock = "roadblock" in item["item"].lower()
    mods = {}
    if item["where"] == "front-line":
        mods["roadblock-front-line" if roadblock else "front-line"] = True
    elif item["where"] == "adjacent":
        mods["roadblock-adjacent" if roadblock else "adjacent"] = True
    if engineers >= 3:
        mods["assault-engineers"] = True
    return mods


def removal(r: Reph, s, item: dict, table: str, rule: str, mods: dict, line: str) -> None:
    """Fortification Removal (OtO2 7.514, RB 11.615, VotG 12.617): a dr on ``table`` for ``item``, said by ``line``
    (format fields: side, item, trace, result: the result without its "*" note mark); the table's Original-6 footnote
    (effect engineer_casualty) Casualty Reduces a non-Isolated elite MMC."""
    trace = r.roll(table, f"Removal of {item['item']} ({rule})", side=s.name, mods=mods)
    r.say(line.format(side=s.name, item=item, trace=trace, result=trace.result.rstrip("*")))
    if trace.effect.get("engineer_casualty"):
        engineer_casualty(r, s)
    if trace.result.startswith("Eliminated") and r.rules >= 3:
        owner = s if item.get("own") else r.side(r.c.other(s.name))
        lose(r, [owner, r.side(r.c.other(owner.name))], item["item"], rule)


def _norm(kind: str) -> str:
    return re.sub(r"[\s-]", "", kind.lower())


def lose(r: Reph, sides: list, item: str, rule: str) -> None:
    """A Fortification Eliminated (removed: OtO2 7.514, RB 11.615, VotG 12.617): the first side of ``sides`` holding
    one of ``item``'s kind loses its count of it ("Wire", "Trench", "Foxhole 3"; "AP Mine 6": mines are counted by
    factor; "Pillbox" for the first "Pillbox 1+2+3"); a record at 0 goes (issue 20.11: the counts never went down;
    saves of rules version 3 on). An item of no recorded Fortification (a wreck, a Roadblock) changes nothing."""
    counted = re.fullmatch(r"(.*?)\s+(\d+)", item.strip())
    tries = [(item, 1, False)] + ([(counted[1], int(counted[2]), True)] if counted else []) + [(item, 1, True)]
    for s in sides:
        for kind, count, prefix in tries:
            found = next((f for f in s.fortifications if _norm(f.kind) == _norm(kind)
                          or (prefix and _norm(f.kind).startswith(_norm(kind)))), None)
            if found:
                taken = min(count, found.count)
                found.fpp -= found.fpp * taken // found.count  # what is left is worth its share of the price
                found.count -= taken
                if not found.count:
                    s.fortifications.remove(found)
                r.say(f"{s.name} {found.kind}: {count} Eliminated, {found.count} left ({rule})",
                      secret=s.name if found.secret else "")
                return


# --- Booby Traps (RB 11.6123 and 11.621 note 8; VotG 12.6143 and 12.623 note 8) -------------------------------------

BOOBY_LEVELS = ("C", "B", "A")  # C is the lowest, A the highest


def booby_level(r: Reph) -> str:
    """The Booby Trap Level in effect (r.c.flags "booby-traps:X"; Level C when none was raised)."""
    return next((f.split(":")[1] for f in r.c.flags if f.startswith("booby-traps:")), "C")


def set_booby_level(r: Reph, level: str) -> None:
    r.c.flags = {f for f in r.c.flags if not f.startswith("booby-traps:")} | {f"booby-traps:{level}"}


def booby_deactivation(r: Reph, table: str, rule: str) -> None:
    """RB 11.6123, VotG 12.6143: at Level A or B the Russian makes a dr on ``table``; the row's effect "booby" (-1 on a
    6)
    lowers the Level (A to B, B to C)."""
    level = booby_level(r)
    if level == "C":
        return
    trace = r.roll(table, f"Booby Trap Deactivation, Level {level} ({rule})", side="Russian")
    if trace.effect.get("booby"):
        set_booby_level(r, BOOBY_LEVELS[BOOBY_LEVELS.index(level) + trace.effect["booby"]])
    r.say(f"Booby Trap dr {trace.original}: Level {booby_level(r)} ({rule})")


# --- the purchase step (RB 11.621, VotG 12.623) ----------------------------------------------------------------------

def parser(r: Reph, side: str, rule: str):
    """kind = count within the side's FPP; Booby Traps raise the Level one step each, at most to A (note 8)."""
    s = r.side(side)

    def parse(raw) -> dict:
        raw = choices.kind_counts(raw, "Wire 1, A-P Mine 6")
        total = sum(cost(r, side, k, n) for k, n in raw.items())
        if total > s.fpp:
            raise SoloError(f"these Fortifications cost {total} FPP; the {people(side)} have {s.fpp} ({rule})")
        level = booby_level(r)
        if raw.get("Booby Traps", 0) > len(BOOBY_LEVELS) - 1 - BOOBY_LEVELS.index(level):
            raise SoloError(f"Booby Traps raise the Level one step each, C to B to A; it is now {level} ({rule} note "
                            "8)")
        return raw
    return parse


def purchase(r: Reph, rule: str, key: str) -> None:
    """Each side spends the FPP bought with its RGs (R: Russian only; F: the only ones that may set up in a Front Line
    Location; I: the only ones added to an Isolated Location); Booby Traps raise the Level (C to B, B to A); unspent
    FPP are forfeited; the Locations are recorded at set-up."""
    for side, s in r.c.sides.items():
        if not s.fpp:
            continue
        bought = r.ask(key, f"{rule} Spend {s.fpp} FPP on Fortifications ({menu(r, side)})", parser(r, side, rule),
                       side=side,
                       context={"reph": r, "side": s, "costs": costs(r, side)},
                       example=f'{key} = {{ "Fortified Building" = 1, "A-P Mine" = 6 }}')
        spent = sum(cost(r, side, k, n) for k, n in bought.items())
        for kind, count in bought.items():
            if kind == "Booby Traps":
                for _ in range(count):
                    set_booby_level(r, BOOBY_LEVELS[BOOBY_LEVELS.index(booby_level(r)) + 1])
                r.say(f"the Booby Trap Level is now {booby_level(r)}: every non-Aerial Location of the map, triggered "
                      f"by German TC ({rule} note 8)")
                continue
            s.fortifications.append(Fortification(side, kind, count, r.c.date, fpp=cost(r, side, kind, count)))
        s.roster[r.c.date].fpp = s.fpp
        s.roster[r.c.date].fortifications = [f"{k} x{n}" for k, n in bought.items()]
        r.say(
            f"{side} spends {spent} of {s.fpp} FPP: "
            + (", ".join(f"{k} x{n}" for k, n in bought.items()) or "nothing")
            + (f"; {s.fpp - spent} FPP forfeited" if s.fpp > spent else "")
            + f" ({rule})",
            secret=side,
        )
        s.fpp = 0
