"""Connect Four as a Game: 7 columns of 6, X (MAX) drops first, four in a row wins.

A position is 42 characters, the 6 rows from top to bottom, each row's 7 cells from left to right:
'.' empty, 'X' and 'O' the players' discs. X moves when the counts are equal. A move is a column
number 0-6 and drops a disc to the lowest empty cell of that column; a position's moves come in
column order. Terminal on four in a row (across, down or diagonal) or a full board; UTILITY is
+1000 when X has four, -1000 when O has, 0 for a draw.

The estimate is the lecture's tic-tac-toe e carried over (AIMA 4th ed. §5.3.1): the four-cell
windows (69 on the board) that hold no O, minus those that hold no X. |e| <= 69, far from ±1000.

The game tree from the empty board is about 4.5 trillion positions: every search of it needs a
depth limit (search.request refuses one without). The cells are read as bitboards so the search is
quick: each row of 7 bits has an empty 8th bit after it, so a shift by 1 (across), 8 (down), 7 or 9
(the diagonals) never wraps from one row into the next.
"""

from __future__ import annotations

from typing import Any, Sequence

from search.errors import InputError, quoted
from search.games.board import board, cell
from search.games.builtin_game import BuiltInGame
from search.games.game import Noise
from search.games.registry import register_game
from search.trees.node import Player

COLUMNS, ROWS = 7, 6
CELLS = COLUMNS * ROWS
EMPTY = "." * CELLS
WIN = 1000
"""Utility of a win for X (and -WIN for O): beyond any estimate (|e| <= 69), as AIMA 4th ed. §5.3.1 asks."""

WINDOWS = 69
"""Four-cell windows on the board: 24 across, 21 down, 12 on each diagonal."""

_STEPS = (1, 7, 8, 9)  # across, the two diagonals, down: bit steps on the padded board
_CELLS_MASK = int("0".join(["1" * COLUMNS] * ROWS), 2)  # every real cell; the padding bits are 0
_X_BITS = str.maketrans("XO.", "100")
_O_BITS = str.maketrans("XO.", "010")


def padded(board: str) -> str:
    """The board with a '.' after each row but the last: 47 characters, row r's cell c at r * 8 + c."""
    return ".".join((board[0:7], board[7:14], board[14:21], board[21:28], board[28:35], board[35:42]))


def bits(board: str, mark: str) -> int:
    """The cells holding `mark` as bits of the padded board (the first cell is the highest bit)."""
    return int(padded(board).translate(_X_BITS if mark == "X" else _O_BITS), 2)


def has_four(b: int) -> bool:
    """Four set bits in a row in some direction: pairs one step apart, then pairs of pairs two steps apart."""
    for step in _STEPS:
        pairs = b & (b >> step)
        if pairs & (pairs >> (2 * step)):
            return True
    return False


def open_windows(free: int) -> int:
    """The windows all of whose four cells are in `free` (the padding and the edges are never free)."""
    count = 0
    for step in _STEPS:
        count += (free & (free >> step) & (free >> (2 * step)) & (free >> (3 * step))).bit_count()
    return count


def padded_estimate(cells: str) -> int:
    """e = windows that hold no O - windows that hold no X, of a padded board (padded())."""
    x, o = int(cells.translate(_X_BITS), 2), int(cells.translate(_O_BITS), 2)
    return open_windows(_CELLS_MASK & ~o) - open_windows(_CELLS_MASK & ~x)


def drop_row(board: str, column: int) -> int:
    """The row a disc dropped in `column` lands in (the lowest empty cell), or -1 if the column is full."""
    return board[column::COLUMNS].rfind(".")


def winning_columns(board: str, mark: str) -> list[int]:
    """Columns where `mark` would have four in a row at once, in column order."""
    wins = []
    for column in range(COLUMNS):
        row = drop_row(board, column)
        if row >= 0:
            at = row * COLUMNS + column
            if has_four(bits(board[:at] + mark + board[at + 1:], mark)):
                wins.append(column)
    return wins


def validate_position(board: Any) -> str:
    """A position play can reach, or an InputError naming what is wrong and where."""
    if not isinstance(board, str) or len(board) != CELLS:
        raise InputError("state", "expected 42 characters, the 6 rows from top to bottom, each X, O or '.'")
    for i, ch in enumerate(board):
        if ch not in "XO.":
            raise InputError(f"state[{i}]", f"expected X, O or '.', got {quoted(ch)} (row {i // COLUMNS}, column {i % COLUMNS})")
    for i in range(CELLS - COLUMNS):
        if board[i] != "." and board[i + COLUMNS] == ".":
            raise InputError(f"state[{i}]", f"a disc in column {i % COLUMNS}, row {i // COLUMNS} floats above an empty cell: "
                                            "discs drop to the lowest empty cell")
    x, o = board.count("X"), board.count("O")
    if not 0 <= x - o <= 1:
        raise InputError("state", f"X moves first, so X has as many discs as O or one more (X {x}, O {o})")
    x_won, o_won = has_four(bits(board, "X")), has_four(bits(board, "O"))
    if x_won and o_won:
        raise InputError("state", "both X and O have four in a row")
    if x_won and x != o + 1:
        raise InputError("state", "X has four in a row, so O cannot have moved since")
    if o_won and x != o:
        raise InputError("state", "O has four in a row, so X cannot have moved since")
    return board


DISC_KIND = {"X": "x", "O": "o", ".": "open"}


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


