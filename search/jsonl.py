"""Traces as JSON Lines: strict JSON out (no NaN/Infinity), validated JSON in."""

from __future__ import annotations

import json
import re
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any, Callable, Iterable, TextIO

from search.errors import InputError, format_path

Event = dict[str, Any]
"""One trace event (docs/trace-format.md)."""


def _make_encoder() -> Callable[[Any], str]:
    """Strict, compact, UTF-8 JSON: json.JSONEncoder(allow_nan=False, ensure_ascii=False)."""
    encoder = json.JSONEncoder(allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    if c_make_encoder is None:  # no C accelerator in this Python
        return encoder.encode
    # JSONEncoder.encode builds a new C encoder for every call, which costs about as much as
    # encoding a small event, and a trace is millions of events (bench/engine.py): build one,
    # once, with the same settings. It skips the circular-reference check, which events (fresh
    # trees of plain values) never need.
    iterencode = c_make_encoder(None, encoder.default, encode_basestring, None, ":", ",", False, False, False)

    def encode(o: Any) -> str:
        return "".join(iterencode(o, 0))

    return encode


_encode = _make_encoder()


def dumps_event(event: Event) -> str:
    """One event as one line of strict JSON (raises ValueError on a non-finite number)."""
    return _encode(event)


def write_events(out: TextIO, events: Iterable[Event]) -> None:
    """Each event as one line; one write per call (the recorder calls it once per batch)."""
    text = "\n".join(map(_encode, events))
    if text:
        out.write(text + "\n")


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
    events: list[Event] = []

    def reject_constant(name: str) -> Any:
        raise ValueError(f"{name} is not allowed (strict JSON)")

    # Only "\n" ends a line: str.splitlines() would also split inside strings at U+2028 etc.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line, parse_constant=reject_constant)
        except (ValueError, RecursionError) as exc:
            raise InputError(f"line {number}", f"not a JSON object: {exc}") from None
        if not isinstance(event, dict):
            raise InputError(f"line {number}", "expected a JSON object")
        if _SURROGATE_ESCAPE.search(line):  # rare: only then walk the event
            at = lone_surrogate_at(event, [])
            if at is not None:
                raise InputError(" ".join(p for p in (f"line {number}", format_path(at)) if p),
                                 "a lone surrogate (\\ud800-\\udfff) is not text")
        events.append(event)
    return events
