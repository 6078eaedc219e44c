"""Issue 21: what the rules keep secret from the human (the computer's OBA modules with their ammunition and
pre-registered hexes, its observers and aircraft, its mines, Dummies and HIP, its Initiative chit before the reveal, the
reasons of its chit, Night and Counterattack, whose odds count its secret units)
appears nowhere the human sees while the CG runs: status text, --json, the app's data (its Roster, RG Purchase Record
and Record tabs, the exports), the log; `--reveal` (or the CG End) shows it. Each view is solo/campaign/view.py's."""

import itertools
import json
import re
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from solo.campaign import engine
from solo.campaign.engine import Outcome, start_meta
from solo.campaign.model import Model
from solo.campaign.report import export, organizer_rows, purchase_rows, roster_rows, status_json, status_text
from solo.campaign.state import Fortification, ScenarioResult, SideState
from solo.campaign.steps.initiative import initiative
from solo.campaign.view import events, view
from solo.cli import cli as solo_cli
from solo.core import play, store
from solo.core.play import NeedAnswer, Question, Reply
from solo.core.sides import Computer, Human
from solo.core.store import EventLog
from solo.games import campaign
from solo.games import run_campaign as run
from solo.games.oto2.aftermath import clearing as oto2_clearing
from solo.games.rb.aftermath import clearing as rb_clearing
from solo.games.votg.aftermath import clearing as votg_clearing
from solo.games.votg.aftermath import counterattack as votg_counterattack
from tests.reph import day_reph, new_reph


def _buys_the_secret_kinds(side: str, q):
    """The fixture's German: on 23PM it buys an OBA module with a Pre-Registered hex, an Offboard Observer, an aircraft
    RG and 50 FPP (mines and "?" by its 7.520 shares), the secret kinds these tests look for; the computer otherwise
    (issue 21: its own judgment buys fighting strength first, and seldom OBA or aircraft so early)."""
    if side == "German" and q.key == "purchase" and q.context["reph"].c.date == "23PM":
        return Reply("O1 prereg=1, O4, F1, M1", "the fixture's purchase of the secret kinds")
    return campaign("oto2").decide(side, q)


@pytest.fixture(scope="module")
def at_first_scenario():
    """OtO2 seed 6 past its first RePh, both sides computer but the German's 23PM purchase: the German has bought OBA,
    an observer, aircraft, mines and "?"."""
    log = EventLog.create(":memory:", {"cg": "oto2", "human": "none", "seed": 6})
    deciders = {"German": _buys_the_secret_kinds}
    run(log, deciders=deciders)
    return run(log, deciders=deciders)


@contextmanager
def playing(o, side: str):
    """The campaign of ``o`` as if the human played ``side`` (the computer the other)."""
    o.campaign.human = side
    try:
        yield o
    finally:
        o.campaign.human = "none"


def app_data(o, reveal: bool = False) -> str:
    """What the app's Campaign screen shows: its Roster, RG Purchase Record and Record tabs (the same view)."""
    v = view(o.campaign, reveal)
    rows = roster_rows(v) + purchase_rows(v) + organizer_rows(v)
    return "\n".join([" ".join(map(str, row)) for row in rows] + [e["text"] for e in v.campaign.record])


def sees(o, reveal: bool = False) -> str:
    """Everything the human reads of the campaign: status text, --json, the app's data, the Markdown export."""
    return "\n".join([status_text(o, reveal, record=100_000), json.dumps(status_json(o, reveal)), app_data(o, reveal),
                      export(o.campaign, "md", reveal)])


def lines_of(side: str, seen: str) -> str:
    """The lines of the text views (not the one-line JSON) that name ``side``; not a table's reading of its text (issue
    20.28), said for the side that rolled (here the Russian's own OBA): the OBA Table's names the German column."""
    return "\n".join(line for line in seen.splitlines() if side in line and not line.startswith("{")
                     and "solo's reading of" not in line)


def secret_units(o, side: str, kind: str) -> list:
    units = [u for u in o.campaign.sides[side].units if u.kind == kind]
    assert units, f"the fixture's {side} has no {kind}"
    return units