@register_game(
    id="connect4", name="Connect Four", start=EMPTY, order=3, depth_needed=True,
    position="42 characters, the 6 rows from top to bottom, each X, O or '.'; X moves first",
    utility="1000 X wins, −1000 O wins, 0 draw (a full board).",
    estimates={"windows": "windows open for X − windows open for O (a window is 4 cells in a row, across, down or "
                          "diagonal: 69 on the board; it is open for X if it holds no O)."},
    side_words={"max": "X, the filled discs", "min": "O, the rings"},
    narration={"place": "drops a disc in", "marks": {"X": "X", "O": "O"}},
    presets=[{"id": "connect4", "name": "Connect Four", "state": EMPTY, "depth": 5}],
    example="." * 28 + "...O.....OXX..",  # a few moves in (X to move), so a depth-4 search has threats to find
)
class ConnectFour(BuiltInGame):
    """Connect Four for the engine; estimate e = windows open to X - windows open to O.

    Written for speed (the search calls these for every node): the player to move from the parity of
    the empty cells (42 is even: X moves when an even number are empty); only the player who moved
    last can have four in a row (validate_position and the rules see to it), so TERMINAL-TEST looks
    at that player's discs alone; and the bitboards it makes are kept for the EVAL or UTILITY the
    search asks next about the same position."""

    depth_limit_needed = ("Connect Four needs a depth limit: its game tree from the empty board has about 4.5 trillion "
                          "positions, more than any search can finish. Try 4 to 6")
    """Why a search of it without a depth limit is refused (search.request), and its result has no reference
    "to the end" (search.algorithms.reference)."""

    def __init__(self, state: str = EMPTY) -> None:
        self.initial = validate_position(state)
        self._last: tuple[str, bool, str | None, str] = ("", False, None, "")  # the last position tested: terminal?, who won

    def to_move(self, state: str) -> Player:
        return "max" if state.count(".") % 2 == 0 else "min"

    def actions(self, state: str) -> list[int]:
        return [c for c in range(COLUMNS) if state[c] == "."]

    def result(self, state: str, action: int) -> str:
        at = drop_row(state, action) * COLUMNS + action
        return state[:at] + ("X" if state.count(".") % 2 == 0 else "O") + state[at + 1:]

    def _tested(self, state: str) -> tuple[str, bool, str | None, str]:
        """(state, terminal?, who won or None, the padded board) of `state`, remembered for the next question."""
        last = self._last
        if last[0] is state:
            return last
        empty = state.count(".")
        cells = padded(state)
        mover = "O" if empty % 2 == 0 else "X"  # who moved last
        won = mover if has_four(int(cells.translate(_X_BITS if mover == "X" else _O_BITS), 2)) else None
        self._last = last = (state, empty == 0 or won is not None, won, cells)
        return last

    def is_terminal(self, state: str) -> bool:
        return self._tested(state)[1]

    def utility(self, state: str, player: Player = "max") -> float:
        """UTILITY(s, p): WIN for four in a row of p's discs (X is MAX), -WIN for the other's, 0 for a full board."""
        won = self._tested(state)[2]
        value = WIN if won == "X" else -WIN if won == "O" else 0
        return value if player == "max" else -value

    def evaluate(self, state: str) -> float:
        return padded_estimate(self._tested(state)[3])

    def position_key(self, state: str) -> str:
        """The board says everything, the player to move included (X moves when the counts are equal)."""
        return state

    def noise(self, state: str) -> Noise | None:
        """Not quiet when the side to move can win at once, or must block the other side's win."""
        mover = "X" if state.count(".") % 2 == 0 else "O"
        wins = winning_columns(state, mover)
        if wins:
            return Noise("win", wins)
        threats = winning_columns(state, "O" if mover == "X" else "X")
        return Noise("block", threats) if threats else None

    def named_children(self, node_id: str, state: str, actions: Sequence[int]) -> list[tuple[str, Player, Any]]:
        """(id, player to move, move) of each child, without making them: the other player moves in each
        (search.games.game.children_named)."""
        player: Player = "min" if state.count(".") % 2 == 0 else "max"
        return [(f"{node_id}.{a}", player, a) for a in actions]

    def child_id(self, parent_id: str, action: int, child: str) -> str:
        return f"{parent_id}.{action}"  # = path_id(parent_id, str(action))

    def move_json(self, action: int) -> Any:
        return action

    def describe(self, state: str, move: int | None) -> dict[str, Any]:
        return {"state": state, "move": move}

    def describe_json(self, state: str, move: int | None) -> str:
        # A validated position is only X, O and '.', so it needs no escaping.
        return ',"state":"%s","move":%s' % (state, "null" if move is None else move)

    def source(self) -> dict[str, Any]:
        return {"kind": "game", "game": "connect4", "state": self.initial, "estimate": "windows"}

    # --- for the page (search.games.board) ---------------------------------------------------------
    read = staticmethod(validate_position)

    def board(self, state: str) -> dict[str, Any]:
        return board(ROWS, COLUMNS, [cell(ch, DISC_KIND[ch], f"column {i % COLUMNS}, row {i // COLUMNS}: "
                                          f"{'empty' if ch == '.' else ch}", i % COLUMNS) for i, ch in enumerate(state)], style="discs")

    def move_cells(self, state: str, move: int) -> list[int]:
        """The cell the disc lands in (the board's cells of the column all play it: their "move")."""
        return [drop_row(state, move) * COLUMNS + move]

    def move_words(self, move: int) -> str:
        return f"column {move}"

    def landing_words(self, state: str) -> list[str]:
        """Each cell as a disc landing there is said: its column, also counted as a student counts it ("column 3
        (the 4th from the left)"); columns are numbered 0-6 everywhere else (traces, the CLI, node labels)."""
        return [f"column {i % COLUMNS} (the {ORDINALS[i % COLUMNS]} from the left)" for i in range(len(state))]

    def end(self, state: str) -> str:
        return "four in a row" if self._tested(state)[2] else "the board is full"
