"""Practice paths over HTTP (issue 50, part 4: practice that follows the student).

    POST /api/paths                          make one: {title?, algorithm?, start?} -> 201 {id, url: /p/<id>, key, results_url}
    POST /api/paths/<id>/next                {student?, learner?} -> 200 {path, exercise: {id, url} | null, step, progress}
    GET  /api/paths/<id>/progress?student=&learner=   the same without giving a tree: {path, exercise, step, progress}
    GET  /api/paths/<id>/results?key=...     every student's progress: {path, students, students_count, ideas}

`start`, a misconception's id, makes a path that practises that idea first (the exercise page's "Practise this" makes
one when a check names an idea). `next` gives the student's tree to do now: the one given before while it is not checked (a reload, a second tab),
else a new one that the engine chooses from their checks so far (search/practice/path.py), stored as POST
/api/exercises stores an exercise and counted against its "exercises" quota. A path's trees are exercises with the
default options; their results keys are dropped, as practice/next's: the path's key opens the path's results.
A student is their `student` name (from their link, ?student=) or else their page's `learner` token, as for an
exercise's checks (server/practice/identity.py). A wrong key is 403, an unknown path 404, bad input 400 naming the
field; nothing is stored then.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, jsonify, request, url_for

from search import InputError
from search.algorithms.registry import NAMES
from search.misconceptions import CATALOGUE
from search.practice.path import Progress, parse_path_algorithm, parse_path_start, step_request
from server.http.refusals import Refused, refused, stored_or_404
from server.http.trees_api import refuse, store
from server.practice.api import json_object, new_exercise
from server.practice.identity import CONTROL, Identity, read_identity
from server.practice.path_progress import path_results, student_progress
from server.practice.path_store import PathRecord, PathStep, add_step, load_path, make_path, who_text
from server.quotas import limited, stored_bill
from server.secret_keys import key_hash, key_matches

MAX_PATH_TITLE_CHARS = 200
"""The longest path title (characters; no control characters)."""

path_api = Blueprint("path_api", __name__, url_prefix="/api/paths")
path_api.register_error_handler(InputError, refuse)
path_api.register_error_handler(Refused, refused)


def found_path(path_id: str) -> PathRecord:
    """The path, or Refused 404."""
    return stored_or_404(lambda item: load_path(store(), item), path_id, "practice path")


def described(path: PathRecord) -> dict[str, Any]:
    """The path as every answer names it (never its key)."""
    idea = CATALOGUE.get(path.start or "")  # None too for an idea the catalogue no longer has: the path goes on without it
    start = None if idea is None else {"id": idea.id, "name": idea.name}
    return {"id": path.id, "title": path.title, "algorithm": path.algorithm, "algorithm_name": NAMES[path.algorithm],
            "start": start, "url": url_for("path_pages.path_page", path_id=path.id)}


def student_of(fields: Any) -> tuple[Identity, str]:
    """The student and their `who` (as their attempts are counted); 400 naming `learner` when neither is given."""
    identity = read_identity(fields)
    if identity.who is None:
        raise InputError("learner", "a path follows one student: give `student` (their link's name) or the page's `learner` token")
    return identity, who_text(identity.who)


def title_of(body: dict[str, Any], algorithm: str) -> str:
    """The title given, trimmed, or "Practice: <the search>" when none is (a path needs no name to be shared)."""
    given = body.get("title")
    title = (given or "").strip() if given is None or isinstance(given, str) else None
    if title is None or len(title) > MAX_PATH_TITLE_CHARS or CONTROL.search(title):
        raise InputError("title", f"expected text of at most {MAX_PATH_TITLE_CHARS} characters, with no control characters")
    return title or f"Practice: {NAMES[algorithm]}"


@path_api.post("")
@limited("exercises")
def make() -> Any:
    body = json_object("path")
    unknown = sorted(set(body) - {"title", "algorithm", "start"})
    if unknown:
        raise InputError(unknown[0], "unknown field (a path has title, algorithm and start)")
    algorithm = parse_path_algorithm(body.get("algorithm"))
    start = parse_path_start(body.get("start"))
    title = title_of(body, algorithm)
    key = secrets.token_urlsafe(18)
    path_id = make_path(store(), title, algorithm, key_hash(key), stored_bill(), start)
    return jsonify(id=path_id, url=url_for("path_pages.path_page", path_id=path_id), key=key,
                   results_url=url_for("path_pages.path_results_page", path_id=path_id)), 201


def answer(path: PathRecord, progress: Progress, steps: list[PathStep]) -> dict[str, Any]:
    """The student's view: the path, the tree to do now (none when the path is done) and their progress."""
    given = steps[-1] if progress.pending and steps else None
    exercise = None if given is None else {"id": given.exercise_id, "url": url_for("pages.exercise_page", exercise_id=given.exercise_id)}
    return {"path": described(path), "exercise": exercise, "step": len(steps), "progress": progress.to_json()}


@path_api.post("/<path_id>/next")
@limited("exercises")
def next_tree(path_id: str) -> Any:
    """The tree the student is to do now: the unchecked one given before, else a new one (stored here). Two tabs
    asking at once may each make a tree; only the first stored step is given to both, and the other exercise is kept
    unused (it was counted against the quota like any made)."""
    path = found_path(path_id)
    identity, who = student_of(json_object("student"))
    progress, steps = student_progress(store(), path, who)
    if progress.next is not None and not progress.pending:
        step = progress.next
        position = len(steps) + 1
        exercise_id, _results_key = new_exercise(step_request(step, path.algorithm, f"{path.id}|{who}|{position}"))
        add_step(store(), path.id, PathStep(who, position, exercise_id, step.target, step.level, identity.student,
                                            identity.learner), stored_bill())
        progress, steps = student_progress(store(), path, who)  # the stored steps: another tab's, if it was first
    return jsonify(answer(path, progress, steps)), 200, {"Cache-Control": "no-store"}


@path_api.get("/<path_id>/progress")
def progress_now(path_id: str) -> Any:
    """The student's progress and the tree given to do now, if any: nothing is stored."""
    path = found_path(path_id)
    _identity, who = student_of(request.args)
    progress, steps = student_progress(store(), path, who)
    return jsonify(answer(path, progress, steps)), 200, {"Cache-Control": "no-store"}


@path_api.get("/<path_id>/results")
def results(path_id: str) -> Any:
    path = found_path(path_id)
    if not key_matches(request.args.get("key", ""), path.key_hash):
        raise Refused(403, "key: a missing or wrong path key (the key was given when the path was made)")
    return jsonify(path=described(path), **path_results(store(), path)), 200, {"Cache-Control": "no-store"}
