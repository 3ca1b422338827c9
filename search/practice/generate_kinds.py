"""Random trees for expectiminimax and max^n exercises: the same seed always gives the same tree.

A chance tree takes turns as AIMA 4th ed. §5.5 draws backgammon (figure 5.11): MAX, a chance node, MIN,
a chance node, MAX, ... with every leaf at the shape's depth. A chance node's outcomes are equally
likely half the time (no probability written: 1/n each) and otherwise have probabilities in quarters
(up to 4 outcomes) or tenths, so a student can work the sums by hand. A players tree (§5.2.2) has the
players "1", "2", ... taking turns from the root, and a vector of whole numbers at each leaf.
"""

from __future__ import annotations

import random

from search import limits
from search.errors import InputError
from search.trees.node import CHANCE, TreeNode
from search.trees.parse import shorthand_child_id
from search.trees.random_trees import RandomTreeSpec

CHANCE_TURNS = ("max", CHANCE, "min", CHANCE)
"""Who moves at each depth of a chance tree, over and over from the root."""


def random_chance_tree(shape: RandomTreeSpec) -> TreeNode:
    """MAX at the root, then chance, MIN, chance, MAX ...; leaf values are whole numbers in the shape's range."""
    rng = random.Random(shape.seed)

    def turn(level: int) -> str:
        return CHANCE_TURNS[level % len(CHANCE_TURNS)]

    def leaf(node: TreeNode, level: int) -> None:
        node.value = rng.randint(shape.min_value, shape.max_value)
        if node.player == CHANCE:  # a leaf is a position after a move: drawn as the player who would move next
            node.player = turn(level + 1)

    root = _build(shape, rng, turn, leaf)
    for node in root.walk():
        if node.player == CHANCE and node.children:
            for child, p in zip(node.children, _probabilities(rng, len(node.children))):
                child.probability = p
    return root


def random_players_tree(shape: RandomTreeSpec, players: int) -> TreeNode:
    """Players "1" ... "n" move in turn from the root; each leaf holds one whole number per player."""
    rng = random.Random(shape.seed)
    names = [str(k + 1) for k in range(players)]

    def turn(level: int) -> str:
        return names[level % players]

    def leaf(node: TreeNode, level: int) -> None:
        node.value = [rng.randint(shape.min_value, shape.max_value) for _ in names]

    root = _build(shape, rng, turn, leaf)
    root.players = names
    return root


def _build(shape: RandomTreeSpec, rng: random.Random, turn, leaf) -> TreeNode:  # type: ignore[no-untyped-def]
    """A full-depth tree named like the shorthand (A; B, C; B1 ...), built iteratively."""
    shape.check()
    root = TreeNode(id="A", label="A", player=turn(0))
    stack = [(root, 0)]
    count = 1
    while stack:
        node, level = stack.pop()
        if level == shape.depth:
            leaf(node, level)
            continue
        width = rng.randint(shape.min_branching, shape.max_branching)
        count += width
        if count > limits.MAX_TREE_NODES:
            raise InputError("generate", f"this tree would have more than {limits.MAX_TREE_NODES:,} nodes (the limit): "
                                         "lower the depth or branching")
        node.children = [TreeNode(id=(cid := shorthand_child_id(node.id, i, level + 1)), label=cid, player=turn(level + 1))
                         for i in range(width)]
        stack.extend((child, level + 1) for child in reversed(node.children))
    return root


def _probabilities(rng: random.Random, n: int) -> list[float | None]:
    """n outcomes' probabilities: None each (uniform, 1/n) half the time, else quarters or tenths summing to 1."""
    if n == 1 or rng.random() < 0.5:
        return [None] * n
    parts = 4 if n <= 4 else 10 if n <= 10 else None
    if parts is None:
        return [None] * n
    cuts = sorted(rng.sample(range(1, parts), n - 1))  # a random composition of `parts` into n positive parts
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, parts])]
    return [size / parts for size in sizes]
