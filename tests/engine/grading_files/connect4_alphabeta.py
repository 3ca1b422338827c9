"""Depth-limited alpha-beta (AIMA 4th ed. §5.3) for Connect Four: X and O, moves are columns 0-6. Exit 0."""

import math


def alphabeta_search(game, state):
    player = game.to_move(state)
    value, move = max_value(game, state, player, -math.inf, math.inf, 0)
    return move


def max_value(game, state, player, alpha, beta, depth):
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state, player), None
    v, move = -math.inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a), player, alpha, beta, depth + 1)
        if v2 > v:
            v, move = v2, a
        if v >= beta:
            return v, move
        alpha = max(alpha, v)
    return v, move


def min_value(game, state, player, alpha, beta, depth):
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state, player), None
    v, move = math.inf, None
    for a in game.actions(state):
        v2, _ = max_value(game, game.result(state, a), player, alpha, beta, depth + 1)
        if v2 < v:
            v, move = v2, a
        if v <= alpha:
            return v, move
        beta = min(beta, v)
    return v, move
