"""A mission and the player's VASL game (issue 37): the mission's boards laid out as VASL lays them, a new VASL game
set up with the mission's S? and Known ENEMY counters, the VASL game's counters as a sync action gives them to the
mission (after checking its boards are the mission's), and the ENEMY written back into a copy of the game.

Hex ids: a mission of geomorphic boards names a hex as VASL does (``42K5``); OtO-S1's OtO map names it without a
board (``M12``), VASL with its board ``OTO`` (``OTOM12``). The shells (cli/, tui/) read and write the files; a
mission save never depends on the VASL file (the sync action holds the counters as plain data)."""

from math import dist
from pathlib import Path

from solo.core.errors import SoloError
from solo.sasl.state import Mission
from solo.sasl.words import Side, SStatus, Status
from solo.vasl.definitions import Definitions, of_pieces
from solo.vasl.game import VaslGame, new_game
from solo.vasl.savefile import check_out, new_save

QMARK = "?"
MARKER = {"pinned": "Pin", "DM": "DM"}  # a unit's marks VASL shows by a marker counter placed on it
OTO = "OTO"


def layout(m: Mission) -> list[tuple[int, int, str, bool]]:
    """The mission's boards as VASL lays them (column, row, board, flipped): OtO-S2's three mapboards north to south
    down one column, all facing north (crossroads.py: the configuration solo reads), OtO-S1's OtO map alone."""
    boards = m.boards or {}
    if boards.get("map") == OTO:
        return [(0, 0, OTO, False)]
    if not boards.get("boards") or not all(boards["boards"]):
        raise SoloError("this mission has no mapboards solo knows (OtO-S2 needs your VASL boards folder when it is "
                        "set up)")
    return [(0, row, board, False) for row, board in enumerate(boards["boards"])]


def vasl_hex(m: Mission, hex_id: str) -> str:
    return f"{OTO}{hex_id}" if (m.boards or {}).get("map") == OTO else hex_id


def mission_hex(m: Mission, hex_id: str | None) -> str:
    """The mission's name of a VASL hex id (a hexside point's two hexes: the first); "" for a piece on no hex."""
    if hex_id is None:
        return ""
    hex_id = hex_id.split("/")[0]
    if (m.boards or {}).get("map") == OTO and hex_id.upper().startswith(OTO):
        return hex_id[len(OTO):]
    return hex_id


def check_boards(m: Mission, game: VaslGame) -> None:
    """The VASL game's boards are the mission's, where the mission lays them; else one line (nothing synced)."""
    want = [(c, r, b) for c, r, b, _ in layout(m)]
    have = [(b.spec.column, b.spec.row, b.label) for b in game.boards]
    if sorted(have) != sorted(want):
        raise SoloError(f"{game.save.path}: its boards are {_boards(have)}, not the mission's {_boards(want)}: "
                        f"open the mission's own VASL game (nothing was synced)")


def _boards(places: list[tuple[int, int, str]]) -> str:
    return ", ".join(f"{b} (column {c}, row {r})" for c, r, b in sorted(places, key=lambda p: (p[0], p[1]))) or "none"


def sync_pieces(m: Mission, game: VaslGame) -> list[dict]:
    """The counters on the game's boards as a sync action takes them, after its boards are checked."""
    check_boards(m, game)
    return [{"id": p.id, "name": p.name, "side": p.side, "hex": mission_hex(m, p.hex), "traits": p.traits}
            for p in game.pieces if p.hex]


def definitions(module: Definitions | None, game: VaslGame | None = None) -> Definitions:
    """The counters solo may make: the player's module's, then those already in the game."""
    found = of_pieces(game.commands(), f"the counters in {game.save.path}") if game else None
    if module is not None:
        return module.plus(found) if found else module
    if found is not None:
        return found
    raise SoloError("no VASL counter definitions: give --vasl-module (your VASL install's vasl.vmod), set "
                    "SOLO_VASL_MODULE, or write vasl_module = \"FILE\" in config.toml")


def set_up(m: Mission, enemy: str, folder: Path | None, defs: Definitions) -> tuple[VaslGame, list[str]]:
    """A new VASL game of the mission: its boards, every S? not yet Activated as an ENEMY "?" counter in its hex,
    every ENEMY unit on the map as its counter; and what could not be placed (no counter definition for it)."""
    game = new_game(layout(m), folder, defs.module_data)
    missing = []
    qmark = defs.find(QMARK, enemy)
    for s in m.s:
        if s.status == SStatus.HIDDEN and _on_map(m, s.where):
            if qmark is None:
                missing.append(f"{s.id} in {s.where}")
                continue
            game.add(qmark.added, vasl_hex(m, s.where))
    for u in m.units:
        if u.side == Side.ENEMY and u.on_map and _on_map(m, u.hex):
            if not _add_unit(game, defs, m, u, enemy):
                missing.append(f"{u.id} {u.type} in {u.hex}")
    return game, missing


