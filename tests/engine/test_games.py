"""Tic-tac-toe and Isolation behind the Game interface, checked against the lecture slides and the
depth-limited minimax lesson."""

from __future__ import annotations

import pytest

from search import Isolation, TicTacToe, alphabeta, minimax
from search.games.isolation import legal_moves
from search.games.tictactoe import WIN, open_lines
from tests.helpers.isolation_oracle import GameState, LessonMinimax
from tests.helpers.traced import of_type, traced


def test_full_tictactoe_tree_has_549946_nodes_and_is_a_draw() -> None:
    result = minimax(TicTacToe())
    assert (result.visited, result.value) == (549_946, 0)


def test_tictactoe_estimate_is_open_lines_for_x_minus_open_lines_for_o() -> None:
    game = TicTacToe()
    assert game.evaluate("....X....") == 8 - 4  # the lecture slides' example (AIMA 4th ed. §5.3.1): X in the centre
    assert game.evaluate("X...O....") == open_lines("X...O....", "X") - open_lines("X...O....", "O") == 4 - 5
    assert -WIN < min(game.evaluate(s) for s in ("XO.......", "O.X......")) and WIN > 8


def test_tictactoe_wins_score_beyond_any_estimate() -> None:
    game = TicTacToe()
    assert game.utility("XXXOO....") == WIN and game.utility("XX.OOOX.X") == -WIN
    assert game.is_terminal("XOXXOOOXX") and game.utility("XOXXOOOXX") == 0


def test_tictactoe_ids_are_move_paths_and_visits_carry_the_board() -> None:
    _, events = traced(TicTacToe("XOX.O...."), depth=2)
    visits = of_type(events, "visit")
    assert visits[0]["node"] == "root" and visits[0]["state"] == "XOX.O...." and visits[0]["player"] == "max"
    assert visits[1]["node"] == "root.3" and visits[1]["state"] == "XOXXO...." and visits[1]["move"] == 3
    assert len({v["node"] for v in visits}) == len(visits)


def test_min_to_move_finds_the_minimising_move() -> None:
    result = alphabeta(TicTacToe("XX..O...."))  # O must block at 2
    assert result.move == 2


def test_isolation_quiz_depth_1_visits_5_nodes_below_the_root() -> None:
    result, events = traced(Isolation(), "minimax", depth=1)
    assert sum(1 for v in of_type(events, "visit") if v["depth"] == 1) == 5
    assert result.visited == 6


def lesson_state(moves: list[tuple[int, int]]) -> GameState:
    state = GameState()
    for move in moves:
        state = state.forecast_move(move)
    return state


def our_state(moves: list[tuple[int, int]]) -> str:
    game, state = Isolation(), ".....#"
    for move in moves:
        state = game.result(state, move)
    return state


@pytest.mark.parametrize("moves", [[], [(0, 0)], [(1, 0), (0, 1)], [(0, 0), (1, 1), (2, 0)], [(1, 1), (0, 0), (2, 0), (1, 0)]])
def test_isolation_moves_match_the_lesson_in_order(moves: list[tuple[int, int]]) -> None:
    assert Isolation().actions(our_state(moves)) == lesson_state(moves).get_legal_moves()


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 9])
def test_isolation_minimax_matches_the_lesson_solution(depth: int) -> None:
    oracle = LessonMinimax()
    move, value = oracle.decision(GameState(), depth)
    result = minimax(Isolation(), depth=depth)
    assert (tuple(result.move), result.value) == (move, value)
    assert result.visited - 1 == oracle.call_counter  # the lesson does not terminal-test the root
    assert alphabeta(Isolation(), depth=depth).value == value


def test_isolation_player_without_a_move_loses() -> None:
    game = Isolation()
    assert legal_moves("1#.2##", "1") == [] and game.is_terminal("1#.2##")
    assert game.to_move("1#.2##") == "max" and game.utility("1#.2##") == -1


def test_isolation_mobility_estimate_stays_between_loss_and_win() -> None:
    game = Isolation(estimate="mobility")
    assert -1 < game.evaluate("1.2..#") < 1
    assert minimax(game, depth=2).value == alphabeta(game, depth=2).value
