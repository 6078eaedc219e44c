"""Campaign state: both sides' OB, the CG Roster, the RG Purchase Record, the Force Organizer (7.15-7.16).

The state is what the RePh steps make of the event log; nothing here rolls a die.
"""

from dataclasses import dataclass, field

from solo.rules.units import SQUAD_EQUIVALENTS


class NoMoreDays(Exception):
    """Idle Days have reached the last CG Day: the CG ends without another scenario."""


PERSONNEL = ("squad", "hs", "crew", "leader", "hero", "armor-leader")
MMC = ("squad", "hs", "crew", "hero")  # the personnel that fight as Multi-Man Counters (a hero among them)


@dataclass
class Unit:
    """One counter of a side's OB (or a module/aircraft/bombardment that a RG gives)."""

    id: str  # "G12": the side's initial and a running number
    side: str
    type: str  # "4-6-7", "9-1", "HMG", "StuG IIIG", "75L (PaK 40)", "100mm+ OBA" ...
    # squad | hs | crew | leader | hero | armor-leader | sw | gun | vehicle | cupola | oba | observer | cbm | aircraft |
    # bombardment | truck
    kind: str
    rg: int = 0  # the RG Purchase Record line it came with (0: none)
    status: str = "Retained"  # Retained | Eliminated | Evacuated
    isolated: str = ""  # the Isolated Area type (7.506): "A" .. "D"
    flags: set[str] = field(default_factory=set)
    detail: dict = field(default_factory=dict)

    @property
    def retained(self) -> bool:
        return self.status == "Retained"

    @property
    def secret(self) -> bool:
        return self.kind in SECRET_KINDS

    @property
    def description(self) -> str:
        """Its type and state, without its id: "4-6-7 (Isolated C, wounded)"."""
        extra = sorted(self.flags) + ([f"Isolated {self.isolated}"] if self.isolated else [])
        extra += [f"{k} {v}" for k, v in sorted(self.detail.items())]
        return self.type + (f" ({', '.join(extra)})" if extra else "")

    @property
    def label(self) -> str:
        return f"{self.id} {self.description}"

    def to_json(self) -> dict:
        return {"id": self.id, "type": self.type, "kind": self.kind, "rg": self.rg, "status": self.status,
                "isolated": self.isolated or None, "flags": sorted(self.flags), "detail": self.detail}


@dataclass
class Purchase:
    """One line of the RG Purchase Record (7.5189)."""

    line: int
    rg: str  # the RG ID: "I1", "V4" ...
    title: str
    date: str
    cpp: int
    given: bool = False  # given in the Initial Scenario OB (7.4): never counts against a maximum
    strength: str = ""  # Full | Depleted | "" (NA)
    units: list[str] = field(default_factory=list)
    sw: list[str] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)
    options: dict = field(default_factory=dict)  # offboard, prereg, observer_level, trucks

    def to_json(self) -> dict:
        return {"id": self.rg, "line": self.line, "title": self.title, "date": self.date, "cpp": self.cpp,
                "strength": self.strength or None, "units": self.units, "sw": self.sw, "leaders": self.leaders,
                "given": self.given, "options": self.options}


@dataclass
class RosterLine:
    """One side's line of the CG Roster for one CG Date (7.5152, 7.518, 7.5225)."""

    date: str
    start: int = 0
    repl: int = 0
    total: int = 0
    spent: int = 0
    left: int = 0
    elr: int = 0
    san: int = 0
    historical_drm: int = 0
    recon: int | None = None
    fpp: int = 0
    fortifications: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"cpp": {"start": self.start, "repl": self.repl, "total": self.total, "spent": self.spent,
                        "left": self.left},
                "elr": self.elr, "san": self.san, "historical_drm": self.historical_drm, "recon": self.recon,
                "fpp": self.fpp, "fortifications": self.fortifications}


SECRET_FORTIFICATIONS = ("Mine", "Minefield", "?", "HIP", "Booby")
# Units kept from the other side until the rules reveal them: OBA modules (their ammunition and pre-registered hexes,
# C1), Offboard Observers and their counters, aircraft (until they arrive, E7) and Bombardments.
SECRET_KINDS = ("oba", "observer", "cbm", "aircraft", "bombardment")


