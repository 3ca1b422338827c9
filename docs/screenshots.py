"""Make the README's screenshot: the lecture example, alpha-beta, at the step where C is cut.

    .venv/bin/python docs/screenshots.py            # writes docs/lecture-alpha-cut.png (1280x800)
    .venv/bin/python docs/screenshots.py --out DIR  # somewhere else

It starts the real server as the tests do (tests/helpers/live_server.py: create_app, Werkzeug, on
127.0.0.1 and a free port, with a throwaway SQLite file), opens it in Debian's Chromium through Playwright (/usr/bin/chromium, or
$MINIMAX_LAB_CHROMIUM; `make system-deps` installs it), and opens a step link such as
/?example=lecture&algorithm=alphabeta&step=N (static/js/player/step_link.js). N is not typed in
here: the engine's own trace of the lecture tree says which event prunes C, so the picture stays
right if the trace format changes.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: import the checkout's search and server

from playwright.sync_api import expect, sync_playwright  # noqa: E402
from werkzeug.serving import WSGIRequestHandler  # noqa: E402

from search import Recorder, TreeGame, alphabeta, tree_from_json  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (Debian's Chromium, as the tests drive it)
from tests.helpers.live_server import running_server  # noqa: E402  (the real app on a free port, a throwaway database)

VIEWPORT = {"width": 1280, "height": 800}
LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def alpha_cut_step() -> int:
    """The step (event seq) at which alpha-beta prunes C's children on the lecture tree."""
    rec = Recorder()
    alphabeta(TreeGame(tree_from_json(LECTURE)), recorder=rec)
    for event in rec.events():
        if event["type"] == "prune" and event["node"] == "C" and event["pruned"]:
            return int(event["seq"])
    raise SystemExit("the lecture trace has no prune at C: has alpha-beta changed?")


class QuietHandler(WSGIRequestHandler):
    """No line per request on the terminal: the script prints only the file it wrote."""

    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def shoot(out: Path) -> Path:
    step = alpha_cut_step()
    out.mkdir(parents=True, exist_ok=True)
    target = out / "lecture-alpha-cut.png"
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} not found: install Debian's chromium (`make system-deps`) or set MINIMAX_LAB_CHROMIUM")
    with running_server(request_handler=QuietHandler) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{base}/?example=lecture&algorithm=alphabeta&step={step}")
            expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / \d+$"), timeout=30_000)
            # The narration of this step is the α cut at C: C2 and C3 are not looked at.
            expect(page.locator("#narration")).to_contain_text("C2 and C3", timeout=30_000)
            page.wait_for_timeout(400)  # let the drawing's transitions settle
            page.screenshot(path=str(target))
            if errors:
                raise SystemExit("the page reported errors: " + "; ".join(errors))
        finally:
            browser.close()
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder to write lecture-alpha-cut.png in (default docs/)")
    args = parser.parse_args()
    print(shoot(args.out))


if __name__ == "__main__":
    main()
