"""The REST API for saved trees and traces, and the random tree generator.

Every tree goes through search.trees.parse (the one validator) and every uploaded trace through
search.traces.verify (searched again by the engine and compared, server.searches.trace_checks), so the API
refuses exactly what the CLI and the socket refuse, with the same messages. Size limits answer 413;
a trace that is not what the engine does 422; other bad input 400; nothing is stored unless valid.
A trace of a game the server does not know (search.traces.recorded) is checked and replayed as
recorded, but never stored: the store answers 422 with the reason.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from search import InputError
from search.traces.check import canonical_text, read_trace
from search.traces.recorder import FORMAT_VERSION
from search.traces.verify import TraceMismatch, VerifiedTrace
from search.trees.parse import parse_json_text, parse_tree_text
from search.trees.random_trees import random_tree_json
from search.trees.shorthand import to_shorthand
from server.quotas import limited, stored_bill
from server.searches.trace_checks import TraceChecksBusy, checked_trace
from server.storage import Store

api = Blueprint("api", __name__, url_prefix="/api")


def store() -> Store:
    return current_app.extensions["minimax_store"]


@api.errorhandler(InputError)
def refuse(error: InputError) -> tuple[Response, int]:
    """Every route's bad input: 413 over a size limit, 422 a trace the engine does not make, else 400,
    with the validator's message."""
    status = 413 if error.too_large else 422 if isinstance(error, TraceMismatch) else 400
    return jsonify(error=str(error)), status


@api.errorhandler(TraceChecksBusy)
def busy(error: TraceChecksBusy) -> tuple[Response, int, dict[str, str]]:
    return jsonify(error=str(error)), 503, {"Retry-After": str(error.retry_after)}


def body_text() -> str:
    """The request body as text. Its size was checked before any route ran, against the route's limit,
    whatever its transfer encoding (server/transport/guard.py: 413 naming the limit)."""
    try:
        return request.get_data(cache=False).decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("", "the body is not UTF-8 text") from None


@api.post("/trees")
@limited("trees")
def save_tree() -> Any:
    bill = stored_bill()
    tree = parse_tree_text(body_text())
    tree_id = store().save("trees", json.dumps(tree.to_json(), allow_nan=False), bill)
    return jsonify(id=tree_id, url=url_for("pages.shared_tree", tree_id=tree_id)), 201


@api.post("/trees/check")
def check_tree() -> Any:
    """Validate and normalise without saving: the editor's text box uses the one validator too."""
    tree = parse_tree_text(body_text())
    return jsonify(tree.to_json())


@api.post("/trees/shorthand")
def tree_shorthand() -> Any:
    """The tree as nested lists, and the nodes the shorthand names differently; or 400 saying what
    it cannot carry (a label, an estimate, a player out of turn, a tree of one node)."""
    shorthand = to_shorthand(parse_tree_text(body_text()))
    return jsonify(shorthand=shorthand.text, renamed=shorthand.renamed)


def stored(kind: str, item_id: str, mimetype: str, as_now: Callable[[str], str] = str) -> Any:
    """A saved item as `as_now` reads it today (as it was stored, by default), or 404 naming what was asked for."""
    body = store().load(kind, item_id)
    if body is None:
        return jsonify(error=f"no saved {kind[:-1]} with id {item_id!r}"), 404
    return Response(as_now(body), mimetype=mimetype)


@api.get("/trees/<tree_id>")
def load_tree(tree_id: str) -> Any:
    return stored("trees", tree_id, "application/json")


def trace_answer(trace: VerifiedTrace, uploaded: str, **fields: Any) -> dict[str, Any]:
    """What a trace upload answers: the event count, and when the file's text is not the engine's
    (an older format, another key order or spacing) the trace as the engine writes it (`trace`,
    JSON Lines), which the page replays instead of the file's text. `verified`: whether the engine
    searched it again; when not (a game the server does not know), `reason` says so."""
    answer = {**fields, "events": trace.events, "verified": trace.verified}
    if not trace.verified:
        answer["reason"] = trace.reason
    if trace.differs_from(uploaded):
        answer["trace"] = trace.text
    return answer


@api.post("/traces")
@limited("traces")
def save_trace() -> Any:
    bill = stored_bill()  # refused before the trace is searched again when the address's quota is already spent
    text = body_text()
    trace = checked_trace(text)
    if not trace.verified:  # only the engine's own searches are shared as the engine's
        return jsonify(error=trace.reason), 422
    trace_id = store().save("traces", trace.text, bill)
    url = url_for("pages.shared_trace", trace_id=trace_id)
    return jsonify(trace_answer(trace, text, id=trace_id, url=url)), 201


@api.post("/traces/check")
@limited("trace_checks")
def check_trace() -> Any:
    """Verify without saving: a student opening a trace file replays it, nothing is stored."""
    text = body_text()
    return jsonify(trace_answer(checked_trace(text), text))


@api.get("/traces/<trace_id>")
def load_trace(trace_id: str) -> Any:
    return stored("traces", trace_id, "application/x-ndjson", trace_as_now)


def trace_as_now(body: str) -> str:
    """A saved trace in the current format: one saved in an older format is upgraded as it is read
    (search.traces.upgrade) and stays stored as it was."""
    if json.loads(body[: body.index("\n")]).get("format") == FORMAT_VERSION:
        return body
    return canonical_text(read_trace(body)[0])


@api.post("/random-tree")
def make_random_tree() -> Any:
    """Options (all optional): depth, min_branching, max_branching, min_value, max_value, seed."""
    text = body_text()
    options = parse_json_text(text, "options") if text.strip() else {}
    return jsonify(random_tree_json(options))
