"""The RB (11.621) and VotG (12.623) Fortification Purchase Tables, read from their charts (the CG file's
[tables] fortifications): what each kind costs each side in FPP, and which only the Russian may buy ("R")."""

import re

from solo.campaign.reph import Reph
from solo.errors import SoloError

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
            prices.update({f"{name} {size}": (n, n, russian) for size, n in zip(SIZES[name], numbers)})
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


def menu(r: Reph, side: str) -> str:
    """The kinds ``side`` may buy and their FPP, for the prompt."""
    items = [f"{k} = {russian if side == 'Russian' else german}{' a factor' if 'Mine' in k else ''}"
             for k, (german, russian, only) in price_list(r).items() if k != "Pillbox" and (side == "Russian" or not only)]
    return ", ".join(items) + (", Pillbox a+b+c = (a+b+c) x 3" if side == "Russian" else "")
