"""The move-ordering lab (the lecture slides, AIMA 4th ed. §5.2.4): "good move ordering improves
the effectiveness of pruning; with perfect ordering O(b^{m/2})" (the bound of Knuth & Moore, "An
analysis of alpha-beta pruning", 1975). Alpha-beta runs on the same tree or position with each node's children

- `given`:  as the tree or game gives them;
- `best`:   sorted best first for the player to move, by their true minimax value (computed untraced;
            for a depth-limited search, the value at the limit with the estimate);
- `worst`:  sorted worst first;
- `random`: shuffled, each node's children by a generator seeded with (seed, node id), so the same
            seed gives the same order whichever way the tree is walked.

Sorts are stable: children of equal value keep their given order. With `best` on a uniform tree
(every internal node b children, every leaf at depth d) of distinct leaf values, alpha-beta
evaluates exactly the Knuth–Moore minimal tree's b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.

An explicit tree is reordered as a tree (`reordered_tree`), so the page can load it and replay an
ordering with the ordinary alpha-beta; a game is searched through `OrderedGame`, whose actions come
in the chosen order. Games can be large: limits.ORDERING_MAX_NODES caps the nodes minimax may visit.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from search.algorithms.alphabeta import AlphaBeta, Ties, alphabeta
from search.algorithms.fit import first_chance_node
from search.errors import InputError
from search.games.game import Game, TreeGame
from search.limits import ORDERING_MAX_NODES
from search.traces.recorder import INF
from search.traces.records import describe_json_from
from search.trees.node import Player, TreeNode

ORDERINGS = ("given", "best", "worst", "random")
DEFAULT_SEED = 1


@dataclass(slots=True)
class Survey:
    """One untraced minimax pass: every node's value by id, minimax's counts, and the tree's shape."""

    values: dict[str, float] = field(default_factory=dict)
    visited: int = 0
    leaves: int = 0
    branchings: set[int] = field(default_factory=set)
    leaf_depths: set[int] = field(default_factory=set)

    def uniform(self) -> tuple[int, int] | None:
        """(b, d) when every internal node has b children and every leaf is at depth d >= 1."""
        if len(self.branchings) == 1 and len(self.leaf_depths) == 1 and min(self.leaf_depths) >= 1:
            return next(iter(self.branchings)), next(iter(self.leaf_depths))
        return None


