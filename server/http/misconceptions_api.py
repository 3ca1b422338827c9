"""The catalogue of misconceptions over HTTP (search.misconceptions; the server computes nothing itself).

    GET  /api/misconceptions          the catalogue: [{"id", "name", "follows", "idea", "algorithms", "searches_with"?}]
    POST /api/misconceptions/answers  a search request as the socket takes it -> {"misconceptions":
                                      [{"id", "name", "follows", "idea", "answers"}]}: what each
                                      misconception answers to predict mode's questions where that
                                      differs from the right search (search/misconceptions/questions.py)

Predict mode fetches the answers once per search shown, and the instructor's page builds a class
question's misconceptions from them. A request naming a misconception (a mistaken search shown) has none.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from flask import Blueprint, jsonify

from search import InputError
from search.misconceptions import CATALOGUE
from search.misconceptions.questions import has_readings, misconception_answers
from search.request import parse_request
from search.trees.parse import parse_json_text
from server.http.trees_api import body_text, refuse
from server.quotas import limited

CACHED_SEARCHES = 64
"""Answers kept for this many distinct requests: a class steps through the same search at once."""

misconceptions_api = Blueprint("misconceptions_api", __name__, url_prefix="/api/misconceptions")
misconceptions_api.register_error_handler(InputError, refuse)


@misconceptions_api.get("")
def catalogue() -> Any:
    return jsonify(misconceptions=[m.catalogue_json() for m in CATALOGUE.values()])  # as `python -m search misconceptions`


@misconceptions_api.post("/answers")
@limited("misconception_answers")
def answers() -> Any:
    data = parse_json_text(body_text(), "request")
    if not isinstance(data, dict):
        raise InputError("", "expected a search request: an object with example, tree or game, and algorithm")
    if not has_readings(parse_request(data)):  # a bad request is refused before the cache keeps anything
        return jsonify(misconceptions=[])
    return jsonify(misconceptions=_answers(json.dumps(data, sort_keys=True, allow_nan=False)))


@lru_cache(maxsize=CACHED_SEARCHES)
def _answers(request_text: str) -> list[dict[str, Any]]:
    return misconception_answers(parse_request(json.loads(request_text)))
