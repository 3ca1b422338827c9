"""The horizon effect side by side (AIMA 4th ed. §5.3.2): the built-in position searched to its depth limit
without and with quiescence, and with quiescence under a beam, each chosen move checked by the
full search. The page's "Horizon effect" panel shows exactly this (server: search:compare)."""

from __future__ import annotations

from typing import Any

from search.algorithms.minimax import minimax
from search.games.drawing import game_drawing
from search.games.tictactoe import HORIZON, TicTacToe
from search.request import parse_request


def horizon_comparison(algorithm: str = "alphabeta") -> dict[str, Any]:
    """Each run's options, chosen move, value and nodes visited, and the full search's value after
    that move (`move_value`): what the move really leads to. `best` is the full search's value of
    the position itself."""
    state, depth = HORIZON["state"], HORIZON["depth"]
    game = TicTacToe(state)
    runs: list[dict[str, Any]] = [{"name": "depth-limited", "options": {}},
                                  {"name": "quiescence", "options": {"quiescence": True}}]
    runs += [{"name": f"quiescence + beam {k}", "options": {"quiescence": True, "beam": k}} for k in HORIZON["beams"]]
    for run in runs:
        result = parse_request({"game": "tictactoe", "state": state, "depth": depth, "algorithm": algorithm,
                                **run["options"]}).run()
        after = game.result(state, result.move)
        run.update(move=result.move, value=result.value, visited=result.visited,
                   move_value=minimax(TicTacToe(after)).value, noise=_noise_after(game, after))
    return {"state": state, "depth": depth, "algorithm": algorithm, "best": minimax(game).value, "runs": runs,
            "game": game.source()["game"], "drawing": game_drawing(game, game.source())}  # the page draws the board from these


def _noise_after(game: TicTacToe, after: str) -> dict[str, Any] | None:
    """Why the position after the move is not quiet, if it is not: what the horizon hid."""
    noise = game.noise(after)
    return None if noise is None else {"reason": noise.reason, "moves": noise.moves}
