"""The commands of a saved game as VASSAL encodes them (its GameModule.encode/decode, read in VASSAL's source).

A saved game is one command; a command with sub-commands is the sequence of its own text and theirs, joined with
ESC (VASSAL's COMMAND_SEPARATOR), each nested level escaped again. A string that splits into nothing but itself
is one command (a leaf): ``begin_save``, the board layout ``bd\\t...``, an add-piece ``+/id/type/state`` ...
Read into a tree, a leaf can be changed and the whole written back: an unchanged tree encodes to the very text it
was read from."""

from dataclasses import dataclass, field

from solo.vasl.sequence import join, split

SEPARATOR = "\x1b"


@dataclass(eq=False)
class Command:
    """A command: a leaf's text, or the commands it is the sequence of."""

    text: str = ""
    children: list["Command"] = field(default_factory=list)

    @property
    def leaf(self) -> bool:
        return not self.children

    def encode(self) -> str:
        return self.text if self.leaf else join([c.encode() for c in self.children], SEPARATOR)

    def leaves(self) -> list["Command"]:
        """Every leaf command in the order VASSAL runs them."""
        if self.leaf:
            return [self]
        return [leaf for child in self.children for leaf in child.leaves()]

    def parent_of(self, command: "Command") -> "Command | None":
        """The command whose sequence holds ``command``."""
        for child in self.children:
            if child is command:
                return self
            if (found := child.parent_of(command)) is not None:
                return found
        return None

    def insert_after(self, command: "Command", new: "Command") -> None:
        """``new`` run right after ``command``, in the same sequence."""
        parent = self.parent_of(command)
        parent.children.insert(next(i for i, c in enumerate(parent.children) if c is command) + 1, new)

    def remove(self, command: "Command") -> None:
        parent = self.parent_of(command)
        parent.children = [c for c in parent.children if c is not command]


def parse(text: str) -> Command:
    """The command tree of a saved game's text."""
    tokens = split(text, SEPARATOR)
    if len(tokens) == 1 and tokens[0] == text:
        return Command(text)
    return Command(children=[parse(t) for t in tokens])
