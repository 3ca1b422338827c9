"""How many leaves alpha-beta can evaluate on a tree's shape in its given order, whatever the leaf values: the
fewest exactly (Knuth & Moore's minimal tree for that shape), and leaf values that reach the fewest and the most.

The make-it-prune exercise's "exactly K leaves visited" form (search/practice/make_it_visit.py) asks for K in that
range, and its witness search (make_it_prune.witness) starts from these two fillings.

The fewest, by the window a node is searched with (the slides' alpha-beta, AIMA 4th ed. §5.2.3; Knuth & Moore 1975,
"An analysis of alpha-beta pruning", Artificial Intelligence 6(4)). A node whose own cut-off test faces a finite bound
(β at MAX, α at MIN) can stop after its first child, and that is the cheapest it can do: it always searches its first
child. A node whose test faces an infinite bound never stops early: it searches every child, and every child after its
first receives a finite bound on its own test. The first child always receives its parent's window. So, per window,
"open" [−∞, +∞], "low" [α, +∞] and "high" [−∞, β]:

    leaf: 1
    MAX at "high", MIN at "low": fewest(first child, same window)
    otherwise: fewest(first child, same window) + Σ fewest(later child, w), w = "low" after a MAX, "high" after a MIN
               at "open"; the same window otherwise

The leaf values below reach that count (each later child fails toward its parent's side at once), so it is exact,
for either tie rule; checked against every filling of small trees in tests/engine/test_make_it_prune.py.
"""

from __future__ import annotations

from fractions import Fraction

from search.trees.node import TreeNode

OPEN, LOW, HIGH = "open", "low", "high"
"""The window a node is searched with: [−∞, +∞]; α finite, β = +∞; α = −∞, β finite."""


def leaf_count(root: TreeNode) -> int:
    """The tree's leaves."""
    return sum(1 for node in root.walk() if not node.children)


def _stops_early(node: TreeNode, window: str) -> bool:
    """Whether `node`'s own cut-off test faces a finite bound in `window` (β at MAX, α at MIN)."""
    return window == (HIGH if node.player == "max" else LOW)


def _later_window(node: TreeNode, window: str) -> str:
    """The window a child after the first receives: the open window closes on the side the node raises."""
    if window != OPEN:
        return window
    return LOW if node.player == "max" else HIGH


def fewest_leaves(node: TreeNode, window: str = OPEN) -> int:
    """The fewest leaves alpha-beta evaluates under `node`, searched with `window`, over every filling of its leaves."""
    if not node.children:
        return 1
    first = fewest_leaves(node.children[0], window)
    if _stops_early(node, window):
        return first
    later = _later_window(node, window)
    return first + sum(fewest_leaves(child, later) for child in node.children[1:])


def fewest_filling(root: TreeNode) -> dict[str, int]:
    """Leaf values (whole numbers from 1) for which alpha-beta evaluates `fewest_leaves(root)` leaves: the first path
    takes its values, and every later child fails at once toward the bound its parent's test faces."""
    values: dict[str, Fraction] = {}
    _fewest(root, OPEN, Fraction(0), values)
    for node in root.walk():  # the leaves the search skips: any value, never read
        if not node.children:
            values.setdefault(node.id, Fraction(0))
    return _ranked(values)


def _fewest(node: TreeNode, window: str, bound: Fraction, values: dict[str, Fraction]) -> Fraction:
    """Fill `node`'s subtree so that it costs the fewest leaves in `window` (`bound`: its finite α or β) and return
    its value: one below α at "low", one above β at "high"."""
    if not node.children:
        values[node.id] = bound - 1 if window == LOW else bound + 1 if window == HIGH else bound
        return values[node.id]
    best = _fewest(node.children[0], window, bound, values)
    if _stops_early(node, window):
        return best
    later, edge = (_later_window(node, window), best) if window == OPEN else (window, bound)
    for child in node.children[1:]:
        value = _fewest(child, later, edge, values)
        best = max(best, value) if node.player == "max" else min(best, value)
    return best


def most_filling(root: TreeNode) -> dict[str, int]:
    """Leaf values (whole numbers from 1) for which alpha-beta evaluates every leaf: each child is better for its
    parent than the children before it and stays inside the window, so no test ever holds (the worst order)."""
    values: dict[str, Fraction] = {}
    _inside(root, Fraction(0), Fraction(1), values)
    return _ranked(values)


def _inside(node: TreeNode, low: Fraction, high: Fraction, values: dict[str, Fraction]) -> Fraction:
    """Fill `node`'s subtree with values strictly between `low` and `high`, each child improving on the last for its
    parent, and return its value (strictly inside too)."""
    if not node.children:
        values[node.id] = (low + high) / 2
        return values[node.id]
    best: Fraction | None = None
    for child in node.children:
        value = _inside(child, low, high, values)
        best = value if best is None else max(best, value) if node.player == "max" else min(best, value)
        low, high = (best, high) if node.player == "max" else (low, best)
    assert best is not None
    return best


def fillings_toward(root: TreeNode, visited: int) -> list[dict[str, int]]:
    """The fillings that reach the fewest and the most leaves, the one nearer `visited` first: a count between is a
    few cuts away from one of them (the witness search's starts)."""
    fewest, most = fewest_filling(root), most_filling(root)
    return [fewest, most] if visited - fewest_leaves(root) <= leaf_count(root) - visited else [most, fewest]


def _ranked(values: dict[str, Fraction]) -> dict[str, int]:
    """The same order as whole numbers 1, 2, ...: alpha-beta compares values only, so it searches the same way."""
    rank = {value: i for i, value in enumerate(sorted(set(values.values())), start=1)}
    return {node_id: rank[value] for node_id, value in values.items()}


__all__ = ["fewest_filling", "fewest_leaves", "fillings_toward", "leaf_count", "most_filling"]
