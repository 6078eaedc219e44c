"""What happened on the map in the CG scenario just played: the facts the RePh takes from the player.

Steps 7.501-7.514 need the map (melee, Perimeter 7.505-7.5067, isolation, control of the LVP,
CVP/EVP, FT/DC removal DRs). Until the map issue computes them, the player reports them here, in
the answers file's [facts] table or at the prompt; `check` is the one seam a map module will fill.

Each Campaign Game names its counts and extra keys in its [facts] table (missions/<cg>.toml); OtO2:
    lvp = 3                  # LVP the Russians Control (0-10)
    russian_cvp = 24         # CVP the Russians earned this scenario (German casualties, 7.13)
    german_cvp = 40          # CVP the Germans earned (Russian casualties)
    evp = 0                  # EVP the Russians earned (exits off the west edge)
    eliminated = ["G3"]      # units Eliminated in the scenario (ids from 'solo cg status')
    isolated = { G5 = "C" }  # units in an Isolated Area and its type (7.506: A-D)
    near = { G5 = "adjacent" }   # an Isolated unit "adjacent" to / "within-2" hexes of a friendly non-Isolated
                                 # hex (7.5063)
    encircled = ["G5"]       # 7.5041
    ap_minefield = ["R4"]    # Infantry in an AP minefield hex (7.5042)
    bog = { R7 = "immobilized" }  # 7.5043 Bog Removal results (D8.3): "unbogged" | "immobilized"
    shock = { R9 = "eliminated" } # 7.5044 recuperation results (C7.42): "recovered" | "eliminated"
    wounded = ["G20"]        # leaders wounded at scenario end (7.510)
    heroic = ["G20"]         # heroic leaders (7.5113)
    heroes = { Russian = 1 } # Heroes (not heroic leaders) Retained at scenario end (7.5112)
    malfunctioned = ["G30"]  # malfunctioned weapons; a vehicle's id is its Main Armament (7.5132)
    immobilized = ["R7"]     # 7.5131b
    front_line = ["R7"]      # vehicles / removal items in a Front-Line hex (7.5131b, 7.514)
    recall = { R8 = "low-ammo" }  # vehicles under Recall, "low-ammo" or "recall" (7.5131c)
    stunned = ["R9"]         # 7.5131d
    captured = ["G31"]       # weapons captured by the other side (7.5135)
    mg_disabled = { R7 = "LMG" }  # a vehicle whose MGs are all Disabled: the MG type its Removal would give (a LMG
                             # for a CMG; 7.5133), or "none" for a vehicle with no MG (7.5136 "any functioning weapon")
    ft_dc = { R15 = 9 }      # FT/DC removed during the scenario and the Original effects DR (7.5134)
    prisoners = { R22 = "isolated" }  # prisoners and their Guard: "isolated" or "non-isolated" (7.508)
    flames = 2               # Flame counters in building/rubble Locations (7.5094)
    flame_confined = { G5 = 1 }  # an Isolated unit/Equipment confined to a Flame's Location: the Flame's number
                                 # (7.5094)
    russian_afv_seen = 6     # Russian AFV the Germans saw (the German purchase heuristics react to it)
    removal = [{ side = "German", item = "Wire", where = "front-line" }]  # items a side may try to remove (7.514)
    fortifications_lost = [{ side = "German", item = "Wire" }]  # a side's Fortifications lost in the scenario, or that
                             # fire Eliminates in the RePh (OtO2 7.5095; "AP Mine 2": mines by factor)
    used = ["R40"]           # aircraft that entered play, Bombardments resolved (CG7; the others are Retained), OBA
                             # modules that placed an FFE:1 (CG7; CG13: at most the [limits] oba_per_scenario)
    german_held_back_cvp = 5 # CVP of the vehicles still held back for Low Ammunition at CG End (7.5131c; and russian_)
"""

import re
import tomllib
from typing import Any

from solo.campaign.reph import load_campaign
from solo.campaign.state import Campaign
from solo.campaign.view import hidden_side
from solo.core.choices import MOST, whole
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.core.store import RULES

