"""Tic-tac-toe as a Game: positions are 9 characters row by row of X, O and '.'; X is MAX."""

from __future__ import annotations

from typing import Any

from search.errors import InputError, quoted
from search.games.board import board, cell
from search.games.builtin_game import BuiltInGame
from search.games.game import Noise
from search.games.registry import register_game
from search.games.symmetry import distinct_moves
from search.trees.node import Player

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
WIN = 100
"""Utility of a win for X (and -WIN for O): beyond any estimate (|e| <= 8), as AIMA 4th ed. §5.3.1 asks."""

EMPTY = "........."

HORIZON = {"state": "XO.X..O..", "depth": 2, "beams": [1, 2]}
"""The built-in "Horizon effect" position (X to move, quiet): searched to depth 2, the open-lines
estimate makes cell 2 look best, yet after it O wins; the fork at 4, which wins, only shows past
the horizon, where quiescence looks (tests/engine/test_enhanced.py checks both with the full search).
`beams` are the widths the page compares there to show what forward pruning costs (with
quiescence: a beam of 1 drops the fork and loses again; 2 keeps it and searches far less)."""


def winner(board: str) -> str | None:
    """'X' or 'O' if that player has three in a line, else None."""
    for a, b, c in LINES:
        mark = board[a]
        if mark != "." and mark == board[b] == board[c]:
            return mark
    return None


def winning_cells(board: str, mark: str) -> list[int]:
    """Empty cells where `mark` would complete a line at once, in cell order."""
    cells = set()
    for line in LINES:
        marks = [board[i] for i in line]
        if marks.count(mark) == 2 and marks.count(".") == 1:
            cells.add(line[marks.index(".")])
    return sorted(cells)


def open_lines(board: str, player: str) -> int:
    """Rows, columns and diagonals still open to `player` (no opposing mark on them)."""
    opponent = "O" if player == "X" else "X"
    return sum(1 for line in LINES if all(board[i] != opponent for i in line))


def validate_position(board: Any) -> str:
    """A reachable position, or an InputError naming what is wrong."""
    if not isinstance(board, str) or len(board) != 9:
        raise InputError("state", "expected 9 characters row by row, each X, O or '.'")
    for i, ch in enumerate(board):
        if ch not in "XO.":
            raise InputError(f"state[{i}]", f"expected X, O or '.', got {quoted(ch)}")
    x, o = board.count("X"), board.count("O")
    if not 0 <= x - o <= 1:
        raise InputError("state", f"X moves first, so X has as many marks as O or one more (X {x}, O {o})")
    x_won = any(all(board[i] == "X" for i in line) for line in LINES)
    o_won = any(all(board[i] == "O" for i in line) for line in LINES)
    if x_won and o_won:
        raise InputError("state", "both X and O have three in a line")
    if x_won and x != o + 1:
        raise InputError("state", "X has won, so O cannot have moved since")
    if o_won and x != o:
        raise InputError("state", "O has won, so X cannot have moved since")
    return board


PLACES = ("the top-left corner", "the top edge", "the top-right corner", "the left edge", "the centre", "the right edge",
          "the bottom-left corner", "the bottom edge", "the bottom-right corner")
"""Each cell in words, as the narration names it."""
CELL_KIND = {"X": "x", "O": "o", ".": "open"}


