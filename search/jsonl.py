"""Traces as JSON Lines: strict JSON out (no NaN/Infinity), validated JSON in."""

from __future__ import annotations

import json
from typing import Any, Iterable, TextIO

from search.errors import InputError
from search.recorder import Event

_encode = json.JSONEncoder(allow_nan=False, ensure_ascii=False, separators=(",", ":")).encode


def dumps_event(event: Event) -> str:
    """One event as one line of strict JSON (raises ValueError on a non-finite number)."""
    return _encode(event)


def write_events(out: TextIO, events: Iterable[Event]) -> None:
    out.write("".join(_encode(event) + "\n" for event in events))


def read_events(text: str) -> list[Event]:
    """Parse a JSON Lines trace; a broken line is reported by its number."""
    events: list[Event] = []

    def reject_constant(name: str) -> Any:
        raise ValueError(f"{name} is not allowed (strict JSON)")

    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line, parse_constant=reject_constant)
        except (ValueError, RecursionError) as exc:
            raise InputError(f"line {number}", f"not a JSON object: {exc}") from None
        if not isinstance(event, dict):
            raise InputError(f"line {number}", "expected a JSON object")
        events.append(event)
    return events
