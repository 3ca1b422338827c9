"""Traces as JSON Lines: strict JSON out (no NaN/Infinity), validated JSON in."""

from __future__ import annotations

import json
import re
from typing import Any

from search.errors import InputError, format_path
from search.json_numbers import bounded_int

Event = dict[str, Any]
"""One trace event (docs/trace-format.md)."""


_encode = json.JSONEncoder(allow_nan=False, ensure_ascii=False, separators=(",", ":")).encode
"""Strict, compact, UTF-8 JSON. The hot events (visit, leaf, backup, bound) never come here: they
are formatted straight from their records (search.traces.records); this writes the rare ones."""


def dumps_event(event: Event) -> str:
    """One event as one line of strict JSON (raises ValueError on a non-finite number)."""
    return _encode(event)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate_at(value: Any, path: list[str | int]) -> list[str | int] | None:
    """Where a string holding a lone surrogate is: JSON's "\\ud800" decodes to one, but it is not
    text and can never be written out as UTF-8 again (pairs decode to one real character)."""
    if isinstance(value, str):
        return path if _SURROGATE.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = lone_surrogate_at(key, path) if isinstance(key, str) else None
            found = found if found is not None else lone_surrogate_at(item, [*path, key])
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = lone_surrogate_at(item, [*path, i])
            if found is not None:
                return found
    return None


def read_events(text: str) -> list[Event]:
    """Parse a JSON Lines trace; a broken line is reported by its number."""
    # Only "\n" ends a line: str.splitlines() would also split inside strings at U+2028 etc.
    return [read_event_line(line, number) for number, line in enumerate(text.split("\n"), start=1) if line.strip()]


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed (strict JSON)")


def read_event_line(line: str, number: int) -> Event:
    """One line of a trace as an event, or an InputError naming `line {number}`."""
    try:
        event = json.loads(line, parse_constant=_reject_constant, parse_int=bounded_int)
    except (ValueError, RecursionError) as exc:
        raise InputError(f"line {number}", f"not a JSON object: {exc}") from None
    if not isinstance(event, dict):
        raise InputError(f"line {number}", "expected a JSON object")
    if _SURROGATE_ESCAPE.search(line):  # rare: only then walk the event
        at = lone_surrogate_at(event, [])
        if at is not None:
            raise InputError(" ".join(p for p in (f"line {number}", format_path(at)) if p),
                             "a lone surrogate (\\ud800-\\udfff) is not text")
    return event