@register_game(
    id="tictactoe", name="tic-tac-toe", start=EMPTY, order=1,
    position="9 characters row by row, each X, O or '.'; X moves first",
    utility="100 X wins, −100 O wins, 0 draw.",
    estimates={"open-lines": "lines open for X − lines open for O (a row, column or diagonal is open for X if it holds no O)."},
    symmetry="the 8 symmetries of its square", narration={"marks": {"X": "X", "O": "O"}},
    presets=[{"id": "tictactoe", "name": "Tic-tac-toe", "state": EMPTY}], example="XOX.O....",
)
class TicTacToe(BuiltInGame):
    """The lecture's tic-tac-toe; estimate e = open lines for X - open lines for O (the lecture
    slides' example of an evaluation function, AIMA 4th ed. §5.3.1). With `symmetry`, a position's
    moves keep one of each class of positions a rotation or reflection of the square turns into each
    other (search.games.symmetry), as the slides' example "takes symmetries into account"."""


    def __init__(self, state: str = EMPTY, symmetry: bool = False) -> None:
        self.initial = validate_position(state)
        self.symmetry = symmetry
        if symmetry:
            self.actions = self.distinct_actions  # type: ignore[method-assign]  # the plain search keeps its fast path

    def to_move(self, state: str) -> Player:
        return "max" if state.count("X") == state.count("O") else "min"

    def actions(self, state: str) -> list[int]:
        return [i for i, ch in enumerate(state) if ch == "."]

    def distinct_actions(self, state: str) -> list[int]:
        """ACTIONS with symmetry: the first cell of each class of equal positions, in cell order."""
        mark = "X" if state.count("X") == state.count("O") else "O"
        return distinct_moves(state, [i for i, ch in enumerate(state) if ch == "."], mark)

    def result(self, state: str, action: int) -> str:
        mark = "X" if state.count("X") == state.count("O") else "O"
        return state[:action] + mark + state[action + 1 :]

    def is_terminal(self, state: str) -> bool:
        return "." not in state or winner(state) is not None

    def utility(self, state: str, player: Player = "max") -> float:
        """UTILITY(s, p): WIN for three in a row of p's marks (X is MAX), -WIN for the other's, 0 for a draw."""
        won = winner(state)
        value = WIN if won == "X" else -WIN if won == "O" else 0
        return value if player == "max" else -value

    def evaluate(self, state: str) -> float:
        return open_lines(state, "X") - open_lines(state, "O")

    def position_key(self, state: str) -> str:
        """The board says everything, the player to move included (X moves when the counts are equal)."""
        return state

    def noise(self, state: str) -> Noise | None:
        """Not quiet when the side to move can win at once, or must block the other side's win."""
        mover = "X" if state.count("X") == state.count("O") else "O"
        wins = winning_cells(state, mover)
        if wins:
            return Noise("win", wins)
        threats = winning_cells(state, "O" if mover == "X" else "X")
        return Noise("block", threats) if threats else None

    def child_id(self, parent_id: str, action: int, child: str) -> str:
        return f"{parent_id}.{action}"  # = path_id(parent_id, str(action)), without two calls per node

    def move_json(self, action: int) -> Any:
        return action

    def describe(self, state: str, move: int | None) -> dict[str, Any]:
        return {"state": state, "move": move}  # move_json(move) is the move itself

    def describe_json(self, state: str, move: int | None) -> str:
        # A validated position is only X, O and '.', so it needs no escaping.
        return ',"state":"%s","move":%s' % (state, "null" if move is None else move)

    def source(self) -> dict[str, Any]:
        return {"kind": "game", "game": "tictactoe", "state": self.initial, "estimate": "open-lines"}

    # --- for the page (search.games.board) ---------------------------------------------------------
    read = staticmethod(validate_position)

    def board(self, state: str) -> dict[str, Any]:
        return board(3, 3, [cell(ch, CELL_KIND[ch], f"{PLACES[i]}, cell {i}: {'empty' if ch == '.' else ch}", i)
                            for i, ch in enumerate(state)])

    def move_cells(self, state: str, move: int) -> list[int]:
        return [move]

    def move_words(self, move: int) -> str:
        return f"{PLACES[move]}, cell {move}"

    def landing_words(self, state: str) -> list[str]:
        """Each cell as a move there is said: its move's words."""
        return [self.move_words(i) for i in range(len(state))]

    def end(self, state: str) -> str:
        return "three in a row" if winner(state) else "the board is full"
