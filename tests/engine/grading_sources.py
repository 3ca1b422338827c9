"""Students' searches for the grader's tests: a right one in each style the courses teach, and each
misconception of the catalogue as one change to it (search.misconceptions).

Two styles: the slides' top-level functions (max_value(game, state, ...) at module level, as the
lecture's quiz writes them) and AIMA 4th ed.'s nested closures (max_value defined inside
alphabeta_search). A slip is a set of replacements of the named slots below.
"""

from __future__ import annotations

ALPHABETA_TOP = '''
import math


def alphabeta_search(game, state):
    player = game.to_move(state)
    value, move = {root}(game, state, player, -math.inf, math.inf, 0)
    return move


def max_value(game, state, player, alpha, beta, depth):
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state), None
    v, move = -math.inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a), player, {max_window}, depth + 1)
        if v2 > v:
            v, move = v2, a
        if {max_test}:
            return {max_cut}, move
        {alpha_update}
    return {max_end}, move


def min_value(game, state, player, alpha, beta, depth):
    if game.is_terminal(state):
        return game.utility(state, player), None
    if game.cutoff(state, depth):
        return game.evaluate(state), None
    v, move = math.inf, None
    for a in game.actions(state):
        v2, _ = max_value(game, game.result(state, a), player, {min_window}, depth + 1)
        if v2 < v:
            v, move = v2, a
        if {min_test}:
            return {min_cut}, move
        {beta_update}
    return {min_end}, move
'''

ALPHABETA_NESTED = '''
import math


def alphabeta_search(game, state):
    """AIMA 4th ed.'s alphabeta_search, with a depth limit."""
    player = game.to_move(state)

    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state):
            return game.utility(state, player), None
        if game.cutoff(state, depth):
            return game.evaluate(state), None
        v, move = -math.inf, None
        for a in game.actions(state):
            v2, _ = min_value(game.result(state, a), {max_window}, depth + 1)
            if v2 > v:
                v, move = v2, a
            if {max_test}:
                return {max_cut}, move
            {alpha_update}
        return {max_end}, move

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state):
            return game.utility(state, player), None
        if game.cutoff(state, depth):
            return game.evaluate(state), None
        v, move = math.inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a), {min_window}, depth + 1)
            if v2 < v:
                v, move = v2, a
            if {min_test}:
                return {min_cut}, move
            {beta_update}
        return {min_end}, move

    return {root}(state, -math.inf, math.inf, 0)[1]
'''

ALPHABETA_RIGHT = {"root": "max_value", "max_window": "alpha, beta", "min_window": "alpha, beta", "max_test": "v >= beta",
                   "min_test": "v <= alpha", "max_cut": "v", "min_cut": "v", "max_end": "v", "min_end": "v",
                   "alpha_update": "alpha = max(alpha, v)", "beta_update": "beta = min(beta, v)"}
ALPHABETA_SLIPS = {
    "no-pruning": {"max_test": "False", "min_test": "False"},
    "window-not-passed": {"max_window": "-math.inf, math.inf", "min_window": "-math.inf, math.inf"},
    "strict-test": {"max_test": "v > beta", "min_test": "v < alpha"},
    "alpha-not-updated": {"alpha_update": "pass"},
    "beta-not-updated": {"beta_update": "pass"},
    "fail-hard": {"max_cut": "beta", "min_cut": "alpha", "max_end": "alpha", "min_end": "beta",
                  "alpha_update": "alpha = max(alpha, v)", "beta_update": "beta = min(beta, v)"},
    "max-min-swapped": {"root": "min_value"},
    "tests-wrong-bound": {"max_test": "v >= alpha", "min_test": "v <= beta"},
}
"""Each alpha-beta slip as its change to the right search (fail-soft is the right search where the bound is asked for)."""

MINIMAX_TOP = '''
import math


def minimax_search(game, state):
    player = game.to_move(state)
    best, best_value = None, {start}
    for a in game.actions(state):
        v = {first}(game, game.result(state, a), player, 1)
        if {better}:
            best, best_value = a, v
    return best


def max_value(game, state, player, depth):
    if game.is_terminal(state):
        return game.utility(state, player)
    if game.cutoff(state, depth):
        return game.evaluate(state)
    v = -math.inf
    for a in game.actions(state):
        v = max(v, min_value(game, game.result(state, a), player, depth + 1))
    return v


def min_value(game, state, player, depth):
    if game.is_terminal(state):
        return game.utility(state, player)
    if game.cutoff(state, depth):
        return game.evaluate(state)
    v = math.inf
    for a in game.actions(state):
        v = min(v, max_value(game, game.result(state, a), player, depth + 1))
    return v
'''

