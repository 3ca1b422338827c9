"""Practice exercises: a tree, how it is searched, and what the student is asked to fill in.

An exercise is checked against the engine's own trace (search.practice.answer_key, search.practice.check),
so practice can never disagree with what the player shows. The student's copy (`student_copy`)
holds the leaves' values and nothing the search works out: no internal value, no estimate, no
pruned list, no trace, so reading the page or its traffic gives nothing away. Besides MAX/MIN trees
(minimax, alpha-beta) an exercise may be a tree with chance nodes searched by expectiminimax (AIMA 4th
ed. §5.5) or a tree of several players searched by max^n (§5.2.2): both ask for values only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from search.algorithms.descriptor import RunOptions
from search.algorithms.fit import check_fit, first_chance_node
from search.algorithms.registry import NAMES, PRUNING, REGISTRY, SINGLE_PASS
from search.errors import InputError, quoted, shortened
from search.games.game import TreeGame
from search.games.position_tree import position_tree
from search.practice.answer_key import AnswerKey, answer_key
from search.practice.generate import GenerateSpec, generated_tree
from search.practice.scoring import parse_weights, scoring_words
from search.traces.check import canonical_text
from search.traces.recorder import Recorder
from search.trees.node import CHANCE, TreeNode
from search.trees.parse import tree_from_json, tree_from_stored_json

SEARCH_SHAPE = ("depth", "symmetry", "beam", "quiescence")
"""A game search's options that decide the tree it draws (search.games.position_tree): with "game" only."""
ASKS = ("values", "bounds", "pruned")
"""What an exercise may ask: each visited internal node's value, each visited node's α-β window,
the children the search skips."""
DEFAULT_ALGORITHM = "alphabeta"
EXERCISE_ALGORITHMS = (DEFAULT_ALGORITHM, *(a for a in SINGLE_PASS if a != DEFAULT_ALGORITHM))
"""The searches an exercise can practise (search.algorithms.registry: every node once), the default first."""
VALUES_ONLY = tuple(a for a in SINGLE_PASS if a not in PRUNING)
"""The searches that never prune: an exercise asks for their values only."""
"""The searches that never prune and keep no α-β window: their exercises ask for values only."""
DEFAULT_ASK = {a: ("values", "pruned") if a in PRUNING else ("values",) for a in EXERCISE_ALGORITHMS}
FIELDS = {"tree", "generate", "game", "state", "algorithm", "ties", "returns", "ask", "weights", *SEARCH_SHAPE}


@dataclass(slots=True)
class Exercise:
    """A tree (leaf values; internal nodes carry none), its search and what is asked: MAX/MIN with
    minimax or alpha-beta, chance nodes with expectiminimax, several players with max^n."""

    tree: TreeNode
    algorithm: str = "alphabeta"
    ties: str = "prune"
    ask: tuple[str, ...] = ("values", "pruned")
    returns: str = "v"  # alpha-beta's form: "v" (the slides' pseudocode) or "bound" (fail-hard, the slides' figure)
    weights: dict[str, float] | None = None  # per asked part (scoring.py); None: every mark weighs the same
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        """What is stored: enough to run the search again (the key is recomputed, never stored)."""
        out = {"tree": self.tree.to_json(), "algorithm": self.algorithm, "ties": self.ties, "ask": list(self.ask)}
        return {**out, **self.settings_json()}

    def settings_json(self) -> dict[str, Any]:
        """The settings stored only when they are not the default (exercises made before keep their JSON)."""
        return {**({"returns": "bound"} if self.returns == "bound" else {}), **({"weights": self.weights} if self.weights else {})}

    def student_copy(self) -> dict[str, Any]:
        """The exercise as a student receives it: the leaves' values, the settings; no answer."""
        internal = sum(1 for node in self.tree.walk() if node.children)
        copy = {"tree": _leaves_only(self.tree), "algorithm": self.algorithm, "ties": self.ties, "returns": self.returns,
                "ask": list(self.ask), "root_player": self.tree.player, "leaves": len(self.node_ids) - internal, "internal": internal,
                "weights": self.weights, "scoring": scoring_words(self.ask, self.weights)}
        return copy if self.tree.players is None else {**copy, "players": list(self.tree.players)}

    @property
    def node_ids(self) -> list[str]:
        return self.key.order

    def events(self) -> list[dict[str, Any]]:
        """The real trace of this exercise's search (computed once)."""
        if "events" not in self._cache:
            recorder = Recorder()
            game = TreeGame(self.tree)
            REGISTRY[self.algorithm].runner()(game, RunOptions(ties=self.ties, returns=self.returns), recorder)
            self._cache["events"] = recorder.events()
        return self._cache["events"]

    @property
    def key(self) -> AnswerKey:
        if "key" not in self._cache:
            self._cache["key"] = answer_key(self.tree, self.events())
        return self._cache["key"]

    def summary(self) -> dict[str, Any]:
        """For the instructor who made it (never the student): its size and the prunes it holds."""
        key = self.key
        prunes = [facts for facts in key.nodes.values() if facts.prune is not None and facts.prune["pruned"]]
        return {"nodes": len(key.order), "visited": len(key.visited), "prunes": len(prunes), "pruned": len(key.pruned),
                "prune_depths": sorted({facts.depth for facts in prunes})}


