"""A search's events fetched as one HTTP response (search:start delivery "http"), on a real server.

The page receives its own searches this way (server/searches/stream.py); the socket still carries
search:started, search:done / search:error and search:cancel, and the per-client limit holds.
"""

from __future__ import annotations

import json
import threading
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from wsproto.frame_protocol import Opcode, RsvBits

from server.config import DEFAULTS
from server.searches.stream import READ_AHEAD_EVENTS, READER_HEADER, STREAM_QUEUE_BATCHES
from server.transport.websocket_deflate import LeveledDeflate, use_deflate_level
from tests.helpers.cli import run_cli
from tests.helpers.live_server import running_server
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient, wait_until

SMALL = {"game": "tictactoe", "state": "X...O....", "algorithm": "minimax"}  # 25,861 events
BIG = {"game": "tictactoe", "algorithm": "minimax"}  # 1,944,617 events: long enough to stop half-way


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    # Behind a proxy, as a classroom server is: a test says where its reader is (X-Forwarded-For).
    with running_server({"ACK_STALL_SECONDS": 2.0, "BEHIND_PROXY": True}) as url:
        yield url


FAR_AWAY = {"X-Forwarded-For": "203.0.113.7"}  # a student's laptop across the network


@pytest.fixture()
def client(server_url: str) -> Iterator[SearchClient]:
    c = SearchClient(server_url)
    yield c
    c.close()


def started(client: SearchClient, request: dict[str, Any]) -> dict[str, Any]:
    """Send search:start with delivery "http"; its search:started message."""
    before = len(client.messages)
    client.start({**request, "delivery": "http"})
    client.wait_for(lambda: len(client.messages) > before, "search:started")
    name, msg = client.messages[before]
    assert name == "search:started", msg
    return msg


def reader(msg: dict[str, Any]) -> dict[str, str]:
    """The header that shows a GET comes from the connection that started the search."""
    return {READER_HEADER: msg["reader"]}


def lines_of(response: requests.Response) -> Iterator[dict[str, Any]]:
    for line in response.iter_lines():
        if line:
            yield json.loads(line)


def test_the_events_come_as_the_cli_writes_them_and_done_comes_over_the_socket(server_url: str, client: SearchClient) -> None:
    msg = started(client, SMALL)
    assert msg["events"] == f"/api/searches/{msg['search']}/events"
    assert msg["algorithm"] == "minimax" and msg["pseudocode"]
    response = requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/x-ndjson"
    assert "Content-Encoding" not in response.headers  # a reader on this machine gains nothing from gzip
    cli = run_cli("trace", "--game", "tictactoe", "--state", "X...O....", "--algorithm", "minimax").stdout
    assert response.text == cli  # byte for byte the CLI's trace
    assert client.wait() == "search:done"
    assert "search:events" not in client.names() and client.events == []


def test_a_reader_across_the_network_gets_gzip_when_it_asks(server_url: str, client: SearchClient) -> None:
    msg = started(client, {"example": "lecture"})
    response = requests.get(server_url + msg["events"], headers={**FAR_AWAY, **reader(msg)}, timeout=PATIENCE_SECONDS)
    assert response.headers["Content-Encoding"] == "gzip" and response.headers["Vary"] == "Accept-Encoding"
    events = [json.loads(line) for line in response.text.splitlines()]  # requests inflates it
    assert events[-1]["type"] == "result" and events[-1]["value"] == 3
    client.wait()
    msg = started(client, {"example": "lecture"})
    plain = requests.get(server_url + msg["events"], headers={**FAR_AWAY, **reader(msg), "Accept-Encoding": "identity"},
                         timeout=PATIENCE_SECONDS)
    assert "Content-Encoding" not in plain.headers and plain.content.count(b"\n") == len(events)
    client.wait()


def test_compression_level_0_never_compresses() -> None:
    with running_server({"COMPRESSION_LEVEL": 0, "BEHIND_PROXY": True}) as plain_url:
        plain = SearchClient(plain_url)
        try:
            msg = started(plain, {"example": "lecture"})
            response = requests.get(plain_url + msg["events"], headers={**FAR_AWAY, **reader(msg)}, timeout=PATIENCE_SECONDS)
            assert "Content-Encoding" not in response.headers and json.loads(response.text.splitlines()[-1])["type"] == "result"
            plain.wait()
        finally:
            plain.close()
            use_deflate_level(int(DEFAULTS["COMPRESSION_LEVEL"]))  # the level is the process's: put it back


