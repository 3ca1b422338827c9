"""The hot events' records as dicts and as JSON text. GENERATED from search/traces/events.py by
`.venv/bin/python -m search.traces.schema_build`: do not edit.

A record is (KIND, *items) as search.traces.events.RECORDS lays it out; (OTHER, make[, text]) is a rare
event whose make(seq) builds its dict (and text(seq), when given, its JSON text). search.traces.records is what to use."""

from __future__ import annotations

from typing import Any, Callable

from search.traces.json_values import bound_text as _bound, json_number, number_text as _number, quote as _quote

VISIT, LEAF, BACKUP, RETURN, INIT, TEST, BOUND, OTHER = range(8)


def events_of(seq: int, records: list[tuple[Any, ...]], describe: Callable[[Any, Any], dict[str, Any]]) -> list[Any]:
    """The events as dicts, in order, the first numbered `seq`."""
    out: list[Any] = []
    append = out.append
    for r in records:
        kind = r[0]
        if kind == 0:  # VISIT
            if r[6] is None:
                append({"seq": seq, "type": "visit", "node": r[1], "line": r[2], "parent": r[3], "depth": r[4], "player": r[5], **describe(r[8], r[9])})
            else:
                append({"seq": seq, "type": "visit", "node": r[1], "line": r[2], "parent": r[3], "depth": r[4], "player": r[5], "alpha": json_number(r[6]), "beta": json_number(r[7]), **describe(r[8], r[9])})
        elif kind == 1:  # LEAF
            append({"seq": seq, "type": "leaf", "node": r[1], "line": r[2], "value": r[3], "kind": r[4]})
        elif kind == 2:  # BACKUP
            append({"seq": seq, "type": "backup", "node": r[1], "line": r[2], "op": r[3], "child": r[4], "child_value": r[5], "v_before": json_number(r[6]), "v_after": r[7]})
        elif kind == 3:  # RETURN
            if r[4] is None:
                append({"seq": seq, "type": "return", "node": r[1], "line": r[2], "value": r[3]})
            else:
                append({"seq": seq, "type": "return", "node": r[1], "line": r[2], "value": r[3], "bound": r[4]})
        elif kind == 4:  # INIT
            append({"seq": seq, "type": "init", "node": r[1], "line": r[2], "v": json_number(r[3])})
        elif kind == 5:  # TEST
            append({"seq": seq, "type": "test", "node": r[1], "line": r[2], "test": r[3], "v": r[4], "alpha": json_number(r[5]), "beta": json_number(r[6]), "holds": r[7]})
        elif kind == 6:  # BOUND
            append({"seq": seq, "type": "bound", "node": r[1], "line": r[2], "bound": r[3], "old": json_number(r[4]), "new": r[5], "changed": r[4] != r[5]})
        else:
            append(r[1](seq))
        seq += 1
    return out


def texts_of(seq: int, records: list[tuple[Any, ...]], describe_json: Callable[[Any, Any], str],
             dumps: Callable[[Any], str]) -> list[str]:
    """Each event as strict, compact JSON text, in the key order of its dict, the first numbered `seq`."""
    lines: list[str] = []
    append = lines.append
    for r in records:
        kind = r[0]
        if kind == 0:  # VISIT
            if r[6] is None:
                append('{"seq":%d,"type":"visit","node":%s,"line":"%s","parent":%s,"depth":%d,"player":%s%s}' % (seq, _quote(r[1]), r[2], "null" if r[3] is None else _quote(r[3]), r[4], _quote(r[5]), describe_json(r[8], r[9])))
            else:
                append('{"seq":%d,"type":"visit","node":%s,"line":"%s","parent":%s,"depth":%d,"player":%s,"alpha":%s,"beta":%s%s}' % (seq, _quote(r[1]), r[2], "null" if r[3] is None else _quote(r[3]), r[4], _quote(r[5]), r[6] if type(r[6]) is int else _bound(r[6]), r[7] if type(r[7]) is int else _bound(r[7]), describe_json(r[8], r[9])))
        elif kind == 1:  # LEAF
            append('{"seq":%d,"type":"leaf","node":%s,"line":"%s","value":%s,"kind":"%s"}' % (seq, _quote(r[1]), r[2], r[3] if type(r[3]) is int else _number(r[3]), r[4]))
        elif kind == 2:  # BACKUP
            append('{"seq":%d,"type":"backup","node":%s,"line":"%s","op":"%s","child":%s,"child_value":%s,"v_before":%s,"v_after":%s}' % (seq, _quote(r[1]), r[2], r[3], _quote(r[4]), r[5] if type(r[5]) is int else _number(r[5]), r[6] if type(r[6]) is int else _bound(r[6]), r[7] if type(r[7]) is int else _number(r[7])))
        elif kind == 3:  # RETURN
            if r[4] is None:
                append('{"seq":%d,"type":"return","node":%s,"line":"%s","value":%s}' % (seq, _quote(r[1]), r[2], r[3] if type(r[3]) is int else _number(r[3])))
            else:
                append('{"seq":%d,"type":"return","node":%s,"line":"%s","value":%s,"bound":"%s"}' % (seq, _quote(r[1]), r[2], r[3] if type(r[3]) is int else _number(r[3]), r[4]))
        elif kind == 4:  # INIT
            append('{"seq":%d,"type":"init","node":%s,"line":"%s","v":%s}' % (seq, _quote(r[1]), r[2], r[3] if type(r[3]) is int else _bound(r[3])))
        elif kind == 5:  # TEST
            append('{"seq":%d,"type":"test","node":%s,"line":"%s","test":"%s","v":%s,"alpha":%s,"beta":%s,"holds":%s}' % (seq, _quote(r[1]), r[2], r[3], r[4] if type(r[4]) is int else _number(r[4]), r[5] if type(r[5]) is int else _bound(r[5]), r[6] if type(r[6]) is int else _bound(r[6]), "true" if r[7] else "false"))
        elif kind == 6:  # BOUND
            append('{"seq":%d,"type":"bound","node":%s,"line":"%s","bound":"%s","old":%s,"new":%s,"changed":%s}' % (seq, _quote(r[1]), r[2], r[3], r[4] if type(r[4]) is int else _bound(r[4]), r[5] if type(r[5]) is int else _number(r[5]), "true" if r[4] != r[5] else "false"))
        else:
            append(r[2](seq) if len(r) > 2 else dumps(r[1](seq)))
        seq += 1
    return lines
