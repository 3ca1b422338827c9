"""The make-it-prune exercise (issue 50): a tree's shape with its leaves blank and the branches alpha-beta must
prune; the student writes the leaves, and the real alpha-beta says which asked prunes happen, which do not and
which extra ones do, each with its reason in the slides' words ("C2 is not pruned: after C1, v = 5 > α = 3 at C").

Asking is the reverse of the values exercise: the student has to know when "if v ≤ α then return v" holds
(AIMA 4th ed. §5.2.3) well enough to make it hold. Every asked set is known to be reachable before the
exercise is stored: the leaf values the maker gave are tried first, then a local search over small whole
numbers (`witness`), and a set that no values reach is refused with the reason when one is plain (a first
child, a child of the root's first path, a node inside another asked one). The exercise's other form asks for a
number of leaves evaluated instead (make_it_visit.py); the same witness search serves both.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from search.errors import InputError, quoted
from search.limits import MAKE_IT_PRUNE_MAX_LEAVES, MAX_ABS_VALUE
from search.practice.answer_key import AnswerKey, answer_key
from search.practice.leaf_counts import fillings_toward
from search.practice.pruning_run import pruning_run, traced_events
from search.practice.wording import prune_reason, show, test_words
from search.trees.node import TreeNode

WITNESS_STEPS = 4_000
"""Leaf changes the local search tries, in all, before a prune set is called unreachable (a depth-3 tree of 27 leaves
is solved in a few hundred; each try is one untraced alpha-beta)."""
WITNESS_STARTS = 4
"""Starts the steps are shared among (the first from the maker's own values; for a count of leaves, then the fillings
that reach the fewest and the most; the rest random): a local search can stall."""
WITNESS_VALUES = (1, 30)
"""The whole numbers the witness draws from: small enough to read, enough to order any tree of the limits."""


def blank_leaves(data: Any) -> Any:
    """A tree's JSON (node objects or the nested-list shorthand) with each leaf's null value written 0, so the
    tree parser (which wants a number) reads a shape; the real values are the witness's."""
    if isinstance(data, list):
        return [0 if item is None else blank_leaves(item) for item in data]
    if isinstance(data, dict):
        out = {k: blank_leaves(v) if k == "children" else v for k, v in data.items()}
        if "children" not in data and data.get("value", 0) is None:
            out["value"] = 0
        return out
    return data


def has_blank_leaf(data: Any) -> bool:
    """Whether a tree's JSON leaves any leaf's value out (null): its values are then not a witness."""
    if isinstance(data, list):
        return any(item is None or has_blank_leaf(item) for item in data)
    if isinstance(data, dict):
        return ("children" not in data and data.get("value") is None) or any(has_blank_leaf(c) for c in data.get("children", []))
    return False


def check_prune_size(root: TreeNode) -> None:
    """Refuse a tree with more leaves than a student types (and a witness is searched for), naming the limit."""
    leaves = sum(1 for node in root.walk() if not node.children)
    if leaves > MAKE_IT_PRUNE_MAX_LEAVES:
        raise InputError("tree", f"a make-it-prune exercise's tree has at most {MAKE_IT_PRUNE_MAX_LEAVES} leaves "
                                 f"(MAKE_IT_PRUNE_MAX_LEAVES); this one has {leaves}")


def parse_prune(root: TreeNode, data: Any, ties: str) -> tuple[str, ...]:
    """The exercise's "prune": children ids, each once, none inside another, none a first child; refused when
    no leaf values make alpha-beta prune exactly these."""
    if not isinstance(data, list) or not data or not all(isinstance(item, str) for item in data):
        raise InputError("prune", "expected a list of one or more node ids: the children alpha-beta must skip")
    nodes = {node.id: node for node in root.walk()}
    parent = {child.id: node for node in root.walk() for child in node.children}
    for i, node_id in enumerate(data):
        where = f"prune[{i}]"
        if node_id not in nodes:
            raise InputError(where, f"no node {quoted(node_id[:40])} in the tree")
        if data.index(node_id) != i:
            raise InputError(where, f"{node_id} is listed twice")
        if node_id not in parent:
            raise InputError(where, f"{node_id} is the root: the search starts there")
        if parent[node_id].children[0].id == node_id:
            raise InputError(where, f"{node_id} is {parent[node_id].id}'s first child: alpha-beta always searches a "
                                    "node's first child, so it is never pruned")
        if _open_window(root, parent[node_id]):
            raise InputError(where, f"{node_id} is a child of {parent[node_id].id}, which alpha-beta searches with "
                                    f"[−∞, +∞] (the root, or first children all the way down from it): no test holds there")
        above = parent.get(node_id)
        while above is not None:
            if above.id in data:
                raise InputError(where, f"{node_id} is inside {above.id}, which is asked to be pruned: list {above.id} only")
            above = parent.get(above.id)
        siblings = [child.id for child in parent[node_id].children]
        after = [later for later in siblings[siblings.index(node_id) + 1:] if later not in data]
        if after:
            raise InputError(where, f"{node_id} is asked, but {after[0]} after it is not: a cut at {parent[node_id].id} "
                                    f"skips every child after it, so ask for {', '.join(after)} too")
    return tuple(data)


