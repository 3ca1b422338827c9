"""Iterative deepening through the page's ways of keeping and sharing a search (issue 10, item 4):
a saved trace (opened as a .jsonl file, and uploaded then opened at its /r/<id> link) steps across
an iteration boundary as a live search does; "Copy link to this step" with algorithm=iterative
reopens the same step; the SVG and LaTeX exports of a step in the second iteration produce files
that draw that step (the drawing started over: the nodes not yet visited again are unvisited)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import SVG, compile_tex, download, open_tab
from tests.browser.conftest import DESKTOP, counter, new_page, node_states, run_search

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "lecture_estimates_iterative_depth2.jsonl"
END_OF_ITERATION_1 = 19  # the first `iteration` event (tests/js/narration/iterative.test.js reads the same file)
ORDER = "n => document.querySelector(`#tree [data-node-id=\"${n}\"] text.order`).textContent"


def crosses_the_boundary(page: Page) -> None:
    """At the end of iteration 1, then one step on: the root visited again, the drawing started over."""
    expect(page.locator("#narration")).to_contain_text("Iteration 1 (depth limit 1) found A = 8, best move B")
    expect(page.locator("#iteration-rows tr")).to_have_count(1)
    assert node_states(page)["B"][0] == "done"
    page.locator("#forward").click()
    expect(page.locator('[data-node-id="B"]')).to_have_attribute("data-state", "unvisited")
    assert page.evaluate(ORDER, "A") == "1"
    assert page.evaluate("() => window.minimaxLab.event") == END_OF_ITERATION_1 + 1


def run_iterative(page: Page) -> None:
    page.locator('select[name="example"]').select_option("lecture-estimates")
    before = page.evaluate("() => window.minimaxLab.searches")
    run_search(page, source="example", algorithm="iterative", depth="2")
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=before)


def test_a_saved_iterative_trace_steps_across_an_iteration_boundary(app: Page, browser: Browser, live_server: str) -> None:
    # Opened as a file (Search tab): replays from the file's own events.
    app.locator("#trace-file").set_input_files(str(GOLDEN))
    app.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.last > 70")
    total = counter(app)[1]
    app.evaluate(f"() => window.minimaxLab.seek({END_OF_ITERATION_1})")
    crosses_the_boundary(app)
    # Uploaded (Share tab): saved, and its /r/<id> link opens at a step.
    open_tab(app, "Share & export")
    app.locator("#trace-upload").set_input_files(str(GOLDEN))
    link = app.locator("#trace-link")
    expect(link).to_have_value(re.compile(r"/r/[\w-]+$"))
    page, errors = new_page(browser, DESKTOP)
    page.goto(f"{link.input_value()}?step={END_OF_ITERATION_1}")
    page.wait_for_function(f"() => window.minimaxLab.finished && window.minimaxLab.step === {END_OF_ITERATION_1}")
    assert counter(page) == (END_OF_ITERATION_1, total)
    crosses_the_boundary(page)
    page.locator("#last").click()
    expect(page.locator("#iteration-rows tr")).to_have_count(2)
    expect(page.locator("#narration")).to_contain_text("Result: A = 3, best move B")
    page.context.close()
    assert errors == []


def test_a_link_to_an_iterative_step_reopens_that_step(app: Page, browser: Browser) -> None:
    run_iterative(app)
    step = END_OF_ITERATION_1 + 6
    app.evaluate(f"() => window.minimaxLab.seek({step})")
    app.locator("#copy-step-link").click()
    expect(app.locator("#step-link-status")).to_contain_text("algorithm=iterative")
    url = app.locator("#step-link-status").get_attribute("data-url") or ""
    assert "example=lecture-estimates" in url and "depth=2" in url and f"step={step}" in url
    narration = app.locator("#narration").inner_text()
    states = node_states(app)
    page, errors = new_page(browser, DESKTOP)
    page.goto(url)
    page.wait_for_function(f"() => window.minimaxLab.finished && window.minimaxLab.step === {step}")
    expect(page.locator("#narration")).to_have_text(narration)
    assert node_states(page) == states
    assert page.locator('select[name="algorithm"]').input_value() == "iterative"
    expect(page.locator("#iteration-rows tr")).to_have_count(1)  # iteration 2 is under way
    page.context.close()
    assert errors == []


def test_svg_and_latex_exports_of_an_iterative_step(app: Page, tmp_path: Path) -> None:
    run_iterative(app)
    step = END_OF_ITERATION_1 + 6  # in iteration 2: B searched again, C and D not yet
    app.evaluate(f"() => window.minimaxLab.seek({step})")
    shown = node_states(app)
    assert shown["D"][0] == "unvisited" and shown["B"][0] != "unvisited"
    open_tab(app, "Share & export")

    svg_path = download(app, "Export SVG", tmp_path)
    assert svg_path.name == f"A-iterative-step{step}.svg" and svg_path.stat().st_size > 0
    root = ET.parse(svg_path).getroot()
    assert root.tag == f"{SVG}svg"
    drawn = {g.get("data-node-id"): g.get("data-state") for g in root.iter(f"{SVG}g") if g.get("data-node-id")}
    assert {n: s for n, (s, _) in shown.items()} == drawn  # the step as the page shows it
    labels = {t.text for t in root.iter(f"{SVG}text") if "label" in (t.get("class") or "")}
    assert {"A", "B", "C", "D", "B1"} <= labels

    tex_path = download(app, "Export LaTeX (.tex)", tmp_path)
    assert tex_path.name == f"A-iterative-step{step}.tex"
    tex = tex_path.read_text(encoding="utf-8")
    assert "\\usepackage{tikz}" in tex and "\\begin{tikzpicture}" in tex
    compile_tex(tex_path)
