"""Rare events written straight as JSON text, as records.py writes the hot ones: a deep search prunes thousands of
times (alpha-beta on Connect Four at depth 6: 1,964 prunes), and encoding a dict for each cost a sixth of writing
the whole trace (bench/connect4.py). The text is exactly what dumps_event writes for the event's dict
(tests/engine/test_event_records.py checks the two agree)."""

from __future__ import annotations

from typing import Any, Sequence

from search.traces.json_values import bound_text, number_text, quote
from search.traces.jsonl import dumps_event

_PRUNE = ('{"seq":%d,"type":"prune","node":%s,"line":"%s","pruned":[%s],"players":[%s],"moves":[%s],'
          '"test":%s,"cut":"%s","v":%s,"alpha":%s,"beta":%s}')


def prune_text(seq: int, node: str, line: str, pruned: Sequence[str], players: Sequence[str], moves: Sequence[Any],
               test: str, cut: str, v: float, alpha: float, beta: float) -> str:
    """The prune event's line: `line` and `cut` are our own constants; ids, players and the test quoted; a move
    (a cell, a column, [x, y], a tree child's id, a course game's move) as JSON writes it."""
    return _PRUNE % (seq, quote(node), line, ",".join(map(quote, pruned)), ",".join(map(quote, players)),
                     ",".join([repr(m) if type(m) is int else dumps_event(m) for m in moves]),
                     quote(test), cut, number_text(v), bound_text(alpha), bound_text(beta))
