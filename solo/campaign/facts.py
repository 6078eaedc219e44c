"""What happened on the map in the CG scenario just played: the facts the RePh takes from the player.

Steps 7.501-7.514 need the map (melee, Perimeter 7.505-7.5067, isolation, control of the LVP,
CVP/EVP, FT/DC removal DRs). Until the map issue computes them, the player reports them here, in
the answers file's [facts] table or at the prompt; `check` is the one seam a map module will fill.

Keys (all optional but the first four):
    lvp = 3                  # LVP the Russians Control (0-10)
    russian_cvp = 24         # CVP the Russians earned this scenario (German casualties, 7.13)
    german_cvp = 40          # CVP the Germans earned (Russian casualties)
    evp = 0                  # EVP the Russians earned (exits off the west edge)
    eliminated = ["G3"]      # units Eliminated in the scenario (ids from 'solo cg status')
    isolated = { G5 = "C" }  # units in an Isolated Area and its type (7.506: A-D)
    near = { G5 = "adjacent" }   # an Isolated unit "adjacent" to / "within-2" hexes of a friendly non-Isolated hex (7.5063)
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
    ft_dc = { R15 = 9 }      # FT/DC removed during the scenario and the Original effects DR (7.5134)
    prisoners = { R22 = "isolated" }  # prisoners and their Guard: "isolated" or "non-isolated" (7.508)
    flames = 2               # Flame counters in building/rubble Locations (7.5094)
    russian_afv_seen = 6     # Russian AFV the Germans saw (the German purchase heuristics react to it)
    removal = [{ side = "German", item = "Wire", where = "front-line" }]  # items a side may try to remove (7.514)
"""

import random

from solo.campaign.state import Campaign
from solo.errors import SoloError

COUNTS = ("lvp", "russian_cvp", "german_cvp", "evp", "flames", "russian_afv_seen")
ID_LISTS = ("eliminated", "encircled", "ap_minefield", "wounded", "heroic", "malfunctioned", "immobilized",
            "front_line", "stunned", "captured")
WEAPONS = ("sw", "gun", "vehicle", "cupola")
KINDS = {"wounded": ("leader",), "heroic": ("leader",), "malfunctioned": WEAPONS, "captured": WEAPONS,
         "immobilized": ("vehicle",), "stunned": ("vehicle",), "recall": ("vehicle",), "bog": ("vehicle",),
         "shock": ("vehicle",), "ft_dc": ("sw",), "encircled": ("squad", "hs", "crew", "leader", "hero"),
         "ap_minefield": ("squad", "hs", "crew", "leader", "hero")}
ID_MAPS = {"isolated": ("A", "B", "C", "D"), "near": ("adjacent", "within-2"), "bog": ("unbogged", "immobilized"),
           "shock": ("recovered", "eliminated"), "recall": ("low-ammo", "recall"), "prisoners": ("isolated", "non-isolated")}
WHERE = ("front-line", "adjacent", "rear")


def _ids(c: Campaign, key: str, ids) -> list[str]:
    if not isinstance(ids, list):
        raise SoloError(f"facts {key}: give a list of unit ids, e.g. {key} = [\"G3\"]")
    out = []
    for unit_id in ids:
        unit = next((s.unit(str(unit_id)) for s in c.sides.values() if s.unit(str(unit_id))), None)
        if unit is None:
            raise SoloError(f"facts {key}: no unit {unit_id!r} in either OB; 'solo cg status FILE' lists the ids")
        if key in KINDS and unit.kind not in KINDS[key]:
            raise SoloError(f"facts {key}: {unit.id} is a {unit.type} ({unit.kind}); {key} takes {' or '.join(KINDS[key])} units")
        out.append(unit.id)
    return out


