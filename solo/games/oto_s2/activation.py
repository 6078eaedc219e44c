"""OtO-S2 Activation: MSR 2 (a Final even A1 DR may Activate a fortification) and MSR 3 (the ENEMY OBA Strikes)."""

from solo.rules.resolve import Trace
from solo.sasl.context import Ctx
from solo.sasl.words import Kind


def activation_results(x: Ctx, trace: Trace, tokens: list[str]) -> list[str]:
    """MSR 2: each Final even DR on the ENEMY Activation Table [A1] reads as if "F" were listed (5.74; a dr [A5])."""
    return tokens + ["F"] if trace.final % 2 == 0 and "F" not in tokens else tokens


def leader_generated(x: Ctx, leader: str) -> None:
    """MSR 3: an ENEMY OBA Artillery Strike when the first Leader is generated, then after each -2 Leader."""
    first = not any(u.kind == Kind.LEADER and u.source != "set up" for u in x.m.units)  # he is not yet among them
    if first or leader.endswith("-2"):
        x.m.enemy.setdefault("oba_strikes", []).append(f"Turn {x.m.turn}: after the {leader}")
        x.say(f"ENEMY OBA Artillery Strike (MSR 3): the {'first Leader' if first else '-2 Leader'} "
              f"({leader}) was generated", rule="MSR 3")
