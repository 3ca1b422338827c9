"""Minimax, written by you (AIMA 4th ed. §5.2; the lecture slides' MINIMAX-DECISION, MAX-VALUE, MIN-VALUE).

The grader calls minimax_search(game, state) and checks the positions your search looks at, in order,
the values your max_value and min_value return, and the move it returns. `game` has:
    game.actions(s)          the moves at s, in the order to try them
    game.result(s, a)        the position after move a
    game.is_terminal(s)      whether the game is over at s
    game.utility(s, player)  the value of a finished game for player
    game.to_move(s)          whose turn: "MAX"/"MIN" on a tree, "X"/"O" in tic-tac-toe
    game.evaluate(s)         the estimate for the player to move at the start (with a depth limit)
    game.cutoff(s, depth)    True when a depth-limited search stops at depth (the start is depth 0)

    function MINIMAX-DECISION(state) returns an action
      return arg max a ∈ ACTIONS(s) of MIN-VALUE(RESULT(state, a), 1)

    function MAX-VALUE(state, depth) returns a utility value
      if TERMINAL-TEST(state) then return UTILITY(state)
      if CUTOFF-TEST(state, depth) then return EVAL(state)
      v ← −∞
      for each a in ACTIONS(state) do
        v ← MAX(v, MIN-VALUE(RESULT(s, a), depth + 1))
      return v

    MIN-VALUE is the same with +∞ and MIN.
"""

import math


def minimax_search(game, state):
    """The move with the best minimax value for the player to move at `state`."""
    player = game.to_move(state)
    best_move, best_value = None, -math.inf
    for a in game.actions(state):
        v = min_value(game, game.result(state, a), player, 1)
        if v > best_value:  # the first move with the best value, as the slides' arg max
            best_move, best_value = a, v
    return best_move


def max_value(game, state, player, depth):
    if game.is_terminal(state):
        return game.utility(state, player)
    if game.cutoff(state, depth):
        return game.evaluate(state)
    # TODO: v ← −∞; for each action, v ← MAX(v, MIN-VALUE(RESULT(state, a), depth + 1)); return v
    raise NotImplementedError("max_value: write the loop over the actions")


def min_value(game, state, player, depth):
    if game.is_terminal(state):
        return game.utility(state, player)
    if game.cutoff(state, depth):
        return game.evaluate(state)
    # TODO: v ← +∞; for each action, v ← MIN(v, MAX-VALUE(RESULT(state, a), depth + 1)); return v
    raise NotImplementedError("min_value: write the loop over the actions")
