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
event type is defined; tests/engine/test_event_records.py and tests/engine/test_event_types.py hold them to it. The record layouts (the first item names the kind):

    (VISIT, node, line, parent, depth, player, alpha, beta, state, move)  alpha is None for minimax
    (LEAF, node, line, value, kind)
    (BACKUP, node, line, op, child, child_value, v_before, v_after)
    (BOUND, node, line, bound, old, new)                 changed is old != new
    (INIT, node, line, v)
    (TEST, node, line, test, v, alpha, beta, holds)
    (RETURN, node, line, value)
    (OTHER, make)       a rare event (start, prune, iteration, result): make(seq) builds its dict

A batch of iterative deepening carries its `iteration` (the recorder flushes at each iteration's
boundary, so one batch never spans two); both ways out add it as every event's last field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from json.encoder import encode_basestring as _quote  # type: ignore[attr-defined]  # the C function when available
from typing import Any, Callable

from search.traces.jsonl import Event, dumps_event

INF = math.inf
VISIT, LEAF, BACKUP, BOUND, OTHER, INIT, TEST, RETURN = range(8)

Record = tuple[Any, ...]
Describe = Callable[[Any, Any], dict[str, Any]]
"""A game's describe(state, move): the extra fields of a visit event (docs/trace-format.md)."""
DescribeJson = Callable[[Any, Any], str]
"""The same fields as JSON members to splice into a visit line: ',"state":"X........","move":4'."""


def json_number(x: float) -> float | str:
    """A finite number as itself, an infinity as "inf" / "-inf" (a NaN stays, for the strict
    encoder to refuse: it is a bug, not a bound)."""
    if -INF < x < INF:
        return x
    return "inf" if x == INF else "-inf" if x == -INF else x


def _number(x: Any) -> str:
    """A value that must be a finite number (a leaf's value, v after a backup, a new bound), as
    json writes it: repr() for a plain int or float; anything else goes through json itself."""
    if type(x) is int or (type(x) is float and -INF < x < INF):
        return repr(x)
    if isinstance(x, float) and not -INF < x < INF:
        raise ValueError(f"a value that must be finite is {x!r}: strict JSON cannot hold it")
    return dumps_event(x)  # bool, int or float subclasses: as json writes them; other types raise


def _bound(x: Any) -> str:
    """A number that may be infinite (alpha, beta, v before the first child), as JSON text."""
    if x == INF:
        return '"inf"'
    if x == -INF:
        return '"-inf"'
    return _number(x)


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
        describe = self.describe
        out: list[Event] = []
        append = out.append
        seq = self.first
        for r in self.records:
            kind = r[0]
            if kind == VISIT:
                _, node, line, parent, depth, player, alpha, beta, state, move = r
                if alpha is None:
                    append({"seq": seq, "type": "visit", "node": node, "line": line, "parent": parent,
                            "depth": depth, "player": player, **describe(state, move)})
                else:
                    append({"seq": seq, "type": "visit", "node": node, "line": line, "parent": parent,
                            "depth": depth, "player": player, "alpha": json_number(alpha),
                            "beta": json_number(beta), **describe(state, move)})
            elif kind == LEAF:
                append({"seq": seq, "type": "leaf", "node": r[1], "line": r[2], "value": r[3], "kind": r[4]})
            elif kind == BACKUP:
                append({"seq": seq, "type": "backup", "node": r[1], "line": r[2], "op": r[3], "child": r[4],
                        "child_value": r[5], "v_before": json_number(r[6]), "v_after": r[7]})
            elif kind == RETURN:
                append({"seq": seq, "type": "return", "node": r[1], "line": r[2], "value": r[3]})
            elif kind == INIT:
                append({"seq": seq, "type": "init", "node": r[1], "line": r[2], "v": json_number(r[3])})
            elif kind == TEST:
                append({"seq": seq, "type": "test", "node": r[1], "line": r[2], "test": r[3], "v": r[4],
                        "alpha": json_number(r[5]), "beta": json_number(r[6]), "holds": r[7]})
            elif kind == BOUND:
                append({"seq": seq, "type": "bound", "node": r[1], "line": r[2], "bound": r[3],
                        "old": json_number(r[4]), "new": r[5], "changed": r[4] != r[5]})
            else:
                append(r[1](seq))
            seq += 1
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

        Node ids, labels and positions are quoted by json's own C string encoder; lines, kinds,
        ops, players and bounds are our own constants; numbers are written by repr(), which is what
        json writes for int and float.
        """
        describe_json = self.describe_json or describe_json_from(self.describe)
        quote = _quote
        lines: list[str] = []
        append = lines.append
        seq = self.first
        for r in self.records:
            kind = r[0]
            if kind == VISIT:
                _, node, line, parent, depth, player, alpha, beta, state, move = r
                parent_text = "null" if parent is None else quote(parent)
                if alpha is None:
                    append('{"seq":%d,"type":"visit","node":%s,"line":"%s","parent":%s,"depth":%d,"player":"%s"%s}'
                           % (seq, quote(node), line, parent_text, depth, player, describe_json(state, move)))
                else:
                    append('{"seq":%d,"type":"visit","node":%s,"line":"%s","parent":%s,"depth":%d,"player":"%s",'
                           '"alpha":%s,"beta":%s%s}'
                           % (seq, quote(node), line, parent_text, depth, player, _bound(alpha), _bound(beta),
                              describe_json(state, move)))
            elif kind == LEAF:
                append('{"seq":%d,"type":"leaf","node":%s,"line":"%s","value":%s,"kind":"%s"}'
                       % (seq, quote(r[1]), r[2], _number(r[3]), r[4]))
            elif kind == BACKUP:
                append('{"seq":%d,"type":"backup","node":%s,"line":"%s","op":"%s","child":%s,"child_value":%s,'
                       '"v_before":%s,"v_after":%s}'
                       % (seq, quote(r[1]), r[2], r[3], quote(r[4]), _number(r[5]), _bound(r[6]), _number(r[7])))
            elif kind == RETURN:
                append('{"seq":%d,"type":"return","node":%s,"line":"%s","value":%s}'
                       % (seq, quote(r[1]), r[2], _number(r[3])))
            elif kind == INIT:
                append('{"seq":%d,"type":"init","node":%s,"line":"%s","v":%s}' % (seq, quote(r[1]), r[2], _bound(r[3])))
            elif kind == TEST:
                append('{"seq":%d,"type":"test","node":%s,"line":"%s","test":"%s","v":%s,"alpha":%s,"beta":%s,"holds":%s}'
                       % (seq, quote(r[1]), r[2], r[3], _number(r[4]), _bound(r[5]), _bound(r[6]),
                          "true" if r[7] else "false"))
            elif kind == BOUND:
                append('{"seq":%d,"type":"bound","node":%s,"line":"%s","bound":"%s","old":%s,"new":%s,"changed":%s}'
                       % (seq, quote(r[1]), r[2], r[3], _bound(r[4]), _number(r[5]),
                          "false" if r[4] == r[5] else "true"))
            else:
                append(dumps_event(r[1](seq)))
            seq += 1
        if self.iteration is not None:
            suffix = ',"iteration":%d}' % self.iteration
            lines = [line[:-1] + suffix for line in lines]
        return lines
