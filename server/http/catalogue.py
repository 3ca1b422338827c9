"""What the engine offers, for the page to build its menus, links and boards from (docs/http-api.md):

    GET /api/catalogue    {"algorithms": [...], "games": [...]}: each registered game's descriptor
                          (search.games.registry.game_catalogue), strict JSON

The algorithms' half comes from the algorithm registry (issue #48's other half); until it is merged here it is [].
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from search.games.registry import game_catalogue

catalogue = Blueprint("catalogue", __name__)


@catalogue.get("/api/catalogue")
def everything() -> Any:
    return jsonify(algorithms=[], games=game_catalogue())
