"""How fast does a big game tree's focus drawing step? Milliseconds per step, forward and back.

The goal (issue 12, item 4): median < 16 ms per step on the full tic-tac-toe tree. Opens a game
search by its link in Debian's Chromium at 1280x800, waits for the whole trace, then times
`window.minimaxLab.seek(k)` (the page's step: replay, drawing, narration), plus a forced layout
(offsetHeight), for a run of consecutive steps forward then back from the middle of the search;
also End and Home. Prints the tree's size and the DOM's node count.

    PYTHONPATH=. .venv/bin/python bench/focus_steps.py
    PYTHONPATH=. .venv/bin/python bench/focus_steps.py --url '/?game=tictactoe&state=.........&algorithm=minimax'
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.helpers.live_server import running_server  # noqa: E402

TIME_STEPS = """([from, to]) => {
    const lab = window.minimaxLab;
    const out = [];
    const by = from < to ? 1 : -1;
    for (let k = from; k !== to; k += by) {
        const t0 = performance.now();
        lab.seek(k);
        void document.body.offsetHeight;
        out.push(performance.now() - t0);
    }
    return out;
}"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="/?game=tictactoe&state=.........&algorithm=alphabeta")
    parser.add_argument("--steps", type=int, default=500)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    with running_server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(base + args.url)
        page.wait_for_function("() => window.minimaxLab && window.minimaxLab.finished", timeout=600_000)
        page.wait_for_timeout(1000)  # the last relayout (at most twice a second for a big tree)
        last = page.evaluate("window.minimaxLab.last")
        mid = last // 2
        page.evaluate(f"window.minimaxLab.seek({mid})")
        forward = page.evaluate(TIME_STEPS, [mid, mid + args.steps])
        back = page.evaluate(TIME_STEPS, [mid + args.steps, mid])
        end = page.evaluate(TIME_STEPS, [last, last - 1])  # one seek to the end
        home = page.evaluate(TIME_STEPS, [0, 1])
        note = page.locator("#tree-note").text_content()
        dom = page.evaluate("document.querySelectorAll('#tree *').length")
        nodes = page.evaluate("document.querySelectorAll('#tree [data-node-id]').length")
        print(f"{args.url}: {last:,} steps; note: {note}")
        print(f"step forward: median {statistics.median(forward):.2f} ms, p95 {sorted(forward)[int(len(forward) * 0.95)]:.2f} ms")
        print(f"step back:    median {statistics.median(back):.2f} ms, p95 {sorted(back)[int(len(back) * 0.95)]:.2f} ms")
        print(f"End: {end[0]:.1f} ms, Home: {home[0]:.1f} ms; drawn nodes {nodes}, SVG elements {dom}")
        browser.close()


if __name__ == "__main__":
    main()
