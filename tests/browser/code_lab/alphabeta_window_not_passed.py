"""Alpha-beta with the window not passed down: each child is called with (-inf, +inf), not the node's own alpha and beta."""

import math


def alphabeta_search(game, state):
    player = game.to_move(state)
    value, move = max_value(game, state, -math.inf, math.inf) if player == "MAX" else min_value(game, state, -math.inf, math.inf)
    return move


def max_value(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX"), None
    v, move = -math.inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a), -math.inf, math.inf)
        if v2 > v:
            v, move = v2, a
            alpha = max(alpha, v)
        if v >= beta:
            return v, move
    return v, move


def min_value(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX"), None
    v, move = math.inf, None
    for a in game.actions(state):
        v2, _ = max_value(game, game.result(state, a), -math.inf, math.inf)
        if v2 < v:
            v, move = v2, a
            beta = min(beta, v)
        if v <= alpha:
            return v, move
    return v, move