ID_LISTS = ("eliminated", "encircled", "ap_minefield", "wounded", "heroic", "malfunctioned", "immobilized",
            "front_line", "stunned", "captured")
WEAPONS = ("sw", "gun", "vehicle", "cupola")
KINDS = {"wounded": ("leader",), "heroic": ("leader",), "malfunctioned": WEAPONS, "captured": WEAPONS,
         "immobilized": ("vehicle",), "stunned": ("vehicle",), "recall": ("vehicle",), "bog": ("vehicle",),
         "shock": ("vehicle",), "ft_dc": ("sw",), "encircled": ("squad", "hs", "crew", "leader", "hero"),
         "ap_minefield": ("squad", "hs", "crew", "leader", "hero"), "used": ("aircraft", "bombardment", "oba"),
         "mg_disabled": ("vehicle",)}
ID_MAPS = {"isolated": ("A", "B", "C", "D"), "near": ("adjacent", "within-2"), "bog": ("unbogged", "immobilized"),
           "shock": ("recovered", "eliminated"), "recall": ("low-ammo", "recall"),
           "prisoners": ("isolated", "non-isolated"), "mg_disabled": ("LMG", "MMG", "HMG", "none")}
WHERE = ("front-line", "adjacent", "rear")


def _ids(c: Campaign, key: str, ids, index: dict | None = None) -> list[str]:
    """The units ``ids`` names, checked (``index``: Campaign.by_id, when the caller has it)."""
    if not isinstance(ids, list):
        raise SoloError(f"facts {key}: give a list of unit ids, e.g. {key} = [\"G3\"]")
    out, index = [], index if index is not None else c.by_id() if len(ids) > 1 else None
    for unit_id in ids:
        unit = c.unit(str(unit_id), index)
        hidden = unit is not None and unit.secret and unit.side == hidden_side(c)
        if unit is None or hidden and key in KINDS and unit.kind not in KINDS[key]:  # issue 36: a secret unit of the
            # computer answers as no unit at all, never "GS2 is a 100mm+ OBA", which told the human what it bought
            raise SoloError(f"facts {key}: no unit {unit_id!r} in either OB (the CG Roster lists the ids)")
        if key in KINDS and unit.kind not in KINDS[key]:
            raise SoloError(f"facts {key}: {unit.id} is a {unit.type} ({unit.kind}); {key} takes "
                            f"{' or '.join(KINDS[key])} units")
        out.append(unit.id)
    return out


def fact(r, key: str, default=None):
    """A fact of the scenario just played (``default`` when it was not given)."""
    value = r.c.facts.get(key) if r.c.facts else None
    return default if value is None else value


FACT_MOST = 999  # the stated maximum of a count fact (CVP, EVP ...): more than both OBs of any CG are worth
COUNT_MOST = {"flames": MOST, "lvp": 10}  # a scenario has fewer Flames than Locations; OtO2 has 10 LVP on the map


def _count(key: str, value) -> int:
    """A count fact: a whole number from 0 to its stated maximum."""
    return whole(value, 0, COUNT_MOST.get(key, FACT_MOST), f"facts {key}")


def _extra(c: Campaign, key: str, kind: str, value, flames: int = 0):
    """A CG's own fact (missions/<cg>.toml [facts.extra]): a count, unit ids, a text, yes/no, a side, or unit ids each
    with the number of its Flame, 1 to the facts' ``flames`` ("flame")."""
    if kind == "flame":
        return _flame_confined(c, key, value if value is not None else {}, flames)
    if kind == "count":
        return _count(key, value if value is not None else 0)
    if kind == "ids":
        return _ids(c, key, value if value is not None else [])
    if kind == "bool":
        if not isinstance(value if value is not None else False, bool):
            raise SoloError(f"facts {key}: give true or false, not {value!r}")
        return bool(value)
    if kind == "side":
        if value is not None and value not in (*c.sides, "none"):
            raise SoloError(f"facts {key}: give {', '.join(c.sides)} or none, not {value!r}")
        return value
    if value is not None and not isinstance(value, str):
        raise SoloError(f"facts {key}: give a text in quotes, not {value!r}")
    return value or ""


