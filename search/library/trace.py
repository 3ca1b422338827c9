"""search.trace: any game or tree searched and recorded in one call, for notebooks and autograders.

    t = search.trace(Nim(), algorithm="alphabeta")
    t.value, t.move, t.result, t.events, t.jsonl(), t.save("nim.jsonl")

It takes every option the CLI's `trace` has (search.request validates them the same way, with the
same errors) and whatever a course has to search: a GameBase game, an explicit tree (a TreeNode, the
JSON form, the nested-list shorthand), an example's name, a built-in game (search.TicTacToe(...)).
A GameBase game whose whole tree is small is searched as that tree written out
(search.library.written_tree), so its trace is an ordinary tree trace the server verifies and
/r/<id> replays; a larger one (or one searched with a transposition table or a beam, which need the
game itself) is searched as the game, and its trace says it comes from a game of the course's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from search.algorithms.registry import averages_chance
from search.errors import InputError, quoted
from search.games.builtin_game import BuiltInGame, is_course_game
from search.games.game import TreeGame
from search.library.course_game import CourseGame
from search.library.game_base import GameBase
from search.library.untraced import engine_game
from search.library.written_tree import write_out
from search.request import SearchRequest, parse_options, parse_request, tree_game
from search.result import SearchResult
from search.traces.recorder import Recorder
from search.trees.node import EXAMPLES, TreeNode


class Trace:
    """A finished search and its events (docs/trace-format.md); strict JSON throughout."""

    def __init__(self, request: SearchRequest, result: SearchResult, recorder: Recorder, move: Any) -> None:
        self.request = request
        self.search_result = result
        self.events: list[dict[str, Any]] = recorder.events()
        self._jsonl = recorder.jsonl()
        self.move = move
        """The move chosen at the root, as the game's own action (None when there is none)."""

    @property
    def value(self) -> Any:
        """The root's value: a number, or a list with one per player (max^n); None if the search was stopped."""
        return self.search_result.value

    @property
    def result(self) -> dict[str, Any]:
        """The result event."""
        return self.events[-1]

    @property
    def complete(self) -> bool:
        """False when max_events stopped the search (the result says why)."""
        return self.search_result.complete

    def jsonl(self) -> str:
        """The trace as JSON Lines, what `python -m search trace` writes: /api/traces takes it, the page opens it."""
        return self._jsonl

    def save(self, path: str | Path) -> Path:
        """Write jsonl() to `path` (UTF-8); returns the path."""
        path = Path(path)
        path.write_text(self._jsonl, encoding="utf-8")
        return path

    def listing(self) -> list[dict[str, Any]]:
        """The pseudocode of this search, each line as GET /api/pseudocode gives it: what the events' `line` ids name."""
        return [dict(line) for line in self.request.listing()]

    def __repr__(self) -> str:
        counts = self.search_result
        return (f"<Trace {self.events[0]['algorithm']}: value {self.value!r}, move {self.move!r}, {len(self.events)} events, "
                f"{counts.visited} nodes visited, {counts.pruned} pruned>")


def trace(
    game: Any, state: Any = None, algorithm: str = "alphabeta", depth: int | None = None, ties: str = "prune", *,
    returns: str = "v", ordering: str | None = None, seed: int | None = None, tt: bool = False, quiescence: bool = False,
    beam: int | None = None, misconception: str | None = None, symmetry: bool = False, estimate: str | None = None,
    max_events: int | None = None,
) -> Trace:
    """Search `game` from `state` (its start when None) and record every step. The options are the CLI's
    (`python -m search trace --help`); bad ones raise search.InputError naming the option."""
    options: dict[str, Any] = {"algorithm": algorithm, "depth": depth, "ties": ties, "returns": returns, "ordering": ordering,
                               "seed": seed, "tt": tt, "quiescence": quiescence, "beam": beam, "misconception": misconception}
    if max_events is not None and (isinstance(max_events, bool) or not isinstance(max_events, int) or max_events < 1):
        raise InputError("max_events", "expected a whole number of 1 or more, or None")
    request, actions = _request(game, state, options, symmetry, estimate)
    recorder = Recorder(max_events=max_events)
    result = request.run(recorder)
    move = None if result.child is None else actions.get(result.child, result.move) if actions is not None else result.move
    return Trace(request, result, recorder, move)


def _request(game: Any, state: Any, options: dict[str, Any], symmetry: bool, estimate: str | None,
             ) -> tuple[SearchRequest, dict[str, Any] | None]:
    """The search request for whatever was given to search and, for a course's game, its actions at the
    root by the id of the child each leads to (the move chosen is the game's own action, not its text)."""
    builtin = isinstance(game, BuiltInGame) and getattr(type(game), "game_info", None) is not None  # a registered one
    if (symmetry or estimate is not None) and not builtin:
        raise InputError("symmetry" if symmetry else "estimate", "goes with a built-in game (TicTacToe, Isolation, ConnectFour)")
    if is_course_game(game):
        return _course_request(game, state, options)
    if state is not None and not builtin:
        raise InputError("state", "goes with a GameBase game or a built-in game (a tree is searched from its root)")
    if isinstance(game, str):
        if game not in EXAMPLES:
            raise InputError("game", f"unknown example {quoted(game)}; known: {', '.join(EXAMPLES)}")
        return parse_request({"example": game, **options}), None
    if isinstance(game, TreeNode):
        return parse_request({"tree": game.to_json(), **options}), None
    if isinstance(game, TreeGame):
        return parse_request({"tree": game.initial.to_json(), **options}), None
    if isinstance(game, (list, dict)):
        return parse_request({"tree": game, **options}), None
    if builtin:  # searched as a request names it, so its trace replays anywhere
        source = game.source()
        asked = {"game": source["game"], "state": source["state"] if state is None else state,
                 "estimate": estimate or source["estimate"], "symmetry": symmetry or getattr(game, "symmetry", False)}
        return parse_request({**asked, **options}), None
    return parse_request(options, game=engine_game(game)), None  # a game of the engine's own interface (or refused)


def _course_request(game: GameBase, state: Any, options: dict[str, Any]) -> tuple[SearchRequest, dict[str, Any]]:
    """A course's game: written out as a tree when small (its trace then verifies and replays like any
    tree's), else searched as itself. A transposition table or a beam needs the game itself."""
    if not hasattr(game, "initial") and state is None:
        raise InputError("initial", f"{type(game).__name__} has no initial state: set initial = ... in the class or in "
                                    "__init__, or pass state= to search.trace")
    course = CourseGame(game, state, chance=averages_chance(options["algorithm"]))
    if options["depth"] is not None:
        course.require_evaluate()
    if options["ordering"] is not None and course.players is not None:
        raise InputError("ordering", "orderings sort children by their minimax value: a game of several players has none")
    if course.is_terminal(course.initial):
        raise InputError("state", "the game is over in this position: there is nothing to search")
    enhanced = options["tt"] or options["quiescence"] or options["beam"] is not None
    written = None if enhanced else write_out(course, options["depth"])
    if written is None:
        actions = {course.child_id(course.root_id, a, None): a for a in course.actions(course.initial)}
        return parse_request(options, game=course), actions
    actions = {child.id: a for child, a in zip(written.root.children, written.root_actions)}
    algorithm, depth, _ = parse_options(options)  # first, as parse_request would: its errors name the option
    game_tree = tree_game(written.root.to_json(), depth, algorithm == "iterative", written=True)
    return parse_request(options, game=game_tree), actions