@dataclass
class Fortification:
    side: str
    kind: str  # "Trench", "Wire", "AP Mine" (factors in count), "Minefield hex (3 AT, 6 AP)" ...
    count: int
    date: str
    given: bool = False  # in the Initial Scenario OB (7.4), not purchased
    fpp: int = 0  # what it is worth in FPP: the price the CG's Fortification table puts on it (a minefield RG: the FPP
    # its CPP would buy); what the stand-in scenario model counts (solo/campaign/model.py)

    @property
    def label(self) -> str:
        return f"{self.kind} x{self.count}"

    @property
    def secret(self) -> bool:
        """Kept from the other side until revealed: mines (B28.1, recorded secretly), Dummies ("?", A12.1), HIP
        (A12.3), Booby Traps; not those of the printed Initial OB (7.4), which both sides read."""
        return not self.given and any(word in self.kind for word in SECRET_FORTIFICATIONS)


@dataclass
class SideState:
    name: str
    elr: int
    san: int
    cpp: int = 0  # the current CPP total (the "Left" column once purchases are made)
    fpp: int = 0  # unspent FPP of the current RePh (forfeited after 7.520)
    units: list[Unit] = field(default_factory=list)
    purchases: list[Purchase] = field(default_factory=list)
    roster: dict[str, RosterLine] = field(default_factory=dict)
    fortifications: list[Fortification] = field(default_factory=list)
    issued: int = 0  # unit ids given so far: an id is never given twice, even after a capture took a unit away
    secret_ids: bool = False  # the secret units (Unit.secret) are numbered apart: saves of rules version 4 on
    issued_secret: int = 0  # their ids given so far

    def unit(self, unit_id: str) -> Unit | None:
        for u in self.units:  # as written first: the engine's own lookups
            if u.id == unit_id:
                return u
        if unit_id.isupper():  # ids are upper case ("G12", "GS1"): only one typed otherwise may match another way
            return None
        key = unit_id.lower()
        return next((u for u in self.units if u.id.lower() == key), None)

    def known(self, unit_id: str) -> Unit:
        """The unit ``unit_id`` that an answer's parse or the facts' check has already found in this side's OB."""
        unit = self.unit(unit_id)
        assert unit is not None, f"{self.name} has no unit {unit_id!r}: its check let it through"
        return unit

    def retained(self, *kinds: str) -> list[Unit]:
        if kinds:  # read in every step and weighing: the status compared inline (issue 36: speed)
            return [u for u in self.units if u.status == "Retained" and u.kind in kinds]
        return [u for u in self.units if u.status == "Retained"]

    def counters(self) -> list[Unit]:
        """Retained units with a counter on the map: not the off-board OBA modules, observers, aircraft and
        Bombardments the rules keep secret (Unit.secret; issue 21: a public line counting them told the other side
        how many there are)."""
        return [u for u in self.retained() if not u.secret]

    def squad_equivalents(self, isolated: bool | None = None) -> float:
        return sum(SQUAD_EQUIVALENTS.get(u.kind, 0) for u in self.retained()
                   if isolated is None or bool(u.isolated) == isolated)

    def next_id(self, secret: bool = False) -> str:
        """A new unit id of this side ("G71"), never one given before (issue 20.10: after a capture, ids counted by the
        units left repeated one still in use). With ``secret_ids`` a secret unit's is of its own sequence ("GS1"):
        numbered with the others, it left a gap in the ids the other side sees, which counted the OBA modules,
        observers, aircraft and Bombardments bought in secret (issue 21)."""
        if secret and self.secret_ids:
            self.issued_secret += 1
            return f"{self.name[0]}S{self.issued_secret}"
        if len(self.units) > self.issued + self.issued_secret:  # units added without an id of ours (a test's): never
            # below their count (issue 36: counted at every id, a tenth of a campaign's time)
            self.issued = max(self.issued, sum(1 for u in self.units if not (self.secret_ids and u.secret)))
        self.issued += 1
        return f"{self.name[0]}{self.issued}"

    def add(self, type_: str, kind: str, rg: int = 0, **detail) -> Unit:
        unit = Unit(self.next_id(kind in SECRET_KINDS), self.name, type_, kind, rg, detail=dict(detail))
        self.units.append(unit)
        return unit

    def bought(self, rg: str, date: str | None = None) -> int:
        """RG of this ID purchased (not OB-given) in the CG, or on ``date`` (7.5187-7.5188)."""
        return sum(1 for p in self.purchases if p.rg == rg and not p.given and (date is None or p.date == date))


