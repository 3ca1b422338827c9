"""The code lab (docs/code-lab.md): a student writes the search, it runs in their browser, and the page
draws it beside the reference with the first place and the idea where it goes wrong.

    GET /code                 the page; its query (algorithm, example | tree | game, state, depth, ties,
                              returns, quiz) opens a problem
    GET /api/code/problem     that query -> {"problem": normalized request, "entry": "alphabeta_search",
                              "starter": the starter file's text, "time_limit_seconds": n, "game_name": the
                              game as a sentence names it ("Connect Four"; null for a tree)}, or 400 naming
                              the field; ?quiz=isolation-depth-limit -> {"quiz", "title", "entry", "starter",
                              "time_limit_seconds"} (the lecture's quiz as written, search.grading.quiz)

The server validates the problem and hands out the starter; the student's code runs only in the
page's Web Worker (Pyodide, server/http/pyodide_files.py, with our package from search_zip.py), never
here. The worker script is served by this module, with a policy that lets it compile WebAssembly.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from flask import Blueprint, Response, current_app, jsonify, render_template, request, send_file

from search import InputError
from search.games.registry import game_info
from search.grading.browser import problem_json
from search.grading.problem import ENTRIES
from search.grading.quiz import ENTRY as QUIZ_ENTRY, QUIZZES
from search.grading.starters import quiz_starter, starter
from search.trees.parse import parse_json_text
from server.http.asset_urls import content_version
from server.http.search_zip import package_zip
from server.http.trees_api import refuse
from server.transport.security_headers import content_security_policy
from server.web_files import web_folder

WORKER = web_folder() / "static" / "js" / "code" / "python_worker.js"
WORKER_POLICY = content_security_policy(("'wasm-unsafe-eval'",))
"""The worker's own policy (a worker keeps the policy of its script's answer): the page's, and it may
compile WebAssembly, which Pyodide is. No eval of JavaScript text is allowed."""

code_lab = Blueprint("code_lab", __name__)
code_lab.register_error_handler(InputError, refuse)


def time_limit() -> float:
    return float(current_app.config["CODE_LAB_TIME_LIMIT_SECONDS"])


@code_lab.get("/code")
def page() -> str:
    return render_template("code.html", worker_url=f"/code/python_worker.js?v={content_version(WORKER)}",
                           zip_url=package_zip().url, time_limit=time_limit())


@code_lab.get("/code/python_worker.js")
def worker() -> Response:
    response = send_file(WORKER, mimetype="text/javascript", max_age=3600)
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    return response


def problem_fields(args: Mapping[str, str]) -> dict[str, Any]:
    """The address's fields as a problem's: `depth` a whole number, `tree` its JSON text (or shorthand)
    parsed; empty fields left out. Anything else is the grader's to validate (search.grading.problem)."""
    fields: dict[str, Any] = {key: value for key, value in args.items() if value != ""}
    if "depth" in fields:
        if not fields["depth"].isdigit():
            raise InputError("depth", f"expected a whole number, got {fields['depth']!r}")
        fields["depth"] = int(fields["depth"])
    if "tree" in fields:
        try:
            fields["tree"] = parse_json_text(fields["tree"], "tree")
        except InputError as exc:
            raise InputError("tree" + ("." if exc.where[:1].isalpha() else "") + exc.where, exc.problem, too_large=exc.too_large) from None
    return fields


def quiz_answer(args: Mapping[str, str]) -> dict[str, Any]:
    """A lecture quiz as written (search.grading.quiz): its own file and API, graded by counting terminal tests."""
    quiz = args["quiz"]
    if quiz not in QUIZZES:
        raise InputError("quiz", f"expected one of {', '.join(QUIZZES)}, got {quiz!r}")
    others = sorted(key for key, value in args.items() if key != "quiz" and value != "")
    if others:
        raise InputError(others[0], "a quiz sets its own problem: give quiz alone")
    return {"quiz": quiz, "title": QUIZZES[quiz], "entry": QUIZ_ENTRY, "starter": quiz_starter(quiz)}


@code_lab.get("/api/code/problem")
def problem() -> Any:
    """The problem the query names, normalized (a tree in its full JSON form, sent to the worker as is)."""
    if "quiz" in request.args:
        return jsonify(**quiz_answer(request.args), time_limit_seconds=time_limit())
    normalized = json.loads(problem_json(problem_fields(request.args)))
    algorithm = str(normalized.get("algorithm", "alphabeta"))
    entry = ENTRIES.get(algorithm, f"{algorithm}_search")
    game_name = game_info(normalized["game"]).name if "game" in normalized else None  # as a sentence names it
    return jsonify(problem=normalized, entry=entry, starter=starter(algorithm), time_limit_seconds=time_limit(),
                   game_name=game_name)
