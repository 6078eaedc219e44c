"""VASSAL's SequenceEncoder, the one text encoding of a saved game (read in VASSAL's source, written anew here).

A sequence of strings is joined with a delimiter; a delimiter inside a string is escaped with a backslash before
it; a string that ends with a backslash, or that starts and ends with a single quote, is wrapped in single quotes
(so the backslash cannot escape the delimiter that follows). Sequences nest: a joined sequence is one string of an
outer sequence and is escaped again, so the backslashes double at each level."""


def split(text: str, delimiter: str) -> list[str]:
    """The strings a sequence joined with ``delimiter`` (one character) holds (VASSAL's SequenceEncoder.Decoder):
    split at each delimiter not escaped by a backslash (the escaping backslash dropped), a quoted string unquoted.
    One C-speed split of the text, then a step per delimiter (issue 40: a hostile game of a million escapes took
    seconds read character run by character run)."""
    tokens: list[str] = []
    parts: list[str] = []
    pieces = text.split(delimiter)
    last = len(pieces) - 1
    for n, piece in enumerate(pieces):
        if n < last and piece.endswith("\\"):  # an escaped delimiter belongs to the string
            parts += (piece[:-1], delimiter)
            continue
        parts.append(piece)
        token = "".join(parts)
        parts = []
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            token = token[1:-1]
        tokens.append(token)
    return tokens


def join(tokens: list[str], delimiter: str) -> str:
    """The sequence of ``tokens`` joined with ``delimiter`` as VASSAL's SequenceEncoder writes it."""
    return delimiter.join(escape(t, delimiter) for t in tokens)


def escape(token: str, delimiter: str) -> str:
    """One string of a sequence: its delimiters escaped, quoted when it ends with a backslash or is quoted."""
    text = token.replace(delimiter, "\\" + delimiter)
    if token.endswith("\\") or (token.startswith("'") and token.endswith("'")):
        return f"'{text}'"
    return text
