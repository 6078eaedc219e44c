"""The commands of a saved game as VASSAL encodes them (its GameModule.encode/decode, read in VASSAL's source).

A saved game is one command; a command with sub-commands is the sequence of its own text and theirs, joined with
ESC (VASSAL's COMMAND_SEPARATOR), each nested level escaped again. A string that splits into nothing but itself
is one command (a leaf): ``begin_save``, the board layout ``bd\\t...``, an add-piece ``+/id/type/state`` ...
Read into a tree, a leaf can be changed and the whole written back: an unchanged tree encodes to the very text it
was read from."""

from dataclasses import dataclass, field

from solo.core.errors import SoloError
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
        out, todo = [], [self]
        while todo:
            command = todo.pop()
            if command.leaf:
                out.append(command)
            else:
                todo += reversed(command.children)
        return out

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
        assert parent is not None, "a command of this tree"
        parent.children.insert(next(i for i, c in enumerate(parent.children) if c is command) + 1, new)

    def remove(self, command: "Command") -> None:
        parent = self.parent_of(command)
        assert parent is not None, "a command of this tree"
        parent.children = [c for c in parent.children if c is not command]


MAX_DEPTH = 16  # commands nested deeper are refused (issue 40: ~500 nested escapes in a 610-byte game once crashed
# solo); the games VASL saves nest 3 deep
MAX_COMMANDS = 1_000_000  # more commands than any game holds (Hill 621, the largest shared save: ~2,000)


def parse(text: str) -> Command:
    """The command tree of a saved game's text, read level by level (no recursion: a hostile file cannot exhaust
    the stack); a tree nested deeper than MAX_DEPTH, or of more than MAX_COMMANDS, is refused in one line."""
    root = Command(text)
    todo, count = [(root, 1)], 1
    while todo:
        command, depth = todo.pop()
        tokens = split(command.text, SEPARATOR)
        if len(tokens) == 1 and tokens[0] == command.text:
            continue
        if depth >= MAX_DEPTH:
            raise SoloError(f"its commands nest more than {MAX_DEPTH} deep; VASL's saved games nest 3 deep: "
                            f"not a VASL saved game")
        count += len(tokens)
        if count > MAX_COMMANDS:
            raise SoloError(f"it holds more than {MAX_COMMANDS:,} commands: not a VASL saved game solo reads")
        command.text, command.children = "", [Command(t) for t in tokens]
        todo += [(child, depth + 1) for child in command.children]
    return root
