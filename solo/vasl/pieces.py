"""The pieces of a saved game: VASSAL's add-piece commands and the traits of each piece.

An add-piece command is ``+/id/type/state`` joined with ``/``. A piece is a stack of traits (VASSAL's decorators),
outermost first: its type joins each trait's type with the inner ones' by a tab, and its state each trait's state
the same way; the innermost is the basic piece, ``piece;clone key;delete key;image;name`` with the state
``map;x;y;...``. A stack's type is ``stack`` and its state ``map;x;y;id;id;...`` (its pieces, bottom first). What
each trait means was read in VASSAL's and VASL's source (Embellishment, Hideable, Obscurable, VASL's Concealable
and Concealment, Labeler, Marker)."""

from dataclasses import dataclass
from functools import cached_property

from solo.core.errors import SoloError
from solo.vasl.sequence import join, split

ADD = "+/"

# VASL's counter image folders and Concealable nationalities that name a side (VASL's nationality codes).
NATIONS = {"ge": "German", "ru": "Russian", "am": "American", "br": "British", "fr": "French", "it": "Italian",
           "ja": "Japanese", "fi": "Finnish", "ch": "Chinese", "ax": "Axis Minor", "al": "Allied Minor"}

# The words of an active layer (an embellishment level written "+ word" or "word +") that are a unit's state in ASL;
# any other such word (a vehicle's CA, a phase) is kept as it is written.
STATUS = {"broken": "broken", "malf": "malfunctioned", "berserk": "berserk", "fanatic": "fanatic",
          "heroic": "heroic", "wnd": "wounded", "dm": "dismantled", "dismantled": "dismantled", "bu": "BU", "ce": "CE"}
# Marker counters VASL places on a unit (its placemark traits and the markers its MassRemover clears): above a unit in
# its stack, they mark the unit under them.
MARKERS = {"CX": "CX", "DM": "DM", "Pin": "pinned", "Motion": "motion", "TI": "TI", "T/I": "TI",
           "Prep Fire": "Prep Fire", "First Fire": "First Fire", "Final Fire": "Final Fire",
           "Bnd. Fire": "Bounding Fire",
           "Opp. Fire": "Opportunity Fire", "Adv. Fire": "Advancing Fire", "Int. Fire": "Intensive Fire"}


@dataclass(frozen=True)
class Trait:
    """One trait of a piece: its type and its state, each as VASSAL wrote it."""

    type: str
    state: str

    @property
    def kind(self) -> str:
        """The trait's id: ``emb2``, ``hide``, ``conceal``, ``label``, ``piece`` ..."""
        return self.type.split(";", 1)[0]

    def fields(self) -> list[str]:
        return split(self.type[len(self.kind) + 1:], ";")


MAX_TRAITS = 200  # a piece of more traits is refused (VASL's counters have at most ~50; issue 40)


def chain(text: str) -> list[str]:
    """The per-trait strings of a type or state, outermost first."""
    out = []
    while True:
        head, *rest = split(text, "\t")
        out.append(head)
        if not rest:
            return out
        if len(out) >= MAX_TRAITS:
            raise SoloError(f"a counter of more than {MAX_TRAITS} traits: not a VASL saved game solo reads")
        text = rest[0]


def unchain(parts: list[str]) -> str:
    text = parts[-1]
    for head in reversed(parts[:-1]):
        text = join([head, text], "\t")
    return text


@dataclass(frozen=True)
class Layer:
    """An Embellishment (VASSAL's layer trait): its level names and images, and which level shows."""

    images: list[str]
    names: list[str]
    name: str  # the layer's own name
    value: int  # the level shown (1 first); not active when <= 0 unless always active
    always: bool

    @classmethod
    def of(cls, trait: Trait) -> "Layer":
        f = trait.fields() + [""] * 26
        try:
            value = int(split(trait.state, ";")[0])
        except ValueError:
            value = -1
        images = split(f[15], ",") if f[15] else []
        names = split(f[16], ",") if f[16] else []
        return cls(images, names + [""] * (len(images) - len(names)), f[18], value, f[25] == "true")

    @property
    def level(self) -> int | None:
        """The index of the level shown, or None when the layer shows nothing."""
        level = abs(self.value) if self.always else self.value
        return level - 1 if 0 < level <= max(len(self.images), len(self.names)) else None

    def level_name(self) -> tuple[str, str] | None:
        """(text, how) of the level shown: how is "=" when it replaces the piece's name, "+" when it adds a word."""
        if self.level is None or self.level >= len(self.names) or not self.names[self.level].strip():
            return None
        parts = split(self.names[self.level], "+")
        if len(parts) == 1:
            return parts[0].strip(), "="
        return (parts[0] or parts[1]).strip(), "+"


