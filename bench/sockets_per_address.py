"""One address at its connection limit, and another address's requests beside it, on `python -m server`.

Issue 49 found that 520 websockets from one address held every thread of a process (500), and another address's
GET /api/limits timed out meanwhile. With SOCKETS_PER_ADDRESS (350 by default) the crowd's address holds at most
350, the rest are refused at their handshake, and the other address should be answered at its usual speed.

Measured on the production server (gunicorn, `--behind-proxy`, the default limits): another address's
`GET /api/limits` and a fresh websocket's connect and class:join, 40 of each, before the crowd comes and while
it holds its limit (median and p95, and their ratio); how many of the crowd's 370 websockets were held and
refused, and the server's memory. The clients share the machine's cores with the server: on 2 cores, upper bounds.

    .venv/bin/python bench/sockets_per_address.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402
import websocket  # noqa: E402

from server.config import DEFAULTS  # noqa: E402
from tests.helpers.server_process import ServerProcess, server_process  # noqa: E402

CROWD, OTHER = "10.30.0.1", "10.30.0.2"
TRIES = 40


def open_socket(server: ServerProcess, address: str) -> websocket.WebSocket:
    ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/socket.io/?EIO=4&transport=websocket",
                                     header=[f"X-Forwarded-For: {address}"], timeout=60)
    ws.recv()
    ws.send("40/class,")
    ws.recv()
    return ws


def other_address(server: ServerProcess) -> tuple[list[float], list[float]]:
    """ms of OTHER's GET /api/limits, and of a websocket's connect, join and first answer."""
    session = requests.Session()
    gets, sockets = [], []
    for _ in range(TRIES):
        start = time.perf_counter()
        assert session.get(f"{server.url}/api/limits", headers={"X-Forwarded-For": OTHER}, timeout=60).ok
        gets.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        ws = open_socket(server, OTHER)
        ws.send('42/class,1["class:join",{"code":"nope"}]')
        while not ws.recv().startswith("43/class,1"):
            pass
        sockets.append((time.perf_counter() - start) * 1000)
        ws.close()
    return gets, sockets


def rss_mb(server: ServerProcess) -> float:
    for line in Path(f"/proc/{server.serving_pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def summary(name: str, before: list[float], during: list[float]) -> None:
    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]
    b50, d50 = statistics.median(before), statistics.median(during)
    print(f"{name:38} before: median {b50:6.1f} ms, p95 {p95(before):6.1f} ms   "
          f"crowd at its limit: median {d50:6.1f} ms, p95 {p95(during):6.1f} ms   ratio {d50 / b50:.2f}x")


def main() -> None:
    limit = int(DEFAULTS["SOCKETS_PER_ADDRESS"])  # type: ignore[call-overload]
    with tempfile.TemporaryDirectory() as folder, server_process(Path(folder) / "lab.sqlite", "--behind-proxy") as server:
        open_socket(server, OTHER).close()  # warm: the first request compiles routes
        gets_before, sockets_before = other_address(server)
        memory_before = rss_mb(server)
        held: list[websocket.WebSocket] = []
        refused = 0
        for _ in range(limit + 20):
            try:
                held.append(open_socket(server, CROWD))
            except websocket.WebSocketBadStatusException as error:
                assert error.status_code == 429
                refused += 1
        memory_during = rss_mb(server)
        gets_during, sockets_during = other_address(server)
        print(f"SOCKETS_PER_ADDRESS {limit}: the crowd's address held {len(held)} websockets, {refused} refused with 429; "
              f"server memory {memory_before:.0f} MB -> {memory_during:.0f} MB")
        summary("another address: GET /api/limits", gets_before, gets_during)
        summary("another address: websocket + class:join", sockets_before, sockets_during)
        for ws in held:
            ws.close()


if __name__ == "__main__":
    main()
