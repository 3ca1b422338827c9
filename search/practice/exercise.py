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
from search.practice.make_it_prune import WITNESS_STEPS, blank_leaves, check_prune_size, has_blank_leaf, parse_prune, witness
from search.practice.make_it_visit import count_witness, parse_visited
from search.practice.order_range import check_orderable
from search.practice.parsons import PARSONS_ALGORITHMS
from search.practice.pruning_run import pruning_run
from search.practice.scoring import parse_weights, scoring_words
from search.traces.recorder import Recorder
from search.trees.node import CHANCE, EXAMPLES, TreeNode
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
FIELDS = {"tree", "generate", "game", "state", "algorithm", "ties", "returns", "ask", "weights", "kind", "prune", "visited",
          *SEARCH_SHAPE}
KINDS = ("values", "ordering", "make-it-prune", "parsons")
"""What an exercise asks the student to do (issue 50): fill in the search's values, windows and prunes; order
each node's children for the most pruning; write leaves that make alpha-beta prune the asked branches; put the
slides' pseudocode in order (search/practice/kinds.py checks each)."""


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
    kind: str = "values"  # KINDS
    prune: tuple[str, ...] = ()  # make-it-prune: the children alpha-beta must skip (the tree's values are a witness)
    visited: int | None = None  # make-it-prune's other form: the leaves alpha-beta must evaluate, instead of `prune`
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        """What is stored: enough to run the search again (the key is recomputed, never stored); a make-it-prune
        exercise's asked prunes with its tree (a generated one's are drawn again with the tree: not in settings_json),
        or its count of leaves (in settings_json: a generated tree's witness is searched for again from it)."""
        out = {"tree": self.tree.to_json(), "algorithm": self.algorithm, "ties": self.ties, "ask": list(self.ask)}
        asks_prunes = self.kind == "make-it-prune" and self.visited is None
        return {**out, **self.settings_json(), **({"prune": list(self.prune)} if asks_prunes else {})}

    def settings_json(self) -> dict[str, Any]:
        """The settings stored only when they are not the default (exercises made before keep their JSON)."""
        return {**({"returns": "bound"} if self.returns == "bound" else {}), **({"weights": self.weights} if self.weights else {}),
                **({"kind": self.kind} if self.kind != "values" else {}),
                **({"visited": self.visited} if self.visited is not None else {})}

    def student_copy(self) -> dict[str, Any]:
        """The exercise as a student receives it: the leaves' values, the settings; no answer. The other kinds
        add what they ask (search/practice/kinds.py: kind_copy)."""
        internal = sum(1 for node in self.tree.walk() if node.children)
        copy = {"tree": _leaves_only(self.tree), "algorithm": self.algorithm, "ties": self.ties, "returns": self.returns,
                "ask": list(self.ask), "root_player": self.tree.player, "leaves": len(self.node_ids) - internal, "internal": internal,
                "weights": self.weights, "scoring": scoring_words(self.ask, self.weights)}
        copy = copy if self.tree.players is None else {**copy, "players": list(self.tree.players)}
        return copy if self.kind == "values" else {**copy, "kind": self.kind}

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
    kind = data.get("kind", "values")
    if kind not in KINDS:
        raise InputError("kind", f"expected one of {', '.join(KINDS)}, got {quoted(kind)}")
    if kind != "values":
        return construction_exercise(data, kind, algorithm, ties, returns)
    if data.get("prune") is not None:
        raise InputError("prune", 'goes with "kind": "make-it-prune" (the branches the student\'s leaves must make alpha-beta prune)')
    if data.get("visited") is not None:
        raise InputError("visited", 'goes with "kind": "make-it-prune" (how many leaves the student\'s leaves must make alpha-beta evaluate)')
    ask = _parse_ask(data.get("ask"), algorithm)
    weights = parse_weights(data.get("weights"), ask)
    tree = _source_tree(data, algorithm, ties)
    return Exercise(tree, algorithm, ties if algorithm == "alphabeta" else "prune", ask, returns, weights)


