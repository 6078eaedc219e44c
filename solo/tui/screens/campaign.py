"""The Campaign screen, the RePh: its steps, the question for you as a form, the computer side's decisions with
their reasons (secret rolls hidden), the CG Roster, the RG Purchase Record and CPP / ELR / VP over the CG Dates.
Every rule lives in the engine (solo.campaign)."""

import re
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import (
    DataTable,
    Footer,
    Header,
    Input,
    OptionList,
    RichLog,
    Select,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option

from solo.campaign.engine import run
from solo.campaign.facts import ID_LISTS, KINDS, fact_keys
from solo.campaign.reph import load_campaign
from solo.campaign.report import (
    PURCHASE_COLUMNS,
    ROSTER_COLUMNS,
    export,
    purchase_picks,
    purchase_rows,
    roster_rows,
    status_json,
    steps,
)
from solo.campaign.session import CampaignSession
from solo.campaign.state import Unit
from solo.campaign.view import View, view
from solo.core.errors import SoloError
from solo.core.sides import people
from solo.games import campaign_of
from solo.tui.screens.save import SaveScreen

TYPING = re.compile(r"[A-Za-z][A-Za-z0-9]*$")  # the id being typed at the end of the answer ("eliminated = [\"G")


def add_id(answer: str, key: str, unit_id: str) -> str:
    """The facts answer with ``unit_id`` added to its ``key`` list (the id being typed at its end replaced)."""
    typing = TYPING.search(answer)
    if typing and unit_id.startswith(typing[0]) and typing[0] != key:
        answer = answer[:typing.start()].removesuffix('"').rstrip(" ,")
    if re.search(rf"\b{key}\s*=\s*\[[^\]]*$", answer):  # a list begun and left open
        answer = answer.rstrip(" ,") + "]"
    found = re.search(rf"\b{key}\s*=\s*\[([^\]]*)\]", answer)
    if found:
        if f'"{unit_id}"' in found[1]:
            return answer
        inside = f"{found[1].rstrip()}, \"{unit_id}\"" if found[1].strip() else f'"{unit_id}"'
        return answer[:found.start(1)] + inside + answer[found.end(1):]
    answer = re.sub(rf",?\s*\b{key}\s*=?\s*$", "", answer)  # the key typed alone
    return f"{answer.rstrip(', ')}, {key} = [\"{unit_id}\"]" if answer.strip() else f'{key} = ["{unit_id}"]'


def add_to_list(answer: str, unit_id: str) -> str:
    """An answer that is a list of unit ids (``["G5", "G7"]``) with ``unit_id`` added (the id being typed replaced)."""
    typing = TYPING.search(answer)
    if typing and unit_id.startswith(typing[0]):
        answer = answer[:typing.start()].removesuffix('"').rstrip(" ,")
    inside = answer.strip().removeprefix("[").removesuffix("]").strip().rstrip(",")
    if inside.lower() in ("none", '"none"'):
        inside = ""
    if f'"{unit_id}"' in inside:
        return f"[{inside}]"
    return f'[{inside}, "{unit_id}"]' if inside else f'["{unit_id}"]'


UNIT_LIST = re.compile(r'\[\s*"[A-Z]+\d+')  # an example that is a list of unit ids: battle_harden = ["G5", "G7"]


class CompletesIds(Suggester):
    """An id being typed at the end of the answer, completed: a unit of the facts ("G" -> "G3"), a RG of a purchase
    ("A" -> "A3")."""

    def __init__(self, screen: "CampaignScreen"):
        super().__init__(use_cache=False, case_sensitive=True)
        self.screen = screen

    async def get_suggestion(self, value: str) -> str | None:
        typing = TYPING.search(value)
        if typing is None:
            return None
        ids = self.screen.completions()
        found = next((i for i in ids if i.startswith(typing[0]) and i != typing[0]), None)
        return value[:typing.start()] + found if found else None


class CampaignScreen(SaveScreen):
    BINDINGS = [Binding("ctrl+n", "next", "Next step"), Binding("ctrl+z", "undo", "Undo answer"),
                Binding("ctrl+g", "game_end", "Game End dr"), Binding("ctrl+o", "export", "Export"),
                Binding("ctrl+f", "to_the_end", "Play to the end"),
                Binding("escape", "back", "Cancel form", show=False), Binding("ctrl+b", "app.home", "Home"),
                Binding("f2", "panel('answer')", "Answer"), Binding("f3", "panel('picks')", "Pick-list"),
                Binding("f4", "panel('tab-record')", "Log"), Binding("f5", "panel('tab-roster')", "Roster"),
                Binding("f6", "panel('tab-purchases')", "Purchases"), Binding("f7", "panel('tab-chart')", "Chart")]

    PANELS = {"tab-record": "#decisions", "tab-roster": "#roster", "tab-purchases": "#purchases", "tab-chart": "#chart"}

    def __init__(self, path: Path):
        self.session = CampaignSession(path, campaign_of)  # kept between the player's actions
        self.game = self.session.game
        super().__init__(path, lambda log, *args, **options: run(self.game, log, *args, **options),
                         self.session.outcome)

    def act(self, answers: dict, faces: list[int], **options):
        return self.session.answer(answers, faces, **options)

    def take_back(self):
        return self.session.undo()[1]

    def check_action(self, action: str, parameters) -> bool | None:
        """The Game End dr only where the CG has one (OtO2 CG4), and only while a CG scenario is played; Play to the
        end only in a campaign of computer against computer."""
        if action == "game_end":
            return self.game.during is not None and self.outcome.campaign.stage == "scenario"
        if action == "to_the_end":  # a simulation: computer against computer, the scenarios from the stand-in model
            return self.outcome.campaign.human == "none" and self.outcome.campaign.stage != "ended"
        return True

    def action_to_the_end(self) -> None:
        self.query_one("#error", Static).update("playing the whole campaign, computer against computer ...")
        self.play({}, [], stop_at_scenario=False)

    def action_export(self) -> None:
        """The CG Roster, RG Purchase Record and Force Organizer as Markdown and CSV beside the saves (the computer's
        secrets left out until the CG End, as on screen)."""
        folder = self.path.parent.parent / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        for fmt in ("md", "csv"):
            (folder / f"{self.path.stem}.{fmt}").write_text(export(self.outcome.campaign, fmt), encoding="utf-8")
        self.notify(f"exported to {folder / self.path.stem}.md and .csv")

    def action_game_end(self) -> None:
        """OtO2 CG4: the German's Game End dr at the end of Game Turn 6 and of each Game Turn after it."""
        last = self.outcome.campaign.game_end
        turn = last["turn"] + 1 if last else 6
        self.query_one("#error", Static).update(f"Game End dr at the end of Game Turn {turn} ...")
        try:
            faces = self.typed_faces()
        except SoloError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.play({}, faces, game_end_turn=turn)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="bar")
        with Horizontal():
            yield Static("", id="steps")
            with Vertical():
                with VerticalScroll(id="question"):
                    yield Static("", id="prompt")
                with Horizontal(id="facts-row"):  # the scenario's counts, a field each (the rest in the answer field)
                    for key in self.game.definition.raw["facts"].get("counts", []):
                        yield Input(id=f"fact-{key}", placeholder=key.replace("_", " "), type="integer")
                with Horizontal(id="facts-pick"):  # which list of unit ids the pick-list adds to
                    yield Static("units below (Enter) go into:", id="facts-pick-label")
                    yield Select([(key.replace("_", " "), key) for key in self.id_lists()], value="eliminated",
                                 allow_blank=False, id="fact-list")
                with Horizontal(id="answer-row"):
                    yield Input(id="answer", placeholder="your answer (Enter)")
                    yield Input(id="dice", placeholder="dice you rolled (empty: roll here)")
                yield Static("", id="error", classes="error")
                yield OptionList(id="picks")
                with TabbedContent():
                    with TabPane("Record", id="tab-record"):
                        yield RichLog(id="decisions", wrap=True, markup=True, min_width=20)
                    with TabPane("CG Roster", id="tab-roster"):
                        yield DataTable(id="roster", zebra_stripes=True)
                    with TabPane("RG Purchase Record", id="tab-purchases"):
                        yield DataTable(id="purchases", zebra_stripes=True)
                    with TabPane("Chart", id="tab-chart"):
                        yield Static("", id="chart")
        yield Footer()

    def id_lists(self) -> list[str]:
        """The facts that are lists of unit ids: the common ones and the CG's own."""
        extra = self.game.definition.raw["facts"].get("extra", {})
        return [*ID_LISTS, *(key for key, kind in extra.items() if kind == "ids")]

    def fact_units(self) -> list:
        """The units the question may name, as you may see them (the computer's secret ones left out): for the facts
        the chosen list's kinds of both sides, Retained first; for a question answered by a list of your unit ids
        (Battle Hardening, Escape, Abandon ...) the ones it offers, else your Retained units."""
        q = self.outcome.waiting
        if q is None:
            return []
        if q.key != "facts":
            if q.side != self.outcome.campaign.human or not UNIT_LIST.match(q.typed_example):
                return []
            offered = next((v for v in (q.context or {}).values() if isinstance(v, list) and v
                            and all(isinstance(u, Unit) for u in v)), None)
            return offered or self.outcome.campaign.sides[q.side].retained()
        key = str(self.query_one("#fact-list", Select).value)
        units = [u for s in view(self.outcome.campaign).campaign.sides.values() for u in s.units
                 if key not in KINDS or u.kind in KINDS[key]]
        return sorted(units, key=lambda u: (not u.retained, u.side, len(u.id), u.id))  # G2 before G10

    def completions(self) -> list[str]:
        """The ids the answer may be completed with: the facts' units, or the RGs of your purchase's chart."""
        q = self.outcome.waiting
        if q is not None and q.key == "purchase" and q.side == self.outcome.campaign.human:
            return list(q.context["reph"].chart(q.side))
        return [u.id for u in self.fact_units()]

    def _rg_typing(self, typed: str) -> tuple[str, str]:
        """A purchase answer split into what is whole and the RG ID being typed at its end ("I1, A" -> "I1", "A")."""
        typing = TYPING.search(typed)
        ids = self.completions()
        if typing and typing[0] not in ids and any(i.startswith(typing[0]) for i in ids):
            return typed[:typing.start()].rstrip(", "), typing[0]
        return typed, ""

    def on_mount(self) -> None:
        self.query_one("#answer", Input).suggester = CompletesIds(self)
        self.query_one("#roster", DataTable).add_columns(*ROSTER_COLUMNS)
        self.query_one("#purchases", DataTable).add_columns(*PURCHASE_COLUMNS)
        self.refresh_view()

    def refresh_view(self) -> None:
        c, q = self.outcome.campaign, self.outcome.waiting
        data = status_json(self.outcome)
        seen = view(c)  # what you may see: the computer's secrets left out until the CG End (issue 21)
        me = c.sides.get(c.human)
        cpp = f"  your CPP {me.cpp}, ELR {me.elr}, SAN {me.san}" if me else ""
        vp = f"  Russian VP {data['vp']['russian']}" if load_campaign(c.cg).vp_victory else ""
        result = ""
        if c.result:
            result = (
                f"  [b]{people(c.result['winner'])} win[/b]" + (f" ({c.result['vp']} VP)" if "vp" in c.result else "")
                if c.result.get("winner")
                else "  [b]CG over: apply the CG card's Victory Conditions[/b]"
            )
        self.query_one("#bar", Static).update(
            f"[b]{escape(load_campaign(c.cg).title)}{f' CG {c.variant}' if c.variant else ''}[/b]  {c.date} · "
            f"{'CG ended' if c.stage == 'ended' else c.stage}" + (f" · step {c.step}" if c.step else "")
            + f" · you play {c.human}{cpp}{vp}{result}")
        marks = {"done": "[green]✓[/]", "current": "[b yellow]▶[/]", "next": " "}
        listed = steps(c)  # a line each, cut with an ellipsis at the panel's width; the current step in view
        panel = self.query_one("#steps", Static)
        panel.update(
            "[b]RePh[/b]\n" + "\n".join(f"{marks[s['state']]}{s['rule']} {escape(s['title'])}" for s in listed)
        )
        current = next((i for i, s in enumerate(listed) if s["state"] == "current"), 0)
        panel.scroll_to(y=max(0, current - 3), animate=False)
        # plain Text: the engine's words (answers-file examples such as ["I2 reserve dummies=5"]) are never markup
        prompt = Text(q.prompt if q else "The campaign is over." if c.stage == "ended" else
                      "Press ctrl+n to run the next step.")
        if c.stage == "scenario" and c.game_end:
            g = c.game_end
            prompt.append(
                f"\nCG4: Game End dr at the end of Game Turn {g['turn']}: {g['dr']} against the circled "
                f"{g['circled']} (a stand-in): " + ("the scenario ends now" if g["ends"] else "play continues"),
                style="bold",
            )
        if q and q.key == "facts":
            prompt.append(f"\ntype e.g. {q.typed_example} (or none)\nkeys: {fact_keys(c.cg)}", style="dim")
        elif q and q.example:
            prompt.append(f"\ntype e.g. {q.typed_example}", style="dim")
        self.query_one("#prompt", Static).update(prompt)
        log = self.query_one("#decisions", RichLog)
        log.clear()
        for e in seen.campaign.record[-80:]:
            log.write(f"[dim]{e['date']} {e['step']}[/dim] {escape(e['text'])}")
        roster = self.query_one("#roster", DataTable)
        roster.clear()
        roster.add_rows([[Text(str(v)) for v in row] for row in roster_rows(seen)])
        purchases = self.query_one("#purchases", DataTable)
        purchases.clear()
        purchases.add_rows([[Text(str(v)) for v in row] for row in purchase_rows(seen)])
        self.query_one("#chart", Static).update(self._chart(seen))
        self._picks()
        facts = q is not None and q.key == "facts"
        self.query_one("#facts-row").display = facts
        self.query_one("#facts-pick").display = facts
        if facts:
            self.query_one("#facts-row Input").focus()
            self.query_one("#answer",
                           Input).placeholder = "anything else that happened (e.g. eliminated = [\"G3\"]), Enter"
        else:
            self.query_one("#answer", Input).placeholder = "your answer (Enter)"
            self.query_one("#answer", Input).focus()
        self.refresh_bindings()  # the Game End dr only while a scenario is played

    def _picks(self) -> None:
        """A purchase offers the RGs it can still take, the facts the units of both sides you may see (Enter adds the
        highlighted one to the answer)."""
        q, picks = self.outcome.waiting, self.query_one("#picks", OptionList)
        if q is not None and (q.key == "facts" or self.fact_units()):
            self._unit_picks(picks)
            return
        shown = q is not None and q.key == "purchase" and q.side == self.outcome.campaign.human
        picks.display = shown
        if shown:
            (typed, prefix), at = self._rg_typing(self.query_one("#answer", Input).value), picks.highlighted
            found = [(rg, label) for rg, label in purchase_picks(q, typed) if rg.startswith(prefix)]
            picks.clear_options()
            picks.add_options([Option(Text(label), id=rg_id) for rg_id, label in found]
                              or [Option(Text(self._nothing_fits(q, typed)), disabled=True)])
            if found:
                picks.highlighted = min(at or 0, len(found) - 1)
            picks.border_title = "add an RG (Enter); options such as prereg=1 are typed after its ID"

    def _nothing_fits(self, q, typed: str) -> str:
        """Why the purchase list is empty, in the check's own words: what is typed so far is refused, or what stops
        each RG (the CPP left, a maximum, the date)."""
        try:
            q.parse_typed(typed if typed.strip() else "none")
        except SoloError as exc:
            return f"your answer so far is refused: {exc}"
        reasons = []
        for rg_id in q.context["reph"].chart(q.side):
            try:
                q.parse_typed(f"{typed}, {rg_id}" if typed.strip() else rg_id)
            except SoloError as exc:
                reason = re.sub(rf"\b{re.escape(rg_id)}\b", "an RG", str(exc))
                if reason not in reasons:
                    reasons.append(reason)
        return "no RG more can be taken: " + "; ".join(reasons[:3]) if reasons else "the RG chart offers none today"

    def _unit_picks(self, picks: OptionList) -> None:
        """The facts' units, by id with their type, side and where they are (Retained, Isolated, its RG line);
        narrowed to the id being typed."""
        typing = TYPING.search(self.query_one("#answer", Input).value)
        units = [u for u in self.fact_units() if not typing or u.id.startswith(typing[0])] or self.fact_units()
        picks.display = True
        picks.clear_options()
        picks.add_options([Option(Text(f"{u.id:<6} {u.description:<28} {u.side:<8} {self._where(u)}"), id=u.id)
                           for u in units] or [Option("no unit of that kind", disabled=True)])
        if units:
            picks.highlighted = 0
        into = self.query_one("#fact-list", Select).value if self.outcome.waiting.key == "facts" else "the answer"
        picks.border_title = f"add to {into} (Enter); type an id to narrow it"

    def _where(self, u) -> str:
        side = self.outcome.campaign.sides[u.side]
        line = next((p for p in side.purchases or [] if p.line == u.rg), None) if u.rg else None
        return u.status + (f", Isolated {u.isolated}" if u.isolated else "") + \
            (f", RG {line.rg} line {line.line}" if line else "")

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "answer":
            self._picks()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "fact-list":
            self._picks()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        answer, q, picked = self.query_one("#answer", Input), self.outcome.waiting, str(event.option.id)
        if q is not None and q.key == "facts":
            answer.value = add_id(answer.value, str(self.query_one("#fact-list", Select).value), picked)
            return
        if q is not None and q.key != "purchase":
            answer.value = add_to_list(answer.value, picked)
            return
        typed = self._rg_typing(answer.value)[0]
        answer.value = f"{typed.rstrip(', ')}, {picked}" if typed.strip() else picked

    def _chart(self, seen: View) -> str:
        """CPP (Total), ELR and the Russian VP over the CG Dates, as bars ("?" for a CPP hidden from you)."""
        c, lines = seen.campaign, []
        for d in c.dates:
            parts = []
            for name, s in c.sides.items():
                line = s.roster.get(d)
                if line:
                    hidden = line.total is None
                    parts.append(f"{name[:3]} CPP {'?' if hidden else line.total:>3} "
                                 f"{'' if hidden else '#' * (line.total // 4)} ELR {line.elr}")
            vp = next((r.vp for r in c.scenarios if r.date == d), None) if load_campaign(c.cg).vp_victory else None
            if parts:
                lines.append(
                    f"{d}  " + "  |  ".join(parts) + (f"  |  VP {vp} {'*' * max(vp, 0)}" if vp is not None else "")
                )
        return "\n".join(lines) or "no CG Date yet"

    def on_input_submitted(self, event: Input.Submitted) -> None:
        q = self.outcome.waiting
        if q is None:
            self.action_next()
            return
        raw = self.query_one("#answer", Input).value
        if q.key == "facts":  # the count fields, then whatever else was typed (eliminated = ["G3"] ...)
            counts = [
                f"{str(field.id)[5:]} = {field.value}" for field in self.query("#facts-row Input").results(Input)
                if field.value.strip()
            ]
            raw = ", ".join(counts + ([raw] if raw.strip() and raw.strip().lower() != "none" else []))
        try:
            value = raw if raw.strip() else q.default
            q.parse_typed(value)
            faces = self.typed_faces()
        except SoloError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.query_one("#error", Static).update("running ...")
        self.play({q.key: value}, faces)

    def action_panel(self, name: str) -> None:
        """One key a panel: the answer field, the pick-list, and each tab (the Record log, the CG Roster, the RG
        Purchase Record, the chart) opened and focused."""
        if name in self.PANELS:
            self.query_one(TabbedContent).active = name
            self.query_one(self.PANELS[name]).focus()
        elif self.query_one(f"#{name}").display:
            self.query_one(f"#{name}").focus()

    def action_next(self) -> None:
        self.play({}, [])
