"""The Mission screen: the map, the S?, the ENEMY units, the turn bar, the Random Events log, VP, and the forms of
each action. Every rule lives in the engine (solo.sasl, solo.ai)."""

import re
import shlex
from collections import Counter
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Input, Label, RichLog, Static

from solo.board.cache import load_board
from solo.board.render import LEGEND
from solo.board.vasl import saved_folder
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import mission, run_mission
from solo.sasl.engine import status_json
from solo.sasl.mission_map import board_edge, in_set_up_area, map_boards
from solo.sasl.units import oob_counters
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


def _is_hex(word: str) -> bool:
    """A hex id as typed ("33Q1", "K12"), not a unit type ("5-2-7", "LMG") or an id ("F3")."""
    w = word.upper()
    return w[-1:].isdigit() and "-" not in w and not (w[:1] in "FES" and w[1:].isdigit()) and any(c.isalpha() for c in w)


def _state(u) -> str:
    """A unit's side and state in a few words: "FRIENDLY, broken, DM", "ENEMY Hold, Good Order" (a SW, Gun or
    fortification has no morale: no Good Order for it)."""
    side = f"{u.side} {u.attitude}".strip()
    status = [u.status] if u.kind in ("squad", "hs", "crew", "leader", "vehicle") or u.status != "Good Order" else []
    return ", ".join([side, *status, *u.marks] + ([f"with {u.owner}"] if u.owner else []))


def _or_dash(value) -> str:
    return "-" if value is None else str(value)