def named(units) -> re.Pattern:
    return re.compile(r"\b(" + "|".join(u.id for u in units) + r")\b")


def test_the_german_oba_ammunition_and_pre_registered_hexes(at_first_scenario):
    """OtO2 7.5195: a Secret DR gives each OBA module's ammunition; RG note f and C1.73: its Pre-Registered hexes;
    7.518 and 7.5182: the RG purchased is recorded secretly. None of it in the human Russian's view (issue 21), all of
    it
    with --reveal."""
    with playing(at_first_scenario, "Russian") as o:
        oba = secret_units(o, "German", "oba")
        seen = sees(o)
        assert not named(oba).search(seen)
        assert "OBA" not in lines_of("German", seen)
        assert not any(u["kind"] == "oba" or "ammo" in u["detail"] for u in status_json(o)["oob"]["German"])
        shown = sees(o, reveal=True)
        assert named(oba).search(shown) and all(f"ammo {u.detail['ammo']}, prereg 1" in shown for u in oba)


def test_the_german_offboard_observer(at_first_scenario):
    """OtO2 German RG note h: the Offboard Observer's Location is secretly recorded; 7.518: the RG purchased (O6) is
    secret. Not in the human Russian's view (issue 21); --reveal shows it."""
    with playing(at_first_scenario, "Russian") as o:
        observers = secret_units(o, "German", "observer")
        assert not named(observers).search(sees(o)) and "Offboard Observer" not in lines_of("German", sees(o))
        assert named(observers).search(sees(o, reveal=True))


def test_the_german_aircraft(at_first_scenario):
    """OtO2 7.518: the aircraft RG (F) is recorded secretly; its aircraft are unknown to the Russian until they arrive
    (E7). Not in the human Russian's view (issue 21); --reveal shows them."""
    with playing(at_first_scenario, "Russian") as o:
        aircraft = secret_units(o, "German", "aircraft")
        assert not named(aircraft).search(sees(o)) and "Stuka" not in lines_of("German", sees(o))
        assert all(u.type in sees(o, reveal=True) for u in aircraft)


def secret_forts(o, side: str, word: str) -> list[str]:
    labels = sorted({f.label for f in o.campaign.sides[side].fortifications if word in f.kind and not f.given})
    assert labels, f"the fixture's {side} bought no {word}"
    return labels


def test_the_german_mines(at_first_scenario):
    """OtO2 7.520: the mines' strength is recorded on the CG Roster, in secret (7.518); CG16: mines lose HIP only
    normally (B28.1); 7.5226: Recon places a hidden mine without its type and strength. Neither the Roster, nor the
    7.520 purchase, nor the 7.522 set-up lines tell the human Russian their number (issue 21); --reveal does."""
    with playing(at_first_scenario, "Russian") as o:
        mines = secret_forts(o, "German", "Mine")  # "AP Mine x23", "AT Mine x5", "Minefield: 8 hexes ... x1"
        seen = sees(o)
        assert not [m for m in mines if m in seen or m.split(" x")[0] in seen]
        assert not re.search(r"German (set-up|spends).*(AP|AT) Mine", seen)
        assert status_json(o)["dates"][0]["sides"]["German"]["fortifications"] is None
        shown = sees(o, reveal=True)
        assert all(m in shown for m in mines) and re.search(r"German set-up: AP Mine x\d+", shown)


def test_the_german_dummies(at_first_scenario):
    """OtO2 CG10: "?" purchased in the RePh are used as Dummies (A12.1): which "?" are Dummies, and how many were
    bought (7.520), is the German's secret. Not in the human Russian's view (issue 21); --reveal shows it."""
    with playing(at_first_scenario, "Russian") as o:
        dummies = secret_forts(o, "German", "?")
        seen = sees(o)
        assert not [d for d in dummies if d in seen] and "Dummies" not in seen
        assert all(d in sees(o, reveal=True) for d in dummies)


