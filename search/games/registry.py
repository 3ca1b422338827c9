"""The built-in games, each registered once where it is written (`@register_game` on its class), and what the
rest of the product asks of them: a game by name, the list of names, and the catalogue the page builds its menus
and boards from.

A game module in search/games/ registers itself when search.games imports it (search.games finds every module
of the package), so adding a game is adding one file: see docs/library.md, "Adding a game". The registry holds
no search algorithm and imports none: the grader's locked-down child builds games from here
(search.grading.worker_problem) and must not load the engine's searches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from search.errors import InputError, quoted
from search.games.builtin_game import BuiltInGame
from search.games.game import Game
from search.library.game_base import GameBase
from search.library.registered_game import RegisteredCourseGame

ID = re.compile(r"[a-z][a-z0-9_-]{0,39}")
"""A game's id: what requests, traces and links name it by."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A start the /play page offers in its Game menu: a position, the engine's depth (None: to the end) and estimate."""

    id: str
    name: str
    state: str
    depth: int | None = None
    estimate: str | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's descriptor: everything the CLI, the server, the page, the grader and practice know of it."""

    id: str
    name: str
    cls: type
    start: str
    position: str
    """How a position is written, in a sentence (the CLI's --state help, the page's hint)."""
    utility: str
    """What a finished game is worth, in a sentence (the viewer's key)."""
    sides: dict[str, str]
    """How the two sides are named: {"max": "X", "min": "O"} (the player who moves first is MAX)."""
    side_words: dict[str, str]
    """Each side as the /play page tells the student which they are ("X, the filled discs"): `sides` unless given."""
    estimates: dict[str, str]
    """Each estimate's id and one line saying what it computes; the first is the default."""
    depth_needed: bool
    """Whether a search from the start needs a depth limit (its tree is too big to search to the end)."""
    default_depth: int
    """The depth the viewer's Search tab fills in for a position that needs a depth limit."""
    boards: tuple[str, ...]
    """A position of each board size the game is played on (its start's alone unless given): which of them need
    a depth limit, and why, is asked of the game itself (depth_limits)."""
    narration: dict[str, Any]
    """How the viewer's narration says a move (search.games.drawing's `moves`): the verbs for a piece placed and a
    piece moved ("plays", "moves to"), who each mark on the board is ({"1": "Player 1"}), and each side's short name
    in a node's name ({"max": "P1", ...}); see register_game."""
    symmetry: str | None
    """The symmetries a search may drop ("the 8 symmetries of its square"), or None when the game has none."""
    presets: tuple[Preset, ...]
    example: str
    """The position the viewer's Search tab opens the game at (the start unless given)."""
    order: int
    course_game: bool
    """Whether the class is a plain GameBase game (the textbook's methods alone, searched through CourseGame) rather
    than a BuiltInGame (which also writes the engine's methods and is searched as it is)."""

    @property
    def default_estimate(self) -> str:
        return next(iter(self.estimates))

    def read(self, text: Any) -> Any:
        """The position `text` as the game's state (None: the start); InputError("state", ...) when it is not one."""
        if text is None or text == "":
            text = self.start
        if not isinstance(text, str):
            raise InputError("state", f"expected a position as text: {self.position}")
        reader = getattr(self.cls, "read", None)
        return reader(text) if reader is not None else text

    def write(self, state: Any) -> str:
        """The state as a position's text (read's inverse)."""
        writer = getattr(self.cls, "write", None)
        return writer(state) if writer is not None else str(state)

    def make(self, state: Any = None, estimate: Any = None, symmetry: Any = False) -> Game[Any, Any]:
        """The game at `state` (its start if None) with the estimate named (its default if None)."""
        if not isinstance(symmetry, bool):
            raise InputError("symmetry", "expected true or false")
        if estimate is not None and not isinstance(estimate, str):
            raise InputError("estimate", "expected a name, e.g. \"zero\" or \"mobility\" for Isolation")
        if estimate is not None and estimate not in self.estimates:
            if len(self.estimates) == 1:
                raise InputError("estimate", f"{self.name} has one estimate: {self.default_estimate}")
            raise InputError("estimate", f"expected one of {', '.join(self.estimates)}, got {quoted(estimate)}")
        if symmetry and self.symmetry is None:
            having = ", ".join(f"{info.name} ({info.symmetry})" for info in games() if info.symmetry)
            raise InputError("symmetry", f"goes with {having or 'no game'}, not {self.name}")
        chosen = estimate or self.default_estimate
        if self.course_game:
            return RegisteredCourseGame(self, self.read(state), chosen)
        options: dict[str, Any] = {}
        if len(self.estimates) > 1:
            options["estimate"] = chosen
        if self.symmetry is not None:
            options["symmetry"] = symmetry
        return self.cls(self.read(state), **options)  # type: ignore[no-any-return]

    def depth_limits(self) -> list[dict[str, Any]]:
        """Each length of position whose search needs a depth limit, with the engine's own reason: {"length",
        "words"}. The page warns from these before it sends a search (the engine refuses it with the same words)."""
        limits = []
        for board in self.boards:
            words = getattr(self.make(board), "depth_limit_needed", None)
            if words:
                limits.append({"length": len(board), "words": words})
        return limits

    def catalogue(self) -> dict[str, Any]:
        """The strict-JSON descriptor GET /api/catalogue serves."""
        return {
            "id": self.id, "name": self.name, "start": self.start, "position": self.position, "utility": self.utility,
            "sides": dict(self.sides), "side_words": dict(self.side_words),
            "estimates": [{"id": key, "text": text} for key, text in self.estimates.items()],
            "default_estimate": self.default_estimate,
            "limits": {"depth_needed": self.depth_limits(), "default_depth": self.default_depth, "symmetry": self.symmetry},
            "example": self.example,
            "presets": [{"id": p.id, "name": p.name, "state": p.state, "depth": p.depth, "estimate": p.estimate}
                        for p in self.presets],
        }


