import pytest

from solo.rules.ranges import parse_span


@pytest.mark.parametrize("text, low, high", [
    ("<=2", None, 2), ("≤ 2", None, 2), ("<=-1", None, -1), (">=12", 12, None), ("≥ 12", 12, None),
    ("7", 7, 7), ("-1", -1, -1), ("3-4", 3, 4), ("13-16", 13, 16), ("0-1", 0, 1),
])
def test_printed_ranges(text, low, high):
    span = parse_span(text)
    assert (span.low, span.high) == (low, high)


@pytest.mark.parametrize("text", ["4-3", "x", "<3", "3-", "1..2"])
def test_bad_ranges(text):
    with pytest.raises(ValueError, match="bad range"):
        parse_span(text)


def test_contains():
    assert 8 in parse_span("<=8") and 9 not in parse_span("<=8")
    assert 3 in parse_span("3-4") and 5 not in parse_span("3-4")
