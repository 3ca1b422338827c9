"""A class of 300 on real python-socketio clients: how fast the instructor's step reaches every
follower, what a follower costs the server, and whether a class connecting at once gets in.

1. One process (`python -m server`): 300 followers join a room, the instructor steps 20 times; for each
   step, the time from sending class:step to the last follower having it. Goal: p95 < 200 ms.
   Memory per follower: the serving process's RSS after the joins minus before, over 300.
2. A lecture hall on two processes sharing a real redis-server (`--message-queue`): the instructor on one,
   followers split over both, alone (goal p95 < 200 ms) and while 10 full tic-tac-toe minimax searches run on
   the two processes (goal p95 < 500 ms); with the step messages lost, Redis's output-buffer disconnections
   of a subscriber and the servers' subscriber drops (issue 49: all three must be 0). `--hall` runs this alone.
3. 300 clients connecting at the same moment (Socket.IO's default transports, polling then websocket, as
   a browser; python-socketio's default timeouts), against the production server and `--dev`'s
   Werkzeug. Goal: all connect. The kernel's ListenOverflows counter says how many a full backlog dropped.
4. The lecture example's search on /search, start to done, on the production server: with Nagle's
   algorithm on, every search waited ~40 ms for a delayed acknowledgement (server/transport/no_delay.py).

Followers live in several client processes (CLIENT_PROCESSES) so the clients are not the bottleneck;
arrival times are time.monotonic(), one clock for every process on Linux. The machine's cores are
shared by the server, the clients and Redis: on 2 cores the figures are an upper bound.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import queue
import statistics
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import socketio  # noqa: E402

from tests.helpers.class_client import ClassClient  # noqa: E402
from tests.helpers.redis_server import redis_process  # noqa: E402
from tests.helpers.server_process import ServerProcess, server_process  # noqa: E402
from tests.helpers.socket_client import SearchClient  # noqa: E402

CLIENT_PROCESSES = 6
PATIENCE = 120.0
STEP_PATIENCE = 10.0
"""A step not at every follower within this many seconds counts as this long, and what is missing as lost."""
SEARCHES = 10
FULL_GAME = {"game": "tictactoe", "state": ".........", "algorithm": "minimax"}  # 1,944,617 events


def rss_bytes(server: ServerProcess) -> int:
    """The serving process's resident memory (gunicorn's worker, or the --dev process)."""
    for line in Path(f"/proc/{server.serving_pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def follow(urls: list[str], code: str, arrivals: Any, done: Any) -> None:
    """A client process: one follower per url, each reporting (step, arrival) for every class:step."""
    followers = []
    for url in urls:
        sio = socketio.Client(reconnection=False)
        sio.on("class:step", lambda data: arrivals.put((data["step"], time.monotonic())), namespace="/class")
        sio.connect(url, namespaces=["/class"], transports=["websocket"], wait_timeout=PATIENCE)
        answer = sio.call("class:join", {"code": code}, namespace="/class", timeout=PATIENCE)
        assert answer == {"code": code}, answer
        followers.append(sio)
    arrivals.put(("joined", len(followers)))
    done.wait()
    for sio in followers:
        sio.disconnect()


def split(items: list[str], parts: int) -> list[list[str]]:
    return [items[i::parts] for i in range(parts)]


def step_latencies(teacher_url: str, follower_urls: list[str], steps: int, servers: list[ServerProcess],
                   lost: list[int] | None = None) -> tuple[list[float], float]:
    """Seconds from each class:step to its last arrival (STEP_PATIENCE for a step some follower never got), and
    the serving processes' RSS per follower; the step messages that never arrived are appended to `lost`."""
    lost = [] if lost is None else lost
    ctx = mp.get_context("spawn")
    arrivals, done = ctx.Queue(), ctx.Event()
    teacher = ClassClient(teacher_url)
    made = teacher.call("class:create")
    keyed = {"code": made["code"], "key": made["key"]}
    before = sum(rss_bytes(s) for s in servers)
    workers = [ctx.Process(target=follow, args=(urls, made["code"], arrivals, done), daemon=True)
               for urls in split(follower_urls, CLIENT_PROCESSES)]
    for worker in workers:
        worker.start()
    try:
        joined = 0
        for _ in workers:
            kind, count = arrivals.get(timeout=PATIENCE)
            assert kind == "joined", kind
            joined += count
        assert joined == len(follower_urls)
        teacher.wait_for(lambda: (teacher.last("class:members") or {}).get("followers") == joined, f"{joined} followers")
        per_follower = (sum(rss_bytes(s) for s in servers) - before) / joined
        latencies = []
        counts: dict[int, int] = {}
        latest: dict[int, float] = {}
        for step in range(steps):
            sent = time.monotonic()
            teacher.emit("class:step", {**keyed, "step": step})
            deadline = sent + STEP_PATIENCE
            while counts.get(step, 0) < joined and time.monotonic() < deadline:
                try:
                    got, at = arrivals.get(timeout=max(0.01, deadline - time.monotonic()))
                except queue.Empty:
                    break
                counts[got] = counts.get(got, 0) + 1
                latest[got] = max(latest.get(got, 0.0), at)
            latencies.append(latest.get(step, deadline) - sent if counts.get(step, 0) == joined else STEP_PATIENCE)
        while True:  # late arrivals of earlier steps
            try:
                got, _ = arrivals.get(timeout=1.0)
            except queue.Empty:
                break
            counts[got] = counts.get(got, 0) + 1
        lost.append(steps * joined - sum(counts.values()))
        return latencies, per_follower
    finally:
        done.set()
        for worker in workers:
            worker.join(timeout=PATIENCE)
        teacher.call("class:close", keyed)
        teacher.close()


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def report_steps(name: str, latencies: list[float], goal_ms: float, per_follower: float) -> None:
    ms = [x * 1000 for x in latencies]
    verdict = "goal met" if p95(ms) < goal_ms else "goal NOT met"
    print(f"{name:34} median {statistics.median(ms):6.1f} ms  p95 {p95(ms):6.1f} ms  max {max(ms):6.1f} ms  "
          f"(goal p95 < {goal_ms:.0f} ms: {verdict});  server memory per follower {per_follower / 1024:,.0f} KB")


