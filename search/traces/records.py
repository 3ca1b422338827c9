"""Events as the recorder holds them: compact tuples, made into dicts or JSON lines only on the way out.

A traced search makes about 2.5 events per node, millions in all. Building a dict for each one
cost the search about as much again as the search itself (bench/engine.py), so on the hot path the
recorder appends a plain tuple (a record) and leaves the sequence number implicit: a batch knows
the seq of its first record. A consumer then asks the batch for what it needs:

- `Batch.events()`: the events as dicts (docs/trace-format.md), for the server and for tests;
- `Batch.jsonl()` / `Batch.json_array()`: the events as JSON text (a file's lines, a websocket
  message's array), formatted straight from the records, which is about 2.5x quicker than
  building the dicts and encoding them with json.

Both ways out give the same events, key for key and in the key order of search.traces.events, where each
event type is defined. The record layouts (the first item names the kind) are written there too
(search.traces.events.RECORDS), and the code that turns records into dicts and JSON text is generated
from them (search/traces/layouts.py, by `python -m search.traces.schema_build`):

    (VISIT, node, line, parent, depth, player, alpha, beta, state, move)  alpha is None for minimax
    (LEAF, node, line, value, kind)
    (BACKUP, node, line, op, child, child_value, v_before, v_after)
    (BOUND, node, line, bound, old, new)                 changed is old != new
    (INIT, node, line, v)
    (TEST, node, line, test, v, alpha, beta, holds)
    (RETURN, node, line, value)
    (OTHER, make)       a rare event (start, prune, iteration, result): make(seq) builds its dict

tests/engine/test_event_records.py and tests/engine/test_event_types.py hold both ways out to the types.

A batch of iterative deepening carries its `iteration` (the recorder flushes at each iteration's
boundary, so one batch never spans two); both ways out add it as every event's last field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from search.traces.json_values import INF, json_number
from search.traces.jsonl import Event, dumps_event
from search.traces.layouts import BACKUP, BOUND, INIT, LEAF, OTHER, RETURN, TEST, VISIT, events_of, texts_of

__all__ = ["BACKUP", "BOUND", "INF", "INIT", "LEAF", "OTHER", "RETURN", "TEST", "VISIT", "Batch", "Describe", "DescribeJson",
           "Record", "describe_json_from", "json_number", "no_extra"]

Record = tuple[Any, ...]
Describe = Callable[[Any, Any], dict[str, Any]]
"""A game's describe(state, move): the extra fields of a visit event (docs/trace-format.md)."""
DescribeJson = Callable[[Any, Any], str]
"""The same fields as JSON members to splice into a visit line: ',"state":"X........","move":4'."""


def no_extra(state: Any, move: Any) -> dict[str, Any]:
    """describe() of a game whose visits carry no position (explicit trees)."""
    return {}


def describe_json_from(describe: Describe) -> DescribeJson:
    """A generic DescribeJson for games without their own: encode describe()'s dict and splice it."""

    def describe_json(state: Any, move: Any) -> str:
        text = dumps_event(describe(state, move))
        return "" if text == "{}" else "," + text[1:-1]

    return describe_json


@dataclass(frozen=True, slots=True)
class Batch:
    """Consecutive records of one search, the first numbered `first`, and how to describe positions."""

    first: int
    records: list[Record]
    describe: Describe = no_extra
    describe_json: DescribeJson | None = None
    iteration: int | None = None  # iterative deepening: every event of the batch carries it (added last)

    def __len__(self) -> int:
        return len(self.records)

    def events(self) -> list[Event]:
        """The events as dicts, in order."""
        out: list[Event] = events_of(self.first, self.records, self.describe)
        if self.iteration is not None:  # off the hot path: only iterative deepening's batches carry one
            for event in out:
                event["iteration"] = self.iteration  # type: ignore[typeddict-unknown-key]
        return out

    def jsonl(self) -> str:
        """The events as JSON Lines: one strict, compact JSON object per line, each line ending in "\\n"."""
        lines = self.json_texts()
        return "\n".join(lines) + "\n" if lines else ""

    def json_array(self) -> str:
        """The events as one strict JSON array, the text of `json.dumps(self.events())` made compact."""
        return "[" + ",".join(self.json_texts()) + "]"

    def json_texts(self) -> list[str]:
        """Each event as strict, compact JSON text, formatted from the records in the key order of events().

        Node ids, players, labels and positions are quoted by json's own C string encoder; lines,
        kinds, ops and bounds are our own constants; numbers are written by repr(), which is what
        json writes for int and float (search/traces/layouts.py, generated from the event types).
        """
        lines = texts_of(self.first, self.records, self.describe_json or describe_json_from(self.describe), dumps_event)
        if self.iteration is not None:
            suffix = ',"iteration":%d}' % self.iteration
            lines = [line[:-1] + suffix for line in lines]
        return lines
