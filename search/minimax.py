"""Minimax as seed 003's MINIMAX-DECISION / MAX-VALUE / MIN-VALUE, with an optional depth limit.

Written once: pass a Recorder to get every step as an event, none to run at full speed.
"""

from __future__ import annotations

from typing import Any

from search.game import Game
from search.recorder import INF, Recorder, SearchStopped
from search.result import Counts, SearchResult
from search.search_start import finish, start

MAX_LINES = ("max.head", "max.terminal", "max.cutoff", "max.update")
MIN_LINES = ("min.head", "min.terminal", "min.cutoff", "min.update")


def minimax(game: Game[Any, Any], *, depth: int | None = None, recorder: Recorder | None = None) -> SearchResult:
    rec = recorder
    limit = -1 if depth is None else depth
    counts = Counts()
    best: list[Any] = [None, None]

    def value(state: Any, node: str, parent: str | None, move: Any, level: int) -> float:
        player = game.to_move(state)
        lines = MAX_LINES if player == "max" else MIN_LINES
        if rec:
            rec.visit(node, lines[0], parent, level, player, None, None, state, move)
        counts.visited += 1  # after the event: a refused visit (event cap) is not counted
        if game.is_terminal(state):
            counts.leaves += 1
            u = game.utility(state)
            if rec:
                rec.leaf(node, lines[1], u, "utility")
            return u
        if level == limit:
            counts.leaves += 1
            e = game.evaluate(state)
            if rec:
                rec.leaf(node, lines[2], e, "estimate")
            return e
        maximizing = player == "max"
        v = -INF if maximizing else INF
        for a in game.actions(state):
            child = game.result(state, a)
            cid = game.child_id(node, a, child) if rec else ""
            cv = value(child, cid, node, a, level + 1)
            before = v
            if (cv > v) if maximizing else (cv < v):
                v = cv
                if level == 0:
                    best[0], best[1] = a, cid
            if rec:
                rec.backup(node, lines[3], cid, cv, before, v)
        return v

    try:
        if rec:
            start(rec, game, "minimax", depth, "prune")
        root_value = value(game.initial, game.root_id, None, None, 0)
    except SearchStopped as stop:
        return finish(rec, game, counts, None, None, None, stop.reason)
    return finish(rec, game, counts, root_value, best[0], best[1], None)