def test_the_gzip_stream_is_flushed_batch_by_batch(server_url: str, client: SearchClient) -> None:
    # Each batch is flushed: the first batch can be read before the search goes on.
    msg = started(client, BIG)
    response = requests.get(server_url + msg["events"], headers={**FAR_AWAY, **reader(msg)}, stream=True, timeout=PATIENCE_SECONDS)
    assert response.headers["Content-Encoding"] == "gzip"
    inflate = zlib.decompressobj(31)
    text = b""
    for raw in response.raw.stream(4096, decode_content=False):
        text += inflate.decompress(raw)
        if text.count(b"\n") >= 1000:
            break
    first = [json.loads(line) for line in text.split(b"\n")[:1000]]
    assert [e["seq"] for e in first] == list(range(1000))
    # The reader leaves: that stops the search (search:done). Not a search:cancel as well: on a busy
    # machine the search may already have ended, giving up on a reader that stopped reading, and a
    # late cancel is answered "no running search with this id", which could reach the next test.
    response.close()
    assert client.wait() == "search:done", client.messages[-1]


def test_a_search_is_fetched_once_and_unknown_ids_are_named(server_url: str, client: SearchClient) -> None:
    msg = started(client, {"example": "lecture"})
    assert requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS).status_code == 200
    again = requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS)
    assert again.status_code == 404 and msg["search"] in again.json()["error"]
    assert "fetched once" in again.json()["error"]
    unknown = requests.get(server_url + "/api/searches/nope/events", timeout=PATIENCE_SECONDS)
    assert unknown.status_code == 404 and "'nope'" in unknown.json()["error"]
    client.wait()


def test_a_bad_delivery_is_refused_naming_the_field(client: SearchClient) -> None:
    client.start({"example": "lecture", "delivery": "pigeon"})
    assert client.wait() == "search:error"
    assert client.messages[-1][1] == {"search": None, "error": "delivery: expected one of socket, http, got 'pigeon'"}


def test_stop_ends_the_stream_with_its_result(server_url: str, client: SearchClient) -> None:
    msg = started(client, BIG)
    response = requests.get(server_url + msg["events"], headers=reader(msg), stream=True, timeout=PATIENCE_SECONDS)
    events = lines_of(response)
    seen = [next(events) for _ in range(5000)]
    client.cancel(msg["search"])
    seen.extend(events)  # the rest, to the end of the response
    assert [e["seq"] for e in seen] == list(range(len(seen)))  # no gaps
    assert len(seen) < 1_944_617
    assert (seen[-1]["type"], seen[-1]["complete"], seen[-1]["reason"]) == ("result", False, "cancelled")
    assert client.wait() == "search:done"


def test_a_reader_that_leaves_stops_the_search(server_url: str, client: SearchClient) -> None:
    msg = started(client, BIG)
    response = requests.get(server_url + msg["events"], headers=reader(msg), stream=True, timeout=PATIENCE_SECONDS)
    next(lines_of(response))
    response.close()  # the page went away mid-stream
    assert client.wait() == "search:done"  # long before the 1.9 million events


def test_a_search_never_fetched_is_not_run_and_frees_its_place(client: SearchClient) -> None:
    first = started(client, BIG)
    second = started(client, BIG)
    client.start({**SMALL, "delivery": "http"})  # the third meets the limit of two per client
    client.wait_for(lambda: client.messages[-1][1].get("search") is None, "the third start's refusal")
    assert "already running" in client.messages[-1][1]["error"]
    # Neither is fetched: each ends within ACK_STALL_SECONDS (2 s here), said over the socket.
    assert client.wait() == "search:error"
    ended = {m["search"]: m["error"] for name, m in client.messages if name == "search:error" and m.get("search")}
    assert set(ended) == {first["search"], second["search"]}
    assert all("never fetched" in error for error in ended.values())
    third = started(client, {"example": "lecture"})  # their places are free again
    assert third["events"]


