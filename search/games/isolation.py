"""Isolation exactly as in the depth-limited minimax lesson: a 3x2 board, lower-right cell blocked, queen moves;
and the same game on a square board of 4x4 to 7x7, all cells open at the start, to play against the search.

A position is 6 characters, row 0 then row 1, each row x = 0, 1, 2: '.' open, '#' closed (the
blocked corner and every cell a player has left), '1' and '2' the players. Player 1 moves first
and is MAX. The first move goes to any open cell; after that a player moves like a chess queen
through open cells. A player with no move loses: utility +1 / -1 for MAX.

A square board is n * n characters, row by row, n = 4 to 7 (its length says which): the same cells,
with no blocked corner. Its game tree is far too big to search to the end (5x5: 25 first moves, 24
second, then up to 16 queen moves each), so a search of it needs a depth limit, as Connect Four's does.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from search.errors import InputError, quoted
from search.games.board import board, cell
from search.games.builtin_game import BuiltInGame
from search.games.game import path_id
from search.games.registry import register_game
from search.trees.node import Player

XLIM, YLIM = 3, 2
EMPTY = ".....#"
SQUARE_SIDES = (4, 5, 6, 7)
"""The square boards besides the lesson's 3x2, by side."""
RAYS = ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))
"""The lesson's ray order, which decides move order and so what alpha-beta prunes."""

Move = tuple[int, int]


def size_of(board: str) -> tuple[int, int]:
    """(columns, rows) of the board `board` is a position of: 3x2 for 6 characters, else a square (validate_position)."""
    if len(board) == XLIM * YLIM:
        return XLIM, YLIM
    side = math.isqrt(len(board))
    return side, side


def moves_made(board: str) -> int:
    """Cells no longer open (the 3x2 board's blocked corner aside): each move closes one, or places a player."""
    return sum(1 for ch in board if ch != ".") - (1 if len(board) == XLIM * YLIM else 0)