def test_hip_bought_by_the_computer(at_first_scenario):
    """OtO2 7.520 HIP (A12.3), RB 11.621, VotG 12.623, ABtF 9.619: HIP bought with FPP keeps the unit off the map
    until it is revealed. A computer German's HIP is in neither the human Russian's view of its Fortifications nor
    the Force Organizer (issue 21); --reveal shows it."""
    with playing(at_first_scenario, "Russian") as o:
        german = o.campaign.sides["German"]
        german.fortifications.append(Fortification("German", "HIP squad", 3, o.campaign.date))
        try:
            assert "HIP squad" not in sees(o) and "HIP squad x3" in sees(o, reveal=True)
        finally:
            german.fortifications.pop()


@pytest.mark.parametrize("cg,clearing,sent", [("oto2", oto2_clearing, "1 units to the Force Organizer"),
                                              ("rb", rb_clearing, "1 units to the Chapter O divider"),
                                              ("votg", votg_clearing, "1 units leave the map")])
def test_the_units_leaving_the_map_leave_out_the_secret_ones(pack, cg, clearing, sent):
    """OtO2 7.507, RB 11.607, VotG 12.608 Clearing the Map: the units leaving it; the off-board OBA modules, observers
    and aircraft (Unit.secret) are not among them, and counting them told the human how many the computer has
    (issue 21)."""
    if cg != "oto2":
        pack(cg)
    r = new_reph(cg=cg, variant="" if cg == "oto2" else "I")
    german = r.c.sides["German"]
    german.add("4-6-7", "squad")
    german.add("100mm+ OBA Battalion ART", "oba", ammo="Scarce Ammo", prereg=1)
    german.add("Offboard Observer", "observer", level=2)
    clearing(r)
    assert [e for e in r.c.record if e["text"].startswith(f"German: {sent}, 0 stay")]


@pytest.fixture
def waiting_for_your_chit(pack):
    """An RB CG Day (the TEST pack) at the Initiative: the human Russian is asked for its chit (RB 11.6232)."""
    pack("rb")
    r = day_reph("rb", "18 Oct", "I", human="Russian")
    r.play.sides["Russian"] = Human({})
    with pytest.raises(NeedAnswer):
        initiative(r)
    return r


def test_the_computer_s_initiative_chit_before_the_reveal(waiting_for_your_chit):
    """RB 11.6232, VotG 12.6252, ABtF 9.62132: each side places its chit in secret; they are revealed together. While
    the human is asked for its chit the computer's is in no view of the state, nor in the log (issue 21); once both
    are picked they are revealed."""
    r = waiting_for_your_chit
    v = view(r.c)
    assert v.campaign.initiative is None and not v.campaign.history
    assert not [e for e in v.campaign.record if "chit" in e["text"]]
    assert not [e for e in events(r.play.log, r.c) if e["side"] == "German" and e["kind"] != "roll"]
    r.play.sides["Russian"] = Human({"initiative": "Attack", "night": "no"})
    initiative(r)
    assert set(view(r.c).campaign.initiative["chits"]) == {"German", "Russian"}
    assert [e for e in view(r.c).campaign.record if e["text"].startswith("chits revealed")]


@pytest.mark.parametrize("cg,variant,computer", [("rb", "I", "German"), ("votg", "I", "German"),
                                                 ("abtf", "I", "German"), ("rb", "I", "Russian")])
def test_the_other_cgs_keep_the_computer_s_secrets(pack, cg, variant, computer):
    """RB 11.619/11.6204, VotG 12.621/12.6224, ABtF 9.617/9.6172: the CPP, the RGs purchased (OBA modules with their
    Strength) and the Fortifications bought with FPP are the computer's secret in every CG, whichever side it plays
    (issue 21); --reveal shows them."""
    pack(cg)
    log = EventLog.create(":memory:", start_meta(cg, variant, "none") | {"seed": 1})
    o = run(log)
    o = run(log)
    human = o.campaign.other(computer)
    s = o.campaign.sides[computer]
    with playing(o, human):
        secrets = [u for u in s.units if u.secret]
        forts = sorted({f.label for f in s.fortifications if f.secret})
        data = status_json(o)
        assert secrets or forts or s.purchases
        seen = sees(o)
        if secrets:
            assert not named(secrets).search(seen)
        assert not [f for f in forts if f"{computer} spends" in seen or f"{computer}: {f}" in seen]
        assert all(d["sides"][computer]["purchases"] is None and d["sides"][computer]["cpp"]["left"] is None
                   for d in data["dates"])
        assert not [row for row in purchase_rows(view(o.campaign)) if row[0] == computer]
        shown = sees(o, reveal=True)
        assert (not secrets or named(secrets).search(shown)) and all(f in shown for f in forts)


