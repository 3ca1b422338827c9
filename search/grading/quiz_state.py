"""The depth-limited minimax quiz's own GameState (the 3x2 Isolation board, lower-right cell blocked), as the
quiz's `gamestate` module writes it: a student's `minimax.py` is graded against this API, not the engine's.

The grader installs it as the module `gamestate` (`import gamestate as game` works), and the attributes a
student may read (_board[x][y], _parity, _player_locations) are the quiz's. The engine's Isolation
(search.games.isolation) is the same board, move order and rules; the reference counts come from the engine,
so this class is held to it by tests/engine/test_grade_quiz.py rather than trusted.
"""

from __future__ import annotations

from copy import deepcopy

xlim, ylim = 3, 2  # board dimensions, as the quiz names them

Move = tuple[int, int]  # (column, row)


class GameState:
    """_board[x][y]: 0 open, 1 closed; _parity: 0 when player one moves; _player_locations: each player's last move."""

    def __init__(self) -> None:
        self._board = [[0] * ylim for _ in range(xlim)]
        self._board[-1][-1] = 1  # block lower-right corner
        self._parity = 0
        self._player_locations: list[Move | None] = [None, None]

    def forecast_move(self, move: Move) -> GameState:
        """A new state with `move` made by the player to move (this one is left as it is)."""
        if move not in self.get_legal_moves():
            raise RuntimeError("Attempted forecast of illegal move")
        new_board = deepcopy(self)
        new_board._board[move[0]][move[1]] = 1
        new_board._player_locations[self._parity] = move
        new_board._parity ^= 1
        return new_board

    def get_legal_moves(self) -> list[Move]:
        """Any blank cell on a player's first move; after that the open cells along a row, column or
        diagonal from the player's cell (no jumping over closed cells), in the quiz's ray order."""
        loc = self._player_locations[self._parity]
        if not loc:
            return self._get_blank_spaces()
        moves: list[Move] = []
        rays = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]
        for dx, dy in rays:
            _x, _y = loc
            while 0 <= _x + dx < xlim and 0 <= _y + dy < ylim:
                _x, _y = _x + dx, _y + dy
                if self._board[_x][_y]:
                    break
                moves.append((_x, _y))
        return moves

    def _get_blank_spaces(self) -> list[Move]:
        """The blank cells, row by row (the order of a first move)."""
        return [(x, y) for y in range(ylim) for x in range(xlim) if self._board[x][y] == 0]
