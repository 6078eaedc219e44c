"""NewCampaign: the dialog that starts a new Campaign Game (which CG, the side you play, the seed)."""

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Label, Select, Static

from solo.campaign.engine import run, start_meta
from solo.core.store import EventLog
from solo.games import CAMPAIGNS, campaign_of
from solo.tui.dialogs.new_save import NewSaveDialog
from solo.tui.saves import new_save_path


def campaign_choices() -> list[tuple[str, str]]:
    """Every Campaign Game and CG of a family, as (label, "cg|variant")."""
    out = []
    for cg, game in CAMPAIGNS.items():
        defn = game.definition
        out += [(f"{defn.title} CG {v}", f"{cg}|{v}") for v in defn.variants] or [(f"{defn.title} ({cg})", f"{cg}|")]
    return out


class NewCampaign(NewSaveDialog):
    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("[b]New campaign[/b] (RB, VotG, ABtF need your table pack)")
            yield Select(campaign_choices(), value="oto2|", allow_blank=False, id="cg")
            yield Select([("you play the Russians", "Russian"), ("you play the Germans", "German"),
                          ("you play the British", "British"), ("computer against computer", "none")],
                         value="Russian", allow_blank=False, id="human")
            yield Input(placeholder="seed (empty: from the clock)", id="seed")
            yield Button("Start", id="go", variant="primary")
            yield Static("", id="error", classes="error")

    def create(self, seed: int) -> Path:
        cg, variant = self.query_one("#cg", Select).value.split("|")
        meta = start_meta(cg, variant or None, self.query_one("#human", Select).value)
        path = new_save_path(cg)
        with EventLog.creating(path, meta | {"seed": seed}) as log:  # whole, or no file at all
            run(campaign_of(log), log)
        return path
