"""How far a mistaken search is from the right one: the number of things it does differently, counted on the
two traces of one tree. Where several misconceptions fit a student's answer equally well, the one that changes
the fewest is named first (the most specific reading): on the tie tree [[3,12,8],[3,4,6],[14,5,2]] an answer
that searches C2 and C3 follows the strict test (one test decided differently, at C after C1 where v = α = 3)
before "no pruning" (every test that holds left out, D's last one too), although both give the same marks.

Counted per node: a value returned differently, a window received differently, a child pruned by one search
and not the other, and a pruning test decided differently (keyed by the node and the child searched before it;
a test not made is one that does not hold: the search goes on). Node ids are the same in every trace of one tree.
"""

from __future__ import annotations

from typing import Any, Iterable

from search.traces.value_agreement import agree

Marks = tuple[dict[str, Any], dict[str, Any], set[str], dict[tuple[str, str], bool]]


def trace_marks(events: Iterable[dict[str, Any]]) -> Marks:
    """(first value each node returns, the window each node receives, the pruned children, each test's outcome)."""
    values: dict[str, Any] = {}
    windows: dict[str, Any] = {}
    pruned: set[str] = set()
    tests: dict[tuple[str, str], bool] = {}
    last_child: dict[str, str] = {}
    for event in events:
        kind, node = event["type"], event.get("node")
        if kind == "visit" and "alpha" in event and node not in windows:
            windows[node] = (event["alpha"], event["beta"])
        elif kind == "return":
            values.setdefault(node, event["value"])
        elif kind == "backup":
            last_child[node] = event["child"]
        elif kind == "test" and node in last_child:
            tests[(node, last_child[node])] = bool(event["holds"])
        elif kind == "prune":
            pruned.update(event["pruned"])
    return values, windows, pruned, tests


def changes(right: Marks, mistaken: Marks) -> int:
    """The things the mistaken search does differently from the right one (see the module's note)."""
    count = 0
    for one, other in zip(right[:2], mistaken[:2]):
        count += sum(1 for node in one.keys() | other.keys() if not agree(one.get(node), other.get(node)))
    count += len(right[2] ^ mistaken[2])
    tests, their_tests = right[3], mistaken[3]
    count += sum(1 for key in tests.keys() | their_tests.keys() if tests.get(key, False) != their_tests.get(key, False))
    return count

