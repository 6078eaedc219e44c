"""OtO-S2 Activation: MSR 1 standing DRM, MSR 2 fortifications, MSR 3 OBA Strikes."""

from solo.sasl import activation
from tests.mission import ctx, hidden_s


def test_oto_s2_msr_1_2_3():
    """MSR 1: +1 DRM on A1 and +3 on G2; MSR 2: a Final even A1 DR adds a fortification dr (A5); MSR 3: an OBA Strike
    when the first Leader is generated."""
    x = ctx("oto-s2", seed=11)
    for _ in range(12):
        activation.activate(x, hidden_s(x))
    rolls = [e.data for e in x.play.log.events]
    a1 = [r for r in rolls if r["what"] == "sasl.a1"]
    assert all(any(m["name"] == "msr-1" and m["value"] == 1 for m in r["trace"]["modifiers"]) for r in a1)
    g2 = [r for r in rolls if r["what"] == "sasl.g2"]
    assert g2 and all(any(m["value"] == 3 for m in r["trace"]["modifiers"]) for r in g2)
    even = [i for i, r in enumerate(rolls) if r["what"] == "sasl.a1" and r["trace"]["final"] % 2 == 0]
    assert even and all(any(r["what"] == "sasl.a5" for r in rolls[i + 1:]) for i in even)
    leaders = [u.type for u in x.m.units if u.kind == "leader"]
    assert leaders and x.m.enemy["oba_strikes"][0].endswith(f"after the {leaders[0]}")  # the first Leader
