"""How messages leave the server: pre-encoded event batches spliced into strict JSON, sockets without Nagle."""

from __future__ import annotations

import json
import math
import socket
import threading

import pytest
import requests
from werkzeug.serving import make_server

from server import strict_json
from server.no_delay import NoDelayRequestHandler
from server.strict_json import PreEncoded


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
        answer = requests.get(f"http://127.0.0.1:{httpd.server_port}/", timeout=5).text
    finally:
        httpd.shutdown()
        thread.join(timeout=5)
    assert answer != "0"
