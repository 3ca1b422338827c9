"""How fast does the page step? Milliseconds per step forward and per step back on a 2,000-node tree.

The goal (issue): median < 16 ms per step, both directions, so stepping keeps up with a 60 Hz
display. Stepping back is "the state at k-1", rebuilt from the nearest snapshot (every 256 steps),
so it should cost about what stepping forward does.

What it does: starts the real server on a free port, opens the page in Debian's Chromium at
1280x800, types a random tree of 2,000 nodes (seeded) into the side panel, runs it, waits for the
whole trace, then steps through every step forward and back, three ways:

- step:        performance.now() around the page's step function (JS and DOM writes);
- step+layout: the same, plus a forced style recalculation and layout (reading offsetHeight);
- key press:   ArrowRight / ArrowLeft pressed through Playwright (a sample of steps): the
               handling (the app's keydown listener and a forced layout), the same plus input
               delay (from the key event's timeStamp), and from the Event Timing API how many
               presses took 16 ms or more until the next paint (its smallest threshold).

Headless Chromium here paints in software (SwiftShader), so the paint figures are pessimistic.

    .venv/bin/python bench/render.py                 # alpha-beta, seed 1
    .venv/bin/python bench/render.py --algorithm minimax --nodes 2000 --seed 7
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from bench.page_bench import CHROMIUM, CHROMIUM_ARGS, KEY_PROBE, TIME_STEPS, VIEWPORT, summary  # noqa: E402
from server import create_app  # noqa: E402

GOAL_MS = 16.0


def random_tree(nodes: int, seed: int) -> dict:
    """A tree of exactly `nodes` nodes: breadth first, 2-4 children each, leaves valued -99..99."""
    rng = random.Random(seed)
    root: dict = {"id": "n0"}
    queue = [root]
    count = 1
    head = 0
    while count < nodes:
        node = queue[head]
        head += 1
        k = min(rng.randint(2, 4), nodes - count)
        node["children"] = []
        for _ in range(k):
            child = {"id": f"n{count}"}
            count += 1
            node["children"].append(child)
            queue.append(child)
    for node in queue:
        if "children" not in node:
            node["value"] = rng.randint(-99, 99)
    return root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--algorithm", choices=["alphabeta", "minimax"], default="alphabeta")
    parser.add_argument("--keys", type=int, default=300, help="key presses to time in each direction")
    parser.add_argument("--screenshot", default="/tmp/shots/bench_render.png")
    args = parser.parse_args()

    tree = random_tree(args.nodes, args.seed)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    app = create_app()
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_port}/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url)
            page.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished")
            page.locator('input[name="source"][value="tree"]').check()
            page.locator('textarea[name="tree"]').fill(json.dumps(tree, separators=(",", ":")))
            page.locator('select[name="algorithm"]').select_option(args.algorithm)
            t0 = time.perf_counter()
            page.get_by_role("button", name="Run").click()
            page.wait_for_function(
                f"() => window.minimaxLab.finished && document.querySelectorAll('#tree [data-node-id]').length === {args.nodes}",
                timeout=60_000,
            )
            load_s = time.perf_counter() - t0
            last = page.evaluate("window.minimaxLab.last")
            print(f"tree: {args.nodes} nodes (seed {args.seed}), {args.algorithm}: {last + 1} events, "
                  f"loaded and drawn in {load_s:.2f} s")

            forward = page.evaluate(TIME_STEPS, [0, last, False])
            back = page.evaluate(TIME_STEPS, [last, 0, False])
            forward_layout = page.evaluate(TIME_STEPS, [0, last, True])
            back_layout = page.evaluate(TIME_STEPS, [last, 0, True])

            page.evaluate(KEY_PROBE)
            page.locator("#tree").click(position={"x": 5, "y": 5})  # keyboard focus on the page
            start = last // 2
            page.evaluate("(k) => window.minimaxLab.seek(k)", start)
            keys = min(args.keys, last - start)
            for _ in range(keys):
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(300)  # let the last Event Timing entries arrive
            key_forward = page.evaluate("window.keyTimes.splice(0)")
            slow_forward = page.evaluate("window.slowPaints.splice(0)")
            for _ in range(keys):
                page.keyboard.press("ArrowLeft")
            page.wait_for_timeout(300)
            key_back = page.evaluate("window.keyTimes.splice(0)")
            slow_back = page.evaluate("window.slowPaints.splice(0)")
            assert page.evaluate("window.minimaxLab.step") == start, "key presses did not all step"

            page.evaluate("(k) => window.minimaxLab.seek(k)", last)
            Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=args.screenshot)
            browser.close()
            if errors:
                raise SystemExit(f"page errors: {errors}")
    finally:
        httpd.shutdown()

    print(summary("step forward", forward, GOAL_MS))
    print(summary("step back", back, GOAL_MS))
    print(summary("step forward + layout", forward_layout, GOAL_MS))
    print(summary("step back + layout", back_layout, GOAL_MS))
    for name, times, slow in (("ArrowRight", key_forward, slow_forward), ("ArrowLeft", key_back, slow_back)):
        print(summary(f"key {name}: handling", [t[1] for t in times], GOAL_MS))
        print(summary(f"key {name}: delay+handling", [t[2] for t in times], GOAL_MS))
        print(f"{'':<26} press to next paint >= 16 ms: {len(slow)} of {len(times)} presses"
              + (f" (median of those {statistics.median(slow):.0f} ms)" if slow else ""))
    print(f"screenshot of the last step: {args.screenshot}")


if __name__ == "__main__":
    main()