@dataclass
class ScenarioResult:
    """A CG scenario's outcome, from the facts of the map (OtO2 7.5031, RB 11.6031, VotG 12.6031 ...)."""

    date: str
    cvp: dict[str, int]  # CVP earned by each side (the other side's losses)
    winner: str = ""  # a side, "none" (ABtF 9.6211: no scenario winner) or "" (not yet determined)
    type: str = ""  # the scenario type the Initiative generated (RB 11.6233 ...); "" in OtO2
    lvp: int = 0  # OtO2: LVP the Russians Control at its end
    evp: int = 0  # OtO2
    vp: int = 0  # OtO2: the Russians' CG VP total at its end
    scenario_vp: int = 0  # OtO2: VP the Russians earned in it

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Campaign:
    cg: str
    dates: tuple[str, ...]
    human: str  # a side's name ("Russian", "German", "British") or "none"
    sides: dict[str, SideState]
    date: str
    variant: str = ""  # the CG of a family: RB "I" .. "RO III", VotG "I" .. "IV" ("" in OtO2)
    weather: dict[str, str] = field(default_factory=dict)
    ec: dict[str, str] = field(default_factory=dict)
    scenarios: list[ScenarioResult] = field(default_factory=list)
    stage: str = "initial"  # initial (7.4 set-up) | scenario (being played) | reph | ended
    step: str = ""  # the rule of the step in progress
    done: list[str] = field(default_factory=list)  # steps completed in the current RePh
    facts: dict = field(default_factory=dict)  # what happened on the map in the last scenario
    record: list[dict] = field(default_factory=list)  # what each step did, in a player's words (Reph.say)
    game_end: dict | None = None  # the last CG4 Game End dr
    result: dict | None = None
    flags: set[str] = field(default_factory=set)  # campaign-wide states: "counterattack", "booby-traps:B" ...
    initiative: dict | None = None  # the current CG Day's Initiative (RB 11.623, VotG 12.625, ABtF 9.6213)
    history: list[dict] = field(default_factory=list)  # every Initiative of the CG, Idle Days included

    @property
    def chits(self) -> dict[str, dict[str, int]]:
        """Attack and Idle chits each side has picked so far in the CG (RB 11.6231, VotG 12.6251, ABtF 9.62131); not the
        Idle a side stood with none left (``no_chit``)."""
        return {side: {chit: sum(1 for i in self.history if i.get("chits", {}).get(side) == chit
                                 and side not in i.get("no_chit", ())) for chit in ("Attack", "Idle")}
                for side in self.sides}

    @property
    def idle_days(self) -> int:
        """Idle Days since the last completed scenario: the Initiatives since the last one that generated a scenario."""
        days = 0
        for i in reversed(self.history):
            if i.get("type") != "Idle Day":
                break
            days += 1
        return days

    def unit(self, unit_id: str, index: dict[str, Unit] | None = None) -> Unit | None:
        """The unit ``unit_id`` of either side (SideState.unit, the sides in order); ``index`` (by_id) finds it at
        once where many ids are looked up while no unit changes side or id (issue 36: the facts' ids were a tenth of
        a campaign's time)."""
        found = index.get(unit_id) if index is not None else None
        return found or next((u for s in self.sides.values() if (u := s.unit(unit_id))), None)

    def by_id(self) -> dict[str, Unit]:
        """Every unit by its id as written, the first of the sides in order (as SideState.unit finds it)."""
        index: dict[str, Unit] = {}
        for s in self.sides.values():
            for u in s.units:
                index.setdefault(u.id, u)
        return index

    def other(self, side: str) -> str:
        names = list(self.sides)
        return names[1 - names.index(side)]

    def next_date(self) -> None:
        """A new CG Day/Date (RB 11.6121 ...): the next of the campaign's dates, its CG Roster lines started from the
        CPP each side has left."""
        if self.is_last_date:
            raise NoMoreDays()
        self.date = self.dates[self.dates.index(self.date) + 1]
        for s in self.sides.values():
            s.roster[self.date] = RosterLine(self.date, start=s.cpp, total=s.cpp, elr=s.elr, san=s.san)

    @property
    def cvp_total(self) -> dict[str, int]:
        """CVP earned by each side since the start of the CG."""
        return {side: sum(s.cvp.get(side, 0) for s in self.scenarios) for side in self.sides}

    def cvp_suffered(self, side: str) -> int:
        """CVP ``side`` has suffered since the start of the CG (7.516): what the other side earned."""
        return self.cvp_total[self.other(side)]

    @property
    def evp_total(self) -> int:
        return sum(s.evp for s in self.scenarios)

    @property
    def last(self) -> ScenarioResult | None:
        return self.scenarios[-1] if self.scenarios else None

    def won_last(self, side: str) -> bool:
        return bool(self.scenarios) and self.scenarios[-1].winner == side

    @property
    def is_last_date(self) -> bool:
        return self.date == self.dates[-1]

    @property
    def dates_left(self) -> int:
        """Scenarios still to play, the current date's included."""
        return len(self.dates) - self.dates.index(self.date)
