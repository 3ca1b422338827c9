"""What the tree schema cannot say about chance nodes, bounds and several players.

search.trees.parse builds the nodes and asks a TreeRules, made from the root's raw JSON, at each node:
who moves there, whether its outcomes' probabilities are right, what its value may be. Every error
names the place (``children[2].probability``) and says what would be right, in the terms of AIMA
4th ed.: chance nodes (§5.5), value bounds (§5.5: bounded values let alpha-beta prune at chance
nodes), players with vector values (§5.2.2).
"""

from __future__ import annotations

import json
import math
from typing import Any

from search import limits
from search.errors import InputError, format_path
from search.trees.node import CHANCE, Value

ROLES = ("max", "min", CHANCE)


def finite_number(value: Any, where: str) -> float:
    """A finite number (not a bool), or an error naming `where`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InputError(where, "expected a finite number")
    return value


def _show(x: float) -> str:
    return json.dumps(x)


class TreeRules:
    """The rules one tree is held to, from its root's `players` and `bounds`."""

    def __init__(self, root: dict[str, Any]) -> None:
        players = root.get("players")
        bounds = root.get("bounds")
        self.players: list[str] | None = None if players is None else list(players)
        self.bounds: tuple[float, float] | None = None
        if self.players is not None and CHANCE in self.players:
            raise InputError(f"players[{self.players.index(CHANCE)}]", '"chance" names chance nodes; choose another name')
        if bounds is not None:
            lo, hi = (finite_number(b, f"bounds[{i}]") for i, b in enumerate(bounds))
            if not lo < hi:
                raise InputError("bounds", f"expected [lo, hi] with lo < hi, got [{_show(lo)}, {_show(hi)}]")
            if self.players is not None:
                raise InputError("bounds", "bounds are for trees of single values; a players tree's values are lists")
            self.bounds = (lo, hi)

    def first_player(self) -> str:
        """The root's player where it is not given: MAX, or the first of the players."""
        return self.players[0] if self.players else "max"

    def next_player(self, player: str, default: str) -> str:
        """Who moves below a node of `player` where not given: MIN after MAX and MAX after MIN; in
        a players tree the next name in the root's order; below a chance node whoever would have
        moved there (`default`, the player after the decision above it)."""
        if self.players is not None:
            return self.players[(self.players.index(player) + 1) % len(self.players)]
        if player == CHANCE:
            return default
        return "min" if player == "max" else "max"

    def check_root_only(self, item: dict[str, Any], path: list[str | int]) -> None:
        if path:
            for key in ("players", "bounds"):
                if key in item:
                    raise InputError(format_path([*path, key]), f"only the root declares {key}")

    def player(self, item: dict[str, Any], path: list[str | int], default: str) -> str:
        """The node's player, checked against the tree's kind."""
        player = item.get("player", default)
        where = format_path([*path, "player"])
        if self.players is not None:
            if player not in self.players:
                names = ", ".join(json.dumps(p, ensure_ascii=False) for p in self.players)
                raise InputError(where, f"expected one of the root's players: {names}")
        elif player not in ROLES:
            raise InputError(where, 'expected "max" or "min" or "chance" (other names need "players" at the root)')
        return player

    def check_outcomes(self, item: dict[str, Any], path: list[str | int], player: str) -> None:
        """A chance node's outcomes have probabilities all given (summing to 1) or all left out
        (uniform); no other node's children have one. Any node may be a leaf, whoever's turn it is:
        a game that ends on a chance player's turn (a Pacman win reached on a ghost's move, UC
        Berkeley CS188's trees) is a leaf with a value like any other, except under bounds."""
        children = item.get("children") or []
        given = [i for i, child in enumerate(children) if "probability" in child]
        if player != CHANCE:
            if given:
                raise InputError(format_path([*path, "children", given[0], "probability"]),
                                 f"only a chance node's children have a probability (this node's player is {player})")
            return
        if not children and self.bounds is not None:
            # Bounded alpha-beta's CHANCE-VALUE (AIMA 4th ed. §5.5) has no terminal test of its own.
            raise InputError(format_path([*path, "children"]),
                             "in a tree with bounds a chance node needs children (its outcomes); "
                             'a leaf\'s player does not change its value: make it "max" or "min"')
        if given and len(given) < len(children):
            missing = next(i for i in range(len(children)) if i not in given)
            raise InputError(format_path([*path, "children", missing, "probability"]),
                             "required: the other outcomes of this chance node have one (give every outcome a "
                             "probability, or none for equal chances)")
        if given:
            total = math.fsum(child["probability"] for child in children)
            if abs(total - 1) > limits.PROBABILITY_TOLERANCE:
                raise InputError(format_path([*path, "children"]),
                                 f"the probabilities of this chance node's outcomes sum to {total:.12g}, not 1")

    def leaf_needs_value(self) -> str:
        if self.players is not None:
            return f"expected a list of {len(self.players)} numbers (a leaf needs a value for each player)"
        return "expected a finite number (a leaf needs a value)"

    def value(self, value: Any, path: list[str | int]) -> Value:
        """A leaf's value or a node's estimate: a number inside the bounds, or one number per player."""
        where = format_path(path)
        if self.players is not None:
            n = len(self.players)
            if not isinstance(value, list) or len(value) != n:
                raise InputError(where, f"expected a list of {n} numbers, one for each of {', '.join(self.players)}")
            return [finite_number(v, format_path([*path, i])) for i, v in enumerate(value)]
        if isinstance(value, list):
            raise InputError(where, 'expected a finite number (a list of values needs "players" at the root)')
        number = finite_number(value, where)
        if self.bounds is not None and not self.bounds[0] <= number <= self.bounds[1]:
            lo, hi = self.bounds
            raise InputError(where, f"{_show(number)} is outside the root's bounds [{_show(lo)}, {_show(hi)}]")
        return number
