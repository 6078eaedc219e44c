"""Counter definitions: what solo needs to put a new counter (an S?, a unit an S? Activated) into a VASL game.

VASSAL makes a counter from a PieceSlot of the module (its ``buildFile.xml``, older modules ``buildFile``): the
slot's text is an add-piece command ``+/null/type/state`` (solo/vasl/pieces.py), whose traits may name prototypes
(``prototype;Name``), each a PrototypeDefinition of the module holding more traits; VASSAL expands them when it
makes the counter, so a saved game holds the traits themselves (read in VASSAL's PieceSlot, PrototypeDefinition,
UsePrototype and PieceCloner). solo reads the player's own module (``--vasl-module``, else $SOLO_VASL_MODULE, else
``vasl_module`` in the config file), and without it falls back on a counter of the same kind already in the
player's game (a copy of it, as VASSAL's clone makes). Nothing of VASL's is shipped with solo."""

import os
import re
import xml.etree.ElementTree as ET
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from solo.core.content import remember, settings
from solo.core.errors import SoloError
from solo.vasl.pieces import Added, Layer, Trait
from solo.vasl.sequence import join, split

BUILD_FILES = ("buildFile.xml", "buildFile")
MODULE_DATA = "moduledata"
MAX_BUILD = 256 << 20  # VASL's buildFile is ~20 MB
MAX_NESTING = 16  # prototypes naming prototypes, deeper than any module's


def module_file(option: str | Path | None = None) -> Path | None:
    """--vasl-module FILE, else $SOLO_VASL_MODULE, else vasl_module in the config file; None when none is set."""
    chosen = option or os.environ.get("SOLO_VASL_MODULE") or settings().get("vasl_module")
    if not chosen:
        return None
    path = Path(str(chosen)).expanduser()
    if not path.is_file():
        raise SoloError(f"VASL module {path} does not exist (the .vmod file of your VASL install)")
    return path


def set_module(path: str) -> Path:
    """Make ``path`` the player's VASL module (vasl_module in the config file), as the app's New mission dialog does:
    a file that is not there or not a VASL module is refused and nothing is written."""
    chosen = module_file(path)
    if chosen is None:  # no path given, none in the environment or the config file
        raise SoloError("no VASL module given: name the .vmod file of your VASL install")
    read_module(chosen)
    remember("vasl_module", str(chosen))
    return chosen


def player_module(option: str | Path | None = None) -> "Definitions | None":
    """The counters of the player's VASL module (``module_file``), None when no module is set."""
    path = module_file(option)
    return read_module(path) if path else None


def _words(text: str) -> set[str]:
    """The words of a counter's name, its parenthesized notes left out: a Gun the mission writes "PaK 40 75L" is VASL's
    "75L AT PaK 40"."""
    return set(re.findall(r"[0-9a-z.\-/]+", re.sub(r"\(.*?\)", "", text.lower())))


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z?]", "", text.lower())


@dataclass(frozen=True)
class Definition:
    """A counter as a PieceSlot defines it: its name (the slot's entry name) and its traits, prototypes expanded."""

    name: str
    added: Added

    @property
    def side(self) -> str | None:
        return self.added.side

    @property
    def concealment(self) -> bool:
        """A "?" counter (VASL's Concealment trait)."""
        return bool(self.added.of_kind("concealment"))


class Definitions:
    """The counters solo may put into a game: the module's, then those already in the game (``extra``)."""

    def __init__(self, found: list[Definition], source: str, module_data: bytes | None = None):
        self.found, self.source, self.module_data = found, source, module_data  # the module's own moduledata

    def find(self, name: str, side: str | None) -> Definition | None:
        """The counter named ``name`` (a unit type, "4-6-7", or "?" for a concealment counter) of the nationality
        ``side`` (German, Russian ...): a name written alike first, else the first whose name starts with it."""
        want = _norm(name)
        if not want:
            return None
        fits = [d for d in self.found if side in (None, d.side)]
        if want == "?":
            return next((d for d in fits if d.concealment), None)
        words = _words(name)
        for test in (lambda d: _norm(d.name) == want or _norm(d.added.name) == want,
                     lambda d: _norm(d.added.name).startswith(want) or _norm(d.name).startswith(want),
                     lambda d: words <= _words(d.added.name) or words <= _words(d.name)):  # "Flak 38 20L (6)"
            found = next((d for d in fits if not d.concealment and test(d)), None)
            if found:
                return found
        for d in fits:  # a side of a counter: VASL's squads show each of their ELR steps by a layer that renames them
            if (shown := _showing(d.added, want)) is not None:
                return Definition(shown.name, shown)
        return None

    def plus(self, more: "Definitions") -> "Definitions":
        return Definitions(self.found + more.found, f"{self.source}, then {more.source}",
                           self.module_data or more.module_data)


