"""The board a game draws for the page: one description for every game, so the page has one drawing routine and
no game's rules (docs/play.md, "The position API").

A board is `rows` x `columns` cells, row by row from the top, each {"mark": the character the position writes there (the
page shows it unless the kind is open or blocked), "kind": a word the stylesheet colours (x, o, p1, p2, open,
blocked, piece), "words": the cell in words for a screen reader};
`style` "cells" draws squares, "discs" round holes in columns (Connect Four). A cell's "move" is the move
(as move_key writes it) that clicking it plays when that move is legal: a tic-tac-toe cell, a Connect Four
column's every cell, a Nim object (take from it to the pile's end). `move_cells(state, move)` are the cells the page
marks as the move just played (where the Connect Four disc lands).
"""

from __future__ import annotations

from typing import Any, Literal

KINDS = ("x", "o", "p1", "p2", "open", "blocked", "piece")
"""The kinds of cell the page's stylesheet knows."""


def cell(mark: str, kind: str, words: str, move: Any = None) -> dict[str, str]:
    """One cell of a board; `move`: the move clicking it plays (its move_json form), or None."""
    if kind not in KINDS:
        raise ValueError(f"a cell's kind is one of {', '.join(KINDS)}, not {kind!r}")
    made = {"mark": mark, "kind": kind, "words": words}
    if move is not None:
        made["move"] = move_key(move)
    return made


def board(rows: int, columns: int, cells: list[dict[str, str]], style: Literal["cells", "discs"] = "cells") -> dict[str, Any]:
    """A board of `rows` x `columns` `cells` (row by row)."""
    if len(cells) != rows * columns:
        raise ValueError(f"a {rows}x{columns} board has {rows * columns} cells, not {len(cells)}")
    return {"rows": rows, "columns": columns, "style": style, "cells": cells}


def move_key(move: Any) -> str:
    """A move as the page names it (a button's data-move): 4 -> "4", [1, 0] -> "1,0", a text as itself."""
    if isinstance(move, (list, tuple)):
        return ",".join(str(part) for part in move)
    return str(move)
