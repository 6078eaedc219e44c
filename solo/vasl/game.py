"""A VASL saved game read whole: its board layout and every counter with the hex it stands in; and a copy written
with counters moved (the input is never changed, every other command is written back as it was read)."""

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from solo.board.cache import load_board
from solo.board.vasl import boards_folder
from solo.core.errors import SoloError
from solo.vasl.commands import SEPARATOR, Command, parse
from solo.vasl.layout import BOARDS, MAIN_MAP, Layout, PlacedBoard, bd_command, board_specs, read_layout
from solo.vasl.pieces import ADD, MARKERS, Added, Layer, Trait
from solo.vasl.savefile import SaveFile, new_save, read_save, write_save
from solo.vasl.sequence import join, split


@dataclass
class Piece:
    """A counter of the game: where it stands and what it is."""

    id: str
    name: str
    image: str
    side: str | None
    map: str | None  # the VASSAL map it is on (None: on none)
    x: int
    y: int
    stack: str | None  # the id of the stack holding it
    board: str | None  # the board under it (its hex id's board), None off the boards
    hex: str | None  # e.g. 2K5; None off the boards or on another map
    level: int | None  # the hex's ground level (B10)
    traits: list[str] = field(default_factory=list)
    label: str = ""
    type: str | None = None  # VASL's DBCounterType: unit, common, global

    @property
    def on_main_map(self) -> bool:
        return self.map in MAIN_MAP

    def json(self) -> dict:
        return {"id": self.id, "name": self.name, "image": self.image, "side": self.side, "map": self.map,
                "board": self.board, "hex": self.hex, "level": self.level, "x": self.x, "y": self.y,
                "stack": self.stack, "traits": self.traits, "label": self.label, "type": self.type}


