"""Make the README's screenshot: the lecture example, alpha-beta, at the step where C is cut; and
docs/embedding.md's: a course page on another site with an exercise embedded, answered and checked.

    .venv/bin/python docs/screenshots.py            # writes docs/lecture-alpha-cut.png and docs/embedded-exercise.png (1280x800)
    .venv/bin/python docs/screenshots.py --out DIR  # somewhere else
    .venv/bin/python docs/screenshots.py --only embedded-exercise

It starts the real server as the tests do (tests/helpers/live_server.py: create_app, Werkzeug, on
127.0.0.1 and a free port, with a throwaway SQLite file), opens it in Debian's Chromium through Playwright (/usr/bin/chromium, or
$MINIMAX_LAB_CHROMIUM; `make system-deps` installs it), and opens a step link such as
/?example=lecture&algorithm=alphabeta&step=N (static/js/player/step_link.js). N is not typed in
here: the engine's own trace of the lecture tree says which event prunes C, so the picture stays
right if the trace format changes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: import the checkout's search and server

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
from werkzeug.serving import WSGIRequestHandler  # noqa: E402

from search import Recorder, TreeGame, alphabeta, tree_from_json  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (Debian's Chromium, as the tests drive it)
from tests.helpers.course_page import course_html, course_site  # noqa: E402  (a course page on another origin)
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
    with running_server(request_handler=QuietHandler) as base, checked_page() as page:
        page.goto(f"{base}/?example=lecture&algorithm=alphabeta&step={step}")
        expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / \d+$"), timeout=30_000)
        # The narration of this step is the α cut at C: C2 and C3 are not looked at.
        expect(page.locator("#narration")).to_contain_text("C2 and C3", timeout=30_000)
        page.wait_for_timeout(400)  # let the drawing's transitions settle
        page.screenshot(path=str(target))
    return target


@contextmanager
def checked_page() -> Iterator[Page]:
    """A page at VIEWPORT in Debian's Chromium; leaving, the browser closes, and a script error on the page
    stops the script (a picture of a broken page is worse than none)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            yield page
            if errors:
                raise SystemExit("the page reported errors: " + "; ".join(errors))
        finally:
            browser.close()


def shoot_embedded_exercise(out: Path) -> Path:
    """A course page (http://localhost:<port>, another site) framing /embed/x/<id> of a server that lists it
    (--frame-ancestors): the lecture's exercise filled in and checked inside the frame."""
    out.mkdir(parents=True, exist_ok=True)
    target = out / "embedded-exercise.png"
    pages: dict[str, str] = {}
    with course_site(pages) as course, running_server({"FRAME_ANCESTORS": (course,)}, request_handler=QuietHandler) as base, \
            checked_page() as page:
        made = page.request.post(f"{base}/api/exercises", data=json.dumps({"tree": LECTURE, "ask": ["values", "pruned"]}),
                                 headers={"Content-Type": "application/json"}).json()
        pages["/week6"] = course_html("Exercise: alpha-beta on the lecture tree", f"{base}/embed/x/{made['id']}", 800, 650)
        page.goto(f"{course}/week6")
        lab = page.frame_locator("#lab")
        expect(lab.locator("body")).to_have_attribute("data-ready", "true", timeout=30_000)
        for node, value in (("A", "3"), ("B", "3"), ("C", "2"), ("D", "2")):
            lab.get_by_label(f"value of {node}").fill(value)
        lab.get_by_role("button", name=re.compile(r"^C2 pruned")).click()
        lab.get_by_role("button", name="Check").click()  # C3 forgotten: the feedback names it
        expect(lab.locator("#feedback-score")).not_to_be_empty(timeout=30_000)
        page.frames[1].evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(target))
    return target


SHOTS = {"lecture-alpha-cut": shoot, "embedded-exercise": shoot_embedded_exercise}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder to write the PNGs in (default docs/)")
    parser.add_argument("--only", choices=sorted(SHOTS), help="make this one only")
    args = parser.parse_args()
    for name, make in SHOTS.items():
        if args.only in (None, name):
            print(make(args.out))


if __name__ == "__main__":
    main()
