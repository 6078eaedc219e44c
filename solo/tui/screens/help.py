"""The Help screen: the keys of every screen."""

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """[b]solo — keys[/b] (the footer shows those of each screen)

[b]Everywhere[/b]  ? help · ctrl+p commands · escape back · q quit
            Nothing is lost: every roll and answer is saved as it
            happens, and reopening solo takes you back there.
[b]Home[/b]        m new mission · c new campaign · o continue a save
            t tables · b random mapboards
[b]Mission[/b]     p place S? · a activate the highlighted S?
            n next phase · t end the Game Turn · r report control
            d the enemy's decisions · u undo your last action
            arrows move the hex cursor on the map (tab to it)
[b]Campaign[/b]    enter answers the question · ctrl+n next step
            ctrl+z undo your last answer
[b]Tables[/b]      / search · o modifiers (enter shows the odds)
[b]Dice[/b]        every form has a dice field: empty rolls here,
            or type the faces you rolled, colored die first
"""


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Close"), Binding("question_mark", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        yield Static(HELP, id="help")
