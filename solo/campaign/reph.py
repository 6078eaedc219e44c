"""What a RePh step works with: the campaign, its definition, the dice, the Sides, and the record it writes.

Each step of the sequence (missions/<cg>.toml, [[step]]) names a step function of its game, marked
`@step("name")`; the function's docstring cites its rule. A game collects its steps with `steps_of`.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from solo.campaign.rg import RGType, rg_chart
from solo.campaign.state import Campaign, SideState
from solo.campaign.view import view
from solo.core.content import content_dir, read_toml_file
from solo.core.context import StepContext
from solo.core.play import Play

NIGHT = "night-declared"  # the scenario the RePh prepares is a Night scenario, declared before the Initiative
DAY = "day-declared"  # ... or declared a daytime one


def step(name: str):
    """Mark a RePh step function with the name a campaign file's [[step]] runs it by."""
    def mark(func):
        func.step = name
        return func
    return mark


def steps_of(*sources: ModuleType | Callable) -> dict[str, Callable]:
    """The step functions marked in the modules of ``sources`` (a module's own, not those it imports) and the marked
    functions among them (a shared step a game uses), by name; two steps of one name are an error of the game's code."""
    found: dict[str, Callable] = {}
    for source in sources:
        if isinstance(source, ModuleType):
            funcs = [
                f for f in vars(source).values() if callable(f) and getattr(f, "__module__", "") == source.__name__
            ]
        else:
            funcs = [source]
        for func in funcs:
            name = getattr(func, "step", None)
            if isinstance(name, str):
                if name in found:
                    raise ValueError(f"two RePh steps named {name!r}: {found[name].__module__}, {func.__module__}")
                found[name] = func
    return found


@dataclass(frozen=True)
class StepDef:
    rule: str
    title: str
    run: str
    marks: str = ""
    initial: bool = False
    skip_if: str = ""  # a campaign flag under which the step is skipped (VotG 12.6253 Counterattack)
    since: int = 1  # the rules version (solo/core/store.py RULES) from which the step runs: a step a fix added


@dataclass(frozen=True)
class CampaignDef:
    """A Campaign Game file, missions/<cg>.toml: its sequence of steps and the tables of its sections."""

    id: str
    title: str
    dates: tuple[str, ...]
    raw: dict
    steps: tuple[StepDef, ...]
    victory: dict  # OtO2 7.4 (the other CGs' Victory Conditions are on their CG cards)
    limits: dict
    tables: dict  # the table ids the steps roll on, by role
    initial: dict  # OtO2's printed Initial OB (7.4); the other CGs start from their pack's cg_start
    sides: tuple[str, ...]
    variants: dict  # the CGs of a family (RB CG I-IV and RO CG I-III ...) with what the texts give about each
    initiative: dict  # RB 11.623, VotG 12.625, ABtF 9.6213

    @property
    def vp_victory(self) -> bool:
        """OtO2's CG victory by VP (7.4); the other CGs' conditions are on their CG cards."""
        return "cg_vp" in self.victory


@cache
def load_campaign(cg: str) -> CampaignDef:
    """The Campaign Game file missions/<cg>.toml (``cg`` a registered game's id: solo.games)."""
    raw = read_toml_file(content_dir("missions") / f"{cg}.toml", "Campaign Game file")
    steps = tuple(StepDef(entry["rule"], entry["title"], entry["run"], entry.get("marks", ""),
                          entry.get("initial", False),
                          entry.get("skip_if", ""), entry.get("since", 1)) for entry in raw.get("step", []))
    return CampaignDef(raw["id"], raw["title"], tuple(raw["dates"]), raw, steps, raw.get("victory", {}),
                       raw.get("limits", {}), raw.get("tables", {}), raw.get("initial", {}),
                       tuple(raw.get("sides", ("German", "Russian"))), raw.get("variants", {}),
                       raw.get("initiative", {}))


class Reph(StepContext):
    """The context handed to every RePh step: the campaign, its definition and game, and its record."""

    def __init__(self, play: Play, c: Campaign, defn: CampaignDef, game):
        super().__init__(play, c.record)
        self.c, self.defn = c, defn
        self.game = game  # the CampaignGame (solo/campaign/game.py) whose steps run
        self.game_end_turn = 0  # the Game Turn of a CG4 Game End dr asked for
        self.rules = 1  # the rules version the save is played by (solo/core/store.py RULES)
        self.charts: dict[str, dict[str, RGType]] = {}

    @property
    def where(self) -> str:
        return self.c.step

    def entry(self, text: str, rule: str, secret: str) -> dict:
        return {"step": rule or self.c.step, "date": self.c.date, "text": text, "secret": secret}

    def context(self) -> dict:
        return {"campaign": self.c, "record": self._record_lines}

    def _record_lines(self) -> list[str]:
        return [f"{e['date']} {e['step']} {e['text']}" for e in view(self.c).campaign.record]

    def side(self, name: str) -> SideState:
        return self.c.sides[name]

    def computer(self, name: str) -> bool:
        return not self.play.sides[name].human

    def chart(self, side: str) -> dict[str, RGType]:
        """``side``'s RG chart; one line naming the table pack to add when the texts lack it (RB 11.619 ...)."""
        if side not in self.charts:
            self.charts[side] = rg_chart(self.cat, self.defn.tables["rg_chart"][side], side, self.c.variant)
        return self.charts[side]

    def rg(self, side: str, rg_id: str) -> RGType:
        return self.chart(side)[rg_id]

    def historical(self, side: str) -> str:
        """The Historical DRM modifier value for ``side`` on the current CG Date (7.5151)."""
        return f"{self.historical_row()}:{side}"

    def historical_drm(self, side: str) -> int:
        return self.cat.chart(self.defn.tables["historical"], self.historical_row(), side)

    def historical_row(self) -> str:
        """The Historical DRM chart's row of the current CG Date; VotG 12.6182 *: "On 14 Sept the Russian has two
        Historical DRM, the 0 DRM applies to any daytime scenario(s) played and the -2 DRM applies to a Night scenario"
        (its row "14 Sept Night") when the scenario this RePh prepares is declared a Night one in advance (NIGHT, the
        14 Sept Counterattack, 12.613; issue 20.20: saves of rules 3 on)."""
        night = self.night_row() if self.rules >= 3 and NIGHT in self.c.flags else None
        return night or self.c.date

    def night_row(self) -> str | None:
        """The Historical DRM chart's row for a Night scenario of the current CG Date, if it has one (VotG 12.6182 *:
        "14 Sept Night")."""
        night = f"{self.c.date} Night"
        return night if night in {row.key for row in self.cat.get(self.defn.tables["historical"]).rows} else None