def _showing(added: Added, want: str) -> Added | None:
    """``added`` with the layer level that renames it ``want`` shown, or None when no layer level does."""
    traits = list(added.traits)
    for n, trait in enumerate(traits):
        if trait.kind != "emb2":
            continue
        for level, name in enumerate(Layer.of(trait).names):
            if name and "+" not in name and _norm(name).startswith(want):
                traits[n] = Trait(trait.type, join([str(level + 1)] + split(trait.state, ";")[1:], ";"))
                return Added(added.id, tuple(traits))
    return None


def of_pieces(pieces: list[Added], source: str) -> Definitions:
    """Counters already in a game as definitions (the fallback when the module lacks one, or none is set)."""
    seen, found = set(), []
    for added in pieces:
        if added.is_stack or (added.name, added.side) in seen:
            continue
        seen.add((added.name, added.side))
        found.append(Definition(added.name, added))
    return Definitions(found, source)


def read_module(path: Path) -> Definitions:
    """Every PieceSlot of the VASL module at ``path``, prototypes expanded; one line for a file that is not one."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            build = next((n for n in BUILD_FILES if n in names), None)
            if build is None:
                raise SoloError(f"{path} is not a VASSAL module: it holds no buildFile.xml")
            data = _read(archive, build, MAX_BUILD, path)
            module_data = _read(archive, MODULE_DATA, 1 << 20, path) if MODULE_DATA in names else None
    except FileNotFoundError:
        raise SoloError(f"{path}: no such file") from None
    except zipfile.BadZipFile as exc:
        raise SoloError(f"{path} is not a VASL module (.vmod): not a zip archive, or a damaged one ({exc})") from None
    except (OSError, EOFError, zlib.error, NotImplementedError, RuntimeError, ValueError) as exc:
        raise SoloError(f"{path} is a damaged VASL module ({exc})") from None
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise SoloError(f"{path}: its buildFile is not readable XML ({exc})") from None
    prototypes = {e.get("name", ""): e.text or "" for e in root.iter() if e.tag.endswith(".PrototypeDefinition")}
    found = []
    for slot in root.iter():
        text = slot.text or ""
        if not slot.tag.endswith(".PieceSlot") or not text.startswith("+/"):
            continue
        try:
            added = Added.parse(text.strip())
            assert added is not None, "the slot's text starts with +/: an add-piece command"
            found.append(Definition(slot.get("entryName") or added.name, expand(added, prototypes)))
        except SoloError:
            continue  # a slot solo cannot read is one counter less, not a module refused
    if not found:
        raise SoloError(f"{path}: its buildFile defines no counters (PieceSlot): not a VASL module")
    return Definitions(found, str(path), module_data)


def _read(archive: zipfile.ZipFile, name: str, cap: int, path: Path) -> bytes:
    with archive.open(name) as handle:
        data = handle.read(cap + 1)
    if len(data) > cap:
        raise SoloError(f"{path}: its {name} is larger than the {cap:,} bytes solo reads")
    return data


def expand(added: Added, prototypes: dict[str, str], depth: int = 0) -> Added:
    """``added`` with each ``prototype;Name`` trait replaced by the named prototype's traits (its own basic piece left
    out), as VASSAL expands a counter it makes; a prototype the module lacks is left out."""
    if depth > MAX_NESTING:
        raise SoloError(f"prototypes nested more than {MAX_NESTING} deep")
    traits: list[Trait] = []
    for trait in added.traits:
        if trait.kind != "prototype":
            traits.append(trait)
            continue
        name = (trait.fields() + [""])[0]
        text = prototypes.get(name, "").strip()
        inner = Added.parse(text) if text.startswith("+/") else None
        if inner is not None:
            traits += expand(inner, prototypes, depth + 1).traits[:-1]
    return Added(added.id, tuple(traits))
