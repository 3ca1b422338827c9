"""The code lab in Chromium (issue 28, point 6; docs/code-lab.md): a student's own search, loaded from a
.py file into the editor and run by Run in the page's Web Worker (Pyodide, served by our server), is
judged against the reference: a correct alpha-beta on the lecture's tree matches; one with the window
not passed down differs, with the misconception named and the first divergence ringed in both
drawings and both players at its step; an endless loop is stopped at the time limit and the same page
then runs a correct search; a syntax error names its line and marks it in the editor; the lecture's
quiz as written (?quiz=isolation-depth-limit) fails at its starter's line and passes its solution,
depth by depth; axe finds no accessibility violation on opening nor on a report that differs (the code lab's
row of docs/accessibility.md, checked here rather than in test_axe_pages.py: on these pages Python is loaded
anyway). The expected report is the grader's own in CPython (search.grading.browser.check), the same function
the worker calls.
Screenshots of a match and of a differs report at both sizes when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from search.grading.browser import check, problem_json
from search.grading.quiz import quiz_report
from search.grading.starters import quiz_starter, starter
from search.misconceptions import CATALOGUE
from tests.browser.axe_check import assert_clean
from tests.browser.conftest import DESKTOP, PHONE, new_page, refusals_removed, shot
from tests.helpers.live_server import running_server

FILES = Path(__file__).parent / "code_lab"
QUIZ_SOLUTION = Path(__file__).parents[1] / "engine" / "grading_files" / "quiz_solution.py"
LECTURE = "/code?algorithm=alphabeta&example=lecture"
TIME_LIMIT = 2.0
"""The page's time limit here (CODE_LAB_TIME_LIMIT_SECONDS): the endless loop costs 2 s, not 10."""
PYTHON_MS = 120_000
"""How long the first verdict may take: Pyodide (10 MB of WebAssembly) loads and compiles first."""
JUDGED = re.compile(r"^(match|differs|error)$")
JUDGED_JS = '["match", "differs", "error"]'
SYNTAX_ERROR = '''"""A syntax error on line 4: the colon after the def is missing."""


def alphabeta_search(game, state)
    return game.actions(state)[0]
'''
"""Written to a .py file by its test: a file of it here would fail the repository's lint."""


@pytest.fixture(scope="module")
def lab_server() -> Iterator[str]:
    with running_server({"CODE_LAB_TIME_LIMIT_SECONDS": TIME_LIMIT}) as url:
        yield url


def expected(path: Path) -> dict[str, Any]:
    """The report of the grader in CPython for that file on the lecture's tree."""
    return json.loads(check(path.read_text(encoding="utf-8"), problem_json({"example": "lecture", "algorithm": "alphabeta"})))


def open_lab(page: Page, url: str, query: str = LECTURE) -> None:
    page.goto(url + query)
    expect(page.locator("#run")).to_be_enabled()


def run_file(page: Page, name: str | Path) -> str:
    """Load FILES/name (or a path) through the file input, press Run, wait for the verdict; returns it."""
    path = FILES / name
    page.set_input_files("#code-file", str(path))
    expect(page.locator("#editor .cm-content")).to_contain_text(path.read_text(encoding="utf-8").splitlines()[0][:40])
    before = page.evaluate("window.codeLab.report.shown")
    page.locator("#run").click()
    verdict = page.locator("#verdict")
    # This run's verdict, not the last one's: the report counts runs (a warm run may pass "running" too fast to see).
    page.wait_for_function(f"() => window.codeLab.report.shown > {before} && {JUDGED_JS}.includes("
                           "document.getElementById('verdict').dataset.verdict)", timeout=PYTHON_MS)
    return verdict.get_attribute("data-verdict") or ""


@pytest.fixture(scope="module")
def lecture_lab(browser: Browser, lab_server: str) -> Iterator[tuple[Page, list[str]]]:
    """One code lab page at 1280x800 on the lecture's tree, and its JavaScript errors, for the tests that
    load a file and run it: Python (Pyodide) loads once for them, not once each, the page's costliest part.
    A run replaces the last run's report whole and run_file waits for this run's own verdict, so none of
    them needs a fresh page; each run on a page that showed another verdict also checks the report leaves
    nothing of the last one behind."""
    page, errors = new_page(browser, DESKTOP)
    open_lab(page, lab_server)
    yield page, errors
    page.context.close()


@pytest.fixture()
def lab(lecture_lab: tuple[Page, list[str]]) -> Iterator[Page]:
    """The code lab at 1280x800 on the lecture's tree (the module's page); no JavaScript errors allowed during the test."""
    page, errors = lecture_lab
    before = len(errors)
    yield page
    assert errors[before:] == []