# Issue 21: the reasons of the computer's Initiative chit (RB 11.623, VotG 12.625, ABtF 9.6213), its Night declaration
# (11.6234, 12.6254) and its Counterattack (VotG 12.613) weigh its OB strength, secret units included (solo/ai/chits.py
# STRENGTH: OBA modules, Bombardments; VotG's power: aircraft too). The chit and the declarations are revealed, by the
# step's record; the reasons stay with the computer's secret decision events until the CG End (view.events).

def chit_seen(cg: str, human: str, chit: str, own: int, theirs: int, secret: bool):
    """A CG Day's Initiative (and VotG's Counterattack after a German Assault), the human playing ``human`` and
    picking ``chit``; the computer with ``own`` squads against the human's ``theirs``, and with ``secret`` an OBA
    module and an aircraft too: (everything the human sees, the reasons the computer logged, the RePh)."""
    r = day_reph(cg, {"rb": "18 Oct", "votg": "15 Sept", "abtf": "18AM"}[cg], "I", human=human)
    r.play.sides[human] = Human({"initiative": chit, "night": "no"})
    computer = r.c.other(human)
    for name, count in ((computer, own), (human, theirs)):
        for _ in range(count):
            r.c.sides[name].add("4-6-7", "squad")
    if secret:
        r.c.sides[computer].add("100mm+ OBA Battalion ART", "oba", ammo="Plentiful Ammo")
        r.c.sides[computer].add("FB", "aircraft")
    r.c.step = r.defn.initiative["rule"]
    initiative(r)
    if cg == "votg" and r.c.initiative["type"] == "German Assault":
        r.c.step = "12.613"
        votg_counterattack(r)
    log = r.play.log
    o = Outcome(r.c, None)
    seen = "\n".join([sees(o), json.dumps(events(log, r.c))])  # status, --json, the app, the export; `cg log --json`
    return seen, [e.data["why"] for e in log.events if e.side == computer and e.kind == "decision"], r


@pytest.mark.parametrize("cg,human,chit,own,theirs,asked", [
    ("rb", "Russian", "Attack", 4, 12, ["initiative"]),  # the German's chit
    ("rb", "German", "Idle", 20, 4, ["initiative", "night"]),  # the Russian's chit and its Night declaration
    ("votg", "Russian", "Attack", 4, 12, ["initiative"]),
    ("votg", "German", "Idle", 20, 4, ["initiative", "night"]),
    ("votg", "German", "Attack", 4, 12, ["initiative", "counterattack"]),  # after a German Assault
    ("abtf", "British", "Attack", 4, 12, ["initiative"]),
])
def test_the_computer_s_reasons_tell_nothing_of_its_secret_forces(pack, cg, human, chit, own, theirs, asked):
    """The computer decides with all it has, its OBA module and aircraft too, and its reasons give the odds that
    decided; nothing the human sees before the CG End changes with them: status text, --json, the app's data, the
    export and the log show the same with and without them. After the CG End the log gives each reason in full."""
    pack(cg)
    seen, whys, _ = chit_seen(cg, human, chit, own, theirs, secret=False)
    seen_secret, whys_secret, r = chit_seen(cg, human, chit, own, theirs, secret=True)
    assert [e.data["what"] for e in r.play.log.events if e.kind == "decision"] == asked
    assert all(a != b for a, b in zip(whys, whys_secret, strict=True))  # the secret units count in its judgment
    assert seen_secret == seen
    r.c.stage = "ended"
    assert [e["why"] for e in events(r.play.log, r.c) if e["side"] != human and e["kind"] == "decision"] == whys_secret


