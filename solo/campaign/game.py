"""A Campaign Game as the engine runs it: what its package under solo/games/ hands the engine.

The engine names no game: it runs the [[step]] list of missions/<id>.toml with the step functions the game
gives, asks the game's computer for the decisions of the side it plays, and calls the game's hooks at the CG
End and for the rolls made during a scenario.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from solo.campaign.reph import CampaignDef, Reph, load_campaign
from solo.core.errors import SoloError
from solo.core.play import Question, Reply


@dataclass(frozen=True)
class DuringScenario:
    """A roll the player asks for while a CG scenario is played (OtO2 CG4: the Game End dr)."""

    what: str  # the roll's event name in the log (its table id)
    roll: Callable[[Reph, int], None]  # roll(r, game_turn)
    first: int = 6  # the Game Turn of the first roll; one follows at the end of each later Game Turn (CG4)


@dataclass(frozen=True)
class CampaignGame:
    id: str  # its campaign file, missions/<id>.toml
    steps: Mapping[str, Callable[[Reph], None]]  # the step functions its [[step]] list runs, by name
    decide: Callable[[str, Question], Reply]  # the computer's answer, for a side, to a question
    finish: Callable[[Reph], None]  # the CG End: who won
    during: DuringScenario | None = None
    aliases: Mapping[str, str] = field(default_factory=dict)  # former question keys (older saves, answers files)

    @property
    def definition(self) -> CampaignDef:
        """Its campaign file, every [[step]] checked against the steps it has."""
        defn = load_campaign(self.id)
        for sd in defn.steps:
            if sd.run not in self.steps:
                raise SoloError(f"missions/{self.id}.toml: step {sd.rule} runs {sd.run!r}, which solo does not know")
        return defn


@runtime_checkable
class CampaignRules(Protocol):
    """What the engine (solo/campaign/engine.py), `solo cg simulate` and its policies ask of a Campaign Game, and all
    they ask: CampaignGame is one; a game of another make (a test's) may be another. The questions its steps ask
    enumerate their legal answers in their context where a policy needs the game's knowledge to draw one (the FPP of
    each fortification kind, "costs"; the Commissar types, "types"; the chits a side has, "choices"; the units to
    choose among, "units"), so solo/games/policies.py names no game; tests/games/test_conformance.py checks each."""

    @property
    def id(self) -> str: ...
    @property
    def steps(self) -> Mapping[str, Callable[[Reph], None]]: ...
    @property
    def decide(self) -> Callable[[str, Question], Reply]: ...
    @property
    def finish(self) -> Callable[[Reph], None]: ...
    @property
    def during(self) -> DuringScenario | None: ...
    @property
    def aliases(self) -> Mapping[str, str]: ...
    @property
    def definition(self) -> CampaignDef: ...


def scenarios_won(r: Reph) -> None:
    """The CG End of a CG whose Victory Conditions are on its CG card (RB 11.51-.53, VotG 12.51-.54, ABtF 9.51-.53),
    which the texts lack: the record of scenarios won and CVP earned, for the player to apply them."""
    c = r.c
    won = {side: sum(1 for s in c.scenarios if s.winner == side) for side in c.sides}
    c.result = {"winner": None, "scenarios_won": won, "cvp": c.cvp_total}
    c.stage, c.step = "ended", ""
    r.say(f"CG End after {c.date}: scenarios won " + ", ".join(f"{side} {n}" for side, n in won.items())
          + "; CVP earned " + ", ".join(f"{side} {n}" for side, n in c.cvp_total.items())
          + f". The {r.defn.raw['game']} CG Victory Conditions are on the CG card (not in the texts): apply them")
