"""Isolation exactly as in the depth-limited minimax lesson: a 3x2 board, lower-right cell blocked, queen moves.

A position is 6 characters, row 0 then row 1, each row x = 0, 1, 2: '.' open, '#' closed (the
blocked corner and every cell a player has left), '1' and '2' the players. Player 1 moves first
and is MAX. The first move goes to any open cell; after that a player moves like a chess queen
through open cells. A player with no move loses: utility +1 / -1 for MAX.
"""

from __future__ import annotations

from typing import Any, Callable

from search.errors import InputError
from search.games.game import path_id
from search.trees.node import Player

XLIM, YLIM = 3, 2
EMPTY = ".....#"
RAYS = ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))
"""The lesson's ray order, which decides move order and so what alpha-beta prunes."""

Move = tuple[int, int]


def moves_made(board: str) -> int:
    return sum(1 for ch in board if ch != ".") - 1


def legal_moves(board: str, player: str) -> list[Move]:
    """The lesson's get_legal_moves for `player` ('1' or '2'), in its order."""
    at = board.find(player)
    if at < 0:
        return [(i % XLIM, i // XLIM) for i, ch in enumerate(board) if ch == "."]
    moves: list[Move] = []
    for dx, dy in RAYS:
        x, y = at % XLIM, at // XLIM
        while 0 <= x + dx < XLIM and 0 <= y + dy < YLIM:
            x, y = x + dx, y + dy
            if board[y * XLIM + x] != ".":
                break
            moves.append((x, y))
    return moves


def validate_position(board: Any) -> str:
    if not isinstance(board, str) or len(board) != XLIM * YLIM:
        raise InputError("state", "expected 6 characters (row 0 then row 1), each '.', '#', '1' or '2'")
    for i, ch in enumerate(board):
        if ch not in ".#12":
            raise InputError(f"state[{i}]", f"expected '.', '#', '1' or '2', got {ch!r}")
    if board[-1] != "#":
        raise InputError("state[5]", "the lower-right cell is blocked: expected '#'")
    made = moves_made(board)
    for player, placed_after in (("1", 1), ("2", 2)):
        count = board.count(player)
        if count > 1:
            raise InputError("state", f"player {player} appears {count} times")
        if (count == 1) != (made >= placed_after):
            done = "1 move was" if made == 1 else f"{made} moves were"
            raise InputError("state", f"{done} made, which does not fit player {player} being {'on' if count else 'off'} the board")
    return board


def zero_estimate(board: str) -> float:
    """The lesson's estimate at the depth limit: 0."""
    return 0


def mobility_estimate(board: str) -> float:
    """(MAX's moves - MIN's moves) / 10: strictly between the utilities -1 and +1 (AIMA 4th ed. §5.3.1)."""
    return (len(legal_moves(board, "1")) - len(legal_moves(board, "2"))) / 10


ESTIMATES: dict[str, Callable[[str], float]] = {"zero": zero_estimate, "mobility": mobility_estimate}


class Isolation:
    root_id = "root"

    def __init__(self, state: str = EMPTY, estimate: str = "zero") -> None:
        self.initial = validate_position(state)
        if estimate not in ESTIMATES:
            raise InputError("estimate", f"expected one of {', '.join(ESTIMATES)}, got {estimate!r}")
        self.estimate_name = estimate
        self._estimate = ESTIMATES[estimate]

    @staticmethod
    def _mover(board: str) -> str:
        return "1" if moves_made(board) % 2 == 0 else "2"

    def to_move(self, state: str) -> Player:
        return "max" if self._mover(state) == "1" else "min"

    def actions(self, state: str) -> list[Move]:
        return legal_moves(state, self._mover(state))

    def result(self, state: str, action: Move) -> str:
        mover = self._mover(state)
        cells = list(state.replace(mover, "#"))
        x, y = action
        cells[y * XLIM + x] = mover
        return "".join(cells)

    def is_terminal(self, state: str) -> bool:
        return not self.actions(state)

    def utility(self, state: str) -> float:
        return -1 if self.to_move(state) == "max" else 1

    def evaluate(self, state: str) -> float:
        return self._estimate(state)

    def position_key(self, state: str) -> str:
        """The board says everything: who moves follows from the cells used (moves_made)."""
        return state

    def child_id(self, parent_id: str, action: Move, child: str) -> str:
        return path_id(parent_id, f"{action[0]},{action[1]}")

    def move_json(self, action: Move) -> Any:
        return [action[0], action[1]]

    def describe(self, state: str, move: Move | None) -> dict[str, Any]:
        return {"state": state, "move": None if move is None else self.move_json(move)}

    def describe_json(self, state: str, move: Move | None) -> str:
        # A validated position is only '.', '#', '1' and '2', so it needs no escaping.
        return ',"state":"%s","move":%s' % (state, "null" if move is None else "[%d,%d]" % move)

    def source(self) -> dict[str, Any]:
        return {"kind": "game", "game": "isolation", "state": self.initial, "estimate": self.estimate_name}