_GAMES: dict[str, GameInfo] = {}

PAGE_METHODS = ("board", "move_cells", "move_words", "end")
"""What a registered class writes for the page besides the game itself (search.play.position calls them)."""

C = TypeVar("C", bound=type)


def register_game(*, id: str, name: str, start: str, position: str, utility: str,  # noqa: A002  (the issue's own word)
                  sides: dict[str, str] | None = None, side_words: dict[str, str] | None = None, estimates: dict[str, str] | None = None,
                  depth_needed: bool = False, default_depth: int = 4, boards: list[str] | None = None,
                  narration: dict[str, Any] | None = None, symmetry: str | None = None,
                  presets: list[dict[str, Any]] | None = None, example: str | None = None, order: int = 100) -> Callable[[C], C]:
    """Register the decorated class as the game `id`. The class is a search.GameBase game (the textbook's methods,
    plus `read`/`write` when its state is not its text; any other class is refused), or a BuiltInGame (search.games.builtin_game: a GameBase
    game that also writes the engine's methods, for speed, as the built-in games do); for the page it
    writes PAGE_METHODS: `board(state)` (search.games.board's description), `move_cells(state, move)`,
    `move_words(move)` and `end(state)`. `presets`: the /play page's
    starts, each {"id", "name", "state", "depth", "estimate"} (by default one: the start, searched to the end
    unless `depth_needed`, then to depth 4). `default_depth`: the depth the Search tab fills in where a search needs
    a limit; `boards`: a position of each board size (default: the start). `narration`: how the viewer says a move,
    {"place": verb, "move": verb, "marks": {mark: name}, "short": {"max", "min"}} (default "plays", "moves to", no
    marks, `sides`): with `marks`, a game whose position text is its board and whose class writes
    `landing_words(state)` (each cell as a move there is said) gets sentences such as "X plays the centre, cell 4".
    `order`: where menus list it."""

    def register(cls: C) -> C:
        where = f"register_game({cls.__name__})"
        if not isinstance(id, str) or not ID.fullmatch(id):
            raise InputError(f"{where}: id", f"expected lowercase letters, digits, '-' or '_' (at most 40), got {quoted(id)}")
        if id in _GAMES and _GAMES[id].cls is not cls:
            other = _GAMES[id].cls
            raise InputError(f"{where}: id", f"{quoted(id)} is already the id of {other.__module__}.{other.__qualname__}")
        for key, value in (("name", name), ("start", start), ("position", position), ("utility", utility)):
            if not isinstance(value, str) or not value.strip():
                raise InputError(f"{where}: {key}", "expected a non-empty text")
        if not (isinstance(cls, type) and issubclass(cls, GameBase)):
            raise InputError(where, "expected a search.GameBase subclass: a game in the textbook's terms (docs/library.md)")
        for method in PAGE_METHODS:
            if not callable(getattr(cls, method, None)):
                raise InputError(f"{where}: {method}", f"the class writes {method}() for the page (docs/library.md, Adding a game)")
        course = not issubclass(cls, BuiltInGame)
        marks = sides or {"max": "X", "min": "O"}
        if set(marks) != {"max", "min"}:
            raise InputError(f"{where}: sides", "expected {\"max\": ..., \"min\": ...}")
        said = side_words or marks
        if set(said) != {"max", "min"}:
            raise InputError(f"{where}: side_words", "expected {\"max\": ..., \"min\": ...}")
        told = {"place": "plays", "move": "moves to", "marks": {}, "short": dict(marks), **(narration or {})}
        marks_named, short = told.get("marks"), told.get("short")
        if set(told) != {"place", "move", "marks", "short"} or not isinstance(marks_named, dict) or not isinstance(short, dict) \
                or set(short) != {"max", "min"} or not all(isinstance(word, str) and word for word in
                                                          (told["place"], told["move"], *marks_named.values(), *short.values())):
            raise InputError(f"{where}: narration", "expected {\"place\": verb, \"move\": verb, \"marks\": {mark: name}, "
                                                    "\"short\": {\"max\": name, \"min\": name}}, each a non-empty text")
        named = estimates or {}
        if not named:
            raise InputError(f"{where}: estimates", "expected at least one {id: one line} (the estimate at a depth limit)")
        plays = presets if presets is not None else [{"id": id, "name": name, "state": start,
                                                       "depth": 4 if depth_needed else None}]
        info = GameInfo(id=id, name=name, cls=cls, start=start, position=position, utility=utility, sides=dict(marks), side_words=dict(said),
                        estimates=dict(named), depth_needed=depth_needed, default_depth=default_depth,
                        boards=tuple(boards or [start]), narration=told, symmetry=symmetry,
                        presets=tuple(read_preset(where, p, named) for p in plays), example=example or start, order=order, course_game=course)
        try:
            info.read(info.example)
        except InputError as error:
            raise InputError(f"{where}: example", error.problem) from None
        if not isinstance(default_depth, int) or isinstance(default_depth, bool) or default_depth < 1:
            raise InputError(f"{where}: default_depth", "expected a whole number of 1 or more")
        for board in info.boards:  # every board size's position is one the game reads
            try:
                info.read(board)
            except InputError as error:
                raise InputError(f"{where}: boards", error.problem) from None
        for preset in info.presets:  # every preset's position is one the game reads
            try:
                info.read(preset.state)
            except InputError as error:
                raise InputError(f"{where}: presets[{preset.id}].{error.where}", error.problem) from None
        _GAMES[id] = info
        cls.game_info = info  # type: ignore[attr-defined]
        return cls

    return register


