"""Minimax Lab's server: Flask pages and a Socket.IO namespace that streams search events.

An app factory (Flask-SocketIO-Chat's habit): nothing is created at import time, so every test
builds a fresh app with its own SocketIO server.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from search.format_libraries import skip_unused_format_libraries
from server.extra import require_server_extra

skip_unused_format_libraries()  # before the server's modules import jsonschema

require_server_extra()  # before Flask: `python -m server` without the [server] extra says so in one line

from flask import Flask
from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from server.classroom.api import class_api
from server.classroom.gate import gate_for
from server.classroom.namespace import ClassNamespace
from server.classroom.room_queue import RoomQueue
from server.classroom.rooms import rooms_for
from server.config import DEFAULTS
from server.courses.api import course_api
from server.courses.pages import course_pages
from server.http import strict_json
from server.http.catalogue import catalogue
from server.http.code_lab import code_lab
from server.http.errors import register_api_errors
from server.http.import_api import import_api
from server.http.misconceptions_api import misconceptions_api
from server.http.ordering_api import ordering_api
from server.http.page_assets import page_assets
from server.http.pages import pages
from server.http.play import PlayPlaces, play
from server.http.pyodide_files import pyodide_files
from server.http.search_zip import search_zip
from server.http.store_down import register_store_down
from server.http.trees_api import api
from server.lti.attach import lti_attach
from server.lti.deep_linking import lti_deep_link
from server.lti.frame_origins import frame_ancestors
from server.lti.registration_routes import lti_register
from server.lti.routes import lti
from server.lti.tool import install_tool
from server.practice.api import exercise_api
from server.practice.next_api import practice_next_api
from server.practice.path_api import path_api
from server.practice.path_pages import path_pages
from server.practice.roster_api import roster_api
from server.quotas import install_quotas
from server.searches.namespace import SearchNamespace
from server.searches.stream import search_stream
from server.searches.trace_checks import check_places
from server.storage import Store
from server.transport.bad_frames import refuse_bad_frames
from server.transport.frame_ancestors import checked_origins
from server.transport.guard import Guard
from server.transport.locked_rooms import LocalRooms
from server.transport.security_headers import security_headers
from server.transport.socket_packet import JsonOnlyPacket
from server.transport.sockets_per_address import SocketsGate, SocketsPerAddress, count_sockets
from server.transport.websocket_close import close_quietly
from server.transport.websocket_deflate import use_deflate_level
from server.web_files import web_folder

NAMESPACES = ("/search", "/class")
"""The Socket.IO namespaces served: an event to any other is a bad frame (server/transport/bad_frames.py)."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    web = web_folder()  # the checkout's templates/ and static/, or the installed package's copy
    app = Flask(__name__, static_folder=str(web / "static"), template_folder=str(web / "templates"))
    app.json = strict_json.StrictJSONProvider(app)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    # Checked before anything is opened: a bad origin is one clear error (FrameAncestorsError, a ValueError).
    app.config["FRAME_ANCESTORS"] = checked_origins(app.config["FRAME_ANCESTORS"])
    app.config.setdefault("DATABASE", str(Path(app.instance_path) / "minimax-lab.sqlite"))
    app.extensions["minimax_store"] = Store(app.config["DATABASE"])
    app.extensions["trace_check_places"] = check_places(int(app.config["MAX_CONCURRENT_TRACE_CHECKS"]))
    app.extensions["play_places"] = PlayPlaces(int(app.config["MAX_RUNNING_SEARCHES_PER_CLIENT"]))
    register_api_errors(app)
    register_store_down(app)
    install_quotas(app)
    install_tool(app)  # LtiConfigError for an unusable --lti-config, before any port is bound
    app.register_blueprint(pages)
    app.register_blueprint(page_assets)
    app.register_blueprint(api)
    app.register_blueprint(ordering_api)
    app.register_blueprint(misconceptions_api)
    app.register_blueprint(catalogue)
    app.register_blueprint(import_api)
    app.register_blueprint(exercise_api)
    app.register_blueprint(course_api)
    app.register_blueprint(course_pages)
    app.register_blueprint(roster_api)
    app.register_blueprint(practice_next_api)
    app.register_blueprint(path_api)
    app.register_blueprint(path_pages)
    app.register_blueprint(class_api)
    app.register_blueprint(search_stream)
    app.register_blueprint(code_lab)
    app.register_blueprint(play)
    app.register_blueprint(pyodide_files)
    app.register_blueprint(search_zip)
    app.register_blueprint(lti)
    app.register_blueprint(lti_deep_link)
    app.register_blueprint(lti_attach)
    app.register_blueprint(lti_register)
    queue = app.config["MESSAGE_QUEUE"]
    app.extensions["minimax_rooms"] = rooms = rooms_for(queue, float(app.config["CLASS_IDLE_SECONDS"]),
                                                              int(app.config["CLASS_MAX_ROOMS"]))
    use_deflate_level(int(app.config["COMPRESSION_LEVEL"]))
    close_quietly()  # a websocket the browser closed first ends without a traceback
    socketio = SocketIO(
        app,
        async_mode="threading",  # with simple-websocket; no eventlet
        serializer=JsonOnlyPacket.served_by(NAMESPACES),  # strict JSON, no scan for binary data, bad frames refused
        json=strict_json,
        max_http_buffer_size=int(app.config["MAX_MESSAGE_BYTES"]),
        # cors_allowed_origins is left unset: same-origin only.
        client_manager=RoomQueue(queue) if queue else LocalRooms(),  # rooms changed by one thread at a time
    )
    refuse_bad_frames(socketio.server, float(app.config["BAD_FRAME_LOG_SECONDS"]))
    app.extensions["search_namespace"] = search_namespace = SearchNamespace("/search", app.config)
    socketio.on_namespace(search_namespace)
    app.extensions["minimax_class_gate"] = gate = gate_for(app.config, rooms)
    socketio.on_namespace(class_namespace := ClassNamespace("/class", app.config, rooms, gate))
    if isinstance(socketio.server.manager, RoomQueue):  # events from other processes are read from the rooms' store
        socketio.server.manager.read_events = gate.release.texts
        socketio.server.manager.on_reconnect = class_namespace.after_queue_fault  # followers catch up after a fault
    app.extensions["sockets_per_address"] = sockets = SocketsPerAddress(int(app.config["SOCKETS_PER_ADDRESS"]))
    count_sockets(socketio.server, sockets)
    app.wsgi_app = SocketsGate(app.wsgi_app, sockets)  # type: ignore[method-assign]  # inside the proxy fix: its address
    if app.config["BEHIND_PROXY"]:  # rate limits count the address the proxy saw, not the proxy's; links the LMS
        # is given (LTI launch and deep-link URLs) use the scheme it was reached by (https behind a TLS proxy)
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1)  # type: ignore[method-assign]
    # Outermost, around Socket.IO's own middleware: every transport passes the guard.
    app.wsgi_app = Guard(app.wsgi_app, app.config["ALLOWED_HOSTS"],  # type: ignore[method-assign]
                         int(app.config["MAX_MESSAGE_BYTES"]), lambda sid: close_engineio_session(socketio, sid),
                         lambda: security_headers(frame_ancestors(app)))
    return app


def close_engineio_session(socketio: SocketIO, sid: str) -> None:
    """End an engine.io session at once: engine.io's own close waits for a poll that may never come."""
    eio = socketio.server.eio
    session = eio.sockets.pop(sid, None)
    if session is not None:
        session.close(wait=False, abort=True)


def socketio_of(app: Flask) -> SocketIO:
    """The SocketIO server that create_app attached to `app`."""
    return app.extensions["socketio"]
