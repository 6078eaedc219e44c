"""The shared start-of-day steps (solo/campaign/steps/day.py) read the rows' effects: ELR Loss/Gain for the four CGs
(OtO2 7.516, RB 11.617, VotG 12.619, ABtF 9.6202), SAN Adjustment, Weather and EC."""

import pytest

from solo.campaign.steps import day
from tests.reph import new_reph

# CG, variant, ELR table, its bounds (the rows' "(maximum 4)"/"(minimum N)", or the CG file's [limits] elr),
# and the lowest Final DR that lowers the ELR.
ELR = [("oto2", "", "oto2.elr_loss_gain", (1, 4), 12), ("rb", "I", "rb.elr_loss_gain", (0, 4), 13),
       ("votg", "II", "votg.elr_loss_gain", (0, 4), 13), ("abtf", "I", "abtf.elr_loss_gain", (0, 5), 13)]


def reph(pack, cg, variant, faces):
    if cg != "oto2":
        pack(cg)
    return new_reph(faces, cg=cg, variant=variant)


@pytest.mark.parametrize("cg, variant, table, bounds, lowers", ELR)
def test_elr_loss_gain_applies_the_row_effect_within_the_bound(pack, cg, variant, table, bounds, lowers):
    low, high = bounds
    r = reph(pack, cg, variant, [1, 1, 1, 1, 1, 1, 1, 1])
    sides = tuple(r.c.sides)
    r.side(sides[0]).elr, r.side(sides[1]).elr = 2, high
    day.elr_loss_gain(r, table, "ELR", lambda side: {}, "{side} {trace.final}: ELR {old} -> {elr} ({drm})")
    assert (r.side(sides[0]).elr, r.side(sides[1]).elr) == (3, high)  # Final 2: +1, never above the bound
    assert r.side(sides[0]).roster[r.c.date].elr == 3
    assert f"{sides[0]} 2: ELR 2 -> 3 (no DRM)" in [e["text"] for e in r.c.record]
    r.side(sides[0]).elr, r.side(sides[1]).elr = low, low
    day.elr_loss_gain(r, table, "ELR", lambda side: {}, "", sides=sides[:1])
    assert r.side(sides[0]).elr == low + 1  # the next Final 2 only for the side named


@pytest.mark.parametrize("cg, variant, table, bounds, lowers", ELR)
def test_elr_loss_at_the_lowest_row_and_bound(pack, cg, variant, table, bounds, lowers):
    low, _ = bounds
    r = reph(pack, cg, variant, [])
    effect = next(row.effects[""] for row in r.cat.get(table).rows if lowers in row.span)
    assert day.elr_after(r, 3, effect) == 2
    assert day.elr_after(r, low, effect) == low
    assert day.elr_after(r, 3, {}) == 3


@pytest.mark.parametrize("cg, table, san, faces, after", [
    ("oto2", "oto2.san_adjustment", 5, [4], 4),  # dr 4 + (5 - 4) = 5: reduced by one
    ("oto2", "oto2.san_adjustment", 5, [3], 5),
    ("abtf", "abtf.san_british", 5, [3], 3),  # dr 3 + (5 - 4) = 4: reduced by two
])
def test_san_adjustment_applies_the_row_effect(pack, cg, table, san, faces, after):
    r = reph(pack, cg, "I" if cg == "abtf" else "", faces)
    side = next(iter(r.c.sides))
    r.side(side).san = san
    trace = day.san_adjustment(r, side, table, "SAN", {"san-minus-4": san - 4})
    assert r.side(side).san == after and trace.final == faces[0] + san - 4


def test_weather_and_ec_set_the_date_from_the_effects():
    r = new_reph([1, 2, 6])  # DR 3 on the OtO2 Weather Table: Rain; dr 6 on the EC Table: Moderate
    sky, ground = day.weather_and_ec(r, "German", ("oto2.weather", "Weather", {"overcast": False}),
                                     ("oto2.environmental_conditions", "EC", {"rain": False, "overcast": False}))
    assert (r.c.weather[r.c.date], r.c.ec[r.c.date]) == ("Rain", "Moderate")
    assert day.weather_line(sky, ground) == "weather Rain (DR 3, Final 3); EC Moderate (dr 6, Final 6)"
