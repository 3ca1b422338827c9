"""The places the server leans on a library's internals (docs/architecture.md, "Where we lean on a library's
internals") still find what they rely on: the method they override with the parameters they pass on, the private
attribute they read or set, the module name they replace, the message they recognise; and each library is the
version requirements.lock holds, the one these tests ran on.

An upgrade that renames `_compressor` or stops looking up `simple_websocket.ws.PerMessageDeflate` at handshake
would not fail loudly: the server would run on at zlib's default level, or refuse nothing. This fails instead,
naming the place; after a `make lock` that moves one of these libraries, read the named code again.
"""

from __future__ import annotations

import inspect
import re
from importlib.metadata import version
from typing import Any, Callable

import engineio.async_drivers.threading
import engineio.packet
import engineio.server
import engineio.socket
import flask_socketio
import gunicorn.app.base
import gunicorn.http.errors as gunicorn_errors
import gunicorn.http.wsgi as gunicorn_wsgi
import gunicorn.workers.gthread as gthread
import pytest
import simple_websocket.ws
import socketio.base_manager
import socketio.packet
import socketio.redis_manager
import werkzeug.serving
import wsproto.extensions
from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from packaging.utils import canonicalize_name
from pylti1p3.contrib.flask import FlaskCookieService, FlaskMessageLaunch
from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.message_launch import MessageLaunch
from pylti1p3.service_connector import ServiceConnector
from pylti1p3.tool_config import ToolConfDict, ToolConfJsonFile

from server.classroom.namespace import ClassNamespace
from server.classroom.room_queue import RoomQueue
from server.lti.launch_store import LaunchStore
from server.lti.message_launch import UNKNOWN_KEY, ToolMessageLaunch
from server.lti.service_tokens import KeptTokenConnector
from server.lti.tool import PartitionedCookies, ToolConf
from server.searches.namespace import SearchNamespace
from server.transport.bad_frames import ReadablePacket
from server.transport.gunicorn_worker import LabThreadWorker
from server.transport.no_delay import NoDelayRequestHandler
from server.transport.production import ProductionServer
from server.transport.socket_packet import JsonOnlyPacket
from server.transport.websocket_close import LIBRARY_CLOSE
from server.transport.websocket_deflate import LeveledDeflate
from tests.engine.test_lock import locked

LEANED_ON = ("gunicorn", "python-socketio", "python-engineio", "flask-socketio", "simple-websocket", "wsproto", "werkzeug",
             "pylti1p3")
"""The libraries docs/architecture.md lists: each must be the locked version."""


def parameters(function: Callable[..., Any]) -> list[str]:
    """The names of the parameters `function` takes by name (not *args, **kwargs)."""
    variadic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    return [p.name for p in inspect.signature(function).parameters.values() if p.kind not in variadic]


def source(thing: Any) -> str:
    return inspect.getsource(thing)


def overrides(ours: type, base: type, *names: str) -> None:
    """Each of `names` defined on `ours` is a method of `base` taking the same parameters."""
    for name in names:
        assert name in vars(ours), f"{ours.__name__}.{name} is no longer ours: update this test and the docs"
        assert callable(getattr(base, name, None)), f"{base.__module__}.{base.__name__}.{name} is gone: {ours.__name__} overrides it"
        mine, theirs = parameters(getattr(ours, name)), parameters(getattr(base, name))
        assert theirs[: len(mine)] == mine, \
            f"{base.__name__}.{name}{inspect.signature(getattr(base, name))} no longer takes {ours.__name__}'s {mine}"


def sets_attribute(cls: type, attribute: str) -> bool:
    """`self.<attribute> = ...` somewhere in `cls`'s own code or its bases' (the library keeps the attribute)."""
    pattern = re.compile(rf"self\.{re.escape(attribute)}\s*(?::[^=]*)?=")
    return any(pattern.search(source(klass)) for klass in cls.__mro__ if klass.__module__ != "builtins" and klass is not object)


@pytest.mark.parametrize("name", LEANED_ON)
def test_each_library_is_the_locked_version(name: str) -> None:
    pins = locked()
    assert str(pins[canonicalize_name(name)]) == version(name), \
        f"{name} {version(name)} is installed, {pins[canonicalize_name(name)]} locked: `make setup`, or read its entry in docs/architecture.md"


def test_gunicorns_thread_worker() -> None:
    overrides(LabThreadWorker, gthread.ThreadWorker, "enqueue_req", "handle_error")
    overrides(ProductionServer, gunicorn.app.base.BaseApplication, "load_config", "load")
    assert sets_attribute(gthread.TConn, "initialized") and sets_attribute(gthread.TConn, "sock")
    assert parameters(gunicorn_wsgi.create)[:5] == ["req", "sock", "client", "server", "cfg"]
    assert callable(gunicorn_wsgi.Response.force_close) and sets_attribute(gunicorn_wsgi.Response, "version")
    for error in (gunicorn_errors.InvalidHeader, gunicorn_errors.LimitRequestLine, gunicorn_errors.LimitRequestHeaders,
                  gunicorn_errors.UnsupportedTransferCoding):
        assert issubclass(error, gunicorn_errors.ParseException), error
    assert sets_attribute(gunicorn_errors.InvalidHeader, "hdr")
    for name in ("wsgi", "cfg", "log"):
        assert sets_attribute(gthread.ThreadWorker, name), f"ThreadWorker no longer keeps self.{name}"