class Player:
    """A human who answers as the computer would (the map as the stand-in model reports it), and, as a person's answers
    are logged, gives no reason."""

    human = True

    def __init__(self, game, seed: int):
        self.game, self.model = game, Model(seed)

    def answer(self, q):
        reply = self.model.answer(q) if q.side == "table" else self.game.decide(q.side, q)
        return Reply(q.parse(reply.value))


def human_save(path, cg: str, human: str, monkeypatch, scenarios: int | None = None) -> list[str]:
    """A save of ``cg`` CG I (seed 1) in which ``human`` plays the computer's other side, played up to its
    ``scenarios``-th CG scenario (None: to the CG End); the reasons of the computer's chit, Night and Counterattack."""
    make_sides = engine.make_sides

    def sides(game, defn, playing, seed, *rest):
        return make_sides(game, defn, playing, seed, *rest) | dict.fromkeys((playing, "table"), Player(game, seed))

    with monkeypatch.context() as m:
        m.setattr(engine, "make_sides", sides)
        log = EventLog.create(str(path), start_meta(cg, "I", human) | {"seed": 1})
        for _ in range(scenarios or 100):
            if run(log).campaign.stage == "ended":
                break
    return [e.data["why"] for e in log.events if e.kind == "decision" and e.side != human
            and e.data["what"] in ("initiative", "night", "counterattack")]


def cli(*args) -> str:
    out = CliRunner().invoke(solo_cli, args)
    assert out.exit_code == 0, out.output
    return out.output


@pytest.mark.parametrize("cg,human", [("rb", "Russian"), ("votg", "Russian"), ("abtf", "British")])
def test_the_cli_gives_the_computer_s_reasons_only_after_the_cg_end(pack, tmp_path, monkeypatch, cg, human):
    """While the CG runs, neither `solo cg status` nor `solo cg log` (text or --json) nor the export gives the
    reasons of the computer's chit (nor its figures); after the CG End `solo cg log --reveal` gives each in full."""
    pack(cg)
    path = tmp_path / "running.db"
    whys = human_save(path, cg, human, monkeypatch, scenarios=2)  # the first CG Day's chits are revealed
    seen = "\n".join(cli(*command, str(path), *options) for command in (("cg", "status"), ("cg", "log"))
                     for options in ((), ("--json",))) + cli("cg", "export", str(path))
    assert whys and "chits revealed" in seen and "CG ended" not in seen
    assert "scores" not in seen and not re.search(r"odds \d|strength \d", seen)
    assert not [why for why in whys if why in seen]
    ended = tmp_path / "ended.db"
    whys = human_save(ended, cg, human, monkeypatch)
    shown = cli("cg", "log", str(ended), "--reveal")
    assert "CG ended" in cli("cg", "status", str(ended)) and all(f"why: {why}" in shown for why in whys)
    assert [e["why"] for e in json.loads(cli("cg", "log", str(ended), "--reveal", "--json")) if e["kind"] == "decision"
            and e["side"] != human and e["what"] in ("initiative", "night", "counterattack")] == whys


# Issue 21: the computer keeps to what the rules let it see. It judges its opponent by solo/campaign/view.py seen_by,
# the opponent as the human sees the computer: his public units and Fortifications, not his OBA modules, observers,
# aircraft and Bombardments (Unit.secret) nor his mines, Dummies, HIP and Booby Traps (Fortification.secret); the
# same in a simulation, computer against computer.

SECRET_UNITS = (("100mm+ OBA Battalion ART", "oba"), ("Offboard Observer", "observer"), ("FB", "aircraft"),
                ("FB", "aircraft"), ("FB", "aircraft"), ("FB", "aircraft"), ("150mm Bombardment", "bombardment"))
SECRET_FORTIFICATIONS = (("A-P Mine", 24), ("?", 8), ("HIP squad", 3), ("Booby Traps", 1))

DECIDED = {  # the computer side's question (and its context beyond the RePh), by CG and key
    "initiative": lambda r: {"choices": ("Attack", "Idle")}, "night": lambda r: {},
    "counterattack": lambda r: {"left": 3}, "recon": lambda r: {"side": None}, "purchase": lambda r: {"side": None},
}


