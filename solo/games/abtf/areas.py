"""A Bridge Too Far RePh 9.605 Setup Area Determination: Block Control, Isolated units, Escape (9.6051-9.6055)."""

from solo.campaign.reph import Reph, step
from solo.campaign.state import SideState, Unit
from solo.campaign.steps.losses import afv_crew, counted, find, lose, reduce, replace
from solo.core.choices import words
from solo.core.errors import SoloError
from solo.games.abtf.aftermath import (
    HS_EQUIVALENTS,
    MMC,
    armor_leader,
    block_control,
    fact,
    leader_drm,
    night,
    pairs,
)
from solo.rules.resolve import Mods

# --- 9.605 Setup Area Determination -----------------------------------------------------------

@step("setup_areas")
def setup_areas(r: Reph) -> None:
    """9.605 Setup Area Determination by Block Control (9.6051 Forfeiture is in the Control the facts give);
    9.6053 Isolated units tracing a path of Uncontrolled Territory are Retained, immobile vehicles Abandoned;
    9.6054 the others attempt Escape; 9.6055 the Setup Areas are marked on the reduced map."""
    control = block_control(r)
    for block, side in pairs(fact(r, "blocks", ""), "blocks").items():
        if side not in r.c.sides:
            raise SoloError(f"facts blocks: {block}={side}: give {' or '.join(r.c.sides)}")
        r.c.flags -= {f"block:{block}={s}" for s in r.c.sides}
        r.c.flags.add(f"block:{block}={side}")
        control[block] = side
    for side in r.c.sides:
        mine = sorted(b for b, s in control.items() if s == side)
        r.say(f"{side} Controls Block(s) {', '.join(mine) or 'none'}: its Setup Areas (9.605; Forfeiture 9.6051)")
    for unit_id in fact(r, "retained_path", []):
        _retained(r, find(r, unit_id))
    escaping = [find(r, i) for i in fact(r, "must_escape", [])]
    for side in r.c.sides:
        units = [u for u in escaping if u.side == side and u.retained]
        if units:
            _escapes(r, r.side(side), units)
    r.say("mark each side's Controlled Blocks and the Uncontrolled Territory on a copy of the reduced map (9.6055)")


def _retained(r: Reph, unit: Unit) -> None:
    """9.6053: Retained into the nearest Friendly Setup/Entry Area; an immobile vehicle is Abandoned (crew Retained),
    or stays in its Location and VCA in Uncontrolled Territory."""
    if unit.kind == "vehicle" and "immobilized" in unit.flags:
        if unit.id in fact(r, "uncontrolled", []):
            r.say(f"{unit.side} {unit.id} {unit.type}: immobile in Uncontrolled Territory, stays in its Location and "
                  "VCA (its owner may Abandon it and Retain the crew) (9.6053)")
            return
        unit.flags.add("abandoned")
        crew = afv_crew(r, unit, unit.rg)
        r.say(f"{unit.side} {unit.id} {unit.type} immobile: Abandoned; its crew {crew.id} is Retained (9.6053)")
        return
    r.say(f"{unit.side} {unit.id} {unit.type} Isolated: Retained into the nearest Friendly Setup/Entry Area (9.6053)")


