"""Explicit game trees: the node type, its JSON form, and the built-in lecture example."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Player = Literal["max", "min"]


def other(player: Player) -> Player:
    """The player who moves after `player`."""
    return "min" if player == "max" else "max"


@dataclass(slots=True)
class TreeNode:
    """One node of an explicit tree. A node with no children is terminal and has a value."""

    id: str
    label: str
    player: Player
    value: float | None = None
    eval: float | None = None
    children: list[TreeNode] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The normalised JSON form (every field explicit), as stored in a trace's start event."""
        out: dict[str, Any] = {"id": self.id, "label": self.label, "player": self.player}
        if self.value is not None:
            out["value"] = self.value
        if self.eval is not None:
            out["eval"] = self.eval
        if self.children:
            out["children"] = [child.to_json() for child in self.children]
        return out

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

# Estimates: the average of the leaves below, rounded (seed 002: Eval estimates the expected utility).
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

EXAMPLES: dict[str, Any] = {"lecture": LECTURE_SHORTHAND, "lecture-estimates": LECTURE_WITH_ESTIMATES}
"""Built-in examples by name, in the form an instructor would type."""

EXAMPLE_LABELS: dict[str, str] = {
    "lecture": "Lecture tree (A; B, C, D)",
    "lecture-estimates": "Lecture tree with estimates (depth limits)",
}
"""What the page's example list calls each example."""
