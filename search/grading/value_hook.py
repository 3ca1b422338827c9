"""What the student's max_value, min_value and chance_value return, seen without the student's code changing.

The functions are found by name among the code objects the student's file compiled to (top-level or nested
in another function). Where the interpreter has sys.monitoring (Python 3.12+, Pyodide's), only those code
objects are watched (PY_START and PY_RETURN on them alone), so the rest of the search runs at full speed;
on Python 3.11 a sys.setprofile hook sees every call and keeps those.
"""

from __future__ import annotations

import inspect
import math
import sys
from numbers import Real
from typing import Any, Callable, Iterator

from search.grading.student_game import Position

VALUE_FUNCTIONS = frozenset({"max_value", "min_value", "chance_value"})
"""The slides' function names whose returns are a node's value."""

Found = Callable[[Position, float, str], None]
"""Told of each value: the position it was called on, the number returned, the function's name."""


def code_objects(code: Any) -> Iterator[Any]:
    """The module's code and every function's code inside it, nested ones included."""
    stack = [code]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(c for c in current.co_consts if inspect.iscode(c))


def value_functions(code: Any) -> list[Any]:
    """The code objects of the student's max_value, min_value and chance_value."""
    return [c for c in code_objects(code) if c.co_name in VALUE_FUNCTIONS]


class ValueWatch:
    """Watches `codes` while a `with` block runs, telling `found` of each number returned."""

    def __init__(self, codes: list[Any], found: Found) -> None:
        self.codes = set(codes)
        self.found = found
        self.called: dict[int, Position | None] = {}  # a running frame's id -> the position it was called on
        self.stack: list[tuple[Any, Position | None]] = []
        self.tool: int | None = None

    def __enter__(self) -> ValueWatch:
        if not self.codes:
            return self
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is None:
            sys.setprofile(self._profile)
            return self
        for tool in (monitoring.PROFILER_ID, 3, 4):
            if monitoring.get_tool(tool) is None:
                monitoring.use_tool_id(tool, "minimax-lab grader")
                self.tool = tool
                break
        if self.tool is None:  # every tool id taken (a debugger and profilers at once): the profile hook still works
            sys.setprofile(self._profile)
            return self
        events = monitoring.events
        monitoring.register_callback(self.tool, events.PY_START, self._started)
        monitoring.register_callback(self.tool, events.PY_RETURN, self._returned)
        for code in self.codes:
            monitoring.set_local_events(self.tool, code, events.PY_START | events.PY_RETURN)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.tool is None:
            sys.setprofile(None)
            return
        monitoring = sys.monitoring  # type: ignore[attr-defined]
        for code in self.codes:
            monitoring.set_local_events(self.tool, code, 0)
        monitoring.register_callback(self.tool, monitoring.events.PY_START, None)
        monitoring.register_callback(self.tool, monitoring.events.PY_RETURN, None)
        monitoring.free_tool_id(self.tool)

    # sys.monitoring: only the watched code objects call these; the frame is the caller's.
    def _started(self, code: Any, offset: int) -> None:
        frame = sys._getframe(1)
        self.called[id(frame)] = first_position(frame)

    def _returned(self, code: Any, offset: int, value: Any) -> None:
        position = self.called.pop(id(sys._getframe(1)), None)
        self._tell(position, value, code.co_name)

    # sys.setprofile (Python 3.11): every call comes here.
    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            if frame.f_code in self.codes:
                self.stack.append((frame, first_position(frame)))
        elif event == "return" and self.stack and self.stack[-1][0] is frame:
            _, position = self.stack.pop()
            if arg is not None:
                self._tell(position, arg, frame.f_code.co_name)

    def _tell(self, position: Position | None, value: Any, name: str) -> None:
        number = as_number(value)
        if position is not None and number is not None:
            self.found(position, number, name)


def first_position(frame: Any) -> Position | None:
    """The first argument of the call that is a position the game made (the state it was called on)."""
    code = frame.f_code
    for name in code.co_varnames[: code.co_argcount]:
        value = frame.f_locals.get(name)
        if isinstance(value, Position):
            return value
    return None


def as_number(value: Any) -> float | None:
    """A returned value as a number: itself, or the first of a (value, move) pair; None when it is neither."""
    if isinstance(value, (tuple, list)) and value:
        value = value[0]
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    number = float(value)
    if math.isnan(number):
        return None
    return int(number) if number.is_integer() else number
