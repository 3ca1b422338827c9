"""Explicit game trees: the node type, its JSON form, and the built-in examples.

Besides MAX and MIN a node may be a chance node (`player` "chance", the expectiminimax of AIMA 4th ed. §5.5):
its children are outcomes, each with a `probability`. A tree whose root lists `players`
(several players, AIMA 4th ed. §5.2.2) names one of them as each internal node's `player`, and its leaves
hold a vector of values, one per player. The root may declare `bounds` [lo, hi] on every value,
which lets alpha-beta prune at chance nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Player = Literal["max", "min"]
Mover = str
"""Whoever moves at a node: "max", "min", "chance", or in a players tree one of the root's names."""
Value = float | list[float]
"""A leaf's value: one number, or in a players tree one number per player."""

CHANCE = "chance"


def other(player: Player) -> Player:
    """The player who moves after `player`."""
    return "min" if player == "max" else "max"


@dataclass(slots=True)
class TreeNode:
    """One node of an explicit tree. A node with no children is terminal and has a value."""

    id: str
    label: str
    player: Mover
    value: Value | None = None
    eval: Value | None = None
    children: list[TreeNode] = field(default_factory=list)
    probability: float | None = None  # a chance node's outcome: None on every child means uniform
    bounds: tuple[float, float] | None = None  # the root only: every value lies in [lo, hi]
    players: list[str] | None = None  # the root only: the names of a several-player tree

    def to_json(self) -> dict[str, Any]:
        """The normalised JSON form (every field explicit), as stored in a trace's start event."""
        out: dict[str, Any] = {"id": self.id, "label": self.label, "player": self.player}
        if self.probability is not None:
            out["probability"] = self.probability
        if self.players is not None:
            out["players"] = list(self.players)
        if self.bounds is not None:
            out["bounds"] = list(self.bounds)
        if self.value is not None:
            out["value"] = self.value
        if self.eval is not None:
            out["eval"] = self.eval
        if self.children:
            out["children"] = [child.to_json() for child in self.children]
        return out

    def outcome_probability(self, child: TreeNode) -> float:
        """The probability of `child` as an outcome of this chance node (uniform when not given)."""
        return child.probability if child.probability is not None else 1 / len(self.children)

    def walk(self) -> list[TreeNode]:
        """All nodes in depth-first pre-order (iterative: trees can be deep)."""
        out: list[TreeNode] = []
        stack = [self]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out


LECTURE_SHORTHAND = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The example every course uses (AIMA figure 5.2): MAX root A, MIN nodes B, C, D."""

# Estimates: the average of the leaves below, rounded (AIMA 4th ed. §5.3.1: EVAL estimates the expected utility).
LECTURE_WITH_ESTIMATES: dict[str, Any] = {
    "eval": 6,
    "children": [
        {"eval": 8, "children": [{"value": 3}, {"value": 12}, {"value": 8}]},
        {"eval": 4, "children": [{"value": 2}, {"value": 4}, {"value": 6}]},
        {"eval": 7, "children": [{"value": 14}, {"value": 5}, {"value": 2}]},
    ],
}
"""The lecture tree with an `eval` on A, B, C and D, so that depth limits 0, 1 and 2 all run;
node ids as in the shorthand (A; B, C, D; B1 ...)."""



def _min_node(leaves: list[float], probability: float | None = None) -> dict[str, Any]:
    node: dict[str, Any] = {"player": "min", "children": [{"value": v} for v in leaves]}
    return node if probability is None else {"probability": probability, **node}


CHANCE_TREE: dict[str, Any] = {
    "children": [
        {"player": "chance", "children": [_min_node([3, 8]), _min_node([5, 7])]},  # uniform: 1/2 each
        {"player": "chance", "children": [_min_node([1, 7], 0.5), _min_node([9, 10], 0.5)]},
        {"player": "chance", "children": [_min_node([2, 6], 0.75), _min_node([8, 4], 0.25)]},
    ],
}
"""Expectiminimax (AIMA 4th ed. §5.5) on a lecture-shaped tree: MAX at A chooses B, C or D, then a coin or a
die decides (B1 or B2, ...), then MIN moves. Expected values B 4, C 5, D 2.5: expectiminimax takes
C; a pessimist who treated the chance nodes as MIN (worst outcomes B 3, C 1, D 2) would take B."""

CHANCE_BOUNDED_TREE: dict[str, Any] = {**CHANCE_TREE, "bounds": [0, 10]}
"""The same with every value declared to lie in [0, 10], so alpha-beta can prune at a chance node:
with α = 5 from C, D1's 2 at probability 0.75 leaves D at most 0.75 × 2 + 0.25 × 10 = 4 ≤ 5,
and D2 is never searched."""

THREE_PLAYERS_TREE: dict[str, Any] = {
    "id": "R", "players": ["A", "B", "C"], "player": "A",
    "children": [
        {"id": "R1", "children": [
            {"id": "R1a", "children": [{"id": "R1a1", "value": [1, 2, 6]}, {"id": "R1a2", "value": [4, 2, 3]}]},
            {"id": "R1b", "children": [{"id": "R1b1", "value": [6, 1, 2]}, {"id": "R1b2", "value": [7, 4, 1]}]},
        ]},
        {"id": "R2", "children": [
            {"id": "R2a", "children": [{"id": "R2a1", "value": [5, 1, 1]}, {"id": "R2a2", "value": [1, 5, 2]}]},
            {"id": "R2b", "children": [{"id": "R2b1", "value": [7, 7, 1]}, {"id": "R2b2", "value": [5, 4, 5]}]},
        ]},
    ],
}
"""The three players of AIMA 4th ed. §5.2.2 (figure 5.4): A moves at R, B at R1 and R2, C below; each
leaf is ⟨vA, vB, vC⟩. Players take turns A, B, C where not given. Max^n backs up ⟨1, 2, 6⟩."""

EXAMPLES: dict[str, Any] = {
    "lecture": LECTURE_SHORTHAND,
    "lecture-estimates": LECTURE_WITH_ESTIMATES,
    "chance": CHANCE_TREE,
    "chance-bounded": CHANCE_BOUNDED_TREE,
    "three-players": THREE_PLAYERS_TREE,
}
"""Built-in examples by name, in the form an instructor would type."""

EXAMPLE_LABELS: dict[str, str] = {
    "lecture": "Lecture tree (A; B, C, D)",
    "lecture-estimates": "Lecture tree with estimates (depth limits)",
    "chance": "Chance nodes (expectiminimax)",
    "chance-bounded": "Chance nodes with bounds [0, 10] (alpha-beta)",
    "three-players": "Three players A, B, C (max^n)",
}

EXAMPLE_ALGORITHMS: dict[str, str] = {"chance": "expectiminimax", "chance-bounded": "alphabeta", "three-players": "maxn"}
"""The algorithm the page picks when a student chooses one of these examples."""
"""What the page's example list calls each example."""