def connect_at_once(url: str, count: int, go: Any, results: Any) -> None:
    """A client process: `count` clients, each in its own thread, connecting when `go` is set."""
    clients: list[socketio.Client] = []
    took: list[float] = []  # seconds to connect, of those that did
    lock = threading.Lock()

    def one() -> None:
        sio = socketio.Client(reconnection=False)
        go.wait()
        began = time.monotonic()
        try:
            sio.connect(url, namespaces=["/class"])  # the defaults: polling, then websocket
            seconds: float | None = time.monotonic() - began
        except Exception:
            seconds = None
        with lock:
            if seconds is not None:
                took.append(seconds)
            clients.append(sio)
    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    results.put(("ready", 0))
    for thread in threads:
        thread.join()
    results.put(("connected", took))
    for sio in clients:
        try:
            sio.disconnect()
        except Exception:
            pass


def listen_overflows() -> int:
    """The kernel's count of connections dropped because a listen backlog was full (all sockets)."""
    names, values = [line.split() for line in Path("/proc/net/netstat").read_text().splitlines()[:2]]
    return int(values[names.index("ListenOverflows")])


def burst(url: str, clients: int) -> list[float]:
    """Seconds each of `clients` connecting at the same moment took to get in (those that did)."""
    ctx = mp.get_context("spawn")
    go, results = ctx.Event(), ctx.Queue()
    shares = [clients // CLIENT_PROCESSES + (i < clients % CLIENT_PROCESSES) for i in range(CLIENT_PROCESSES)]
    workers = [ctx.Process(target=connect_at_once, args=(url, n, go, results), daemon=True) for n in shares]
    for worker in workers:
        worker.start()
    for _ in workers:
        assert results.get(timeout=PATIENCE)[0] == "ready"
    go.set()
    took = [seconds for _ in workers for seconds in results.get(timeout=PATIENCE)[1]]
    for worker in workers:
        worker.join(timeout=PATIENCE)
    return took


def search_latencies(url: str, rounds: int = 40) -> list[float]:
    client = SearchClient(url)
    took = []
    try:
        for _ in range(rounds):
            client.reset()
            began = time.monotonic()
            client.start({"example": "lecture", "algorithm": "alphabeta"})
            assert client.wait(timeout=PATIENCE) == "search:done"
            took.append(time.monotonic() - began)
    finally:
        client.close()
    return took


def lecture_hall(folder: Path, n: int, steps: int, searches: int) -> None:
    """Two processes sharing a real Redis, the instructor on one, the followers split over both; with `searches`
    full tic-tac-toe minimax searches (socket delivery, half on each process) running while the steps are sent.
    Reports the steps' latency, the step messages lost, Redis's "output buffer" disconnections of a subscriber
    and the servers' "Cannot receive from redis" (a subscriber dropped: what was published meanwhile is lost)."""
    redis_log, logs = folder / f"redis-{searches}.log", [folder / f"server-{searches}-{i}.log" for i in range(2)]
    with redis_process(str(redis_log)) as redis, ExitStack() as stack:
        two = [stack.enter_context(server_process(folder / f"lab-{searches}.sqlite", "--message-queue", redis.url, log=log))
               for log in logs]
        clients = [SearchClient(two[i % 2].url) for i in range(searches)]
        for client in clients:
            client.start(FULL_GAME)
        for client in clients:
            client.wait_for(lambda c=client: c.events, "the search's first events")
        lost: list[int] = []
        latencies, per_follower = step_latencies(two[0].url, [two[i % 2].url for i in range(n)], steps, two, lost)
        running = sum(not (c.messages and c.messages[-1][0] in ("search:done", "search:error")) for c in clients)
        for client in clients:
            client.close()
    buffers = redis_log.read_text().count("scheduled to be closed ASAP for overcoming of output buffer limits")
    drops = sum(log.read_text().count("Cannot receive from redis") for log in logs)
    name = "two processes, Redis" + (f", {searches} searches" if searches else "")
    report_steps(name, latencies, 200 if not searches else 500, per_follower)
    print(f"{'':34} step messages lost {lost[0]} of {steps * n}; Redis output-buffer disconnections {buffers}; "
          f"subscriber drops {drops}" + (f"; searches still running at the last step {running} of {searches}" if searches else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=300)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--hall", action="store_true", help="only the lecture hall on two processes (2.)")
    args = parser.parse_args()
    n = args.followers
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "lab.sqlite"
        print(f"{os.cpu_count()} cores; {n} followers in {CLIENT_PROCESSES} client processes; {args.steps} steps")
        if not args.hall:
            with server_process(db) as one:
                latencies, per_follower = step_latencies(one.url, [one.url] * n, args.steps, [one])
                lecture = [x * 1000 for x in search_latencies(one.url)]
            report_steps("one process", latencies, 200, per_follower)

        for running in (0, SEARCHES):
            lecture_hall(Path(folder), n, args.steps, running)
        if args.hall:
            return

        for name, extra in (("production server", ()), ("--dev (Werkzeug)", ("--dev",))):
            with server_process(db, *extra) as fresh:
                overflows = listen_overflows()
                took = burst(fresh.url, n)
                overflows = listen_overflows() - overflows
            verdict = "goal met" if len(took) == n else "goal NOT met"
            slow = sum(seconds > 1 for seconds in took)
            print(f"{n} connecting at once, {name:18} {len(took):4} of {n} connected ({verdict}); "
                  f"median {statistics.median(took):4.2f} s, slowest {max(took):4.2f} s, {slow} took over 1 s; "
                  f"{overflows} dropped by a full backlog")

        print(f"lecture search, start to done (production): median {statistics.median(lecture):.1f} ms, "
              f"p95 {p95(lecture):.1f} ms (Nagle on: ~45 ms)")

if __name__ == "__main__":
    main()