def _flame_confined(c: Campaign, key: str, given, flames: int) -> dict[str, int]:
    """OtO2 7.5094: "Each Isolated unit/Equipment confined to setting up in a Location now containing Blaze is
    Eliminated": the facts name each unit confined to a Flame Location and the Flame's number (1 to ``flames``), whose
    dr says whether it becomes a Blaze. A unit not Isolated is checked by ``_confined_isolated``."""
    if not isinstance(given, dict):
        raise SoloError(f"facts {key}: give a table of unit id = its Flame's number, e.g. {key} = {{ G5 = 1 }}")
    if given and not flames:
        raise SoloError(f"facts {key}: no Flames are reported (flames = 0): a unit can be confined to none")
    numbers = [whole(n, 1, flames, f"facts {key} {unit_id} (the number of its Flame)") for unit_id, n in given.items()]
    return dict(zip(_ids(c, key, list(given)), numbers, strict=True))


def _confined_isolated(facts: dict, kinds: dict) -> None:
    """A unit confined to a Flame Location (7.5094) is an Isolated one: the facts' isolated must name it."""
    for key in (k for k, kind in kinds.items() if kind == "flame"):
        free = [unit_id for unit_id in facts[key] if unit_id not in facts["isolated"]]
        if free:
            raise SoloError(f"facts {key}: {free[0]} is not Isolated (the facts' isolated): 7.5094 Eliminates only an "
                            "Isolated unit confined to a Flame Location; the others leave the map at 7.507")


def _oba_used(c: Campaign, used: list[str]) -> None:
    """OtO2 CG13: "The Russians are limited to using a maximum of four and the Germans a maximum of three OBA modules
    per CG Scenario": the modules the facts name used (an FFE:1 placed, CG7) are checked, not those bought (issue
    20.8)."""
    most = load_campaign(c.cg).raw.get("limits", {}).get("oba_per_scenario")
    for side, s in c.sides.items() if most else ():
        n = sum(1 for u in s.units if u.kind == "oba" and u.id in used)
        if n > most[side]:
            raise SoloError(f"facts used: the {people(side)} may use at most {most[side]} OBA modules per CG scenario "
                            f"(CG13); {n} are named")


def fact_keys(cg: str) -> str:
    """The keys a CG's facts take, by the form each is written in (shown beside the facts question)."""
    spec = load_campaign(cg).raw["facts"]
    extra = spec.get("extra", {})
    forms = (("counts (a number)", [*spec.get("counts", []), *(k for k, v in extra.items() if v == "count")]),
             ("unit id lists, e.g. [\"G3\"]", [*ID_LISTS, *(k for k, v in extra.items() if v == "ids")]),
             ("unit id = value", [f"{k} ({'|'.join(v)})" for k, v in ID_MAPS.items()]),
             ("true or false", [k for k, v in extra.items() if v == "bool"]),
             ("unit id = its Flame's number (1 to flames)", [k for k, v in extra.items() if v == "flame"]),
             ("a side", [k for k, v in extra.items() if v == "side"]),
             ("others", ["heroes = { Russian = 1 }", "ft_dc = { R15 = 9 }", "removal = [{ side, item, where }]",
                                 "fortifications_lost = [{ side, item }]"]))
    return "; ".join(f"{form}: {', '.join(keys)}" for form, keys in forms if keys)


def typed(raw: str, example: str) -> dict:
    """The facts typed at the prompt or in the app: the inside of a TOML inline table ("none": nothing happened)."""
    text = "" if raw.strip().lower() == "none" else raw
    try:
        return tomllib.loads(f"facts = {{ {text} }}")["facts"]
    except tomllib.TOMLDecodeError as exc:
        raise SoloError(f"write the facts as: {example.removeprefix('[facts] ')} ({exc})") from None