class VaslGame:
    """A saved game's command tree, its boards and its counters."""

    def __init__(self, save: SaveFile, folder: Path | None):
        self.save = save
        self.folder = folder
        self.tree = parse(save.text)
        self._added: dict[str, tuple[Command, Added]] = {}
        layout = None
        for leaf in self.tree.leaves():
            if (added := Added.parse(leaf.text)) is not None:
                self._added[added.id] = (leaf, added)
            elif leaf.text.startswith(BOARDS):
                layout = leaf.text  # VASSAL sets the boards at each such command: the last one stands
        self.layout = read_layout(board_specs(layout), folder) if layout else Layout(())

    @property
    def boards(self) -> tuple[PlacedBoard, ...]:
        return self.layout.boards

    def _stacks(self) -> dict[str, Added]:
        return {i: a for i, (_, a) in self._added.items() if a.is_stack}

    @cached_property
    def pieces(self) -> list[Piece]:
        """Every counter (stacks aside), in the order of the file; a stacked counter stands where its stack does."""
        holder = {p: s for s, a in self._stacks().items() for p in a.stacked}
        out = {}
        for pid, (_, added) in self._added.items():
            if added.is_stack:
                continue
            stack = holder.get(pid)
            where = self._added[stack][1].place if stack in self._added else added.place
            out[pid] = self._piece(added, stack, *where)
        for pile in self._stacks().values():  # a marker marks the counter under it (VASL places it right above)
            below = None
            for pid in pile.stacked:
                piece = out.get(pid)
                if piece is None:
                    continue
                if piece.name in MARKERS and below is not None:
                    below.traits.append(MARKERS[piece.name])
                elif piece.name not in MARKERS:
                    below = piece
        return list(out.values())

    def _piece(self, added: Added, stack: str | None, map_name: str | None, x: int, y: int) -> Piece:
        board = self.layout.board_at(x, y) if map_name in MAIN_MAP else None
        hex_name = board.hex_at(x, y) if board else None
        return Piece(added.id, added.name, added.image, added.side, map_name, x, y, stack,
                     board.label if board else None, f"{board.label}{hex_name}" if board else None,
                     self._level(board, hex_name) if board and hex_name is not None else None,
                     list(added.own_traits), added.label, added.counter_type)

    def _level(self, board: PlacedBoard, hex_name: str) -> int | None:
        hexes = load_board(self.folder or boards_folder(), board.spec.name).hexes
        return hexes[hex_name.split("/")[0]].elevation if hex_name.split("/")[0] in hexes else None

    def piece(self, piece_id: str) -> Piece:
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise SoloError(f"no counter with id {piece_id} in {self.save.path}")

    def commands(self) -> list[Added]:
        """The add-piece commands of the game, stacks and all."""
        return [a for _, a in self._added.values()]

    def hex_point(self, hex_id: str) -> tuple[int, int]:
        """The Main Map point where solo stands a counter in ``hex_id`` (e.g. 2K5): the hex's centre."""
        board, hex_name = self._split_hex(hex_id)
        return board.hex_centre(hex_name)

    def move(self, piece_id: str, hex_id: str) -> None:
        """Stand the counter ``piece_id`` in the hex ``hex_id`` (e.g. 2K5) of the Main Map, at the hex's centre as VASL
        gives it."""
        self.place(piece_id, *self.hex_point(hex_id))

    def place(self, piece_id: str, x: int, y: int) -> None:
        """Stand the counter ``piece_id`` at the point (``x``, ``y``) of the Main Map, on top of the stack there (a new
        stack if there is none); the stack it leaves keeps its other counters, or goes when it is left empty."""
        piece = self.piece(piece_id)
        map_name = piece.map if piece.map is not None and piece.on_main_map else MAIN_MAP[0]
        leaf, added = self._added[piece_id]
        if piece.stack in self._added:
            self._leave(piece.stack, piece_id)
        target = next((s for s, a in self._stacks().items() if a.place == (map_name, x, y)), None)
        self._set(piece_id, added.placed(map_name, x, y))
        if target is not None:
            stack_leaf, stack = self._added[target]
            self._set(target, stack.placed(map_name, x, y, stack.stacked + [piece_id]))
            leaves = self.tree.leaves()
            if leaves.index(stack_leaf) < leaves.index(leaf):  # VASSAL adds a stack's counters before the stack
                self.tree.remove(stack_leaf)
                self.tree.insert_after(leaf, stack_leaf)
        else:
            new = self._new_id()
            stack = Added(new, (Trait("stack", ""),)).placed(map_name, x, y, [piece_id])
            command = Command(stack.encode())
            self.tree.insert_after(leaf, command)
            self._added[new] = (command, stack)
        self.__dict__.pop("pieces", None)

    def add(self, definition: Added, hex_id: str) -> str:
        """A new counter made from ``definition`` (its traits and states, as VASSAL makes one from a PieceSlot), stood
        in the hex ``hex_id`` on top of the stack there; its new id."""
        point = self.hex_point(hex_id)
        new = self._new_id()
        added = Added(new, definition.traits).placed(MAIN_MAP[0], *point)
        command = Command(added.encode())
        leaves = self.tree.leaves()
        after = next((c for c in reversed(leaves) if c.text.startswith(ADD)), None) \
            or next((c for c in reversed(leaves) if c.text.startswith(BOARDS)), None)
        if after is None:
            raise SoloError(f"{self.save.path}: the game has no board layout to put counters on")
        self.tree.insert_after(after, command)
        self._added[new] = (command, added)
        self.__dict__.pop("pieces", None)
        self.place(new, *point)
        return new

    def remove(self, piece_id: str) -> None:
        """The counter taken out of the game (its stack keeps the others)."""
        piece = self.piece(piece_id)
        if piece.stack in self._added:
            self._leave(piece.stack, piece_id)
        self.tree.remove(self._added.pop(piece_id)[0])
        self.__dict__.pop("pieces", None)

    def show(self, piece_id: str, word: str, on: bool = True) -> bool:
        """Show (or hide) the counter's layer level that adds ``word`` (``broken``, ``dm`` ...: pieces.STATUS); False
        when the counter has no such level."""
        leaf, added = self._added[piece_id]
        traits = list(added.traits)
        for n, trait in enumerate(traits):
            if trait.kind != "emb2":
                continue
            layer = Layer.of(trait)
            levels = [n + 1 for n, name in enumerate(layer.names)
                      if "+" in name and word.lower() in [p.strip().lower() for p in split(name, "+")]]
            if not levels:
                continue
            # VASL's squads keep a level per side of the counter (its ELR steps): the level the layer stands at
            level = abs(layer.value) if abs(layer.value) in levels else levels[0]
            state = split(trait.state, ";")
            traits[n] = Trait(trait.type, join([str(level if on else -level)] + state[1:], ";"))
            self._set(piece_id, Added(added.id, tuple(traits)))
            self.__dict__.pop("pieces", None)
            return True
        return False

    def _split_hex(self, hex_id: str) -> tuple[PlacedBoard, str]:
        text = hex_id.strip().upper()
        for board in sorted(self.boards, key=lambda b: -len(b.label)):
            if text.startswith(board.label.upper()) and text[len(board.label):][:1].isalpha():
                board.parse(text[len(board.label):])
                return board, text[len(board.label):]
        labels = ", ".join(b.label for b in self.boards) or "none"
        raise SoloError(f"no hex {hex_id!r} on this game's boards ({labels}): write the board then the hex, e.g. "
                        f"{self.boards[0].label + 'K5' if self.boards else '2K5'}")

    def _leave(self, stack_id: str, piece_id: str) -> None:
        """Take a counter out of its stack; a stack left empty is removed."""
        leaf, stack = self._added[stack_id]
        rest = [p for p in stack.stacked if p != piece_id]
        if rest:
            map_name, x, y = stack.place
            assert map_name is not None, "a stack a counter stands in is on a map"
            self._set(stack_id, stack.placed(map_name, x, y, rest))
        else:
            self.tree.remove(leaf)
            del self._added[stack_id]

    def _set(self, piece_id: str, added: Added) -> None:
        leaf, _ = self._added[piece_id]
        leaf.text = added.encode()
        self._added[piece_id] = (leaf, added)

    def _new_id(self) -> str:
        return str(max((int(i) for i in self._added if i.isdigit()), default=0) + 1)

    def write(self, out: Path, replace: bool = False) -> None:
        """A copy of the saved game with the moves made (the saved game read is changed only with ``replace``: the
        player asked for it, a backup kept)."""
        write_save(self.save, self.tree.encode(), Path(out), replace)


