"""Isolation on the square boards (4x4 to 7x7) to play against the search, against the lesson's GameState
(tests/helpers/isolation_oracle.py) sized to the board: the same moves in the same order, the same results, and the
searches' values with the mobility estimate."""

from __future__ import annotations

import random
from copy import deepcopy

import pytest

from search import Isolation, alphabeta, minimax, parse_request
from search.algorithms.baseline import counted_baseline, searched_baseline
from search.errors import InputError

RAYS = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]


class SquareGameState:
    """The lesson's GameState on an n x n board with no blocked cell: board[x][y], parity, player locations."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.board = [[0] * n for _ in range(n)]
        self.parity = 0
        self.locations: list[tuple[int, int] | None] = [None, None]

    def forecast_move(self, move: tuple[int, int]) -> SquareGameState:
        assert move in self.get_legal_moves()
        new = deepcopy(self)
        new.board[move[0]][move[1]] = 1
        new.locations[self.parity] = move
        new.parity ^= 1
        return new

    def get_legal_moves(self) -> list[tuple[int, int]]:
        at = self.locations[self.parity]
        if not at:
            return [(x, y) for y in range(self.n) for x in range(self.n) if self.board[x][y] == 0]
        moves = []
        for dx, dy in RAYS:
            x, y = at
            while 0 <= x + dx < self.n and 0 <= y + dy < self.n:
                x, y = x + dx, y + dy
                if self.board[x][y]:
                    break
                moves.append((x, y))
        return moves

    def text(self) -> str:
        """The position as the engine writes it: row by row, '#' left, '1'/'2' the players."""
        cells = ["#" if self.board[x][y] else "." for y in range(self.n) for x in range(self.n)]
        for player, at in enumerate(self.locations):
            if at is not None:
                cells[at[1] * self.n + at[0]] = str(player + 1)
        return "".join(cells)

    def mobility(self) -> float:
        mine = len(self.get_legal_moves())
        other = deepcopy(self)
        other.parity ^= 1
        theirs = len(other.get_legal_moves())
        return (mine - theirs if self.parity == 0 else theirs - mine) / 100


def oracle_minimax(state: SquareGameState, depth: int) -> float:
    moves = state.get_legal_moves()
    if not moves:
        return -1 if state.parity == 0 else 1
    if depth == 0:
        return state.mobility()
    values = [oracle_minimax(state.forecast_move(m), depth - 1) for m in moves]
    return max(values) if state.parity == 0 else min(values)


@pytest.mark.parametrize("n", [4, 5, 7])
def test_moves_and_results_agree_with_the_lesson_on_random_games(n: int) -> None:
    rng = random.Random(n)
    game = Isolation("." * n * n, "mobility")
    for _ in range(6):
        oracle, state = SquareGameState(n), game.initial
        while True:
            assert state == oracle.text()
            assert game.actions(state) == oracle.get_legal_moves()
            assert game.to_move(state) == ("max" if oracle.parity == 0 else "min")
            if not oracle.get_legal_moves():
                assert game.is_terminal(state) and game.utility(state) == (-1 if oracle.parity == 0 else 1)
                break
            assert game.evaluate(state) == pytest.approx(oracle.mobility())
            move = rng.choice(oracle.get_legal_moves())
            oracle, state = oracle.forecast_move(move), game.result(state, move)


def test_search_values_with_mobility_agree_with_the_lesson_on_4x4() -> None:
    rng = random.Random(4)
    for _ in range(5):
        oracle = SquareGameState(4)
        for _ in range(rng.randint(2, 6)):
            if oracle.get_legal_moves():
                oracle = oracle.forecast_move(rng.choice(oracle.get_legal_moves()))
        if not oracle.get_legal_moves():
            continue
        for depth in (1, 2, 3):
            expected = oracle_minimax(oracle, depth)
            for search in (minimax, alphabeta):
                assert search(Isolation(oracle.text(), "mobility"), depth=depth).value == pytest.approx(expected)


def test_a_square_board_needs_a_depth_limit_and_its_estimate_stays_within_the_utilities() -> None:
    with pytest.raises(InputError) as caught:
        parse_request({"game": "isolation", "state": "." * 25, "algorithm": "alphabeta"})
    assert caught.value.where == "depth" and "5x5 board needs a depth limit" in caught.value.problem
    parse_request({"game": "isolation", "state": ".....#", "algorithm": "alphabeta"})  # the lesson's board: to the end
    centre = "." * 24 + "1" + "." * 24  # player 1 in the middle of 7x7 (24 queen moves), player 2 to place (48 cells)
    assert Isolation(centre, "mobility").evaluate(centre) == pytest.approx((24 - 48) / 100)  # |e| <= 48 / 100 on 7x7: inside (-1, 1)


@pytest.mark.parametrize("state, problem", [
    ("." * 9, "expected 6 characters"),
    ("." * 25 + "x", "expected 6 characters"),
    ("1" + "." * 15, None),
    ("11" + "." * 14, "player 1 appears 2 times"),
    ("2" + "." * 15, "1 move was made, which does not fit player 1 being off the board"),
])
def test_square_positions_are_checked_as_the_lessons_are(state: str, problem: str | None) -> None:
    if problem is None:
        assert Isolation(state).to_move(state) == "min"
        return
    with pytest.raises(InputError) as caught:
        Isolation(state)
    assert problem in caught.value.problem


def test_minimax_counts_on_a_square_board_are_counted_as_a_search_finds_them() -> None:
    game = Isolation("." * 16, "mobility")
    assert counted_baseline(game, 3, 10**6) == searched_baseline(game, 3, 10**6)
