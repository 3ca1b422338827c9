"""The first place a student's search parts from another (the reference, or a misconception's search),
said in the slides' words.

Chronological: the walks are read side by side, visit by visit, and a value the student's search returned
is checked when it was returned (after the visits before it), so the first thing that differs is reported,
whether a visit, a value or, at the end, the move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from search.algorithms.registry import NAMES as REGISTRY_NAMES
from search.grading.walks import Walk, same_value, shown_move, shown_number
from search.traces.json_values import from_json_number

NAMES = REGISTRY_NAMES
"""Each algorithm as a sentence names it (search.algorithms.registry)."""
FUNCTIONS = {"max": "MAX-VALUE", "min": "MIN-VALUE"}
TESTS = {"v >= beta": ("≥", "β", "beta"), "v > beta": (">", "β", "beta"), "v <= alpha": ("≤", "α", "alpha"),
         "v < alpha": ("<", "α", "alpha")}


@dataclass(slots=True)
class Divergence:
    kind: str  # "cut", "extra", "missed", "order", "again", "value", "move"
    node: str | None
    message: str
    student_seq: int | None
    reference_seq: int | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "node": self.node, "message": self.message, "student_seq": self.student_seq,
                "reference_seq": self.reference_seq}


Namer = Callable[[str], str]
"""A node id -> the page's name of it (search.grading.position_names): the words say "X 2 · O 4", never root.2.4."""


def first_divergence(student: Walk, other: Walk, algorithm: str, depth: int | None = None,
                     names: Namer | None = None) -> Divergence | None:
    """Where `student` first parts from `other` (None: the same visits, values where recorded, and move); `names`
    names the nodes in the message (their ids when None)."""
    name = NAMES[algorithm]
    n: Namer = names or str
    checked = 0
    for node, value, before, seq, function in student.returns:
        found = _visit_divergence(student, other, checked, before, name, depth, n)
        if found is not None:
            return found
        checked = max(checked, before)
        theirs = other.values.get(node)
        if theirs is not None and not same_value(value, theirs[0]):
            player = other.players.get(node, student.players.get(node, "max"))
            return Divergence("value", node, f"your {function}({n(node)}) returned {shown_number(value)}; "
                              f"{_their_value(name, player, n(node), theirs[0])}", seq, theirs[1])
    found = _visit_divergence(student, other, checked, None, name, depth, n)
    if found is not None:
        return found
    if student.child != other.child:
        return Divergence("move", other.root, _move_words(student, other, name, n), student.result_seq, other.result_seq)
    return None


def _visit_divergence(student: Walk, other: Walk, start: int, end: int | None, name: str,
                      depth: int | None, n: Namer) -> Divergence | None:
    """The first visit in [start, end) (to the end of both walks when end is None) that differs."""
    mine, theirs = student.visits, other.visits
    stop = max(len(mine), len(theirs)) if end is None else end
    for i in range(start, stop):
        s = mine[i] if i < len(mine) else None
        r = theirs[i] if i < len(theirs) else None
        if s == r:
            continue
        s_seq = student.visit_seqs[i] if s is not None else student.result_seq
        r_seq = other.visit_seqs[i] if r is not None else other.result_seq
        if s is None:
            return Divergence("missed", r, f"your search never visits {n(r)}; {name} visits it next"
                              f"{_after(theirs, i, n)}", s_seq, r_seq)
        if s in mine[:i]:
            return Divergence("again", s, f"your search visits {n(s)} a second time{_after(mine, i, n)}: each node is searched "
                              "once (each action's RESULT is searched by one call)", s_seq, r_seq)
        if s not in other.parents:
            return Divergence(*_unvisited(s, student, other, name, depth, n), s_seq, r_seq)  # type: ignore[misc]
        if r is not None and r not in mine:
            before = f" after {n(theirs[i - 1])}" if i > 0 else " first"
            return Divergence("missed", r, f"your search never visits {n(r)}: {name} visits it{before}, where your search "
                              f"goes on to {n(s)}", s_seq, r_seq)
        siblings = student.parents.get(s) == other.parents.get(r)
        order = " (children are searched in the order ACTIONS gives them)" if siblings else ""
        return Divergence("order", s, f"your search visits {n(s)} where {name} visits {n(r)}{order}", s_seq, r_seq)
    return None


def _unvisited(node: str, student: Walk, other: Walk, name: str, depth: int | None, n: Namer) -> tuple[str, str, str]:
    """(kind, node, words) for a visit the other search never makes: pruned there, past the depth limit, or neither."""
    found = other.pruned_by(node, student.parents)
    if found is not None:
        prune, cut = found
        sign, bound, field = TESTS.get(prune["test"], ("≤", "α", "alpha"))
        before = other.last_child.get(prune["seq"])
        returned = f"{n(before)} returned {shown_number(prune['v'])}" if before else f"v = {shown_number(prune['v'])}"
        below = "" if cut == node else f", below {n(cut)}"
        function = "MAX-VALUE returns as soon as v " if bound == "β" else "MIN-VALUE returns as soon as v "
        return ("cut", node, f"your search visits {n(node)}{below} after {returned} {sign} {bound} = "
                f"{shown_number(from_json_number(prune[field]))} at {n(prune['node'])}: {name} prunes {', '.join(n(p) for p in prune['pruned'])} "
                f"there ({function}{sign} {bound})")
    node_depth = student.depths.get(node)
    if depth is not None and node_depth is not None and node_depth > depth:
        parent = student.parents.get(node)
        return ("extra", node, f"your search visits {n(node)} at depth {node_depth}, past the depth limit {depth}: "
                f"the search stops at depth {depth} and scores {n(parent) if parent else 'it'} with EVAL")
    return ("extra", node, f"your search visits {n(node)}, which {name} never visits")


def _their_value(name: str, player: str, node: str, value: float) -> str:
    """The other search's value of `node` (its name) in the slides' words."""
    if name == NAMES["maxn"]:
        return f"in max^n MAXN-VALUE({node}) returns {shown_number(value)}"
    if player == "chance":
        return f"in {name} the chance node {node} is worth {shown_number(value)} (Σ P(r) × the value of each outcome r)"
    return f"in {name} {FUNCTIONS.get(player, 'MAX-VALUE')}({node}) returns {shown_number(value)}"


def _after(visits: list[str], i: int, n: Namer) -> str:
    return f", after {n(visits[i - 1])}" if i > 0 else ""


def _move_words(student: Walk, other: Walk, name: str, n: Namer) -> str:
    chosen = f"chooses {_move_name(other, n)}" + (f" (value {shown_number(other.value)})" if other.value is not None else "")
    if student.child is None:
        return f"your search returns {student.returned!r}, which is not one of the moves at the start; {name} {chosen}"
    return f"your search returns the move {_move_name(student, n)}; {name} {chosen}, the first move with the best value"


def _move_name(walk: Walk, n: Namer) -> str:
    """The move a search chose, named as the page names the child it leads to ("X 4", "B"), or as it was returned."""
    return shown_move(walk.move) if walk.child is None else n(walk.child)
