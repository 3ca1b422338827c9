"""One address cannot take a process: open Socket.IO connections are limited per address (SOCKETS_PER_ADDRESS).

Found: 520 websockets from one address held every one of a process's 500 threads, and another address's requests
timed out meanwhile. Here a real `python -m server --behind-proxy` with the limit set to 12 (the default, 350, is
sized for a lecture hall; bench/classroom.py measures a process with one address at it): real websockets and
long-polling handshakes from two addresses, as nginx forwards them.
"""

from __future__ import annotations

from typing import Iterator

import pytest
import requests
import websocket

from server.transport.sockets_per_address import SocketsPerAddress
from tests.helpers.server_process import ServerProcess, server_process
from tests.helpers.socket_client import PATIENCE_SECONDS, wait_until

LIMIT = 12
CROWD, OTHER = "10.20.0.1", "10.20.0.2"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("sockets")
    with server_process(folder / "lab.sqlite", "--behind-proxy", settings={"SOCKETS_PER_ADDRESS": LIMIT}) as running:
        yield running


def open_socket(server: ServerProcess, address: str) -> websocket.WebSocket:
    """A page's connection from `address`, joined to /class as the page does."""
    ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
                                     header=[f"X-Forwarded-For: {address}"], timeout=PATIENCE_SECONDS)
    assert ws.recv().startswith("0{")
    ws.send("40/class,")
    assert ws.recv().startswith("40/class,")
    return ws


def refused_handshake(server: ServerProcess, address: str) -> websocket.WebSocketBadStatusException:
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
                                    header=[f"X-Forwarded-For: {address}"], timeout=PATIENCE_SECONDS)
    return refused.value


SENTENCE = (f"this address has {LIMIT} connections open to this server process, the most one address may "
            "(SOCKETS_PER_ADDRESS): close a tab of Minimax Lab, or try again in a little while")


def test_an_address_at_its_limit_is_refused_at_the_handshake_and_others_are_served(server: ServerProcess) -> None:
    crowd = [open_socket(server, CROWD) for _ in range(LIMIT)]
    try:
        refused = refused_handshake(server, CROWD)
        assert refused.status_code == 429
        assert SENTENCE in (refused.resp_body or b"").decode()
        polling = requests.get(f"{server.url}/socket.io/?EIO=4&transport=polling", headers={"X-Forwarded-For": CROWD},
                               timeout=PATIENCE_SECONDS)
        assert (polling.status_code, polling.json(), polling.headers["Retry-After"]) == (429, {"error": SENTENCE}, "30")
        # Another address: its pages, its API calls and its sockets, as usual.
        other = open_socket(server, OTHER)
        assert requests.get(f"{server.url}/api/limits", headers={"X-Forwarded-For": OTHER}, timeout=PATIENCE_SECONDS).ok
        other.send('42/class,1["class:join",{"code":"nope"}]')
        while not (message := other.recv()).startswith("43/class,1"):
            pass
        assert "error" in message
        other.close()
        # The crowd's sockets are still open and served; one closed makes room for one more.
        crowd[0].send("42/class,2[\"class:join\",{}]")
        while not crowd[0].recv().startswith("43/class,2"):
            pass
        crowd.pop().close()
        wait_until(lambda: _admitted(server, crowd), "a closed connection's place to be free again")
        assert refused_handshake(server, CROWD).status_code == 429  # and then full again
    finally:
        for ws in crowd:
            ws.close()


def _admitted(server: ServerProcess, crowd: list[websocket.WebSocket]) -> bool:
    try:
        crowd.append(open_socket(server, CROWD))
    except websocket.WebSocketBadStatusException:
        return False
    return True


def test_the_count_is_per_address_and_a_session_that_leaves_is_counted_out() -> None:
    sockets = SocketsPerAddress(2)
    assert sockets.admit("a", CROWD) and sockets.admit("b", CROWD)
    assert not sockets.admit("c", CROWD) and sockets.full(CROWD)
    assert sockets.admit("d", OTHER) and sockets.open_from(OTHER) == 1
    sockets.left("a")
    sockets.left("a")  # a second disconnect of one session counts nothing
    assert sockets.open_from(CROWD) == 1 and sockets.admit("e", CROWD)
    sockets.left("zzz")  # never admitted (refused below engine.io): nothing to count out
    assert (sockets.open_from(CROWD), sockets.open_from(OTHER)) == (2, 1)
