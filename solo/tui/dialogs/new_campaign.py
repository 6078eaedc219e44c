"""NewCampaign: the dialog that starts a new Campaign Game (which CG, the side you play, its name, the seed)."""

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, Select, Static

from solo.campaign.engine import run, start_meta
from solo.core.sides import people
from solo.core.store import EventLog
from solo.games import CAMPAIGNS, campaign_of
from solo.tui.dialogs.new_save import NewSaveDialog


def side_choices(cg: str) -> list[tuple[str, str]]:
    """The sides of one CG (its definition's own, never another CG's), and computer against computer."""
    sides = CAMPAIGNS[cg].definition.sides
    return [(f"you play the {people(side)}", side) for side in sides] + [("computer against computer", "none")]


def campaign_choices() -> list[tuple[str, str]]:
    """Every Campaign Game and CG of a family, as (label, "cg|variant")."""
    out = []
    for cg, game in CAMPAIGNS.items():
        defn = game.definition
        out += [(f"{defn.title} CG {v}", f"{cg}|{v}") for v in defn.variants] or [(f"{defn.title} ({cg})", f"{cg}|")]
    return out


def campaign_needs(cg: str) -> list[str]:
    """The tables the texts lack that the CG will need, at its start, in a purchase or in a RePh."""
    from solo.rules import default_catalog
    from solo.rules.fill import needed
    return needed(default_catalog(), CAMPAIGNS[cg].definition.raw)


def needs_text(cg: str) -> str:
    wanted = campaign_needs(cg)
    if not wanted:
        return "every table it needs is in the rule texts or your table pack"
    return (f"it needs {len(wanted)} table(s) the texts lack, from your rulebook (Start asks for each in a form): "
            + ", ".join(wanted))


class NewCampaign(NewSaveDialog):
    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("[b]New campaign[/b]")  # the tables it needs listed below
            yield Select(campaign_choices(), value="oto2|", allow_blank=False, id="cg")
            sides = side_choices("oto2")
            yield Select(sides, value=sides[-2][1], allow_blank=False, id="human")
            yield Input(placeholder="save name (empty: the CG and the time)", id="name")
            yield Input(placeholder="seed (empty: from the clock)", id="seed")
            yield Static(needs_text("oto2"), id="needs")
            yield Button("Start", id="go", variant="primary")
            yield Static("", id="error", classes="error")
            yield Label("F2 save name · F3 seed · Enter or ctrl+s start · escape cancel", classes="hint")

    def on_select_changed(self, event: Select.Changed) -> None:
        """A CG's own sides: OtO2 and RB are German and Russian, ABtF German and British (the second side is yours
        by default)."""
        if event.select.id == "cg":
            sides = side_choices(str(event.value).split("|")[0])
            self.query_one("#human", Select).set_options(sides)
            self.query_one("#human", Select).value = sides[-2][1]
            self.query_one("#needs", Static).update(needs_text(self.game()))

    def needs(self) -> list[str]:
        return campaign_needs(self.game())

    def game(self) -> str:
        return str(self.query_one("#cg", Select).value).split("|")[0]  # "cg|variant": the Select has no blank

    def create(self, path: Path, seed: int) -> None:
        variant = str(self.query_one("#cg", Select).value).split("|")[1]
        meta = start_meta(self.game(), variant or None, str(self.query_one("#human", Select).value))
        with EventLog.creating(path, meta | {"seed": seed}) as log:  # whole, or no file at all
            run(campaign_of(log), log)
