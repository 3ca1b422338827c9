"""Whether a position ends the game, and its result in words (the rules are the games' own, search/games/*.py:
each registered game writes `end(state)`, how the game ended)."""

from __future__ import annotations

from typing import Any

from search.games.game import Game
from search.games.registry import game_info


def game_over(name: str, game: Game[Any, Any], state: Any) -> dict[str, Any] | None:
    """None while the game goes on; else {"winner": "max" | "min" | None, "text": the result in words} (the engine
    reply's "over", POST /api/play/move)."""
    over = game_end(name, game, state)
    return None if over is None else {"winner": over["winner"], "text": over["text"]}


def game_end(name: str, game: Game[Any, Any], state: Any) -> dict[str, Any] | None:
    """game_over's fields and, for the page to say the end from the student's side (POST /api/play/position), "how"
    it ended and "stuck", the side that had no move, when that is how it ended."""
    if not game.is_terminal(state):
        return None
    info = game_info(name)
    utility = game.utility(state)
    winner = "max" if utility > 0 else "min" if utility < 0 else None  # type: ignore[operator]
    ended = game.end(state)  # type: ignore[attr-defined]
    how, stuck = (ended["how"], ended.get("stuck")) if isinstance(ended, dict) else (str(ended), None)
    who = info.sides[winner] if winner else ""
    text = f"{who[:1].upper()}{who[1:]} wins: {how}" if winner else f"Draw: {how}"
    over: dict[str, Any] = {"winner": winner, "text": text, "how": how}
    if stuck is not None:
        over["stuck"] = stuck
    return over
