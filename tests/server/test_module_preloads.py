"""The pages name every module their script imports as a modulepreload, so the browser fetches them at once."""

from __future__ import annotations

import re
from pathlib import Path

from server import create_app
from server.http.module_preloads import module_preloads

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = ("app.js", "practice/exercise_page.js", "practice/exercise_results_page.js", "practice/exercise_review_page.js", "widget/widget_main.js",  # the Jupyter widget's bundle
           "code/code_lab.js", "code/python_worker.js",  # the code lab's page and its Web Worker
           "play/play_page.js",  # the /play page
           "courses/course_page.js", "courses/course_new_page.js",  # a course's gradebook and the page making one
           "practice/path_page.js", "practice/path_results_page.js", "practice/path_new_page.js",  # the practice path pages
           "lti/registration_done.js")  # the end of an LTI registration: one module importing nothing, loaded as it is


def test_every_module_is_preloaded_by_the_page_that_runs_it() -> None:
    # Each file under static/js is reached from an entry: a missed import form would leave one out.
    reached = {f"/static/js/{entry}" for entry in ENTRIES}
    for entry in ENTRIES:
        reached |= set(module_preloads(str(ROOT / "static"), entry))
    files = {f"/static/js/{p.relative_to(ROOT / 'static/js').as_posix()}" for p in (ROOT / "static/js").rglob("*.js")}
    assert files - reached == set(), "modules no entry imports (dead, or an import the reader missed)"
    # Dependencies come before the modules that import them.
    order = module_preloads(str(ROOT / "static"), "app.js")
    assert order.index("/static/js/view/value_format.js") < order.index("/static/js/narration/narration.js")


def test_the_pages_carry_the_preloads_when_they_send_their_modules_one_by_one(tmp_path: Path) -> None:
    """Without its bundle (PAGE_BUNDLES off, or a module changed since `make pages`: test_page_bundles.py)."""
    client = create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "TESTING": True, "PAGE_BUNDLES": False}).test_client()
    main = client.get("/").get_data(as_text=True)
    assert re.findall(r'<script type="module" src="([^"?]+)', main) == ["/static/js/app.js"]
    links = re.findall(r'<link rel="modulepreload" href="([^"]+)">', main)
    assert [link.split("?v=")[0] for link in links] == list(module_preloads(str(ROOT / "static"), "app.js")) and len(links) > 50
    assert all(client.get(url).status_code == 200 for url in links)