def check(c: Campaign, raw, rules: int = RULES) -> dict:
    """The facts as the RePh uses them (a table from the answers file, or the typed text); one clear line for anything
    wrong. ``rules``: the save's rules version; the checks issue 36 added (only a FT or DC as one, only a known
    Fortification, wreck or Immobile vehicle as an item) hold from 5, so an older save's facts replay as given."""
    spec = load_campaign(c.cg).raw["facts"]
    if isinstance(raw, str):
        raw = typed(raw, spec["example"])
    counts, extra = spec.get("counts", []), spec.get("extra", {})
    if not isinstance(raw, dict):
        raise SoloError(f"facts: give a table of what happened, e.g. {spec['example']}")
    known = set(counts) | set(extra) | set(ID_LISTS) | set(ID_MAPS) | {"heroes", "ft_dc", "removal",
                                                                      "fortifications_lost"}
    unknown = set(raw) - known
    if unknown:
        raise SoloError(f"facts: unknown key(s) {', '.join(sorted(unknown))}; the keys are {', '.join(sorted(known))}")
    # the keys are the CG's own ([facts] counts and extra in missions/<cg>.toml), each with its kind of value
    facts: dict[str, Any] = {key: _count(key, raw.get(key, 0)) for key in counts}
    facts |= {key: _extra(c, key, kind, raw.get(key), facts.get("flames", 0)) for key, kind in extra.items()}
    kind = c.initiative["type"] if c.initiative else "Initial Scenario"
    if "winner" in extra and facts["winner"] not in c.sides and (
            kind in spec.get("winner_required", ()) or c.variant in spec.get("winner_required_in", ())):
        raise SoloError(f"facts winner: the {kind}'s Victory Conditions are on the CG card or lost from the texts: "
                        f"report winner = {' or '.join(repr(side) for side in c.sides)}")
    _oba_used(c, facts.get("used", []))
    index = c.by_id()  # once for every key (issue 36: built for each, a fortieth of a campaign's time)
    for key in ID_LISTS:
        facts[key] = _ids(c, key, raw.get(key, []), index)
    for key, allowed in ID_MAPS.items():
        given = raw.get(key, {})
        if not isinstance(given, dict):
            raise SoloError(f"facts {key}: give a table of unit id = value, e.g. {key} = {{ G5 = \"{allowed[0]}\" }}")
        bad = [v for v in given.values() if v not in allowed]
        if bad:
            raise SoloError(f"facts {key}: {bad[0]!r} is not one of {', '.join(allowed)}")
        facts[key] = dict(zip(_ids(c, key, list(given), index), given.values(), strict=True))
    _confined_isolated(facts, extra)
    heroes = raw.get("heroes", {})
    if not isinstance(heroes, dict) or set(heroes) - set(c.sides):
        raise SoloError("facts heroes: give the number of Heroes per side, e.g. heroes = { Russian = 1 }")
    facts["heroes"] = {side: whole(n, 0, MOST, f"facts heroes {side}") for side, n in heroes.items()}
    ft_dc = raw.get("ft_dc", {})
    if not isinstance(ft_dc, dict):
        raise SoloError("facts ft_dc: give each FT/DC id with the Original effects DR (2-12), e.g. ft_dc = { R15 = 9 }")
    drs = [whole(v, 2, 12, f"facts ft_dc {k} (the Original effects DR)") for k, v in ft_dc.items()]
    facts["ft_dc"] = dict(zip(_ids(c, "ft_dc", list(ft_dc)), drs, strict=True))
    for unit_id in facts["ft_dc"] if rules >= 5 else ():  # 7.5134 (RB 11.6134, VotG 12.6134): the Flamethrowers and
        # Demolition Charges
        unit = next(u for s in c.sides.values() if (u := s.unit(unit_id)))
        if unit.type not in FT_DC:  # issue 36: a PSK was taken as one
            raise SoloError(f"facts ft_dc: {unit.id} is a {unit.type}, not a FT or DC (7.5134)")
    removal = raw.get("removal", [])
    if not isinstance(removal, list):
        raise SoloError("facts removal: give a list of { side, item, where } tables")
    facts["removal"] = []
    for entry in removal:
        if not isinstance(entry, dict) or entry.get("side") not in c.sides or not entry.get("item") \
                or entry.get("where", "rear") not in WHERE:
            raise SoloError(f"facts removal: {entry!r}: give side ({'/'.join(c.sides)}), item (e.g. \"Wire\") and "
                            f"where ({', '.join(WHERE)})")
        if not isinstance(entry.get("own", False), bool) or not isinstance(entry["item"], str):
            raise SoloError(f"facts removal: {entry!r}: item is a name such as \"Wire\", own is true or false")
        if rules >= 5:
            _known_item(c, "removal", entry["item"])
        facts["removal"].append({"side": entry["side"], "item": entry["item"], "where": entry.get("where", "rear"),
                                 "own": entry.get("own", False)})
    lost = raw.get("fortifications_lost", [])
    if not isinstance(lost, list) or any(not isinstance(e, dict) or set(e) != {"side", "item"} or e["side"] not in
                                         c.sides or not isinstance(e["item"], str) or not e["item"] for e in lost):
        raise SoloError(f"facts fortifications_lost: give a list of {{ side ({'/'.join(c.sides)}), item (e.g. "
                        "\"Wire\", \"AP Mine 2\") }} tables")
    for e in lost if rules >= 5 else ():
        _known_item(c, "fortifications_lost", e["item"])
    facts["fortifications_lost"] = [dict(e) for e in lost]
    return facts


