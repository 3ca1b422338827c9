"""The engine's reply on the /play page: its move in the position it is given, the position after it, what the
search cost and saved, and the search behind it as the viewer runs it ("Why this move?")."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from search.play.body import PlayRequest, parse_play
from search.play.engine_move import EngineMove
from search.play.over import game_over
from search.play.savings import savings
from search.play.search_move import search_move


def engine_reply(body: Any) -> dict[str, Any]:
    """The reply to the page's body (body.py's fields): strict JSON, numbers as numbers; InputError naming the field."""
    play = parse_play(body)
    found = search_move(play)
    game = play.game
    after = game.result(game.initial, found.action)
    why = why_request(play, found)
    return {
        "move": game.move_json(found.action), "state": play.info.write(after), "value": found.value, "seconds": round(found.seconds, 4),
        "visited": found.visited, "leaves": found.leaves, "depth": found.depth,
        "savings": savings(play, found), "why": why, "why_link": why_link(why), "over": game_over(play.name, game, after),
    }


def why_request(play: PlayRequest, found: EngineMove) -> dict[str, Any]:
    """The search the viewer runs to show this move: with a time budget, iterative deepening to the depth it reached
    (the same iterations, so the same move)."""
    return {"game": play.name, "state": play.info.write(play.game.initial), "estimate": play.estimate(), "algorithm": play.algorithm,
            "depth": found.depth, "tt": play.tt}


def why_link(why: dict[str, Any]) -> str:
    """The viewer's link to that search, opened at its result (static/js/player/step_link.js reads it)."""
    query = {"game": why["game"], "state": why["state"], "algorithm": why["algorithm"]}
    if why["estimate"] is not None:
        query["estimate"] = why["estimate"]
    if why["depth"] is not None:
        query["depth"] = why["depth"]
    if why["tt"]:
        query["tt"] = 1
    return "/?" + urlencode({**query, "step": "result"})