@dataclass(frozen=True)
class Added:
    """An add-piece command: the piece's id and traits, outermost first (the basic piece or stack last)."""

    id: str
    traits: tuple[Trait, ...]

    @classmethod
    def parse(cls, text: str) -> "Added | None":
        """The add-piece command ``text``, or None for any other command."""
        if not text.startswith(ADD):
            return None
        id_, type_, state = (split(text[len(ADD):], "/") + ["", ""])[:3]
        types, states = chain(type_), chain(state)
        states += [""] * (len(types) - len(states))
        return cls(id_, tuple(Trait(t, s) for t, s in zip(types, states, strict=False)))

    def encode(self) -> str:
        return ADD + join([self.id, unchain([t.type for t in self.traits]), unchain([t.state for t in self.traits])],
                          "/")

    @property
    def basic(self) -> Trait:
        return self.traits[-1]

    @property
    def is_stack(self) -> bool:
        return self.basic.type == "stack"

    @cached_property
    def place(self) -> tuple[str | None, int, int]:
        """(map, x, y) of the piece as its basic piece or stack state says; map None: on no map."""
        fields = split(self.basic.state, ";") + ["", ""]
        try:
            return (None if fields[0] in ("null", "") else fields[0]), int(fields[1] or 0), int(fields[2] or 0)
        except ValueError:
            return None, 0, 0

    @property
    def stacked(self) -> list[str]:
        """A stack's pieces, bottom first."""
        fields = split(self.basic.state, ";")
        return [f for f in fields[3:] if f and not f.startswith("@@")]

    def placed(self, map_name: str, x: int, y: int, pieces: list[str] | None = None) -> "Added":
        """This command with the piece (or stack, holding ``pieces`` when given) at ``x``, ``y`` of ``map_name``."""
        fields = split(self.basic.state, ";")
        fields = [map_name, str(x), str(y)] + fields[3:]
        if pieces is not None:
            fields = fields[:3] + pieces + [f for f in fields[3:] if f.startswith("@@")]
        return Added(self.id, self.traits[:-1] + (Trait(self.basic.type, join(fields, ";")),))

    def of_kind(self, kind: str) -> list[Trait]:
        return [t for t in self.traits if t.kind == kind]

    def layers(self) -> list[Layer]:
        """The Embellishments, innermost first (the order VASSAL applies them to the name)."""
        return [Layer.of(t) for t in reversed(self.traits) if t.kind == "emb2"]

    @cached_property
    def name(self) -> str:
        """The counter's name: its basic name as its active layers rename it (an ELR step, a squad's other side),
        leaving out the words they add (``broken``, ``BU``: its traits) and any label written on it."""
        name = split(self.basic.type, ";")[-1] if not self.is_stack else "stack"
        for layer in self.layers():
            shown = layer.level_name()
            if shown and shown[1] == "=":
                name = shown[0]
        return name

    @cached_property
    def image(self) -> str:
        """The image seen on top: the outermost active layer's image, else the basic piece's."""
        for layer in reversed(self.layers()):
            if layer.level is not None and layer.level < len(layer.images) and layer.images[layer.level].strip():
                return layer.images[layer.level]
        fields = split(self.basic.type, ";")
        return fields[3].strip() if len(fields) > 3 else ""

    @cached_property
    def side(self) -> str | None:
        """The nationality the piece says: its concealment nationality, else its images' VASL nation folder."""
        for trait in self.traits:
            if trait.kind in ("conceal", "concealment"):
                nation = (trait.fields() + ["", ""])[2 if trait.kind == "conceal" else 1]
                if nation in NATIONS:
                    return NATIONS[nation]
        images = [self.image, *(image for layer in self.layers() for image in layer.images)]
        for image in images:
            folder = image.split("/", 1)[0] if "/" in image else ""
            if folder in NATIONS:
                return NATIONS[folder]
        return None

    @property
    def label(self) -> str:
        return " ".join(t.state.strip() for t in self.of_kind("label") if t.state.strip())

    @property
    def counter_type(self) -> str | None:
        """VASL's DBCounterType marker: ``unit``, ``common`` (support weapons, guns), ``global`` (game markers)."""
        for trait in self.of_kind("mark"):
            if trait.type == "mark;DBCounterType":
                return trait.state
        return None

    @cached_property
    def own_traits(self) -> list[str]:
        """What the piece's own traits say of it in ASL terms: concealed, HIP, and its active status layers."""
        found = []
        if any(t.kind == "conceal" and split(t.state, ";")[0] not in ("null", "") for t in self.traits):
            found.append("concealed")
        if any(t.kind == "hide" and t.state not in ("null", "") for t in self.traits):
            found.append("HIP")
        for layer in self.layers():
            shown = layer.level_name()
            if shown and shown[1] == "+":
                found.append(STATUS.get(shown[0].lower(), shown[0]))
        return list(dict.fromkeys(found))