def legal_moves(board: str, player: str) -> list[Move]:
    """The lesson's get_legal_moves for `player` ('1' or '2'), in its order."""
    width, height = size_of(board)
    at = board.find(player)
    if at < 0:
        return [(i % width, i // width) for i, ch in enumerate(board) if ch == "."]
    moves: list[Move] = []
    for dx, dy in RAYS:
        x, y = at % width, at // width
        while 0 <= x + dx < width and 0 <= y + dy < height:
            x, y = x + dx, y + dy
            if board[y * width + x] != ".":
                break
            moves.append((x, y))
    return moves


def validate_position(board: Any) -> str:
    squares = ", ".join(f"{n * n} ({n}x{n})" for n in SQUARE_SIDES)
    if not isinstance(board, str) or (len(board) != XLIM * YLIM and len(board) not in [n * n for n in SQUARE_SIDES]):
        raise InputError("state", "expected 6 characters (the lesson's 3x2 board: row 0 then row 1) or a square board's "
                                  f"{squares}, row by row, each '.', '#', '1' or '2'")
    for i, ch in enumerate(board):
        if ch not in ".#12":
            raise InputError(f"state[{i}]", f"expected '.', '#', '1' or '2', got {quoted(ch)}")
    if len(board) == XLIM * YLIM and board[-1] != "#":
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
    """(MAX's moves - MIN's moves) / 10 on the lesson's board (at most 5 each: the open cells), / 100 on a square one
    (at most 48 each, placing on 7x7): strictly between the utilities -1 and +1, as AIMA 4th ed. §5.3.1 asks."""
    scale = 10 if len(board) == XLIM * YLIM else 100
    return (len(legal_moves(board, "1")) - len(legal_moves(board, "2"))) / scale


ESTIMATES: dict[str, Callable[[str], float]] = {"zero": zero_estimate, "mobility": mobility_estimate}


ROW_WORDS, COLUMN_WORDS = ("top", "bottom"), ("left", "middle", "right")
CELL = {".": ("open", "open"), "#": ("blocked", "closed"), "1": ("p1", "player 1"), "2": ("p2", "player 2")}


def place_words(x: int, y: int, side: int | None) -> str:
    """A cell in words: "(1, 0), the top middle square" on the lesson's board; a square board's corners and centre."""
    if side is None:
        return f"({x}, {y}), the {ROW_WORDS[y]} {COLUMN_WORDS[x]} square"
    edge = [0 if k == 0 else 2 if k == side - 1 else 1 for k in (x, y)]
    if edge[0] != 1 and edge[1] != 1:
        return f"({x}, {y}), the {ROW_WORDS[edge[1] // 2]}-{COLUMN_WORDS[edge[0]]} corner"
    if side % 2 == 1 and x == y == (side - 1) // 2:
        return f"({x}, {y}), the centre square"
    return f"({x}, {y})"


@register_game(
    id="isolation", name="Isolation", start=EMPTY, order=2,
    position="6 characters (the lesson's 3x2 board: row 0 then row 1, the last '#') or a square board's 16, 25, 36 "
             "or 49, row by row, each '.', '#', '1' or '2'",
    utility="1 player 1 wins, −1 player 2 wins (a player with no move loses).",
    estimates={"zero": "0 (no guess).",
               "mobility": "(player 1's moves − player 2's moves) / 10 on the lecture's 3 x 2 board, / 100 on a square one."},
    sides={"max": "player 1", "min": "player 2"},
    narration={"place": "starts on", "marks": {"1": "Player 1", "2": "Player 2"}, "short": {"max": "P1", "min": "P2"}},
    default_depth=3, boards=[EMPTY, *("." * (n * n) for n in SQUARE_SIDES)],
    presets=[{"id": "isolation3", "name": "Isolation 3x2 (lecture)", "state": EMPTY},
             {"id": "isolation5", "name": "Isolation 5x5", "state": "." * 25, "depth": 4, "estimate": "mobility"}],
)
class Isolation(BuiltInGame):
    """Isolation for the engine: the lesson's 3x2 board, or a square one with a depth limit and an estimate."""

    def __init__(self, state: str = EMPTY, estimate: str = "zero") -> None:
        self.initial = validate_position(state)
        self.width, self.height = size_of(self.initial)
        # The lesson's board is searched to its end; a square board only with a depth limit (search.request).
        self.depth_limit_needed = None if len(state) == XLIM * YLIM else (
            f"Isolation on the {self.width}x{self.height} board needs a depth limit: its game tree is far too big for "
            "any search to finish. Try 3 to 5, with the mobility estimate")
        if estimate not in ESTIMATES:
            raise InputError("estimate", f"expected one of {', '.join(ESTIMATES)}, got {quoted(estimate)}")
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
        cells[y * self.width + x] = mover
        return "".join(cells)

    def is_terminal(self, state: str) -> bool:
        return not self.actions(state)

    def utility(self, state: str, player: Player = "max") -> float:
        """UTILITY(s, p): the player to move has none left and loses (-1), so the other wins (+1)."""
        return -1 if self.to_move(state) == player else 1

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

    # --- for the page (search.games.board) ---------------------------------------------------------
    read = staticmethod(validate_position)

    def _side(self) -> int | None:
        return None if self.width == XLIM and self.height == YLIM else self.width

    def estimate_words(self, estimate: str) -> str | None:
        """The estimate on this board, for the viewer's key (search.games.drawing): mobility's scale is the board's."""
        if estimate != "mobility":
            return None
        return f"(player 1's moves − player 2's moves) / {10 if self._side() is None else 100}."

    def board(self, state: str) -> dict[str, Any]:
        width, height = size_of(state)
        side = None if len(state) == XLIM * YLIM else width
        cells = []
        for i, ch in enumerate(state):
            kind, words = CELL[ch]
            x, y = i % width, i // width
            cells.append(cell(ch, kind, f"{place_words(x, y, side)}: {words}", (x, y)))
        return board(height, width, cells)

    def move_cells(self, state: str, move: Move) -> list[int]:
        return [move[1] * self.width + move[0]]

    def move_words(self, move: Any) -> str:
        return place_words(move[0], move[1], self._side())

    def landing_words(self, state: str) -> list[str]:
        """Each square as a move there is said (a player's first move places its piece: "starts on")."""
        return [place_words(i % self.width, i // self.width, self._side()) for i in range(len(state))]

    def end(self, state: str) -> dict[str, Any]:
        """The player to move has no move, and loses."""
        stuck = self._mover(state)
        return {"how": f"player {stuck} cannot move", "stuck": "max" if stuck == "1" else "min"}
