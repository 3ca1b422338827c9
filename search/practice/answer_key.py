"""An exercise's answer key, read off the engine's own trace: the one source of what is right.

A student's answer is checked against what the real search did (search.practice.check), so the key
holds, per node, what the trace says happened there and at which event: the window it received,
the value it returned, the children it skipped and the test that decided each step. Explanations
quote those events, which is how the feedback can say the slides' sentence for the exact step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from search.traces.records import json_number
from search.traces.value_agreement import number
from search.trees.node import CHANCE, TreeNode

Window = tuple[float, float]
Value = float | list[float]
"""A node's value: one number, or in a max^n tree one number per player."""


def as_json(x: Value) -> Any:
    """As the trace writes numbers: whole ones as integers, the infinities as "inf" and "-inf"; a vector component by component."""
    if isinstance(x, (list, tuple)):
        return [as_json(component) for component in x]
    return json_number(int(x) if math.isfinite(x) and x == int(x) and abs(x) < 2**53 else x)


def value_of(value: Any) -> Value:
    """A trace value as the key holds it: a number, or a max^n vector as a list of floats."""
    return [number(x) for x in value] if isinstance(value, list) else number(value)


@dataclass(slots=True)
class NodeFacts:
    """What the search did at one node; None where it never got there."""

    id: str
    parent: str | None
    player: str
    depth: int
    leaf: bool
    children: list[str]
    label: str = ""
    visit_seq: int | None = None
    window: Window | None = None  # alpha-beta: the (α, β) MAX-VALUE / MIN-VALUE received
    value: Value | None = None  # a visited node: what it returned (a leaf: its value)
    return_seq: int | None = None
    bound: str | None = None  # "upper" / "lower": what it returned is only a bound on its value (the return event's)
    looked: list[str] = field(default_factory=list)  # children it searched, in order
    prune: dict[str, Any] | None = None  # the prune event that ended its loop
    test_before: dict[str, dict[str, Any]] = field(default_factory=dict)  # child -> the test that let the search go on to it
    changes: list[dict[str, Any]] = field(default_factory=list)  # its bound events that changed α or β, with the child before
    probability: float | None = None  # an outcome of a chance node: its probability (given, or 1/n when uniform)


@dataclass(slots=True)
class AnswerKey:
    """Every node's facts (preorder), and the pruned children with the prune that skipped each."""

    nodes: dict[str, NodeFacts]
    order: list[str]
    skipped_by: dict[str, int]  # every node the search never visits -> seq of the prune that skipped it (or its ancestor)
    pruned: dict[str, int]  # each child a prune event skips -> that event's seq
    prune_of: dict[str, str]  # each child a prune event skips -> the node that pruned it
    result_seq: int
    names: dict[str, str] = field(default_factory=dict)  # node id -> how the sentences name it
    players: list[str] | None = None  # a max^n tree's players, in the order of a vector's components

    def name(self, node_id: str | None) -> str:
        """The node as the student's drawing shows it: its label, or "X4 (B2)" when other nodes
        share the label (a game tree's moves), so a sentence always points at one node."""
        assert node_id is not None
        return self.names.get(node_id, node_id)

    @property
    def visited(self) -> list[str]:
        return [node_id for node_id in self.order if self.nodes[node_id].visit_seq is not None]

    def internal_visited(self) -> list[str]:
        return [node_id for node_id in self.order if not self.nodes[node_id].leaf and self.nodes[node_id].visit_seq is not None]

    def skipping_prune(self, node_id: str) -> dict[str, Any] | None:
        """The prune event that skipped `node_id` or its nearest pruned ancestor (None: it was visited)."""
        skipped = self.pruned_ancestor(node_id)
        return None if skipped is None else self.nodes[self.prune_of[skipped]].prune

    def pruned_ancestor(self, node_id: str) -> str | None:
        """The child a prune skipped whose subtree holds `node_id` (itself included), or None."""
        here: str | None = node_id
        while here is not None and here not in self.prune_of:
            here = self.nodes[here].parent
        return here


def answer_key(root: TreeNode, events: list[dict[str, Any]]) -> AnswerKey:
    """The key of a tree's minimax, alpha-beta, expectiminimax or max^n trace (ids are the tree's node ids)."""
    nodes: dict[str, NodeFacts] = {}
    order: list[str] = []
    stack: list[tuple[TreeNode, TreeNode | None, int]] = [(root, None, 0)]
    while stack:
        node, parent, depth = stack.pop()
        facts = NodeFacts(node.id, parent.id if parent is not None else None, node.player, depth, not node.children,
                          [c.id for c in node.children], node.label)
        if parent is not None and parent.player == CHANCE:
            facts.probability = parent.outcome_probability(node)
        nodes[node.id] = facts
        order.append(node.id)
        stack.extend((child, node, depth + 1) for child in reversed(node.children))
    pending_test: dict[str, dict[str, Any]] = {}  # node -> its last test, until its next child's visit
    pruned: dict[str, int] = {}
    prune_of: dict[str, str] = {}
    result_seq = len(events) - 1
    for event in events:
        kind, node_id = event["type"], event["node"]
        if kind == "visit":
            facts = nodes[node_id]
            facts.visit_seq = event["seq"]
            if "alpha" in event:
                facts.window = (number(event["alpha"]), number(event["beta"]))
            parent = event["parent"]
            if parent is not None:
                nodes[parent].looked.append(node_id)
                if parent in pending_test:
                    nodes[parent].test_before[node_id] = pending_test.pop(parent)
        elif kind == "leaf":
            nodes[node_id].value = value_of(event["value"])
        elif kind == "return":
            nodes[node_id].value = value_of(event["value"])
            nodes[node_id].return_seq = event["seq"]
            nodes[node_id].bound = event.get("bound")
        elif kind == "test":
            pending_test[node_id] = event
        elif kind == "bound" and event["changed"]:
            facts = nodes[node_id]
            facts.changes.append({**event, "after": facts.looked[-1]})
        elif kind == "prune":
            nodes[node_id].prune = event
            for child in event["pruned"]:
                pruned[child] = event["seq"]
                prune_of[child] = node_id
        elif kind == "result":
            result_seq = event["seq"]
    skipped_by: dict[str, int] = {}
    for node_id in order:  # preorder: a parent is settled before its children
        facts = nodes[node_id]
        if facts.visit_seq is None:
            skipped_by[node_id] = pruned[node_id] if node_id in pruned else skipped_by[facts.parent]  # type: ignore[index]
    return AnswerKey(nodes, order, skipped_by, pruned, prune_of, result_seq, _names(nodes), root.players)


def _names(nodes: dict[str, NodeFacts]) -> dict[str, str]:
    uses: dict[str, int] = {}
    for facts in nodes.values():
        uses[facts.label] = uses.get(facts.label, 0) + 1
    return {node_id: facts.label if facts.label == node_id or uses[facts.label] == 1 else f"{facts.label} ({node_id})"
            for node_id, facts in nodes.items()}
