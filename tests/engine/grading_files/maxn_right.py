"""Max^n as the slides write it (AIMA 4th ed. §5.2.2): each player maximises its own component. Exit 0."""


def maxn_search(game, state):
    p = game.players.index(game.to_move(state))
    best_move, best = None, None
    for a in game.actions(state):
        u = maxn_value(game, game.result(state, a))
        if best is None or u[p] > best[p]:
            best_move, best = a, u
    return best_move


def maxn_value(game, state):
    if game.is_terminal(state):
        return game.utility(state)
    p = game.players.index(game.to_move(state))
    v = None
    for a in game.actions(state):
        u = maxn_value(game, game.result(state, a))
        if v is None or u[p] > v[p]:
            v = u
    return v
