"""Issue 36 ("every reason true"): each number and claim of a reason is what the decision used. For a sample of the
computer's decisions (the German's purchases and fortifications and the Russian's Recon over five OtO2 campaigns,
computer against computer), the numbers in its reason are worked out again from the campaign's record and weights."""

import re

import pytest

from solo.ai.reph import weights
from solo.campaign.engine import run, start_meta
from solo.campaign.reph import load_campaign
from solo.core.store import EventLog
from solo.games import campaign

SEEDS = range(1, 6)


@pytest.fixture(scope="module")
def played():
    out = []
    for seed in SEEDS:
        log = EventLog.create(":memory:", start_meta("oto2", None, "none") | {"seed": seed})
        out.append((run(campaign("oto2"), log, stop_at_scenario=False).campaign, log))
    return out


def decisions(log, what: str, side: str):
    """The decisions of ``side`` on question ``what``, in the order made (one a CG Date for a purchase)."""
    return [e.data for e in log.events if e.kind == "decision" and e.side == side and e.data["what"] == what]


def test_a_purchase_s_cpp_are_those_it_spent_and_kept(played):
    """7.518: "buys ... for N CPP" sum to the CG Roster's Spent, "keeps N CPP" is its Left, on every CG Date."""
    for c, log in played:
        g = c.sides["German"]
        for data, date in zip(decisions(log, "purchase", "German"), c.dates, strict=False):
            line = g.roster[date]
            why = data["why"]
            bought = sum(int(n) * int(each or 1) for each, n in
                         re.findall(r"buys (?:(\d+) x )?[^:]*? for (\d+) CPP", why))
            assert bought == line.spent, (date, why)
            assert f"keeps {line.left} CPP" in why, (date, line.left, why)


def test_the_flak_counts_the_enemy_aircraft_the_rules_show(played):
    """7.4, IHSR 4: the Russian's four ground-attack aircraft of the Initial OB are public; the German's flak weighs
    them on 23AM (issue 36: "flak 2 against 0 enemy aircraft"), and none of those bought in secret later (issue 21)."""
    initial = sum(u["count"] for u in load_campaign("oto2").initial["Russian"]["units"] if u["kind"] == "aircraft")
    for c, log in played:
        for data, date in zip(decisions(log, "purchase", "German"), c.dates, strict=False):
            for _, seen in re.findall(r"flak (\d+) against (\d+) enemy aircraft", data["why"]):
                assert int(seen) == (initial if date == "23AM" else 0), (date, data["why"])


def test_the_fortification_split_is_the_one_it_says(played):
    """7.520: the armour share is 2 AFV / (2 AFV + squads) of the numbers the reason gives, the AT Mines' share that
    times at_mine, and the shares it says it spent by are those the counts bought come to, within a counter each."""
    w = weights("oto2")["German"]["fortifications"]
    seen = 0
    for _c, log in played:
        for data in decisions(log, "fortifications", "German"):
            why = data["why"]
            found = re.search(r"expects (\d+) Russian AFV beside (\d+) squads: (\d+)% of their strength armour, so AT "
                              r"Mines get (\d+)% of the FPP", why)
            assert found, why
            afv, squads, armour, at = map(int, found.groups())
            share = 2 * afv * 1000 // max(2 * afv + squads, 1)
            assert armour == share // 10 and at == share * round(w["at_mine"] * 1000) // 1000 // 10, why
            seen += 1
    assert seen


def test_the_recon_reason_gives_the_cpp_left(played):
    """7.5225: the Russian's Recon: the CPP it spends and has Left as its reason says, never "spends 0" with a reason
    to spend (issue 36)."""
    for _c, log in played:
        for data in decisions(log, "recon", "Russian"):
            spend, why = data["value"], data["why"]
            if spend:
                assert why.startswith(f"spends {spend} CPP on Recon with "), why
            else:
                assert why.startswith("no Recon"), why
