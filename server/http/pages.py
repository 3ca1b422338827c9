"""HTTP routes of the browser app: the page, the front-end libraries, the pseudocode listings."""

from __future__ import annotations

from typing import Any, Mapping
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, jsonify, render_template, request, send_file
from werkzeug.exceptions import NotFound

from search import limits
from search.algorithms.pseudocode import listing
from search.games.registry import GAME_EXAMPLES, games
from search.misconceptions import CATALOGUE
from search.misconceptions.listing import mistaken_listing
from search.request import ALGORITHMS, RETURNS, TIES
from search.trees.node import EXAMPLE_ALGORITHMS, EXAMPLE_LABELS, EXAMPLES
from search.trees.schema import tree_schema
from server.http.not_found import require_stored, unrouted
from server.http.page_assets import VENDOR_FILES, vendor_path
from server.http.solution_hidden import require_solution_shown

pages = Blueprint("pages", __name__)
pages.app_errorhandler(NotFound)(unrouted)  # a saved item's link that matches no route (/t/a/b) is "not found" too

def _page(**shared: object) -> str:
    """The page; each example in its list carries its tree, for the editor to open it (a game example, its request).
    A link's saved tree (?tree=<id>) that is not stored gets the not-found page instead."""
    if "tree" in request.args:
        require_stored("trees", request.args["tree"])
    return render_template("index.html", examples=EXAMPLES, example_labels=EXAMPLE_LABELS, example_algorithms=EXAMPLE_ALGORITHMS,
                           game_examples=GAME_EXAMPLES, games=games(), **shared)


@pages.get("/")
def index() -> str:
    return _page()


@pages.get("/t/<tree_id>")
def shared_tree(tree_id: str) -> str:
    """A shared tree: the page loads it from /api/trees/<id> and runs the search on it."""
    require_stored("trees", tree_id)
    return _page(shared_tree=tree_id)


@pages.get("/r/<trace_id>")
def shared_trace(trace_id: str) -> str:
    """A saved trace: the page loads it from /api/traces/<id> and replays it step by step."""
    require_stored("traces", trace_id)
    return _page(shared_trace=trace_id)


def _exercise_or_404(exercise_id: str) -> None:
    require_stored("exercises", exercise_id)


@pages.get("/x/<exercise_id>")
def exercise_page(exercise_id: str) -> str:
    """A practice exercise, the student's view: the page holds only the id (no answer); its
    script fetches the student's copy from /api/exercises/<id>."""
    _exercise_or_404(exercise_id)
    return render_template("exercise.html", exercise_id=exercise_id)


@pages.get("/x/<exercise_id>/results")
def exercise_results(exercise_id: str) -> str:
    """The instructor's results; the key stays in the address (?key=), the script sends it."""
    _exercise_or_404(exercise_id)
    return render_template("exercise_results.html", exercise_id=exercise_id)


@pages.get("/x/<exercise_id>/review")
def exercise_review(exercise_id: str) -> str:
    """One attempt, for the instructor (issue 46): the page fetches it with the key in its own address
    (?key=...&attempt=<id>): the tree it was checked against, the answer, the marks."""
    _exercise_or_404(exercise_id)
    return render_template("exercise_review.html", exercise_id=exercise_id)


@pages.get("/x/<exercise_id>/solution")
def exercise_solution(exercise_id: str) -> str:
    """The main page replaying the exercise's real trace (from ?step=, the first mistake); a hidden solution's
    page says so instead, unless the request is the instructor's (solution_hidden.py)."""
    _exercise_or_404(exercise_id)
    require_solution_shown(exercise_id, _back_query())
    return _page(exercise_solution=exercise_id, back_query=_back_query())


def _back_query() -> str:
    """"Back to the exercise" keeps the student's name from their link (their checks stay theirs; an LMS launch is
    kept by the tab itself, static/js/practice/learner.js)."""
    kept = {name: request.args.get(name, "") for name in ("student", "s")}  # s: a roster student's private link
    kept = {name: value for name, value in kept.items() if value}
    return "?" + urlencode(kept) if kept else ""


# Embedded views (docs/embedding.md): the same pages in a course page's frame, without the header and the side
# panel, with a link out to the full page at the same address less its /embed. Which sites may frame them is
# the server's --frame-ancestors (server/transport/security_headers.py); the query is read by the page's script.
def _full_page_url() -> str:
    """This embedded page's full page: its path without /embed, its query as given."""
    path = request.path.removeprefix("/embed") or "/"
    query = request.query_string.decode("utf-8", "replace")
    return f"{path}?{query}" if query else path


@pages.get("/embed")
def embed() -> str:
    """The view a link's query names (/embed?example=lecture&algorithm=alphabeta&step=30, ?tree=<id>, ...)."""
    return _page(embedded=True, full_page_url=_full_page_url())


@pages.get("/embed/t/<tree_id>")
def embed_tree(tree_id: str) -> str:
    require_stored("trees", tree_id)
    return _page(shared_tree=tree_id, embedded=True, full_page_url=_full_page_url())


