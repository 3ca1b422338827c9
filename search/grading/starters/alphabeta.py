"""Alpha-beta, written by you (AIMA 4th ed. §5.2.3; the lecture slides' ALPHA-BETA-SEARCH).

The grader calls alphabeta_search(game, state) and checks the positions your search looks at, in order
(a child alpha-beta prunes must not be looked at), the values your max_value and min_value return, and
the move it returns. `game` has:
    game.actions(s)          the moves at s, in the order to try them
    game.result(s, a)        the position after move a
    game.is_terminal(s)      whether the game is over at s
    game.utility(s, player)  the value of a finished game for player
    game.to_move(s)          whose turn: "MAX"/"MIN" on a tree, "X"/"O" in tic-tac-toe
    game.evaluate(s)         the estimate for the player to move at the start (with a depth limit)
    game.cutoff(s, depth)    True when a depth-limited search stops at depth (the start is depth 0)

    function ALPHA-BETA-SEARCH(state) returns an action
      v ← MAX-VALUE(state, −∞, +∞, 0)
      return the action in ACTIONS(state) with value v

    function MAX-VALUE(state, α, β, depth) returns a utility value
      if TERMINAL-TEST(state) then return UTILITY(state)
      if CUTOFF-TEST(state, depth) then return EVAL(state)
      v ← −∞
      for each a in ACTIONS(state) do
        v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β, depth + 1))
        if v ≥ β then return v
        α ← MAX(α, v)
      return v

    function MIN-VALUE(state, α, β, depth) returns a utility value
      if TERMINAL-TEST(state) then return UTILITY(state)
      if CUTOFF-TEST(state, depth) then return EVAL(state)
      v ← +∞
      for each a in ACTIONS(state) do
        v ← MIN(v, MAX-VALUE(RESULT(s, a), α, β, depth + 1))
        if v ≤ α then return v
        β ← MIN(β, v)
      return v
"""

import math


def alphabeta_search(game, state):
    """The move with the best value for the player to move at `state`: max_value returns (value, move)."""
    player = game.to_move(state)
    value, move = max_value(game, state, player, -math.inf, math.inf, 0)
    return move


def max_value(game, state, player, alpha, beta, depth):
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state), None
    v, move = -math.inf, None
    for a in game.actions(state):
        # TODO: the child's value from min_value(..., alpha, beta, depth + 1); keep the best (v, move);
        #       if v ≥ β return (v, move); α ← MAX(α, v)
        raise NotImplementedError("max_value: write the body of the loop")
    return v, move


def min_value(game, state, player, alpha, beta, depth):
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state), None
    v, move = math.inf, None
    for a in game.actions(state):
        # TODO: the child's value from max_value(..., alpha, beta, depth + 1); keep the least (v, move);
        #       if v ≤ α return (v, move); β ← MIN(β, v)
        raise NotImplementedError("min_value: write the body of the loop")
    return v, move
