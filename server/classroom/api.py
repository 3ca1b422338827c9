"""HTTP side of classroom rooms: the student's link `/c/<code>` and the events a room's followers
hold as JSON Lines (for a late joiner when they are too many for one `class:state` message)."""

from __future__ import annotations

import math

from flask import Blueprint, Response, abort, current_app, jsonify, request

from server.classroom.codes import canonical_code
from server.http.pages import _page
from server.rate_limits import client_address

class_api = Blueprint("class_api", __name__)


@class_api.get("/c/<code>")
def follow_page(code: str) -> str:
    """The page, following the class: its script joins the room (a wrong code is answered there)."""
    canonical = canonical_code(code)
    if canonical is None:
        abort(404, description=f"{code!r} is not a class code (8 letters and digits, such as K7QM2XWP)")
    return _page(class_code=canonical)


@class_api.get("/api/class/<code>/searches/<search_id>/events")
def room_events(code: str, search_id: str) -> Response | tuple[Response, int, dict[str, str]]:
    """The events the room's followers hold of its current search (up to the instructor's furthest
    step, server/classroom/gate.py), one per line. The search id (72 random bits) is only ever sent
    to the room's members. A fetch with the ticket of a joiner's class:state is that joiner's own (one
    per connection and search, tickets.py); any other counts against the address's CLASS_EVENT_FETCHES_PER_MINUTE."""
    canonical = canonical_code(code)
    gate = current_app.extensions["minimax_class_gate"]
    ticket = request.args.get("ticket", "")
    if not (canonical and ticket and gate.tickets.spend(ticket[:64], canonical, search_id)):
        client = client_address(request.remote_addr)
        if not gate.fetches.allow(client):
            wait = max(1, math.ceil(gate.fetches.retry_after(client)))
            return jsonify(error=f"too many fetches of a class's events from this address (at most {gate.fetches.tries} a "
                                 f"minute beyond each joiner's own): try again in {wait} s"), 429, {"Retry-After": str(wait)}
    held = gate.release.held(canonical, search_id) if canonical else None
    texts = gate.release.texts(canonical, search_id, 0, held.released) if held is not None else None
    if texts is None:
        abort(404, description="no such class search (the class may have ended or moved on to another search)")
    return Response("".join(t + "\n" for t in texts), mimetype="application/x-ndjson")
