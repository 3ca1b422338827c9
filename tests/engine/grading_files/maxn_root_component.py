"""Max^n where every node maximises the root player's component (the catalogue's maxn-root-component): exit 1."""


def maxn_search(game, state):
    root = game.to_move(state)
    best_move, best = None, None
    for a in game.actions(state):
        u = maxn_value(game, game.result(state, a), root)
        if best is None or u[root] > best[root]:
            best_move, best = a, u
    return best_move


def maxn_value(game, state, root):
    if game.is_terminal(state):
        return {p: game.utility(state, p) for p in game.players}
    v = None
    for a in game.actions(state):
        u = maxn_value(game, game.result(state, a), root)
        if v is None or u[root] > v[root]:  # the slip: the root player's share, not TO-MOVE(state)'s
            v = u
    return v
