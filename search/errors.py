"""The one error type for bad input: it names what is wrong and where."""

from __future__ import annotations


def format_path(parts: list[str | int] | tuple[str | int, ...]) -> str:
    """``['children', 2, 'value']`` -> ``children[2].value``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


class InputError(ValueError):
    """Bad input from a user: a tree, a position, an option or a trace.

    `where` is a path such as ``children[2].value`` (empty for the whole input); the message
    reads ``children[2].value: expected a finite number``.
    """

    def __init__(self, where: str, problem: str, *, too_large: bool = False) -> None:
        self.where = where
        self.problem = problem
        self.too_large = too_large  # over a size limit: HTTP 413 rather than 400
        super().__init__(f"{where}: {problem}" if where else problem)
