"""A student's run (StudentRecord.to_json: data, from the child process or the Web Worker) as trace
events (docs/trace-format.md) and as a Walk to compare.

The events are the reference's kinds that a student's code lets us see: a visit when the search first
looks at a position, a leaf when it asks utility or evaluate, a return when max_value, min_value or
chance_value hands back a value, and the result. They carry the reference's start event (its source and
options), so the page's tree view draws the student's search over the same tree, node for node.
"""

from __future__ import annotations

from typing import Any

from search.errors import InputError
from search.grading.values import from_json_value, is_value, json_value
from search.grading.walks import Walk

Event = dict[str, Any]
LINES = {
    "minimax": {"visit": "{p}.head", "leaf": "{p}.terminal", "value": "{p}.return"},
    "alphabeta": {"visit": "{p}.head", "leaf": "{p}.terminal", "value": "{p}.return"},
    "expectiminimax": {"visit": "emm.head", "leaf": "emm.terminal", "value": "emm.{p}"},
    "maxn": {"visit": "maxn.head", "leaf": "maxn.terminal", "value": "maxn.return"},
}
"""The pseudocode line each kind of step shows (the listing's ids, search.algorithms.pseudocode)."""


def student_trace(run: dict[str, Any], start: Event, algorithm: str, events: bool = True) -> tuple[list[Event], Walk]:
    """The student's events (when `events`) and walk; `start` is the reference's start event. A run that is
    not the shape a run has (a forged or broken answer from the child) raises InputError."""
    walk = Walk(root=start["node"])
    out: list[Event] = [dict(start)] if events else []
    lines = LINES[algorithm]
    visits = leaves = 0
    seq = 1
    for step in _steps(run):
        kind, node, player = step["kind"], step["node"], step["player"]
        if kind == "visit":
            parent = step["parent"]
            walk.parents[node], walk.depths[node], walk.players[node] = parent, step["depth"], player
            visits += 1
            if parent is not None:
                walk.visits.append(node)
                walk.visit_seqs.append(seq)
            if events:
                extra = {key: step[key] for key in ("state", "move") if key in step}
                out.append({"seq": seq, "type": "visit", "node": node, "line": lines["visit"].format(p=player),
                            "parent": parent, "depth": step["depth"], "player": player, **extra})
        elif kind == "leaf":
            leaves += 1
            if events:
                out.append({"seq": seq, "type": "leaf", "node": node, "line": lines["leaf"].format(p=player),
                            "value": step["value"], "kind": step["how"]})
        else:
            value = from_json_value(step["value"])
            walk.returns.append((node, value, len(walk.visits), seq, step["how"]))
            if step.get("root"):
                walk.value = value
            if events:
                line_player = "chance_return" if algorithm == "expectiminimax" and player == "chance" else player
                out.append({"seq": seq, "type": "return", "node": node, "line": lines["value"].format(p=line_player),
                            "value": step["value"]})
        seq += 1
    walk.child, walk.move, walk.returned, walk.result_seq = run.get("child"), run.get("move"), run.get("returned"), seq
    if walk.value is None:
        walk.value = _chosen_value(walk)
    if events:
        out.append({"seq": seq, "type": "result", "node": walk.root, "line": "search.return",
                    "value": None if walk.value is None else json_value(walk.value), "move": walk.move, "child": walk.child,
                    "visited": visits, "leaves": leaves, "prunes": 0, "pruned": 0, "complete": run.get("error") is None})
    return out, walk


def _chosen_value(walk: Walk) -> float | None:
    """The root's value where no watched function returned it (a *_search that loops over the root's moves
    itself, as the lecture's MINIMAX-DECISION does): the value last returned for the move chosen, which is the
    root's value in a search that chose it right."""
    if walk.child is None:
        return None
    return next((value for node, value, *_ in reversed(walk.returns) if node == walk.child), None)


def _steps(run: dict[str, Any]) -> list[dict[str, Any]]:
    steps = run.get("steps")
    if not isinstance(steps, list):
        raise InputError("steps", "expected a list")
    for i, step in enumerate(steps):
        if (not isinstance(step, dict) or step.get("kind") not in ("visit", "leaf", "value")
                or not isinstance(step.get("node"), str) or not isinstance(step.get("player"), str)):
            raise InputError(f"steps[{i}]", "not a step of a student's run")
        if step["kind"] == "visit" and not (isinstance(step.get("depth"), int) and
                                            (step.get("parent") is None or isinstance(step.get("parent"), str))):
            raise InputError(f"steps[{i}]", "a visit has a depth and a parent")
        if step["kind"] != "visit" and not is_value(from_json_value(step.get("value"))):
            raise InputError(f"steps[{i}].value", "expected a number (a list of numbers in max^n)")
    return steps