def stacks_parser(r: Reph, s: SideState, units: list[Unit]):
    """9.6054: the stacks that Escape together, "G3+G4+G12 pp=1" (ids of one Location; pp: PP carried beyond the
    IPC); every Isolated unit not named escapes alone, an Isolated SW/Gun not named is left behind."""
    allowed = {u.id.lower(): u for u in units}

    def parse(raw) -> list[dict]:
        out, seen = [], set()
        for word in words(raw):
            text, _, pp = str(word).partition("pp=")
            ids = [w.strip() for w in text.split("+") if w.strip()]
            members = []
            for unit_id in ids:
                unit = allowed.get(unit_id.lower())
                if unit is None:
                    raise SoloError(f"{unit_id!r} is not one of the units that must Escape: "
                                    f"{', '.join(u.id for u in units)}")
                if unit.id in seen:
                    raise SoloError(f"{unit.id} is in two stacks: each unit makes one Escape DR (9.6054)")
                seen.add(unit.id)
                members.append(unit)
            movers = [u for u in members if u.kind not in ("sw", "gun")]
            if any(u.kind == "gun" for u in members) and not (movers and movers[0].kind == "vehicle"):
                raise SoloError(f"{word!r}: a non-dm Gun can never Escape unless hooked up to a vehicle (9.6054)")
            if not movers:
                raise SoloError(f"{word!r}: a stack needs a Personnel unit or a Mobile vehicle to carry its Equipment")
            if any(u.kind == "vehicle" for u in movers) and len(movers) > 1:
                raise SoloError(f"{word!r}: a vehicle makes its own Escape DR (Mobile Vehicle column, 9.6054)")
            if not pp.strip().isdigit() and pp:
                raise SoloError(f"{word!r}: write the PP beyond the IPC as pp=N")
            out.append({"units": [u.id for u in members], "pp": int(pp) if pp.strip() else 0})
        for unit in units:
            if unit.id not in seen and unit.kind not in ("sw", "gun"):
                out.append({"units": [unit.id], "pp": 0})
        return out
    return parse


def escape_mods(r: Reph, stack: list[Unit], pp: int = 0) -> tuple[str, dict]:
    """The Escape Table column and DRM for one stack (9.6054)."""
    movers = [u for u in stack if u.kind not in ("sw", "gun")]
    hexes = pairs(fact(r, "escape_hexes", ""), "escape_hexes")
    mods: Mods = {}
    if night(r.c.date):
        mods["night"] = True
    most = max((int(hexes[u.id]) for u in movers if u.id in hexes and hexes[u.id].isdigit()), default=0)
    if most:
        mods["hexes"] = most
    if movers[0].kind == "vehicle":
        v = movers[0]
        mods["ct-afv" if "ct" in v.flags else "vehicle"] = True
        if "captured" in v.flags:
            mods["unarmed"] = 1
        al = armor_leader(r.side(v.side), v)
        if al and leader_drm(al.type):
            mods["leader"] = max(-3, min(0, leader_drm(al.type)))
        return "Mobile Vehicle", mods
    smc = [u for u in movers if u.kind in ("leader", "hero")]
    if len(movers) == 1 and smc and "wounded" not in smc[0].flags:
        mods["lone-smc"] = True
    if smc and len(movers) > len(smc):
        mods["leader"] = max(-3, min(0, min(leader_drm(u.type) for u in smc)))
    hs = sum(HS_EQUIVALENTS.get(u.kind, 0) for u in movers)
    if hs > 1:
        mods["hs"] = hs - 1
    if pp:
        mods["pp"] = pp
    unarmed = fact(r, "unarmed", [])
    marks = sum((u.id in unarmed) + ("wounded" in u.flags) + ("walking-wounded" in u.flags) for u in movers)
    if marks:
        mods["unarmed"] = marks
    if any(u.id in fact(r, "encircled", []) for u in movers):
        mods["encircled"] = True
    return "Infantry", mods


def _escapes(r: Reph, s: SideState, units: list[Unit]) -> None:
    for vehicle in [u for u in units if u.kind == "vehicle" and "immobilized" in u.flags]:
        vehicle.flags.add("abandoned")
        units = [u for u in units if u is not vehicle] + [afv_crew(r, vehicle, vehicle.rg)]
        r.say(f"{s.name} {vehicle.id} {vehicle.type} immobile: Abandoned; its crew must attempt Escape (9.6053)")
    stacks = r.ask("escape", "9.6054 Escape: your Isolated units that cannot trace a path must Escape. Which "
                   f"escape together as one stack? ({', '.join(u.label for u in units)}; unnamed units escape alone, "
                   "unnamed SW/Guns are left behind)", stacks_parser(r, s, units), side=s.name,
                   context={"reph": r, "units": units},
                   example='escape = ["G3+G4+G12", "G7 pp=1"]')
    carried = set()
    for entry in stacks:
        stack = [s.known(i) for i in entry["units"]]  # stacks_parser checked the ids
        carried |= set(entry["units"])
        _escape(r, s, stack, entry["pp"])
    for unit in units:
        if unit.kind in ("sw", "gun") and unit.id not in carried and unit.retained:
            unit.status = "Eliminated"
            unit.flags.add("left-behind")
            r.say(f"{s.name} {unit.id} {unit.type} left unpossessed in its Location: the side Controlling that Setup "
                  "Area Retains it (as Captured) on the map (9.6071-9.6072)")