class MissionScreen(SaveScreen):
    BINDINGS = [Binding("e", "enter", "Enter units"), Binding("m", "move", "Move"), Binding("f", "result", "Fire result"),
                Binding("c", "confirm", "Confirm ENEMY"), Binding("n", "next_phase", "Phase"),
                Binding("t", "turn", "End turn"), Binding("a", "activate", "Activate"), Binding("p", "place", "Place S?"),
                Binding("x", "remove", "Remove S?", show=False), Binding("w", "sw", "SW", show=False),
                Binding("r", "report", "Report", show=False), Binding("v", "sync", "VASL sync"),
                Binding("d", "decide", "Enemy AI"), Binding("k", "minefield", "Minefield"), Binding("u", "undo", "Undo"),
                Binding("escape", "back", "Cancel / Home", show=False)]

    def __init__(self, path: Path):
        super().__init__(path, run_mission)
        self.mode = None  # the form in use: place, activate, turn, report, minefield, answer
        self.cursor_hex = None  # the hex under the map cursor
        self.tracing = None  # a move traced on the map: {"units": ids, "path": [start, hexes entered ...]}
        self.vasl_copy = None  # (the VASL game read, the copy to write) while a sync runs
        self.linked = None  # (the VASL game synced last, its date and size when read): followed while the screen shows

    def check_action(self, action: str, parameters) -> bool | None:
        """The Known minefield key only in a mission that has them (OtO-S1)."""
        if action == "minefield":
            return "minefield" in mission(self.outcome.mission.id).actions
        return True

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="bar")
        with Horizontal():
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
        yield Footer()

    def _map(self):
        m, meta = self.outcome.mission, EventLog.open(self.path).meta
        boards, why = None, ""
        if m.boards and meta.get("vasl_boards"):
            try:
                folder = saved_folder(meta["vasl_boards"])
                boards = map_boards(m.boards, lambda b: load_board(folder, b))
            except SoloError as exc:
                why = f"\n\n{exc}"
        if boards:
            graph = self.outcome.map.graph if self.outcome.map is not None else None
            terrain = {n: d["terrain"] for n, d in graph.nodes(data=True)} if graph is not None else None
            yield Vertical(MapView(boards, self._markers(), self._paths(), terrain, self._vpo(), self._line(),
                                   id="mapview"), Static("", id="hexinfo"),
                           Static("\n".join((KEY, *LEGEND)), id="legend"), id="map")
        else:
            yield Static(f"[b]{m.title}[/b]\n\n{mission(m.id).definition['map']}.\n\nsolo cannot read this map "
                         "(no VASL boards folder was set when this mission began): place the S? by the rule and "
                         f"report ranges and control.{escape(why)}", id="map")

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
            here = [s.id for s in m.s if s.status == "hidden" and self._map_name(s.where) == where]
            here += [u.id for u in m.units if u.on_map and self._map_name(u.hex) == where and u.kind != "sw"]
            found.append(f"{where} {holder or '?'}" + (f" ({' '.join(here)})" if here else ""))
        return "[b]VPO[/b] " + escape(" · ".join(found)) if found else "[b]VPO[/b] as the mission's rule gives them"

    def _markers(self) -> dict[str, str]:
        m = self.outcome.mission
        marks = {s.where: "?" for s in m.s if s.status == "hidden"}  # a VPO's V stands beside its hex (MapView)
        marks.update({u.hex: u.side[0] for u in m.units if u.on_map and u.side == "ENEMY"})
        marks.update({u.hex: u.side[0] for u in m.units if u.on_map and u.side == "FRIENDLY" and u.kind != "wreck"})
        return marks

    def _paths(self) -> set[str]:
        return {h for p in self.outcome.mission.pending for h in p["path"]}

    def on_mount(self) -> None:
        self.set_interval(FOLLOW, self._follow)
        self.query_one("#s-list", DataTable).add_columns("S?", "where", "attitude")
        self.query_one("#units", DataTable).add_columns("unit", "type", "hex", "status")
        self.refresh_view()

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
            if s.status == "hidden":
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
            view.refresh()
        waiting = self.outcome.waiting
        if m.ended:
            self._form(None, f"The mission is over after Game Turn {m.ended['turn']}: {m.ended['why']}. "
                             + m.ended.get("says", ""))
        elif waiting and waiting.key != "action":
            self._form("answer", f"{waiting.prompt}  (type e.g. {waiting.typed_example})" if waiting.example else waiting.prompt)
        elif self.mode is None and m.pending:
            what = "First Fire at your move waits" if m.phase == "FRIENDLY MPh" else f"moves of the {m.phase} wait"
            self._form(None, f"The ENEMY's {what} (underlined on the map, listed under the units): c confirms them, "
                             "all as decided or one as it went")
        elif self.mode is None:
            self._form(None, "Your move: the keys are below; ? lists them all")

    def action_back(self) -> None:
        """Escape: a move being traced on the map is dropped; else as on every save's screen."""
        if self.tracing:
            self.tracing = None
            self.refresh_view()
            return
        super().action_back()

    def _form(self, mode: str | None, label: str, placeholder: str = "") -> None:
        self.mode = mode
        self.query_one("#form-label", Label).update(Text(label))  # plain text: the engine's words are never markup
        field = self.query_one("#form-input", Input)
        field.placeholder, field.value = placeholder, ""
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
        m = self.outcome.mission
        here = [f"{s.id} (S?)" for s in m.s if s.where == event.hex_id and s.status == "hidden"]
        here += [f"{u.id} {u.type} ({_state(u)})" for u in m.units if u.hex == event.hex_id and u.on_map]
        view = self.query_one("#mapview", MapView)
        board_id = next(b for b, _ in view.boards if event.hex_id.startswith(b))
        h = dict(view.boards)[board_id].hexes[event.hex_id[len(board_id):]]
        graph = self.outcome.map.graph if self.outcome.map is not None else None
        node = graph.nodes.get(event.hex_id) if graph is not None else None  # the mission's own terrain (MSR 5)
        terrain, level = (node["terrain"], node["elevation"]) if node else (h.terrain, h.elevation)
        vpo = self._vpo()
        held = (f", VPO ({vpo[event.hex_id] or 'control not kept'})" if event.hex_id in vpo else "")
        self.query_one("#hexinfo", Static).update(Text(
            f"{event.hex_id}: {terrain}, level {level}{', road' if h.road else ''}{held}"
            + (f" — {', '.join(here)}" if here else "")))

    def action_place(self) -> None:
        example = "13Q1 12S2" if self.outcome.mission.boards else "M12 P9"  # mapboard hexes, or the mission's own map
        self._form("place", f"Place S?: the hexes (e.g. {example}) or a count", "hexes or a number")

    def action_activate(self) -> None:
        """The S? under the map cursor (the first of them), else the one highlighted in the S? list."""
        s_list = self.query_one("#s-list", DataTable)
        under = [s.id for s in self.outcome.mission.s if s.where == self.cursor_hex and s.status == "hidden"]
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
        """An example hex id as this mission's map writes it: bare on its own map (OtO-S1), board first otherwise."""
        return local if mission(self.outcome.mission.id).definition.get("map_grid") else f"33{local}"

    def action_enter(self) -> None:
        self._form("enter", "FRIENDLY units from the OoB onto the map: their types, then the hex if not the cursor's"
                            f"{self._at_cursor()}", f"e.g. 5-2-7 5-2-7 LMG 9-1 {self._hex('Q1')}")

    def action_move(self) -> None:
        """On the map, the FRIENDLY units under the cursor: the arrows trace their path, Enter moves them. Else a form:
        their ids, then the hexes entered."""
        here = [u.id for u in self.outcome.mission.units if u.on_map and u.side == "FRIENDLY" and u.hex == self.cursor_hex
                and u.kind != "sw"]
        if here and self.query("#mapview"):
            self.tracing = {"units": here, "path": [self.cursor_hex]}
            self.query_one("#mapview", MapView).focus()
            self._trace_label()
            return
        self._form("move", "Move FRIENDLY units: their ids, then the hexes entered in order (or put the map cursor on "
                           "them first, and trace the path with the arrows)",
                   f"e.g. F1 F2 {self._hex('Q2')} {self._hex('Q3')}")

    def _trace_label(self) -> None:
        t = self.tracing
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
            self.play({"action": {"do": "move", "units": t["units"], "path": t["path"][1:]}}, [])
        elif t:
            self.refresh_view()

    def action_result(self) -> None:
        self._form("result", "What happened to a unit on the table: its id and one of pinned broken DM CX eliminated "
                             "reduced rallied exited immobilized wreck concealed revealed", "e.g. F3 broken")

    def action_confirm(self) -> None:
        if not self.outcome.mission.pending:
            self.notify("no ENEMY move waits")
            return
        self._form("confirm", "Confirm the ENEMY's moves: Enter alone, all as decided; or one unit as it went on the "
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
        self.play({"action": {"do": "phase"}}, [])

    def action_minefield(self) -> None:
        where = f" (Enter: {self.cursor_hex}, the hex under the map cursor)" if self.cursor_hex else ""
        self._form("minefield", f"A FRIENDLY unit entered a Known minefield: its hex{where}", "e.g. A26")

    def action_report(self) -> None:
        self._form("report", "Report control: vpo_friendly=N vpo_enemy=N rr road guns=N all_vpo (no-rr, no-road ...: "
                             "no longer)", "vpo_friendly=2")

    def action_decide(self) -> None:
        from solo.tui.screens.decisions import DecisionsScreen
        self.app.push_screen(DecisionsScreen(self.path))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id in ("form-input", "dice") and self.mode:
            try:
                action, answers = self._parse(self.query_one("#form-input", Input).value.strip())
                faces = self.typed_faces()
            except SoloError as exc:
                self.query_one("#error", Static).update(str(exc))
                return
            self.query_one("#error", Static).update("running ...")
            self.play({**answers, **({"action": action} if action else {})}, faces)

    def _parse(self, text: str) -> tuple[dict | None, dict]:
        words = text.split()
        if self.mode == "answer":
            return None, {self.outcome.waiting.key: text}
        if self.mode == "place":
            if len(words) == 1 and words[0].isdigit():
                return {"do": "place", "count": int(words[0]), "hexes": []}, {}
            if not words:
                raise SoloError("give the S? hexes or their number")
            return {"do": "place", "count": 0, "hexes": [w.upper() for w in words]}, {}
        if self.mode == "enter":
            words = [w.strip() for w in text.split(",") if w.strip()] if "," in text else words  # "50mm MTR, LMG"
            hexes = [w for w in words if _is_hex(w)]
            where = hexes[-1].upper() if hexes else self.cursor_hex
            return {"do": "enter", "hex": where, "units": [w for w in words if not _is_hex(w)]}, {}
        if self.mode == "move":
            ids = [w.upper() for w in words if w[:1].upper() == "F" and w[1:].isdigit()]
            path = [w.upper() for w in words if w.upper() not in ids] or ([self.cursor_hex] if self.cursor_hex else [])
            return {"do": "move", "units": ids, "path": path}, {}
        if self.mode == "result":
            return {"do": "result", "unit": words[0].upper() if words else "", "result": " ".join(words[1:])}, {}
        if self.mode == "confirm":
            unit, stop, result = (words + [None, None, None])[:3]
            if stop and not _is_hex(stop):
                stop, result = None, stop
            return {"do": "enemy", "unit": unit and unit.upper(), "stop": stop and stop.upper(), "result": result}, {}
        if self.mode == "sw":
            return {"do": "sw", "sw": words[0].upper() if words else "", "to": words[1].upper() if len(words) > 1 else None}, {}
        if self.mode == "sync":
            return self._sync(text), {}
        if self.mode == "remove":
            return {"do": "remove", "s": words[0].upper() if words else ""}, {}
        if self.mode == "minefield":
            where = words[0].upper() if words else self.cursor_hex
            if not where:
                raise SoloError("give the minefield's hex, e.g. A26")
            return {"do": "minefield", "hex": where}, {}
        if self.mode == "activate":
            if not words or not words[0].isdigit():
                raise SoloError("give the range first, e.g. 3 vpo")
            mods, viewer = {}, "Infantry"
            for w in words[1:]:
                name, _, value = w.partition("=")
                if name == "vehicle":
                    viewer = "Vehicle"
                elif name == "level" and value.lstrip("-").isdigit():
                    mods["level"] = -abs(int(value))
                else:
                    mods[name] = True
            return {"do": "activate", "s": self.activating, "range": int(words[0]), "viewer": viewer, "mods": mods}, {}
        report = {}
        for w in words:  # the engine checks the report; "no-rr" or "rr=no": no longer
            name, _, value = w.partition("=")
            if name.startswith(("no-", "no_")):
                name, value = name[3:], "no"
            report[name] = int(value) if value.isdigit() else {"no": False, "false": False, "yes": True}.get(
                value.lower(), value or True)
        return {"do": self.mode, "report": report}, {}

    def _sync(self, text: str) -> dict:
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
        return {"do": "sync", "pieces": pieces}

    def _write_set_up(self, out: Path, folder: Path | None) -> None:
        from solo.sasl import vasl as mission_vasl
        from solo.vasl.definitions import player_module
        from solo.vasl.savefile import check_out, new_save
        check_out(new_save("", None, None), out)
        defs = player_module()
        if defs is None:
            raise SoloError(f"{out} is not there: to write the mission as a new VASL game, solo needs your VASL module "
                            "for the counters (SOLO_VASL_MODULE, or vasl_module in config.toml)")
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
