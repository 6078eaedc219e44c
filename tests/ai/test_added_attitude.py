"""Issue 39: adding an Attitude is one member of solo/sasl/words.py's Attitude and its section of ai/attitudes.toml.
The fixture adds "Probe" both ways (an enum built with one more member, the shipped TOML with one more section) and
the AI plays phases with a unit of it, by its data alone."""

import tomllib
from enum import StrEnum

import pytest

from solo.ai import decide as decide_module
from solo.ai.decide import decide, weights
from solo.ai.situation import situation_from
from solo.core.content import content_dir
from solo.core.errors import SoloError
from solo.sasl import words
from tests.ai.legality import illegal
from tests.ai.test_decide import OPEN_FIELD, situation, terrain

PROBE = """
[Probe]          # a test's Attitude: Prep Fires like Hold, heads for the FRIENDLY-held VPO, CC at even odds
goal = "attack"
prep_fire = true
progress = 1.0
cover = 0.5
threat = -0.1
fire = 0.02
leader = 0.3
stay = 0.0
vpo = 1.0
cc_odds = 1.0
"""


def _added(monkeypatch, tmp_path, section: str) -> None:
    """Attitude with one more member, "Probe", and ai/attitudes.toml with ``section`` after the shipped ones."""
    members = {a.name: a.value for a in words.Attitude} | {"PROBE": "Probe"}
    monkeypatch.setattr(words, "Attitude", StrEnum("Attitude", members))
    shipped = (content_dir("ai") / "attitudes.toml").read_text(encoding="utf-8")
    (tmp_path / "attitudes.toml").write_text(shipped + section, encoding="utf-8")
    monkeypatch.setattr(decide_module, "content_dir", lambda name: tmp_path)
    weights.cache_clear()


@pytest.fixture
def probe(monkeypatch, tmp_path):
    _added(monkeypatch, tmp_path, PROBE)
    yield
    weights.cache_clear()


@pytest.fixture
def probe_without_weights(monkeypatch, tmp_path):
    _added(monkeypatch, tmp_path, "")
    yield
    weights.cache_clear()


def test_a_unit_of_the_added_attitude_plays_each_phase_by_its_weights(probe):
    t = terrain(OPEN_FIELD)
    s = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "attitude": "probe"}],
                  [{"id": "F1", "unit": "4-5-8", "hex": "1D3"}], objectives=["1D3"], held=["1D3"])
    assert s.enemy[0].attitude == "Probe"
    for phase in ("prep", "move", "defensive", "advancing", "advance"):
        decisions = decide(t, s, phase)
        assert decisions and illegal(t, s, phase, decisions) == [], phase
    prep = decide(t, s, "prep")[0]  # prep_fire: it Prep Fires, as Hold does (Advance and Attack move)
    assert prep.action == "prep fire" and prep.target == "F1"
    cc = decide(t, s, "advance")[0]  # cc_odds = 1.0: 4 FP against 4 FP is enough (Attack wants 1.5:1)
    assert cc.action == "advance into CC" and cc.end == "1D3" and "(Probe) Advances into CC" in cc.why
    attack = situation([{"id": "E1", "unit": "4-6-7", "hex": "1C3", "attitude": "attack"}],
                       [{"id": "F1", "unit": "4-5-8", "hex": "1D3"}], objectives=["1D3"], held=["1D3"])
    assert decide(t, attack, "advance")[0].action != "advance into CC"


def test_the_added_attitude_s_moves_toward_the_friendly_held_vpo(probe):
    """Not ``holds``: its S? moves in the MPh (a Hold S? stays), toward its goal, the FRIENDLY-held VPO."""
    t = terrain(OPEN_FIELD)
    raw = {"boards": ["1"], "objectives": ["1A1", "1F5"], "friendly_held": ["1F5"], "ebe": "west",
           "friendly": [{"id": "F1", "unit": "4-5-8", "hex": "1G5"}],
           "s": [{"id": "S1", "hex": "1A3", "attitude": "Probe"}, {"id": "S2", "hex": "1A4", "attitude": "Hold"}]}
    s = situation_from(raw, "test")
    moves = {d.unit: d for d in decide(t, s, "move")}
    assert set(moves) == {"S1"} and illegal(t, s, "move", list(moves.values())) == []
    start, end = t.at("1A3"), t.at(moves["S1"].end)
    assert t.distance(t.at("1F5"))[end] < t.distance(t.at("1F5"))[start]


def test_an_attitude_without_its_weights_is_one_clear_error(probe_without_weights):
    with pytest.raises(SoloError, match="ai/attitudes.toml has no section for Probe"):
        weights()


def test_every_shipped_attitude_has_its_section():
    shipped = tomllib.loads((content_dir("ai") / "attitudes.toml").read_text(encoding="utf-8"))
    assert {a.value for a in words.Attitude} <= set(shipped) and set(weights()) == set(shipped)