def solution_text(exercise: Exercise) -> str:
    """The real trace as JSON Lines, as a saved trace is served: the main page replays it."""
    return canonical_text(exercise.events())


def _leaves_only(node: TreeNode, probability: float | None = None) -> dict[str, Any]:
    """A node's JSON with the value kept at leaves only (a max^n leaf's is a list) and no estimate
    anywhere; a chance node's outcome carries its probability, 1/n written out where the tree left
    it uniform, so the drawing puts a number on every chance edge."""
    out: dict[str, Any] = {"id": node.id, "label": node.label, "player": node.player}
    if probability is not None:
        out["probability"] = probability
    if node.children:
        chance = node.player == CHANCE
        out["children"] = [_leaves_only(child, node.outcome_probability(child) if chance else None) for child in node.children]
    else:
        out["value"] = node.value
    return out


def parse_exercise(data: Any) -> Exercise:
    """POST /api/exercises: exactly one of "tree", "generate" or "game" (with "state", and the
    search's "depth", "symmetry", "beam", "quiescence": the tree it draws), and the settings. Errors
    name the field, as the search request's do."""
    if not isinstance(data, dict):
        raise InputError("", 'expected an object with "tree", "generate" or "game", and "algorithm", "ties", "ask"')
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise InputError(shortened(unknown[0]), "unknown field")
    algorithm = data.get("algorithm", "alphabeta")
    if algorithm not in EXERCISE_ALGORITHMS:
        raise InputError("algorithm", f"expected one of {', '.join(EXERCISE_ALGORITHMS)}, got {quoted(algorithm)}")
    ties = data.get("ties", "prune")
    if ties not in ("prune", "explore"):
        raise InputError("ties", f"expected prune or explore, got {quoted(ties)}")
    returns = data.get("returns", "v")
    if returns not in ("v", "bound"):
        raise InputError("returns", f"expected v or bound, got {quoted(returns)}")
    if returns == "bound" and algorithm != "alphabeta":
        raise InputError("returns", f'"bound" is the fail-hard form of alpha-beta (it returns α or β); {NAMES[algorithm]} has no window')
    ask = _parse_ask(data.get("ask"), algorithm)
    weights = parse_weights(data.get("weights"), ask)
    tree = _source_tree(data, algorithm, ties)
    return Exercise(tree, algorithm, ties if algorithm == "alphabeta" else "prune", ask, returns, weights)


