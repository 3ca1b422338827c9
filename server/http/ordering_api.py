"""The move-ordering lab over HTTP: the engine's search.labs.ordering, with the validator and limits of
a search request (the server computes nothing itself).

    POST /api/ordering        a search request ({"example"|"tree"|"game", "state", "depth", "ties"}),
                              plus "seed" (the random ordering's); answers what `python -m search
                              ordering` prints, each ordering of an explicit tree with its reordered
                              `tree` so the page can replay it with alpha-beta
    GET  /api/ordering/curve  leaves against depth for b = 2..4, d = 1..8 on random uniform trees
                              (best, random, worst, minimax, Knuth–Moore): computed once, then cached

Games are capped by limits.ORDERING_MAX_NODES (400 naming the depth past it).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint, jsonify

from search import InputError
from search.labs.ordering import DEFAULT_SEED, leaf_curve, ordering_lab
from search.request import parse_request, parse_seed
from search.trees.parse import parse_json_text
from server.http.trees_api import body_text, refuse

IGNORED_HERE = ("tt", "quiescence", "beam", "ordering")
"""Search request fields the lab has no use for: refused rather than silently ignored."""

ordering_api = Blueprint("ordering_api", __name__, url_prefix="/api/ordering")
ordering_api.register_error_handler(InputError, refuse)


@ordering_api.post("")
def ordering() -> Any:
    data = parse_json_text(body_text(), "request")
    if not isinstance(data, dict):
        raise InputError("", "expected an object with example, tree or game, and depth, ties, seed")
    data = dict(data)
    seed = parse_seed(data.pop("seed", DEFAULT_SEED))
    if data.get("algorithm", "alphabeta") != "alphabeta":
        raise InputError("algorithm", "the ordering lab compares alpha-beta searches: leave it out or say alphabeta")
    for name in IGNORED_HERE:
        if data.get(name) not in (None, False):
            raise InputError(name, "the ordering lab compares plain alpha-beta in every ordering: leave it out")
    request = parse_request(data)
    if "game" in data and request.depth is None:
        raise InputError("depth", "a game's ordering lab needs a depth limit (games are large)")
    return jsonify(ordering_lab(request.game, request.depth, request.ties, seed, with_trees=True))  # type: ignore[arg-type]


@cache
def _curve() -> list[dict[str, Any]]:
    return leaf_curve()


@ordering_api.get("/curve")
def curve() -> Any:
    return jsonify(points=_curve(), seed=DEFAULT_SEED)
