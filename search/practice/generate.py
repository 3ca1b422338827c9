"""Random exercise trees with guarantees an instructor can ask for: at least K prunes, prunes at
two or more depths, distinct leaf values.

Trees are drawn by search.trees.random_trees from seeds derived from the instructor's seed, one after
another, and the first that the real search shows to meet every guarantee is kept: the same seed
always gives the same exercise, and a guarantee no tree of that shape can meet is refused with a
message rather than a long wait (at most GENERATE_TRIES trees, GENERATE_NODE_BUDGET nodes in all).
Expectiminimax and max^n exercises draw a chance tree or a players tree instead
(search.practice.generate_kinds); neither prunes, so only `distinct` applies to them.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

from search import limits
from search.algorithms.alphabeta import AlphaBeta
from search.algorithms.fit import NAMES
from search.errors import InputError
from search.games.game import TreeGame
from search.practice.generate_kinds import random_chance_tree, random_players_tree
from search.result import SearchResult
from search.traces.recorder import INF, NullRecorder
from search.trees.node import TreeNode
from search.trees.random_trees import RandomTreeSpec, random_tree

GENERATE_TRIES = 200
"""Most trees drawn for one request before the guarantees are declared out of reach."""
GENERATE_NODE_BUDGET = 100_000
"""Most tree nodes drawn and searched for one request, whatever their number: drawing a node costs
about 4 µs (search.trees.random_trees) and searching it about 1.5 µs, so a hopeless request is refused in
well under a second (400,000 took 2.5 s on the lab machine)."""
DEFAULTS = {"seed": 0, "depth": 3, "min_branching": 2, "max_branching": 3, "min_value": 0, "max_value": 20,
            "min_prunes": 0, "prune_depths": 0}
WHOLE_NUMBERS = tuple(DEFAULTS)


@dataclass(slots=True)
class GenerateSpec:
    """The random tree's shape and values, and the guarantees on its search."""

    shape: RandomTreeSpec
    min_prunes: int = 0  # cut-offs that skip one or more children (a test holding at the last child skips none)
    prune_depths: int = 0  # prunes at this many different depths at least
    distinct: bool = False  # no two leaves share a value (max^n: no two share a component's value)
    players: int | None = None  # max^n only: how many players (3 when not given)

    @classmethod
    def parse(cls, options: Any) -> GenerateSpec:
        if not isinstance(options, dict):
            raise InputError("generate", "expected an object: seed, depth, min_branching, max_branching, min_value, "
                                         "max_value, min_prunes, prune_depths, distinct, players")
        unknown = sorted(set(options) - set(WHOLE_NUMBERS) - {"distinct", "players"})
        if unknown:
            raise InputError(f"generate.{unknown[0]}", "unknown option")
        values = dict(DEFAULTS)
        for name in WHOLE_NUMBERS:
            if name in options:
                value = options[name]
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InputError(f"generate.{name}", "expected a whole number")
                values[name] = value
        distinct = options.get("distinct", False)
        if not isinstance(distinct, bool):
            raise InputError("generate.distinct", "expected true or false")
        for name in ("min_prunes", "prune_depths"):
            if values[name] < 0:
                raise InputError(f"generate.{name}", "expected 0 or more")
        shape = RandomTreeSpec(**{name: values[name] for name in ("depth", "min_branching", "max_branching", "min_value",
                                                                  "max_value", "seed")})
        try:
            shape.check()
        except InputError as exc:
            raise InputError(f"generate.{exc.where}" if exc.where else "generate", exc.problem, too_large=exc.too_large) from None
        players = options.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)
                                    or not 2 <= players <= limits.MAX_PLAYERS):
            raise InputError("generate.players", f"expected a whole number from 2 to {limits.MAX_PLAYERS}")
        spec = cls(shape, values["min_prunes"], values["prune_depths"], distinct, players)
        spec.check_reachable()
        return spec

    def check_reachable(self) -> None:
        """Refuse at once what no tree of this shape can have."""
        shape = self.shape
        if self.prune_depths > max(shape.depth - 1, 0):
            raise InputError("generate.prune_depths", f"a tree of depth {shape.depth} prunes at {max(shape.depth - 1, 0)} "
                                                      "depth(s) at most: the root never prunes, nor do the leaves")
        if (self.min_prunes or self.prune_depths) and shape.max_branching < 2:
            raise InputError("generate.max_branching", "a prune skips a second child: allow 2 or more children")
        most = most_cutoffs(shape)
        if self.min_prunes > most:
            raise InputError("generate.min_prunes", f"a tree of depth {shape.depth} with at most {shape.max_branching} "
                                                    f"children per node has at most {most:,} cut-off{'' if most == 1 else 's'}")
        fewest_leaves = shape.min_branching ** shape.depth
        if self.distinct and shape.max_value - shape.min_value + 1 < fewest_leaves:
            raise InputError("generate.distinct", f"{fewest_leaves:,} or more leaves cannot all differ with values "
                                                  f"{shape.min_value} to {shape.max_value}: widen the range")