@dataclass(frozen=True)
class Changes:
    """What changed from where counters stood (``id -> hex``, None off the boards) to a game: the counters that
    moved (id -> (old hex, new hex)), those that appeared and those that are gone."""

    moved: dict[str, tuple[str | None, str | None]]
    appeared: list[str]
    gone: list[str]


def changes(before: dict[str, str | None], game: VaslGame) -> Changes:
    """The counters of the Main Map that moved, appeared or went, from ``before`` to ``game``."""
    now = {p.id: p.hex for p in game.pieces if p.on_main_map}
    return Changes({i: (before[i], h) for i, h in now.items() if i in before and before[i] != h},
                   [i for i in now if i not in before], [i for i in before if i not in now])


def new_game(boards: list[tuple[int, int, str, bool]], folder: Path | None,
             module_data: bytes | None = None) -> VaslGame:
    """A new VASL game with ``boards`` (column, row, name, flipped) laid out on the Main Map and nothing on them; the
    player's module's ``moduledata`` written in it (VASSAL checks a game was saved with its module)."""
    text = join(["begin_save", "", join([bd_command(boards, folder)], SEPARATOR), "end_save"], SEPARATOR)
    return VaslGame(new_save(text, module_data, None), folder)


def read_game(path: Path, folder: Path | None = None) -> VaslGame:
    """The VASL saved game at ``path``, its boards read from the VASL boards ``folder`` (None: the player's own)."""
    save = read_save(Path(path))
    try:
        return VaslGame(save, folder)
    except SoloError as exc:
        raise SoloError(f"{path}: {exc}") from None
