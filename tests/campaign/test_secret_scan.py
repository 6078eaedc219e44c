"""Issue 36: every human view of 20 campaigns (five of each CG, the human on either side, stopped at their first to
third CG scenario, before the CG End) searched for any trace of the computer's secret purchases, rolls and chits:
`solo cg status` (text and --json), `cg export` (Markdown and CSV), `cg log` (text and --json), the app's data, and
the error lines a human can provoke (a fact naming a secret unit, `--reveal`). The computer's secrets are read from
the whole state the save replays to; the views are what the CLI prints. RB, VotG and ABtF use their TEST pack
(tests/fixtures/packs/<cg>)."""

import json
import re

import pytest
from click.testing import CliRunner

from solo.campaign import engine
from solo.campaign.engine import start_meta
from solo.campaign.facts import _ids
from solo.cli import cli as solo_cli
from solo.core import store
from solo.core.errors import SoloError
from solo.core.store import EventLog
from solo.games import CAMPAIGNS, campaign
from solo.games import run_campaign as run
from tests.campaign.test_secrets import Player, app_data

SAVES = [(cg, seed) for cg in ("oto2", "rb", "votg", "abtf") for seed in range(1, 6)]


def played(path, cg: str, seed: int, human: str, monkeypatch, key: int | None = None) -> None:
    """A save of ``cg`` (its first CG) in which ``human`` plays against the computer, answering as the computer would,
    played to the start of its 1st to 3rd CG scenario by the seed (RB and VotG CG I, a few CG Days long: its 1st or
    2nd)."""
    make_sides, game = engine.make_sides, campaign(cg)

    def sides(game_, defn, playing, seed_, *rest):
        return make_sides(game_, defn, playing, seed_, *rest) | dict.fromkeys((playing, "table"), Player(game, seed_))

    variant = next(iter(CAMPAIGNS[cg].definition.variants), None)
    with monkeypatch.context() as m:
        m.setattr(engine, "make_sides", sides)
        m.setattr(store.secrets, "token_hex", lambda n: f"{key or seed:02x}" * n)  # the save's secret key: the seed's
        log = EventLog.create(str(path), start_meta(cg, variant, human) | {"seed": seed})
        for _ in range(1 + seed % (3 if cg in ("oto2", "abtf") else 2)):
            if run(log).campaign.stage == "ended":
                break


def cli(*args, ok: bool = True) -> str:
    out = CliRunner().invoke(solo_cli, [str(a) for a in args])
    assert (out.exit_code == 0) == ok, out.output
    return out.output


def views(path) -> dict[str, str]:
    """Everything the human reads of the save, by what prints it."""
    seen = {" ".join(args): cli("cg", args[0], path, *args[1:]) for args in
            (("log",), ("log", "--json"), ("status",), ("status", "--json"), ("export",),
             ("export", "--format", "csv"))}
    seen["app"] = app_data(run(EventLog.open(str(path)), frozen=True))
    seen["reveal refused"] = cli("cg", "status", path, "--reveal", ok=False)
    return seen


def secrets_of(c, side: str) -> dict:
    """What of ``side`` the rules keep from its opponent in the whole state ``c``."""
    s = c.sides[side]
    public = {e["text"] for e in c.record if e["secret"] != side}
    return {"units": [u for u in s.units if u.secret],
            "lines": {e["text"] for e in c.record if e["secret"] == side} - public,
            "forts": {f.label for f in s.fortifications if f.secret}}


@pytest.mark.parametrize("cg,seed", SAVES)
def test_no_human_view_traces_a_secret(pack, tmp_path, monkeypatch, cg, seed):
    """No id, type, count, line number, record line or marker of the computer's secret units, purchases, rolls and
    Fortifications in anything the human reads before the CG End."""
    if cg != "oto2":
        pack(cg)
    sides = CAMPAIGNS[cg].definition.sides
    human = sides[seed % 2]
    path = tmp_path / f"{cg}{seed}.db"
    played(path, cg, seed, human, monkeypatch)
    c = run(EventLog.open(str(path)), frozen=True).campaign
    assert c.stage != "ended"
    computer = c.other(human)
    hidden = secrets_of(c, computer)
    seen = views(path)
    # the facts of the map too: the human's own report (here the stand-in model's, which knows the computer's units;
    # issue 36: it named its secret units used, RS1 ..., in the public record: a person names only what he may see)
    everything = "\n".join(text for what, text in seen.items())
    for unit in hidden["units"]:  # its OBA modules, observers, aircraft, Bombardments: ids and what they are
        assert not re.search(rf"\b{unit.id}\b", everything), (unit.id, unit.type)
    for text in hidden["lines"]:  # its purchases, Secret DRs, set-up of mines and Dummies ...
        assert text not in everything, text
    for label in hidden["forts"]:  # its mines, Dummies, HIP
        assert label not in everything, label
    assert "secret rolls and decisions)" not in everything  # issue 21's markers
    assert not [line for line in everything.splitlines() if "bought as" in line and computer in line]  # its Recon
    status = json.loads(seen["status --json"])
    assert all(d["sides"][computer]["purchases"] is None and d["sides"][computer]["cpp"]["left"] is None
               and d["sides"][computer]["fortifications"] is None for d in status["dates"] if computer in d["sides"])
    lines = sorted({u["rg"] for u in status["oob"][computer] if u["rg"]})  # the RG Purchase Record lines: no gap
    assert lines == list(range(1, len(lines) + 1)), lines
    shown = json.loads(seen["log --json"])
    assert not [e for e in shown if e.get("secret") and e.get("side") == computer]
    assert [e["seq"] for e in shown] == list(range(1, len(shown) + 1))
    assert f"| {computer} |" not in seen["export"].split("## RG Purchase Record")[1].split("## Force Organizer")[0]
    errors = set()
    for unit_id in [u.id for u in hidden["units"]] + [f"{computer[0]}S99"]:  # a fact naming a secret unit
        with pytest.raises(SoloError) as refused:
            _ids(c, "ft_dc", [unit_id])
        errors.add(str(refused.value).replace(repr(unit_id), "ID"))
    assert len(errors) == 1, errors
