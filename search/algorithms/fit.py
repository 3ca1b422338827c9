"""Which algorithm can search which tree: refusals that say what would work instead.

Minimax and alpha-beta know MAX and MIN only: a chance node needs expectiminimax (or, for
alpha-beta, value bounds at the root so that chance nodes can prune); vectors need max^n, which
in turn needs a tree whose root lists its players. The games (tic-tac-toe, Isolation) have
neither chance nor several players, so expectiminimax and max^n are refused for them.
"""

from __future__ import annotations

from typing import Any

from search.algorithms.registry import NAMES
from search.errors import InputError, quoted
from search.games.builtin_game import BuiltInGame
from search.games.game import Game, TreeGame
from search.trees.node import CHANCE, TreeNode


def first_chance_node(root: TreeNode) -> TreeNode | None:
    return next((node for node in root.walk() if node.player == CHANCE), None)


def check_fit(game: Game[Any, Any], algorithm: str) -> None:
    """Raise InputError("algorithm", ...) when `algorithm` cannot search `game`."""
    name = NAMES.get(algorithm, algorithm)
    if not isinstance(game, TreeGame):
        # The built-in games have neither chance nor players; a course's game (search.library) may have either.
        players, course = getattr(game, "players", None), hasattr(game, "probability") and not isinstance(game, BuiltInGame)
        if players and algorithm != "maxn":
            raise InputError("algorithm", f"this game has players {', '.join(players)} with a value for each: "
                                          f"{name} needs one value per position; use maxn")
        if algorithm in ("expectiminimax", "maxn") and not course:
            raise InputError("algorithm", f"{name} searches trees with chance nodes or several players; "
                                          "for a game use minimax or alphabeta")
        if algorithm == "maxn" and not players:
            raise InputError("algorithm", "max^n needs a game of several players: write players = [...] in the game")
        return
    root = game.initial
    if root.players is not None:
        if algorithm != "maxn":
            raise InputError("algorithm", f"this tree has players {', '.join(root.players)} with a value for each: "
                                          f"{name} needs one value per leaf; use maxn")
        return
    if algorithm == "maxn":
        raise InputError("algorithm", 'max^n needs a tree whose root lists "players" (e.g. ["A", "B", "C"]) and '
                                      "leaves with one value per player")
    chance = first_chance_node(root)
    if chance is None or algorithm == "expectiminimax":
        return
    if algorithm in ("minimax", "iterative"):
        raise InputError("algorithm", f"node {quoted(chance.id)} is a chance node, which {name} has no rule for: "
                                      "use expectiminimax")
    if root.bounds is None:
        raise InputError("algorithm", f"node {quoted(chance.id)} is a chance node: alpha-beta can prune there only when the "
                                      'tree declares value bounds; use expectiminimax, or give the root "bounds": [lo, hi]')