def _escape(r: Reph, s: SideState, stack: list[Unit], pp: int) -> None:
    column, mods = escape_mods(r, stack, pp)
    movers = [u for u in stack if u.kind not in ("sw", "gun")]
    names = "+".join(u.id for u in stack)
    trace = r.roll("abtf.escape", f"Escape of {names} (9.6054)", column, mods, side=s.name)
    effect = trace.effect
    r.say(f"{s.name} {names} Escape DR {trace.original} Final {trace.final}: {trace.result}")
    if trace.original == 2 and column == "Infantry":
        r.say("Original 2: Heat of Battle (A15) for an eligible unit by Random Selection on the map; a result other "
              "than Hero-Creation or Battle-Hardening Eliminates it (9.6054 note 1)")
    if column == "Mobile Vehicle":
        vehicle = movers[0]
        if effect["escape"] == "abandoned":
            vehicle.flags.add("abandoned")
            r.say(f"{vehicle.id} Abandoned in its hex and VCA; a surviving crew may wreck or Scrounge it (notes 4, 5)")
        elif effect["escape"] == "eliminated":
            lose(r, vehicle, "while Escaping (9.6054)")
        if effect.get("crew") == "escapes":
            crew = afv_crew(r, vehicle, vehicle.rg)
            r.say(f"its crew {crew.id} {crew.type} Escapes into a Friendly Setup Area (9.60541)")
        survivors = [vehicle] if vehicle.retained and "abandoned" not in vehicle.flags else []
    elif effect["escape"] == "eliminated":
        for unit in stack:
            lose(r, unit, "while Escaping (9.6054 >= 12)")
        return
    else:
        if effect.get("replaced") or effect.get("reduced"):
            target = movers[0] if len(movers) == 1 else _random_selection(r, s, movers)
            if effect.get("replaced") and target.kind == "crew":
                lose(r, target, "a crew is Eliminated instead of Replaced (9.6054 note 2)")
            elif effect.get("replaced") and target.kind in MMC and not replace(
                    r, target, "Escape Table (9.6054 note 2: Eliminated if it would be Disrupted)"):
                counted(r, target)
            if effect.get("reduced") and target.retained:
                reduce(r, target, "Escape Table (9.6054)")
                if not target.retained:
                    counted(r, target)
        survivors = [u for u in movers if u.retained]
    _equipment(r, s, [u for u in stack if u.kind in ("sw", "gun")], bool(survivors))


def _random_selection(r: Reph, s: SideState, movers: list[Unit]) -> Unit:
    pick = r.ask("random_selection", "9.6054 note 3: use Random Selection on the map for the stack "
                 f"({', '.join(u.label for u in movers)}): which unit is affected?", lambda raw: _one_of(raw, movers),
                 side=s.name, context={"reph": r, "units": movers}, example='random_selection = "G3"')
    return s.known(pick)  # one of the movers (_one_of)


def _one_of(raw, units: list[Unit]) -> str:
    match = next((u.id for u in units if u.id.lower() == str(raw).strip().lower()), None)
    if match is None:
        raise SoloError(f"{raw!r}: give one of {', '.join(u.id for u in units)}")
    return match


def _equipment(r: Reph, s: SideState, equipment: list[Unit], survived: bool) -> None:
    """9.60541: Equipment goes with a surviving escapee; an Eliminated one's Equipment is Eliminated on a dr 4-6."""
    if not equipment or survived:
        return
    trace = r.roll("abtf.escape_equipment", "Equipment of an Eliminated escapee (9.60541)", side=s.name)
    for unit in equipment:
        if trace.effect.get("eliminated"):
            lose(r, unit, f"its escapee was Eliminated, dr {trace.original} (9.60541)")
        else:
            unit.status = "Eliminated"
            unit.flags.add("left-behind")
            r.say(f"{s.name} {unit.id} {unit.type} left in the Eliminated unit's last Location, dr {trace.original} "
                  "(9.60541)")
