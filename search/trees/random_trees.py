"""Random trees for practice and for benchmarks: the same seed always gives the same tree."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from search import limits
from search.errors import InputError
from search.trees.node import TreeNode, other
from search.trees.parse import shorthand_child_id


@dataclass(slots=True)
class RandomTreeSpec:
    """What an instructor chooses: depth, a branching range, a value range, a seed."""

    depth: int = 3
    min_branching: int = 2
    max_branching: int = 3
    min_value: int = -10
    max_value: int = 10
    seed: int = 0

    def check(self) -> None:
        if not 1 <= self.depth <= limits.MAX_TREE_DEPTH:
            raise InputError("depth", f"expected 1 to {limits.MAX_TREE_DEPTH}")
        if not 1 <= self.min_branching <= self.max_branching <= limits.MAX_BRANCHING:
            raise InputError("branching", f"expected 1 <= min <= max <= {limits.MAX_BRANCHING}")
        if not -limits.MAX_ABS_VALUE <= self.min_value <= self.max_value <= limits.MAX_ABS_VALUE:
            raise InputError("values", "expected min <= max, within the value limit")
        if self.max_branching ** self.depth > 10 * limits.MAX_TREE_NODES and self.min_branching ** self.depth > limits.MAX_TREE_NODES:
            raise InputError("", f"every such tree has more than {limits.MAX_TREE_NODES:,} nodes (the limit)")


def random_tree(spec: RandomTreeSpec) -> TreeNode:
    """A full-depth tree (every leaf at `depth`), named like the shorthand (A; B, C; B1 ...)."""
    spec.check()
    rng = random.Random(spec.seed)
    count = 0

    def build(node_id: str, player: str, level: int) -> TreeNode:
        nonlocal count
        count += 1
        if count > limits.MAX_TREE_NODES:
            raise InputError("", f"this tree would have more than {limits.MAX_TREE_NODES:,} nodes (the limit): lower the depth or branching")
        node = TreeNode(id=node_id, label=node_id, player=player)  # type: ignore[arg-type]
        if level == spec.depth:
            node.value = rng.randint(spec.min_value, spec.max_value)
            return node
        node.eval = rng.randint(spec.min_value, spec.max_value)
        width = rng.randint(spec.min_branching, spec.max_branching)
        node.children = [build(shorthand_child_id(node_id, i, level + 1), other(player), level + 1) for i in range(width)]  # type: ignore[arg-type]
        return node

    return build("A", "max", 0)


def random_tree_json(options: Any) -> dict[str, Any]:
    """From a request's options (all optional) to the tree's JSON; errors name the option."""
    if not isinstance(options, dict):
        raise InputError("", "expected an object of options")
    spec = RandomTreeSpec()
    for name in ("depth", "min_branching", "max_branching", "min_value", "max_value", "seed"):
        if name in options:
            value = options[name]
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(name, "expected a whole number")
            setattr(spec, name, value)
    return random_tree(spec).to_json()