def test_a_reader_that_stops_reading_stops_the_search_and_the_server_holds_little(server_url: str, client: SearchClient) -> None:
    msg = started(client, BIG)
    response = requests.get(server_url + msg["events"], headers=reader(msg), stream=True, timeout=PATIENCE_SECONDS)
    next(lines_of(response))  # then nothing more is read: buffers fill, the search waits, then gives up
    assert client.wait(timeout=PATIENCE_SECONDS + 10) == "search:done"
    response.close()


def test_a_socket_that_disconnects_takes_its_unfetched_search_with_it(server_url: str) -> None:
    leaving = SearchClient(server_url)
    msg = started(leaving, {"example": "lecture"})
    leaving.close()
    wait_until(lambda: requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS).status_code == 404,
               "the search of a client that left to be gone")


def test_websocket_messages_are_compressed_at_the_level_asked() -> None:
    # wsproto's own extension, made at our level: what a browser inflates is zlib's level-1 stream.
    data = json.dumps([{"seq": n, "type": "visit", "node": f"root.{n}"} for n in range(2000)]).encode()
    deflate = LeveledDeflate()
    deflate.level = 1

    class Server:
        client = False

    _, out = deflate.frame_outbound(Server(), Opcode.TEXT, RsvBits(False, False, False), data, True)  # type: ignore[arg-type]
    level1 = zlib.compressobj(1, zlib.DEFLATED, -15)
    assert out == (level1.compress(data) + level1.flush(zlib.Z_SYNC_FLUSH))[:-4]
    level6 = zlib.compressobj(6, zlib.DEFLATED, -15)
    assert out != (level6.compress(data) + level6.flush(zlib.Z_SYNC_FLUSH))[:-4]
    assert zlib.decompressobj(-15).decompress(out + b"\x00\x00\xff\xff") == data


def test_a_search_cancelled_before_it_is_fetched_still_gives_its_result_or_ends_unrun(server_url: str, client: SearchClient) -> None:
    # Stop pressed while the page's GET is on its way: the GET gets the start and a cancelled result.
    msg = started(client, BIG)
    client.cancel(msg["search"])
    events = [json.loads(line) for line in requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS).content.splitlines()]
    assert events[0]["type"] == "start" and len(events) < 50_000  # the GET may start it before the cancel comes
    assert (events[-1]["type"], events[-1]["reason"]) == ("result", "cancelled")
    assert client.wait() == "search:done"
    # The page's double click: a superseded start is cancelled and never fetched; it ends unrun
    # (search:done) within a couple of seconds, whatever ACK_STALL_SECONDS is.
    msg = started(client, BIG)
    client.cancel(msg["search"])
    assert client.wait() == "search:done"
    assert requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS).status_code == 404


def test_a_stopped_search_whose_reader_reads_nothing_ends_and_is_hung_up_on() -> None:
    # A reader that reads nothing and cancels must not hold the search's thread, nor the thread
    # writing to it, for long: the search ends at once (the default ACK_STALL_SECONDS is 60 s) and
    # the connection is shut ACK_STALL_SECONDS (3 s here) after it, whatever is left unsent.
    with running_server({"ACK_STALL_SECONDS": 3.0}) as url:
        client = SearchClient(url)
        try:
            msg = started(client, BIG)
            response = requests.get(url + msg["events"], headers=reader(msg), stream=True, timeout=PATIENCE_SECONDS)
            next(lines_of(response))  # then nothing: the buffers fill, the search waits
            client.cancel(msg["search"])
            client.wait(timeout=10)
            # search:done first; on a very busy machine the search may have given up on the reader
            # (3 s) before the cancel came, which is then answered "no running search" after it.
            ends = [(name, data) for name, data in client.messages if name in ("search:done", "search:error")]
            assert ends[0] == ("search:done", {"search": msg["search"]}), ends
            assert all("no running search" in data["error"] for _, data in ends[1:]), ends
            wait_until(search_threads_ended, "the search's thread to end: the response ended, or was hung up on")
            try:  # what was sent, then the end of the response (all of it fitted in the buffers)
                for _ in response.iter_content(1 << 16):
                    pass
            except requests.exceptions.RequestException:
                pass  # or of the connection, mid-way: hung up on
            response.close()
        finally:
            client.close()