FT_DC = ("FT", "DC")  # the SW types 7.5134's Original effects DR is for
# What a Removal attempt (OtO2 7.514, RB 11.615, VotG 12.617) or a Fortification lost may name: wrecks, Immobile
# vehicles, Entrenchments, Wire, minefields and the other Fortifications the CGs' purchase tables sell (OtO2 7.520, RB
# 11.621, VotG 12.623), and any kind a side holds (its record's own name)
ITEMS = ("wreck", "immobile", "foxhole", "trench", "atditch", "antitankditch", "entrenchment", "wire", "minefield",
         "apmine", "atmine", "mine", "roadblock", "pillbox", "tetrahedron", "panji", "sangar", "cave", "cupola", "?",
         "hip", "settc", "setdc", "boobytrap")


def _known_item(c: Campaign, key: str, item: str) -> None:
    """One line for an item that names no Fortification, wreck or Immobile vehicle (issue 36: "Wirre" was taken
    without a word, and changed nothing)."""
    name = re.sub(r"[\s-]", "", re.sub(r"\s+\d+$", "", item.strip()).lower())
    held = {re.sub(r"[\s-]", "", f.kind.lower()) for s in c.sides.values() for f in s.fortifications}
    if not name or not (any(word in name for word in ("wreck", "immobile")) or any(name.startswith(w) for w in ITEMS)
            or any(kind.startswith(name) for kind in held)):
        raise SoloError(f"facts {key}: {item!r} is no Fortification, wreck or Immobile vehicle: name one such as "
                        "\"Wire\", \"Trench\", \"AP Mine 2\", \"Burnt-out wreck\"")


# --- what the stand-in scenario model (solo/campaign/model.py) and the RePh steps share --------------------------
# CVP by kind (A26 in spirit): squad 2, HS/crew/leader/SW 1, Gun 2, AFV 5 (a stand-in for A26.2's BPV-based values).
CVP = {"squad": 2, "hs": 1, "crew": 1, "leader": 1, "hero": 1, "gun": 2, "vehicle": 5, "sw": 1}


def attacker(c: Campaign) -> str | None:
    """The scenario Attacker: OtO2's Russian (7.521), the side of an Assault or Counterattack, None in a Dual Attack."""
    kind = c.initiative["type"] if c.initiative else ""
    if kind == "Dual Attack":
        return None
    named = next((side for side in c.sides if kind.startswith(side)), None)
    return named or load_campaign(c.cg).raw.get("attacker") or next(iter(c.sides))