def test_werkzeugs_request_handler() -> None:
    overrides(NoDelayRequestHandler, werkzeug.serving.WSGIRequestHandler, "version_string", "setup", "handle_one_request")


def test_python_socketios_packet() -> None:
    overrides(JsonOnlyPacket, socketio.packet.Packet, "decode")
    assert socketio.packet.Packet.uses_binary_events is True and socketio.packet.Packet.json is not None
    read = socketio.packet.Packet(encoded_packet='2/class,["class:join",{}]')
    assert (read.packet_type, read.namespace, read.data) == (socketio.packet.EVENT, "/class", ["class:join", {}])
    assert socketio.packet.Packet.decode(socketio.packet.Packet(), "2[\"x\"]") == 0, "decode returns the attachment count"


def test_engineios_packet_and_sessions() -> None:
    overrides(ReadablePacket, engineio.packet.Packet, "decode")
    # refuse_bad_frames replaces engineio.packet.Packet: engine.io must look it up in the module each time it reads.
    assert "packet.Packet(encoded_packet=" in source(engineio.socket)
    assert "from .packet import Packet" not in source(engineio.socket) + source(engineio.server)
    assert "post request handler error" in source(engineio.server)  # the log line BadFrameFilter recognises
    packet = engineio.packet.Packet(engineio.packet.NOOP)
    assert {"packet_type", "data", "binary"} <= set(vars(packet))
    assert sets_attribute(engineio.server.Server, "sockets")  # close_engineio_session pops a session from it
    assert {"wait", "abort"} <= set(parameters(engineio.socket.Socket.close))


def test_wsprotos_deflate_and_simple_websockets_handshake() -> None:
    overrides(LeveledDeflate, wsproto.extensions.PerMessageDeflate, "frame_outbound")
    deflate = wsproto.extensions.PerMessageDeflate()
    assert deflate._compressor is None and {"client_max_window_bits", "server_max_window_bits"} <= set(dir(deflate))
    # use_deflate_level replaces the name simple-websocket's handshake calls.
    assert "PerMessageDeflate()" in source(simple_websocket.ws) and "PerMessageDeflate" in vars(simple_websocket.ws)


def test_engineios_websocket_close() -> None:
    # close_quietly replaces the close that engine.io's writer thread calls last, through the threading driver's wrapper.
    assert engineio.async_drivers.threading._async["websocket"] is SimpleWebSocketWSGI
    writer = source(engineio.socket.Socket._websocket_handler)
    assert re.search(r"def writer\(\):.*\n\s+ws\.close\(\)", writer, re.S), "engine.io's writer no longer ends with ws.close()"
    assert "if self.ws.connected:" in source(LIBRARY_CLOSE) and "self.ws.close()" in source(LIBRARY_CLOSE)
    assert "raise ConnectionClosed" in source(simple_websocket.ws.Base.close)


def test_flask_socketios_namespace_and_the_redis_manager() -> None:
    overrides(SearchNamespace, flask_socketio.Namespace, "trigger_event")
    overrides(ClassNamespace, flask_socketio.Namespace, "trigger_event")
    assert re.search(r"""handler_name = ['"]on_['"] \+ \(?event""", source(flask_socketio.Namespace.trigger_event))
    overrides(RoomQueue, socketio.redis_manager.RedisManager, "initialize")
    # RoomQueue sets its JSON after initialize: the server's packet JSON is put on the manager before it.
    assert "self.json = self.server.packet_class.json" in source(socketio.base_manager.BaseManager.set_server)


def test_pylti1p3s_launch_connector_storage_and_cookies() -> None:
    overrides(ToolMessageLaunch, FlaskMessageLaunch, "get_service_connector", "get_public_key")
    for name in ("_registration", "_requests_session", "_public_key_cache_data_storage"):
        assert sets_attribute(MessageLaunch, name), f"pylti1p3's MessageLaunch no longer keeps self.{name}"
    assert all(message in source(MessageLaunch.get_public_key) for message in UNKNOWN_KEY)
    overrides(KeptTokenConnector, ServiceConnector, "get_access_token", "make_service_request")
    assert all(f'"{key}"' in source(ServiceConnector.make_service_request) for key in ("headers", "body", "next_page_url"))
    assert sets_attribute(ServiceConnector, "_access_tokens") and sets_attribute(ServiceConnector, "_registration")
    overrides(LaunchStore, LaunchDataStorage, "get_value", "set_value", "check_value", "can_set_keys_expiration",
              "get_session_cookie_name")
    assert callable(LaunchDataStorage._prepare_key)
    overrides(PartitionedCookies, FlaskCookieService, "update_response")
    assert sets_attribute(FlaskCookieService, "_request")
    overrides(ToolConf, ToolConfJsonFile, "_get_deployment")  # a registration that takes any deployment of its client
    assert "self._get_deployment(" in source(ToolConfDict.find_deployment_by_params)
    assert sets_attribute(ToolConfJsonFile, "_config")  # the registrations, by issuer, as the file gives them