def judged(cg: str, computer: str, key: str, secret: bool, public: bool) -> tuple:
    """The computer's answer to ``key`` (value, why, the alternatives it weighed) on a CG Day where it has ten 4-6-7
    squads against the opponent's ten (OtO2: on its second CG Date, the Russian's armour seen in the first); with
    ``secret`` the opponent has the secret units and Fortifications too, with ``public`` five squads, three AFV and a
    Trench more."""
    if cg == "oto2":
        r = new_reph(cg="oto2")
        r.c.scenarios = [ScenarioResult(r.c.date, {"German": 0, "Russian": 0}, "German")]
    else:
        r = day_reph(cg, {"rb": "18 Oct", "votg": "15 Sept", "abtf": "18AM"}[cg], "I")
    human = r.c.other(computer)
    for name in (computer, human):
        for _ in range(10):
            r.c.sides[name].add("4-6-7", "squad")
    them = r.c.sides[human]
    if public:
        for _ in range(5):
            them.add("4-6-7", "squad")
        for _ in range(3):
            them.add("T-34/76", "vehicle")
        them.fortifications.append(Fortification(human, "Trench", 4, r.c.date))
    if secret:
        for type_, kind in SECRET_UNITS:
            them.add(type_, kind)
        them.fortifications += [Fortification(human, kind, n, r.c.date) for kind, n in SECRET_FORTIFICATIONS]
        assert all(u.secret for u in them.units[-len(SECRET_UNITS) :]) and all(
            f.secret for f in them.fortifications[-4:]
        )
    context = {"reph": r} | {k: r.c.sides[computer] if k == "side" else v for k, v in DECIDED[key](r).items()}
    reply = r.game.decide(computer, Question(key, r.c.step, computer, "", str, context))
    return reply.value, reply.why, reply.alternatives


@pytest.mark.parametrize("cg,computer,key", [
    ("rb", "German", "initiative"), ("rb", "Russian", "night"), ("rb", "German", "recon"),  # 11.623, 11.6234, 11.622
    ("votg", "German", "initiative"), ("votg", "Russian", "night"), ("votg", "Russian", "counterattack"),  # 12.625,
    ("abtf", "German", "initiative"),  # 9.6213                                                   12.6254, 12.613
    ("oto2", "German", "purchase"),  # 7.518: the flak it wants against the enemy aircraft, the AT against his AFV
])
def test_the_computer_judges_its_opponent_only_by_what_it_may_see(pack, cg, computer, key):
    """The computer's decision, value and reason, is the same whether or not its opponent owns secret units (OBA,
    observers, aircraft, Bombardments) and secret Fortifications (mines, Dummies, HIP, Booby Traps), which the rules
    keep from it as from the human; it changes with the opponent's public units and Fortifications."""
    if cg != "oto2":
        pack(cg)
    plain = judged(cg, computer, key, secret=False, public=False)
    assert judged(cg, computer, key, secret=True, public=False) == plain
    assert judged(cg, computer, key, secret=True, public=True) == judged(cg, computer, key, secret=False, public=True)
    assert judged(cg, computer, key, secret=False, public=True)[1:] != plain[1:]


# Issue 21: the log's hidden markers counted the computer's secret rolls (RB 11.620: an OBA module adds its Ammunition
# dr), and the numbers of the events after them did too; issue 36: a marker's presence told that one was made.
# view.events leaves them out, numbered in the order shown; an undo's answer and the dice it keeps are counted the same
# way.

def bought(path, buy: str, monkeypatch) -> None:
    """A RB CG I save (seed 1) whose human Russian has played the Initial RePh (answering as the computer would) up to
    the Initial Scenario; the computer German bought ``buy`` in it (11.619). Its secret key (random in a person's save)
    is fixed and every secret die of the computer shows 3, so that two such saves differ in nothing but the purchase
    (the secret stream is numbered by the events: one more secret roll would change the faces of the next ones)."""
    game, make_sides = campaign("rb"), engine.make_sides

    def german(side, q):
        if q.key == "purchase":
            return Reply(buy, "the fixture's purchase")
        return game.decide(side, q)

    def sides(game_, defn, playing, seed, *rest):
        return make_sides(game_, defn, playing, seed, *rest) | {"German": Computer("German", german),
                                                                  "Russian": Player(game, seed)}

    with monkeypatch.context() as m:
        m.setattr(engine, "make_sides", sides)
        m.setattr(store.secrets, "token_hex", lambda n: "5" * 2 * n)
        m.setattr(play, "secret_faces", lambda key, event: itertools.repeat(3))
        o = run(EventLog.create(str(path), start_meta("rb", "I", "Russian") | {"seed": 1}))
    assert o.campaign.stage == "scenario" and not o.campaign.scenarios