def read_preset(where: str, preset: dict[str, Any], estimates: dict[str, str]) -> Preset:
    """A preset's fields, checked (an unknown field or estimate named, as registration errors are)."""
    unknown = sorted(set(preset) - {"id", "name", "state", "depth", "estimate"})
    if unknown:
        raise InputError(f"{where}: presets.{unknown[0]}", "unknown field (the fields are id, name, state, depth, estimate)")
    made = Preset(**preset)
    if not isinstance(made.id, str) or not ID.fullmatch(made.id) or not isinstance(made.name, str):
        raise InputError(f"{where}: presets", f"expected an id and a name, got {quoted(preset)}")
    if made.depth is not None and (not isinstance(made.depth, int) or made.depth < 1):
        raise InputError(f"{where}: presets[{made.id}].depth", "expected a whole number of 1 or more, or None")
    if made.estimate is not None and made.estimate not in estimates:
        raise InputError(f"{where}: presets[{made.id}].estimate", f"expected one of {', '.join(estimates)}")
    return made


def forget_game(id: str) -> None:  # noqa: A002
    """Tests only: take a game registered by a test back out."""
    _GAMES.pop(id, None)


def games() -> list[GameInfo]:
    """Every registered game, in menu order."""
    return sorted(_GAMES.values(), key=lambda info: (info.order, info.id))


def game_ids() -> tuple[str, ...]:
    return tuple(info.id for info in games())


def game_info(name: Any) -> GameInfo:
    """The game `name`, or InputError("game", ...) listing the ids."""
    ids = game_ids()
    if not isinstance(name, str):
        raise InputError("game", f"expected one of {', '.join(ids)}")
    found = _GAMES.get(name)
    if found is None:
        raise InputError("game", f"expected one of {', '.join(ids)}, got {quoted(name)}")
    return found


def named_game(name: Any, state: Any, estimate: Any, symmetry: Any = False) -> Game[Any, Any]:
    """The game `name` at `state` (its start if None), with the estimate named (its default if None);
    `symmetry`: drop moves whose position a symmetry of the board makes equal to another's (tic-tac-toe)."""
    if not isinstance(symmetry, bool):
        raise InputError("symmetry", "expected true or false")
    if estimate is not None and not isinstance(estimate, str):
        raise InputError("estimate", "expected a name, e.g. \"zero\" or \"mobility\" for Isolation")
    return game_info(name).make(state, estimate, symmetry)


def game_catalogue() -> list[dict[str, Any]]:
    """Every game's descriptor, strict JSON, in menu order (GET /api/catalogue's "games")."""
    return [info.catalogue() for info in games()]


def game_names() -> dict[str, str]:
    """Each game as a sentence names it ("tic-tac-toe", "Connect Four")."""
    return {info.id: info.name for info in games()}


GAME_EXAMPLES: dict[str, dict[str, Any]] = {
    "tictactoe-symmetry": {
        "label": "Tic-tac-toe, depth 2, symmetries (slides)",
        "request": {"game": "tictactoe", "state": ".........", "algorithm": "minimax", "depth": 2, "symmetry": True},
    },
}
"""Game searches the page lists among its built-in examples (each a search request, run as given):
the lecture slides' tic-tac-toe with e = open lines for MAX - open lines for MIN, symmetries taken
into account, depth limit 2 (3 moves at the root, 12 leaves, value 1: the centre)."""
