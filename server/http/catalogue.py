"""What the engine offers, over HTTP, for the page to build its menus from (search.algorithms.registry,
search.games.registry; the server computes nothing itself):

    GET /api/catalogue   {"algorithms": [{"id", "name", "label", "summary", "ties", "returns", "depth",
                          "enhancements", "players", "chance", "orderings", "single_pass", "play",
                          "student_entry"}], "games": [{"id", "name", ...}]}

The page's algorithm menus (the search form, the exercise maker, the code lab) and its step links read
the algorithms from here rather than keeping a list of their own (docs/http-api.md).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from search.algorithms.registry import algorithm_catalogue
from search.games.registry import game_catalogue

catalogue = Blueprint("catalogue", __name__)


@catalogue.get("/api/catalogue")
def whole_catalogue() -> Any:
    return jsonify(algorithms=algorithm_catalogue(), games=game_catalogue())
