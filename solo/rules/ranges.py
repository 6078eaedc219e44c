"""Row ranges as printed: "<=2", "≤ 2", "3-4", ">=12", "7", "-1", "<=-1", d66 "13-16"."""

import re
from dataclasses import dataclass

_NUM = r"-?\d+"
_PATTERNS = [
    (re.compile(rf"^(?:<=|≤)\s*({_NUM})$"), lambda m: (None, int(m[1]))),
    (re.compile(rf"^(?:>=|≥)\s*({_NUM})$"), lambda m: (int(m[1]), None)),
    (re.compile(rf"^({_NUM})$"), lambda m: (int(m[1]), int(m[1]))),
    (re.compile(rf"^({_NUM})\s*-\s*({_NUM})$"), lambda m: (int(m[1]), int(m[2]))),
]


@dataclass(frozen=True)
class Span:
    """An inclusive range of roll results; None is an open end."""

    low: int | None
    high: int | None
    text: str

    def __contains__(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


def parse_span(text: str) -> Span:
    """Parse a printed range; raise ValueError with the accepted forms when it is not one."""
    cleaned = str(text).strip()
    for pattern, bounds in _PATTERNS:
        match = pattern.match(cleaned)
        if match:
            low, high = bounds(match)
            if low is not None and high is not None and low > high:
                break
            return Span(low, high, cleaned)
    raise ValueError(f"bad range {text!r}: write '<=N', '>=N', 'N' or 'N-M' (low first)")