def _parse_ask(ask: Any, algorithm: str) -> tuple[str, ...]:
    if ask is None:
        return DEFAULT_ASK[algorithm]
    if not isinstance(ask, list) or not ask or not all(isinstance(item, str) for item in ask):
        raise InputError("ask", f"expected a list of one or more of {', '.join(ASKS)}")
    for i, item in enumerate(ask):
        if item not in ASKS:
            raise InputError(f"ask[{i}]", f"expected one of {', '.join(ASKS)}, got {quoted(item)}")
    if algorithm in VALUES_ONLY and set(ask) != {"values"}:
        raise InputError("ask", f"{NAMES[algorithm]} never prunes and keeps no α-β window: ask for values only")
    return tuple(item for item in ASKS if item in ask)  # one order, no repeats


def _source_tree(data: dict[str, Any], algorithm: str, ties: str) -> TreeNode:
    given = [name for name in ("tree", "generate", "game") if data.get(name) is not None]
    if len(given) != 1:
        raise InputError("", 'give exactly one of "tree", "generate" or "game"')
    for name in ("state", *SEARCH_SHAPE):
        if data.get(name) is not None and data.get(name) is not False and given != ["game"]:
            raise InputError(name, 'a position goes with "game"' if name == "state" else
                             'goes with "game": it shapes the tree a search of a position draws')
    if given == ["generate"]:
        return generated_tree(GenerateSpec.parse(data["generate"]), algorithm, ties)
    if given == ["game"] and algorithm in ("expectiminimax", "maxn"):
        raise InputError("game", f"{NAMES[algorithm]} exercises are made from a tree (a game position has neither chance "
                                 "nor several players): give \"tree\" or \"generate\"")
    if given == ["game"]:
        return position_tree(data["game"], data.get("state"), {name: data[name] for name in SEARCH_SHAPE if name in data})
    try:
        root = tree_from_json(data["tree"])
    except InputError as exc:
        where = "tree" + ("." if exc.where[:1].isalpha() else "") + exc.where
        raise InputError(where, exc.problem, too_large=exc.too_large) from None
    return practice_tree(root, algorithm)


def practice_tree(root: TreeNode, algorithm: str = "alphabeta") -> TreeNode:
    """The tree as an exercise holds it: fit for its search, at least one move, no estimates (an
    exercise searches to the leaves, so an estimate would only clutter the student's drawing).
    MAX/MIN trees for minimax and alpha-beta; a tree with a chance node for expectiminimax (value
    bounds dropped: they only let alpha-beta prune); a players tree (which has no chance nodes) for max^n."""
    if not root.children:
        raise InputError("tree", "the root is a leaf: an exercise needs at least one move")
    chance = first_chance_node(root)
    if algorithm in ("alphabeta", "minimax"):
        if chance is not None:  # with bounds too: the bounded chance example is practised with expectiminimax
            raise InputError("tree", f"node {quoted(chance.id)} is a chance node: practise a tree with chance nodes with expectiminimax")
        if root.players is not None or root.bounds is not None:
            raise InputError("tree", "alpha-beta and minimax exercises are for two-player trees of MAX and MIN: leave out "
                                     "players and bounds (a players tree is practised with maxn)")
    else:
        try:
            check_fit(TreeGame(root), algorithm)
        except InputError as exc:
            raise InputError("tree", exc.problem) from None
        if algorithm == "expectiminimax" and chance is None:
            raise InputError("tree", "this tree has no chance node: an expectiminimax exercise needs one (practise MAX and "
                                     "MIN alone with minimax)")
        root.bounds = None
    for node in root.walk():
        node.eval = None
    return root


def exercise_from_json(data: dict[str, Any]) -> Exercise:
    """An exercise as stored (to_json), read back: it was validated when it was made."""
    return Exercise(tree_from_stored_json(data["tree"]), data["algorithm"], data["ties"], tuple(data["ask"]),
                    data.get("returns", "v"), data.get("weights"))


__all__ = ["ASKS", "Exercise", "exercise_from_json", "parse_exercise", "practice_tree", "solution_text"]