def _open_window(root: TreeNode, node: TreeNode) -> bool:
    """Whether `node` is the root or reached from it through first children only: its window is [−∞, +∞]
    whatever the leaves, as no earlier sibling has given α or β a value."""
    at = root
    while at is not node:
        if not at.children:
            return False
        at = at.children[0]
    return True


def witness(root: TreeNode, asked: tuple[str, ...], ties: str, seed: int = 0, visited: int | None = None
            ) -> dict[str, float] | None:
    """Leaf values for which alpha-beta prunes exactly `asked` (or, with `visited`, evaluates exactly that many leaves):
    the tree's own if they do, else found by a local search (change one leaf, keep the change unless the distance
    grows: the prunes that differ, or |leaves evaluated − visited|); None when none is found."""
    leaves = [node for node in root.walk() if not node.children]
    distance, fillings = _objective(root, leaves, asked, ties, visited)
    saved = {leaf.id: leaf.value for leaf in leaves}
    rng = random.Random(seed)
    try:
        for start in range(WITNESS_STARTS):
            if start:
                fill = fillings[start - 1] if start <= len(fillings) else None
                for leaf in leaves:
                    leaf.value = fill[leaf.id] if fill is not None else rng.randint(*WITNESS_VALUES)
            if _descend(leaves, distance, rng, copying=visited is not None):
                return {leaf.id: leaf.value for leaf in leaves}  # type: ignore[misc]
        return None
    finally:
        for leaf in leaves:
            leaf.value = saved[leaf.id]


def _objective(root: TreeNode, leaves: list[TreeNode], asked: tuple[str, ...], ties: str, visited: int | None
               ) -> tuple[Callable[[], int], list[dict[str, int]]]:
    """The distance the search brings to 0, and the fillings it starts from after the tree's own values (a count's:
    those that reach the fewest and the most leaves, nearer first; a blank shape's own values are the nearer)."""
    if visited is None:
        target = set(asked)
        return lambda: len(set(pruning_run(root, ties).pruned) ^ target), []
    count: int = visited
    own = {leaf.id: leaf.value for leaf in leaves}
    fillings = [fill for fill in fillings_toward(root, count) if fill != own]
    return lambda: abs(len(pruning_run(root, ties).leaves) - count), fillings


