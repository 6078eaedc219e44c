"""Policies to measure the computer's judgment against (issue 21): `solo cg simulate --german random --russian greedy`.

A policy is a decider like the game's own computer (solo/games/<game>/computer.py, handed to the Computer side):
``decider(name, heuristic, side, seed)`` gives, for a side, its answer to each question of the RePh.

- ``heuristic``: the game's computer itself.
- ``random`` (random-legal): a uniformly random legal choice at each question. A purchase is built one RG at a time,
  each time uniformly among the RGs that the question's own parser still accepts and "stop" (so most of the CPP is
  usually spent, not always); fortifications the same, kind by kind; a question with a few answers (yes/no, a chit,
  keep/execute/free, roll/exchange, a DRM, Recon 0-2, a unit of a stack) one of its legal answers; a choice of units
  (Escape, Battle Hardening, Removal, Wrecks, re-manning, Commissars) a random subset (each unit a coin toss; the
  required ones added; Battle Hardening exactly its count), drawn again until the parser accepts it.
- ``exploit`` (the exploiter, issue 36): a player who has watched the computer play 50 earlier campaigns (seeds
  EARLIER, computer against computer, the computer's side played as by its heuristic: ``habits``) and plays to
  punish what he learned: he buys nothing against what the computer never fielded in them (flak when it never
  bought aircraft, a Counter Battery module when it never bought OBA) and spends those CPP on infantry instead, and he
  picks his Initiative chit against the one the computer picked on that CG Day in at least HABIT percent of them:
  Attack when it stood Idle (his Assault, on ground he chose), Idle when it attacked (its Assault against him dug in);
  without such a habit the heuristic's chit. He spends the CPP he saves against the computer's usual mine split
  (_against_the_split). Every other question the heuristic answers.
- ``greedy`` (greedy-cheapest): buys the cheapest legal RG (its chart CPP, then its ID) again and again until none is
  legal (its CPP have run out or every maximum is reached), fortifications the same; at any other question the first
  legal option: the question's default answer when it is legal, else the first of its answers (no unit chosen where
  none must be; Battle Hardening the first units listed).

Every answer is checked by the question's parser before it is given, and again by the engine (Play.ask); nothing here
edits the games' computers. An ABtF Shift is always declined by both policies (its paths are not enumerable from
the question), and a question no policy knows is answered by the heuristic (its why says so).
"""

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from solo.campaign.reph import Reph
from solo.core.errors import SoloError
from solo.core.play import Question, Reply

Decide = Callable[[str, Question], Reply]
POLICIES = ("heuristic", "random", "greedy", "exploit")
EARLIER = range(100_001, 100_051)  # the campaigns the exploiter learned the computer's habits from
HABIT = 80  # percent: a chit the computer picked at least this often on a CG Day is a habit the exploiter punishes
# (issue 36: against the chit it picked more often, even 51%, the exploiter lost more than the heuristic: RB, the
# computer's German won 55% of 100 campaigns against it, 43% against the heuristic)
COUNTERS = {"aa": "air", "cbm": "oba"}  # a RG's role -> the enemy's role it is only good against
YES_NO = ("mg_exchange", "free_prisoners", "counterattack", "night")
FEW = {"prisoners": ("keep", "execute", "free"), "promotion": ("roll", "exchange 8-0", "exchange 8-1"),
       "leader_hardening": ("roll", "exchange 8-0", "exchange 8-1"), "won_drm": (-2, -1, 0), "recon": (0, 1, 2)}
TRIES = 30  # random subsets drawn before the least answer is taken


def decider(name: str, heuristic: Decide, side: str, seed: int) -> Decide:
    """The decider of policy ``name`` for ``side`` in the campaign of ``seed`` (its draws are that campaign's own)."""
    if name not in POLICIES:
        raise SoloError(f"no policy {name!r}: choose one of {', '.join(POLICIES)}")
    if name == "heuristic":
        return heuristic
    if name == "exploit":
        return lambda who, q: exploit(q, heuristic(who, q))
    rng = random.Random(f"{name}:{side}:{seed}") if name == "random" else None

    def decide(who: str, q: Question) -> Reply:
        return answer(q, rng, lambda: heuristic(who, q))
    return decide


def answer(q: Question, rng: random.Random | None, heuristic: Callable[[], Reply]) -> Reply:
    """The policy's answer (``rng`` None: greedy-cheapest) to ``q``."""
    label = "random-legal" if rng else "greedy-cheapest"
    if q.key == "purchase":
        return _basket(q, rng, label)
    if q.key == "fortifications":
        return _fortifications(q, rng, label)
    options = _options(q)
    if options is not None:
        legal = [o for o in options if _legal(q, o)]
        if legal:
            pick = rng.choice(legal) if rng else _first(q, legal)
            return Reply(pick, f"{label}: {pick!r} of the legal {legal}", tuple((str(o), "legal") for o in legal))
    subset = _subset(q, rng)
    if subset is not None:
        return Reply(subset, f"{label}: {subset!r}")
    reply = heuristic()
    return Reply(reply.value, f"{label} has no enumeration of {q.key!r}: the heuristic answers. {reply.why}",
                 reply.alternatives)


