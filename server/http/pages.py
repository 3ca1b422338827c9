"""HTTP routes of the browser app: the page, the front-end libraries, the pseudocode listings."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify, render_template, request, send_file

from search import limits
from search.algorithms.pseudocode import listing
from search.request import ALGORITHMS, TIES
from search.trees.node import EXAMPLE_ALGORITHMS, EXAMPLE_LABELS, EXAMPLES
from search.trees.schema import tree_schema
from server.http.page_assets import VENDOR_FILES, vendor_path

pages = Blueprint("pages", __name__)

def _page(**shared: str) -> str:
    """The page; each example in its list carries its tree, for the editor to open it."""
    return render_template("index.html", examples=EXAMPLES, example_labels=EXAMPLE_LABELS, example_algorithms=EXAMPLE_ALGORITHMS, **shared)


@pages.get("/")
def index() -> str:
    return _page()


@pages.get("/t/<tree_id>")
def shared_tree(tree_id: str) -> str:
    """A shared tree: the page loads it from /api/trees/<id> and runs the search on it."""
    return _page(shared_tree=tree_id)


@pages.get("/r/<trace_id>")
def shared_trace(trace_id: str) -> str:
    """A saved trace: the page loads it from /api/traces/<id> and replays it step by step."""
    return _page(shared_trace=trace_id)


def _exercise_or_404(exercise_id: str) -> None:
    if current_app.extensions["minimax_store"].load_exercise(exercise_id) is None:
        abort(404, description=f"no exercise with id {exercise_id!r}")


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


@pages.get("/x/<exercise_id>/solution")
def exercise_solution(exercise_id: str) -> str:
    """The main page replaying the exercise's real trace (from ?step=, the first mistake)."""
    _exercise_or_404(exercise_id)
    return _page(exercise_solution=exercise_id)


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
    return jsonify(listing(algorithm, ties, root, depth != "", chance))


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
