"""How the viewer draws a game's positions, carried by the trace itself (the start event's `drawing`, a registered
GameBase game's visits' `board`): the page, the notebook widget and the code lab then draw any registered game
without knowing its rules or asking the server (docs/architecture.md, "the engine decides, the page draws").

A game whose position text is its board (each character a cell, row by row: tic-tac-toe, Connect Four, Isolation)
says so once, in the start event (`"board": {..., "text": true}`), and its visits carry only their position as
before; any other game's visits each carry their board's marks and kinds (search.games.board's cells, without the
words and moves the /play page adds).
"""

from __future__ import annotations

from typing import Any

from search.games.board import move_key

MARK_KINDS = {"X": "x", "O": "o", ".": "open", "#": "blocked", "1": "p1", "2": "p2"}
"""The kind of each mark a text board writes (search.games.board.KINDS), where its start position does not show it."""


def board_text(board: dict[str, Any]) -> str:
    """A board's marks, row by row, as one text (the position itself for a game whose text is its board)."""
    return "".join(str(cell["mark"]) for cell in board["cells"])


def drawing(info: Any, game: Any, source: dict[str, Any]) -> dict[str, Any]:
    """The start event's `drawing` for the registered game `info` searched from `source`: its name, how its two
    sides are named, what its utility and estimate mean, and its board's shape and the kind of each mark."""
    board = game.board(info.read(source["state"]))
    kinds = dict(MARK_KINDS)
    kinds.update({str(cell["mark"]): cell["kind"] for cell in board["cells"]})
    estimate = source.get("estimate") or info.default_estimate
    said = getattr(game, "estimate_words", None)  # a game whose estimate depends on its board says it for this one
    words = (said(estimate) if callable(said) else None) or info.estimates.get(estimate, estimate)
    text = board_text(board) == source["state"]
    drawn = {
        "name": info.name, "sides": dict(info.sides), "utility": info.utility,
        "estimate": words,
        "board": {"rows": board["rows"], "columns": board["columns"], "style": board["style"], "kinds": kinds,
                  "text": text},
    }
    said = move_sayings(info, source["state"]) if text else None
    if said is not None:
        drawn["moves"] = said
    return drawn


def move_sayings(info: Any, text: str) -> dict[str, Any] | None:
    """How the narration says a move in a game whose position text is its board (the page finds the cell a move
    took by comparing a node's board with its parent's, as it outlines it): each cell as a move landing there is
    said, each of the root's moves as a result names its best move, the verbs for a piece placed and moved, who
    each mark is and each side's short name. None for a game that does not write `landing_words`. Asked of the
    game itself at the search's position, not of the search's game: a beam's or an ordering's wrapper records
    what it is asked."""
    game = info.make(text)
    lands = getattr(game, "landing_words", None)
    if not callable(lands) or not info.narration["marks"]:
        return None
    told = info.narration
    state = game.initial
    root = {} if game.is_terminal(state) else {move_key(game.move_json(action)): game.move_words(action)
                                              for action in game.actions(state)}
    return {"lands": list(lands(state)), "root": root, "place": told["place"], "move": told["move"],
            "marks": dict(told["marks"]), "short": dict(told["short"])}


def visit_board(board: dict[str, Any]) -> dict[str, Any]:
    """A visit's `board`: the board's shape and each cell's mark and kind, row by row."""
    return {"rows": board["rows"], "columns": board["columns"],
            "marks": [str(cell["mark"]) for cell in board["cells"]], "kinds": [cell["kind"] for cell in board["cells"]]}


def game_drawing(game: Any, source: dict[str, Any]) -> dict[str, Any] | None:
    """The `drawing` of a search of `game` from `source`, or None when it is not a registered game's. A game seen in
    the move-ordering lab's order (search.labs.ordering.OrderedGame) is drawn as the game it orders."""
    game = getattr(game, "unordered", game)
    info = getattr(game, "game_info", None)
    if info is None or source.get("kind") != "game" or source.get("game") != info.id or not callable(getattr(game, "board", None)):
        return None  # a tree, a course's own game, or a wrapper of a game that does not draw
    return drawing(info, game, source)
