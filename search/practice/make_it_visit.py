"""The make-it-prune exercise's other form (issue 50): "exactly K leaves visited". The student writes a tree's leaves
so that alpha-beta evaluates exactly K of them, and the real alpha-beta says how many it evaluates, which branches it
cuts and why, and where the count goes wrong: with too many, the first branch that could have been cut and why it
was not; with too few, the first cut and why it happens ("C2 is not pruned: after C1 (= 5), v = 5 > α = 3 at C").

K is asked from the fewest leaves any values give on the tree's shape in its order (search/practice/leaf_counts.py:
the first child of every node is always searched) to all of them; every stored exercise has a witness, found as the
prune form's is (make_it_prune.witness, with the distance |leaves evaluated − K|). Not every count between is reached
on every shape (on an uneven one, entering a subtree can commit the search to two more leaves at once): such a K is
refused after the search, as one the search misses is.
"""

from __future__ import annotations

import math
from typing import Any

from search.errors import InputError
from search.practice.answer_key import AnswerKey, answer_key
from search.practice.leaf_counts import fewest_leaves, fillings_toward, leaf_count
from search.practice.make_it_prune import (
    WITNESS_STARTS,
    WITNESS_STEPS,
    blank_tree,
    filled,
    not_pruned_reason,
    parse_leaves,
    witness,
)
from search.practice.pruning_run import traced_events
from search.practice.wording import names, prune_reason
from search.traces.value_agreement import number
from search.trees.node import TreeNode


def parse_visited(root: TreeNode, data: Any) -> int:
    """The exercise's "visited": a whole number of leaves some values make alpha-beta evaluate on this shape."""
    if isinstance(data, bool) or not isinstance(data, int):
        raise InputError("visited", "expected a whole number: how many leaves alpha-beta must evaluate")
    low, high = fewest_leaves(root), leaf_count(root)
    if low == high:
        raise InputError("visited", f"alpha-beta evaluates all {high} leaves of this tree whatever their values (no node "
                                    "below the root's first path has a later child): give a tree where a branch can be pruned")
    if not low <= data <= high:
        raise InputError("visited", f"expected {low} to {high} on this tree: alpha-beta always evaluates at least {low} "
                                    f"of its {high} leaves")
    return data


def count_witness(root: TreeNode, visited: int, ties: str, blank: bool = False) -> dict[str, float]:
    """Leaf values for which alpha-beta evaluates exactly `visited` leaves, searched from the tree's own (a `blank`
    shape's are first the filling nearer the count: its all-zero leaves would make a model answer of ties), refused
    in a plain sentence when the search finds none."""
    if blank:
        first = fillings_toward(root, visited)[0]
        for node in root.walk():
            if not node.children:
                node.value = first[node.id]
    values = witness(root, (), ties, visited=visited)
    if values is None:
        raise InputError("visited", f"no leaf values were found for which alpha-beta evaluates exactly {visited} of the "
                                    f"{leaf_count(root)} leaves (tried {WITNESS_STEPS:,} changes from {WITNESS_STARTS} "
                                    "starts): ask for another number")
    return values


def visited_copy(root: TreeNode, visited: int) -> dict[str, Any]:
    """The student's drawing: the tree with every leaf's value null, and how many leaves alpha-beta must evaluate."""
    return {"tree": blank_tree(root), "visited": visited}


def task_words(root: TreeNode, visited: int) -> str:
    """What the page says this form asks."""
    return (f"Write the leaves so that alpha-beta evaluates exactly {visited} of the {leaf_count(root)} leaves: one mark, "
            "right only when the count is exact.")


def check_visited(root: TreeNode, visited: int, ties: str, data: Any) -> dict[str, Any]:
    """POST /api/exercises/<id>/check for the "visited" form: {"correct", "score", "asked": 1, "extra": 0, "right",
    "rule", "visited" (leaves the student's values make alpha-beta evaluate), "asked_visited", "leaves", "pruned",
    "reasons" (each pruned branch's), "mistakes" (at most one), "first_mistake", "ignored", "misconceptions"}.

    One thing is asked, so the score is 1 when the count is exact and 0 otherwise. The prune form's partial credit
    counts separate marks, each a decision the student makes at one branch; a count near K has no such parts: it may
    come from cuts in quite other places than any K-leaf answer's, and values typed at random already land inside
    the range, so credit for being near would pay for luck, not for knowing when "if v ≤ α then return v" holds."""
    tree = filled(root, parse_leaves(root, data))
    key = answer_key(tree, traced_events(tree, ties))
    leaves = [node_id for node_id in key.visited if key.nodes[node_id].leaf]
    count = len(leaves)
    pruned = list(key.pruned)
    mistake = _too_many(key, count, visited) if count > visited else _too_few(key, count, visited) if count < visited else None
    mistakes = [mistake] if mistake is not None else []
    right = int(count == visited)
    return {"correct": bool(right), "score": float(right), "asked": 1, "extra": 0, "right": right, "rule": "marks",
            "visited": count, "asked_visited": visited, "leaves": leaves, "pruned": pruned,
            "reasons": {child: prune_reason(key, _skipping(key, child)) for child in pruned},
            "mistakes": mistakes, "first_mistake": mistakes[0] if mistakes else None, "ignored": [], "misconceptions": []}


def _skipping(key: AnswerKey, child: str) -> dict[str, Any]:
    prune = key.skipping_prune(child)
    assert prune is not None
    return prune


def _too_many(key: AnswerKey, count: int, visited: int) -> dict[str, Any]:
    """The first branch, in search order, that a test against a finite α or β let through: the first place a cut
    could have happened. (Where every test faced ±∞ the search evaluated the fewest leaves, so one exists.)"""
    said = f"alpha-beta evaluates {count} leaves, not {visited}"
    could = [(test["seq"], child) for facts in key.nodes.values() for child, test in facts.test_before.items()
             if math.isfinite(number(test["beta" if "beta" in test["test"] else "alpha"]))]
    if not could:
        return {"node": key.order[0], "kind": "not_pruned", "explanation": said, "seq": key.result_seq}
    seq, child = min(could)
    return {"node": child, "kind": "not_pruned", "seq": seq,
            "explanation": f"{said}: the first branch that could be cut is {key.name(child)}, and it is not: "
                           f"{_after_is(not_pruned_reason(key, child), key.name(child))}"}


def _after_is(reason: str, name: str) -> str:
    """"after C1 (= 5), v = 5 > α = 3 at C, ..." from "C2 is not pruned: after C1 (= 5), ...": the name is said already."""
    return reason.removeprefix(f"{name} is not pruned: ")


def _too_few(key: AnswerKey, count: int, visited: int) -> dict[str, Any]:
    """The first cut, in search order, with the test that made it."""
    seq = min(key.pruned.values())
    children = [child for child, at in key.pruned.items() if at == seq]
    prune = _skipping(key, children[0])
    return {"node": children[0], "kind": "extra_prune", "seq": seq,
            "explanation": f"alpha-beta evaluates {count} leaves, not {visited}: it cuts too much, first "
                           f"{names([key.name(child) for child in children])}: {prune_reason(key, prune)}"}


__all__ = ["check_visited", "count_witness", "parse_visited", "task_words", "visited_copy"]
