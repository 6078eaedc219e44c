"""Pieces and their traits as VASL writes them, built here trait by trait (the trait formats of VASSAL's
Embellishment, Hideable, Labeler, Marker and VASL's Concealable, read in their source)."""

from solo.vasl.pieces import Added, unchain
from solo.vasl.sequence import join


def layer(names: str, value: int, images: str = " , , ", name: str = "", always: bool = False) -> tuple[str, str]:
    """An Embellishment (emb2) trait: 26 fields, the level images at 15, level names at 16, its name at 18."""
    fields = ["", "2", "F", "", "2", "", "", "2", "", "", "", "1", "false", "0", "0", images, names, "false", name,
              "", "", "false", "", "1", "1", "true" if always else "false"]
    return "emb2;" + join(fields, ";"), str(value)


def command(piece_id: str, traits: list[tuple[str, str]], basic: tuple[str, str]) -> str:
    types, states = [t for t, _ in traits] + [basic[0]], [s for _, s in traits] + [basic[1]]
    return "+/" + join([piece_id, unchain(types), unchain(states)], "/")


SQUAD = [("mark;DBCounterType", "unit"),
         ("hide;72,130;HIP;;player:;0.3", "null"),
         ("conceal;C;ge/geqmark;ge;;", "null;"),
         ("label;76,130;Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;", ""),
         layer("broken +,broken +", -1, "ge/ge467Sb,ge/ge447Sb", "BRK"),
         layer("4-6-7 1sq,4-4-7 2sq", 1, "ge/ge467S,ge/ge447S", "SQ")]
BASIC = ("piece;K;D; ;4-6-7 1sq", "Main Map;562;290;431")


def test_an_unbroken_squad():
    piece = Added.parse(command("11", SQUAD, BASIC))
    assert (piece.name, piece.image, piece.side, piece.counter_type, piece.own_traits) == (
        "4-6-7 1sq", "ge/ge467S", "German", "unit", [])
    assert piece.place == ("Main Map", 562, 290)
    assert piece.encode() == command("11", SQUAD, BASIC)


def test_a_concealed_hidden_broken_squad_on_its_other_side():
    """The squad layer at level 2 renames it 4-4-7 2sq; the broken layer active at level 2 shows the broken face and
    adds "broken"; the concealment and HIP traits hold the player who concealed or hid it."""
    traits = list(SQUAD)
    traits[1] = (traits[1][0], "player1")
    traits[2] = (traits[2][0], "player1;")
    traits[4] = layer("broken +,broken +", 2, "ge/ge467Sb,ge/ge447Sb", "BRK")
    traits[5] = layer("4-6-7 1sq,4-4-7 2sq", 2, "ge/ge467S,ge/ge447S", "SQ")
    piece = Added.parse(command("12", traits, BASIC))
    assert piece.name == "4-4-7 2sq"
    assert piece.image == "ge/ge447Sb"  # the outermost layer shown
    assert piece.own_traits == ["concealed", "HIP", "broken"]


def test_a_leader_renamed_by_its_elr_layer_and_a_malfunctioned_weapon():
    leader = Added.parse(command("13", [layer("10-3,10-2,9-2,9-1,8-1,8-0,7-0,6\\+1", 8, "a,b,c,d,e,f,g,h")],
                                 ("piece;K;D; ;geLDR", "Main Map;1;1;2426")))
    assert leader.name == "6+1"  # an escaped + is part of the name
    radio = Added.parse(command("14", [("label;76,130;Label;10;;0,0,0;t;0;c;0;b;c;x;Dialog;0;0;TextLabel;", "80+mm"),
                                       layer("malf +", 1, "ge/geradiob", "BRK")],
                                ("piece;K;D;ge/geradio;Radio", "Main Map;1;1;2475")))
    assert (radio.name, radio.label, radio.image, radio.own_traits) == ("Radio", "80+mm", "ge/geradiob",
                                                                        ["malfunctioned"])


def test_a_vehicle_always_showing_bu_and_its_ca():
    tank = Added.parse(command("15", [layer("+ BU,+ CE", 1, " , ", always=True),
                                      layer("+ vca3,+ vca4,+ vca5,+ vca6,+ vca1,+ vca2", 1, " , , , , , ", always=True),
                                      ("conceal;C;ru/ruqmark58;ru;;", "null;")],
                               ("piece;K;D;ru/veh/T34M43;T-34 M43", "Main Map;2247;2070;597")))
    assert (tank.name, tank.image, tank.side) == ("T-34 M43", "ru/veh/T34M43", "Russian")
    assert tank.own_traits == ["vca3", "BU"]


def test_a_stack_and_a_piece_moved():
    stack = Added.parse("+/20/stack/Main Map;594;267;11;12;@@2")
    assert stack.is_stack and stack.stacked == ["11", "12"] and stack.place == ("Main Map", 594, 267)
    moved = stack.placed("Main Map", 10, 20, ["12"])
    assert moved.encode() == "+/20/stack/Main Map;10;20;12;@@2"
    piece = Added.parse(command("11", SQUAD, BASIC)).placed("Main Map", 618, 322)
    assert piece.place == ("Main Map", 618, 322) and piece.encode() == command(
        "11", SQUAD, ("piece;K;D; ;4-6-7 1sq", "Main Map;618;322;431"))


def test_a_piece_on_no_map():
    assert Added.parse("+/30/piece;;;Axis CVP Marker;Axis CVP Count/null;350;100;7488").place == (None, 350, 100)
    assert Added.parse("bd\t0\t0\t02") is None
