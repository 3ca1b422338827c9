"""Max^n, written by you (AIMA 4th ed. §5.2.2: games of several players; the lecture's MAXN-VALUE).

The grader calls maxn_search(game, state) and checks the positions your search looks at, in order, the
vectors your maxn_value returns, and the move it returns. A value is a vector: one number per player, in
the order of game.players (a tuple or a list; a dict by player works too). `game` has:
    game.players             the players, in the order of each vector's components: ["A", "B", "C"]
    game.actions(s)          the moves at s, in the order to try them
    game.result(s, a)        the position after move a
    game.is_terminal(s)      whether the game is over at s
    game.utility(s)          the vector of a finished game: (vA, vB, vC)
    game.utility(s, player)  one player's component of it
    game.to_move(s)          whose turn: a player's name, as game.players names it
    game.evaluate(s)         the vector of estimates (with a depth limit)
    game.cutoff(s, depth)    True when a depth-limited search stops at depth (the start is depth 0)

    function MAXN-DECISION(state) returns an action
      v ← MAXN-VALUE(state)
      return the action in ACTIONS(state) with vector v

    function MAXN-VALUE(state) returns a vector ⟨v1, ..., vn⟩
      if TERMINAL-TEST(state) then return UTILITY(state)
      p ← TO-MOVE(state)
      v ← none
      for each a in ACTIONS(state) do
        u ← MAXN-VALUE(RESULT(state, a))
        if v = none or u[p] > v[p] then v ← u
      return v

A tie keeps the vector found first (the first such child), as minimax keeps its first best move.
"""


def maxn_search(game, state):
    """The first move whose vector is best in the component of the player to move at `state`."""
    p = game.players.index(game.to_move(state))
    best_move, best = None, None
    for a in game.actions(state):
        u = maxn_value(game, game.result(state, a), 1)
        if best is None or u[p] > best[p]:
            best_move, best = a, u
    return best_move


def maxn_value(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state)
    if game.cutoff(state, depth):
        return game.evaluate(state)
    # TODO: p ← the index of TO-MOVE(state) in game.players; v ← none; for each action,
    # u ← MAXN-VALUE(RESULT(state, a), depth + 1); if v is none or u[p] > v[p] then v ← u; return v
    raise NotImplementedError("maxn_value: write the loop over the actions")
