"""What a RePh step works with: the campaign, its definition, the dice, the Sides, and the record it writes.

Each step of the sequence (missions/<cg>.toml, [[step]]) names a function registered here with
`@step("name")`; the function's docstring cites its rule.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.util import find_spec

from solo.core.play import Play, Question
from solo.campaign.rg import RGType, rg_chart
from solo.campaign.state import Campaign, SideState
from solo.core.content import content_dir, read_toml_file
from solo.core.errors import SoloError
from solo.rules.resolve import Trace

STEPS: dict[str, Callable] = {}
# The modules of the steps and heuristics every CG may use (OtO2's, the Initiative chits).
STEP_MODULES = tuple(f"solo.campaign.{name}" for name in ("aftermath", "reorganization", "purchase", "setup",
                                                           "initiative")) + ("solo.ai.chits",)


def step(name: str):
    def register(func):
        STEPS[name] = func
        return func
    return register


@dataclass(frozen=True)
class StepDef:
    rule: str
    title: str
    run: str
    marks: str = ""
    initial: bool = False
    skip_if: str = ""  # a campaign flag under which the step is skipped (VotG 12.6253 Counterattack)


@dataclass(frozen=True)
class CampaignDef:
    id: str
    title: str
    dates: tuple[str, ...]
    raw: dict
    steps: tuple[StepDef, ...]

    @property
    def victory(self) -> dict:
        return self.raw["victory"]

    @property
    def limits(self) -> dict:
        return self.raw["limits"]

    @property
    def tables(self) -> dict:
        return self.raw["tables"]

    @property
    def initial(self) -> dict:
        return self.raw["initial"]

    @property
    def vp_victory(self) -> bool:
        """OtO2's CG victory by VP (7.4); the other CGs' conditions are on their CG cards."""
        return "cg_vp" in self.raw.get("victory", {})

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.raw.get("sides", ("German", "Russian")))

    @property
    def variants(self) -> dict:
        """The CGs of a family (RB CG I-IV and RO CG I-III ...) with what the texts give about each."""
        return self.raw.get("variants", {})

    @property
    def initiative(self) -> dict:
        return self.raw.get("initiative", {})


def campaign_ids() -> list[str]:
    return sorted(p.stem for p in content_dir("missions").glob("*.toml") if "step" in read_toml_file(p))


@cache
def load_campaign(cg: str) -> CampaignDef:
    """The Campaign Game file missions/<cg>.toml."""
    path = content_dir("missions") / f"{cg}.toml"
    if not path.is_file():
        known = ", ".join(campaign_ids()) or "none"
        raise SoloError(f"no Campaign Game {cg!r}: choose one of {known}")
    raw = read_toml_file(path)
    for name in STEP_MODULES + (f"solo.campaign.{cg}", f"solo.ai.{cg}"):  # a CG's own are named after it (rb ...)
        if find_spec(name):
            import_module(name)
    steps = []
    for entry in raw.get("step", []):
        sd = StepDef(entry["rule"], entry["title"], entry["run"], entry.get("marks", ""), entry.get("initial", False),
                     entry.get("skip_if", ""))
        if sd.run not in STEPS:
            raise SoloError(f"{path}: step {sd.rule} runs {sd.run!r}, which solo does not know")
        steps.append(sd)
    return CampaignDef(raw["id"], raw["title"], tuple(raw["dates"]), raw, tuple(steps))


class Reph:
    """The context handed to every step."""

    def __init__(self, play: Play, c: Campaign, defn: CampaignDef):
        self.play, self.c, self.defn = play, c, defn
        self.game_end_turn = 0  # the Game Turn of a CG4 Game End dr asked for
        self.charts: dict[str, dict[str, RGType]] = {}

    @property
    def cat(self):
        return self.play.cat

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

    def say(self, text: str, secret: str = "") -> None:
        """Record what the step did; ``secret``: the side whose secret this line tells (hidden from its opponent)."""
        self.c.record.append({"step": self.c.step, "date": self.c.date, "text": text, "secret": secret})

    def historical(self, side: str) -> str:
        """The Historical DRM modifier value for ``side`` on the current CG Date (7.5151)."""
        return f"{self.c.date}:{side}"

    def historical_drm(self, side: str) -> int:
        return self.cat.chart(self.defn.tables["historical"], self.c.date, side)

    def roll(self, table: str, side: str, purpose: str, column: str | None = None, mods: dict | None = None,
             secret: bool = False, drm: int = 0, **extra) -> Trace:
        return self.play.roll(table, side, self.c.step, column, mods, drm, secret, purpose, **extra)

    def ask(self, key: str, side: str, prompt: str, parse: Callable, context: dict | None = None, example: str = "",
            default: str = "none"):
        context = {"campaign": self.c, **(context or {})}
        return self.play.ask(Question(key, self.c.step, side, prompt, parse, context, example, default))


def first_number(text: str) -> int:
    """The leading number of a result such as "23 CPP" or "3 MMC"."""
    return int(str(text).split()[0])
