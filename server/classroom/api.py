"""HTTP side of classroom rooms: the student's link `/c/<code>` and the room's events as JSON Lines
(for a late joiner when they are too many for one `class:state` message)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app

from server.classroom.codes import canonical_code
from server.http.pages import _page

class_api = Blueprint("class_api", __name__)


@class_api.get("/c/<code>")
def follow_page(code: str) -> str:
    """The page, following the class: its script joins the room (a wrong code is answered there)."""
    canonical = canonical_code(code)
    if canonical is None:
        abort(404, description=f"{code!r} is not a class code (8 letters and digits, such as K7QM2XWP)")
    return _page(class_code=canonical)


@class_api.get("/api/class/<code>/searches/<search_id>/events")
def room_events(code: str, search_id: str) -> Response:
    """The events so far of the room's current search, one per line. The search id (72 random
    bits) is only ever sent to the room's members, so the path is as hard to guess as a key."""
    canonical = canonical_code(code)
    rooms = current_app.extensions["minimax_rooms"]
    batches = rooms.batches(canonical, search_id) if canonical else None
    if batches is None:
        abort(404, description="no such class search (the class may have ended or moved on to another search)")

    return Response(iter(batches), mimetype="application/x-ndjson")  # kept as JSON Lines: sent as they are
