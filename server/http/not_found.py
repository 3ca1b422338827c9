"""A page link to a saved item that is not stored: 404 and a page naming what was asked for (issue 33).

Before, /t/<id>, /r/<id> and a link's ?tree=<id> rendered the app, whose script found the id gone and showed the
lecture tree under a small red note, which a student took for the intended tree. Now every page route that takes
a saved item's id asks the store first and, when it holds nothing under that id, answers 404 with
templates/not_found.html: what was asked for (the id inserted as text), the likely reasons, a link to the lecture
example, and never a tree. The REST API's 404s stay JSON (server/http/trees_api.py, server/practice/api.py).
"""

from __future__ import annotations

import re
from typing import Any, NoReturn

from flask import Response, abort, current_app, make_response, render_template, request
from werkzeug.exceptions import NotFound

from server.http.errors import API_PREFIX, http_error

# The ids the store hands out are secrets.token_urlsafe(9) (12 characters); older databases and tests hold
# shorter hand-made ones (`old-exercise`). Anything else is not an id: the page says so without asking the store.
SAVED_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
SHOWN_ID_CHARS = 64  # an over-long id is named by its start and its length
WHAT = {"trees": "saved tree", "traces": "saved trace", "exercises": "exercise", "courses": "course", "paths": "practice path"}
# The page links of a saved item, by their first letter; an exercise's pages end in /results or /solution.
LINK = re.compile(r"/(?:embed/)?(?:([tr])/(.+)|(x)/(.+?)(?:/results|/solution)?)")
KINDS = {"t": "trees", "r": "traces", "x": "exercises"}


def is_stored(kind: str, item_id: str) -> bool:
    """Whether the store holds `kind` (trees, traces, exercises) under `item_id` (asked without reading its body)."""
    return bool(SAVED_ID.fullmatch(item_id)) and current_app.extensions["minimax_store"].holds(kind, item_id)


def require_stored(kind: str, item_id: str) -> None:
    """Return when the item is stored; else end the request with the not-found page."""
    if not is_stored(kind, item_id):
        not_found(kind, item_id)


def not_found(kind: str, item_id: str) -> NoReturn:
    abort(not_found_page(kind, item_id))


def not_found_page(kind: str, item_id: str) -> Response:
    """The 404 page for `kind` and `item_id`; embedded (no header, links open a new tab) under /embed."""
    shown = item_id[:SHOWN_ID_CHARS]
    page = render_template("not_found.html", kind=kind[:-1], what=WHAT[kind], shown_id=shown,
                           cut_from=len(item_id) if len(item_id) > len(shown) else None,
                           embedded=request.path == "/embed" or request.path.startswith("/embed/"))
    return make_response(page, 404)


def unrouted(error: NotFound) -> Any:
    """Every 404 of the app (pages.py registers it app-wide): a saved item's link that matched no route gets the
    not-found page; under /api/ the JSON error as before (server/http/errors.py); any other path Flask's page."""
    if request.path.startswith(API_PREFIX):
        return http_error(error)
    link = LINK.fullmatch(request.path)
    if link is None:
        return error
    letter, item_id = (link.group(1), link.group(2)) if link.group(1) else (link.group(3), link.group(4))
    return not_found_page(KINDS[letter], item_id)
