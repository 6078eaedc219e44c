"""An ABtF RePh over an in-memory log with the catalog and the TEST pack tests/fixtures/packs/abtf (test data, not the
rulebook charts): `abtf_reph` and the facts and rolls helpers of the ABtF tests."""

import shutil
import tempfile
from functools import cache
from pathlib import Path

from solo.campaign.engine import make_sides
from solo.campaign.reph import CampaignDef, Reph
from solo.campaign.state import Campaign, SideState
from solo.core.play import Play
from solo.core.store import EventLog
from solo.games import campaign
from solo.rules.catalog import catalog_folders, load_catalog

PACK = Path(__file__).parents[2] / "fixtures" / "packs" / "abtf" / "tables" / "abtf.toml"


@cache
def catalog(with_pack: bool = True):
    folders = [f for f in catalog_folders() if not f[1]]
    if with_pack:
        folder = Path(tempfile.mkdtemp(prefix="abtf-pack-"))
        shutil.copy(PACK, folder / "abtf.toml")
        folders.append((folder, True))
    cat = load_catalog(folders)
    assert not cat.errors, cat.errors
    return cat


def definition() -> CampaignDef:
    return campaign("abtf").definition


def abtf_reph(faces=(), human="none", answers=None, date="18AM", variant="I", pack=True, seed=1) -> Reph:
    log = EventLog.create(":memory:", {"cg": "abtf", "human": human, "seed": seed, "variant": variant})
    log.type_faces(list(faces))
    log.typed_secrets = True  # the test fixes every face, the computer's secret rolls too
    defn = definition()
    play = Play(log, seed, make_sides(campaign("abtf"), defn, human, seed, answers, False), catalog(pack))
    sides = {"German": SideState("German", 3, 3), "British": SideState("British", 5, 4)}
    c = Campaign("abtf", defn.dates, human, sides, date, variant)
    return Reph(play, c, defn, campaign("abtf"))


def facts(r, **given):
    base = {key: [] for key in ("eliminated", "encircled", "ap_minefield", "wounded", "heroic", "malfunctioned",
                                "immobilized", "front_line", "stunned", "captured")}
    base |= {key: {} for key in ("bog", "shock", "recall", "prisoners", "heroes")}
    r.c.facts = base | given


def rolls(r) -> list[dict]:
    return [e.data["trace"] for e in r.play.log.events if e.kind == "roll"]
