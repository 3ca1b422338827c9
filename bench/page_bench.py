"""What the page benchmarks (bench/render.py, bench/render_big.py) share: the browser they drive,
the in-page timing scripts, a server of our own in a subprocess, and a figure's summary line."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM = os.environ.get("MINIMAX_LAB_CHROMIUM", "/usr/bin/chromium")
# The flags the browser tests use (common to every helper); no --js-flags: the page gets
# Chromium's own heap limit, the one a student's browser has.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 800}

# Step through steps in the page, timing each call of the step function.
TIME_STEPS = """([from, to, layout]) => {
    const lab = window.minimaxLab;
    lab.seek(from);
    const out = [];
    const dir = to > from ? 1 : -1;
    for (let k = from + dir; dir > 0 ? k <= to : k >= to; k += dir) {
        const t0 = performance.now();
        lab.seek(k);
        if (layout) void document.body.offsetHeight;
        out.push(performance.now() - t0);
    }
    return out;
}"""

# Around the app's own keydown listener: a capturing listener on window runs before it, a
# bubbling one on document (added after the app's) runs after it and forces layout. The
# time from the key event's creation to the first is input delay (the page was busy, for
# example painting the previous step); from the first to the second is the handling.
# The Event Timing API adds, for presses whose next paint came 16 ms or more after the key
# event (its smallest threshold), that whole duration.
KEY_PROBE = """() => {
    window.keyTimes = [];
    window.slowPaints = [];
    let start = 0;
    window.addEventListener('keydown', () => { start = performance.now(); }, true);
    document.addEventListener('keydown', (ev) => {
        void document.body.offsetHeight;
        const end = performance.now();
        window.keyTimes.push([start - ev.timeStamp, end - start, end - ev.timeStamp]);
    });
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'keydown') window.slowPaints.push(e.duration);
    }).observe({type: 'event', durationThreshold: 16, buffered: false});
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summary(name: str, ms: list[float], goal_ms: float) -> str:
    """One line: count, median, p95 and max of `ms`, and whether the median is under the goal."""
    ms = sorted(ms)
    verdict = "ok" if statistics.median(ms) < goal_ms else "OVER GOAL"
    return (f"{name:<26} n={len(ms):>5}  median {statistics.median(ms):7.3f} ms  p95 {percentile(ms, 0.95):7.3f} ms"
            f"  max {ms[-1]:7.2f} ms  [{verdict}]")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server_process(max_events: int | None = None) -> Iterator[str]:
    """`python -m server` in a subprocess (as a student runs it: the server does not share a GIL
    with the benchmark), with a throwaway database; yields its URL. Its output goes to a log
    file, shown if it fails to start."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="minimax-bench-") as tmp:
        command = [sys.executable, "-m", "server", "--port", str(port), "--db", os.path.join(tmp, "bench.sqlite")]
        if max_events is not None:
            command += ["--max-events", str(max_events)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with open(os.path.join(tmp, "server.log"), "w+") as log:
            server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            try:
                deadline = time.monotonic() + 30
                while True:
                    try:
                        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                        break
                    except OSError:
                        if server.poll() is not None or time.monotonic() > deadline:
                            log.seek(0)
                            raise RuntimeError(f"the server did not start:\n{log.read()}") from None
                        time.sleep(0.1)
                yield f"http://127.0.0.1:{port}"
            finally:
                server.terminate()
                try:
                    server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
