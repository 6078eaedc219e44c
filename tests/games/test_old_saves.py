"""Saves written by earlier versions of solo still open and replay to the same state (one save of each game).

tests/fixtures/saves/<game>.db were written by solo before the games moved to solo/games/ (commit 61fdc24):
OtO2 computer against computer over two RePhs; RB, VotG and ABtF CG I over two Refit Phases with the TEST packs
(tests/fixtures/packs: test data, not the rulebook's charts); OtO-S1 with S? placed, one Activated and two Game
Turns; OtO-S2 without VASL boards, S? placed, one Activated, two Game Turns. <game>.json.gz is what
`solo cg status --json` / `solo mission status --json` printed then. Every game of the registry has one (issue 39).
"""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w

from solo.games import CAMPAIGNS, MISSIONS
from tests.rulebook import RULEBOOK, as_typed

SAVES = Path(__file__).parents[1] / "fixtures" / "saves"
PACKS = Path(__file__).parents[1] / "fixtures" / "packs"
KEPT = {"cg": ("dates", "oob", "record", "result", "stage"), "mission": ("s", "enemy", "record", "vp", "turn", "phase")}


GAMES = sorted(CAMPAIGNS) + sorted(MISSIONS)  # the registry: every game solo plays has an old save here


@pytest.mark.parametrize("game", GAMES)
def test_an_old_save_replays_to_the_same_state(game, tmp_path):
    same_state(game, status(game, tmp_path))


@pytest.mark.parametrize("game", GAMES)
def test_an_old_save_opens_with_a_rulebook_pack_without_the_stand_ins_modifiers(game, tmp_path):
    """Issue 39, done when: the player's A1, G2 and A11 (and R3) packs without the modifiers the stand-ins once
    carried for the missions (OtO-S2 MSR 1 broke a save with an Activation): every old save opens, to the same
    state."""
    same_state(game, status(game, tmp_path, [as_typed(t) for t in RULEBOOK]))


def test_a_changed_pack_table_makes_an_old_save_say_which_table_changed(tmp_path):
    """Issue 39, done when: a pack table that gives other results than the table an old save rolled on (G2: every
    squad an 8-3-8): the save opens to the same state (its rolls stand) and its record says which table changed."""
    g2 = as_typed("sasl.g2")
    g2["row"] = [row | {"result": "8-3-8"} for row in g2["row"]]
    now = status("oto-s2", tmp_path, [g2])
    same_state("oto-s2", now)
    said = [line["text"] for line in now["record"] if line["rule"] == "table pack"]
    assert len(said) == 1 and said[0].startswith("sasl.g2 is not the table this save rolled on at event ")
    assert "8-3-8" not in {u["type"] for u in now["enemy"]["units"]}


def status(game: str, tmp_path: Path, tables: list[dict] | None = None) -> dict:
    """`solo cg|mission status --json` on a copy of the game's old save, with its test pack and ``tables``."""
    save = tmp_path / f"{game}.db"
    shutil.copy(SAVES / f"{game}.db", save)
    config = tmp_path / "config"
    if (PACKS / game).is_dir():
        shutil.copytree(PACKS / game, config)
    if tables:
        (config / "tables").mkdir(parents=True, exist_ok=True)
        (config / "tables" / "rulebook.toml").write_text(tomli_w.dumps({"table": tables}))
    env = {**os.environ, "SOLO_CONFIG": str(config), "SOLO_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-m", "solo.cli", kind_of(game), "status", str(save), "--json"],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def kind_of(game: str) -> str:
    return "mission" if game in MISSIONS else "cg"


def same_state(game: str, now: dict) -> None:
    """``now`` holds the state the old save's status printed then."""
    kind = kind_of(game)
    then = json.loads(gzip.decompress((SAVES / f"{game}.json.gz").read_bytes()))
    for key in KEPT[kind]:
        if key == "record":
            assert in_order(lines(then[key]), lines(now[key])), key
        elif key == "enemy":
            assert old_units(now[key]) == old_units(then[key]), key
        else:
            assert same(now[key]) == same(then[key]), key


def old_units(enemy: dict) -> dict:
    """The ENEMY and its units on the keys an old save had (a unit's hex was "where"; "active" the old word for a
    unit on the map, now Good Order; a fortification was given an Attitude, which it has not: issue 18)."""
    units = [{"id": u["id"], "type": u["type"], "kind": u["kind"], "where": u["where"],
              "attitude": "" if u["kind"] == "fortification" else u["attitude"],
              "source": u["source"], "status": "Good Order" if u["status"] == "active" else u["status"]}
             for u in enemy["units"]]
    return {**enemy, "units": units}


def same(value):
    """What must not change in a replay: the state (what a newer solo adds, such as the VP Schedule's lines and the
    winner, is not compared)."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k in ("friendly", "enemy", "report", "why", "turn")} or value
    if isinstance(value, list):  # an S?'s Player Turn record (issue 34) is new
        return [{k: v for k, v in e.items() if k != "did"} if isinstance(e, dict) else e for e in value]
    return value


# OtO2 7.507, RB 11.607, VotG 12.608: the units leaving the map no longer count the off-board ones the rules keep
# secret (issue 21)
SENT = re.compile(r"\d+ units (to the Force Organizer|to the Chapter O divider|leave the map)")


def lines(record: list[dict]) -> list[tuple]:
    """A record line's rule, place and numbers (the dice, results, counts): its wording may be improved, and who may
    read it (a secret kept from the other side, issue 21)."""
    return [(*(v for k, v in sorted(e.items()) if k not in ("text", "secret")),
             *re.findall(r"\d+", SENT.sub("", e["text"]))) for e in record]


def in_order(then: list, now: list) -> bool:
    """Every line of the old record is still there, in the same order (a newer solo may say more between them)."""
    it = iter(now)
    return all(any(line == seen for seen in it) for line in then)