def test_a_correct_alpha_beta_matches_and_is_drawn_beside_the_reference(lab: Page) -> None:
    want = expected(FILES / "alphabeta_right.py")
    assert want["verdict"] == "match"
    assert run_file(lab, "alphabeta_right.py") == "match"
    expect(lab.locator("#verdict")).to_have_text(want["headline"])
    expect(lab.locator("#student-facts")).to_have_text("visited 10 nodes · value 3 · move B")
    expect(lab.locator("#reference-facts")).to_have_text("visited 10 nodes · value 3 · move B")
    # Both searches drawn, each at its last step (the result), nothing marked: A's value is 3 in both.
    student, reference = lab.locator("#student-trace"), lab.locator("#reference-trace")
    last = len(want["student_events"]) - 1
    expect(student.locator(".counter")).to_have_text(f"step {last} / {last}")
    expect(reference.locator(".counter")).to_have_text(f"step {len(want['reference_events']) - 1} / {len(want['reference_events']) - 1}")
    for pane in (student, reference):
        expect(pane.locator('[data-node-id="A"]')).to_have_attribute("data-value", "3")
        expect(pane.locator("[data-divergence]")).to_have_count(0)
    # The reference prunes C2 and C3; the student's search, the same, never visits them.
    expect(student.locator('[data-node-id="C2"]')).to_have_attribute("data-state", "unvisited")
    expect(reference.locator('[data-node-id="C2"]')).to_have_attribute("data-state", "pruned")
    # The student's trace steps like any trace: back one step, then to the start.
    student.locator("button.back").click()
    expect(student.locator(".counter")).to_have_text(f"step {last - 1} / {last}")
    student.locator("button.first").click()
    expect(student.locator('[data-node-id="A"]')).to_have_attribute("data-value", "")
    expect(lab.locator("#misconception")).to_be_hidden()
    # On the lecture's tree two slips search exactly as alpha-beta does: the page says so, by name.
    assert want["same_search"] == ["strict-test", "beta-not-updated"]
    expect(lab.locator("#divergence")).to_have_text(
        "On this problem 2 slips search exactly as the right search does (the strict test; β not updated): "
        "a problem where they differ tells them apart.")
    shot(lab, "code-lab-match-1280.png", full_page=True)


def test_the_window_not_passed_down_differs_names_the_misconception_and_marks_the_divergence(lab: Page) -> None:
    want = expected(FILES / "alphabeta_window_not_passed.py")
    d, m = want["divergence"], want["misconception"]
    assert want["verdict"] == "differs" and d["node"] == "C2" and "window-not-passed" in [m["id"], *want["also"]]
    assert run_file(lab, "alphabeta_window_not_passed.py") == "differs"
    expect(lab.locator("#verdict")).to_have_text(want["headline"])
    expect(lab.locator("#verdict")).to_contain_text("visits C2 after C1 returned 2 ≤ α = 3")
    box = lab.locator("#misconception")
    expect(box).to_have_attribute("data-misconception", m["id"])
    expect(lab.locator("#misconception-name")).to_have_text(f"It follows a misconception: {CATALOGUE[m['id']].name}")
    expect(lab.locator("#misconception-idea")).to_contain_text(CATALOGUE[m["id"]].idea[1:40])
    expect(box).to_contain_text(CATALOGUE["window-not-passed"].name)  # the misconception or one that searches the same
    expect(lab.locator("#divergence")).to_have_text(
        f"The first divergence at C2: your search at step {d['student_seq']}, the reference at step {d['reference_seq']}, "
        "ringed in both drawings.")
    # Each player is at the divergence's step; C2 is ringed in both drawings: current in the student's, pruned in the reference's.
    student, reference = lab.locator("#student-trace"), lab.locator("#reference-trace")
    expect(student.locator(".counter")).to_have_text(re.compile(rf"^step {d['student_seq']} / {len(want['student_events']) - 1}$"))
    expect(reference.locator(".counter")).to_have_text(re.compile(rf"^step {d['reference_seq']} / {len(want['reference_events']) - 1}$"))
    expect(student.locator('[data-node-id="C2"]')).to_have_attribute("data-divergence", "true")
    expect(student.locator('[data-node-id="C2"]')).to_have_attribute("data-state", "current")
    expect(reference.locator('[data-node-id="C2"]')).to_have_attribute("data-divergence", "true")
    expect(reference.locator('[data-node-id="C2"]')).to_have_attribute("data-state", "pruned")
    expect(lab.locator("[data-divergence]")).to_have_count(2)
    # The ring stays on C2 while the student steps.
    student.locator("button.forward").click()
    expect(student.locator('[data-node-id="C2"]')).to_have_attribute("data-divergence", "true")
    student.locator("button.back").click()
    expect(lab.locator("#student-facts")).to_have_text("visited 12 nodes · value 3 · move B")
    shot(lab, "code-lab-differs-1280.png", full_page=True)


def test_a_report_that_differs_has_no_axe_violations(lab: Page) -> None:
    """The verdict, the misconception named, both searches drawn side by side: axe finds nothing."""
    assert run_file(lab, "alphabeta_window_not_passed.py") == "differs"
    expect(lab.locator("#reference-trace [data-node-id='A']")).to_be_visible()
    assert_clean(lab, "the code lab's report of a search that differs")


