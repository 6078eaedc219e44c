"""The Mission screen: the map, the S?, the ENEMY units, the turn bar, the Random Events log, VP, and the forms of
each action. Every rule lives in the engine (solo.sasl, solo.ai)."""

import re
import shlex
from collections import Counter
from dataclasses import replace
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import DataTable, Footer, Header, Input, Label, RichLog, Static

from solo.board.cache import load_board
from solo.board.render import LEGEND
from solo.board.vasl import saved_folder
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import enemy_ai, mission, mission_of
from solo.sasl.action import Action, Typed
from solo.sasl.actions import Move, arrived
from solo.sasl.engine import NextPhase, Outcome, actions_of, status_json
from solo.sasl.mission_map import board_edge, example_hex, in_set_up_area, map_boards, wrecks
from solo.sasl.session import MissionSession
from solo.sasl.sync import Sync
from solo.sasl.units import oob_counters, oob_groups
from solo.sasl.words import INFANTRY, Kind, SStatus, Status
from solo.tui.screens.save import SaveScreen
from solo.tui.widgets.map_view import KEY, MapView


def _won(ended: dict) -> str:
    """The header's word on a mission that is over: who won and by how much."""
    winner = ended.get("winner")
    if "winner" not in ended:  # a save that ended before solo said who won
        return "MISSION OVER"
    return "DRAW" if winner is None else f"{winner} WINS" + (f" BY {ended['margin']} VP" if ended.get("margin") else "")


FOLLOW = 1.0  # seconds between looks at the linked VASL game's date


def vasl_files(text: str) -> list[Path]:
    """The file names typed in the sync form: a name with spaces alone (VASL's own saves are named "Hill 621 (Scenario
    E).vsav"), two names each ending .vsav, or names in quotes."""
    text = text.strip()
    if not text:
        return []
    if Path(text).expanduser().is_file() or (text.count(".vsav") < 2 and text.endswith(".vsav") and not
                                             text.startswith(("'", '"'))):
        return [Path(text).expanduser()]
    pair = re.fullmatch(r"(.+?\.vsav)\s+(.+\.vsav)", text)
    if pair and not text.startswith(("'", '"')):
        return [Path(w).expanduser() for w in pair.groups()]
    try:
        return [Path(w).expanduser() for w in shlex.split(text)]
    except ValueError:  # an unclosed quote: the name as typed
        return [Path(text).expanduser()]


def _state(u) -> str:
    """A unit's side and state in a few words: "FRIENDLY, broken, DM", "ENEMY Hold, Good Order" (a SW, Gun or
    fortification has no morale: no Good Order for it)."""
    side = f"{u.side} {u.attitude}".strip()
    status = [u.status] if u.kind in (*INFANTRY, Kind.VEHICLE) or u.status != Status.GOOD_ORDER else []
    return ", ".join([side, *status, *u.marks] + ([f"with {u.owner}"] if u.owner else []))


def _or_dash(value) -> str:
    return "-" if value is None else str(value)


FOLDED = ("place", "sync", "decide")  # the keys a narrow footer leaves out


