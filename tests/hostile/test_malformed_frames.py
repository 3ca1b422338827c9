"""Frames no client of ours sends, raw over a websocket and over long-polling to `python -m server`.

Found: `42/class,[1,{}]` raised an AttributeError in our own handler (`event.replace`), and every
bad frame wrote a full traceback: 2,000 frames added 3.3 MB of log in 1.8 s (`/search` the same).
Now each kind of fault gets one short line per BAD_FRAME_LOG_SECONDS (server/transport/bad_frames.py),
the connection goes on, and no handler of ours raises on data of any JSON type.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Iterator

import pytest
import websocket

from server import create_app, socketio_of
from server.classroom.namespace import ClassNamespace
from server.searches.namespace import SearchNamespace
from server.transport.bad_frames import FrameLog
from tests.helpers import raw_http
from tests.helpers.live_server import isolated_config
from tests.helpers.raw_polling import RECORD_SEPARATOR, PollingSession
from tests.helpers.server_process import ServerProcess, server_process
from tests.helpers.socket_client import PATIENCE_SECONDS, wait_until

# (kind of fault as the log names it, engine.io frames of it): each is sent on a connected websocket.
BAD_FRAMES = {
    "event name": ['42/class,[1,{}]', '42/search,[1,{}]', '42/class,{}', '42/search,"x"', '42/class,[]',
                             '42/search,[null,1]', '42/class,[["class:join"],{}]', '42/search,["disconnect"]',
                             '42/class,["connect",{}]'],
    "unreadable Socket.IO packet": ['42/class,[1', '42/search,["search:start",{]', '4x', '42/search,7' + '9' * 120],
    "unknown namespace": ['42/nope,["x"]', '42,["search:start",{}]', '43/elsewhere,1[]'],
    "Socket.IO packet type": ['49/class,[]', '44/class,{}', '45-/class,["a",{"_placeholder":true,"num":0}]'],
    "acknowledgement": ['43/search,7{"a":1}', '43/class,9"x"'],
    "engine.io packet": ['', 'x', 'ba'],
    "empty Socket.IO packet": ['4'],  # python-socketio's packet skipped decoding it: a handler then met an event of no data
}
FRAMES_SENT = 2000


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    """A server of its own, its log in a file (the module's other tests must not write to it)."""
    folder = tmp_path_factory.mktemp("frames")
    with server_process(folder / "lab.sqlite", log=folder / "server.log") as running:
        yield running, folder / "server.log"


def connected_websocket(port: int) -> websocket.WebSocket:
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket", timeout=PATIENCE_SECONDS)
    assert ws.recv().startswith("0{")
    for namespace in ("/class", "/search"):
        ws.send(f"40{namespace},")
        assert ws.recv().startswith(f"40{namespace},")
    return ws


def answer_to(ws: websocket.WebSocket, frame: str, ack: str) -> Any:
    """Send `frame` (with acknowledgement id `ack`) and return the acknowledgement's values."""
    ws.send(frame)
    while True:
        message = ws.recv()
        if message == "2":
            ws.send("3")
        elif message.startswith(ack):
            return json.loads(message[len(ack):])


def test_two_thousand_bad_frames_write_a_line_per_kind_and_no_traceback(logged: tuple[ServerProcess, Path]) -> None:
    server, log = logged
    before = log.stat().st_size
    frames = [frame for kind in BAD_FRAMES.values() for frame in kind]
    ws = connected_websocket(server.port)
    for i in range(FRAMES_SENT):
        ws.send(frames[i % len(frames)])
    ws.send_binary(b'2/class,["class:join",{}]')  # engine.io passes it on as binary; our clients send text
    # The connection goes on: both namespaces still answer.
    assert answer_to(ws, '42/search,1["search:read",{}]', "43/search,1") == [
        {"error": 'search:read: expected {"search": id, "seq": a whole number >= 0}'}]
    assert "error" in answer_to(ws, '42/class,2["class:join",{"code":"nope"}]', "43/class,2")[0]
    ws.close()

    def text() -> str:
        return log.read_bytes()[before:].decode()
    kinds = [*BAD_FRAMES, "binary Socket.IO packet"]
    wait_until(lambda: all(f"bad frame refused: {kind}: " in text() for kind in kinds), "a log line for each kind of bad frame")
    lines = text().splitlines()
    assert "Traceback" not in text() and "Error handling request" not in text()
    assert len(lines) == len(kinds), lines  # one per kind: the rest are within BAD_FRAME_LOG_SECONDS
    assert all(len(line) < 200 for line in lines), lines
    assert len(text()) < 1500


def test_bad_packets_over_long_polling_are_refused_in_a_line_and_the_session_goes_on(logged: tuple[ServerProcess, Path]) -> None:
    server, log = logged
    session = PollingSession(server.port)
    session.send("40/class,")
    bad = ['42/class,[1,{}]', '42/search,{}', '42/search,[1', '42/nowhere,["x"]']
    for _ in range(50):
        session.send(RECORD_SEPARATOR.join(bad))
    session.send('42/search,1["search:read",{}]')  # still served: the session answers after all of them
    assert acknowledgement(session, "43/search,1") == [{"error": 'search:read: expected {"search": id, "seq": a whole number >= 0}'}]
    garbage = raw_http.post(server.port, session.path, RECORD_SEPARATOR.join(["x"] * 17).encode())  # past engine.io's 16 packets
    assert garbage.status == 200
    wait_until(lambda: "bad frame refused: engine.io polling body: ValueError: 'Too many packets in payload'" in log.read_text(),
               "the line for a body of 17 packets")
    assert "Traceback" not in log.read_text()


def acknowledgement(session: PollingSession, ack: str) -> Any:
    while True:
        for packet in session.poll():
            if packet == "2":
                session.send("3")
            elif packet.startswith(ack):
                return json.loads(packet[len(ack):])


def test_a_client_event_named_disconnect_does_not_end_its_searches(logged: tuple[ServerProcess, Path]) -> None:
    """Found: `42/search,["disconnect"]` ran our disconnect handler while the client stayed connected:
    its running searches were dropped and every later search:start went unanswered."""
    server, _ = logged
    session = PollingSession(server.port)
    session.send('42/search,["disconnect"]')
    session.emit("search:start", '{"example": "lecture", "algorithm": "alphabeta"}')
    assert session.next_event("search:started")["algorithm"] == "alphabeta"


def test_the_frame_log_says_how_many_it_left_unsaid() -> None:
    lines: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    logger = logging.getLogger("test.frame_log")
    logger.addHandler(Collect())
    logger.propagate = False
    now = [0.0]
    frames = FrameLog(60.0, clock=lambda: now[0], logger=logger)
    for _ in range(1000):
        frames.report("event name", "'2/class,[1,{}]'")
    frames.report("unknown namespace", "'2/nope,[\"x\"]'")
    now[0] = 61.0
    frames.report("event name", "'2/class,[2]'")
    assert lines == ["bad frame refused: event name: '2/class,[1,{}]'",
                     "bad frame refused: unknown namespace: '2/nope,[\"x\"]'",
                     "bad frame refused: event name: '2/class,[2]' (999 more since the last line, 61 s ago)"]


FIELDS = ("search", "seq", "code", "key", "algorithm", "step", "question", "answer", "delivery", "example", "tree", "game")
"""The fields the handlers read; each gets values of every JSON type a field is not (a list or an object is not
hashable: `{"search": [1]}` raised TypeError in search:cancel's lookup, and the client got no reply)."""
FUZZ_VALUES: list[Any] = [None, 0, -1, 2**53, 1.5, True, "", "x", "Q" * 900_000, [], [1, "a", None], [[[[[]]]]],
                          {}, {"search": 1, "seq": "x"}, {"code": ["x"], "key": {"a": 1}}, {"a": {"b": {"c": [1, {"d": None}]}}},
                          {"code": "Q" * 900_000, "key": "Q" * 900_000, "algorithm": "Q" * 900_000, "search": "Q" * 900_000},
                          *({field: value} for field in FIELDS for value in ([1], {"a": [1]}, None, 1.5, True))]


def handlers(namespace: type) -> list[str]:
    """Every message a namespace takes, by its handler's name (on_class_join -> class:join)."""
    return sorted(name[3:].replace("_", ":", 1) for name in dir(namespace)
                  if name.startswith("on_") and name not in ("on_connect", "on_disconnect"))


@pytest.mark.parametrize(("namespace", "events"), [("/search", handlers(SearchNamespace)), ("/class", handlers(ClassNamespace))])
def test_no_handler_raises_on_data_of_any_json_type(namespace: str, events: list[str], caplog: pytest.LogCaptureFixture) -> None:
    """Each message with each value: an answer (its acknowledgement or an error event) or nothing, never an
    exception, and nothing logged with a traceback. On /class each object value is sent a second time with a
    running class's code and key, so the instructor's handlers read its fields too, past the key check."""
    app = create_app(isolated_config({"CLASS_JOINS_PER_MINUTE": 10_000}))
    client = socketio_of(app).test_client(app, namespace=namespace)
    assert len(events) >= 4, events
    values = list(FUZZ_VALUES)
    if namespace == "/class":
        room = client.emit("class:create", {}, namespace=namespace, callback=True)
        keyed = {"code": room["code"], "key": room["key"]}
        values += [{**value, **keyed} for value in FUZZ_VALUES if isinstance(value, dict) and "code" not in value]
        events = [event for event in events if event != "class:close"] + ["class:close"]  # the class is ended last
    for event in events:
        for value in values:
            try:
                answer = client.emit(event, value, namespace=namespace, callback=True)
            except Exception as error:  # the point of the test: name the message and value
                raise AssertionError(f"{event} with {str(value)[:60]} raised {error!r}") from error
            assert len(json.dumps(answer)) < 2000, (event, str(value)[:60], str(answer)[:200])
            for message in client.get_received(namespace):
                if message["name"].endswith(":error"):
                    assert len(json.dumps(message)) < 2000, (event, str(value)[:60], str(message)[:200])
            logged = [record.getMessage() for record in caplog.records if record.exc_info]
            assert logged == [], (event, str(value)[:60], logged)
    client.disconnect(namespace=namespace)


def test_over_long_request_lines_are_answered_and_logged_in_a_line_a_minute(logged: tuple[ServerProcess, Path]) -> None:
    """Found: gunicorn logged a warning for every request it could not read (1,314 lines from one fuzz run)."""
    server, log = logged
    before = log.stat().st_size
    for _ in range(200):
        answer = raw_http.request(server.port, "GET /" + "a" * 9000 + " HTTP/1.1")
        assert answer.status == 414 and answer.body.decode().startswith("the request is malformed:")
    assert raw_http.request(server.port, "GET /api/limits HTTP/1.1").status == 200  # and the server goes on
    lines = [line for line in log.read_bytes()[before:].decode().splitlines() if "invalid request" in line]
    assert len(lines) == 1, lines  # the other 199 are within INVALID_REQUEST_LOG_SECONDS
    assert "invalid request: LimitRequestLine: from ip=127.0.0.1:" in lines[0] and len(lines[0]) < 300
