"""The /play page's position: everything the page draws and asks about a position, from the game's own rules, so
the page keeps none (docs/play.md, "The position API"): the board, whose turn, the legal moves as the board marks
them, and whether the game is over; given a move, the position after it."""

from __future__ import annotations

from typing import Any

from search.errors import InputError, quoted, shortened
from search.games.board import move_key
from search.games.registry import GameInfo, game_ids, game_info
from search.play.over import game_end

FIELDS = ("game", "state", "move")


def checked_body(body: Any, fields: tuple[str, ...], expected: str) -> GameInfo:
    """The game a /play body names, once the body is known to be an object of `fields` only (both of /play's routes
    read their bodies so): InputError naming the field, or `expected` for a body that is not an object."""
    if not isinstance(body, dict):
        raise InputError("", expected)
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise InputError(shortened(unknown[0]), f"unknown field (the fields are {', '.join(fields)})")
    name = body.get("game")
    if name not in game_ids():
        raise InputError("game", f"expected one of {', '.join(game_ids())}, got {quoted(name)}")
    return game_info(name)


def position_reply(body: Any) -> dict[str, Any]:
    """The reply to {game, state, move?}: strict JSON; InputError naming the field."""
    info = checked_body(body, FIELDS, "expected an object with game, state and, to play one, move")
    game = info.make(body.get("state"))
    state = game.initial
    played = None
    move = body.get("move")
    if move is not None:
        if not isinstance(move, str):
            raise InputError("move", "expected a move as the board names it, e.g. \"4\" or \"1,0\"")
        if game.is_terminal(state):
            raise InputError("move", "the game is over in this position: there is no move to make")
        actions = {move_key(game.move_json(action)): action for action in game.actions(state)}
        if move not in actions:
            raise InputError("move", f"{quoted(move)} is not a legal move here (the legal moves: {', '.join(actions)})")
        action = actions[move]
        played = {"move": move, "words": game.move_words(action), "cells": game.move_cells(state, action)}  # type: ignore[attr-defined]
        state = game.result(state, action)
    return {"game": info.id, "played": played, **position_fields(info.id, game, state)}


def position_fields(name: str, game: Any, state: Any) -> dict[str, Any]:
    """The position's text, board, side to move, legal moves (each with its words and the cells it is played from)
    and end (None while the game goes on)."""
    over = game_end(name, game, state)
    moves = [] if over else [{"move": move_key(game.move_json(action)), "words": game.move_words(action),
                              "cells": game.move_cells(state, action)} for action in game.actions(state)]
    return {"state": game_info(name).write(state), "to_move": None if over else game.to_move(state),
            "board": game.board(state), "moves": moves, "over": over}