class MissionScreen(SaveScreen):
    # short words, and the keys of what cannot be done now hidden (check_action), so that the footer fits 80 columns;
    # Help first: the footer cuts from the right (issue 38: OtO-S1's footer lost "? Help")
    BINDINGS = [Binding("question_mark", "app.help", "Help"),
                Binding("e", "enter", "Enter"), Binding("m", "move", "Move"), Binding("f", "result", "Result"),
                Binding("c", "confirm", "Confirm"), Binding("n", "next_phase", "Phase"), Binding("t", "turn", "Turn"),
                Binding("a", "activate", "Activate"), Binding("p", "place", "Place S?"),
                Binding("x", "remove", "Remove S?", show=False), Binding("w", "sw", "SW", show=False),
                Binding("r", "report", "Report", show=False), Binding("v", "sync", "VASL sync"),
                Binding("d", "decide", "Enemy AI"), Binding("k", "minefield", "Mines"), Binding("u", "undo", "Undo"),
                Binding("W", "wreck", "Place wreck", show=False),
                Binding("o", "open_stack", "Open stack", show=False),
                Binding("l", "panels", "Side"),  # the side panels instead of the map, in a narrow terminal
                Binding("escape", "back", "Cancel form", show=False)]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # below 110 columns the side panels fold away (l)

    def __init__(self, path: Path, vasl_game: Path | None = None):
        """``vasl_game``: the mission's VASL game, followed from the start (New mission wrote it)."""
        from solo.vasl.savefile import stamp
        super().__init__(path, self._opened)
        self.mode: str | None = None  # the form in use: an action's word (place, activate, enter, enemy ...), sync,
        # answer
        self.cursor_hex: str | None = None  # the hex under the map cursor
        self.activating: str | None = None  # the S? the Activate form is for
        self.tracing: dict[str, list] | None = None  # a move traced on the map: {"units": ids, "path": [start,
        # hexes entered ...]}
        self.vasl_copy: tuple | None = None  # (the VASL game read, the copy to write) while a sync runs
        self.stack_open = False  # the hex panel lists the stack under the cursor one counter a line
        self.history: dict[str, list[str]] = {}  # what was typed in each form, offered again as it is typed
        self.linked = (vasl_game, stamp(vasl_game)) if vasl_game else None  # (the VASL game synced last, its date and
        # size when read): followed while the screen shows

    def check_action(self, action: str, parameters) -> bool | None:
        """The keys of what can be done now only (the footer lists those): the Known minefield and wreck keys in a
        mission that has them (OtO-S1), Confirm while ENEMY moves wait, Activate while an S? is hidden, Enter while the
        OoB has counters off the map, Move while FRIENDLY units stand on it, VASL sync on the boards of a VASL
        folder."""
        m = self.outcome.mission
        if action in ("minefield", "wreck"):
            return action in actions_of(mission(m.id))
        if action == "confirm":
            return bool(m.pending)
        if action in ("enter", "move", "next_phase", "turn") and m.pending:
            return False  # refused while the ENEMY's moves wait for the player (rules version 5 on)
        if action == "activate":
            return any(s.status == SStatus.HIDDEN for s in m.s)
        if action == "enter":
            return bool(+(oob_counters(m) - Counter(m.entered))) or bool(arrived(m) - Counter(m.reinforced))
        if action == "move":
            return any(u.side == "FRIENDLY" and u.on_map for u in m.units)
        if action == "sync":
            return bool(EventLog.open(self.path).meta.get("vasl_boards"))
        if action == "panels":
            return self.has_class("-narrow")
        return True

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="bar")
        with Horizontal(id="panes"):
            yield from self._map()
            with Vertical(id="side"):
                yield Static("", id="oob")
                yield Static("", id="vpo")
                yield DataTable(id="s-list", cursor_type="row", zebra_stripes=True)
                yield DataTable(id="units", zebra_stripes=True)
                yield RichLog(id="log", wrap=True, markup=True, min_width=20)
        with Vertical(id="form"):
            yield Label("", id="form-label")
            with Horizontal(id="answer-row"):
                yield Input(id="form-input")
                yield Input(placeholder="dice you rolled (empty: roll here)", id="dice")
            yield Static("", id="error", classes="error")
        yield Footer(compact=True, show_command_palette=False)  # ^p still opens the palette

    def _map(self):
        m = self.outcome.mission
        boards, why = self._boards()
        if boards:
            graph = self.outcome.map.graph if self.outcome.map is not None else None
            terrain = {n: d["terrain"] for n, d in graph.nodes(data=True)} if graph is not None else None
            yield Vertical(MapView(boards, self._markers(), self._paths(), terrain, self._vpo(), self._line(),
                                   self._counts(), self._edges(), id="mapview"), Static("", id="hexinfo"),
                           Static("\n".join((KEY, *LEGEND)), id="legend"), id="map-pane")
        else:
            yield Static(f"[b]{m.title}[/b]\n\n{mission(m.id).definition['map']}.\n\nsolo cannot read this map "
                         "(no VASL boards folder was set when this mission began): place the S? by the rule and "
                         f"report ranges and control.{escape(why)}", id="map")

    def _boards(self) -> tuple[list | None, str]:
        """The boards of the mission's map from the VASL boards folder it began with, or None and why not."""
        m, meta = self.outcome.mission, EventLog.open(self.path).meta
        if not (m.boards and meta.get("vasl_boards")):
            return None, ""
        try:
            folder = saved_folder(meta["vasl_boards"])
            return map_boards(m.boards, lambda b: load_board(folder, b)), ""
        except SoloError as exc:
            return None, f"\n\n{exc}"

    def _edges(self) -> dict[str, str]:
        """Each edge of the map's picture ("top" ...) by its compass name and role: FBE, EBE, the entry edge (OtO-S1's
        OtO map has West at the top, ``picture_edges``)."""
        m, defn = self.outcome.mission, mission(self.outcome.mission.id).definition
        order = ["north", "east", "south", "west"]
        shift = next(((order.index(true.lower()) - order.index(drawn.lower())) % 4
                      for true, drawn in defn.get("picture_edges", {}).items()), 0)
        roles: dict[str, list[str]] = {}
        for side, role in (("FRIENDLY", "FBE"), ("ENEMY", "EBE")):
            roles.setdefault(board_edge(m, defn, side), []).append(role)
        if m.friendly_oob.get("entry_edge"):
            roles.setdefault(order[(order.index(m.friendly_oob["entry_edge"].lower()) - shift) % 4], []).append("entry")
        screen = {"north": "top", "east": "right", "south": "bottom", "west": "left"}
        return {screen[drawn]: order[(i + shift) % 4].capitalize() + (f" ({', '.join(roles[drawn])})"
                                                                       if drawn in roles else "")
                for i, drawn in enumerate(order)}

    def _counts(self) -> dict[str, int]:
        """The counters in each hex: units of both sides and hidden S? (a stack shows its count)."""
        m = self.outcome.mission
        found = Counter(s.where for s in m.s if s.status == SStatus.HIDDEN)
        found.update(u.hex for u in m.units if u.on_map and u.kind != Kind.WRECK)
        return dict(found)

    def _vpo(self) -> dict[str, str | None]:
        """Each VPO by the map's name, with the side that controls it (None where solo keeps no control)."""
        m, name = self.outcome.mission, self._map_name
        return {name(v["hex"]): m.control.get(name(v["hex"])) for v in (m.boards or {}).get("vpo") or []}

    def _map_name(self, hex_id: str) -> str:
        return (self.outcome.map.name(hex_id) if self.outcome.map is not None else None) or hex_id

    def _line(self) -> set[str]:
        """The hexes of the FRIENDLY set up line (OtO-S1: on or East of A27-I23-I20-R15-DD21), drawn on the map."""
        o = self.outcome
        line = mission(o.mission.id).definition.get("friendly_entry", {}).get("on_or_east_of")
        if not line or o.map is None or o.map.grid is None:
            return set()
        inside = {h for h in o.map.hexes if in_set_up_area(o.map.grid, line, h)}
        return {h for h in inside if any(n not in inside for n in o.map.graph.successors(h))} if o.map.graph else set()

    def _oob(self) -> str:
        """What of the FRIENDLY OoB is still off the map and where it enters, the Random Events' reinforcements, and
        the board edges."""
        m, defn = self.outcome.mission, mission(self.outcome.mission.id).definition
        left = oob_counters(m) - Counter(m.entered)
        rule = defn.get("friendly_entry", {})
        where = (f"enter on the {m.friendly_oob.get('entry_edge', 'North')} edge in a FRIENDLY MPh" if rule.get("edge")
                 else f"set up on or East of {'-'.join(rule['on_or_east_of'])} in Game Turn 1's RPh"
                 if rule.get("on_or_east_of") else defn.get("friendly_oob", {}).get("setup", ""))
        text = ", ".join(f"{t} x{n}" for t, n in sorted(left.items()) if n) or "nothing"
        lines = [f"[b]OoB off the map[/b] {escape(text)} [dim]({escape(where)})[/dim]"]
        for g in m.friendly_oob.get("reinforcements", []):
            units = ", ".join(f"{t} x{n}" for t, n in g.get("units", []))
            lines.append(escape(f"RE Turn {g['turn']}: {g['what']}" + (f" ({units})" if units else "")
                                + (f", to enter {g['entry']} from Turn {g['turn'] + 1}" if g.get("entry") else "")))
        entry = f", entry edge {m.friendly_oob['entry_edge']}" if m.friendly_oob.get("entry_edge") else ""
        lines.append(f"[dim]FBE {board_edge(m, defn, 'FRIENDLY')}, EBE {board_edge(m, defn, 'ENEMY')} (as the map is "
                     f"drawn){escape(entry)}[/dim]")
        return "\n".join(lines)

    def _vpo_text(self) -> str:
        """Every VPO, who controls it, and what stands in it (an S? or units hide it on the map's first letter)."""
        m = self.outcome.mission
        found = []
        for where, holder in self._vpo().items():
            here = [s.id for s in m.s if s.status == SStatus.HIDDEN and self._map_name(s.where) == where]
            here += [u.id for u in m.units if u.on_map and self._map_name(u.hex) == where and u.kind != Kind.SW]
            found.append(f"{where} {holder or '?'}" + (f" ({' '.join(here)})" if here else ""))
        return "[b]VPO[/b] " + escape(" · ".join(found)) if found else "[b]VPO[/b] as the mission's rule gives them"

    def _markers(self) -> dict[str, str]:
        m = self.outcome.mission
        marks = {h: "X" for h in wrecks(m)}  # OtO-S1 MSR 8's wrecks and vehicles made wrecks (D10.1), under the rest
        marks |= {s.where: "?" for s in m.s if s.status == SStatus.HIDDEN}  # a VPO's V stands beside its hex (MapView)
        marks.update({u.hex: u.side[0] for u in m.units if u.on_map and u.side == "ENEMY" and u.kind != Kind.WRECK
                      and "wreck" not in u.marks})
        marks.update({u.hex: u.side[0] for u in m.units if u.on_map and u.side == "FRIENDLY" and u.kind != Kind.WRECK
                      and "wreck" not in u.marks})
        return marks

    def _paths(self) -> set[str]:
        return {h for p in self.outcome.mission.pending for h in p["path"]}

    def on_mount(self) -> None:
        self.set_interval(FOLLOW, self._follow)
        self.query_one("#s-list", DataTable).add_columns("S?", "where", "attitude")
        self.query_one("#units", DataTable).add_columns("unit", "type", "hex", "status")
        self.refresh_view()
        first = next((u.hex for u in self.outcome.mission.units if u.side == "FRIENDLY" and u.on_map), None)
        if first and self.query("#mapview"):  # the map opens on the FRIENDLY units
            self.query_one("#mapview", MapView).place_cursor(first)

    def on_resize(self) -> None:
        self.call_after_refresh(self._footer_keys)

    def _footer_keys(self) -> None:
        """A narrow footer (the breakpoint's class) has no room for p, v and d: they are left out of it, and still work
        (Help and the command palette list them)."""
        narrow = self.has_class("-narrow")
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [replace(b, show=not narrow) if b.action in FOLDED else b
                                                   for b in bindings]
        self.refresh_bindings()

    def refresh_view(self) -> None:
        data = status_json(self.outcome)
        m = self.outcome.mission
        t = m.tables
        vp = data["vp"] or {}
        # what a player needs most comes first, so that a narrow terminal cuts only the details
        state = f"[b red]{escape(_won(m.ended))}[/]" if m.ended else f"Turn {m.turn} · {m.phase}"
        self.query_one("#bar", Static).update(
            f"[b]{m.id.upper()}[/b] {state} · VP F {_or_dash(vp.get('friendly'))} / E {_or_dash(vp.get('enemy'))} · "
            f"ENEMY SAN {t.get('enemy_san')} AC# {t.get('enemy_ac')} RE# {data['re_numbers'].get('ENEMY')} · "
            f"FRIENDLY RE# {data['re_numbers'].get('FRIENDLY')} · {m.title}")
        s_list = self.query_one("#s-list", DataTable)
        s_list.clear()
        for s in m.s:
            if s.status == SStatus.HIDDEN:
                s_list.add_row(s.id, Text(s.where), s.attitude, key=s.id)
        units = self.query_one("#units", DataTable)
        units.clear()
        for p in m.pending:  # the ENEMY's waiting moves first: they are what the player must answer
            units.add_row(Text(p["unit"], style="bold red"), Text(p["action"]), Text(" ".join(p["path"])),
                          Text(f"at {p['target']}" + (f" in {p['at']}" if p.get("at") else "") if p.get("target")
                               else "waits: c"))
        for u in m.units:
            if u.on_map:
                units.add_row(u.id, Text(u.type), Text(u.hex), Text(_state(u)))
        self.query_one("#oob", Static).update(self._oob())
        self.query_one("#vpo", Static).update(self._vpo_text())
        log = self.query_one("#log", RichLog)
        log.clear()
        for e in m.record:  # the whole record: it scrolls (issue 35: an OtO-S2 set-up's first lines were cut)
            log.write(f"[dim]T{e['turn']} {e['rule']}[/dim] {escape(e['text'])}")
        if self.query("#mapview"):
            view = self.query_one("#mapview", MapView)
            view.markers, view.paths, view.vpo = self._markers(), self._paths(), self._vpo()
            view.counts = self._counts()
            view.refresh()
            if self.cursor_hex:
                self._hex_panel(self.cursor_hex)
        self.refresh_bindings()
        waiting = self.outcome.waiting
        if m.ended:
            self._form(None, f"The mission is over after Game Turn {m.ended['turn']}: {m.ended['why']}. "
                             + m.ended.get("says", ""))
        elif waiting and waiting.key != "action":
            self._form("answer", f"{waiting.prompt}  (type e.g. {waiting.typed_example})" if waiting.example
                       else waiting.prompt)
        elif self.mode is None and m.pending:
            what = "First Fire at your move waits" if m.phase == "FRIENDLY MPh" else f"moves of the {m.phase} wait"
            self._form(None, f"The ENEMY's {what} (on dark red on the map, listed under the units): c confirms them, "
                             "all as decided or one as it went")
        elif self.mode is None:
            self._form(None, "Your move: the keys are below; ? lists them all")

    def action_back(self) -> None:
        """Escape: a move being traced on the map is dropped; else the form is closed, as on every save's screen."""
        if self.tracing:
            self.tracing = None
            self.refresh_view()
            return
        self.mode = None
        super().action_back()

    def _form(self, mode: str | None, label: str, placeholder: str = "") -> None:
        self.mode = mode
        self.query_one("#form-label", Label).update(Text(label))  # plain text: the engine's words are never markup
        field = self.query_one("#form-input", Input)
        field.placeholder, field.value = placeholder, ""
        typed = self.history.get(mode or "", [])  # the form's earlier entries, offered again as they are typed
        field.suggester = SuggestFromList(typed, case_sensitive=False) if typed else None
        self.query_one("#answer-row").display = mode is not None
        if mode:
            field.focus()
        else:  # the map when there is one: its cursor chooses the hex of the next action
            (self.query("#mapview") or self.query("#s-list")).first().focus()

    def on_map_view_moved(self, event: MapView.Moved) -> None:
        self.cursor_hex = event.hex_id
        if self.tracing:  # a hex entered, or the last one taken back
            path = self.tracing["path"]
            if len(path) > 1 and path[-2] == event.hex_id:
                path.pop()
            else:
                path.append(event.hex_id)
            self._trace_label()
        self.stack_open = False
        self._hex_panel(event.hex_id)

    def _hex_panel(self, hex_id: str) -> None:
        """The hex under the cursor: its terrain, hexsides (as the compass names them on the picture: N the top), VPO
        and what stands in it; its stack opened (o, or a click on the cursor's hex), one counter a line."""
        m = self.outcome.mission
        here = [(f"{s.id}", "S?", "hidden") for s in m.s if s.where == hex_id and s.status == SStatus.HIDDEN]
        here += [(u.id, u.type, _state(u)) for u in m.units if u.hex == hex_id and u.on_map]
        view = self.query_one("#mapview", MapView)
        board_id, board = next((b, board) for b, board in view.boards
                               if hex_id.startswith(b) and hex_id[len(b):] in board.hexes)
        h = board.hexes[hex_id[len(board_id):]]
        graph = self.outcome.map.graph if self.outcome.map is not None else None
        node = graph.nodes.get(hex_id) if graph is not None else None  # the mission's own terrain (MSR 5)
        terrain, level = (node["terrain"], node["elevation"]) if node else (h.terrain, h.elevation)
        vpo = self._vpo()
        held = (f", VPO ({vpo[hex_id] or 'control not kept'})" if hex_id in vpo else "")
        sides = board.describe(h.name).partition("; ")[2]
        head = f"{hex_id}: {terrain}, level {level}{held}" + (f"; {sides}" if sides else "")
        panel = self.query_one("#hexinfo", Static)
        if self.stack_open and here:
            panel.update(Text("\n".join([f"{head} — a stack of {len(here)} (o closes it):",
                                         *(f"  {i:<5} {t:<12} {state}" for i, t, state in here)])))
        else:
            shown = ", ".join(f"{i} {t}" for i, t, _ in here)
            panel.update(Text(head + (f" — {len(here)}: {shown} (o opens the stack)" if len(here) > 1 else
                                      f" — {shown} ({here[0][2]})" if here else "")))

    def action_open_stack(self) -> None:
        """o: the stack under the map cursor opened on the hex panel, one counter a line (o again closes it)."""
        if not self.cursor_hex or not self.query("#mapview"):
            self.notify("put the map cursor on a hex first")
            return
        self.stack_open = not self.stack_open
        self._hex_panel(self.cursor_hex)

    def on_map_view_opened(self, event: MapView.Opened) -> None:
        self.action_open_stack()

    def action_panels(self) -> None:
        """l: in a narrow terminal, the side panels (OoB, VPO, S?, units, log) instead of the map, and back."""
        self.toggle_class("-panels")

    def action_place(self) -> None:
        self._form("place", f"Place S?: the hexes (e.g. {self._hex('M2')} {self._hex('P9')}) or a count",
                   "hexes or a number")

    def action_activate(self) -> None:
        """The S? under the map cursor (the first of them), else the one highlighted in the S? list."""
        s_list = self.query_one("#s-list", DataTable)
        under = [s.id for s in self.outcome.mission.s if s.where == self.cursor_hex and s.status == SStatus.HIDDEN]
        if not under and not s_list.row_count:
            self.notify("no S? to Activate")
            return
        s_id = under[0] if under else s_list.get_row_at(s_list.cursor_row)[0]
        self.activating = s_id
        self._form("activate", f"Activate {s_id}: range, then any AC drm (vpo stone near-enemy village city level=N "
                               "vehicle)", "e.g. 3 vpo")

    def _at_cursor(self) -> str:
        return f" (Enter alone: {self.cursor_hex}, under the map cursor)" if self.cursor_hex else ""

    def _hex(self, local: str) -> str:
        """An example hex id as this mission's map writes it (solo.sasl.mission_map.example_hex)."""
        return example_hex(self.outcome.mission, mission(self.outcome.mission.id).definition, local)

    def action_enter(self) -> None:
        m = self.outcome.mission
        groups = [g for g in oob_groups(m) if g not in m.groups]
        whole = f"a whole group ({' '.join(groups)}) and the hex of its first stack, or " if groups else ""
        self._form("enter", f"FRIENDLY units from the OoB onto the map: {whole}their types, then the hex if not the "
                            f"cursor's{self._at_cursor()}",
                   f"e.g. {groups[0] + ' ' + self._hex('Q1') + ', or ' if groups else ''}5-2-7 5-2-7 LMG 9-1 "
                   f"{self._hex('Q1')}")

    def action_move(self) -> None:
        """On the map, the FRIENDLY units under the cursor: the arrows trace their path, Enter moves them. Else a form:
        their ids, then the hexes entered."""
        here = [u.id for u in self.outcome.mission.units if u.on_map and u.side == "FRIENDLY"
                and u.hex == self.cursor_hex and u.kind not in (Kind.SW, Kind.HORSE)]
        if here and self.query("#mapview"):
            self.tracing = {"units": here, "path": [self.cursor_hex]}
            self.query_one("#mapview", MapView).focus()
            self._trace_label()
            return
        self._form("move", "Move FRIENDLY units: their ids, then the hexes entered in order (or put the map cursor on "
                           "them first, and trace the path with the arrows)",
                   f"e.g. F1 F2 {self._hex('Q2')} {self._hex('Q3')}")

    def _trace_label(self) -> None:
        t = self.tracing or {"units": [], "path": [""]}  # called while a move is traced
        self.query_one("#form-label", Label).update(Text(
            f"Moving {', '.join(t['units'])} from {t['path'][0]}: the arrows trace the path, Enter moves them, Escape "
            f"cancels. Path: {' '.join(t['path'][1:]) or '(none yet)'}"))
        view = self.query_one("#mapview", MapView)
        view.paths = self._paths() | set(t["path"])
        view.refresh()

    def on_map_view_chosen(self, event: MapView.Chosen) -> None:
        t, self.tracing = self.tracing, None
        if t and len(t["path"]) > 1:
            self.query_one("#error", Static).update("running ...")
            self.play({"action": Move(t["units"], t["path"][1:])}, [])
        elif t:
            self.refresh_view()

    def action_result(self) -> None:
        self._form("result", "What happened to a unit on the table: its id and one of pinned broken DM CX eliminated "
                             "reduced rallied exited immobilized wreck concealed revealed mounted dismounted",
                   "e.g. F3 broken")

    def action_confirm(self) -> None:
        if not self.outcome.mission.pending:
            self.notify("no ENEMY move waits")
            return
        self._form("enemy", "Confirm the ENEMY's moves: Enter alone, all as decided; or one unit as it went on the "
                              "table: its id, where it stopped, what happened there",
                   f"e.g. E4 {self._hex('K6')} broken")

    def action_sw(self) -> None:
        self._form("sw", "A SW changes hands: the SW's id, then the unit that takes it (none: dropped)", "e.g. F3 F2")

    def action_sync(self) -> None:
        self._form("sync", "Follow your VASL game: its saved game (.vsav; one not there yet is written with the "
                           "mission's boards and S?), and a file to write the ENEMY into (a copy: your game is never "
                           "changed)", "e.g. ~/vasl/roads.vsav ~/vasl/roads-enemy.vsav")

    def action_remove(self) -> None:
        self._form("remove", "An S? taken off the map: its id", "e.g. S4")

    def action_turn(self) -> None:
        self._form("turn", "End the Game Turn: report control first if it changed (e.g. vpo_friendly=2 vpo_enemy=1 rr "
                           "road guns=1 all_vpo), or leave empty", "control report (optional)")

    def action_next_phase(self) -> None:
        self.query_one("#error", Static).update("running ...")
        self.play({"action": NextPhase()}, [])

    def action_minefield(self) -> None:
        where = f" (Enter: {self.cursor_hex}, the hex under the map cursor)" if self.cursor_hex else ""
        self._form("minefield", f"A FRIENDLY unit entered a Known minefield: its hex{where}", "e.g. A26")

    def action_wreck(self) -> None:
        where = f" (Enter: {self.cursor_hex}, the hex under the map cursor)" if self.cursor_hex else ""
        self._form("wreck", f"OtO-S1 MSR 8: a wreck counter placed before the FRIENDLY set up: its hex{where}",
                   "e.g. K14")

    def action_report(self) -> None:
        self._form("report", "Report control: vpo_friendly=N vpo_enemy=N rr road guns=N all_vpo (no-rr, no-road ...: "
                             "no longer)", "vpo_friendly=2")

    def action_decide(self) -> None:
        from solo.tui.screens.decisions import DecisionsScreen
        self.app.push_screen(DecisionsScreen(self.path))

    def _opened(self, log: EventLog, frozen: bool = True) -> Outcome:
        """The save replayed once into the screen's MissionSession, kept between actions."""
        self.session = MissionSession(mission_of(log), self.path, enemy_ai, log)
        return self.session.outcome

    @work(thread=True, exclusive=True)
    def play(self, answers: dict, faces: list[int], **options) -> None:
        """The action (or answer) on the session in a worker: no replay of the save unless another command wrote it
        since; every roll and answer saved as it happens, all or nothing."""
        given = dict(answers)
        action = given.pop("action", None)
        waits = self.session.outcome.waiting
        if action is not None and not (waits and waits.key == "action"):  # an answer and the action after it
            given["action"], action = action.to_json(), None
        try:
            with self.session.writing() as log:  # a refused answer keeps nothing, the typed faces neither
                log.type_faces(faces)
                outcome = self.session.act(log, action, given)
        except SoloError as exc:
            self.app.call_from_thread(self.refused, str(exc), answers, faces, options)
            return
        self.app.call_from_thread(self.played, outcome)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id in ("form-input", "dice") and self.mode:
            try:
                action, answers = self._parse(self.query_one("#form-input", Input).value.strip())
                faces = self.typed_faces()
            except SoloError as exc:
                self.query_one("#error", Static).update(str(exc))
                return
            typed = self.query_one("#form-input", Input).value.strip()
            if typed:
                kept = self.history.setdefault(self.mode, [])
                kept[:] = [typed] + [t for t in kept if t != typed]
            self.query_one("#error", Static).update("running ...")
            self.play({**answers, **({"action": action} if action else {})}, faces)

    def _parse(self, text: str) -> tuple[Action | None, dict]:
        """The form's words: an answer, or the action of the form's kind, read by that action."""
        m = self.outcome.mission
        if self.mode == "answer":
            assert self.outcome.waiting is not None  # the answer form shows only while a question waits
            return None, {self.outcome.waiting.key: text}
        if self.mode == "sync":
            return self._sync(text), {}
        assert self.mode is not None  # a form is open
        kind = actions_of(mission(m.id))[self.mode]
        return kind.typed(text, Typed(m, self.cursor_hex, self.activating)), {}

    def _sync(self, text: str) -> Sync:
        """The VASL game read here, its boards checked against the mission's (its counters go into the action); the
        copy to write kept for when it is done."""
        from solo.sasl import vasl as mission_vasl
        from solo.vasl.game import read_game
        from solo.vasl.savefile import stamp
        files = vasl_files(text)
        if not files or len(files) > 2:
            raise SoloError("give your VASL saved game (.vsav), and if you want a copy with the ENEMY's moves, its "
                            "name (a name with spaces: in quotes, or ending .vsav)")
        folder = saved_folder(EventLog.open(self.path).meta.get("vasl_boards"))
        if not files[0].exists():  # no game yet: the mission written as one, to open in VASL
            self._write_set_up(files[0], folder)
        when = stamp(files[0])
        game = read_game(files[0], folder)
        pieces = mission_vasl.sync_pieces(self.outcome.mission, game)
        self.vasl_copy = (game, files[1]) if len(files) == 2 else None
        self.linked = (files[0], when)  # the game is followed from now on: each save of it synced
        return Sync(pieces)

    def _write_set_up(self, out: Path, folder: Path | None) -> None:
        from solo.sasl import vasl as mission_vasl
        from solo.tui.vasl import SETTINGS
        from solo.vasl.definitions import player_module
        defs = mission_vasl.check_set_up(out, player_module(), folder, SETTINGS)
        m = self.outcome.mission
        self.notify(mission_vasl.write_set_up(m, mission(m.id).definition["enemy"], folder, defs, out), timeout=20)

    def _follow(self) -> None:
        """A save of the linked VASL game (VASL's auto-save too) synced as `v` does, when the screen waits for an
        action; one that cannot be read is said in the error line and the next save awaited."""
        if not self.linked or self.mode or any(w.is_running for w in self.workers):
            return
        from solo.vasl.savefile import stamp
        path, then = self.linked
        now = stamp(path)
        waiting = self.outcome.waiting
        if now is None or now == then or self.outcome.mission.ended or (waiting and waiting.key != "action"):
            return
        try:
            action = self._sync(str(path))
        except SoloError as exc:
            self.linked = (path, now)
            self.query_one("#error", Static).update(str(exc))
            return
        self.query_one("#error", Static).update(f"your VASL game was saved: syncing {path.name} ...")
        self.play({"action": action}, [])

    def _synced(self, outcome, copy) -> None:
        from solo.sasl import vasl as mission_vasl
        from solo.vasl.definitions import player_module
        last, m = outcome.last, outcome.mission
        missing = [f"{u.id} {u.type} in {u.hex}" for u in map(m.unit, last["unmatched"])]
        if missing:
            self.notify("Not in your VASL game yet (place them; the next sync matches them): " + "; ".join(missing),
                        timeout=20)
        if last.get("held"):
            self.notify("Held back, against the rules (undo them in VASL): " + "; ".join(
                f"{h['unit'] or h['type']} {h['from'] + '-' if h['from'] else 'in '}{h['to']}: {h['why']}"
                for h in last["held"]), severity="warning", timeout=20)
        if not copy:
            return
        game, out = copy
        try:
            defs = mission_vasl.definitions(player_module(), game)
            done = mission_vasl.write_enemy(m, game, defs, mission(m.id).definition["enemy"])
            game.write(out)
            self.notify(f"wrote {out}: " + ("; ".join(done) or "nothing to change"), timeout=20)
        except (OSError, SoloError) as exc:
            self.notify(f"could not write {out}: {exc}", severity="error")

    def played(self, outcome) -> None:
        last = outcome.last or {}
        where = last.get("to") or next((u["hex"] for u in last.get("units", [])), None)
        if where and self.query("#mapview") and self.mode in ("enter", "move", None):
            self.query_one("#mapview", MapView).place_cursor(where)  # the cursor follows the units just moved
        copy, self.vasl_copy = self.vasl_copy, None
        if outcome.last and "unmatched" in outcome.last:  # a sync: what it held back, what VASL lacks yet
            self._synced(outcome, copy)
        self.mode = None
        super().played(outcome)
