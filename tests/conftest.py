"""Shared test helpers: build table files in a temp folder, and the path of the rule texts."""

import os
import textwrap
from pathlib import Path

import pytest

from solo.rules import default_catalog, load_catalog
from tests.reph import PACKS, new_reph

# The rule texts and real VASL boards the tests compare with: `shared/` beside the checkout, or $SOLO_SHARED
# (a folder holding seeds/ and vasl-boards/). Test data only, never committed; the tests that need them skip without.
SHARED = Path(os.environ.get("SOLO_SHARED") or Path(__file__).resolve().parents[2] / "shared")
SEEDS = SHARED / "seeds"
VASL_BOARDS = SHARED / "vasl-boards"


@pytest.fixture(autouse=True, scope="session")
def no_player_data(tmp_path_factory):
    """No test writes the tester's own data folder (the saves' secret keys, issue 40), a module's fixtures neither."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLO_DATA", str(tmp_path_factory.mktemp("session-data")))
        yield


@pytest.fixture(autouse=True)
def no_player_pack(tmp_path_factory, monkeypatch):
    """Tests never read the tester's own table pack, nor write to the tester's cache."""
    monkeypatch.setenv("SOLO_CONFIG", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("SOLO_CACHE", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("SOLO_DATA", str(tmp_path_factory.mktemp("data")))  # the saves' keys too (issue 40)


@pytest.fixture
def make_catalog(tmp_path):
    """make_catalog(toml_text, inventory=None) -> Catalog loaded from a temp tables folder."""
    def build(text: str, inventory: str | None = None):
        folder = tmp_path / "tables"
        folder.mkdir(exist_ok=True)
        (folder / "t.toml").write_text(textwrap.dedent(text))
        if inventory is not None:
            (folder / "inventory").mkdir(exist_ok=True)
            (folder / "inventory" / "i.toml").write_text(textwrap.dedent(inventory))
        return load_catalog([(folder, False)])
    return build


@pytest.fixture
def make_reph():
    return new_reph


@pytest.fixture
def pack(monkeypatch):
    """Use the test table pack of a CG (tests/fixtures/packs/<cg>/tables: test data, not the rulebook's charts)."""
    def use(cg: str) -> Path:
        monkeypatch.setenv("SOLO_CONFIG", str(PACKS / cg))
        default_catalog.cache_clear()
        return PACKS / cg
    yield use
    default_catalog.cache_clear()


def pytest_collection_modifyitems(config, items):
    """The `long` sweeps (issue 24's kills and concurrency, issue 16's 10,000 LOS pairs a board) run only when
    asked for: `pytest -m long`."""
    if "long" in (config.getoption("-m") or ""):
        return
    later = pytest.mark.skip(reason="a long sweep: run it with pytest -m long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(later)


@pytest.fixture
def asked(monkeypatch) -> dict:
    """Every question the engine asks while the test runs, the first of each key (issue 23: their examples)."""
    from solo.core.play import Play
    seen, ask = {}, Play.ask

    def recording(self, question):
        seen.setdefault(question.key, question)
        return ask(self, question)
    monkeypatch.setattr(Play, "ask", recording)
    return seen


@pytest.fixture
def pure_chits(monkeypatch):
    """The computer's Initiative chit by its judgment alone: the side whose chit scores better picks it, with no mixed
    strategy drawn (issue 36's ``soft`` weights off), for the tests of what it judges."""
    from solo.ai.reph import weights
    for cg in ("rb", "votg", "abtf"):
        for side in (v for v in weights(cg).values() if isinstance(v, dict)):
            for chits in (side.get("chits", {}), side.get("initiative", {})):  # VotG's Attack chit is its own
                monkeypatch.delitem(chits, "soft", raising=False)


@pytest.fixture
def narrow_purchases(monkeypatch):
    """The OtO2 computer's purchase drawn only among RGs within 10% of the best (issue 21's band), as before issue 36
    widened it to a weighted 30%: for the tests of what it judges best in a situation."""
    from solo.ai.reph import weights
    for side in weights("oto2").values():
        for key in ("near", "weighted"):
            monkeypatch.delitem(side["purchase"], key, raising=False)


@pytest.fixture
def orsha(tmp_path, monkeypatch):
    """OtO-S1 seed 5 set up on the OtO map of the shared VASL boards (skipped without bdOTO)."""
    from solo.core.store import EventLog
    from solo.games import run_mission
    if not (VASL_BOARDS / "bdOTO").exists():
        pytest.skip("../shared/vasl-boards/bdOTO is absent")
    monkeypatch.setenv("SOLO_VASL_BOARDS", str(VASL_BOARDS))
    path = tmp_path / "orsha.db"
    EventLog.create(path, {"mission": "oto-s1", "seed": 5, "vasl_boards": str(VASL_BOARDS)})
    run_mission(EventLog.open(path), {})
    return path
