"""Full tic-tac-toe minimax opened by URL in Chromium, against the CLI writing the same trace to a file.

The issue's figures (issue 12), side by side in one run:

- cli:    `python -m search trace ... > FILE`, wall time of the subprocess, its events and bytes;
- load:   the page opened at /?game=...&state=...&algorithm=...&run=1 and left alone: time from
          navigation start to the result (the page's own clock: performance.now() when
          window.minimaxLab.finished became true, polled in the page every 5 ms), the main
          thread's long tasks (PerformanceObserver 'longtask'), then on the whole result:
          step forward / back ~2,000 steps in the middle, End and Home (window.minimaxLab.seek,
          each followed by a forced layout), the JS heap after a GC (CDP) and the DOM nodes;
- probe:  the page opened again; while it streams, every ~250 ms ArrowRight, ArrowLeft and a click
          on the scrub bar (real input through Playwright): from the event's timeStamp to the end
          of the app's handling (a capturing listener on window starts the clock, a bubbling one
          on window forces layout and stops it);
- stop:   the page opened again; once a quarter of the events have arrived (or 4 s after the
          first), a click on Stop: from the click's timeStamp until the page says the search is
          over, and the click's input delay alone.

Each page run is a child process with a deadline (a page that never finishes is reported as
such, never waited on for ever); the server is `python -m server` in its own process. Headless
Chromium paints in software here (no GPU), so paint-bound figures are pessimistic. No --js-flags:
the page has Chromium's own heap limit, printed with the figures.

    .venv/bin/python bench/render_big.py                          # the server's default event cap
    .venv/bin/python bench/render_big.py --max-events 4000000     # the whole search on any server
    .venv/bin/python bench/render_big.py --state X...O.... --algorithm alphabeta --skip-stop
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.page_bench import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, percentile, server_process  # noqa: E402

GOALS = {"task_ms": 50.0, "answer_ms": 100.0, "step_ms": 16.0, "jump_ms": 100.0, "heap_mb": 300.0, "ratio": 2.0}

# Installed before the page's own scripts. Everything it learns goes in window.__bench.
INIT_SCRIPT = """(() => {
  const b = window.__bench = {
    longtasks: [], slowEvents: [], keys: [], scrubs: [], stop: null, pointerAt: null,
    firstEventsAt: null, finishedAt: null, lastAtFinish: null, progress: [], observerErrors: [],
  };
  const observe = (options, take) => {
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) take(e); }).observe(options);
    } catch (err) { b.observerErrors.push(`${options.type}: ${err}`); }
  };
  observe({type: 'longtask', buffered: true}, (e) => b.longtasks.push([e.startTime, e.duration]));
  // Event Timing: input events whose next paint came >= 16 ms after them.
  observe({type: 'event', durationThreshold: 16, buffered: true},
          (e) => b.slowEvents.push([e.name, e.startTime, e.processingStart - e.startTime, e.duration]));

  // The page's own clock: when the first events showed and when the search was over.
  let lastProgress = -1e9;
  const timer = setInterval(() => {
    const lab = window.minimaxLab;
    if (!lab) return;
    const now = performance.now();
    const last = lab.last;
    if (b.firstEventsAt === null && last > 0) b.firstEventsAt = now;
    if (now - lastProgress >= 1000) { b.progress.push([now, last]); lastProgress = now; }
    if ((lab.searches === undefined || lab.searches > 0) && lab.finished) {
      b.finishedAt = now;
      b.lastAtFinish = last;
      clearInterval(timer);
      console.log('__bench:finished');
    }
  }, 5);

  // Input probes: a capturing listener on window runs before any of the app's, a bubbling one
  // on window after all of them (it forces layout, so the figure includes it).
  let keyStart = 0, inputStart = 0, clickStart = 0;
  window.addEventListener('pointerdown', (ev) => {
    b.pointerAt = {id: ev.target.id, timeStamp: ev.timeStamp, delay: performance.now() - ev.timeStamp};
  }, true);
  window.addEventListener('keydown', () => { keyStart = performance.now(); }, true);
  window.addEventListener('keydown', (ev) => {
    void document.body.offsetHeight;
    const end = performance.now();
    b.keys.push([ev.key, keyStart - ev.timeStamp, end - keyStart, end - ev.timeStamp]);
  });
  window.addEventListener('input', () => { inputStart = performance.now(); }, true);
  window.addEventListener('input', (ev) => {
    if (ev.target.id !== 'scrub') return;
    void document.body.offsetHeight;
    const end = performance.now();
    const down = b.pointerAt && b.pointerAt.id === 'scrub' ? b.pointerAt : null;
    // From the press on the bar (its pointerdown's timeStamp) to the end of the seek it caused.
    if (down) b.scrubs.push([down.delay, end - inputStart, end - down.timeStamp]);
  });
  window.addEventListener('click', (ev) => {
    if (ev.target.closest && ev.target.closest('#stop')) clickStart = performance.now();
  }, true);
  window.addEventListener('click', (ev) => {
    if (!(ev.target.closest && ev.target.closest('#stop'))) return;
    const end = performance.now();
    b.stop = {timeStamp: ev.timeStamp, delay: clickStart - ev.timeStamp, handled: end - ev.timeStamp,
              eventsAtClick: window.minimaxLab ? window.minimaxLab.last : null};
  });
})();"""

# ~`count` steps from `from` in direction `dir`, each a seek and a forced layout; stops early
# after `budgetMs` (a slow page still answers in bounded time).
TIME_STEPS_CAPPED = """([from, count, dir, layout, budgetMs]) => {
  const lab = window.minimaxLab;
  lab.seek(from);
  void document.body.offsetHeight;
  const out = [];
  const began = performance.now();
  for (let i = 1; i <= count; i++) {
    const t0 = performance.now();
    lab.seek(from + dir * i);
    if (layout) void document.body.offsetHeight;
    out.push(performance.now() - t0);
    if (performance.now() - began > budgetMs) break;
  }
  return out;
}"""

# End and Home from the other end and from the middle, `reps` times each (untimed moves between).
TIME_JUMPS = """([reps, budgetMs]) => {
  const lab = window.minimaxLab;
  const last = lab.last, mid = Math.floor(last / 2);
  const out = {end_from_start: [], home_from_end: [], end_from_middle: [], home_from_middle: []};
  const jump = (from, to, into) => {
    lab.seek(from);
    void document.body.offsetHeight;
    const t0 = performance.now();
    lab.seek(to);
    void document.body.offsetHeight;
    into.push(performance.now() - t0);
  };
  const began = performance.now();
  for (let r = 0; r < reps && performance.now() - began < budgetMs; r++) {
    jump(0, last, out.end_from_start);
    jump(last, 0, out.home_from_end);
    jump(mid, last, out.end_from_middle);
    jump(mid, 0, out.home_from_middle);
  }
  return out;
}"""


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# The CLI, the reference.

def time_cli(state: str, algorithm: str) -> dict[str, Any]:
    """Wall time of `python -m search trace` writing the trace to a file, its events and bytes."""
    command = [sys.executable, "-m", "search", "trace", "--game", "tictactoe", "--state", state, "--algorithm", algorithm]
    with tempfile.TemporaryDirectory(prefix="minimax-bench-") as tmp:
        path = os.path.join(tmp, "trace.jsonl")
        with open(path, "wb") as out:
            began = time.perf_counter()
            subprocess.run(command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=out, check=True)
            seconds = time.perf_counter() - began
        lines = 0
        with open(path, "rb") as trace:
            while chunk := trace.read(1 << 22):
                lines += chunk.count(b"\n")
        return {"seconds": seconds, "events": lines, "bytes": os.path.getsize(path)}


# ---------------------------------------------------------------------------------------------
# One page run, in a child process (`--page-run MODE`): prints its figures as JSON.

def page_run(mode: str, url: str, opts: dict[str, Any]) -> dict[str, Any]:
    from playwright.sync_api import Error as PlaywrightError, sync_playwright

    # Other work on the machine (its load average) skews every figure: reported beside them.
    out: dict[str, Any] = {"mode": mode, "page_errors": [], "load_before": os.getloadavg()[0]}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=VIEWPORT)
        page.on("pageerror", lambda exc: out["page_errors"].append(str(exc)[:300]))
        page.on("crash", lambda _: out.__setitem__("crashed", True))
        page.add_init_script(INIT_SCRIPT)
        # The page says on the console when it is done: no round trip needed to know it.
        page.on("console", lambda msg: msg.text == "__bench:finished" and out.__setitem__("finished", True))
        try:
            began = time.perf_counter()
            # One deadline for the whole stream, probes and Stop included.
            deadline = time.monotonic() + opts["finish_s"]
            page.goto(url, wait_until="commit", timeout=60_000)
            page.wait_for_function("() => window.__bench && window.__bench.firstEventsAt !== null",
                                   timeout=120_000, polling=200)
            log(f"[{mode}] first events after {time.perf_counter() - began:.1f} s")
            if mode == "probe":
                probe_while_streaming(page, deadline, out)
            elif mode == "stop":
                click_stop(page, opts, out)
            finished = wait_finished(page, deadline, out)
            log(f"[{mode}] {'finished' if finished else 'NOT finished'} after {time.perf_counter() - began:.1f} s")
            page.wait_for_timeout(1000)  # let the page settle (a relayout after the last batch)
            out["bench"] = page.evaluate("""() => {
              const b = window.__bench;
              return {longtasks: b.longtasks, slowEvents: b.slowEvents, keys: b.keys, scrubs: b.scrubs,
                      stop: b.stop, firstEventsAt: b.firstEventsAt, finishedAt: b.finishedAt,
                      lastAtFinish: b.lastAtFinish, progress: b.progress, observerErrors: b.observerErrors,
                      heapLimit: performance.memory ? performance.memory.jsHeapSizeLimit : null,
                      note: (document.getElementById('tree-note') || {}).textContent || '',
                      lastNow: window.minimaxLab.last, settledAt: performance.now()};
            }""")
            if mode == "load" and finished:
                after_result(page, opts, out)
                Path(opts["screenshot"]).parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=opts["screenshot"])
        except PlaywrightError as exc:
            out["error"] = str(exc).splitlines()[0][:300]
        finally:
            out["load_after"] = os.getloadavg()[0]
            try:
                browser.close()
            except PlaywrightError:
                pass
    return out


def wait_finished(page: Any, deadline: float, out: dict[str, Any]) -> bool:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("() => window.__bench.finishedAt !== null",
                               timeout=max(1.0, deadline - time.monotonic()) * 1000, polling=500)
        return True
    except PlaywrightTimeout:
        out["error"] = "the page did not finish within the --finish time"
        return False


def probe_while_streaming(page: Any, deadline: float, out: dict[str, Any]) -> None:
    """ArrowRight, ArrowLeft and a click on the scrub bar, ~250 ms apart, until the result.

    Nothing in the loop waits for the page except the input itself: a round trip (evaluate, a
    locator's checks) returns when the main thread is free, and an input sent right after it
    would land in an idle moment and look better than a student's. The pause before each input
    is random (100-400 ms) so inputs fall wherever the page's long tasks are. The page says it
    is done on the console (out["finished"]); the bar's box is measured again every 8 cycles."""
    rng = random.Random(12)
    tree = page.locator("#tree").bounding_box(timeout=120_000)
    focus_point = (tree["x"] + 5, tree["y"] + 5)  # the drawing: arrows step from there
    page.mouse.click(*focus_point)
    cycles = 0
    box = None
    while time.monotonic() < deadline and not out.get("finished"):
        if cycles % 8 == 0:
            box = page.locator("#scrub").bounding_box(timeout=120_000)
            page.wait_for_timeout(rng.uniform(100, 400))
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(rng.uniform(100, 400))
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(rng.uniform(100, 400))
        if box:
            # Alternate between two points of the bar, so each click moves it (and seeks).
            page.mouse.click(box["x"] + box["width"] * (0.3 if cycles % 2 else 0.6), box["y"] + box["height"] / 2)
            page.mouse.click(*focus_point)  # focus back on the drawing: the bar would take the arrows
        page.wait_for_timeout(rng.uniform(100, 400))
        cycles += 1
    out["probe_cycles"] = cycles


def click_stop(page: Any, opts: dict[str, Any], out: dict[str, Any]) -> None:
    """Click Stop once a quarter of the expected events arrived, or 4 s after the first, at a
    random moment after the last look at the page (see probe_while_streaming)."""
    box = page.locator("#stop").bounding_box(timeout=120_000)
    at = opts["stop_at_events"]
    deadline = time.monotonic() + 4.0
    while time.monotonic() < deadline and not out.get("finished"):
        if page.evaluate("window.minimaxLab.last >= %d" % at):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(random.Random(12).uniform(0, 250))
    if out.get("finished"):
        out["stop_note"] = "the search was over before Stop was clicked"
        return
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def after_result(page: Any, opts: dict[str, Any], out: dict[str, Any]) -> None:
    """Stepping, End and Home on the whole result; then the heap after a GC and the DOM size."""
    last = page.evaluate("window.minimaxLab.last")
    count = opts["steps"]
    mid = max(0, last // 2 - count // 2)
    count = min(count, last - mid)
    budget = opts["step_budget_s"] * 1000
    log(f"[load] stepping {count} steps from {mid} of {last}")
    out["forward"] = page.evaluate(TIME_STEPS_CAPPED, [mid, count, 1, False, budget])
    out["back"] = page.evaluate(TIME_STEPS_CAPPED, [mid + count, count, -1, False, budget])
    out["forward_layout"] = page.evaluate(TIME_STEPS_CAPPED, [mid, count, 1, True, budget])
    out["back_layout"] = page.evaluate(TIME_STEPS_CAPPED, [mid + count, count, -1, True, budget])
    log("[load] End and Home")
    out["jumps"] = page.evaluate(TIME_JUMPS, [opts["jumps"], budget])
    page.evaluate("(k) => window.minimaxLab.seek(k)", last)
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    out["heap_used"] = heap["usedSize"]
    out["heap_total"] = heap["totalSize"]
    # Typed arrays' buffers live outside the JS heap: the page's columns, states, snapshots, journal.
    out["stored_bytes"] = page.evaluate("window.minimaxLab.storedBytes")
    out["dom_nodes"] = page.evaluate("document.getElementsByTagName('*').length")


def descendants(pid: int) -> list[int]:
    """The processes below `pid` (Playwright starts the browser in a process group of its own)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def run_child(mode: str, url: str, opts: dict[str, Any], timeout_s: float) -> dict[str, Any]:
    """A page run in a process of its own, killed with its browser past its deadline."""
    command = [sys.executable, __file__, "--page-run", mode, "--url", url, "--opts", json.dumps(opts)]
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        stdout, _ = child.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        for pid in [child.pid, *descendants(child.pid)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        child.communicate()
        return {"mode": mode, "error": f"the page run was killed after {timeout_s:.0f} s"}
    lines = stdout.strip().splitlines()
    if child.returncode != 0 or not lines:
        return {"mode": mode, "error": f"the page run failed (exit {child.returncode})"}
    return json.loads(lines[-1])


# ---------------------------------------------------------------------------------------------
# The table.

def ms(value: float) -> str:
    return f"{value:,.1f} ms" if value < 10_000 else f"{value / 1000:,.1f} s"


def verdict(value: float | None, goal: float) -> str:
    if value is None:
        return "n/a"
    return "ok" if value <= goal else "OVER"


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str]] = []

    def add(self, figure: str, value: str, goal: str = "", ok: str = "") -> None:
        self.rows.append((figure, value, goal, ok))

    def section(self, title: str) -> None:
        self.rows.append(("", "", "", ""))
        self.rows.append((title, "", "", ""))

    def print(self) -> None:
        print(f"{'figure':<50} {'value':>26}  {'goal':<12} verdict")
        for figure, value, goal, ok in self.rows:
            print(f"{figure:<50} {value:>26}  {goal:<12} {ok}".rstrip())


def tasks_in(tasks: list[list[float]], start: float, end: float) -> list[float]:
    """Durations of the long tasks that ran (at least partly) between `start` and `end`."""
    return [d for s, d in tasks if s + d >= start and s < end]


def add_tasks(table: Table, label: str, b: dict[str, Any]) -> None:
    tasks = b["longtasks"]
    first, done = b["firstEventsAt"], b["finishedAt"] if b["finishedAt"] is not None else b["settledAt"]
    streaming = tasks_in(tasks, first, done)
    longest = max(streaming, default=0.0)
    table.add(f"{label}: longest task while streaming", ms(longest), f"<= {GOALS['task_ms']:.0f} ms", verdict(longest, GOALS["task_ms"]))
    over = [d for d in streaming if d > 50]
    table.add(f"{label}: tasks > 50 ms while streaming", f"{len(over)} ({ms(sum(over))} in all)", "0", "ok" if not over else "OVER")
    before = tasks_in(tasks, 0, first)
    after = tasks_in(tasks, done, b["settledAt"])
    table.add(f"{label}: longest task before the first events", ms(max(before, default=0.0)))
    table.add(f"{label}: longest task in the 1 s after the result", ms(max(after, default=0.0)))


def add_answers(table: Table, label: str, values: list[float]) -> None:
    if not values:
        table.add(label, "no samples", f"<= {GOALS['answer_ms']:.0f} ms", "n/a")
        return
    worst = max(values)
    table.add(label, f"med {statistics.median(values):.0f} p95 {percentile(values, 0.95):.0f} max {worst:.0f} ms (n={len(values)})",
              f"<= {GOALS['answer_ms']:.0f} ms", verdict(worst, GOALS["answer_ms"]))


def add_steps(table: Table, label: str, values: list[float] | None) -> None:
    if not values:
        table.add(label, "not measured", f"< {GOALS['step_ms']:.0f} ms", "n/a")
        return
    median = statistics.median(values)
    table.add(label, f"med {median:.2f} p95 {percentile(values, 0.95):.1f} ms (n={len(values)})",
              f"< {GOALS['step_ms']:.0f} ms", "ok" if median < GOALS["step_ms"] else "OVER")


def report(args: argparse.Namespace, cli: dict[str, Any], runs: dict[str, dict[str, Any]]) -> None:
    table = Table()
    table.section(f"CLI: python -m search trace --game tictactoe --state {args.state} --algorithm {args.algorithm} > FILE")
    table.add("cli: wall time", f"{cli['seconds']:.2f} s")
    table.add("cli: events / file size", f"{cli['events']:,} / {cli['bytes'] / 1e6:,.1f} MB")

    load = runs["load"]
    table.section("page, left alone (load run)")
    b = load.get("bench")
    if load.get("error"):
        table.add("load: ERROR", load["error"])
    if b:
        events = (b["lastAtFinish"] if b["lastAtFinish"] is not None else b["lastNow"]) + 1
        whole = events == cli["events"]
        table.add("load: events in the page", f"{events:,}" + (" (all)" if whole else f" of {cli['events']:,}"),
                  "all", "ok" if whole else "OVER")
        table.add("load: navigation start -> first events", ms(b["firstEventsAt"]))
        if b["finishedAt"] is not None:
            table.add("load: navigation start -> result", ms(b["finishedAt"]))
            ratio = b["finishedAt"] / 1000 / cli["seconds"]
            table.add("load: page time / CLI time", f"{ratio:.2f}x" + ("" if whole else " (fewer events!)"),
                      f"<= {GOALS['ratio']:.0f}x", verdict(ratio, GOALS["ratio"]))
        else:
            table.add("load: navigation start -> result", "never (see error)", "", "OVER")
        add_tasks(table, "load", b)
        progress = ", ".join(f"{t / 1000:.0f}s:{n:,}" for t, n in b["progress"][:: max(1, len(b["progress"]) // 8)])
        table.add("load: events shown over time", progress[:100])
        if b["observerErrors"]:
            table.add("load: observer errors", "; ".join(b["observerErrors"])[:60])
        table.add("load: note under the drawing", (b["note"] or "(none)")[:60])
        table.add("load: JS heap limit (Chromium's own)", f"{(b['heapLimit'] or 0) / 2**20:,.0f} MB")
    for key, label in (("forward", "step forward (seek)"), ("back", "step back (seek)"),
                       ("forward_layout", "step forward (seek + layout)"), ("back_layout", "step back (seek + layout)")):
        add_steps(table, f"after: {label}", load.get(key))
    jumps = load.get("jumps") or {}
    for key, label in (("end_from_start", "End from step 0"), ("home_from_end", "Home from the last step"),
                       ("end_from_middle", "End from the middle"), ("home_from_middle", "Home from the middle")):
        values = jumps.get(key)
        if values:
            worst = max(values)
            table.add(f"after: {label} (seek + layout)", f"max {ms(worst)} of " + ", ".join(f"{v:.0f}" for v in values),
                      f"< {GOALS['jump_ms']:.0f} ms", verdict(worst, GOALS["jump_ms"]))
        else:
            table.add(f"after: {label}", "not measured", f"< {GOALS['jump_ms']:.0f} ms", "n/a")
    if "heap_used" in load:
        heap = load["heap_used"] / 2**20
        table.add("after: JS heap used (after a GC)", f"{heap:,.0f} MB (total {load['heap_total'] / 2**20:,.0f})",
                  f"< {GOALS['heap_mb']:.0f} MB", verdict(heap, GOALS["heap_mb"]))
        stored = load.get("stored_bytes", 0) / 2**20
        table.add("after: typed arrays (outside the JS heap)", f"{stored:,.0f} MB")
        table.add("after: JS heap + typed arrays", f"{heap + stored:,.0f} MB", f"< {GOALS['heap_mb']:.0f} MB",
                  verdict(heap + stored, GOALS["heap_mb"]))
        table.add("after: DOM nodes", f"{load['dom_nodes']:,}")
    else:
        table.add("after: JS heap used (after a GC)", "not measured", f"< {GOALS['heap_mb']:.0f} MB", "n/a")
    if load.get("crashed"):
        table.add("load: THE PAGE CRASHED", "yes (out of memory?)", "", "OVER")

    probe = runs["probe"]
    table.section("page, with keys and the scrub bar while it streams (probe run)")
    if probe.get("error"):
        table.add("probe: ERROR", probe["error"])
    b = probe.get("bench")
    if b:
        if b["finishedAt"] is not None:
            table.add("probe: navigation start -> result", ms(b["finishedAt"]))
        table.add("probe: cycles (ArrowRight, ArrowLeft, scrub)", str(probe.get("probe_cycles", 0)))
        for key in ("ArrowRight", "ArrowLeft"):
            presses = [k for k in b["keys"] if k[0] == key]
            add_answers(table, f"probe: {key} delay+handling", [k[3] for k in presses])
            add_answers(table, f"probe: {key} input delay alone", [k[1] for k in presses])
        add_answers(table, "probe: scrub press -> seek done", [s[2] for s in b["scrubs"]])
        add_answers(table, "probe: scrub press input delay alone", [s[0] for s in b["scrubs"]])
        add_tasks(table, "probe", b)
        slow = [e for e in b["slowEvents"] if e[0] in ("keydown", "pointerdown", "click")]
        if slow:
            table.add("probe: event to next paint (Event Timing), max", ms(max(e[3] for e in slow)))
    if probe.get("crashed"):
        table.add("probe: THE PAGE CRASHED", "yes", "", "OVER")

    if "stop" in runs:
        stop = runs["stop"]
        table.section("page, Stop clicked while it streams (stop run)")
        if stop.get("error"):
            table.add("stop: ERROR", stop["error"])
        if stop.get("stop_note"):
            table.add("stop: note", stop["stop_note"][:60])
        b = stop.get("bench")
        click = b and b["stop"]
        if click:
            table.add("stop: events when Stop was clicked", f"{click['eventsAtClick']:,}")
            table.add("stop: click input delay alone", ms(click["delay"]), f"<= {GOALS['answer_ms']:.0f} ms",
                      verdict(click["delay"], GOALS["answer_ms"]))
            table.add("stop: click delay+handling", ms(click["handled"]), f"<= {GOALS['answer_ms']:.0f} ms",
                      verdict(click["handled"], GOALS["answer_ms"]))
            if b["finishedAt"] is not None:
                over = b["finishedAt"] - click["timeStamp"]
                table.add("stop: click -> search over (incl. server)", ms(over), f"<= {GOALS['answer_ms']:.0f} ms",
                          verdict(over, GOALS["answer_ms"]))
                table.add("stop: events when over", f"{b['lastAtFinish'] + 1:,}")
            else:
                table.add("stop: click -> search over", "never", "", "OVER")
        elif b and not stop.get("stop_note"):
            table.add("stop: the click on Stop", "never reached the page", "", "OVER")
        if stop.get("crashed"):
            table.add("stop: THE PAGE CRASHED", "yes", "", "OVER")

    table.section(f"machine: {os.cpu_count()} CPUs; 1-minute load average before / after each page run")
    for run in runs.values():
        if "load_before" in run:
            table.add(f"{run['mode']}: load average", f"{run['load_before']:.1f} / {run['load_after']:.1f}")
    for run in runs.values():
        for err in run.get("page_errors", [])[:3]:
            table.add(f"{run['mode']}: page error", err[:60])
    table.print()
    print(f"screenshot after the load run's figures: {args.screenshot}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state", default=".........")
    parser.add_argument("--algorithm", choices=["minimax", "alphabeta"], default="minimax")
    parser.add_argument("--max-events", type=int, help="passed to the server (default: the server's own)")
    parser.add_argument("--skip-stop", action="store_true", help="leave out the run that clicks Stop")
    parser.add_argument("--steps", type=int, default=2000, help="steps timed in each direction after the result")
    parser.add_argument("--jumps", type=int, default=3, help="End / Home repetitions of each kind")
    parser.add_argument("--step-budget", type=float, default=60.0, help="seconds at most for each stepping series")
    parser.add_argument("--finish", type=float, default=600.0, help="seconds to wait for the page's result")
    parser.add_argument("--screenshot", default="/tmp/shots/bench_render_big.png")
    parser.add_argument("--page-run", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--opts", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.page_run:  # a child: one page run, its figures as JSON on the last line
        print(json.dumps(page_run(args.page_run, args.url, json.loads(args.opts))))
        return

    log("CLI: writing the trace to a file")
    cli = time_cli(args.state, args.algorithm)
    expected = min(cli["events"], args.max_events or cli["events"])
    opts = {"finish_s": args.finish, "steps": args.steps, "jumps": args.jumps, "step_budget_s": args.step_budget,
            "stop_at_events": expected // 4, "screenshot": args.screenshot}
    # Generous: the finish wait, 5 stepping series, start-up and settling.
    timeout = args.finish + 5 * args.step_budget + 240
    query = urlencode({"game": "tictactoe", "state": args.state, "algorithm": args.algorithm, "run": 1})
    runs: dict[str, dict[str, Any]] = {}
    with server_process(args.max_events) as base:
        url = f"{base}/?{query}"
        for mode in ["load", "probe"] + ([] if args.skip_stop else ["stop"]):
            log(f"page run '{mode}': {url}")
            runs[mode] = run_child(mode, url, opts, timeout)
    print(f"server: python -m server{'' if args.max_events is None else f' --max-events {args.max_events}'}; "
          f"Chromium {CHROMIUM} {' '.join(CHROMIUM_ARGS)} at {VIEWPORT['width']}x{VIEWPORT['height']}")
    report(args, cli, runs)


if __name__ == "__main__":
    main()