def search_threads_ended() -> bool:
    """A search's thread (server/searches/stream.py) ends once its response has ended, or it hung up
    on a reader that read nothing: then no thread is left writing to that reader either."""
    return not any(t.name.startswith("search ") for t in threading.enumerate())


def test_a_reader_that_reports_its_progress_paces_the_search(server_url: str, client: SearchClient) -> None:
    # The page says how far it has read (search:read); the search runs at most READ_AHEAD_EVENTS
    # past that. This reader reports seq 0 once and then reads on without reporting: it gets the
    # first READ_AHEAD_EVENTS or so, then nothing until the search gives up (ACK_STALL_SECONDS).
    msg = started(client, BIG)
    response = requests.get(server_url + msg["events"], headers=reader(msg), stream=True, timeout=PATIENCE_SECONDS)
    events = lines_of(response)
    assert next(events)["seq"] == 0
    assert client.sio.call("search:read", {"search": msg["search"], "seq": 0}, namespace="/search",
                           timeout=PATIENCE_SECONDS) is None
    rest = list(events)
    assert (rest[-1]["type"], rest[-1]["reason"]) == ("result", "client stalled")
    assert len(rest) <= READ_AHEAD_EVENTS + 2 * int(DEFAULTS["EVENT_BATCH_SIZE"]) * (1 + STREAM_QUEUE_BATCHES)
    assert client.wait() == "search:done"


def test_a_bad_progress_report_is_answered_naming_what_it_expects(client: SearchClient) -> None:
    for bad in (None, {"search": "x"}, {"search": "x", "seq": -1}, {"search": "x", "seq": True}, [1, 2]):
        answer = client.sio.call("search:read", bad, namespace="/search", timeout=PATIENCE_SECONDS)
        assert answer == {"error": 'search:read: expected {"search": id, "seq": a whole number >= 0}'}, bad
    # A report about a search that ended, or never was, is nothing to pace: no answer, no harm.
    assert client.sio.call("search:read", {"search": "gone", "seq": 5}, namespace="/search",
                           timeout=PATIENCE_SECONDS) is None


def test_only_the_connection_that_started_a_search_reads_it(server_url: str, client: SearchClient) -> None:
    """Found: the id was a bearer token: anyone who learnt it took the events, and the owner's own GET
    then answered 404. Now a GET without the starter's reader secret gets the unknown id's 404 and
    leaves the search waiting; the owner still reads it whole afterwards."""
    msg = started(client, {"example": "lecture"})
    assert msg["reader"] not in msg["events"]  # a secret never in a URL (nor, so, in a log)
    other = SearchClient(server_url)
    try:  # a second connection starts its own search: its secret opens its own, not this one
        theirs = started(other, {"example": "lecture"})
        # The secret with its last character changed, to one it is not (a secret ends in "x" 1 time in 64).
        near = msg["reader"][:-1] + ("y" if msg["reader"].endswith("x") else "x")
        refusals = [requests.get(server_url + msg["events"], headers=headers, timeout=PATIENCE_SECONDS)
                    for headers in ({}, reader(theirs), {READER_HEADER: ""}, {READER_HEADER: near})]
        unknown = requests.get(server_url + "/api/searches/" + "z" * len(msg["search"]) + "/events", headers=reader(msg),
                               timeout=PATIENCE_SECONDS)
        assert [r.status_code for r in refusals] == [404] * 4 and unknown.status_code == 404
        # The same answer as an unknown id's, but for the id itself: ids cannot be probed.
        assert {r.json()["error"].replace(msg["search"], "ID") for r in refusals} == {
            unknown.json()["error"].replace("z" * len(msg["search"]), "ID")}
        assert requests.get(server_url + theirs["events"], headers=reader(theirs), timeout=PATIENCE_SECONDS).status_code == 200
    finally:
        other.close()
    events = [json.loads(line) for line in
              requests.get(server_url + msg["events"], headers=reader(msg), timeout=PATIENCE_SECONDS).content.splitlines()]
    assert events[-1]["type"] == "result" and events[-1]["value"] == 3
    assert client.wait() == "search:done"