@pages.get("/embed/r/<trace_id>")
def embed_trace(trace_id: str) -> str:
    require_stored("traces", trace_id)
    return _page(shared_trace=trace_id, embedded=True, full_page_url=_full_page_url())


@pages.get("/embed/x/<exercise_id>")
def embed_exercise(exercise_id: str) -> str:
    """The exercise alone; its query (student=, learner's own, any other) is the page's, as on /x/<id>."""
    _exercise_or_404(exercise_id)
    return render_template("exercise.html", exercise_id=exercise_id, embedded=True, full_page_url=_full_page_url())


@pages.get("/embed/x/<exercise_id>/solution")
def embed_exercise_solution(exercise_id: str) -> str:
    """Where an embedded exercise's Show solution goes: the replay, staying in the frame (or the hidden page)."""
    _exercise_or_404(exercise_id)
    require_solution_shown(exercise_id, _back_query())
    return _page(exercise_solution=exercise_id, embedded=True, full_page_url=_full_page_url(), back_query=_back_query())


@pages.get("/vendor/<name>")
def vendor(name: str):  # type: ignore[no-untyped-def]
    if name not in VENDOR_FILES:
        abort(404)
    path = vendor_path(name)
    if not path.is_file():
        abort(500, description=f"{VENDOR_FILES[name]} is not installed: run `make setup` (npm ci)")
    return send_file(path, mimetype="text/javascript", max_age=3600)


@pages.get("/api/pseudocode")
def pseudocode():  # type: ignore[no-untyped-def]
    algorithm = request.args.get("algorithm", "alphabeta")
    ties = request.args.get("ties", "prune")
    root = request.args.get("root", "max")
    depth = request.args.get("depth", "")
    chance = request.args.get("chance", "") == "1"  # alpha-beta over chance nodes: CHANCE-VALUE too
    if algorithm not in ALGORITHMS or ties not in TIES or root not in ("max", "min") or not (depth == "" or depth.isdigit()):
        return jsonify(error=f"algorithm must be one of {', '.join(ALGORITHMS)}, ties one of {', '.join(TIES)}, "
                             "root max or min, and depth a whole number or empty"), 400
    extras = _listing_options(request.args)
    if isinstance(extras, str):
        return jsonify(error=extras), 400
    misconception = request.args.get("misconception") or None  # a search with a slip: its line rewritten and marked
    if misconception is not None and misconception not in CATALOGUE:
        return jsonify(error=f"misconception must be one of {', '.join(CATALOGUE)}"), 400
    return jsonify(mistaken_listing(listing(algorithm, ties, root, depth != "", chance, **extras), misconception))


def _listing_options(args: Mapping[str, str]) -> dict[str, Any] | str:
    """The search's options that write lines of their own (the start event's): tt=1, quiescence=1, beam=K,
    returns=v|bound; or the error naming the parameter."""
    for flag in ("tt", "quiescence"):
        if args.get(flag, "") not in ("", "0", "1"):
            return f"{flag} must be 1 (on) or 0 (off)"
    beam = args.get("beam", "")
    if beam and not (beam.isdigit() and 1 <= int(beam) <= limits.MAX_BEAM):
        return f"beam must be a whole number from 1 to {limits.MAX_BEAM}, or empty"
    returns = args.get("returns", "v")
    if returns not in RETURNS:
        return f"returns must be one of {', '.join(RETURNS)}"
    return {"tt": args.get("tt") == "1", "quiescence": args.get("quiescence") == "1", "beam": int(beam) if beam else None,
            "returns": returns}


@pages.get("/api/limits")
def limits_json():  # type: ignore[no-untyped-def]
    """The documented limits, so the page can tell a user before the server refuses. The tree
    editor checks its edits with these (it has no copy of its own): `label_pattern` is the tree
    schema's rule for a label's characters, for JavaScript's `new RegExp(label_pattern, "u")`;
    lengths count characters (code points), as Python's len does."""
    config = current_app.config
    label = tree_schema()["$defs"]["node"]["properties"]["label"]
    return jsonify(
        max_tree_nodes=limits.MAX_TREE_NODES, max_tree_depth=limits.MAX_TREE_DEPTH,
        max_branching=limits.MAX_BRANCHING, max_label_length=limits.MAX_LABEL_LENGTH,
        max_abs_value=limits.MAX_ABS_VALUE, max_payload_bytes=limits.MAX_PAYLOAD_BYTES,
        label_pattern=label["pattern"],
        max_trace_bytes=limits.MAX_TRACE_BYTES,
        max_search_depth=limits.MAX_SEARCH_DEPTH,
        probability_tolerance=limits.PROBABILITY_TOLERANCE,
        max_running_searches_per_client=config["MAX_RUNNING_SEARCHES_PER_CLIENT"],
        max_events_per_search=config["MAX_EVENTS_PER_SEARCH"],
    )
