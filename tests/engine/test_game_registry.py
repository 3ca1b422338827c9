"""The game registry (search.games.registry): every module of search/games is found, a game is registered once under
its id (a second class under the same id is refused naming both), a descriptor is checked when its class is made,
and the catalogue the page builds its menus from is strict JSON."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from search.errors import InputError
from search.games import register_game
from search.games.board import board, cell
from search.games.builtin_game import BuiltInGame, is_course_game
from search.games.connect4 import ConnectFour
from search.games.isolation import Isolation
from search.games.registry import forget_game, game_catalogue, game_ids, game_info, games, named_game
from search.games.tictactoe import TicTacToe
from search.library.game_base import REQUIRED, GameBase
from search.library.trace import trace
from search.library.untraced import alphabeta
from search.request import parse_request

FIELDS = {"name": "Toy", "start": "0", "position": "a count", "utility": "1 for MAX.", "estimates": {"zero": "0."}}


class Countdown(GameBase):
    """A tiny game: take 1 or 2 from a count; whoever takes the last wins."""

    initial = ("1", 3)

    @staticmethod
    def read(text: str) -> tuple[str, int]:
        if not text.isdigit():
            raise InputError("state", f"expected a count, got {text!r}")
        return "1", int(text)

    @staticmethod
    def write(state: tuple[str, int]) -> str:
        return str(state[1])

    def to_move(self, state: tuple[str, int]) -> str:
        return state[0]

    def actions(self, state: tuple[str, int]) -> list[int]:
        return [n for n in (1, 2) if n <= state[1]]

    def result(self, state: tuple[str, int], action: int) -> tuple[str, int]:
        return ("2" if state[0] == "1" else "1"), state[1] - action

    def is_terminal(self, state: tuple[str, int]) -> bool:
        return state[1] == 0

    def utility(self, state: tuple[str, int], player: str) -> float:
        return -1 if player == state[0] else 1

    def evaluate(self, state: tuple[str, int]) -> float:
        return 0

    def board(self, state: tuple[str, int]) -> dict[str, Any]:
        return board(1, 1, [cell(str(state[1]), "piece", "the count")])

    def move_cells(self, state: tuple[str, int], move: int) -> list[int]:
        return [0]

    def move_words(self, move: int) -> str:
        return f"take {move}"

    def end(self, state: tuple[str, int]) -> str:
        return "the last taken"


@pytest.fixture()
def toy() -> Iterator[str]:
    yield "toy"
    forget_game("toy")


def test_the_built_in_games_are_found_in_menu_order() -> None:
    assert game_ids()[:3] == ("tictactoe", "isolation", "connect4")
    assert game_info("connect4").depth_needed and game_info("tictactoe").symmetry
    assert [p.id for p in game_info("isolation").presets] == ["isolation3", "isolation5"]


def test_every_registered_game_is_a_gamebase_game_and_the_built_in_ones_are_searched_unwrapped() -> None:
    for info in games():
        assert issubclass(info.cls, GameBase), info.id
    for cls, game_id in ((TicTacToe, "tictactoe"), (Isolation, "isolation"), (ConnectFour, "connect4")):
        assert issubclass(cls, BuiltInGame) and not game_info(game_id).course_game
        made = named_game(game_id, None, None)
        assert type(made) is cls and not is_course_game(made)  # no CourseGame between it and the search
    assert is_course_game(Countdown()) and not is_course_game(TicTacToe())


@pytest.mark.parametrize(("game", "state", "for_max"), [
    (TicTacToe(), "XXXOO....", 100), (TicTacToe(), "XOXXOOOXX", 0), (TicTacToe(), "XX.OOOX..", -100),
    (ConnectFour(), "." * 14 + "X......XO.....XO.....XO.....", 1000),  # four down column 0
    (Isolation(), "##2#1#", 1),  # player 2 to move and no open cell to go to: player 1 (MAX) won
])
def test_a_built_in_games_utility_answers_for_the_player_asked_as_the_textbook_writes_it(game: BuiltInGame, state: str,
                                                                                         for_max: float) -> None:
    """UTILITY(s, p) (AIMA 4th ed. §5.1): the players are what to_move returns; the engine's one-argument call is MAX's."""
    assert game.is_terminal(state)
    assert game.utility(state, "max") == game.utility(state) == for_max
    assert game.utility(state, "min") == -for_max


def test_a_built_in_game_is_traced_as_the_server_names_it_and_refuses_what_it_cannot_search() -> None:
    traced = trace(TicTacToe("XOX.O...."))
    assert traced.events[0]["source"] == {"kind": "game", "game": "tictactoe", "state": "XOX.O....", "estimate": "open-lines"}
    assert alphabeta(TicTacToe("XOX.O....")).value == traced.value == 0
    with pytest.raises(InputError, match="expectiminimax searches trees with chance nodes or several players"):
        trace(TicTacToe(), algorithm="expectiminimax")


def test_the_catalogue_is_strict_json_and_names_every_game() -> None:
    text = json.dumps(game_catalogue(), allow_nan=False)
    games = {game["id"]: game for game in json.loads(text)}
    assert games["isolation"]["estimates"][1]["id"] == "mobility" and games["isolation"]["default_estimate"] == "zero"
    assert games["connect4"]["limits"] == {"depth_needed": [{"length": 42, "words": ConnectFour.depth_limit_needed}],
                                           "default_depth": 4, "symmetry": None}
    assert games["connect4"]["side_words"]["max"] == "X, the filled discs"


def test_a_game_registered_by_a_decorator_is_searched_by_name(toy: str) -> None:
    register_game(id=toy, **FIELDS)(Countdown)
    assert toy in game_ids()
    game = named_game(toy, "4", None)
    assert game.source() == {"kind": "game", "game": toy, "state": "4", "estimate": "zero"}
    assert game.to_move(game.initial) == "max" and game.actions(game.initial) == [1, 2]
    with pytest.raises(InputError, match="estimate: Toy has one estimate: zero"):
        named_game(toy, "4", "mobility")
    with pytest.raises(InputError, match="symmetry: goes with tic-tac-toe .the 8 symmetries of its square., not Toy"):
        named_game(toy, "4", None, True)
    with pytest.raises(InputError, match="state: expected a count"):
        named_game(toy, "x", None)


def test_a_second_class_under_the_same_id_is_refused_naming_both(toy: str) -> None:
    register_game(id=toy, **FIELDS)(Countdown)
    other = type("Other", (Countdown,), {})
    with pytest.raises(InputError, match=r"register_game\(Other\): id: 'toy' is already the id of .*Countdown"):
        register_game(id=toy, **FIELDS)(other)
    with pytest.raises(InputError, match="is already the id of search.games.tictactoe.TicTacToe"):
        register_game(id="tictactoe", **FIELDS)(other)


@pytest.mark.parametrize(("change", "error"), [
    ({"id": "Not An Id"}, "id: expected lowercase letters"),
    ({"name": ""}, "name: expected a non-empty text"),
    ({"estimates": {}}, "estimates: expected at least one"),
    ({"sides": {"max": "A"}}, "sides: expected"),
    ({"presets": [{"id": "p", "name": "P", "state": "x"}]}, r"presets\[p\]\.state: expected a count"),
    ({"presets": [{"id": "p", "name": "P", "state": "3", "estimate": "other"}]}, r"presets\[p\]\.estimate: expected one of zero"),
    ({"presets": [{"id": "p", "name": "P", "state": "3", "speed": 1}]}, r"presets\.speed: unknown field"),
    ({"boards": ["x"]}, "boards: expected a count"),
    ({"default_depth": 0}, "default_depth: expected a whole number"),
    ({"narration": {"verb": "plays"}}, "narration: expected"),
    ({"narration": {"marks": {"X": 1}}}, "narration: expected .* each a non-empty text"),
    ({"narration": {"short": {"max": "A"}}}, "narration: expected"),
    ({"narration": {"marks": ["X"]}}, "narration: expected"),
])
def test_a_descriptor_is_checked_when_its_class_is_registered(toy: str, change: dict[str, Any], error: str) -> None:
    fields = {"id": toy, **FIELDS, **change}
    with pytest.raises(InputError, match=error):
        register_game(**fields)(Countdown)
    assert toy not in game_ids()


def test_a_class_without_the_pages_methods_is_refused(toy: str) -> None:
    bare = type("Bare", (GameBase,), {name: getattr(Countdown, name) for name in REQUIRED})
    with pytest.raises(InputError, match=r"register_game\(Bare\): board: the class writes board\(\)"):
        register_game(id=toy, **FIELDS)(bare)


def test_a_class_that_is_not_a_gamebase_game_is_refused(toy: str) -> None:
    """Every registered game is a GameBase game, the built-in ones included (BuiltInGame)."""
    plain = type("Plain", (), {name: getattr(Countdown, name) for name in ("board", "move_cells", "move_words", "end")})
    with pytest.raises(InputError, match=r"register_game\(Plain\): expected a search.GameBase subclass"):
        register_game(id=toy, **FIELDS)(plain)
    assert toy not in game_ids()


def test_an_unknown_game_lists_the_ids() -> None:
    with pytest.raises(InputError, match="game: expected one of tictactoe, isolation, connect4, got 'chess'"):
        named_game("chess", None, None)


def test_the_depth_limits_are_the_engines_own_refusals_for_each_board_size() -> None:
    """The Search tab warns with these before it sends a search (static/js/search/depth_needed.js): the words
    are the ones the engine refuses such a search with, for each board the game is played on."""
    limits = game_info("isolation").depth_limits()
    assert [limit["length"] for limit in limits] == [16, 25, 36, 49]  # the lecture's 3 x 2 board is searched to its end
    for limit in limits:
        with pytest.raises(InputError) as refused:
            parse_request({"game": "isolation", "state": "." * limit["length"], "algorithm": "alphabeta"}).run()
        assert refused.value.problem == limit["words"]
    assert game_info("tictactoe").depth_limits() == [] and game_info("isolation").default_depth == 3
