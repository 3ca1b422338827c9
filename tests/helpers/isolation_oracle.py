"""The Isolation GameState and depth-limited minimax of the depth-limited minimax lesson (a 3x2 board,
lower-right cell blocked, queen moves), kept as written: the test oracle."""

from copy import deepcopy

xlim, ylim = 3, 2


class GameState:
    def __init__(self):
        self._board = [[0] * ylim for _ in range(xlim)]
        self._board[-1][-1] = 1
        self._parity = 0
        self._player_locations = [None, None]

    def forecast_move(self, move):
        if move not in self.get_legal_moves():
            raise RuntimeError("Attempted forecast of illegal move")
        newBoard = deepcopy(self)
        newBoard._board[move[0]][move[1]] = 1
        newBoard._player_locations[self._parity] = move
        newBoard._parity ^= 1
        return newBoard

    def get_legal_moves(self):
        loc = self._player_locations[self._parity]
        if not loc:
            return self._get_blank_spaces()
        moves = []
        rays = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]
        for dx, dy in rays:
            _x, _y = loc
            while 0 <= _x + dx < xlim and 0 <= _y + dy < ylim:
                _x, _y = _x + dx, _y + dy
                if self._board[_x][_y]:
                    break
                moves.append((_x, _y))
        return moves

    def _get_blank_spaces(self):
        return [(x, y) for y in range(ylim) for x in range(xlim) if self._board[x][y] == 0]


class LessonMinimax:
    """The lesson's solution, with its terminal_test call counter."""

    def __init__(self):
        self.call_counter = 0

    def terminal_test(self, gameState):
        self.call_counter += 1
        return not bool(gameState.get_legal_moves())

    def decision(self, gameState, depth):
        best_score, best_move = float("-inf"), None
        for m in gameState.get_legal_moves():
            v = self.min_value(gameState.forecast_move(m), depth - 1)
            if v > best_score:
                best_score, best_move = v, m
        return best_move, best_score

    def min_value(self, gameState, depth):
        if self.terminal_test(gameState):
            return 1
        if depth <= 0:
            return 0
        v = float("inf")
        for m in gameState.get_legal_moves():
            v = min(v, self.max_value(gameState.forecast_move(m), depth - 1))
        return v

    def max_value(self, gameState, depth):
        if self.terminal_test(gameState):
            return -1
        if depth <= 0:
            return 0
        v = float("-inf")
        for m in gameState.get_legal_moves():
            v = max(v, self.min_value(gameState.forecast_move(m), depth - 1))
        return v
