"""The fewest and the most leaves alpha-beta can evaluate on a tree, over every order of every node's
children, each with an order that reaches it (the move-ordering exercise's bounds).

Knuth & Moore (1975) give the fewest for a uniform tree with the best move first; a course's tree is
rarely uniform, and a node that must cut off does best with the child whose refutation is cheapest,
which need not be its best. So the bounds are worked out exactly: for a node and the window [α, β] it
is searched with, every (leaves evaluated, value returned) pair some order of its subtree can give,
with one order that gives it. A node's pairs come from trying its children in every order, child by
child, as alpha-beta does (v ← MAX(v, child); if v ≥ β then return v; α ← MAX(α, v): the lecture
slides' form, AIMA 4th ed. §5.2.3), with the states that agree merged. Windows and values are leaves'
values or ±∞, so the states are few for a tree a student orders by hand; ORDER_MAX_LEAVES and
ORDER_MAX_BRANCHING keep it so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from search.errors import InputError
from search.limits import ORDER_MAX_BRANCHING, ORDER_MAX_LEAVES
from search.traces.recorder import INF
from search.trees.node import TreeNode

Orders = tuple[tuple[str, tuple[str, ...]], ...]
"""A node's children ids in the order tried, for each internal node an order decides."""


@dataclass(frozen=True, slots=True)
class OrderRange:
    """The fewest and most leaves alpha-beta evaluates over all orders, and an order for each."""

    fewest: int
    most: int
    best: dict[str, list[str]]
    worst: dict[str, list[str]]


def check_orderable(root: TreeNode) -> None:
    """Refuse a tree too large to order by hand (and to bound exactly), naming the limit."""
    leaves = sum(1 for node in root.walk() if not node.children)
    if leaves > ORDER_MAX_LEAVES:
        raise InputError("tree", f"an ordering exercise's tree has at most {ORDER_MAX_LEAVES} leaves (ORDER_MAX_LEAVES); "
                                 f"this one has {leaves}")
    for node in root.walk():
        if len(node.children) > ORDER_MAX_BRANCHING:
            raise InputError("tree", f"node {node.id} has {len(node.children)} children: an ordering exercise allows "
                                     f"at most {ORDER_MAX_BRANCHING} (ORDER_MAX_BRANCHING)")


def order_range(root: TreeNode, ties: str = "prune") -> OrderRange:
    """The fewest and most leaves over every order of `root`'s subtrees, searched from [−∞, +∞]."""
    outcomes = _Outcomes(ties).of(root, -INF, INF)
    fewest = min(outcomes, key=lambda pair: pair[0])
    most = max(outcomes, key=lambda pair: pair[0])
    return OrderRange(fewest[0], most[0], _as_dict(outcomes[fewest]), _as_dict(outcomes[most]))


def _as_dict(orders: Orders) -> dict[str, list[str]]:
    return {node_id: list(children) for node_id, children in orders}


class _Outcomes:
    """(leaves, value) -> an order giving it, per (node, α, β), memoised: subtrees meet the same window often."""

    def __init__(self, ties: str) -> None:
        self.strict = ties == "explore"  # the strict test prunes only on v > β (v < α)
        self.memo: dict[tuple[str, float, float], dict[tuple[int, float], Orders]] = {}

    def of(self, node: TreeNode, alpha: float, beta: float) -> dict[tuple[int, float], Orders]:
        key = (node.id, alpha, beta)
        if key not in self.memo:
            self.memo[key] = {(1, float(node.value)): ()} if not node.children else self._inner(node, alpha, beta)  # type: ignore[arg-type]
        return self.memo[key]

    def _cuts(self, maxing: bool, v: float, alpha: float, beta: float) -> bool:
        if maxing:
            return v > beta if self.strict else v >= beta
        return v < alpha if self.strict else v <= alpha

    def _inner(self, node: TreeNode, alpha: float, beta: float) -> dict[tuple[int, float], Orders]:
        maxing = node.player == "max"
        ids = tuple(child.id for child in node.children)
        done: dict[tuple[int, float], Orders] = {}
        # a state: (children not yet tried, α, β, v, leaves so far) -> (children tried, their subtrees' orders)
        frontier: dict[tuple[frozenset[int], float, float, float, int], tuple[tuple[int, ...], Orders]] = {
            (frozenset(range(len(ids))), alpha, beta, -INF if maxing else INF, 0): ((), ())}
        while frontier:
            following: dict[tuple[frozenset[int], float, float, float, int], tuple[tuple[int, ...], Orders]] = {}
            for (left, a, b, v, leaves), (tried, orders) in frontier.items():
                for i, (child_leaves, value), child_orders in self._next(node, left, a, b):
                    v2 = max(v, value) if maxing else min(v, value)
                    rest, now = left - {i}, tried + (i,)
                    if not rest or self._cuts(maxing, v2, a, b):
                        order = tuple(ids[j] for j in now) + tuple(ids[j] for j in range(len(ids)) if j not in now)
                        done.setdefault((leaves + child_leaves, v2), ((node.id, order), *orders, *child_orders))
                    else:
                        window = (max(a, v2), b) if maxing else (a, min(b, v2))
                        following.setdefault((rest, *window, v2, leaves + child_leaves), (now, (*orders, *child_orders)))
            frontier = following
        return done

    def _next(self, node: TreeNode, left: frozenset[int], alpha: float, beta: float
              ) -> Iterator[tuple[int, tuple[int, float], Orders]]:
        for i in sorted(left):
            for pair, orders in self.of(node.children[i], alpha, beta).items():
                yield i, pair, orders


def reordered(root: TreeNode, order: dict[str, list[str]]) -> TreeNode:
    """A copy of `root` with each listed node's children in the listed order (others as they are)."""
    def copy(node: TreeNode) -> TreeNode:
        children = {child.id: child for child in node.children}
        ids = order.get(node.id, [child.id for child in node.children])
        return TreeNode(node.id, node.label, node.player, node.value, node.eval, [copy(children[i]) for i in ids],
                        node.probability, node.bounds, node.players)
    return copy(root)


__all__ = ["OrderRange", "check_orderable", "order_range", "reordered"]
