"""A search request as the CLI and the server receive it, validated in one place.

A request is a dict: exactly one of ``example`` (a built-in name), ``tree`` (a node object or the
nested-list shorthand) or ``game`` ("tictactoe" | "isolation", with optional ``state`` and
``estimate``; tic-tac-toe also ``symmetry``, search.games.symmetry), plus ``algorithm``, ``depth`` and
``ties``; optionally ``ordering`` ("given" | "best" |
"worst" | "random", the move-ordering lab's orders of each node's children, search.labs.ordering) and, with
"random", ``seed``: the start event's options record them, so a saved trace or a link replays the
same search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search import limits
from search.algorithms.descriptor import RunOptions
from search.algorithms.enhanced import Enhancements
from search.algorithms.fit import check_fit, first_chance_node
from search.algorithms.iterative import check_iteration_estimates
from search.algorithms.pseudocode import Line, listing
from search.algorithms.registry import ALGORITHMS, ENHANCEABLE, PRUNING, REGISTRY
from search.errors import InputError, quoted, shortened
from search.games.game import Game, TreeGame
from search.games.registry import named_game
from search.games.symmetry import symmetry_option
from search.labs.ordering import DEFAULT_SEED, ORDERINGS, has_minimax_values, ordered_game
from search.misconceptions import CATALOGUE, Setting, run as run_misconception
from search.misconceptions.listing import mistaken_listing
from search.result import SearchResult
from search.traces.recorder import SearchRecorder
from search.trees.node import EXAMPLES, TreeNode
from search.trees.parse import check_estimates, tree_from_engine_json, tree_from_json

TIES = ("prune", "explore")
RETURNS = ("v", "bound")
"""What alpha-beta returns from a node: v (the slides' pseudocode, fail-soft) or the bound it was cut
against (the slides' figure, fail-hard: MAX-VALUE returns β on a cut and α at its end)."""
KNOWN_FIELDS = {"example", "tree", "game", "state", "estimate", "algorithm", "depth", "ties", "tt", "quiescence", "beam",
                "ordering", "seed", "returns", "symmetry", "misconception"}
# ALGORITHMS, PRUNING and ENHANCEABLE come from the registry (search.algorithms.registry) and stay importable from here.


@dataclass(slots=True)
class SearchRequest:
    game: Game[Any, Any]
    algorithm: str
    depth: int | None
    ties: str
    enhancements: Enhancements = Enhancements()
    ordering: str | None = None
    seed: int | None = None
    returns: str = "v"
    misconception: str | None = None  # run the search with this slip (search.misconceptions), to see what it does

    def options(self) -> dict[str, Any]:
        """The options as the start event records them: only the algorithms that prune have a tie
        rule; "tt", "quiescence" and "beam" only when on; an ordering (and the random one's seed)
        only when the request asked for one."""
        plain = {"depth": self.depth, "ties": self.ties} if self.algorithm in PRUNING else {"depth": self.depth}
        returns = {"returns": "bound"} if self.returns == "bound" else {}
        mistaken = {} if self.misconception is None else {"misconception": self.misconception}
        return {**plain, **symmetry_option(self.game), **returns, **self.enhancements.options(), **self.ordering_options(),
                **mistaken}

    def ordering_options(self) -> dict[str, Any]:
        """{"ordering": name} (and "seed" for random) when the request asked for an ordering, else {}."""
        if self.ordering is None:
            return {}
        return {"ordering": self.ordering} if self.seed is None else {"ordering": self.ordering, "seed": self.seed}

    def ordered(self) -> SearchRequest:
        """This request with its game seen in its ordering's order (an explicit tree reordered, a game
        wrapped): the survey behind it runs here, so a game too large for it is refused before the
        search starts (limits.ORDERING_MAX_NODES)."""
        if self.ordering is None:
            return self
        game = ordered_game(self.game, self.ordering, self.depth, DEFAULT_SEED if self.seed is None else self.seed)
        return SearchRequest(game, self.algorithm, self.depth, self.ties, self.enhancements, self.ordering, self.seed,
                             self.returns, self.misconception)

    def listing(self) -> list[Line]:
        """The pseudocode of this search: its algorithm and tie rule, the root's player, its depth limit, and the
        lines its enhancements and returns write."""
        game = self.game
        chance = isinstance(game, TreeGame) and first_chance_node(game.initial) is not None
        root = game.to_move(game.initial)
        if self.misconception == "max-min-swapped" and root in ("max", "min"):
            root = "min" if root == "max" else "max"  # the root is searched by the other player's function
        return mistaken_listing(listing(self.algorithm, self.ties, root, self.depth is not None, chance, **self.listing_options()),
                                self.misconception)

    def listing_options(self) -> dict[str, Any]:
        """What the listing shows beyond the algorithm: the enhancements' lines and the fail-hard returns."""
        return {"tt": self.enhancements.tt, "quiescence": self.enhancements.quiescence, "beam": self.enhancements.beam,
                "returns": self.returns}

    def run(self, recorder: SearchRecorder | None = None) -> SearchResult:
        if self.misconception is not None:
            return run_misconception(self.misconception, self.game, Setting(self.algorithm, self.ties, self.returns),
                                     depth=self.depth, recorder=recorder)
        descriptor = REGISTRY[self.algorithm]  # the registry's dispatch: each algorithm names its own entry
        enhanced = self.enhancements != Enhancements()  # the plain searches stay as fast as the slides are short
        options = RunOptions(depth=self.depth, ties=self.ties, returns=self.returns, more_options=self.ordering_options(),
                             enhancements=self.enhancements)
        return descriptor.runner(enhanced)(self.game, options, recorder)


def parse_request(data: Any, game: Game[Any, Any] | None = None) -> SearchRequest:
    """Validate everything a user can send; errors name the field, as ``tree.children[1].value``.
    `game`: a game object to search instead of the request's example, tree or game (search.library's
    course games: the request then holds only the options)."""
    if not isinstance(data, dict):
        raise InputError("", "expected an object with example, tree or game, and algorithm")
    unknown = sorted(set(data) - KNOWN_FIELDS)
    if unknown:
        raise InputError(shortened(unknown[0]), "unknown field")
    algorithm, depth, ties = parse_options(data)
    ordering, seed = parse_ordering(data, algorithm)
    if game is None:
        game = _game(data, depth, algorithm == "iterative")
    check_fit(game, algorithm)  # e.g. chance nodes need expectiminimax, or bounds for alpha-beta
    check_depth_needed(game, depth)
    request = SearchRequest(game, algorithm, depth, ties, parse_enhancements(data, game, algorithm, depth), ordering, seed,
                            parse_returns(data, game, algorithm))
    return fitted_request(with_misconception(request, data.get("misconception")))


def check_depth_needed(game: Game[Any, Any], depth: int | None) -> None:
    """A game too big to search to its end (Connect Four) says why in `depth_limit_needed`: a search of it without a
    depth limit is refused with that reason instead of started and never finished."""
    reason = getattr(game, "depth_limit_needed", None)
    if depth is None and reason:
        raise InputError("depth", reason)


def parse_misconception(misconception: Any, request: SearchRequest) -> str | None:
    """"misconception": a catalogue id (search.misconceptions) the search runs with, to show what that slip does; it
    goes with a plain search of the algorithm it is a slip of (no table, quiescence, beam or ordering)."""
    if misconception is None:
        return None
    if misconception not in CATALOGUE:
        raise InputError("misconception", f"expected one of {', '.join(CATALOGUE)}, got {quoted(misconception)}")
    if request.enhancements != Enhancements() or request.ordering is not None:
        raise InputError("misconception", "a misconception is a slip of the plain search: leave out tt, quiescence, beam and ordering")
    if request.game.to_move(request.game.initial) == "chance" and REGISTRY[request.algorithm].chance != "yes":
        raise InputError("misconception", "a tree with a chance node at its root is searched by expectiminimax")
    if not CATALOGUE[misconception].fits(Setting(request.algorithm, request.ties, request.returns)):
        raise InputError("misconception", f"{misconception} is not a slip of {request.algorithm}"
                         f"{' with ties ' + request.ties if request.algorithm == 'alphabeta' else ''}"
                         f"{' returning the bound' if request.returns == 'bound' else ''}")
    return misconception


def with_misconception(request: SearchRequest, misconception: Any) -> SearchRequest:
    """The request with its "misconception" (validated by parse_misconception), as its mistaken search runs: the
    strict test searches with ties "explore", the fail-hard slip returns "bound" (so the options and the
    pseudocode shown say what the search does)."""
    request.misconception = parse_misconception(misconception, request)
    if request.misconception is None:
        return request
    asked = Setting(request.algorithm, request.ties, request.returns)
    misconception = CATALOGUE[request.misconception]
    setting = misconception.setting(asked) if misconception.applies(asked) else asked  # a saved trace's start: as it ran
    request.algorithm, request.ties, request.returns = setting.algorithm, setting.ties, setting.returns
    return request


def fitted_request(request: SearchRequest) -> SearchRequest:
    """The request once its options are known to fit its game (check_fit has passed), in its ordering's
    order: an ordering sorts children by their plain minimax value and searches them plainly."""
    game, ordering, enhancements = request.game, request.ordering, request.enhancements
    if ordering is not None and enhancements != Enhancements():
        raise InputError("ordering", "an ordering goes with plain minimax or alpha-beta: leave out tt, quiescence and beam")
    if ordering is not None and not has_minimax_values(game):
        raise InputError("ordering", "orderings sort children by their minimax value: a tree with chance nodes or players has none")
    return request.ordered()


def parse_enhancements(data: dict[str, Any], game: Game[Any, Any], algorithm: str, depth: int | None) -> Enhancements:
    """"tt" (bool), "quiescence" (bool) and "beam" (a whole number >= 1, or none), and what each needs."""
    tt, quiescence, beam = data.get("tt", False), data.get("quiescence", False), data.get("beam")
    for name, flag in (("tt", tt), ("quiescence", quiescence)):
        if not isinstance(flag, bool):
            raise InputError(name, "expected true or false")
    if beam is not None and (isinstance(beam, bool) or not isinstance(beam, int) or not 1 <= beam <= limits.MAX_BEAM):
        raise InputError("beam", f"expected a whole number from 1 to {limits.MAX_BEAM}, or none")
    wanted = [name for name, on in (("tt", tt), ("quiescence", quiescence), ("beam", beam is not None)) if on]
    if wanted and algorithm not in ENHANCEABLE:
        raise InputError(wanted[0], f"goes with {' or '.join(ENHANCEABLE)}, not {algorithm}")
    if wanted and isinstance(game, TreeGame):
        raise InputError(wanted[0], {
            "tt": "a transposition table needs a game: every node of an explicit tree is a position of its own, so nothing repeats",
            "quiescence": "quiescence needs a game that can tell a quiet position (tic-tac-toe), not an explicit tree",
            "beam": "a beam needs an estimate of every child, which a game has and an explicit tree does not",
        }[wanted[0]])
    if quiescence and not callable(getattr(game, "noise", None)):
        raise InputError("quiescence", "this game has no quiet test: quiescence is for tic-tac-toe")
    if quiescence and depth is None:
        raise InputError("quiescence", "needs a depth limit: without one every line is searched to its end anyway")
    return Enhancements(tt=tt, quiescence=quiescence, beam=beam)


def parse_returns(data: dict[str, Any], game: Game[Any, Any], algorithm: str) -> str:
    """"returns": "v" (the default) or "bound", the fail-hard form, which alpha-beta alone has."""
    returns = data.get("returns", "v")
    if returns not in RETURNS:
        raise InputError("returns", f"expected one of {', '.join(RETURNS)}, got {quoted(returns)}")
    if returns == "bound" and "bound" not in REGISTRY[algorithm].returns:
        raise InputError("returns", f'"bound" is the fail-hard form of alpha-beta (it returns α or β); {algorithm} has no window')
    if returns == "bound" and isinstance(game, TreeGame) and first_chance_node(game.initial) is not None:
        raise InputError("returns", "the fail-hard form is for MAX and MIN nodes: a tree with chance nodes returns its sums")
    return returns


def parse_ordering(data: dict[str, Any], algorithm: str) -> tuple[str | None, int | None]:
    """ordering and seed: (None, None) when not asked for; the random ordering's seed defaults to
    search.labs.ordering.DEFAULT_SEED and is recorded, so a replay shuffles the same way."""
    ordering, seed = data.get("ordering"), data.get("seed")
    if ordering is None:
        if seed is not None:
            raise InputError("seed", 'the seed shuffles the random ordering: give it with "ordering": "random"')
        return None, None
    if ordering not in ORDERINGS:
        raise InputError("ordering", f"expected one of {', '.join(ORDERINGS)}, got {quoted(ordering)}")
    if not REGISTRY[algorithm].orderings:  # iterative deepening: its own iterations order the root's children
        raise InputError("ordering", f"{REGISTRY[algorithm].name} orders the root's children by its own iterations: leave ordering out")
    if ordering != "random":
        if seed is not None:
            raise InputError("seed", f'the seed shuffles the random ordering, not {quoted(ordering)}: leave it out')
        return ordering, None
    return ordering, parse_seed(seed)


def parse_seed(seed: Any) -> int:
    """The random ordering's seed: a whole number within limits.MAX_ORDERING_SEED either side of 0."""
    if seed is None:
        return DEFAULT_SEED
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > limits.MAX_ORDERING_SEED:
        raise InputError("seed", f"expected a whole number from -{limits.MAX_ORDERING_SEED:,} to {limits.MAX_ORDERING_SEED:,}")
    return seed


def parse_options(data: dict[str, Any]) -> tuple[str, int | None, str]:
    """algorithm, depth and ties, with their defaults (alphabeta, no limit, prune)."""
    algorithm = data.get("algorithm", "alphabeta")
    if algorithm not in ALGORITHMS:
        raise InputError("algorithm", f"expected one of {', '.join(ALGORITHMS)}, got {quoted(algorithm)}")
    ties = data.get("ties", "prune")
    if ties not in TIES:
        raise InputError("ties", f"expected one of {', '.join(TIES)}, got {quoted(ties)}")
    depth = data.get("depth")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= limits.MAX_SEARCH_DEPTH):
        raise InputError("depth", f"expected a whole number from 0 to {limits.MAX_SEARCH_DEPTH}, or none")
    if REGISTRY[algorithm].depth == "required" and not depth:  # iterative deepening's limits 1 to N
        raise InputError("depth", f"{REGISTRY[algorithm].name} searches with limits 1 to N: give a depth limit N of 1 or more")
    if algorithm not in PRUNING:
        ties = "prune"  # minimax never prunes: the option applies to alpha-beta only
    return algorithm, depth, ties


def game_from_source(source: dict[str, Any]) -> Game[Any, Any]:
    """The game a start event's `source` describes (a trace's), as a search request would build it."""
    if source.get("kind") == "tree":
        return _game({"tree": source.get("tree")}, None)
    return _game({"game": source.get("game"), "state": source.get("state"), "estimate": source.get("estimate")}, None)


def _game(data: dict[str, Any], depth: int | None, iterative: bool = False) -> Game[Any, Any]:
    given = [key for key in ("example", "tree", "game") if data.get(key) is not None]
    if len(given) != 1:
        raise InputError("", "give exactly one of example, tree or game")
    if data.get("symmetry") not in (None, False) and "game" not in given:
        raise InputError("symmetry", "goes with a game (tic-tac-toe): the children of an explicit tree are not positions to turn or mirror")
    if "example" in given:
        name = data["example"]
        if not isinstance(name, str) or name not in EXAMPLES:
            raise InputError("example", f"unknown example {quoted(name)}; known: {', '.join(EXAMPLES)}" if isinstance(name, str) else f"expected a name: {', '.join(EXAMPLES)}")
        root = tree_from_engine_json(EXAMPLES[name])  # our own: the schema pass only if something looks off
        check_tree_estimates(root, depth, iterative)  # a depth limit that cuts the example needs estimates too
        return TreeGame(root)
    if "tree" in given:
        return tree_game(data["tree"], depth, iterative)
    return named_game(data["game"], data.get("state"), data.get("estimate"), data.get("symmetry", False))


def tree_game(tree: Any, depth: int | None, iterative: bool, written: bool = False) -> TreeGame:
    """The request's `tree`, validated (errors named `tree...`), with the estimates its depth limit needs.
    `written`: the engine wrote it (search.library.written_tree), so the schema pass runs only if
    something in it looks off (search.trees.parse.tree_from_engine_json)."""
    try:
        root = tree_from_engine_json(tree) if written else tree_from_json(tree)
    except InputError as exc:
        where = "tree" + ("." if exc.where[:1].isalpha() else "") + exc.where
        raise InputError(where, exc.problem, too_large=exc.too_large) from None
    check_tree_estimates(root, depth, iterative, within="tree")  # outside: its error keeps the node's id
    return TreeGame(root)


def check_tree_estimates(root: TreeNode, depth: int | None, iterative: bool, within: str = "") -> None:
    """The estimates a depth limit needs: at the limit, or for iterative deepening at every limit up to it."""
    if iterative and depth:
        check_iteration_estimates(root, depth, within)
    else:
        check_estimates(root, depth, within)
