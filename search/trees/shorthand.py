"""A tree written back as the nested-list shorthand, e.g. [[3,12,8],[2,4,6],[14,5,2]], or why it cannot be.

The shorthand carries leaf values only: no labels, no estimates, and players that alternate
from a MAX root. It names the nodes itself (search.trees.parse.shorthand_child_id: A; B, C; B1 ...),
so a tree whose ids differ from those names comes back with the differences listed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from search.errors import InputError
from search.trees.node import TreeNode
from search.trees.parse import SHORTHAND_ROOT_ID, shorthand_child_id


@dataclass(frozen=True, slots=True)
class Shorthand:
    text: str
    """The nested lists as compact JSON text."""
    renamed: list[str]
    """"old id → shorthand name" for each node the shorthand names differently, in tree order."""


def to_shorthand(root: TreeNode) -> Shorthand:
    """The shorthand of a validated tree, or an InputError saying what it cannot carry and where."""
    if not root.children:
        raise InputError("", "a one-node tree has no shorthand (the shorthand is a list of children)")
    _check_carried(root)
    renamed: list[str] = []

    # Recursion is bounded by the depth limit (40 levels).
    def lists(node: TreeNode, name: str, depth: int) -> Any:
        if node.id != name:
            renamed.append(f"{node.id} → {name}")
        if not node.children:
            return node.value
        return [lists(child, shorthand_child_id(name, i, depth + 1), depth + 1) for i, child in enumerate(node.children)]

    text = json.dumps(lists(root, SHORTHAND_ROOT_ID, 0), separators=(",", ":"), allow_nan=False)
    return Shorthand(text=text, renamed=renamed)


def _check_carried(root: TreeNode) -> None:
    """The first node, in tree order, with something the shorthand would drop."""
    stack: list[tuple[TreeNode, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        where = node.id if node.label == node.id else f"{node.label} (id {node.id})"
        if node.label != node.id:
            raise InputError("", f"{where} has a label, which the shorthand cannot carry")
        for name, what in (("players", "players"), ("bounds", "bounds"), ("probability", "a probability")):
            if getattr(node, name) is not None:
                raise InputError("", f"{where} has {what}, which the shorthand cannot carry")
        if node.eval is not None:
            raise InputError("", f"{where} has an estimate (eval), which the shorthand cannot carry")
        if node.player != ("max" if depth % 2 == 0 else "min"):
            raise InputError("", f"{where} is {node.player.upper()} out of turn; the shorthand alternates players from a MAX root")
        stack.extend((child, depth + 1) for child in reversed(node.children))
