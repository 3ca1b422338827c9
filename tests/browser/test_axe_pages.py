"""No axe-core violations on any page (issue 30, part 2; docs/accessibility.md): the main page after a
search of the lecture example (a middle step and the result), with predict mode asking and answered, and
with the Edit tree tab open; an exercise before and after Check and its results page; a class as its
instructor (a question asked) and as a student (the question shown); /play after the engine replied; the
not-found page and a hidden solution's page. At 1280x800, and the main page and /play at 390x844 too, where
the layout (and so contrast and scrolled boxes) differs. axe checks the WCAG 2.0/2.1 A and AA rules and its
best practices (tests/browser/axe_check.py). The code lab, on opening and after a run that differs, is checked
in test_code_lab.py, on the pages that load Python there anyway (a load costs about 10 s of CPU)."""

from __future__ import annotations

import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.axe_check import assert_clean, contrast
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, refusals_removed, shot
from tests.browser.exercise_pages import make as make_exercise
from tests.browser.test_classroom import code_of, presenting, student as join, wait_event
from tests.browser.test_exercise_page import make, open_exercise, submit_missing_c3


@pytest.fixture(params=[DESKTOP, PHONE], ids=["1280x800", "390x844"])
def main_page(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    """The main page on the lecture example at each size; no JavaScript errors allowed."""
    page, errors = new_page(browser, request.param)
    open_app(page, live_server)
    yield page
    page.context.close()
    assert errors == []


def seek(page: Page, k: int) -> None:
    page.evaluate("k => window.minimaxLab.seek(k)", k)
    wait_event(page, k)


def size(page: Page) -> str:
    viewport = page.viewport_size or DESKTOP
    return f"{viewport['width']}x{viewport['height']}"


def test_the_main_page_at_a_middle_step_and_at_the_result(main_page: Page) -> None:
    seek(main_page, 30)  # the α cut at C: the legend's cut words and a cut mark on the tree
    assert_clean(main_page, f"the main page at step 30 ({size(main_page)})")
    shot(main_page, f"axe-main-30-{size(main_page)}.png")
    seek(main_page, 57)  # the result: the tally in its "final" colour
    expect(main_page.locator("#tally")).to_have_attribute("data-final", "true")
    assert_clean(main_page, f"the main page at the result ({size(main_page)})")


def test_predict_mode_asking_and_answered(app: Page) -> None:
    page = app
    page.get_by_label("Predict", exact=True).check()
    seek(page, 7)
    page.locator("#forward").click()  # event 8, B's first pruning test: the player stops and asks
    expect(page.locator("#predict .predict-question")).to_be_visible()
    assert_clean(page, "predict mode asking")
    page.get_by_role("button", name="Prune", exact=True).click()  # wrong: the feedback in its colour
    expect(page.locator("#predict .predict-feedback")).to_have_attribute("data-verdict", "wrong")
    assert_clean(page, "predict mode answered wrong")


def test_the_tree_editor(app: Page) -> None:
    page = app
    page.get_by_role("tab", name="Edit tree").click()
    expect(page.locator("#editor-outline")).to_be_visible()
    # Undo, Redo and Delete are dimmed with nothing to do, their words still readable.
    expect(page.locator("#editor-undo")).to_have_class(re.compile(r"\bidle\b"))
    assert_clean(page, "the Edit tree tab")


def test_an_exercise_before_and_after_check_and_its_results(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, ["values", "bounds", "pruned"])
    open_exercise(page, live_server, made["url"])
    assert_clean(page, "an exercise before Check")
    made = make(page, live_server, ["values", "pruned"])
    submit_missing_c3(page, live_server, made["url"])  # wrong: the first mistake ringed, its callout, the list
    assert_clean(page, "an exercise after Check")
    page.goto(f"{live_server}{made['url']}/results?key={made['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert_clean(page, "the exercise's results")
    page.context.close()
    assert errors == []


@pytest.fixture()
def teacher(browser: Browser, live_server: str) -> Iterator[Page]:
    """The instructor's page at 1280x800, presenting the lecture example to a new class."""
    yield from presenting(browser, live_server)


def test_a_class_as_instructor_and_as_student(teacher: Page, browser: Browser, live_server: str) -> None:
    student, student_errors = join(browser, f"{live_server}/c/{code_of(teacher)}")  # at 390x844: students join on their phones
    student.wait_for_function("() => window.minimaxLab.last === 0")  # the class's search as far as it was shown
    seek(teacher, 7)
    wait_event(student, 7)
    teacher.get_by_role("button", name="Ask the class").click()
    expect(student.locator("#class-question-prompt")).to_be_visible()
    student.get_by_role("button", name="keep looking").click()
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 1 of 1 following")
    assert_clean(teacher, "a class's instructor, a question asked and answered")
    assert_clean(student, "a class's student at 390x844, the question answered")
    student.context.close()
    assert student_errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_play_after_the_engine_replied(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    page, errors = new_page(browser, viewport)
    page.goto(live_server + "/play")
    expect(page.locator("#play-status")).to_have_attribute("data-state", "yours")
    page.locator("#board button:enabled").first.click()
    expect(page.locator("#play-report")).to_be_visible()  # the engine's reply and what its search cost
    expect(page.locator("#play-status")).to_have_attribute("data-state", "yours")
    assert_clean(page, f"/play after the engine's reply ({size(page)})")
    shot(page, f"axe-play-{size(page)}.png")
    page.context.close()
    assert refusals_removed(errors) == []


# Every visible line and word of a drawing: [what, colour, what it is seen against, its opacity]. A node's
# value sits on its shape's fill; labels and windows have a white halo; lines are seen against the white drawing.
DRAWN = """(root) => {
    const out = [], shown = (e) => { const s = getComputedStyle(e); return s.visibility !== 'hidden' && s.display !== 'none'; };
    for (const e of document.querySelectorAll(`${root} .edge, ${root} .shape, ${root} .cut-mark .bar, ${root} text`)) {
        if (!shown(e)) continue;
        const node = e.closest('[data-node-id]'), state = node ? node.dataset.state || '' : '';
        const s = getComputedStyle(e), what = `${e.tagName} .${e.getAttribute('class')} [${state}] ${node ? node.dataset.nodeId : ''}`;
        if (e.tagName === 'text') {
            const shape = node && e.classList.contains('value') ? node.querySelector('.shape') : null;
            out.push([what, 'text', s.fill, shape ? getComputedStyle(shape).fill : 'rgb(255, 255, 255)', 1]);
        } else {
            out.push([what, 'line', s.stroke, 'rgb(255, 255, 255)', Number(s.strokeOpacity)]);
        }
    }
    return out;
}"""


def seen_through(colour: str, opacity: float) -> str:
    """`colour` ("rgb(r, g, b)") drawn at `opacity` over white, as the eye sees it."""
    r, g, b = (float(x) for x in re.findall(r"[\d.]+", colour)[:3])
    mix = [round(opacity * c + (1 - opacity) * 255) for c in (r, g, b)]
    return f"rgb({mix[0]}, {mix[1]}, {mix[2]})"


def faint(page: Page, root: str) -> list[str]:
    """What in the drawing under `root` is below 4.5:1 (words) or 3:1 (lines and outlines)."""
    found = []
    for what, kind, drawn, behind, opacity in page.evaluate(DRAWN, root):
        needs = 4.5 if kind == "text" else 3
        colour = seen_through(drawn, opacity)
        ratio = min(contrast(colour, behind), contrast(colour, "rgb(255, 255, 255)"))
        if ratio < needs:
            found.append(f"{what}: {colour} on {behind} is {ratio:.2f}:1, needs {needs}")
    return found


def test_the_drawings_lines_and_words_are_seen(browser: Browser, live_server: str) -> None:
    """axe does not look at SVG strokes: every edge, outline, cut mark and word of the lecture's drawing at
    each kind of step, and of an exercise after Check, by hand, a node not visited yet too (its outline is
    lighter and thinner, yet 3:1)."""
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    for k in (3, 12, 30, 45, 57):  # a leaf, a cut at B's children, the α cut at C, D's bound, the result
        seek(page, k)
        assert faint(page, "#tree") == [], f"at step {k}"
    made = make(page, live_server, ["values", "pruned"])
    submit_missing_c3(page, live_server, made["url"])
    assert faint(page, ".exercise-canvas") == []
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_the_not_found_page(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    """A link to a saved tree that is not stored (server/http/not_found.py), full and embedded."""
    page, errors = new_page(browser, viewport)
    for path in ("/t/abc123", "/embed/x/abc123"):
        page.goto(live_server + path)
        expect(page.locator("#not-found-what")).to_be_visible()
        assert_clean(page, f"the not-found page {path} ({size(page)})")
    page.context.close()
    assert [e for e in errors if "status of 404" not in e] == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_the_hidden_solution_page(browser: Browser, live_server: str, viewport: dict[str, int]) -> None:
    """An exercise's solution page when its instructor hid the solution (server/http/solution_hidden.py), full and embedded."""
    page, errors = new_page(browser, viewport)
    made = make_exercise(page, live_server, solution=False)
    for path in (f"{made['url']}/solution", f"/embed{made['url']}/solution"):
        page.goto(live_server + path)
        expect(page.locator("#solution-hidden-what")).to_be_visible()
        assert_clean(page, f"the hidden solution page {path} ({size(page)})")
    page.context.close()
    assert [e for e in errors if "status of 403" not in e] == []
