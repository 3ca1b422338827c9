"""An exercise's roster over HTTP, for its instructor (issue 46, part 3): the private links, more names, the CSV.

    GET  /api/exercises/<id>/roster?key=...      {"links": [{"student", "url"}]}, in roster order
    POST /api/exercises/<id>/roster?key=...      {"roster": [names]} -> 201 {"links": [the new ones]}
    GET  /api/exercises/<id>/roster.csv?key=...  name,link (absolute links), for a mail merge

403 without the results key, 404 for no such exercise, 409 to add names to an exercise made without a roster (its
students were told to type a name; a roster then would lock them out). Bad names: 400 naming `roster[i]`, nothing
added.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from search import InputError
from server.http.trees_api import refuse, store
from server.practice.api import Loaded, instructors_exercise, json_object
from server.practice.results_csv import csv_download
from server.practice.roster import MAX_ROSTER, links, parse_roster, roster_csv
from server.quotas import stored_bill

roster_api = Blueprint("roster_api", __name__, url_prefix="/api/exercises")
roster_api.register_error_handler(InputError, refuse)


@roster_api.get("/<exercise_id>/roster")
def roster_links(exercise_id: str) -> Any:
    loaded = instructors_exercise(exercise_id)
    if not isinstance(loaded, Loaded):
        return loaded
    return jsonify(links=links(exercise_id, store().roster(exercise_id)))


@roster_api.post("/<exercise_id>/roster")
def add_to_roster(exercise_id: str) -> Any:
    loaded = instructors_exercise(exercise_id)
    if not isinstance(loaded, Loaded):
        return loaded
    if not loaded.roster:
        return jsonify(error="this exercise was made without a roster: its students type their own name; make a new "
                             "exercise with a roster for private links"), 409
    body = json_object("roster")
    unknown = sorted(set(body) - {"roster"})
    if unknown:
        raise InputError(unknown[0], "unknown field")
    names = parse_roster(body.get("roster"))
    added = store().add_roster(exercise_id, names, stored_bill(), most=MAX_ROSTER)
    return jsonify(links=links(exercise_id, added)), 201


@roster_api.get("/<exercise_id>/roster.csv")
def roster_as_csv(exercise_id: str) -> Any:
    loaded = instructors_exercise(exercise_id)
    if not isinstance(loaded, Loaded):
        return loaded
    return csv_download(roster_csv(exercise_id, store().roster(exercise_id), request.host_url), f"exercise-{exercise_id}-roster.csv")
