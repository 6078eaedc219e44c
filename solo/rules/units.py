"""Unit types as data (tables/units/<nationality>.toml): class, Half-Squad, Battle Hardening and Replacement.

The chains are core ASL (A1.32, A15.3, A19.13), not in the rule texts: the files are a marked stand-in
a player may correct. The RePh uses them for Recombining (7.5111), Battle Hardening (7.5112-7.5113)
and the Escape results "Replaced" and "Casualty Reduced" (7.5063).
"""

import re
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError

KINDS = ("squad", "hs", "crew", "leader", "hero")
CLASSES = ("elite", "first-line", "second-line", "green", "conscript")
SQUAD_EQUIVALENTS = {"squad": 1.0, "hs": 0.5, "crew": 0.5}
_MMC_FORM = re.compile(r"(\d{1,2})-(\d{1,2})-(\d{1,2})")  # FP-range-morale: 4-6-7 (also a hero, 1-4-9)
_LEADER_FORM = re.compile(r"(\d{1,2})([-+][0-3])")  # morale and modifier: 9-1, 6+1, 10-3 (so "4-6" is no leader)


@dataclass(frozen=True)
class UnitType:
    """One counter type of one nationality, as printed ("4-6-7", "9-1")."""

    name: str
    nationality: str  # "German", "Russian"
    kind: str  # squad | hs | crew | leader | hero
    klass: str  # elite | first-line | second-line | green | conscript ("" for SMC)
    morale: int
    modifier: int = 0  # leaders: -1 for a 9-1, +1 for a 6+1
    hs: str = ""  # a squad's half-squad (Casualty Reduction, Deployment)
    squad: str = ""  # the squad two such HS Recombine into (A1.32; 7.5111)
    hardens_to: str = ""  # Battle Hardening (7.5112-7.5113; A15.3); "" if none
    replaced_by: str = ""  # Replacement (A19.13); "" if Disrupted instead (A19.12)
    assault_engineer: bool = False  # H1.22; OtO2 RG note d
    commissar: bool = False  # A25.22: never Replaced (A19.11)
    note: str = ""  # what the data is unsure of, for the player

    @property
    def elite(self) -> bool:
        return self.klass == "elite"

    @property
    def is_mmc(self) -> bool:
        return self.kind in ("squad", "hs", "crew")

    @property
    def is_smc(self) -> bool:
        return self.kind in ("leader", "hero")

    @property
    def squad_equivalents(self) -> float:
        return SQUAD_EQUIVALENTS.get(self.kind, 0.0)


_KEYS = {f.name for f in fields(UnitType)} - {"nationality", "klass"} | {"class"}


def parse_unit(text: str) -> tuple[str, ...]:
    """The numbers of a unit as written: FP, range, morale ("4-6-7") or morale, modifier ("9-1" -> "9", "-1")."""
    written = text.strip()
    match = _MMC_FORM.fullmatch(written) or _LEADER_FORM.fullmatch(written)
    if not match:
        raise SoloError(f"bad unit {text!r}: write a squad as 4-6-7, a leader as 9-1 or 6+1")
    return match.groups()


def nationalities() -> list[str]:
    return sorted(p.stem.capitalize() for p in _folder().glob("*.toml"))


def unit_types(nationality: str) -> tuple[UnitType, ...]:
    """Every unit type of ``nationality`` ("German", "russian"), in file order."""
    return tuple(_types(nationality.lower()).values())


def unit_type(name: str, nationality: str) -> UnitType:
    """The type ``name`` ("4-6-7", "9-1") of ``nationality`` ("German", "russian")."""
    parse_unit(name)
    types = _types(nationality.lower())
    if name.strip() not in types:
        raise SoloError(f"unknown {nationality.capitalize()} unit {name!r}; known: {', '.join(types)}")
    return types[name.strip()]


def casualty_reduced(t: UnitType) -> UnitType | None:
    """Casualty Reduction (A7.302; Escape 7.5063): a squad becomes its HS; None: any other unit has none.

    An MMC without one is Eliminated; a SMC is wounded instead (A17), which a type does not record.
    """
    return unit_type(t.hs, t.nationality) if t.kind == "squad" else None


def replaced(t: UnitType) -> UnitType | None:
    """Replacement (A19.13; Escape "Replaced", 7.5063): the next lower quality type.

    Crews, heroes and Commissars are never Replaced (A19.11): the type itself. None: no lower type, the
    unit is Disrupted instead (A19.12), which the Escape Table's note (1) turns into Eliminated.
    """
    if t.kind in ("crew", "hero") or t.commissar:
        return t
    return unit_type(t.replaced_by, t.nationality) if t.replaced_by else None


def battle_hardened(t: UnitType) -> UnitType | None:
    """Battle Hardening (7.5112 MMC, 7.5113 leaders; A15.3): the next better type; None: it cannot harden."""
    return unit_type(t.hardens_to, t.nationality) if t.hardens_to else None


def _folder() -> Path:
    return content_dir("tables") / "units"


@cache
def _types(nationality: str) -> dict[str, UnitType]:
    path = _folder() / f"{nationality}.toml"
    if not path.is_file():
        raise SoloError(f"no unit types for {nationality!r}; known: {', '.join(nationalities())}")
    data = read_toml_file(path)
    types = [_unit(raw, path) for raw in data.get("unit", [])]
    twice = sorted({t.name for t in types if [u.name for u in types].count(t.name) > 1})
    if twice:
        raise SoloError(f"{path}: unit(s) {', '.join(twice)} given twice; keep one entry each")
    return {t.name: t for t in types}


def _unit(raw: dict, path: Path) -> UnitType:
    where = f"{path}: unit {raw.get('name', '?')}"
    extra = sorted(set(raw) - _KEYS)
    if extra:
        raise SoloError(f"{where}: unknown key(s) {', '.join(extra)}; allowed: {', '.join(sorted(_KEYS))}")
    missing = [k for k in ("name", "kind", "morale") if k not in raw]
    if missing:
        raise SoloError(f"{where}: missing {', '.join(missing)}")
    values = {k: v for k, v in raw.items() if k != "class"}
    t = UnitType(nationality=path.stem.capitalize(), klass=raw.get("class", ""), **values)
    try:
        parse_unit(t.name)
    except SoloError as exc:
        raise SoloError(f"{path}: {exc}") from None
    if t.kind not in KINDS:
        raise SoloError(f"{where}: kind must be one of {', '.join(KINDS)}, not {t.kind!r}")
    if t.klass not in (("",) if t.is_smc else CLASSES):
        raise SoloError(f"{where}: class must be one of {', '.join(CLASSES)} for a MMC, \"\" for a SMC")
    return t
