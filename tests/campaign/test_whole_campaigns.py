"""Every registered Campaign Game played whole, computer against computer over the stand-in scenario model: the
invariants every CG must keep, replay, and the CLI. RB, VotG and ABtF use their TEST pack (tests/fixtures/packs/<cg>:
test data, not the rulebook's charts or CG cards), on the first CG of the family."""

import json
import os
import subprocess
import sys

import pytest

from solo.campaign.engine import run as run_game
from solo.campaign.engine import start_meta
from solo.campaign.reph import load_campaign
from solo.campaign.report import status_json
from solo.campaign.simulate import simulate_campaign
from solo.core.store import EventLog
from solo.games import CAMPAIGNS, campaign
from solo.games import run_campaign as run
from tests.reph import PACKS

SEEDS = range(1, 7)


@pytest.fixture(params=sorted(CAMPAIGNS))
def family(request, pack):
    cg = request.param
    if (PACKS / cg).is_dir():
        pack(cg)
    variants = CAMPAIGNS[cg].definition.variants
    return cg, next(iter(variants), None)


def test_whole_campaigns_keep_their_books(family):
    cg, variant = family
    defn = load_campaign(cg)
    for seed in SEEDS:
        c = simulate_campaign(campaign(cg), seed, variant=variant).campaign
        assert c.stage == "ended" and c.result is not None, (seed, c.date, c.step)
        assert c.scenarios, seed
        for side, s in c.sides.items():
            for line in s.roster.values():
                assert line.left >= 0 and line.spent >= 0, (seed, side, line)
            assert 0 <= s.elr <= 5 and s.san >= 0, (seed, side, s.elr, s.san)
        _chits_within_limits(c, defn)
        _idle_days_advance_the_date(c)
        _books_hold_together(c, seed)


def _books_hold_together(c, seed):
    """Issue 20: no unit id twice (10), no fortification count below one (11)."""
    ids = [u.id for s in c.sides.values() for u in s.units]
    assert len(ids) == len(set(ids)), (seed, sorted({i for i in ids if ids.count(i) > 1}))
    assert all(f.count >= 1 for s in c.sides.values() for f in s.fortifications), seed


@pytest.mark.long
def test_two_hundred_campaigns_of_each_keep_their_books(family):
    cg, variant = family
    for seed in range(1, 201):
        _every_scenario_starts_in_order(cg, variant, seed)


def test_every_scenario_starts_with_its_books_in_order(family):
    cg, variant = family
    for seed in SEEDS[:2]:
        _every_scenario_starts_in_order(cg, variant, seed)


def _every_scenario_starts_in_order(cg: str, variant: str | None, seed: int) -> None:
    """Issue 20 at each scenario's start (the RePh done) and at the CG End: the books hold together (10, 11); every
    Retained armor leader is in a Retained AFV of his side (12, OtO2 7.5114); a unit is Isolated only where this RePh's
    Perimeter isolates it (13). After the last scenario no RePh follows, so an armor leader whose AFV died in it stays
    with it: the CG End is checked for ids and counts alone."""
    log = EventLog.create(":memory:", start_meta(cg, variant, "none") | {"seed": seed})
    for _ in range(100):
        c = run_game(campaign(cg), log, stop_at_scenario=True).campaign
        _books_hold_together(c, seed)
        if c.stage == "ended":
            return
        for s in c.sides.values():
            for leader in s.retained("armor-leader"):
                afv = s.unit(leader.detail.get("in", "")) if "in" in leader.detail else None
                assert afv is None and "in" not in leader.detail or afv.retained, (seed, c.date, leader, afv)
        isolated = (c.facts or {}).get("isolated", {})
        assert all(u.id in isolated for s in c.sides.values() for u in s.retained() if u.isolated), (seed, c.date)
    raise AssertionError(f"{cg} seed {seed}: the CG did not end in 100 scenarios")


def _chits_within_limits(c, defn):
    for side in c.sides:
        most = defn.variants.get(c.variant, {}).get("attack_chits", {}).get(side)
        if most is not None:
            assert c.chits[side]["Attack"] <= most, (side, c.chits)


def _idle_days_advance_the_date(c):
    """An Idle Day is followed by the next CG Day's Initiative (RB 11.6233); a Counterattack shares its day."""
    for before, after in zip(c.history, c.history[1:], strict=False):
        if after["type"] == "Russian Counterattack":
            assert after["date"] == before["date"]
        else:
            assert c.dates.index(after["date"]) > c.dates.index(before["date"]), (before, after)


def test_replay_gives_the_same_state(family, tmp_path):
    cg, variant = family
    path = tmp_path / "cg.db"
    first = simulate_campaign(campaign(cg), 5, str(path), variant)
    again = run(EventLog.open(path), frozen=True)
    assert status_json(again, reveal=True) == status_json(first, reveal=True)


def test_cli_simulates_each_campaign(family, tmp_path):
    cg, variant = family
    env = {**os.environ, "SOLO_CONFIG": str(PACKS / cg)}
    chosen = ["--variant", variant] if variant else []
    out = subprocess.run([sys.executable, "-m", "solo.cli", "cg", "simulate", cg, *chosen, "--seed", "2", "--json"],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["cg"] == cg and (data["variant"] or "") == (variant or "") and data["stage"] == "ended"
    if CAMPAIGNS[cg].definition.initiative:
        assert data["chits"] and data["result"]["scenarios_won"]
    else:
        assert data["result"]["winner"] in CAMPAIGNS[cg].definition.sides


def test_without_the_cg_card_a_new_campaign_says_which_table_to_add(tmp_path):
    env = {**os.environ, "SOLO_CONFIG": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-m", "solo.cli", "cg", "new", "rb", "--variant", "I", "--save", "rb.db"],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "rb.cg_start" in out.stderr and "solo tables fill rb.cg_start" in out.stderr
    assert not (tmp_path / "rb.db").exists()