def check_set_up(out: Path, defs: Definitions | None, folder: str | Path | None, how: tuple[str, str]) -> Definitions:
    """Before a mission is set up with its new VASL game (`mission new --vasl`, the app's New mission): ``out`` may be
    written (a new file, in a folder that exists), the player's VASL module gives its counters, and the mission's boards
    are read from the player's VASL boards folder; else one line (``how``: where the player names the module, the
    folder), nothing created. A game already there is never written over (the player's own game). The module's
    counters."""
    check_out(new_save("", None, None), out)
    if out.exists():
        raise SoloError(f"{out} is there already: solo writes the mission's VASL game to a new file, never over a game "
                        "(nothing was created)")
    if defs is None:
        raise SoloError(f"{out}: solo needs your VASL module for the counters of a VASL game: {how[0]} (nothing was "
                        "created)")
    if not folder:
        raise SoloError(f"{out}: solo lays out the mission's boards from your VASL boards folder: {how[1]} (nothing "
                        "was created)")
    return defs


def write_set_up(m: Mission, enemy: str, folder: Path | None, defs: Definitions, out: Path) -> str:
    """The mission's new VASL game written to ``out`` (`set_up`); what was written, in a line."""
    game, missing = set_up(m, enemy, folder, defs)
    game.write(out)
    placed = sum(1 for p in game.pieces if p.hex)
    return (f"Wrote {out}: boards {', '.join(b.label for b in game.boards)}, {placed} counter(s) placed"
            + (f"; no counter definition for {'; '.join(missing)}: place them by hand" if missing else ""))


def _on_map(m: Mission, hex_id: str) -> bool:
    """A hex id, not a placement rule's words (an S? placed without its hex names its Location by words)."""
    return bool(hex_id) and " " not in hex_id


def _add_unit(game: VaslGame, defs: Definitions, m: Mission, u, nation: str) -> str | None:
    """A counter for the unit in its hex, with its state shown (broken, a Pin or DM marker); its id, None when no
    definition fits it."""
    found = defs.find(u.type, nation)
    if found is None:
        return None
    piece = game.add(found.added, vasl_hex(m, u.hex))
    _show_state(game, defs, m, u, piece, nation)
    return piece


def _show_state(game: VaslGame, defs: Definitions, m: Mission, u, piece: str, nation: str) -> None:
    shown = set(game.piece(piece).traits)
    if (u.status == Status.BROKEN) != ("broken" in shown):
        game.show(piece, "broken", u.status == Status.BROKEN)
    for mark, name in MARKER.items():
        if mark in u.marks and mark not in shown and (marker := defs.find(name, None) or defs.find(name, nation)):
            game.add(marker.added, vasl_hex(m, u.hex))


def write_enemy(m: Mission, game: VaslGame, defs: Definitions, enemy: str) -> list[str]:
    """The ENEMY as the mission has it, written into the player's game: each ENEMY unit matched to a counter moved to
    its hex and its state shown; each one not yet in the game (an S? Activated) made from the definitions; the ENEMY
    "?" counters kept one to each S? not yet Activated (the nearest moved to it when it moved), the others (Activated
    S?, dummies removed) taken off. What was done, line by line."""
    done = []
    pieces = {p.id: p for p in game.pieces if p.hex}
    for u in m.units:
        if u.side != Side.ENEMY:
            continue
        piece_id = m.vasl.get(u.id)
        if piece_id in pieces and not u.on_map:
            game.remove(piece_id)
            done.append(f"{u.id} {u.type} removed ({u.status})")
        elif piece_id in pieces:
            if mission_hex(m, pieces[piece_id].hex) != u.hex:
                game.move(piece_id, vasl_hex(m, u.hex))
                done.append(f"{u.id} {u.type} to {u.hex}")
            _show_state(game, defs, m, u, piece_id, enemy)
        elif u.on_map and _on_map(m, u.hex):
            made = _add_unit(game, defs, m, u, enemy)
            done.append(f"{u.id} {u.type} placed in {u.hex}" + (f" from {u.source}" if u.source != "set up" else "")
                        if made else f"{u.id} {u.type} in {u.hex}: no counter definition for it; place it by hand")
    done += _qmarks(m, game, defs, enemy)
    return done


def _qmarks(m: Mission, game: VaslGame, defs: Definitions, enemy: str) -> list[str]:
    done = []
    counters = [p for p in game.pieces if p.hex and p.name == QMARK and p.side == enemy]
    hidden = [s for s in m.s if s.status == SStatus.HIDDEN and _on_map(m, s.where)]
    free = {p.id: p for p in counters}
    waiting = []
    for s in hidden:  # a "?" already in the S?'s hex stays
        here = next((p for p in free.values() if mission_hex(m, p.hex) == s.where), None)
        if here:
            del free[here.id]
        else:
            waiting.append(s)
    for s in waiting:
        centre = game.hex_point(vasl_hex(m, s.where))
        near = min(free.values(), key=lambda p: dist((p.x, p.y), centre), default=None)
        if near is not None:
            del free[near.id]
            game.move(near.id, vasl_hex(m, s.where))
            done.append(f"{s.id} (?) to {s.where}")
        elif (qmark := defs.find(QMARK, enemy)) is not None:
            game.add(qmark.added, vasl_hex(m, s.where))
            done.append(f"{s.id} (?) placed in {s.where}")
    for p in free.values():
        game.remove(p.id)
        done.append(f"? in {mission_hex(m, p.hex)} removed (its S? was Activated or revealed a dummy)")
    return done