def human_reads(path) -> dict:
    """What the human reads of a save, by command: `solo cg log`, `cg status` (text and --json each), `cg export` (md
    and csv), the app's Campaign screen's data, and last `cg undo --json`."""
    seen = {" ".join(args): cli(*args[:2], str(path), *args[2:]) for args in
            (("cg", "log"), ("cg", "log", "--json"), ("cg", "status"), ("cg", "status", "--json"), ("cg", "export"),
             ("cg", "export", "--format", "csv"))}
    seen["app"] = app_data(run(EventLog.open(str(path)), frozen=True))
    seen["undo"] = cli("cg", "undo", str(path), "--json")
    return seen


def test_the_log_does_not_count_the_computer_s_secret_rolls(pack, tmp_path, monkeypatch):
    """RB 11.619/11.620: the German's purchase is secret (11.6192), its RG Strength and OBA Ammunition DRs are Secret
    DRs. Two saves that differ only in the German buying an OBA module beside its Infantry Company (I1 + O2 against
    I1) read the same to the human Russian before the CG End: the log (text and --json) leaves the German's secret
    events out, with no marker (issue 36), and numbers the events in the order shown, the status, the exports and the
    app's data are the same, and so is what an undo says (its answer's number, the dice it keeps). `cg log --reveal`
    is refused."""
    pack("rb")
    bought(tmp_path / "i1.db", "I1", monkeypatch)
    bought(tmp_path / "i1o2.db", "I1, O2", monkeypatch)
    secret = [e for e in EventLog.open(str(tmp_path / "i1o2.db")).events if e.secret and e.side == "German"]
    assert len(secret) > len(
        [e for e in EventLog.open(str(tmp_path / "i1.db")).events if e.secret and e.side == "German"]
    )
    assert any("OBA" in e.data.get("purpose", "") or "ammo" in json.dumps(e.data).lower() for e in secret)
    one, other = human_reads(tmp_path / "i1.db"), human_reads(tmp_path / "i1o2.db")
    for what in one:
        assert one[what] == other[what], what
    shown = json.loads(one["cg log --json"])
    assert not [e for e in shown if e["secret"] and e["side"] == "German"]  # issue 36: no marker either
    assert [e["seq"] for e in shown] == list(range(1, len(shown) + 1))
    assert one["cg log"].endswith("(the Germans' secret rolls and decisions are not shown until the CG End)\n")
    refused = CliRunner().invoke(solo_cli, ["cg", "log", str(tmp_path / "i1o2.db"), "--reveal"])
    assert refused.exit_code != 0 and "until the CG End" in refused.output + str(refused.exception)


def test_the_secret_units_are_numbered_apart():
    """Issue 21: a secret unit (an OBA module, observer, aircraft, Bombardment) numbered with the others left a gap in
    the ids the other side reads; from rules version 4 on they have their own sequence. A save of an older version
    numbers them as it did, so its answers and facts naming units still replay."""
    for secret_ids, ids in ((True, ["G1", "GS1", "G2", "GS2", "G3"]), (False, ["G1", "G2", "G3", "G4", "G5"])):
        s = SideState("German", 3, 2, secret_ids=secret_ids)
        added = [s.add("4-6-7", "squad"), s.add("100mm+ OBA", "oba"), s.add("4-6-7", "squad"),
                 s.add("FB", "aircraft"), s.add("9-1", "leader")]
        assert [u.id for u in added] == ids
    assert new_reph(cg="oto2").c.sides["German"].secret_ids
