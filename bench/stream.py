"""Events per second delivered to a real Socket.IO client, against the engine writing a file.

The server runs in its own process (as it does for a browser) and streams full minimax on
tic-tac-toe; a python-socketio client in this process receives every batch. The reference is the
same search's events written as JSON Lines to a file by the engine, as `python -m search trace`
does. The client needs websocket-client's C UTF-8 validator (wsaccel, a test dependency): without
it, validating each 100 KB message in pure Python is the bottleneck, not our server. Both are
measured side by side in one run, alternating, and the median of the rounds is reported.
Goal (issue 4): streaming >= 50% of the file rate.
"""

from __future__ import annotations

import argparse
import gc
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from search import Recorder, TicTacToe, minimax  # noqa: E402
from tests.helpers.socket_client import SearchClient  # noqa: E402

POSITIONS = {"X...O....": "from X...O....", ".........": "from the empty board"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "server", "--port", str(port), "--max-events", "5000000"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")


def time_file(state: str, out_dir: str) -> tuple[float, int]:
    """Seconds for the engine to write the trace as JSON Lines to a file (as `python -m search
    trace` does, without its interpreter start-up), and the event count."""
    path = os.path.join(out_dir, "trace.jsonl")
    gc.collect()
    with open(path, "w") as out:
        recorder = Recorder(lambda batch: out.write(batch.jsonl()), keep=False, batch_size=2000)
        began = time.perf_counter()
        minimax(TicTacToe(state), recorder=recorder)
        seconds = time.perf_counter() - began
    return seconds, recorder.count


def time_stream(client: SearchClient, state: str) -> tuple[float, int]:
    """Seconds from search:start until search:done arrives with every event received."""
    client.reset()
    began = time.perf_counter()
    client.start({"game": "tictactoe", "state": state, "algorithm": "minimax"})
    assert client.wait(timeout=600) == "search:done", client.messages[-1]
    seconds = time.perf_counter() - began
    assert client.events[-1]["type"] == "result" and client.events[-1]["complete"]
    return seconds, len(client.events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="only the X...O.... position")
    args = parser.parse_args()
    positions = ["X...O...."] if args.quick else list(POSITIONS)
    port = free_port()
    server = start_server(port)
    client = SearchClient(f"http://127.0.0.1:{port}")
    try:
        with tempfile.TemporaryDirectory() as out_dir:
            print(f"{'position':22} {'events':>10} {'file ev/s':>12} {'stream ev/s':>12} {'stream/file':>12}")
            for state in positions:
                file_times, stream_times = [], []
                events = 0
                for _ in range(args.rounds):
                    seconds, events = time_file(state, out_dir)
                    file_times.append(seconds)
                    seconds, streamed = time_stream(client, state)
                    stream_times.append(seconds)
                    assert streamed == events, (streamed, events)
                file_rate = events / statistics.median(file_times)
                stream_rate = events / statistics.median(stream_times)
                ratio = stream_rate / file_rate
                verdict = "goal met" if ratio >= 0.5 else "goal NOT met"
                print(f"{POSITIONS[state]:22} {events:>10,} {file_rate:>12,.0f} {stream_rate:>12,.0f} {ratio:>11.0%}  {verdict}")
    finally:
        client.close()
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
