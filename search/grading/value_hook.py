"""What the student's max_value, min_value, chance_value and maxn_value return, seen without the student writing
anything for it.

The student's file is parsed, and every function named like the slides' (top-level or nested in another
function) gets one decorator more, innermost, before the file is compiled: it notes the position the call
was made on (its first argument that is a position the game made) and the value returned (a (value, move)
pair counts as its value, as AIMA 4th ed.'s code returns; max^n's MAXN-VALUE returns a vector, read by the game's
players: search.grading.student_players). Line numbers are the student's own, the rest of
the search runs untouched, and it works the same on every Python (CPython 3.11, Pyodide's).
"""

from __future__ import annotations

import ast
import functools
from typing import Any, Callable

from search.grading.student_game import Position
from search.grading.values import plain_number

VALUE_FUNCTIONS = frozenset({"max_value", "min_value", "chance_value", "maxn_value"})
"""The slides' function names whose returns are a node's value (maxn_value: MAXN-VALUE, AIMA 4th ed. §5.2.2)."""
WATCH = "__minimax_lab_watch__"
"""The decorator's name in the student's module (no student writes it)."""

Found = Callable[[Position, Any, str], None]
"""Told of each value: the position it was called on, the value returned (a number or a vector), the function's name."""


class _Decorate(ast.NodeTransformer):
    def __init__(self) -> None:
        self.found = 0

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        self.generic_visit(node)
        if node.name in VALUE_FUNCTIONS:
            node.decorator_list.append(ast.copy_location(ast.Name(id=WATCH, ctx=ast.Load()), node))
            self.found += 1
        return node


def compile_watched(source: str, filename: str) -> tuple[Any, bool]:
    """The student's module compiled with its value functions watched, and whether it has any (SyntaxError as Python's)."""
    tree = ast.parse(source, filename)
    decorate = _Decorate()
    tree = ast.fix_missing_locations(decorate.visit(tree))
    return compile(tree, filename, "exec"), decorate.found > 0


def watch_decorator(found: Found, read: Callable[[Any], Any] | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The decorator the compiled module calls: each call of a value function tells `found` of what `read` (as_number
    by default) makes of its return, unless that is None."""
    reader = read or as_number

    def watch(function: Callable[..., Any]) -> Callable[..., Any]:
        name = function.__name__

        @functools.wraps(function)
        def watched(*args: Any, **kwargs: Any) -> Any:
            position = first_position(args, kwargs)
            value = function(*args, **kwargs)
            number = reader(value)
            if position is not None and number is not None:
                found(position, number, name)
            return value
        return watched
    return watch


def first_position(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Position | None:
    """The first argument of the call that is a position the game made (the state it was called on)."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, Position):
            return value
    return None


def as_number(value: Any) -> float | None:
    """A returned value as a number: itself, or the first of a (value, move) pair; None when it is neither."""
    if isinstance(value, (tuple, list)) and value:
        value = value[0]
    return plain_number(value)
