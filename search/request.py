"""A search request as the CLI and the server receive it, validated in one place.

A request is a dict: exactly one of ``example`` (a built-in name), ``tree`` (a node object or the
nested-list shorthand) or ``game`` ("tictactoe" | "isolation", with optional ``state`` and
``estimate``), plus ``algorithm``, ``depth`` and ``ties``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search import limits
from search.algorithm_fit import check_fit, first_chance_node
from search.alphabeta import alphabeta
from search.expectiminimax import expectiminimax
from search.errors import InputError
from search.game import Game, TreeGame
from search.isolation import Isolation
from search.maxn import maxn
from search.minimax import minimax
from search.pseudocode import Line, listing
from search.recorder import Recorder
from search.result import SearchResult
from search.tictactoe import TicTacToe
from search.tree import EXAMPLES
from search.tree_io import check_estimates, tree_from_json

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax", "maxn")
TIES = ("prune", "explore")
GAMES = ("tictactoe", "isolation")
KNOWN_FIELDS = {"example", "tree", "game", "state", "estimate", "algorithm", "depth", "ties"}


@dataclass(slots=True)
class SearchRequest:
    game: Game[Any, Any]
    algorithm: str
    depth: int | None
    ties: str

    def options(self) -> dict[str, Any]:
        """The options as the start event records them: minimax never prunes, so it has no tie rule."""
        return {"depth": self.depth, "ties": self.ties} if self.algorithm == "alphabeta" else {"depth": self.depth}

    def listing(self) -> list[Line]:
        """The pseudocode of this search: its algorithm and tie rule, the root's player, its depth limit."""
        game = self.game
        chance = isinstance(game, TreeGame) and first_chance_node(game.initial) is not None
        return listing(self.algorithm, self.ties, game.to_move(game.initial), self.depth is not None, chance)

    def run(self, recorder: Recorder | None = None) -> SearchResult:
        if self.algorithm == "minimax":
            return minimax(self.game, depth=self.depth, recorder=recorder)
        if self.algorithm == "expectiminimax":
            return expectiminimax(self.game, depth=self.depth, recorder=recorder)  # type: ignore[arg-type]
        if self.algorithm == "maxn":
            return maxn(self.game, depth=self.depth, recorder=recorder)  # type: ignore[arg-type]
        return alphabeta(self.game, depth=self.depth, ties=self.ties, recorder=recorder)  # type: ignore[arg-type]


def parse_request(data: Any) -> SearchRequest:
    """Validate everything a user can send; errors name the field, as ``tree.children[1].value``."""
    if not isinstance(data, dict):
        raise InputError("", "expected an object with example, tree or game, and algorithm")
    unknown = sorted(set(data) - KNOWN_FIELDS)
    if unknown:
        raise InputError(unknown[0], "unknown field")
    algorithm, depth, ties = parse_options(data)
    game = _game(data, depth)
    check_fit(game, algorithm)  # e.g. chance nodes need expectiminimax, or bounds for alpha-beta
    return SearchRequest(game, algorithm, depth, ties)


def parse_options(data: dict[str, Any]) -> tuple[str, int | None, str]:
    """algorithm, depth and ties, with their defaults (alphabeta, no limit, prune)."""
    algorithm = data.get("algorithm", "alphabeta")
    if algorithm not in ALGORITHMS:
        raise InputError("algorithm", f"expected one of {', '.join(ALGORITHMS)}, got {algorithm!r}")
    ties = data.get("ties", "prune")
    if ties not in TIES:
        raise InputError("ties", f"expected one of {', '.join(TIES)}, got {ties!r}")
    depth = data.get("depth")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= limits.MAX_SEARCH_DEPTH):
        raise InputError("depth", f"expected a whole number from 0 to {limits.MAX_SEARCH_DEPTH}, or none")
    if algorithm != "alphabeta":
        ties = "prune"  # minimax never prunes: the option applies to alpha-beta only
    return algorithm, depth, ties


def game_from_source(source: dict[str, Any]) -> Game[Any, Any]:
    """The game a start event's `source` describes (a trace's), as a search request would build it."""
    if source.get("kind") == "tree":
        return _game({"tree": source.get("tree")}, None)
    return _game({"game": source.get("game"), "state": source.get("state"), "estimate": source.get("estimate")}, None)


def _game(data: dict[str, Any], depth: int | None) -> Game[Any, Any]:
    given = [key for key in ("example", "tree", "game") if data.get(key) is not None]
    if len(given) != 1:
        raise InputError("", "give exactly one of example, tree or game")
    if "example" in given:
        name = data["example"]
        if not isinstance(name, str) or name not in EXAMPLES:
            raise InputError("example", f"unknown example {name!r}; known: {', '.join(EXAMPLES)}" if isinstance(name, str) else f"expected a name: {', '.join(EXAMPLES)}")
        root = tree_from_json(EXAMPLES[name])
        check_estimates(root, depth)  # a depth limit that cuts the example needs estimates too
        return TreeGame(root)
    if "tree" in given:
        try:
            root = tree_from_json(data["tree"])
        except InputError as exc:
            where = "tree" + ("." if exc.where[:1].isalpha() else "") + exc.where
            raise InputError(where, exc.problem, too_large=exc.too_large) from None
        check_estimates(root, depth, within="tree")  # outside: its error keeps the node's id
        return TreeGame(root)
    name = data["game"]
    estimate = data.get("estimate")
    if estimate is not None and not isinstance(estimate, str):
        raise InputError("estimate", "expected a name, e.g. \"zero\" or \"mobility\" for Isolation")
    if not isinstance(name, str):
        raise InputError("game", f"expected one of {', '.join(GAMES)}")
    if name == "tictactoe":
        if data.get("estimate") not in (None, "open-lines"):
            raise InputError("estimate", "tic-tac-toe has one estimate: open-lines")
        return TicTacToe(data.get("state") or "." * 9)
    if name == "isolation":
        return Isolation(data.get("state") or ".....#", data.get("estimate") or "zero")
    raise InputError("game", f"expected one of {', '.join(GAMES)}, got {name!r}")