def test_an_endless_loop_is_stopped_at_the_time_limit_and_the_page_runs_the_next_search(lab: Page) -> None:
    lab.set_input_files("#code-file", str(FILES / "endless_loop.py"))
    expect(lab.locator("#editor .cm-content")).to_contain_text("while True")
    lab.locator("#run").click()
    verdict = lab.locator("#verdict")
    expect(verdict).to_have_attribute("data-verdict", "running")  # for the whole time limit: it cannot be missed here
    expect(verdict).to_have_attribute("data-verdict", "error", timeout=PYTHON_MS)
    expect(verdict).to_contain_text(f"the time limit ({TIME_LIMIT:g} s) stopped your search")
    # A fresh worker loads at once; the same page then judges a correct search.
    expect(lab.locator("#python-status")).to_have_attribute("data-state", "ready", timeout=PYTHON_MS)
    assert run_file(lab, "alphabeta_right.py") == "match"
    expect(lab.locator("#student-facts")).to_have_text("visited 10 nodes · value 3 · move B")


def test_a_syntax_error_names_its_line_and_marks_it_in_the_editor(lab: Page, tmp_path: Path) -> None:
    source = tmp_path / "syntax_error.py"
    source.write_text(SYNTAX_ERROR, encoding="utf-8")
    want = expected(source)
    assert want["error"]["kind"] == "syntax" and want["error"]["line"] == 4
    assert run_file(lab, source) == "error"
    expect(lab.locator("#verdict")).to_have_text(want["headline"])
    expect(lab.locator("#verdict")).to_contain_text("line 4")
    expect(lab.locator("#divergence")).to_have_text("Line 4 is marked in the editor.")
    expect(lab.locator("#error-detail")).to_contain_text("def alphabeta_search(game, state)")
    expect(lab.locator("#editor .cm-error-line")).to_have_text("def alphabeta_search(game, state)")
    # Fixed in the editor, the mark goes with the change.
    lab.locator("#editor .cm-error-line").click()
    lab.keyboard.press("End")
    lab.keyboard.type(":")
    expect(lab.locator("#editor .cm-error-line")).to_have_count(0)


def test_the_starter_is_in_the_editor_and_a_bad_problem_is_named(browser: Browser, lab_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_lab(page, lab_server)
    expect(page.locator("#code-problem")).to_have_text("Write alphabeta_search(game, state): alpha-beta on the example “lecture”, ties prune.")
    expect(page.locator("#editor .cm-content")).to_contain_text("Alpha-beta, written by you")
    assert page.evaluate("window.codeLab.editor.text()") == starter("alphabeta")  # CodeMirror draws only the lines in view
    assert_clean(page, "the code lab")  # on opening, before any run
    page.goto(lab_server + "/code?algorithm=alphabeta&example=nope")
    expect(page.locator("#code-problem")).to_contain_text("This problem cannot be opened: example")
    expect(page.locator("#run")).to_be_disabled()
    page.context.close()
    assert refusals_removed(errors) == []


def test_the_reports_fit_a_phone(browser: Browser, lab_server: str) -> None:
    """At 390x844 everything stacks: nothing is wider than the screen, the editor, the verdict and both drawings included."""
    page, errors = new_page(browser, PHONE)
    open_lab(page, lab_server)
    for name, verdict in (("alphabeta_right.py", "match"), ("alphabeta_window_not_passed.py", "differs")):
        assert run_file(page, name) == verdict
        expect(page.locator("#reference-trace [data-node-id='A']")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for part in ("#editor", "#verdict", "#student-trace svg.tree", "#reference-trace svg.tree", "#reference-trace .counter"):
            box = page.locator(part).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
        shot(page, f"code-lab-{verdict}-390.png", full_page=True)
    page.context.close()
    assert errors == []


def test_the_lecture_quiz_fails_at_its_starter_line_and_passes_its_solution(browser: Browser, lab_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_lab(page, lab_server, "/code?quiz=isolation-depth-limit")
    expect(page.locator("#code-problem")).to_contain_text("Write minimax_decision(gameState, depth): depth-limited minimax on the 3x2 Isolation board")
    assert page.evaluate("window.codeLab.editor.text()") == quiz_starter("isolation-depth-limit")
    starter_report = quiz_report(quiz_starter("isolation-depth-limit"))
    line = starter_report["error"]["line"]
    page.locator("#run").click()
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "error", timeout=PYTHON_MS)
    expect(page.locator("#verdict")).to_have_text(starter_report["headline"])
    expect(page.locator("#divergence")).to_contain_text(f"Line {line} is marked in the editor. Hint: {starter_report['hint']}")
    expect(page.locator("#editor .cm-error-line")).to_have_count(1)
    assert run_file(page, QUIZ_SOLUTION) == "match"
    rows = page.locator("#quiz-rows tr")
    expect(rows).to_have_count(6)
    # The quiz's own check: depth 1 tests the 5 open cells; then 25, 77, 161, 224, 224 as the reference.
    expect(rows.first).to_have_text("155(0, 0)(0, 0)✓")
    counts = [row["tested"] for row in quiz_report(QUIZ_SOLUTION.read_text(encoding="utf-8"))["depths"]]
    assert [page.locator("#quiz-rows tr td:nth-child(2)").nth(k).text_content() for k in range(6)] == [str(n) for n in counts]
    expect(page.locator("#traces")).to_be_hidden()
    page.context.close()
    assert errors == []
