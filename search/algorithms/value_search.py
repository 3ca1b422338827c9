"""What minimax and alpha-beta share around their MAX-VALUE and MIN-VALUE: the tallies, the start
and result events, and the decision function's last line, "return the action with value v"."""

from __future__ import annotations

import sys
from typing import Any, Callable

from search.games.game import Game
from search.games.symmetry import symmetry_option
from search.result import SearchResult
from search.traces.recorder import NULL_RECORDER, NullRecorder, SearchRecorder, SearchStopped

NO_LIMIT = sys.maxsize
"""The depth limit of a search without one: `depth >= NO_LIMIT` never holds."""


class ValueSearch:
    """One search of `game`; subclasses define max_value and min_value."""

    algorithm = ""
    __slots__ = ("game", "rec", "depth_limit", "options", "visited", "leaves", "prunes", "pruned", "root_values",
                 "value_of", "cut_at_limit")

    def __init__(self, game: Game[Any, Any], depth: int | None, recorder: SearchRecorder | None, options: dict[str, Any]) -> None:
        self.game = game
        self.rec: SearchRecorder = NULL_RECORDER if recorder is None else recorder
        self.depth_limit = NO_LIMIT if depth is None else depth  # NO_LIMIT: no depth ever reaches it
        self.options = {**options, **symmetry_option(game)}  # the game's own option, so every search records it
        self.visited = 0  # value functions called (after their visit event: a refused one is not counted)
        self.leaves = 0  # nodes scored by UTILITY or EVAL
        self.prunes = 0  # times a test held
        self.pruned = 0  # children skipped
        self.root_values: list[tuple[Any, float]] = []  # (action, value) of each root child searched
        self.cut_at_limit = False  # an estimate stood in for a position's value (search.algorithms.reference)
        # The value function of the player to move. The slides' MAX-VALUE calls MIN-VALUE on each
        # child because players alternate; a tree may give a node the same player as its parent,
        # so the player to move in the child decides.
        self.value_of = {"max": self.max_value, "min": self.min_value}

    def run(self, search_root: Callable[[Callable[..., float], Any], float]) -> SearchResult:
        """The decision function: v ← the root's value (search_root calls MAX-VALUE, or MIN-VALUE when
        MIN moves first, on the initial state); return the action in ACTIONS(state) with value v."""
        game = self.game
        try:
            self.rec.start(game, self.algorithm, self.options)  # a cap of 0 events stops it here
            v = search_root(self.value_of[game.to_move(game.initial)], game.initial)
        except SearchStopped as stop:
            return self.result(None, None, stop.reason)
        return self.result(v, self.action_with_value(v), None)

    def cutoff_test(self, state: Any, depth: int) -> bool:
        """CUTOFF-TEST past the depth limit (the value functions only ask at depth >= the limit): always
        true here; a quiescence search (search.algorithms.enhanced) keeps going where the position is not quiet."""
        self.cut_at_limit = True
        return True

    def action_with_value(self, v: float) -> Any:
        """The first root action whose value is v (None when the root is a leaf). With alpha-beta a
        later child may return a bound rather than its value, but never v itself unless it ties."""
        return next((a for a, u in self.root_values if u == v), None)

    def result(self, value: float | None, action: Any, stopped: str | None) -> SearchResult:
        game = self.game
        child = None if action is None else game.child_id(game.root_id, action, game.result(game.initial, action))
        result = SearchResult(
            value=value,
            move=None if action is None else game.move_json(action),
            child=child,
            visited=self.visited, leaves=self.leaves, prunes=self.prunes, pruned=self.pruned,
            complete=stopped is None, reason=stopped,
        )
        extras = self.result_extras(result, stopped)
        result.reference = None if stopped or isinstance(self.rec, NullRecorder) else self.reference()
        if result.reference is not None:
            extras["reference"] = result.reference
        self.rec.result({**result.to_json(), **extras})
        return result

    def reference(self) -> dict[str, Any] | None:
        """A traced search that could be wrong says so (search.algorithms.reference): none here. Minimax,
        alpha-beta and iterative deepening override it (the answer to the end, where an estimate stood in for
        a value at the depth limit); expectiminimax and max^n have no reference."""
        return None

    def result_extras(self, result: SearchResult, stopped: str | None) -> dict[str, Any]:
        """Fields an algorithm adds to its result event (and to `result`): none here."""
        return {}
