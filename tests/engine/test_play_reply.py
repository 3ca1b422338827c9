"""The engine's reply on the /play page (search/play): a legal move for the side to move, a win taken and a threat
blocked, the time budget kept, the viewer's search (`why`) replaying to the same move, what was saved, bad input."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from search import parse_request
from search.algorithms.alphabeta import alphabeta
from search.algorithms.baseline import minimax_baseline
from search.errors import InputError
from search.games.registry import named_game
from search.play import engine_reply
from search.play.over import game_over

START = {"tictactoe": "." * 9, "connect4": "." * 42, "isolation": ".....#", "isolation5": "." * 25}
OPTIONS: list[dict[str, Any]] = [
    {"algorithm": "minimax", "depth": 2},
    {"algorithm": "alphabeta", "depth": 3},
    {"algorithm": "alphabeta", "depth": 3, "tt": True},
    {"algorithm": "iterative", "depth": 3},
]


def random_position(board: str, rng: random.Random) -> str:
    """A position reached by random moves, the game not over (the start if every try ends it)."""
    game_name = "isolation" if board.count(".") in (5, 25) and len(board) in (6, 25) else "connect4" if len(board) == 42 else "tictactoe"
    game = named_game(game_name, board, None)
    state = board
    for _ in range(rng.randint(0, len(board) // 2)):
        following = game.result(state, rng.choice(list(game.actions(state))))
        if game.is_terminal(following):
            break
        state = following
    return state


def body(key: str, state: str, **options: Any) -> dict[str, Any]:
    name = "isolation" if key.startswith("isolation") else key
    extra = {"estimate": "mobility"} if key == "isolation5" else {}
    return {"game": name, "state": state, **extra, **options}


@pytest.mark.parametrize("key", list(START))
def test_the_engine_plays_a_legal_move_for_the_side_to_move_and_says_the_position_after_it(key: str) -> None:
    rng = random.Random(29)
    name = "isolation" if key.startswith("isolation") else key
    for i in range(12):
        state = random_position(START[key], rng)
        options = OPTIONS[i % len(OPTIONS)]
        reply = engine_reply(body(key, state, **options))
        game = named_game(name, state, "mobility" if key == "isolation5" else None)
        legal = [game.move_json(a) for a in game.actions(state)]
        assert reply["move"] in legal
        action = next(a for a in game.actions(state) if game.move_json(a) == reply["move"])
        assert reply["state"] == game.result(state, action)
        assert reply["over"] == game_over(name, game, reply["state"])
        json.dumps(reply, allow_nan=False)  # strict JSON: no NaN or Infinity
        assert all(isinstance(reply[k], int) for k in ("visited", "leaves")) and isinstance(reply["value"], (int, float))


# Bottom row O O O . X . X and an X above the last, X to move (3 discs each): X has no four to make, O makes one in
# column 3 next.
THREAT = "." * 28 + "......X" + "OOO.X.X"
# X X X . on the bottom row and O O O above it, X to move: column 3 wins at once (as it would for O too).
WIN = "." * 28 + "OOO....XXX...."


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "iterative"])
@pytest.mark.parametrize("depth", [1, 2, 4])
def test_connect_four_takes_a_win_at_once(algorithm: str, depth: int) -> None:
    reply = engine_reply({"game": "connect4", "state": WIN, "algorithm": algorithm, "depth": depth})
    assert reply["move"] == 3 and reply["value"] == 1000
    assert reply["over"] == {"winner": "max", "text": "X wins: four in a row"}


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "iterative"])
@pytest.mark.parametrize("depth", [2, 3, 4])
def test_connect_four_blocks_a_threat_at_depth_2_or_more(algorithm: str, depth: int) -> None:
    reply = engine_reply({"game": "connect4", "state": THREAT, "algorithm": algorithm, "depth": depth})
    assert reply["move"] == 3
    assert reply["over"] is None


def test_tic_tac_toe_blocks_and_wins() -> None:
    # X wins at 4 at once; to the end, blocking at 2 wins too (a utility does not say how soon), so at depth 1.
    assert engine_reply({"game": "tictactoe", "state": "OO.X.X...", "algorithm": "alphabeta", "depth": 1})["move"] == 4
    assert engine_reply({"game": "tictactoe", "state": "XX..O....", "algorithm": "alphabeta"})["move"] == 2  # O blocks


@pytest.mark.parametrize("seconds", [0.1, 0.3])
def test_the_time_budget_is_kept_and_the_why_search_replays_to_the_same_move(seconds: float,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """On a clock of the test's own (each reading 1 ms later than the last), so what is checked is the search's
    reading of its deadline, whatever else the machine is doing: it stops within a reading or two of the budget."""
    readings = iter(range(10**9))
    monkeypatch.setattr(time, "monotonic", lambda: next(readings) / 1000)
    reply = engine_reply({"game": "connect4", "state": "." * 42, "algorithm": "iterative", "seconds": seconds})
    assert reply["seconds"] <= seconds + 0.005  # the clock is read every 256 visits
    assert reply["depth"] >= 2  # depth 1 and 2 take a millisecond or two
    why = reply["why"]
    assert why == {"game": "connect4", "state": "." * 42, "estimate": None, "algorithm": "iterative",
                   "depth": reply["depth"], "tt": False}
    replayed = parse_request({k: v for k, v in why.items() if v is not None}).run()
    assert replayed.move == reply["move"] and replayed.value == reply["value"]
    assert reply["why_link"] == f"/?game=connect4&state={'.' * 42}&algorithm=iterative&depth={reply['depth']}&step=result"
    assert [s["kind"] for s in reply["savings"]] == ["pruning", "ordering"]


@pytest.mark.parametrize("options", OPTIONS + [{"algorithm": "alphabeta", "depth": None}])
def test_the_why_search_replays_to_the_same_move_on_isolation_and_tic_tac_toe(options: dict[str, Any]) -> None:
    rng = random.Random(4)
    for key in ("isolation", "tictactoe", "isolation5"):
        if key == "isolation5" and options["depth"] is None:
            continue  # the 5x5 board needs a depth limit
        reply = engine_reply(body(key, random_position(START[key], rng), **options))
        why = reply["why"]
        replayed = parse_request({k: v for k, v in why.items() if v is not None}).run()
        assert replayed.move == reply["move"] and replayed.value == reply["value"]


def test_savings_are_minimax_and_the_search_without_the_table() -> None:
    state = "." * 28 + "...X...O..X..."
    reply = engine_reply({"game": "connect4", "state": state, "algorithm": "alphabeta", "depth": 4, "tt": True})
    game = named_game("connect4", state, None)
    baseline = minimax_baseline(game, 4)
    assert baseline is not None
    without = alphabeta(game, depth=4).visited
    pruning, table = reply["savings"]
    assert pruning == {"kind": "pruning", "visited": reply["visited"], "minimax": baseline["visited"],
                       "text": f"alpha-beta with the table searched {reply['visited']:,} nodes; minimax to depth 4 would search "
                               f"{baseline['visited']:,}"}
    assert table["saved"] == without - reply["visited"] and table["without"] == without
    minimax = engine_reply({"game": "connect4", "state": state, "algorithm": "minimax", "depth": 3})
    assert minimax["savings"] == [{"kind": "searched", "visited": minimax["visited"],
                                   "text": f"minimax searched {minimax['visited']:,} nodes"}]


def test_iterative_deepening_says_what_ordering_the_root_saved() -> None:
    reply = engine_reply({"game": "connect4", "state": "." * 42, "algorithm": "iterative", "depth": 5})
    ordering = reply["savings"][1]
    direct = alphabeta(named_game("connect4", None, None), depth=5).visited
    assert ordering["direct"] == direct and ordering["saved"] == direct - ordering["last"]
    assert ordering["text"].startswith(f"ordering the root by the last iteration saved {ordering['saved']:,} nodes")


def test_the_results_are_said_in_words() -> None:
    assert engine_reply({"game": "tictactoe", "state": "XX.OO....", "algorithm": "alphabeta"})["over"] == {
        "winner": "max", "text": "X wins: three in a row"}
    assert engine_reply({"game": "tictactoe", "state": "XOXXOOOX.", "algorithm": "minimax"})["over"] == {
        "winner": None, "text": "Draw: the board is full"}
    # Isolation 3x2, player 2 to move from (1, 1): to (0, 1) it walls player 1 in at (0, 0).
    reply = engine_reply({"game": "isolation", "state": "1#..2#", "algorithm": "alphabeta"})
    assert reply["move"] == [0, 1] and reply["state"] == "1#.2##"
    assert reply["over"] == {"winner": "min", "text": "Player 2 wins: player 1 cannot move"}


@pytest.mark.parametrize(("sent", "field", "words"), [
    ([], "", "expected an object"),
    ({"game": "chess", "state": ""}, "game", "expected one of tictactoe, isolation, connect4"),
    ({"game": "tictactoe", "state": "X........", "colour": "red"}, "colour", "unknown field"),
    ({"game": "tictactoe", "state": "X........", "algorithm": "expectiminimax"}, "algorithm", "expected one of"),
    ({"game": "tictactoe", "state": "X.Z......"}, "state[2]", "expected X, O or '.'"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "alphabeta"}, "depth", "Connect Four needs a depth limit"),
    ({"game": "tictactoe", "state": "X........", "algorithm": "alphabeta", "depth": 0}, "depth", "depth limit of 1 or more"),
    ({"game": "connect4", "algorithm": "iterative", "seconds": 0.2, "colour": 1}, "colour", "unknown field"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "iterative", "seconds": 0.05}, "seconds", "from 0.1 to 10"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "iterative", "seconds": 11}, "seconds", "from 0.1 to 10"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "iterative", "seconds": "1"}, "seconds", "expected a number"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "alphabeta", "depth": 4, "seconds": 1}, "seconds",
     "goes with iterative deepening"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "minimax", "depth": 2, "tt": True}, "tt", "goes with alpha-beta"),
    ({"game": "connect4", "state": "." * 42, "algorithm": "alphabeta", "depth": 2, "tt": "yes"}, "tt", "expected true or false"),
    ({"game": "tictactoe", "state": "XXXOO...."}, "state", "the game is over"),
    ({"game": "isolation", "state": "." * 25, "algorithm": "alphabeta"}, "depth", "needs a depth limit"),
])
def test_bad_input_names_the_field(sent: Any, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        engine_reply(sent)
    assert caught.value.where == field and words in caught.value.problem


def test_a_search_too_long_for_the_page_is_refused_naming_the_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("search.play.search_move.PLAY_MAX_NODES", 1000)
    with pytest.raises(InputError) as caught:
        engine_reply({"game": "connect4", "state": "." * 42, "algorithm": "alphabeta", "depth": 6})
    assert caught.value.where == "depth" and "passed 1,000 nodes" in caught.value.problem
