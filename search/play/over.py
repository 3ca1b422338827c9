"""Whether a position ends the game, and its result in words (the rules are the games' own, search/games/*.py)."""

from __future__ import annotations

from typing import Any

from search.games.game import Game

LINE = {"tictactoe": "three in a row", "connect4": "four in a row"}


def game_over(name: str, game: Game[Any, Any], state: str) -> dict[str, Any] | None:
    """None while the game goes on; else {"winner": "max" | "min" | None, "text": the result in words}."""
    if not game.is_terminal(state):
        return None
    utility = game.utility(state)
    winner = "max" if utility > 0 else "min" if utility < 0 else None
    if name == "isolation":  # the player to move has no move, and loses
        loser = "1" if game.to_move(state) == "max" else "2"
        return {"winner": winner, "text": f"Player {'2' if loser == '1' else '1'} wins: player {loser} cannot move"}
    if winner is None:
        return {"winner": None, "text": "Draw: the board is full"}
    return {"winner": winner, "text": f"{'X' if winner == 'max' else 'O'} wins: {LINE[name]}"}
