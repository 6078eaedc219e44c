"""Parsers for the answers to RePh questions: a value from the answers file (TOML) or a line typed at the prompt.

Each returns the checked answer as plain JSON data, or raises SoloError with one line saying what to give.
"""

from solo.campaign.state import SideState, Unit
from solo.core.choices import MOST, whole, words
from solo.core.errors import SoloError


def kind_counts(raw, example: str) -> dict[str, int]:
    """Fortifications to buy as kind = count: a TOML table, or a typed line such as ``example`` ("Trench 2, AP Mine
    6"; "none": nothing). Kinds bought zero times are dropped."""
    if isinstance(raw, str):
        text = raw.strip()
        raw = {} if text.lower() in ("", "none") else dict(_kind_count(part, example) for part in text.split(","))
    if not isinstance(raw, dict) or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in raw.values()):
        raise SoloError(f"fortifications: give kind = count in a table, or type them: {example}")
    return {k: n for k, n in raw.items() if n}


def _kind_count(part: str, example: str) -> tuple[str, int]:
    kind, _, count = part.strip().rpartition(" ")
    if not kind or not count.isdigit():
        raise SoloError(f"{part.strip()!r}: type each kind with its count, e.g. {example}")
    return kind, int(count)


def _own(s: SideState, unit_id: str, allowed: list[Unit]) -> Unit:
    unit = s.unit(str(unit_id))
    if unit is None or unit not in allowed:
        raise SoloError(f"{unit_id!r} is not one of {', '.join(u.id for u in allowed) or 'no units'}")
    return unit


def unit_list(s: SideState, allowed: list[Unit], most: int):
    """Up to ``most`` distinct ids among ``allowed``."""
    def parse(raw) -> list[str]:
        ids = [_own(s, w, allowed).id for w in words(raw)]
        if len(set(ids)) != len(ids):
            raise SoloError("a unit is named twice: each may be chosen once")
        if len(ids) > most:
            raise SoloError(f"choose at most {most}, not {len(ids)}")
        return ids
    return parse


def escape_parser(s: SideState, must: list[str], units: list[Unit], rule: str):
    """Ids among ``units`` (Isolated units that may attempt to Escape), each optionally "+SW" for what it carries and
    " pp=N" for the PP it carries beyond its IPC (the Escape DRM +1 per PP > IPC: escape.shared_drm); every id of
    ``must`` (``rule``) among them."""
    isolated = [u for u in s.retained() if u.isolated]

    def parse(raw) -> list[dict]:
        out = []
        for word in words(raw):
            text, _, pp = str(word).partition("pp=")
            unit_id, *carried = text.strip().split("+")
            unit = _own(s, unit_id.strip(), units)
            if "immobilized" in unit.flags:
                raise SoloError(f"{unit.id} is Immobile: it must remain in its Location (7.5071)")
            sws = [_own(s, sw.strip(), [u for u in isolated if u.kind == "sw"]).id for sw in carried]
            excess = whole(pp.strip(), 0, MOST, f"{word!r}: pp (the PP beyond the IPC)") if pp.strip() else 0
            if excess and (not sws or unit.kind == "vehicle"):
                raise SoloError(f"{word!r}: pp=N is the PP an Infantry unit carries beyond its IPC: name what it "
                                f"carries (\"{unit.id}+SW pp={excess}\"; {rule})")
            out.append({"unit": unit.id, "carrying": sws, "pp": excess})
        missing = set(must) - {e["unit"] for e in out}
        if missing:
            raise SoloError(f"{', '.join(sorted(missing))} must attempt to Escape ({rule}: SMC in a type B or C Area)")
        return out
    return parse


def exchangeable(s: SideState, leader_type: str) -> Unit | None:
    """A non-Isolated, unwounded Infantry leader of ``leader_type`` (7.5113 exchange)."""
    return next((u for u in s.retained("leader") if u.type == leader_type and not u.isolated
                 and "wounded" not in u.flags), None)


def leader_choice(s: SideState, rule: str, limit=None):
    """"roll", "exchange 8-0" or "exchange 8-1" (promotion out of the ranks, ``rule``); ``limit(s)`` refuses an exchange
    that would give the side too many leaders (RB 11.6114, VotG 12.6125)."""
    def parse(raw) -> str:
        text = " ".join(str(raw).lower().split())
        if text == "roll":
            return text
        if text not in ("exchange 8-0", "exchange 8-1"):
            raise SoloError(f"{raw!r}: answer roll, exchange 8-0 or exchange 8-1 ({rule})")
        if exchangeable(s, text.split()[-1]) is None:
            raise SoloError(f"no non-Isolated, unwounded {text.split()[-1]} Infantry leader to exchange ({rule})")
        if limit:
            limit(s)
        return text
    return parse