def most_cutoffs(shape: RandomTreeSpec) -> int:
    """An upper bound on the cut-offs any tree of `shape` has: a cut-off is made by a node below the
    root and above the leaves with two or more children, and a tree within the node limit has fewer
    such nodes than half its nodes."""
    if shape.max_branching < 2:
        return 0
    below_root = sum(shape.max_branching ** depth for depth in range(1, shape.depth))
    return min(below_root, (limits.MAX_TREE_NODES - 1) // 2)


def generated_tree(spec: GenerateSpec, algorithm: str, ties: str) -> TreeNode:
    """The first tree drawn from the seed that meets every guarantee under the exercise's search."""
    if algorithm != "alphabeta" and (spec.min_prunes or spec.prune_depths):
        raise InputError("generate.min_prunes", f"{NAMES[algorithm]} never prunes: ask for prunes with alpha-beta")
    if spec.players is not None and algorithm != "maxn":
        raise InputError("generate.players", "players go with maxn (a tree of several players)")
    if algorithm in ("expectiminimax", "maxn"):
        return _chance_or_players_tree(spec, algorithm)
    spent = 0
    for attempt in range(GENERATE_TRIES):
        seed = _attempt_seed(spec.shape.seed, attempt)
        shape = RandomTreeSpec(spec.shape.depth, spec.shape.min_branching, spec.shape.max_branching,
                               spec.shape.min_value, spec.shape.max_value, seed)
        root = random_tree(shape)
        nodes = root.walk()
        spent += len(nodes)
        leaves = [node for node in nodes if not node.children]
        for node in nodes:
            node.eval = None
        if spec.distinct:
            width = spec.shape.max_value - spec.shape.min_value + 1
            if width < len(leaves):
                continue
            values = random.Random(seed).sample(range(spec.shape.min_value, spec.shape.max_value + 1), len(leaves))
            for leaf, value in zip(leaves, values):
                leaf.value = value
        if _meets(root, spec, ties):
            return root
        if spent > GENERATE_NODE_BUDGET:
            break
    raise InputError("generate", f"no tree of this shape from seed {spec.shape.seed} met the guarantees in {attempt + 1} tries: "
                                 "ask for fewer prunes, allow more depth or children, or try another seed")


def _chance_or_players_tree(spec: GenerateSpec, algorithm: str) -> TreeNode:
    """One draw from the seed: a chance tree or a players tree, its leaves made distinct if asked."""
    if algorithm == "expectiminimax" and spec.shape.depth < 2:
        raise InputError("generate.depth", "a chance tree needs depth 2 or more: MAX at the root, chance nodes below it")
    width = spec.shape.max_value - spec.shape.min_value + 1
    for attempt in range(GENERATE_TRIES):
        seed = _attempt_seed(spec.shape.seed, attempt)
        shape = RandomTreeSpec(spec.shape.depth, spec.shape.min_branching, spec.shape.max_branching,
                               spec.shape.min_value, spec.shape.max_value, seed)
        root = random_chance_tree(shape) if algorithm == "expectiminimax" else random_players_tree(shape, spec.players or 3)
        if not spec.distinct:
            return root
        leaves = [node for node in root.walk() if not node.children]
        if width < len(leaves):
            continue  # more leaves than values: draw again
        rng = random.Random(seed)
        columns = [rng.sample(range(spec.shape.min_value, spec.shape.max_value + 1), len(leaves))
                   for _ in (root.players or [None])]
        for i, leaf in enumerate(leaves):
            leaf.value = [column[i] for column in columns] if root.players else columns[0][i]
        return root
    raise InputError("generate.distinct", f"no tree of this shape from seed {spec.shape.seed} had few enough leaves for "
                                          "distinct values: widen the value range")


def _attempt_seed(seed: int, attempt: int) -> int:
    """The seed of the `attempt`-th tree: attempt 0 is the instructor's seed itself (so a seed that
    already meets the guarantees gives the tree the random-tree generator gives)."""
    if attempt == 0:
        return seed
    digest = hashlib.sha256(f"{seed}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _meets(root: TreeNode, spec: GenerateSpec, ties: str) -> bool:
    if not spec.min_prunes and not spec.prune_depths:
        return True
    depths = cutoff_depths(root, ties)
    return len(depths) >= spec.min_prunes and len(set(depths)) >= spec.prune_depths


def cutoff_depths(root: TreeNode, ties: str) -> list[int]:
    """The depth of each cut-off the real alpha-beta makes on `root` that skips a child, in order.
    Untraced: a full trace (and the minimax baseline a result carries) made each of the up to
    GENERATE_TRIES draws several times slower, and a hopeless request took seconds to refuse."""
    recorder = _CutoffDepths()
    _GuaranteeSearch(TreeGame(root), None, ties, recorder).run(  # type: ignore[arg-type]
        lambda root_value, state: root_value(state, None, 0, -INF, INF))
    return recorder.depths


class _CutoffDepths(NullRecorder):
    """A recorder that keeps only the depth of each prune that skips one or more children."""

    __slots__ = ("depth_of", "depths")

    def __init__(self) -> None:
        self.depth_of: dict[str, int] = {}
        self.depths: list[int] = []

    def visit(self, line: str, state: Any, move: Any, depth: int, player: str, alpha: float | None,
              beta: float | None) -> None:
        self.depth_of[state.id] = depth

    def prune(self, line: str, state: Any, rest: Any, test: str, cut: str, v: float, alpha: float, beta: float) -> None:
        if rest:  # a test that holds at the last child skips nothing
            self.depths.append(self.depth_of[state.id])


class _GuaranteeSearch(AlphaBeta):
    """alphabeta() without the minimax baseline its result carries: only the cut-offs matter here."""

    __slots__ = ()

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        return {}
