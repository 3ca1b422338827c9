"""Phones (390x844) and 200% zoom (1280x800 at 200% is a 640x400 page), issue 30 items 3 and 5: the
narration shows its whole sentence at every step of the lecture without the drawing moving, the tally and
legend are readable, each predict question is on screen with its node, every box of an exercise can be
scrolled to and used, and no page scrolls sideways. Screenshots when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import LECTURE_EVENTS, overflowing
from tests.browser.conftest import PHONE, new_page, open_app, shot, walk
from tests.browser.test_predict_mode import MAX_PRESSES, forward_to_a_question, predict_on

ZOOM_200 = {"width": 640, "height": 400}  # 1280x800 at 200%: CSS pixels, as the browser's zoom gives them

# What a student sees at one step: is the sentence whole, where is the drawing, is the tally whole and how big.
LOOK = """() => {
    const n = document.getElementById('narration'), t = document.getElementById('tally');
    const tree = document.getElementById('tree').getBoundingClientRect();
    return { whole: n.scrollHeight <= n.clientHeight + 0.5, font: parseFloat(getComputedStyle(n).fontSize),
             tree: [tree.x, tree.y, tree.width, tree.height].map(Math.round).join(','),
             tally: t.scrollWidth <= t.clientWidth + 0.5 && t.scrollHeight <= t.clientHeight + 0.5
                    && getComputedStyle(t).textOverflow !== 'ellipsis',
             tallyFont: parseFloat(getComputedStyle(t).fontSize) };
}"""

# Each legend entry shown, and whether all of it lies in the viewport, unclipped by the legend's box.
LEGEND = """() => {
    const box = document.querySelector('.legend').getBoundingClientRect();
    return [...document.querySelectorAll('.legend li')].filter(li => li.getClientRects().length > 0).map(li => {
        const r = li.getBoundingClientRect();
        return [li.textContent.trim(), r.left >= Math.max(0, box.left) - 0.5 && r.right <= Math.min(innerWidth, box.right) + 0.5
                && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5, parseFloat(getComputedStyle(li).fontSize)];
    });
}"""


# The node a question asks about (ringed by predict_mode.js's style rule), the question and the drawing's boxes, and the viewport.
ASKED = """() => {
    const r = (e) => { const b = e.getBoundingClientRect(); return {l: b.left, t: b.top, r: b.right, b: b.bottom}; };
    const rule = document.adoptedStyleSheets.flatMap(s => [...s.cssRules]).map(x => x.selectorText || '')
        .find(t => t.includes('data-node-id'));
    const id = rule ? rule.match(/data-node-id="([^"]*)"/)[1] : null;  // the lecture's ids: plain letters and digits
    const node = id && document.querySelector(`#tree [data-node-id="${CSS.escape(id)}"] .shape`);
    return { id, node: node && r(node), question: r(document.querySelector('#predict .predict-question')),
             tree: r(document.getElementById('tree')), view: {l: 0, t: 0, r: innerWidth, b: innerHeight} };
}"""


def sideways(page: Page) -> int:
    """How far the page itself scrolls sideways (0: not at all)."""
    return page.evaluate("() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")


def test_phone_shows_every_sentence_whole_and_the_drawing_never_moves(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    open_app(page, live_server)
    page.wait_for_function("() => window.minimaxLab.finished")
    seen = walk(page, "forward", LECTURE_EVENTS, LOOK)
    assert [text for text, _ in seen][-1] == f"step {LECTURE_EVENTS} / {LECTURE_EVENTS}"
    cut = [k for k, (_, look) in enumerate(seen) if not look["whole"]]
    assert cut == [], f"the narration cuts the sentence at steps {cut}"
    # Step 51 ("... nothing is left to prune") needed a smaller font to fit; never below 12 px.
    assert min(look["font"] for _, look in seen) >= 12
    assert {look["tree"] for _, look in seen} == {seen[0][1]["tree"]}, "the drawing's box changed while stepping"
    assert all(look["tally"] and look["tallyFont"] >= 12 for _, look in seen)
    page.evaluate("window.minimaxLab.seek(51)")
    expect(page.locator("#narration")).to_contain_text("nothing is left to prune")
    expect(page.locator("#tally")).to_have_text("visited 11 nodes · evaluated 7 leaves")
    shot(page, "phone_390x844_step51.png")
    legend = page.evaluate(LEGEND)
    assert len(legend) >= 11 and {"▲ MAX", "▼ MIN", "pruned", "α cut", "β cut"} <= {text for text, _, _ in legend}
    assert all(inside and px >= 12 for _, inside, px in legend), legend
    assert sideways(page) == 0 and overflowing(page) == []
    page.context.close()
    assert errors == []


def test_phone_shows_each_predict_question_with_its_node(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    open_app(page, live_server)
    predict_on(page)
    asked: list[str] = []
    presses = 0
    while presses < 4 * MAX_PRESSES:
        made, prompt = forward_to_a_question(page, 4 * MAX_PRESSES - presses)  # Forward until asked, in the page
        presses += made
        if prompt is None:
            break
        found = page.evaluate(ASKED)
        assert found["id"], "no node marked for the question"
        for inner, outer in (("node", "view"), ("node", "tree"), ("question", "view")):
            a, b = found[inner], found[outer]
            assert a["l"] >= b["l"] - 0.5 and a["r"] <= b["r"] + 0.5 and a["t"] >= b["t"] - 0.5 and a["b"] <= b["b"] + 0.5, \
                (prompt, inner, outer, found)
        asked.append(prompt)
        if len(asked) == 3:
            shot(page, "phone_390x844_predict.png")
        page.keyboard.press("Escape")
        presses += 1
    expect(page.locator("#counter")).to_have_text(f"step {LECTURE_EVENTS} / {LECTURE_EVENTS}")
    assert len(asked) >= 8, asked
    page.context.close()
    assert errors == []


def open_exercise(page: Page, base: str) -> None:
    made = page.request.post(f"{base}/api/exercises", headers={"Content-Type": "application/json"},
                             data=json.dumps({"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "ask": ["values", "bounds", "pruned"]}))
    assert made.status == 201, made.text()
    page.goto(base + made.json()["url"])
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


# Scroll a box into view as Playwright's scroll_into_view_if_needed does, then: [whether it is wholly inside the
# drawing's visible box and the viewport, whether it is a ✂ toggle, its centre, whether the page's topmost element
# at that centre is the box itself (nothing covers it: where a click lands)].
SCROLLED_INTO_VIEW = """(e) => {
    e.scrollIntoViewIfNeeded(true);
    const r = e.getBoundingClientRect(), d = e.closest('.exercise-drawing').getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2, top = document.elementFromPoint(x, y);
    return [r.left >= Math.max(0, d.left) - 0.5 && r.right <= Math.min(innerWidth, d.right) + 0.5
            && r.top >= Math.max(0, d.top) - 0.5 && r.bottom <= Math.min(innerHeight, d.bottom) + 0.5,
            e.classList.contains('prune-toggle'), x, y, top === e || e.contains(top)];
}"""


def reach_every_box(page: Page) -> list[str]:
    """Scroll each box and ✂ toggle of the exercise into view and click it, a real click at its centre as a finger's
    tap lands; the boxes that were not then wholly inside the drawing's visible box and the viewport, were covered
    there, or did not take the click. (One look at the page per box and the mouse's click: Playwright's locator
    click, with its own waits and checks, cost twice the time over the 60 boxes of two sizes.)"""
    missed = []
    boxes = page.locator(".exercise-fields input:not([disabled]), .exercise-fields .prune-toggle:not([disabled])")
    assert boxes.count() >= 30
    for i in range(boxes.count()):
        box = boxes.nth(i)
        where, toggle, x, y, uncovered = box.evaluate(SCROLLED_INTO_VIEW)
        page.mouse.click(x, y)
        if toggle:
            page.mouse.click(x, y)  # pressed and released: the answer left as it was
        took = box.evaluate("(e) => document.activeElement === e")
        if not (where and uncovered and took):
            missed.append(box.get_attribute("aria-label") or f"box {i}")
    return missed


def test_exercise_boxes_are_all_reachable_on_a_phone_and_at_200_percent(browser: Browser, live_server: str) -> None:
    for name, viewport in (("phone_390x844", PHONE), ("zoom200_640x400", ZOOM_200)):
        page, errors = new_page(browser, viewport)
        open_exercise(page, live_server)
        shot(page, f"{name}_exercise.png")
        assert reach_every_box(page) == [], name
        assert sideways(page) == 0, name
        page.context.close()
        assert errors == [], name


def test_no_page_scrolls_sideways_on_a_phone_or_at_200_percent(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, ZOOM_200)
    open_app(page, live_server)
    page.evaluate("window.minimaxLab.seek(51)")
    shot(page, "zoom200_640x400_main.png", full_page=True)
    assert sideways(page) == 0 and overflowing(page) == []
    page.context.close()
    assert errors == []
    for name, viewport in (("phone_390x844", PHONE), ("zoom200_640x400", ZOOM_200)):
        page, errors = new_page(browser, viewport)  # one page at each size, for both pages of the site
        for path in ("/play", "/code"):
            page.goto(live_server + path)
            expect(page.locator("h1").first).to_be_visible()
            page.wait_for_load_state("load")
            shot(page, f"{name}{path.replace('/', '_')}.png", full_page=True)
            assert sideways(page) == 0, (name, path)
            assert overflowing(page) == [], (name, path)
            assert errors == [], (name, path)
        page.context.close()
        assert errors == [], name
