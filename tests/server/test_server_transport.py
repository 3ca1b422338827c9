"""How messages leave the server: pre-encoded event batches spliced into strict JSON, sockets without Nagle."""

from __future__ import annotations

import json
import logging
import math
import socket
import threading

import pytest
import requests
from werkzeug.serving import make_server

from server.http import strict_json
from server.http.strict_json import PreEncoded
from server.transport.no_delay import NoDelayRequestHandler
from tests.helpers.live_server import running_server
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient


def test_pre_encoded_arguments_are_spliced_and_the_rest_stays_strict() -> None:
    text = strict_json.dumps(["search:events", PreEncoded('{"search":"s1","events":[{"seq":0,"alpha":"-inf"}]}')])
    assert json.loads(text) == ["search:events", {"search": "s1", "events": [{"seq": 0, "alpha": "-inf"}]}]
    assert strict_json.dumps(["search:done", {"search": "s1", "x": 1}]) == '["search:done",{"search":"s1","x":1}]'
    with pytest.raises(ValueError):
        strict_json.dumps(["search:done", {"value": math.inf}])
    with pytest.raises(ValueError):
        strict_json.dumps(["search:events", {"value": math.nan}, PreEncoded("[]")])


def test_the_request_handler_turns_nagle_off_on_each_connection() -> None:
    def app(environ, start_response):  # type: ignore[no-untyped-def]
        sock = environ["werkzeug.socket"]
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [str(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)).encode()]

    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=NoDelayRequestHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        answer = requests.get(f"http://127.0.0.1:{httpd.server_port}/", timeout=PATIENCE_SECONDS).text
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
    assert answer != "0"


def test_a_closed_websocket_leaves_no_bad_request_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    # Werkzeug used to read the client's last websocket frame as an HTTP request: a red 400 per visit.
    caplog.set_level(logging.INFO, logger="werkzeug")
    websockets_ended = threading.Semaphore(0)

    class WatchedRequestHandler(NoDelayRequestHandler):
        """The server's handler, saying when it is done with a connection that carried a websocket:
        by then it has read what the client sent last, and logged any 400 for it."""

        carried_websocket = False

        def handle_one_request(self) -> None:
            super().handle_one_request()
            headers = getattr(self, "headers", None)
            if headers is not None and headers.get("Upgrade", "").lower() == "websocket":
                self.carried_websocket = True

        def finish(self) -> None:
            try:
                super().finish()
            finally:
                if self.carried_websocket:
                    websockets_ended.release()

    with running_server(request_handler=WatchedRequestHandler) as url:
        for _ in range(2):
            client = SearchClient(url)
            client.start({"example": "lecture"})
            assert client.wait() == "search:done"
            client.close()
        for n in range(2):
            assert websockets_ended.acquire(timeout=PATIENCE_SECONDS), f"the server is not done with websocket {n + 1} of 2"
        requests.get(url + "/api/limits", timeout=PATIENCE_SECONDS)
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert any("GET /api/limits" in line for line in lines)  # the log was captured
    assert not [line for line in lines if "Bad" in line or '" 400 ' in line]
