"""The /search namespace: Flask-SocketIO's test client, and a real client against a real server."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
import requests
import websocket

from server import create_app, socketio_of
from tests.helpers.live_server import isolated_config, running_server
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient, named, receive_until, received_events, wait_until

GOLDEN = Path(__file__).parents[1] / "golden"
LECTURE_TRACE = [json.loads(line) for line in (GOLDEN / "lecture_alphabeta.jsonl").read_text().splitlines()]
BIG_SEARCH = {"game": "tictactoe", "algorithm": "minimax"}  # 549,946 nodes: long enough to cancel


def test_lecture_events_from_the_test_client_equal_the_cli_trace() -> None:
    app = create_app(isolated_config())
    client = socketio_of(app).test_client(app, namespace="/search")
    client.emit("search:start", {"example": "lecture", "algorithm": "alphabeta"}, namespace="/search")
    messages = receive_until(client, named("search:done"), "search:done")
    names = [m["name"] for m in messages]
    assert names[0] == "search:started" and names[-1] == "search:done"
    started = messages[0]["args"][0]
    assert [line["id"] for line in started["pseudocode"] if line["id"]][:3] == ["search.call", "search.return", "max.head"]
    assert received_events(messages) == LECTURE_TRACE
    assert received_events(messages)[-1]["value"] == 3


def test_real_client_gets_the_cli_trace_in_batches(client: SearchClient) -> None:
    client.start({"example": "lecture", "algorithm": "alphabeta"})
    assert client.wait() == "search:done"
    assert client.names()[0] == "search:started"
    assert client.events == LECTURE_TRACE
    ids = {data["search"] for _, data in client.messages}
    assert len(ids) == 1


def test_bad_tree_gets_an_error_naming_it_and_the_next_request_works(client: SearchClient) -> None:
    client.start({"tree": {"id": "A", "children": [{"id": "B", "value": 1}, {"id": "C", "value": "x"}]}})
    assert client.wait() == "search:error"
    assert client.messages[-1][1] == {"search": None, "error": "tree.children[1].value: expected a finite number"}
    client.start({"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "algorithm": "alphabeta"})
    assert client.wait() == "search:done"
    assert client.result()["move"] == "B"


@pytest.mark.parametrize(
    ("request_", "error"),
    [
        ({"example": "lecture", "algorithm": "dfs"}, "algorithm: expected one of minimax, alphabeta"),
        ({"game": "tictactoe", "state": "XXXX....."}, "state: X moves first"),
        ("not an object", "expected an object"),
        ({"tree": [[1] * 50] * 201}, "tree: the tree has more than 10,000 nodes (the limit)"),
        ({"example": []}, "example: expected a name"),
        ({"game": "isolation", "estimate": {"a": 1}}, "estimate: expected a name"),
    ],
)
def test_bad_requests_keep_the_connection_usable(client: SearchClient, request_: Any, error: str) -> None:
    client.start(request_)
    assert client.wait() == "search:error"
    assert error in client.messages[-1][1]["error"]
    client.start({"example": "lecture"})
    assert client.wait() == "search:done"


def test_nan_in_a_tree_is_refused_by_the_validator(client: SearchClient) -> None:
    # The python-socketio client writes NaN as a literal; the server reads it and its validator
    # refuses it by name (our strict JSON applies to what the server sends).
    client.start({"tree": [[1, float("nan")]]})
    assert client.wait() == "search:error"
    assert client.messages[-1][1]["error"] == "tree[0][1]: expected a finite number"


def test_cancel_stops_the_stream(client: SearchClient) -> None:
    client.start(BIG_SEARCH)
    client.wait_for(lambda: client.events, "the first events of the big search")
    search_id = client.messages[0][1]["search"]
    client.cancel(search_id)
    assert client.wait() == "search:done"
    result = client.result()
    assert (result["complete"], result["reason"]) == (False, "cancelled")
    assert [e["seq"] for e in client.events] == list(range(len(client.events))) and len(client.events) < 2_000_000
    # Nothing after done. Messages on one connection arrive in the order they were sent, so
    # whatever the cancelled search sent late would arrive before the end of a search started now.
    ended = len(client.messages)
    client.start({"example": "lecture"})
    assert client.wait() == "search:done"
    later = [data["search"] for _, data in client.messages[ended:]]
    assert search_id not in later and len(set(later)) == 1


def test_streamed_json_is_strict_and_infinities_are_strings(client: SearchClient) -> None:
    client.start({"example": "lecture"})
    client.wait()
    first_visit = next(e for e in client.events if e["type"] == "visit")
    assert (first_visit["alpha"], first_visit["beta"]) == ("-inf", "inf")


def test_event_cap_and_running_search_limit_per_client() -> None:
    with running_server({"MAX_EVENTS_PER_SEARCH": 100, "MAX_RUNNING_SEARCHES_PER_CLIENT": 1}) as url:
        client = SearchClient(url)
        try:
            client.start(BIG_SEARCH)
            assert client.wait() == "search:done"
            result = client.result()
            assert (result["complete"], result["reason"], len(client.events)) == (False, "event limit", 101)
        finally:
            client.close()
    with running_server({"MAX_EVENTS_PER_SEARCH": 3_000_000, "MAX_RUNNING_SEARCHES_PER_CLIENT": 1}) as url:
        client = SearchClient(url)
        try:
            client.start(BIG_SEARCH)
            # Handlers run in their own threads: send the second start only once the first runs
            # (the server counts a search before it says search:started).
            client.wait_for(lambda: "search:started" in client.names(), "the first search to start")
            client.start({"example": "lecture"})
            client.wait_for(lambda: "search:error" in client.names(), "the second start's refusal")
            error = next(data for name, data in client.messages if name == "search:error")
            assert "1 searches are already running for this client (the limit)" in error["error"]
        finally:
            client.close()


def test_other_origins_are_refused(server_url: str) -> None:
    handshake = server_url + "/socket.io/?EIO=4&transport=polling"
    assert requests.get(handshake, headers={"Origin": "http://elsewhere.example"}, timeout=PATIENCE_SECONDS).status_code == 400
    assert requests.get(handshake, headers={"Origin": server_url}, timeout=PATIENCE_SECONDS).status_code == 200


def test_http_routes_serve_the_page_the_libraries_and_the_listings(server_url: str) -> None:
    page = requests.get(server_url + "/", timeout=PATIENCE_SECONDS)
    assert page.status_code == 200 and "/vendor/d3.min.js" in page.text and "/vendor/socket.io.min.js" in page.text
    for name in ("d3.min.js", "socket.io.min.js"):
        lib = requests.get(f"{server_url}/vendor/{name}", timeout=PATIENCE_SECONDS)
        assert lib.status_code == 200 and lib.headers["Content-Type"].startswith("text/javascript") and len(lib.content) > 10_000
    assert requests.get(server_url + "/vendor/../package.json", timeout=PATIENCE_SECONDS).status_code == 404
    listing = requests.get(server_url + "/api/pseudocode", params={"algorithm": "alphabeta", "ties": "explore"}, timeout=PATIENCE_SECONDS).json()
    assert any(line["id"] == "max.test" and "v > β" in line["text"] for line in listing)
    assert requests.get(server_url + "/api/pseudocode", params={"algorithm": "x"}, timeout=PATIENCE_SECONDS).status_code == 400
    assert requests.get(server_url + "/api/limits", timeout=PATIENCE_SECONDS).json()["max_tree_nodes"] == 10_000


def test_a_client_that_never_acknowledges_gets_a_bounded_stream_then_a_stop() -> None:
    # Flask-SocketIO's test client does not acknowledge: the server must not queue the whole search.
    app = create_app(isolated_config({"EVENT_WINDOW": 2, "ACK_STALL_SECONDS": 0.5, "MAX_EVENTS_PER_SEARCH": 3_000_000}))
    client = socketio_of(app).test_client(app, namespace="/search")
    client.emit("search:start", BIG_SEARCH, namespace="/search")
    messages = receive_until(client, named("search:done"), "search:done after the stall")
    batches = [m for m in messages if m["name"] == "search:events"]
    assert len(batches) == 4  # the window's two, the one that found it shut, the stopped result
    events = received_events(messages)
    assert [e["seq"] for e in events] == list(range(len(events)))
    result = events[-1]
    assert result["type"] == "result" and (result["complete"], result["reason"]) == (False, "client stalled")


def test_a_search_whose_client_left_ends_at_once() -> None:
    # The stopped search's last batch must not wait for acknowledgements that cannot come. The
    # stall timeout is an hour: a search that waited for it would outlive the wait below.
    app = create_app(isolated_config({"EVENT_WINDOW": 1, "ACK_STALL_SECONDS": 3600, "MAX_EVENTS_PER_SEARCH": 3_000_000}))
    namespace = socketio_of(app).server.namespace_handlers["/search"]
    before = set(threading.enumerate())
    client = socketio_of(app).test_client(app, namespace="/search")
    client.emit("search:start", BIG_SEARCH, namespace="/search")
    # Its first batch is sent from the search's own thread; the window then holds it.
    receive_until(client, named("search:events"), "the first search:events")
    [recorder] = [r for searches in namespace._running.values() for r in searches.values()]
    [search_thread] = [t for t in threading.enumerate() if t not in before and t.name.endswith("(_run)")]
    client.disconnect(namespace="/search")
    search_thread.join(timeout=PATIENCE_SECONDS)
    assert not search_thread.is_alive(), "the search still waits for acknowledgements after its client left"
    assert recorder.cancelled and recorder.stop_reason == "cancelled"


def test_a_cancelled_search_no_longer_counts_against_the_limit() -> None:
    # The test client never acknowledges, so with a window of 1 the search waits after one batch:
    # it is still running (cancelled, not yet ended) when the next start arrives.
    app = create_app(isolated_config({"EVENT_WINDOW": 1, "ACK_STALL_SECONDS": 30, "MAX_RUNNING_SEARCHES_PER_CLIENT": 1,
                                      "MAX_EVENTS_PER_SEARCH": 3_000_000}))
    namespace = socketio_of(app).server.namespace_handlers["/search"]
    client = socketio_of(app).test_client(app, namespace="/search")
    client.emit("search:start", BIG_SEARCH, namespace="/search")
    first = next(filter(named("search:started"), receive_until(client, named("search:started"), "search:started")))["args"][0]["search"]
    [recorder] = [searches[first] for searches in namespace._running.values()]
    client.emit("search:cancel", {"search": first}, namespace="/search")
    wait_until(lambda: recorder.cancelled, "the cancel to reach the first search")
    client.emit("search:start", {"example": "lecture"}, namespace="/search")
    # The first search's own search:done may come before or after the second's: wait for the second's.
    messages = receive_until(client, named("search:done", lambda search: search != first), "the second search's search:done")
    assert not [m for m in messages if m["name"] == "search:error"]
    started = [m["args"][0]["search"] for m in messages if m["name"] == "search:started"]
    assert len(started) == 1 and started[0] != first
    result = received_events(messages, started[0])[-1]
    assert result["type"] == "result" and result["value"] == 3


def test_a_request_too_deep_to_decode_is_answered_and_the_next_one_works(server_url: str) -> None:
    # JSON nested ~1,000 levels deep cannot be decoded; python-socketio would drop it in silence and
    # the page would wait for an answer forever. Sent raw: our own client could not even encode it.
    # websocket-client, not simple-websocket's Client: that one leaves a frame that came in the same read as
    # the handshake's answer (engine.io's open packet, under load) unread until the next one, a ping 25 s on.
    ws = websocket.create_connection(server_url.replace("http", "ws", 1) + "/socket.io/?EIO=4&transport=websocket",
                                     timeout=PATIENCE_SECONDS)

    def receive() -> str:
        """The next message but engine.io's pings (answered): on a slow machine one can come first."""
        while True:
            message = ws.recv()  # WebSocketTimeoutException after PATIENCE_SECONDS: no answer
            if message != "2":
                return message
            ws.send("3")

    def answer() -> str:
        while "search:" not in (message := receive()):
            pass
        return message

    try:
        assert receive().startswith("0")  # engine.io open
        ws.send("40/search,")
        assert receive().startswith("40/search")
        deep = "[" * 3000 + "1" + "]" * 3000
        ws.send('42/search,["search:start",{"tree":%s}]' % deep)
        name, data = json.loads(answer().split(",", 1)[1])
        assert name == "search:error" and data["search"] is None
        assert "nested too deeply" in data["error"] and "40 levels" in data["error"]
        ws.send('42/search,["search:start",{"example":"lecture"}]')
        assert json.loads(answer().split(",", 1)[1])[0] == "search:started"
    finally:
        ws.close()
