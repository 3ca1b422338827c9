"""The code lab in Chromium (issue 28, point 6; docs/code-lab.md): a student's own search, loaded from a
.py file into the editor and run by Run in the page's Web Worker (Pyodide, served by our server), is
judged against the reference: a correct alpha-beta on the lecture's tree matches; one with the window
not passed down differs, with the misconception named and the first divergence ringed in both
drawings and both players at its step; an endless loop is stopped at the time limit and the same page
then runs a correct search; a syntax error names its line and marks it in the editor; the lecture's
quiz as written (?quiz=isolation-depth-limit) fails at its starter's line and passes its solution,
depth by depth; a problem from the page's list opens in the page with Python kept, and Back returns; axe finds
no accessibility violation on opening nor on a report that differs (the code lab's row of docs/accessibility.md,
checked here rather than in test_axe_pages.py: on these pages Python is loaded anyway). The expected report is
the grader's own in CPython (search.grading.browser.check), the same function the worker calls. The tests share
one page, and so one load of Python, per worker (tests/browser/code_lab_page.py).
Screenshots of a match and of a differs report at both sizes when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from search.grading.browser import check, problem_json
from search.grading.quiz import quiz_report
from search.grading.starters import quiz_starter, starter
from search.misconceptions import CATALOGUE
from tests.browser.axe_check import assert_clean
from tests.browser.code_lab_page import FILES, PYTHON_MS, TIME_LIMIT, open_problem, run_file
from tests.browser.conftest import DESKTOP, PHONE, new_page, refusals_removed, shot

QUIZ_SOLUTION = Path(__file__).parents[1] / "engine" / "grading_files" / "quiz_solution.py"
SYNTAX_ERROR = '''"""A syntax error on line 4: the colon after the def is missing."""


def alphabeta_search(game, state)
    return game.actions(state)[0]
'''
"""Written to a .py file by its test: a file of it here would fail the repository's lint."""


def expected(path: Path) -> dict[str, Any]:
    """The report of the grader in CPython for that file on the lecture's tree."""
    return json.loads(check(path.read_text(encoding="utf-8"), problem_json({"example": "lecture", "algorithm": "alphabeta"})))


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


def test_the_starter_is_in_the_editor_and_a_bad_problem_is_named(lab: Page, browser: Browser, code_lab_server: str) -> None:
    expect(lab.locator("#code-problem")).to_have_text("Write alphabeta_search(game, state): alpha-beta on the example “lecture”, ties prune.")
    expect(lab.locator("#editor .cm-content")).to_contain_text("Alpha-beta, written by you")
    assert lab.evaluate("window.codeLab.editor.text()") == starter("alphabeta")  # CodeMirror draws only the lines in view
    assert_clean(lab, "the code lab")  # as a problem opens, before any run
    # An address naming no problem, opened in a page of its own: named, and nothing to run.
    page, errors = new_page(browser, DESKTOP)
    page.goto(code_lab_server + "/code?algorithm=alphabeta&example=nope")
    expect(page.locator("#code-problem")).to_contain_text("This problem cannot be opened: example")
    expect(page.locator("#run")).to_be_disabled()
    page.context.close()
    assert refusals_removed(errors) == []


def test_the_reports_fit_a_phone(lab: Page) -> None:
    """At 390x844 everything stacks: nothing is wider than the screen, the editor, the verdict and both drawings included."""
    lab.set_viewport_size(PHONE)
    for name, verdict in (("alphabeta_right.py", "match"), ("alphabeta_window_not_passed.py", "differs")):
        assert run_file(lab, name) == verdict
        expect(lab.locator("#reference-trace [data-node-id='A']")).to_be_visible()
        assert lab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for part in ("#editor", "#verdict", "#student-trace svg.tree", "#reference-trace svg.tree", "#reference-trace .counter"):
            box = lab.locator(part).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
        shot(lab, f"code-lab-{verdict}-390.png", full_page=True)


def test_the_lecture_quiz_fails_at_its_starter_line_and_passes_its_solution(lab: Page) -> None:
    open_problem(lab, "/code?quiz=isolation-depth-limit")
    expect(lab.locator("#code-problem")).to_contain_text("Write minimax_decision(gameState, depth): depth-limited minimax on the 3x2 Isolation board")
    assert lab.evaluate("window.codeLab.editor.text()") == quiz_starter("isolation-depth-limit")
    starter_report = quiz_report(quiz_starter("isolation-depth-limit"))
    line = starter_report["error"]["line"]
    lab.locator("#run").click()
    expect(lab.locator("#verdict")).to_have_attribute("data-verdict", "error", timeout=PYTHON_MS)
    expect(lab.locator("#verdict")).to_have_text(starter_report["headline"])
    expect(lab.locator("#divergence")).to_contain_text(f"Line {line} is marked in the editor. Hint: {starter_report['hint']}")
    expect(lab.locator("#editor .cm-error-line")).to_have_count(1)
    assert run_file(lab, QUIZ_SOLUTION) == "match"
    rows = lab.locator("#quiz-rows tr")
    expect(rows).to_have_count(6)
    # The quiz's own check: depth 1 tests the 5 open cells; then 25, 77, 161, 224, 224 as the reference.
    expect(rows.first).to_have_text("155(0, 0)(0, 0)✓")
    counts = [row["tested"] for row in quiz_report(QUIZ_SOLUTION.read_text(encoding="utf-8"))["depths"]]
    assert [lab.locator("#quiz-rows tr td:nth-child(2)").nth(k).text_content() for k in range(6)] == [str(n) for n in counts]
    expect(lab.locator("#traces")).to_be_hidden()


def test_a_problem_from_the_list_opens_in_the_page_with_python_kept_and_back_returns(lab: Page) -> None:
    """The problem list's links change the page's problem, not the page: the worker that ran the last search runs
    the next one (no second load of Python), the address follows, and Back shows the last problem again."""
    assert run_file(lab, "alphabeta_right.py") == "match"
    worker = lab.evaluate("window.codeLab.runner.worker === (window.keptWorker = window.codeLab.runner.worker)")
    assert worker is True
    lab.get_by_role("link", name="minimax", exact=True).click()
    expect(lab).to_have_url(re.compile(r"/code\?algorithm=minimax&example=lecture$"))
    expect(lab.locator("#code-problem")).to_have_text("Write minimax_search(game, state): minimax on the example “lecture”.")
    expect(lab.get_by_role("link", name="minimax", exact=True)).to_have_attribute("aria-current", "page")
    expect(lab.get_by_role("link", name="alpha-beta", exact=True)).not_to_have_attribute("aria-current", "page")
    # The last problem's report is gone; the new starter is in the editor.
    expect(lab.locator("#verdict")).to_have_text("Write your search, then press Run.")
    expect(lab.locator("#traces")).to_be_hidden()
    assert lab.evaluate("window.codeLab.editor.text()") == starter("minimax")
    assert lab.evaluate("window.codeLab.runner.worker === window.keptWorker && window.codeLab.runner.loadSeconds !== null")
    lab.go_back()
    expect(lab).to_have_url(re.compile(r"/code\?algorithm=alphabeta&example=lecture$"))
    expect(lab.locator("#code-problem")).to_have_text("Write alphabeta_search(game, state): alpha-beta on the example “lecture”, ties prune.")
    expect(lab.get_by_role("link", name="alpha-beta", exact=True)).to_have_attribute("aria-current", "page")
    assert run_file(lab, "alphabeta_right.py") == "match"
    assert lab.evaluate("window.codeLab.runner.worker === window.keptWorker")