def _legal(q: Question, raw) -> bool:
    try:
        q.parse(raw)
    except SoloError:
        return False
    return True


def _first(q: Question, legal: list):
    """The question's default answer when it is legal (what Enter answers), else the first legal one."""
    try:
        default = q.parse_typed(q.default)
    except SoloError:
        return legal[0]
    return next((o for o in legal if o == default), legal[0])


def _options(q: Question) -> list | None:
    """The few answers of a one-choice question, or None."""
    if q.key in YES_NO:
        return [False, True]
    if q.key in FEW:
        return list(FEW[q.key])
    if "choices" in q.context:  # the answers the question lists (the Initiative chits a side has left)
        return list(q.context["choices"])
    if q.key == "random_selection":
        return [u.id for u in q.context["units"]]
    return None


def _subset(q: Question, rng: random.Random | None):
    """A choice of units (or items): random subsets until one is legal; greedy (or none legal): the least."""
    ctx = q.context
    candidates: list[Any]
    least: Any
    if q.key == "battle_harden":
        ids = [u.id for u in ctx["units"]]
        candidates = [rng.sample(ids, min(ctx["count"], len(ids))) for _ in range(TRIES)] if rng else []
        least = ids[: ctx["count"]]
    elif q.key == "escape":
        ids, must = [u.id for u in ctx["units"]], list(ctx.get("must", []))
        candidates = [must + [i for i in ids if i not in must and rng.random() < 0.5] for _ in range(TRIES)] if rng \
            else []
        least = must
    elif q.key in ("removal", "abandon"):
        ids = list(range(1, len(ctx["items"]) + 1)) if q.key == "removal" else [u.id for u in ctx["units"]]
        candidates = [[i for i in ids if rng.random() < 0.5] for _ in range(TRIES)] if rng else []
        least = []
    elif q.key == "commissars":
        new: list = ctx.get("leaders") or ctx["units"]
        most = ctx.get("most", ctx.get("room", 0))
        picks = [rng.sample(new, rng.randint(0, min(most, len(new)))) for _ in range(TRIES)] if rng else []
        if "leaders" in ctx:  # RB 11.6206: new leader = Commissar type
            candidates = [{u.id: rng.choice(ctx["types"]) for u in p} for p in picks] if rng else []
            least = {}
        else:
            candidates, least = [[u.id for u in p] for p in picks], []
    elif q.key == "remann":
        candidates = []
        for _ in range(TRIES if rng else 0):
            assert rng is not None  # TRIES draws with a rng, none without
            crews = rng.sample(ctx["units"], len(ctx["units"]))
            candidates.append([f"{v.id}={crews.pop().id}" for v in ctx["vehicles"] if crews and rng.random() < 0.5])
        least = []
    elif q.key == "shift":
        candidates, least = [], []
    else:
        return None
    return next((c for c in candidates if _legal(q, c)), least if _legal(q, least) else None)


def _basket(q: Question, rng: random.Random | None, label: str) -> Reply:
    """RGs one at a time: uniformly among the legal next ones and stopping (random), or the cheapest legal (greedy),
    each tested whole by the question's parser (its maxima, its CPP)."""
    r: Reph = q.context["reph"]
    chart = sorted(r.chart(q.side).values(), key=lambda g: (g.cpp, g.id))
    bought: list[str] = []
    while True:
        if rng:
            legal = [g for g in chart if _legal(q, ", ".join(bought + [g.id]))]
            pick = rng.choice(legal + [None])
        else:
            pick = next((g for g in chart if _legal(q, ", ".join(bought + [g.id]))), None)
        if pick is None:
            break
        bought.append(pick.id)
    text = ", ".join(bought) or "none"
    return Reply(text, f"{label}: buys {text}" + ("" if rng else " (the cheapest legal RG while any is legal)"))


def _fortifications(q: Question, rng: random.Random | None, label: str) -> Reply:
    costs = q.context["costs"]  # FPP of one of each kind the side may buy, as the game's question gives them
    kinds = sorted(costs, key=lambda k: (costs[k], k))
    bought: dict[str, int] = {}
    while True:
        def more(kind, bought=bought):
            return bought | {kind: bought.get(kind, 0) + 1}
        if rng:
            legal = [k for k in kinds if _legal(q, more(k))]
            pick = rng.choice(legal + [None])
        else:
            pick = next((k for k in kinds if _legal(q, more(k))), None)
        if pick is None:
            break
        bought = more(pick)
    return Reply(bought, f"{label}: " + (", ".join(f"{k} x{n}" for k, n in bought.items()) or "nothing"))


