"""Each starter (search/grading/starters/) filled in as a student would: the TODO lines replaced by the slides'
loop body and nothing else touched, so a test can hold the starter's own shape (every function returning a
(value, move) pair, AIMA 4th ed.'s) to the reference."""

from __future__ import annotations

from search.grading.starters import starter

BODIES = {
    "minimax": {
        'raise NotImplementedError("max_value: write the body of the loop")':
            ["v2, _ = min_value(game, game.result(state, a), player, depth + 1)", "if v2 > v:", "    v, move = v2, a"],
        'raise NotImplementedError("min_value: write the body of the loop")':
            ["v2, _ = max_value(game, game.result(state, a), player, depth + 1)", "if v2 < v:", "    v, move = v2, a"],
    },
    "alphabeta": {
        'raise NotImplementedError("max_value: write the body of the loop")':
            ["v2, _ = min_value(game, game.result(state, a), player, alpha, beta, depth + 1)", "if v2 > v:",
             "    v, move = v2, a", "if v >= beta:", "    return v, move", "alpha = max(alpha, v)"],
        'raise NotImplementedError("min_value: write the body of the loop")':
            ["v2, _ = max_value(game, game.result(state, a), player, alpha, beta, depth + 1)", "if v2 < v:",
             "    v, move = v2, a", "if v <= alpha:", "    return v, move", "beta = min(beta, v)"],
    },
    "expectiminimax": {
        'raise NotImplementedError("max_value: write the body of the loop")':
            ["v2, _ = value(game, game.result(state, a), player, depth + 1)", "if v2 > v:", "    v, move = v2, a"],
        'raise NotImplementedError("min_value: write the body of the loop")':
            ["v2, _ = value(game, game.result(state, a), player, depth + 1)", "if v2 < v:", "    v, move = v2, a"],
        'raise NotImplementedError("chance_value: write the body of the loop")':
            ["v2, _ = value(game, game.result(state, r), player, depth + 1)", "v = v + game.probability(state, r) * v2"],
    },
}


def filled(algorithm: str) -> str:
    """The starter for `algorithm` with its loops written."""
    text = starter(algorithm)
    for todo, body in BODIES[algorithm].items():
        assert text.count(todo) == 1, f"the {algorithm} starter changed: {todo}"
        indent = " " * 8
        text = text.replace(todo, ("\n" + indent).join(body))
    return text
