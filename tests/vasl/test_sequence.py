"""VASSAL's SequenceEncoder and command tree, written anew: what VASSAL writes is read back, and written again the
same, character for character (the strings below are built here, none comes from a saved game)."""

from hypothesis import given
from hypothesis import strategies as st

from solo.vasl.commands import SEPARATOR, Command, parse
from solo.vasl.sequence import escape, join, split


def test_a_delimiter_in_a_string_is_escaped():
    assert join(["a;b", "c"], ";") == "a\\;b;c"
    assert split("a\\;b;c", ";") == ["a;b", "c"]


def test_a_string_ending_with_a_backslash_is_quoted():
    """Else its backslash would escape the delimiter after it."""
    assert escape("dir\\", ";") == "'dir\\'"
    assert split(join(["dir\\", "x"], ";"), ";") == ["dir\\", "x"]


def test_a_quoted_string_is_quoted_again():
    assert escape("'q'", ";") == "''q''"
    assert split(join(["'q'", "'"], ";"), ";") == ["'q'", "'"]


def test_empty_strings_and_a_trailing_delimiter():
    assert split("", ";") == [""]
    assert split("a;", ";") == ["a", ""]
    assert split(";;", ";") == ["", "", ""]
    assert join(["a", ""], ";") == "a;"


def test_nested_sequences_double_their_backslashes():
    """A trait's type inside a piece's type inside an add-piece command: each level escapes the one inside."""
    inner = join(["emb2;x", "piece;;;img;Name"], "\t")
    outer = join(["hide;H", inner], "\t")
    command = "+/" + join(["7", outer, "Main Map;1;2"], "/")
    id_, type_, state = split(command[2:], "/")
    head, rest = split(type_, "\t")
    assert (id_, head, split(rest, "\t"), state) == ("7", "hide;H", ["emb2;x", "piece;;;img;Name"], "Main Map;1;2")


texts = st.text(alphabet=st.sampled_from(list("ab;\\'\t/\x1b ")), max_size=12)


@given(st.lists(texts, min_size=1, max_size=6))
def test_what_is_joined_splits_back(tokens):
    assert split(join(tokens, ";"), ";") == tokens


@given(st.lists(texts, min_size=1, max_size=6))
def test_what_is_joined_is_written_again_the_same(tokens):
    text = join(tokens, ";")
    assert join(split(text, ";"), ";") == text


def test_a_command_tree_encodes_to_the_text_it_was_read_from():
    sub = join(["+/1/piece;;;a;A/Main Map;5;5", "+/2/stack/Main Map;5;5;1"], SEPARATOR)
    text = join(["begin_save", "", sub, "bd\t0\t0\t02\tVER\t6.4\t", "end_save"], SEPARATOR)
    tree = parse(text)
    assert [c.text for c in tree.leaves()] == ["begin_save", "", "+/1/piece;;;a;A/Main Map;5;5",
                                               "+/2/stack/Main Map;5;5;1", "bd\t0\t0\t02\tVER\t6.4\t", "end_save"]
    assert tree.encode() == text


def test_a_leaf_changed_inserted_or_removed_is_written_back():
    tree = parse(join(["a", join(["b", "c"], SEPARATOR), "d"], SEPARATOR))
    b, c = tree.leaves()[1:3]
    b.text = "B"
    tree.insert_after(c, Command("c2"))
    tree.remove(tree.leaves()[-1])
    assert [x.text for x in parse(tree.encode()).leaves()] == ["a", "B", "c", "c2"]
