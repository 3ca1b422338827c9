"""The 8 symmetries of the tic-tac-toe square, and the moves left once symmetric ones are dropped.

The lecture slides' tic-tac-toe example ("symmetries are taken into account ... depth limit 2")
searches from the empty board only 3 first moves (a corner, an edge, the centre), not 9: two
positions that a rotation or a reflection of the square turns into each other have the same value
for the same player to move, so one of each class is enough. The symmetries are the dihedral group of the square: 4 rotations, each with or
without a reflection.
"""

from __future__ import annotations

from typing import Any, Sequence

IDENTITY = (0, 1, 2, 3, 4, 5, 6, 7, 8)
ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)
"""A quarter turn clockwise: cell i of the turned board holds cell ROTATE[i] of the board."""
REFLECT = (2, 1, 0, 5, 4, 3, 8, 7, 6)
"""The mirror image left to right."""


def _then(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation that applies `first`, then `second` (both as "cell i comes from cell p[i]")."""
    return tuple(first[second[i]] for i in range(9))


def _group() -> tuple[tuple[int, ...], ...]:
    turns = [IDENTITY]
    for _ in range(3):
        turns.append(_then(turns[-1], ROTATE))
    return tuple(turns + [_then(turn, REFLECT) for turn in turns])


SYMMETRIES = _group()
"""The 8 symmetries of the square (the identity first), as cell permutations."""


def images(board: str) -> list[str]:
    """The board under each of the 8 symmetries (some equal when the board is itself symmetric)."""
    return ["".join(board[i] for i in perm) for perm in SYMMETRIES]


def canonical(board: str) -> str:
    """One representative of the board's class: the least of its 8 images."""
    return min(images(board))


def distinct_moves(board: str, moves: Sequence[int], mark: str) -> list[int]:
    """`moves` (cells, in cell order) less those whose position, after `mark` is put there, is a
    rotation or reflection of an earlier move's: the first cell of each class is kept."""
    seen: set[str] = set()
    kept = []
    for cell in moves:
        key = canonical(board[:cell] + mark + board[cell + 1 :])
        if key not in seen:
            seen.add(key)
            kept.append(cell)
    return kept


def symmetry_option(game: object) -> dict[str, Any]:
    """{"symmetry": True} for a game searched with symmetries dropped, else {}: what the start event's
    options add, so a saved trace is searched again the same way (search.traces.verify)."""
    return {"symmetry": True} if getattr(game, "symmetry", False) is True else {}
