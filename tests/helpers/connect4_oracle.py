"""Connect Four written again from its rules, as plainly as possible, to check the engine's against.

Nothing is shared with search/games/connect4.py: a grid of rows (row 0 on top), every line of four
found by walking the grid in four directions, the estimate by listing all 69 windows, and minimax
with no pruning. Slow on purpose: it is the rules said once more, not a second fast engine.
"""

from __future__ import annotations

import random

ROWS, COLUMNS = 6, 7
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # across, down, down-right, down-left


def grid(state: str) -> list[list[str]]:
    return [list(state[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS)]


def windows() -> list[list[tuple[int, int]]]:
    """Every four cells in a line on the board."""
    out = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            for dr, dc in DIRECTIONS:
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLUMNS for rr, cc in cells):
                    out.append(cells)
    return out


WINDOWS = windows()


def winner(state: str) -> str | None:
    g = grid(state)
    for cells in WINDOWS:
        marks = {g[r][c] for r, c in cells}
        if len(marks) == 1 and marks != {"."}:
            return marks.pop()
    return None


def player_to_move(state: str) -> str:
    return "X" if state.count("X") == state.count("O") else "O"


def legal_columns(state: str) -> list[int]:
    if winner(state) is not None:
        return []
    return [c for c in range(COLUMNS) if grid(state)[0][c] == "."]


def play(state: str, column: int) -> str:
    g = grid(state)
    row = max(r for r in range(ROWS) if g[r][column] == ".")
    g[row][column] = player_to_move(state)
    return "".join("".join(line) for line in g)


def terminal(state: str) -> bool:
    return winner(state) is not None or "." not in state


def utility(state: str) -> int:
    return {"X": 1000, "O": -1000, None: 0}[winner(state)]


def estimate(state: str) -> int:
    """Windows with no O (still open to X) minus windows with no X."""
    g = grid(state)
    open_x = sum(1 for cells in WINDOWS if all(g[r][c] != "O" for r, c in cells))
    open_o = sum(1 for cells in WINDOWS if all(g[r][c] != "X" for r, c in cells))
    return open_x - open_o


def minimax(state: str, depth: int) -> tuple[float, int | None]:
    """(value, first best column) to `depth` plies: utility at the end, the estimate at the limit."""
    if terminal(state):
        return utility(state), None
    if depth == 0:
        return estimate(state), None
    maximizing = player_to_move(state) == "X"
    best_value, best_move = None, None
    for column in legal_columns(state):
        value, _ = minimax(play(state, column), depth - 1)
        if best_value is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, column
    return best_value, best_move


def random_position(rng: random.Random, plies: int) -> str:
    """Up to `plies` random moves from the empty board (fewer if the game ends first)."""
    state = "." * (ROWS * COLUMNS)
    for _ in range(plies):
        moves = legal_columns(state)
        if not moves:
            break
        state = play(state, rng.choice(moves))
    return state
