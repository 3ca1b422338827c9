"""Practice exercises over HTTP (issue 11): the engine (search.practice.exercise) makes and checks them; this
module only stores, caches and serves.

    POST /api/exercises                  make one -> 201 {id, url: /x/<id>, key}
    GET  /api/exercises/<id>             the student's copy: leaf values only, the settings
    POST /api/exercises/<id>/check       check an answer; the attempt is stored anonymously
    POST /api/exercises/<id>/hint        the next step the answer does not have right (not stored)
    GET  /api/exercises/<id>/solution    the real trace, JSON Lines (the main page replays it)
    GET  /api/exercises/<id>/results?key=...   the instructor's summary (403 without the key)

The key is shown once, at creation; only its sha256 is stored, and a given key is compared in
constant time. A submission is a score and its mistakes' {node, kind}: no address, cookie, name or
user agent; the mistakes are summed per node and kind for the results. Bad input answers 400 (413 over the size limit) and stores nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from search import InputError
from search.practice import Exercise, check_answer, exercise_from_json, hint_for, parse_exercise, solution_text
from search.trees.parse import parse_json_text
from server.http.trees_api import body_text, refuse, store
from server.practice.cache import LruCache
from server.practice.results import summarise

exercise_api = Blueprint("exercise_api", __name__, url_prefix="/api/exercises")
exercise_api.register_error_handler(InputError, refuse)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def cache() -> LruCache[Exercise]:
    """This app's exercises read back lately (one cache per app: tests build many apps)."""
    return current_app.extensions.setdefault("minimax_exercises", LruCache(64, current_app.config["EXERCISE_CACHE_NODES"], _nodes))


def _nodes(exercise: Exercise) -> int:
    return len(exercise.tree.walk())


def load(exercise_id: str) -> Exercise | None:
    def read() -> Exercise | None:
        stored = store().load_exercise(exercise_id)
        return None if stored is None else exercise_from_json(json.loads(stored.body))
    return cache().get(exercise_id, read)


def not_found(exercise_id: str) -> tuple[Response, int]:
    return jsonify(error=f"no exercise with id {exercise_id!r}"), 404


def json_object(what: str) -> dict[str, Any]:
    """The request body as a JSON object (400 naming what was expected otherwise)."""
    data = parse_json_text(body_text(), what)
    if not isinstance(data, dict):
        raise InputError("", f"expected a JSON object ({what})")
    return data


@exercise_api.post("")
def make_exercise() -> Any:
    exercise = parse_exercise(json_object("exercise"))
    key = secrets.token_urlsafe(18)
    exercise_id = store().save_exercise(json.dumps(exercise.to_json(), allow_nan=False), key_hash(key))
    return jsonify(id=exercise_id, url=url_for("pages.exercise_page", exercise_id=exercise_id), key=key), 201


@exercise_api.get("/<exercise_id>")
def student_copy(exercise_id: str) -> Any:
    exercise = load(exercise_id)
    return not_found(exercise_id) if exercise is None else jsonify(exercise.student_copy())


@exercise_api.post("/<exercise_id>/check")
def check(exercise_id: str) -> Any:
    exercise = load(exercise_id)
    if exercise is None:
        return not_found(exercise_id)
    result = check_answer(exercise, json_object("answer"))  # raises InputError before anything is stored
    store().add_submission(exercise_id, float(result["score"]), [(m["node"], m["kind"]) for m in result["mistakes"]])
    return jsonify(result)


@exercise_api.post("/<exercise_id>/hint")
def hint(exercise_id: str) -> Any:
    exercise = load(exercise_id)
    if exercise is None:
        return not_found(exercise_id)
    return jsonify(hint_for(exercise, json_object("answer")))


@exercise_api.get("/<exercise_id>/solution")
def solution(exercise_id: str) -> Any:
    exercise = load(exercise_id)
    if exercise is None:
        return not_found(exercise_id)
    return Response(solution_text(exercise), mimetype="application/x-ndjson")


@exercise_api.get("/<exercise_id>/results")
def results(exercise_id: str) -> Any:
    stored = store().load_exercise(exercise_id)
    if stored is None:
        return not_found(exercise_id)
    given = request.args.get("key", "")
    if not given or not hmac.compare_digest(key_hash(given), stored.key_hash):
        return jsonify(error="results: a missing or wrong key (the key was given with the exercise's link)"), 403
    exercise = load(exercise_id)
    assert exercise is not None
    summary = summarise(exercise.node_ids, store().scores(exercise_id), store().mistake_counts(exercise_id))
    return jsonify(**summary, student=exercise.student_copy())