MINIMAX_NESTED = '''
import math


def minimax_search(game, state):
    """AIMA 4th ed.'s minimax_search (max_value returns (value, move)), with a depth limit."""
    player = game.to_move(state)

    def max_value(state, depth):
        if game.is_terminal(state):
            return game.utility(state, player), None
        if game.cutoff(state, depth):
            return game.evaluate(state), None
        v, move = -math.inf, None
        for a in game.actions(state):
            v2, _ = min_value(game.result(state, a), depth + 1)
            if v2 > v:
                v, move = v2, a
        return v, move

    def min_value(state, depth):
        if game.is_terminal(state):
            return game.utility(state, player), None
        if game.cutoff(state, depth):
            return game.evaluate(state), None
        v, move = math.inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a), depth + 1)
            if v2 < v:
                v, move = v2, a
        return v, move

    return {root}(state, 0)[1]
'''

MINIMAX_RIGHT = {"start": "-math.inf", "first": "min_value", "better": "v > best_value", "root": "max_value"}
MINIMAX_SLIPS = {"max-min-swapped": {"start": "math.inf", "first": "max_value", "better": "v < best_value", "root": "min_value"}}

EXPECTIMINIMAX_TOP = '''
import math


def expectiminimax_search(game, state):
    player = game.to_move(state)
    best, best_value = None, {start}
    for a in game.actions(state):
        v = value(game, game.result(state, a), player, 1)
        if {better}:
            best, best_value = a, v
    return best


def value(game, state, player, depth):
    if game.is_terminal(state):
        return game.utility(state, player)
    if game.cutoff(state, depth):
        return game.evaluate(state)
    if game.to_move(state) == "CHANCE":
        return chance_value(game, state, player, depth)
    if game.to_move(state) == player:
        return {max_fn}(game, state, player, depth)
    return {min_fn}(game, state, player, depth)


def max_value(game, state, player, depth):
    return max(value(game, game.result(state, a), player, depth + 1) for a in game.actions(state))


def min_value(game, state, player, depth):
    return min(value(game, game.result(state, a), player, depth + 1) for a in game.actions(state))


def chance_value(game, state, player, depth):
    outcomes = game.actions(state)
    {chance}
'''

EXPECTIMINIMAX_NESTED = '''
def expectiminimax_search(game, state):
    player = game.to_move(state)

    def value(state, depth):
        if game.is_terminal(state):
            return game.utility(state, player)
        if game.cutoff(state, depth):
            return game.evaluate(state)
        mover = game.to_move(state)
        if mover == "CHANCE":
            return chance_value(state, depth)
        return {max_fn}(state, depth) if mover == player else {min_fn}(state, depth)

    def max_value(state, depth):
        return max(value(game.result(state, a), depth + 1) for a in game.actions(state))

    def min_value(state, depth):
        return min(value(game.result(state, a), depth + 1) for a in game.actions(state))

    def chance_value(state, depth):
        outcomes = game.actions(state)
        {chance}

    moves = game.actions(state)
    values = [value(game.result(state, a), 1) for a in moves]
    return moves[values.index({pick}(values))]
'''

EXPECTIMINIMAX_RIGHT = {"start": "-math.inf", "better": "v > best_value", "max_fn": "max_value", "min_fn": "min_value",
                        "pick": "max",
                        "chance": "return sum(game.probability(state, r) * value_of(r) for r in outcomes)"}
EXPECTIMINIMAX_SLIPS = {
    "chance-as-min": {"chance": "return min(value_of(r) for r in outcomes)"},
    "unweighted-average": {"chance": "return sum(value_of(r) for r in outcomes) / len(outcomes)"},
    "max-min-swapped": {"start": "math.inf", "better": "v < best_value", "max_fn": "min_value", "min_fn": "max_value",
                        "pick": "min"},
}


def source(template: str, right: dict[str, str], slip: dict[str, str] | None = None) -> str:
    """The template with the right search's slots, changed by `slip`."""
    slots = {**right, **(slip or {})}
    if "chance" in slots:  # value_of(r): the outcome's value, in the template's own style
        nested = "def value(state, depth)" in template
        call = "value(game.result(state, r), depth + 1)" if nested else "value(game, game.result(state, r), player, depth + 1)"
        slots["chance"] = slots["chance"].replace("value_of(r)", call)
    return template.format(**slots)
