"""A trace of a game the server does not know: checked as far as it can be, then replayed as recorded.

A course's own game (search.GameBase) too big to write out as a tree records a `"custom"` source
(docs/trace-format.md): the game's name, its first position as text and its players, not its rules.
The server cannot search it again, so search.traces.verify cannot compare it with the engine. What
can still be checked is: JSON on every line, the format version, each event against the event
schema, seq 0..n-1, one start first and one result last, and the tree the events describe (each
visit's parent visited before it, every event at a node already visited). Such a trace is opened
(the page replays it as recorded, saying so) but never stored as the engine's: POST /api/traces
refuses it with `reason` (docs/http-api.md).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from search.errors import InputError, format_path, quoted
from search.traces.events import FORMAT_VERSION, SCHEMA_FACTS
from search.traces.jsonl import read_event_line
from search.traces.schema import check_event

Event = dict[str, Any]


def is_custom(start: Event) -> bool:
    """Whether a start event's source is a game the server does not know."""
    source = start.get("source")
    return isinstance(source, dict) and source.get("kind") == "custom"


def unknown_game_reason(start: Event) -> str:
    """Why such a trace is not verified, naming its game."""
    game = start["source"]["game"]  # the schema checked it: text of 1 to 40 characters
    return f"this trace comes from a game the server does not know ({game}): it is replayed as recorded"


def check_recorded(lines: list[str], numbers: list[int]) -> int:
    """The number of events of a custom trace (its non-blank `lines`, `numbers` their line numbers in
    the file), or an InputError naming the first line that is not a well-formed trace event."""
    known: set[str] = set()
    last, kind = len(lines) - 1, ""
    for i, (line, number) in enumerate(zip(lines, numbers)):
        where = f"line {number}"
        event = read_event_line(line, number)
        kind = event.get("type")
        if kind == "start" and i:
            raise InputError(where, "a start event may only be first")
        if kind == "result" and i != last:
            raise InputError(where, "a result event may only be last")
        if i == 0:
            _check_start(event, where)
        _check_event(event, where)
        if event["seq"] != i:
            raise InputError(f"{where}.seq", f"expected {i}, got {event['seq']}")
        if i == 0:
            known.add(event["node"])
        elif kind == "visit":
            _check_visit(event, known, where)
        elif event["node"] not in known:
            raise InputError(f"{where}.node", f"{quoted(event['node'])} was not visited before this event")
    if kind != "result":
        raise InputError(f"line {numbers[last]}", "a trace ends with its result event (is it cut short?)")
    return len(lines)


@cache
def _source_validator() -> Draft202012Validator:
    """The custom form of the start's source alone (search.traces.events), so an error names its field:
    against the whole schema, a source that matches none of its three forms says only that."""
    forms = SCHEMA_FACTS["start"]["source"]["oneOf"]
    return Draft202012Validator(next(f for f in forms if f["properties"]["kind"] == {"const": "custom"}))


def _check_start(start: Event, where: str) -> None:
    """The format (no older one had a custom source), then the source field by field."""
    if start.get("format") != FORMAT_VERSION:
        raise InputError(f"{where}.format", f"expected {FORMAT_VERSION}: a trace of a game's own source has no older format")
    errors = sorted(_source_validator().iter_errors(start.get("source")), key=lambda e: len(e.absolute_path))
    if errors:
        path = format_path(["source", *errors[0].absolute_path])
        raise InputError(f"{where}.{path}", errors[0].message)


def _check_event(event: Event, where: str) -> None:
    """check_event, its error named as the rest of the trace's are: `line 9.value`."""
    try:
        check_event(event)
    except InputError as exc:
        raise InputError(f"{where}.{exc.where}" if exc.where else where, exc.problem) from None


def _check_visit(event: Event, known: set[str], where: str) -> None:
    """A visit's parent is a node visited before it (none: the root, the start's node)."""
    parent, node = event["parent"], event["node"]
    if parent is None and node not in known:
        raise InputError(f"{where}.node", f"a visit without a parent is the root's; {quoted(node)} is not the root")
    if parent is not None and parent not in known:
        raise InputError(f"{where}.parent", f"{quoted(parent)} was not visited before this event")
    known.add(node)
