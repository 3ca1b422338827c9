"""Reading a whole trace event by event against the schema, and what a schema can't say.

Uploads no longer come here: search.traces.verify compares them with the engine, which says more and
costs about what making the trace cost. This reads what the server stored before that (an older
format upgraded as it is served) and serves tests and tools that want the events as dicts."""

from __future__ import annotations

from typing import Any

from search import limits
from search.errors import InputError
from search.traces.jsonl import dumps_event, read_events
from search.traces.schema import check_event
from search.traces.upgrade import upgrade_trace
from search.trees.parse import tree_from_json


def read_trace(text: str) -> tuple[list[dict[str, Any]], bool]:
    """Events of a JSON Lines trace in the current format, each checked, and whether they were
    upgraded from an older format (search.traces.upgrade); or an InputError naming the line."""
    size = len(text.encode("utf-8"))
    if size > limits.MAX_TRACE_BYTES:
        raise InputError("", f"the trace is {size:,} bytes; the limit is {limits.MAX_TRACE_BYTES:,}", too_large=True)
    events = read_events(text)
    if not events:
        raise InputError("", "the trace is empty")
    if events[0].get("type") != "start":
        raise InputError("line 1", "a trace begins with its start event (is this a trace from Minimax Lab?)")
    check_tree_source(events[0])  # first: its size checks keep the schema's recursion bounded
    events, upgraded = upgrade_trace(events)
    for number, event in enumerate(events, start=1):
        check_event(event, f"line {number}")
        if event["seq"] != number - 1:
            raise InputError(f"line {number}.seq", f"expected {number - 1}, got {event['seq']}")
    if events[-1]["type"] != "result":
        raise InputError(f"line {len(events)}", "a trace ends with its result event (is it cut short?)")
    for number, event in enumerate(events[1:-1], start=2):
        if event["type"] in ("start", "result"):
            raise InputError(f"line {number}", f"a {event['type']} event may only be {'first' if event['type'] == 'start' else 'last'}")
    return events, upgraded


def check_tree_source(first: dict[str, Any], where: str = "line 1") -> None:
    """A tree source's tree validated, errors named `line 1.source.tree...`: first, as its size checks
    keep later recursion bounded."""
    source = first.get("source")
    if isinstance(source, dict) and source.get("kind") == "tree":
        try:
            tree_from_json(source.get("tree"))
        except InputError as exc:
            raise InputError(".".join(p for p in (f"{where}.source.tree", exc.where) if p), exc.problem) from None


def canonical_text(events: list[dict[str, Any]]) -> str:
    """The trace as we store and serve it: strict JSON, one event per line."""
    return "".join(dumps_event(event) + "\n" for event in events)
