"""Expectiminimax, written by you (AIMA 4th ed. §5.5; the lecture slides' EXPECTIMINIMAX).

The grader calls expectiminimax_search(game, state) and checks the positions your search looks at, in
order, the values your max_value, min_value and chance_value return, and the move it returns. `game` has:
    game.actions(s)             the moves at s (at a chance node: its outcomes)
    game.result(s, a)           the position after move (or outcome) a
    game.is_terminal(s)         whether the game is over at s
    game.utility(s, player)     the value of a finished game for player
    game.to_move(s)             whose turn: "MAX", "MIN" or "CHANCE"
    game.probability(s, r)      P(r) of outcome r at a chance node
    game.evaluate(s)            the estimate for the player to move at the start (with a depth limit)
    game.cutoff(s, depth)       True when a depth-limited search stops at depth (the start is depth 0)

    function EMINIMAX(s, depth) returns a value
      if TERMINAL-TEST(s) then return UTILITY(s)
      if CUTOFF-TEST(s, depth) then return EVAL(s)
      if TO-MOVE(s) = MAX then return max a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a), depth + 1)
      if TO-MOVE(s) = MIN then return min a ∈ ACTIONS(s) of EMINIMAX(RESULT(s, a), depth + 1)
      if TO-MOVE(s) = CHANCE then
        v ← 0
        for each outcome r of s, with probability P(r) do
          v ← v + P(r) · EMINIMAX(RESULT(s, r), depth + 1)
        return v

    Each function returns a (value, move) pair (the move None where there is none to choose), as AIMA 4th
    ed.'s code does and as the minimax and alpha-beta starters do: the grader reads the value from the pair.
"""

import math


def expectiminimax_search(game, state):
    """The move with the best expected value for the player to move at `state` (MAX at the start)."""
    player = game.to_move(state)
    v, move = value(game, state, player, 0)
    return move


def value(game, state, player, depth):
    """EMINIMAX as a (value, move) pair: the terminal test, the depth limit, then the function of whoever moves."""
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state), None
    mover = game.to_move(state)
    if mover == "CHANCE":
        return chance_value(game, state, player, depth)
    if mover == player:
        return max_value(game, state, player, depth)
    return min_value(game, state, player, depth)


def max_value(game, state, player, depth):
    v, move = -math.inf, None
    for a in game.actions(state):
        # TODO: v2, _ = value(game, game.result(state, a), player, depth + 1); if v2 > v: v, move = v2, a
        raise NotImplementedError("max_value: write the body of the loop")
    return v, move


def min_value(game, state, player, depth):
    v, move = math.inf, None
    for a in game.actions(state):
        # TODO: v2, _ = value(game, game.result(state, a), player, depth + 1); if v2 < v: v, move = v2, a
        raise NotImplementedError("min_value: write the body of the loop")
    return v, move


def chance_value(game, state, player, depth):
    v = 0
    for r in game.actions(state):
        # TODO: v2, _ = value(game, game.result(state, r), player, depth + 1); v = v + P(r) · v2
        raise NotImplementedError("chance_value: write the body of the loop")
    return v, None