# --- the exploiter (issue 36) ------------------------------------------------------------------------------------

@cache
def habits(cg: str, variant: str, computer: str) -> dict:
    """What the ``computer`` side did in the EARLIER campaigns of ``cg`` (computer against computer): the roles of the
    RGs it bought at least once, and for each CG Day (by its place in the CG) how often it picked Attack, of how many
    picks."""
    from solo.campaign.simulate import simulate_campaign
    from solo.games import campaign  # the registry imports this module
    game, roles, mines = campaign(cg), set(), {"AT Mine": 0, "AP Mine": 0}
    chits: dict[int, tuple[int, int]] = {}
    for seed in EARLIER:
        c = simulate_campaign(game, seed, variant=variant or None).campaign
        s = c.sides[computer]
        chart = game_chart(c, game, computer)
        roles |= {chart[p.rg].role for p in s.purchases if not p.given and p.rg in chart}
        for f in s.fortifications:  # its usual split (7.520): shown at the CG End of each earlier campaign
            if f.kind in mines:
                mines[f.kind] += f.count
        for i in c.history:
            if computer in i.get("chits", {}):
                place = c.dates.index(i["date"])
                attacks, picks = chits.get(place, (0, 0))
                chits[place] = (attacks + (i["chits"][computer] == "Attack"), picks + 1)
    return {"roles": roles, "chits": chits, "mines": mines}


def game_chart(c, game, side: str) -> dict:
    """``side``'s RG chart in the campaign ``c`` of ``game``."""
    from solo.campaign.rg import rg_chart
    from solo.rules import default_catalog
    return rg_chart(default_catalog(), game.definition.tables["rg_chart"][side], side, c.variant)


def exploit(q: Question, reply: Reply) -> Reply:
    """The exploiter's answer: the heuristic's ``reply`` to ``q``, but for the purchase and the chit (the module's
    docstring)."""
    r: Reph | None = q.context.get("reph")
    if r is None or q.key not in ("purchase", "initiative"):
        return reply
    computer = r.c.other(q.side)
    seen = habits(r.c.cg, r.c.variant, computer)
    if q.key == "initiative":
        attacks, picks = seen["chits"].get(r.c.dates.index(r.c.date), (0, 0))
        choices = q.context["choices"]
        habit = picks and max(attacks, picks - attacks) * 100 >= HABIT * picks
        if not habit:  # no habit to punish on this CG Day: the heuristic's own judgment of the odds
            return Reply(reply.value, f"exploit: the {computer} computer picked Attack {attacks} times in {picks} on "
                         f"this CG Day of {len(EARLIER)} earlier campaigns, no habit ({reply.why})", reply.alternatives)
        pick = "Idle" if attacks * 2 > picks else "Attack"
        pick = pick if pick in choices else choices[0]
        return Reply(pick, f"exploit: the {computer} computer picked Attack {attacks} times in {picks} on this CG "
                     f"Day of {len(EARLIER)} earlier campaigns, so {pick}")
    chart = r.chart(q.side)
    items = list(reply.value) if isinstance(reply.value, list) else []
    wasted = [i for i in items if COUNTERS.get(chart[_rg(i)].role) not in (None, *seen["roles"])]
    if not wasted:
        return Reply(reply.value, f"exploit: the heuristic's purchase ({reply.why})", reply.alternatives)
    kept = [i for i in items if i not in wasted]
    role, split = _against_the_split(seen["mines"])
    wanted = sorted((g for g in chart.values() if g.role == role), key=lambda g: (-g.cpp, g.id))
    for g in wanted:  # the dearest first, as long as the purchase's own parser accepts it
        while _legal(q, kept + [g.id]):
            kept.append(g.id)
    return Reply(kept, f"exploit: drops {', '.join(_rg(i) for i in wasted)} (the {computer} computer never fielded "
                 f"what they counter in {len(EARLIER)} earlier campaigns) for {role}{split}")


def _against_the_split(mines: dict[str, int]) -> tuple[str, str]:
    """What the exploiter buys with the CPP it saves, against the computer's usual split of its mines (issue 36: the
    split told the Russian the German mines): armour where it laid mostly AP mines (its tanks then cross safely), else
    infantry."""
    at, ap = mines.get("AT Mine", 0), mines.get("AP Mine", 0)
    if ap > 2 * at:
        return "armor", f": it laid {ap} AP Mine factors to {at} AT in them, so its tanks are safer than its infantry"
    return "infantry", ""


def _rg(item) -> str:
    return item["rg"] if isinstance(item, dict) else str(item).split()[0]
