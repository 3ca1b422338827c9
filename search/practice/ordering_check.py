"""The move-ordering exercise (issue 50): the student puts each node's children in the order alpha-beta should
try them, to prune the most (the lecture: "good move ordering improves the effectiveness of pruning; with
perfect ordering O(b^{m/2})", AIMA 4th ed. §5.2.4, Knuth & Moore 1975).

The check runs the real alpha-beta on the student's order and answers the leaves it evaluates, the fewest and
the most any order reaches (search/practice/order_range.py), and a score: the share of the leaves an order can
save that the student's saves, (most − visited) ÷ (most − fewest), so 1 exactly when the fewest is reached.
The feedback names the first node, in the order the search meets them, whose order alone costs leaves, with
the order that saves them.
"""

from __future__ import annotations

import itertools
from typing import Any

from search.errors import InputError, quoted
from search.games.game import TreeGame
from search.labs.ordering import survey
from search.practice.order_range import OrderRange, reordered
from search.practice.pruning_run import pruning_run
from search.practice.wording import show
from search.trees.node import TreeNode

RULE = "leaves"
"""The ordering score's rule: the share of the savable leaves saved, (most − visited) ÷ (most − fewest)."""
RULE_WORDS = "leaves saved: (most − visited) ÷ (most − fewest)"
MAX_TRIED_ORDERS = 120
"""Orders of one node's children tried to find what its order alone costs (5! = 120, ORDER_MAX_BRANCHING)."""


def parse_order(root: TreeNode, data: Any) -> dict[str, list[str]]:
    """{"order": {node id: [its children's ids, each once]}}; a node left out keeps the tree's order."""
    if not isinstance(data, dict) or set(data) - {"order"}:
        extra = sorted(set(data) - {"order"}) if isinstance(data, dict) else []
        raise InputError(extra[0][:40] if extra else "", 'expected {"order": {"<node id>": ["<child id>", ...]}}')
    order = data.get("order", {})
    if not isinstance(order, dict):
        raise InputError("order", "expected an object from node id to its children's ids in the order tried")
    nodes = {node.id: node for node in root.walk()}
    out: dict[str, list[str]] = {}
    for node_id, children in order.items():
        where = f"order.{node_id[:40]}"
        node = nodes.get(node_id)
        if node is None:
            raise InputError(where, f"no node {quoted(node_id[:40])} in this exercise")
        if not node.children:
            raise InputError(where, f"{node_id} is a leaf: it has no children to order")
        ids = [child.id for child in node.children]
        if not isinstance(children, list) or not all(isinstance(c, str) for c in children):
            raise InputError(where, f"expected a list of {node_id}'s children's ids")
        if sorted(children) != sorted(ids):
            missing = [c for c in ids if c not in children]
            unknown = [c for c in children if c not in ids]
            problem = (f"{quoted(unknown[0][:40])} is not a child of {node_id}" if unknown else
                       f"{missing[0]} is missing" if missing else "a child is listed twice")
            raise InputError(where, f"expected each of {', '.join(ids)} once: {problem}")
        out[node_id] = list(children)
    return out


def check_ordering(root: TreeNode, ties: str, bounds: OrderRange, data: Any) -> dict[str, Any]:
    """POST /api/exercises/<id>/check for an ordering exercise: {"correct", "score", "visited", "fewest", "most",
    "asked", "extra", "right", "rule", "mistakes", "first_mistake", "ignored", "misconceptions", "leaves"}."""
    order = parse_order(root, data)
    tree = reordered(root, order)
    run = pruning_run(tree, ties)
    visited = len(run.leaves)
    savable = bounds.most - bounds.fewest
    score = 1.0 if savable == 0 else round((bounds.most - visited) / savable, 4)
    mistakes = [] if visited == bounds.fewest else [_costly_node(tree, ties, visited)]
    return {"correct": visited == bounds.fewest, "score": score, "visited": visited, "fewest": bounds.fewest,
            "most": bounds.most, "asked": savable, "extra": 0, "right": bounds.most - visited, "rule": RULE,
            "leaves": run.leaves, "pruned": run.pruned, "mistakes": mistakes,
            "first_mistake": mistakes[0] if mistakes else None, "ignored": [], "misconceptions": []}


def _costly_node(tree: TreeNode, ties: str, visited: int) -> dict[str, Any]:
    """The first internal node, in the order the search visits them, whose children in another order (the others
    kept) make alpha-beta evaluate fewer leaves, with the sentence that says so."""
    values = survey(TreeGame(tree), None).values
    nodes = {node.id: node for node in tree.walk()}
    seq = 0
    for node in tree.walk():  # preorder of the student's order: the order alpha-beta meets nodes
        if not node.children or len(node.children) < 2:
            continue
        seq += 1
        ids = [child.id for child in node.children]
        best: tuple[int, list[str]] | None = None
        for tried in itertools.islice(itertools.permutations(ids), MAX_TRIED_ORDERS):
            leaves = len(pruning_run(reordered(tree, {node.id: list(tried)}), ties).leaves)
            if leaves < visited and (best is None or leaves < best[0]):
                best = (leaves, list(tried))
        if best is not None:
            return {"node": node.id, "kind": "order", "better": best[1], "saves": visited - best[0], "seq": seq,
                    "explanation": _sentence(node, ids, best, visited, values, nodes)}
    return {"node": tree.id, "kind": "order", "better": None, "saves": None, "seq": seq,
            "explanation": f"no one node's order alone costs leaves here, yet another order reaches fewer than {visited}: "
                           "change several together, starting with the children that refute (cut off) soonest"}


def _sentence(node: TreeNode, ids: list[str], best: tuple[int, list[str]], visited: int, values: dict[str, float],
              nodes: dict[str, TreeNode]) -> str:
    """"at B, trying B2 (worth 12) before B1 (worth 3) costs 2 leaves: in the order B1, B2, B3 alpha-beta evaluates 5, not 7"."""
    leaves, better = best
    place = next(i for i, (mine, theirs) in enumerate(zip(ids, better)) if mine != theirs)
    yours, instead = ids[place], better[place]
    saved = visited - leaves
    def named(node_id: str) -> str:
        return f"{nodes[node_id].label} (worth {show(values[node_id])})"
    order_text = ", ".join(nodes[i].label for i in better)
    return (f"at {node.label}, trying {named(yours)} before {named(instead)} costs {saved} "
            f"lea{'f' if saved == 1 else 'ves'}: in the order {order_text} alpha-beta evaluates {leaves}, not {visited}")


def best_order(bounds: OrderRange) -> dict[str, Any]:
    """The model answer: an order that reaches the fewest leaves, as a check's body."""
    return {"order": bounds.best}


__all__ = ["RULE", "RULE_WORDS", "best_order", "check_ordering", "parse_order"]
