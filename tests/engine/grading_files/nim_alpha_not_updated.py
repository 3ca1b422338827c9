"""Alpha-beta on the course's own Nim (docs/examples/nim.py), in the course's words: players "Ann" and "Bob". With α never raised (alpha = max(alpha, v) left out): exit 1."""

import math


def alphabeta_search(game, state):
    player = game.to_move(state)
    value, move = max_value(game, state, player, -math.inf, math.inf)
    return move


def max_value(game, state, player, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, player), None
    v, move = -math.inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a), player, alpha, beta)
        if v2 > v:
            v, move = v2, a
        if v >= beta:
            return v, move
    return v, move


def min_value(game, state, player, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, player), None
    v, move = math.inf, None
    for a in game.actions(state):
        v2, _ = max_value(game, game.result(state, a), player, alpha, beta)
        if v2 < v:
            v, move = v2, a
        if v <= alpha:
            return v, move
        beta = min(beta, v)
    return v, move
