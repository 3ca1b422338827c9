"""Playing against the search (docs/play.md): the page, and the engine's reply to a position.

    GET  /play             the page (templates/play.html)
    POST /api/play/move    a position and the engine's options (search.play.body's fields) -> the engine's move,
                           the position after it, what its search cost and saved, and the viewer's link to the
                           search behind it (search.play.reply); 400 {"error": "field: what is wrong"}
    POST /api/play/position {game, state, move?} -> the position (after the move, if one is given): its board,
                           whose turn, the legal moves as the board marks them, and the end (search.play.position)

The server computes nothing itself: search.play does. A reply is a search, so the per-client limit on
searches applies (MAX_RUNNING_SEARCHES_PER_CLIENT): a client with that many replies being searched gets 429 with
Retry-After for the next. A client is an open page (its X-Play-Page header, a random id), as the /search socket
counts per connection, so a class behind one address is not one client; without the header, its address.

Tests only: `PLAY_HOOK` in the app's config, a function called with no arguments once a reply holds its
place, lets a test keep a reply in flight and see the next refused, without timing anything.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from typing import Any, Callable

from flask import Blueprint, current_app, jsonify, render_template, request

from search import InputError
from search.play import engine_reply
from search.play.position import position_reply
from search.trees.parse import parse_json_text
from server.http.trees_api import body_text, refuse
from server.quotas import limited

RETRY_AFTER_SECONDS = 2

play = Blueprint("play", __name__)
play.register_error_handler(InputError, refuse)


class PlayPlaces:
    """How many replies each client (its address) has being searched, and at most how many it may."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._running: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, client: str) -> bool:
        with self._lock:
            if self._running[client] >= self.limit:
                return False
            self._running[client] += 1
            return True

    def give_back(self, client: str) -> None:
        with self._lock:
            self._running[client] -= 1
            if self._running[client] <= 0:
                del self._running[client]


def places() -> PlayPlaces:
    """The app's places (create_app keeps one PlayPlaces in app.extensions["play_places"])."""
    return current_app.extensions["play_places"]


PAGE_ID = re.compile(r"[0-9A-Za-z-]{8,64}")


def client_of(address: str | None, page: str | None) -> str:
    """Who the limit counts: the page (its id, with the address) or, without a usable id, the address (with
    --behind-proxy, the address the proxy saw)."""
    where = address or "unknown"
    return f"{where} {page}" if page is not None and PAGE_ID.fullmatch(page) else where


@play.get("/play")
def page() -> str:
    return render_template("play.html")


@play.post("/api/play/position")
def position() -> Any:
    """The game's own rules answer: the page keeps none (a move's legality, the position after it, the end)."""
    return jsonify(position_reply(parse_json_text(body_text(), "request")))


@play.post("/api/play/move")
@limited("play_moves")
def move() -> Any:
    body = parse_json_text(body_text(), "request")
    client = client_of(request.remote_addr, request.headers.get("X-Play-Page"))
    mine = places()
    if not mine.take(client):
        plural = "replies are" if mine.limit != 1 else "reply is"
        return jsonify(error=f"{mine.limit} engine {plural} already being searched for this client (the limit on "
                             "searches at once): wait for it"), 429, {"Retry-After": str(RETRY_AFTER_SECONDS)}
    try:
        hook: Callable[[], Any] | None = current_app.config.get("PLAY_HOOK")
        if hook is not None:
            hook()
        return jsonify(engine_reply(body))
    finally:
        mine.give_back(client)
