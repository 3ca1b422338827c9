"""The one error type for bad input: it names what is wrong and where, quoting at most a short
prefix of what was sent (a 900 KB field is named, never echoed back)."""

from __future__ import annotations

QUOTE_CHARS = 40
"""The most of a bad value (or a field name made up by the sender) an error message repeats."""

MAX_WHERE_CHARS = 600
"""A path at the tree depth limit (40 levels of ``children[i]``) fits; a longer one is cut."""

MAX_PROBLEM_CHARS = 1000
"""A backstop: a message that quotes more than this was built carelessly, and is cut."""


def shortened(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` itself, or its first `limit` characters and "..."."""
    return text if len(text) <= limit else text[:limit] + "..."


def quoted(value: object, limit: int = QUOTE_CHARS) -> str:
    """A bad value as an error message quotes it: its repr, of at most `limit` characters of it and "..."
    (``'QQQQ'...`` for a long string), so a message stays short whatever was sent."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "..."
    try:
        text = repr(value)
    except RecursionError:  # nested too deeply to write out
        return f"a {type(value).__name__} nested too deeply to quote"
    return text if len(text) <= limit else text[:limit] + "..."



def format_path(parts: list[str | int] | tuple[str | int, ...]) -> str:
    """``['children', 2, 'value']`` -> ``children[2].value``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            part = shortened(part)  # a field name sent by a client may be any length
            out += f".{part}" if out else part
    return out


class InputError(ValueError):
    """Bad input from a user: a tree, a position, an option or a trace.

    `where` is a path such as ``children[2].value`` (empty for the whole input); the message
    reads ``children[2].value: expected a finite number``.
    """

    def __init__(self, where: str, problem: str, *, too_large: bool = False) -> None:
        where, problem = shortened(where, MAX_WHERE_CHARS), shortened(problem, MAX_PROBLEM_CHARS)
        self.where = where
        self.problem = problem
        self.too_large = too_large  # over a size limit: HTTP 413 rather than 400
        super().__init__(f"{where}: {problem}" if where else problem)