def check(c: Campaign, raw) -> dict:
    """The facts as the RePh uses them; one clear line for anything wrong."""
    if not isinstance(raw, dict):
        raise SoloError("facts: give a table of what happened, e.g. [facts] lvp = 3 ...")
    known = set(COUNTS) | set(ID_LISTS) | set(ID_MAPS) | {"heroes", "ft_dc", "removal"}
    unknown = set(raw) - known
    if unknown:
        raise SoloError(f"facts: unknown key(s) {', '.join(sorted(unknown))}; the keys are {', '.join(sorted(known))}")
    facts = {}
    for key in COUNTS:
        value = raw.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SoloError(f"facts {key}: give a whole number >= 0, not {value!r}")
        facts[key] = value
    if facts["lvp"] > 10:
        raise SoloError(f"facts lvp: there are 10 LVP on the map, not {facts['lvp']}")
    for key in ID_LISTS:
        facts[key] = _ids(c, key, raw.get(key, []))
    for key, allowed in ID_MAPS.items():
        given = raw.get(key, {})
        if not isinstance(given, dict):
            raise SoloError(f"facts {key}: give a table of unit id = value, e.g. {key} = {{ G5 = \"{allowed[0]}\" }}")
        bad = [v for v in given.values() if v not in allowed]
        if bad:
            raise SoloError(f"facts {key}: {bad[0]!r} is not one of {', '.join(allowed)}")
        facts[key] = dict(zip(_ids(c, key, list(given)), given.values()))
    heroes = raw.get("heroes", {})
    if not isinstance(heroes, dict) or set(heroes) - set(c.sides) or any(not isinstance(n, int) or n < 0 for n in heroes.values()):
        raise SoloError("facts heroes: give the number of Heroes per side, e.g. heroes = { Russian = 1 }")
    facts["heroes"] = dict(heroes)
    ft_dc = raw.get("ft_dc", {})
    if not isinstance(ft_dc, dict) or any(not isinstance(v, int) or not 2 <= v <= 12 for v in ft_dc.values()):
        raise SoloError("facts ft_dc: give each FT/DC id with the Original effects DR (2-12), e.g. ft_dc = { R15 = 9 }")
    facts["ft_dc"] = dict(zip(_ids(c, "ft_dc", list(ft_dc)), ft_dc.values()))
    removal = raw.get("removal", [])
    if not isinstance(removal, list):
        raise SoloError("facts removal: give a list of { side, item, where } tables")
    facts["removal"] = []
    for entry in removal:
        if not isinstance(entry, dict) or entry.get("side") not in c.sides or not entry.get("item") \
                or entry.get("where", "rear") not in WHERE:
            raise SoloError(f"facts removal: {entry!r}: give side (German/Russian), item (e.g. \"Wire\") and where "
                            f"({', '.join(WHERE)})")
        facts["removal"].append({"side": entry["side"], "item": str(entry["item"]), "where": entry.get("where", "rear"),
                                 "own": bool(entry.get("own", False))})
    return facts


# --- the stand-in scenario model for `solo cg simulate` ---------------------------------------
# Not ASL: a documented stand-in so that whole campaigns can run computer against computer.
# Attack strength: squads 1, HS/crews 0.5, AFV 2, Guns 1, OBA modules 1.5 and bombardments 2;
# defence: the same, x1.5 for the German (dug in), plus 1 per 5 fortification counters. Each
# Retained unit on the map is Eliminated with a chance that falls as its side's share of strength
# rises; the Russians gain LVP by their share of the strength (about one a scenario at 40%). CVP by kind (A26 in spirit): squad 2,
# HS/crew/leader/SW 1, Gun 2, AFV 5 (a stand-in for A26.2's BPV-based values).
CVP = {"squad": 2, "hs": 1, "crew": 1, "leader": 1, "hero": 1, "gun": 2, "vehicle": 5, "sw": 1}
STRENGTH = {"squad": 1.0, "hs": 0.5, "crew": 0.5, "vehicle": 2.0, "gun": 1.0, "oba": 1.5, "bombardment": 2.0, "cupola": 1.0}


def strength(c: Campaign, side: str) -> float:
    s = c.sides[side]
    total = sum(STRENGTH.get(u.kind, 0) for u in s.retained())
    if side == "German":
        total = total * 1.5 + sum(f.count for f in s.fortifications) / 5
    return max(total, 1.0)


def simulated(c: Campaign, seed: int) -> dict:
    """Facts of a stand-in scenario on the current CG Date (deterministic for the seed and date)."""
    rng = random.Random(f"{seed}:{c.date}:{len(c.scenarios)}")
    attack, defence = strength(c, "Russian"), strength(c, "German")
    share = attack / (attack + defence)
    losses = {"Russian": 0.35 * (1 - share), "German": 0.30 * share}
    facts = {key: [] for key in ID_LISTS} | {key: {} for key in ID_MAPS} | {"heroes": {}, "ft_dc": {}, "removal": []}
    cvp = {"Russian": 0, "German": 0}
    for side, s in c.sides.items():
        for unit in s.retained():
            if unit.kind in CVP and rng.random() < losses[side]:
                facts["eliminated"].append(unit.id)
                cvp[side] += CVP[unit.kind]
            elif unit.kind == "leader" and rng.random() < 0.1:
                facts["wounded"].append(unit.id)
            elif unit.kind in ("sw", "gun") and rng.random() < 0.08:
                facts["malfunctioned"].append(unit.id)
            elif unit.kind == "vehicle" and rng.random() < 0.08:
                facts["immobilized" if rng.random() < 0.5 else "stunned"].append(unit.id)
            elif unit.kind in ("squad", "hs") and side == "German" and rng.random() < 0.04:
                facts["isolated"][unit.id] = "C"
        if side == "Russian":
            for unit in s.retained("sw"):
                if unit.type in ("FT", "DC") and unit.id in facts["eliminated"]:
                    facts["ft_dc"][unit.id] = rng.randint(1, 6) + rng.randint(1, 6)
    previous = c.last.lvp if c.last else 0
    lvp = min(10, max(0, previous + round((share - 0.3) * 14 + rng.uniform(-1.5, 1.5))))
    facts.update(lvp=lvp, russian_cvp=cvp["German"], german_cvp=cvp["Russian"], evp=rng.choice([0, 0, 0, 2, 5]),
                 flames=rng.choice([0, 0, 1, 2]),
                 russian_afv_seen=len(c.sides["Russian"].retained("vehicle")))
    facts["removal"] = [{"side": "Russian", "item": "Wire", "where": "front-line", "own": False}] * rng.randint(0, 2)
    return facts