def construction_exercise(data: dict[str, Any], kind: str, algorithm: str, ties: str, returns: str) -> Exercise:
    """An ordering, make-it-prune or parsons exercise: the student builds something (an order, leaves, a program)
    that the real search then runs. Ordering and make-it-prune are about alpha-beta's pruning; parsons asks for
    the pseudocode of alpha-beta, minimax or expectiminimax, checked on the exercise's tree."""
    called = f"{'an' if kind == 'ordering' else 'a'} {kind} exercise"
    for name in ("ask", "weights"):
        if data.get(name) is not None:
            raise InputError(name, f"{called} has its own marks: leave out {name}")
    if kind in ("ordering", "make-it-prune") and algorithm != "alphabeta":
        raise InputError("algorithm", f"{called} is about alpha-beta's pruning: leave out algorithm, or give alphabeta")
    if kind in ("ordering", "make-it-prune") and returns != "v":
        raise InputError("returns", f"{called} counts what alpha-beta visits, the same in either form: leave out returns")
    if kind == "parsons" and algorithm not in PARSONS_ALGORITHMS:
        raise InputError("algorithm", f"a parsons exercise's pseudocode is one of {', '.join(PARSONS_ALGORITHMS)}, got {quoted(algorithm)}")
    if kind == "parsons" and ties != "prune":
        raise InputError("ties", "a parsons exercise builds the slides' pseudocode, which prunes on ties (v ≥ β): leave out ties")
    if kind == "parsons" and returns != "v":
        raise InputError("returns", "a parsons exercise builds the slides' pseudocode, which returns v: leave out returns")
    for name in ("prune", "visited"):
        if data.get(name) is not None and kind != "make-it-prune":
            raise InputError(name, 'goes with "kind": "make-it-prune"')
    ties = ties if algorithm == "alphabeta" else "prune"
    if kind == "parsons" and all(data.get(name) is None for name in ("tree", "generate", "game")):
        source = EXAMPLES["chance"] if algorithm == "expectiminimax" else EXAMPLES["lecture"]
        data = {**data, "tree": source}  # the lecture's A/B/C/D example (its chance-node form for expectiminimax)
    if kind == "make-it-prune":
        return _prune_exercise(data, ties)
    tree = _source_tree(data, algorithm, ties)
    if kind == "ordering":
        check_orderable(tree)
    return Exercise(tree, algorithm, ties, (), "v", None, kind)


def _prune_exercise(data: dict[str, Any], ties: str) -> Exercise:
    """A make-it-prune exercise: from a tree (its leaves may be null: the shape alone, with "prune" or "visited"), or
    generated (the branches asked are those its drawn values prune, unless "visited" asks for a count). The stored
    tree's values are a witness: leaf values for which alpha-beta prunes exactly the asked branches (or evaluates
    exactly the asked number of leaves), so every exercise stored can be answered."""
    if data.get("game") is not None:
        raise InputError("game", 'a make-it-prune exercise is made from "tree" or "generate" (its leaves are the student\'s)')
    asked, count = data.get("prune"), data.get("visited")
    if asked is not None and count is not None:
        raise InputError("visited", 'give "prune" or "visited", not both: a make-it-prune exercise asks for the branches '
                                    "alpha-beta prunes or for how many leaves it evaluates")
    blank = data.get("tree") is not None and has_blank_leaf(data["tree"])
    if data.get("generate") is not None and asked is not None:
        raise InputError("prune", "a generated tree's asked prunes are the ones its drawn values make (each student's "
                                  "tree may differ): leave out prune")
    source = {**data, "tree": blank_leaves(data["tree"])} if blank else data
    tree = _source_tree(source, "alphabeta", ties)
    check_prune_size(tree)
    if count is not None:
        return _count_exercise(tree, parse_visited(tree, count), ties, blank)
    if asked is None:
        if blank:
            raise InputError("prune", 'the tree\'s leaves are blank: say which branches alpha-beta must prune ("prune"), '
                                      'or how many leaves it must evaluate ("visited")')
        prunes = tuple(pruning_run(tree, ties).pruned)
        if not prunes:
            where = "generate.min_prunes" if data.get("generate") is not None else "tree"
            raise InputError(where, "alpha-beta prunes nothing on these leaf values: give \"prune\", or values that prune"
                             if where == "tree" else "this generated tree has no prune to ask for: ask for min_prunes of 1 or more")
        return Exercise(tree, "alphabeta", ties, (), "v", None, "make-it-prune", prunes)
    prunes = parse_prune(tree, asked, ties)
    values = witness(tree, prunes, ties)
    if values is None:
        raise InputError("prune", f"no leaf values were found for which alpha-beta prunes exactly {', '.join(prunes)} "
                                  f"(tried {WITNESS_STEPS:,} changes): ask for another set")
    _fill(tree, values)
    return Exercise(tree, "alphabeta", ties, (), "v", None, "make-it-prune", prunes)


def _count_exercise(tree: TreeNode, visited: int, ties: str, blank: bool) -> Exercise:
    """The "exactly K leaves visited" form: the tree's values (the maker's or the generator's) are the search's first
    start, and the witness found is stored in their place."""
    _fill(tree, count_witness(tree, visited, ties, blank))
    return Exercise(tree, "alphabeta", ties, (), "v", None, "make-it-prune", (), visited)


def _fill(tree: TreeNode, values: dict[str, float]) -> None:
    for node in tree.walk():
        if not node.children:
            node.value = values[node.id]


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
                    data.get("returns", "v"), data.get("weights"), data.get("kind", "values"), tuple(data.get("prune", ())),
                    data.get("visited"))


__all__ = ["ASKS", "KINDS", "Exercise", "exercise_from_json", "parse_exercise", "practice_tree"]