def knuth_moore(b: int, d: int) -> int:
    """Leaves of the minimal tree alpha-beta must examine (Knuth and Moore, 1975)."""
    return b ** math.ceil(d / 2) + b ** (d // 2) - 1


def survey(game: Game[Any, Any], depth: int | None, cap: int = ORDERING_MAX_NODES) -> Survey:
    """Minimax over the whole game to `depth`, remembering each node's value; refuses past `cap` nodes."""
    out = Survey()
    limit = -1 if depth is None else depth

    def value(state: Any, node_id: str, level: int) -> float:
        out.visited += 1
        if out.visited > cap:
            raise InputError("depth", f"minimax would visit more than {cap:,} nodes here (the move ordering's "
                             "limit, limits.ORDERING_MAX_NODES): " + ("give a depth limit" if depth is None else "choose a smaller depth limit"))
        if game.is_terminal(state) or level == limit:
            v = game.utility(state) if game.is_terminal(state) else game.evaluate(state)
            out.leaves += 1
            out.leaf_depths.add(level)
        else:
            actions = game.actions(state)
            out.branchings.add(len(actions))
            pick = max if game.to_move(state) == "max" else min
            v = pick(value(child, game.child_id(node_id, a, child), level + 1)
                     for a in actions for child in (game.result(state, a),))
        out.values[node_id] = v
        return v

    value(game.initial, game.root_id, 0)
    return out


def order(ordering: str, node_id: str, player: Player, items: Sequence[Any], child_ids: Sequence[str],
          values: dict[str, float], seed: int) -> list[Any]:
    """`items` (children or actions, named `child_ids`) in the order `ordering` gives them."""
    if ordering == "given":
        return list(items)
    if ordering == "random":
        out = list(items)
        random.Random(f"{seed}:{node_id}").shuffle(out)  # a string seed is hashed the same on every run
        return out
    best_first = (ordering == "best") == (player == "max")  # MAX's best is the highest value
    ranked = sorted(range(len(items)), key=lambda i: -values[child_ids[i]] if best_first else values[child_ids[i]])
    return [items[i] for i in ranked]


def reordered_tree(root: TreeNode, ordering: str, values: dict[str, float], seed: int) -> TreeNode:
    """A copy of the tree with each node's children in the order `ordering` gives (below a depth
    limit, nodes without a value keep their order)."""

    def copy(node: TreeNode) -> TreeNode:
        kids = node.children
        if kids and all(k.id in values for k in kids):
            kids = order(ordering, node.id, node.player, kids, [k.id for k in kids], values, seed)
        return TreeNode(node.id, node.label, node.player, node.value, node.eval, [copy(k) for k in kids])

    return copy(root)


class OrderedGame:
    """A game whose actions come in the order `ordering` gives. A state is (the game's state, its
    node id), so a node's children can be ranked by the values the survey found for their ids."""

    def __init__(self, game: Game[Any, Any], ordering: str, values: dict[str, float], seed: int) -> None:
        self.game, self.ordering, self.values, self.seed = game, ordering, values, seed
        self.unordered = game  # what a reference searches to the end: the order was surveyed to the depth limit only
        self.initial = (game.initial, game.root_id)
        self.root_id = game.root_id
        self.move_json, self.source = game.move_json, game.source
        self.symmetry = getattr(game, "symmetry", False)  # recorded in the options (search.games.symmetry)

    def to_move(self, state: tuple[Any, str]) -> Player:
        return self.game.to_move(state[0])

    def actions(self, state: tuple[Any, str]) -> list[Any]:
        inner, node_id = state
        game = self.game
        actions = list(game.actions(inner))
        ids = [game.child_id(node_id, a, game.result(inner, a)) for a in actions]
        return order(self.ordering, node_id, game.to_move(inner), actions, ids, self.values, self.seed)

    def result(self, state: tuple[Any, str], action: Any) -> tuple[Any, str]:
        child = self.game.result(state[0], action)
        return child, self.game.child_id(state[1], action, child)

    def is_terminal(self, state: tuple[Any, str]) -> bool:
        return self.game.is_terminal(state[0])

    def utility(self, state: tuple[Any, str]) -> float:
        return self.game.utility(state[0])

    def evaluate(self, state: tuple[Any, str]) -> float:
        return self.game.evaluate(state[0])

    def child_id(self, parent_id: str, action: Any, child: tuple[Any, str]) -> str:
        return child[1]

    def describe(self, state: tuple[Any, str], move: Any) -> dict[str, Any]:
        return self.game.describe(state[0], move)

    def describe_json(self, state: tuple[Any, str], move: Any) -> str:
        describe_json = getattr(self.game, "describe_json", None)
        if describe_json is None:
            return describe_json_from(self.game.describe)(state[0], move)
        return describe_json(state[0], move)


def ordered_game(game: Game[Any, Any], ordering: str, depth: int | None, seed: int = DEFAULT_SEED,
                 found: Survey | None = None) -> Game[Any, Any]:
    """The game as alpha-beta sees it with `ordering`: an explicit tree reordered, a game wrapped."""
    if ordering == "given":
        return game
    values = (found or survey(game, depth)).values
    if isinstance(game, TreeGame):
        return TreeGame(reordered_tree(game.initial, ordering, values, seed))
    return OrderedGame(game, ordering, values, seed)  # type: ignore[return-value]


def has_minimax_values(game: Game[Any, Any]) -> bool:
    """Whether children can be sorted by their minimax value, as every ordering but "given" does: a
    tree with chance nodes (bounds let alpha-beta search it, but not sort it) or players has none."""
    return not (isinstance(game, TreeGame) and (game.initial.players or first_chance_node(game.initial)))


def check_lab_fits(game: Game[Any, Any]) -> None:
    """The lab sorts children by their minimax value: refused here for the CLI and REST alike."""
    if not has_minimax_values(game):
        raise InputError("tree", "the ordering lab sorts children by their minimax value: a tree with chance nodes "
                                 "or players has none (use expectiminimax or maxn on it)")


def ordering_lab(game: Game[Any, Any], depth: int | None = None, ties: Ties = "prune", seed: int = DEFAULT_SEED,
                 with_trees: bool = False) -> dict[str, Any]:
    """Alpha-beta with each ordering, minimax's leaves, and the Knuth–Moore count when uniform:
    the JSON object `python -m search ordering` prints. `with_trees`: each ordering of an explicit
    tree also carries the reordered tree (`tree`), for the page to replay it."""
    check_lab_fits(game)
    found = survey(game, depth)
    rows = []
    for name in ORDERINGS:
        searched = ordered_game(game, name, depth, seed, found)
        result = alphabeta(searched, depth=depth, ties=ties)
        row: dict[str, Any] = {"ordering": name, "leaves": result.leaves, "visited": result.visited,
                               "prunes": result.prunes, "value": result.value, "move": result.move}
        if with_trees and isinstance(searched, TreeGame):
            row["tree"] = searched.initial.to_json()
        rows.append(row)
    shape = found.uniform()
    return {
        "orderings": rows,
        "minimax_leaves": found.leaves,
        "minimax_visited": found.visited,
        "knuth_moore": None if shape is None else knuth_moore(*shape),
        "uniform": None if shape is None else {"branching": shape[0], "depth": shape[1]},
        "depth": depth,
        "ties": ties,
        "seed": seed,
    }


def uniform_tree(b: int, d: int, rng: random.Random) -> TreeNode:
    """A uniform tree (b children everywhere, leaves at depth d) with distinct leaf values 1..b^d in
    random order; ids by position (A, A.0, A.0.1, ...), which the lab never shows."""
    leaves = list(range(1, b ** d + 1))
    rng.shuffle(leaves)
    values = iter(leaves)

    def build(node_id: str, player: Player, level: int) -> TreeNode:
        if level == d:
            return TreeNode(node_id, node_id, player, value=next(values))
        kid = "min" if player == "max" else "max"
        return TreeNode(node_id, node_id, player, children=[build(f"{node_id}.{i}", kid, level + 1) for i in range(b)])

    return build("A", "max", 0)


CURVE_BRANCHINGS = (2, 3, 4)
CURVE_DEPTHS = tuple(range(1, 9))


def leaf_curve(branchings: Sequence[int] = CURVE_BRANCHINGS, depths: Sequence[int] = CURVE_DEPTHS,
               seed: int = DEFAULT_SEED) -> list[dict[str, Any]]:
    """Leaves alpha-beta evaluates against depth on random uniform trees, one tree per (b, d): best,
    random and worst ordering, minimax, and the Knuth–Moore count (the page's plot, bench/engine.py).
    Each ordering wraps the tree (OrderedGame) rather than copying it: only the nodes alpha-beta
    reaches are sorted, the same leaves counted at under half the time."""
    rows = []
    for b in branchings:
        for d in depths:
            game = TreeGame(uniform_tree(b, d, random.Random(f"{seed}:{b}:{d}")))
            found = survey(game, None, cap=2 * (b ** (d + 1)))
            row: dict[str, Any] = {"branching": b, "depth": d}
            for name in ("best", "random", "worst"):
                search = AlphaBeta(OrderedGame(game, name, found.values, seed), None, "prune", None)  # type: ignore[arg-type]
                search.value_of["max"](search.game.initial, None, 0, -INF, INF)
                row[name] = search.leaves
            row["minimax"] = found.leaves
            row["knuth_moore"] = knuth_moore(b, d)
            rows.append(row)
    return rows