def _descend(leaves: list[TreeNode], distance: Callable[[], int], rng: random.Random, copying: bool) -> bool:
    """One start's share of the steps: a leaf takes a new value, kept unless the distance grows. `copying` (a count):
    half the new values are another leaf's ± 1, as a cut needs a value at or past the α or β some leaf set."""
    best = distance()
    for _ in range(WITNESS_STEPS // WITNESS_STARTS):
        if best == 0:
            return True
        leaf = rng.choice(leaves)
        before = leaf.value
        if copying and rng.random() < 0.5:
            leaf.value = rng.choice(leaves).value + rng.choice((-1, 0, 1))  # type: ignore[operator]
        else:
            leaf.value = rng.randint(*WITNESS_VALUES)
        now = distance()
        if now <= best:
            best = now
        else:
            leaf.value = before
    return best == 0


def prune_copy(root: TreeNode, asked: tuple[str, ...]) -> dict[str, Any]:
    """The student's drawing: the tree with every leaf's value null, and the branches to prune."""
    return {"tree": blank_tree(root), "prune": list(asked)}


def blank_tree(node: TreeNode) -> dict[str, Any]:
    """A node's JSON with every leaf's value null: the shape the student fills."""
    out: dict[str, Any] = {"id": node.id, "label": node.label, "player": node.player}
    if node.children:
        out["children"] = [blank_tree(child) for child in node.children]
    else:
        out["value"] = None
    return out


def parse_leaves(root: TreeNode, data: Any) -> dict[str, float]:
    """{"leaves": {leaf id: number}}: every leaf once, a finite number within the value limit."""
    if not isinstance(data, dict) or set(data) != {"leaves"}:
        extra = sorted(set(data) - {"leaves"}) if isinstance(data, dict) else []
        raise InputError(extra[0][:40] if extra else "leaves", 'expected {"leaves": {"<leaf id>": number, ...}}')
    given = data["leaves"]
    if not isinstance(given, dict):
        raise InputError("leaves", "expected an object from leaf id to number")
    leaves = [node.id for node in root.walk() if not node.children]
    nodes = {node.id: node for node in root.walk()}
    out: dict[str, float] = {}
    for node_id, value in given.items():
        where = f"leaves.{node_id[:40]}"
        if node_id not in nodes:
            raise InputError(where, f"no node {quoted(node_id[:40])} in this exercise")
        if nodes[node_id].children:
            raise InputError(where, f"{node_id} is not a leaf: only leaves take values")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > MAX_ABS_VALUE:
            raise InputError(where, f"expected a finite number from −{MAX_ABS_VALUE:g} to {MAX_ABS_VALUE:g}")
        out[node_id] = value
    missing = [leaf for leaf in leaves if leaf not in out]
    if missing:
        raise InputError("leaves", f"no value for {', '.join(missing[:5])}{' …' if len(missing) > 5 else ''}: every leaf needs "
                                   "one (a leaf the search skips is never read, so any number will do there)")
    return out


def filled(root: TreeNode, values: dict[str, float]) -> TreeNode:
    """A copy of `root` with the student's leaf values."""
    return TreeNode(root.id, root.label, root.player, values.get(root.id), None, [filled(child, values) for child in root.children])


def check_prune(root: TreeNode, asked: tuple[str, ...], ties: str, data: Any) -> dict[str, Any]:
    """POST /api/exercises/<id>/check for make-it-prune: {"correct", "score", "asked", "extra", "right", "rule",
    "pruned", "happen", "not_pruned", "also_pruned", "leaves", "visited", "mistakes", "first_mistake", "ignored", "misconceptions"}.
    Each asked prune is a mark (right when it happens), each extra prune a wrong mark: right ÷ (asked + extra)."""
    tree = filled(root, parse_leaves(root, data))
    key = answer_key(tree, traced_events(tree, ties))
    pruned = list(key.pruned)
    happen = [node_id for node_id in asked if node_id in key.pruned]
    missing = [node_id for node_id in asked if node_id not in key.pruned]
    extra = [node_id for node_id in pruned if node_id not in asked]
    mistakes = [{"node": node_id, "kind": "not_pruned", "explanation": not_pruned_reason(key, node_id),
                 "seq": _seq(key, node_id)} for node_id in missing]
    mistakes += [{"node": node_id, "kind": "extra_prune", "explanation": f"{key.name(node_id)} is pruned too, and it is "
                  f"not asked: {prune_reason(key, _prune(key, node_id))}", "seq": key.pruned[node_id]} for node_id in extra]
    mistakes.sort(key=lambda mistake: mistake["seq"])
    marks = len(asked) + len(extra)
    score = 1.0 if marks == 0 else round(len(happen) / marks, 4)
    reasons = {node_id: prune_reason(key, _prune(key, node_id)) for node_id in happen}
    return {"correct": not missing and not extra, "score": score, "asked": len(asked), "extra": len(extra),
            "right": len(happen), "rule": "marks", "pruned": pruned, "happen": happen, "reasons": reasons,
            "not_pruned": missing, "also_pruned": extra, "leaves": [n for n in key.visited if key.nodes[n].leaf],
            "visited": sum(1 for n in key.visited if key.nodes[n].leaf),
            "mistakes": mistakes, "first_mistake": mistakes[0] if mistakes else None, "ignored": [], "misconceptions": []}


def _prune(key: AnswerKey, node_id: str) -> dict[str, Any]:
    prune = key.nodes[key.prune_of[node_id]].prune
    assert prune is not None
    return prune


def _seq(key: AnswerKey, node_id: str) -> int:
    facts = key.nodes[node_id]
    if facts.visit_seq is None:
        return key.skipped_by.get(node_id, key.result_seq)
    parent = key.nodes[facts.parent] if facts.parent is not None else None
    return parent.test_before[node_id]["seq"] if parent is not None and node_id in parent.test_before else facts.visit_seq


def not_pruned_reason(key: AnswerKey, node_id: str) -> str:
    """Why an asked prune does not happen: the test that let the search go on to it, or the prune above it."""
    facts = key.nodes[node_id]
    name = key.name(node_id)
    if facts.visit_seq is None:
        above = key.pruned_ancestor(node_id)
        return (f"{name} is skipped only because {key.name(above)} above it is pruned: the cut must come at "
                f"{key.name(facts.parent)} itself")
    parent = key.nodes[facts.parent]  # type: ignore[index]
    before = parent.looked[parent.looked.index(node_id) - 1]
    test = parent.test_before[node_id]
    return (f"{name} is not pruned: after {key.name(before)} (= {show(key.nodes[before].value)}), "
            f"{test_words(test, False)} at {key.name(parent.id)}, so the search goes on to {name}")


def model_leaves(values: dict[str, float]) -> dict[str, Any]:
    """The model answer: the witness's leaf values, as a check's body."""
    return {"leaves": dict(values)}


__all__ = ["blank_leaves", "blank_tree", "check_prune", "check_prune_size", "filled", "has_blank_leaf", "model_leaves",
           "not_pruned_reason", "parse_leaves", "parse_prune", "prune_copy", "witness"]
