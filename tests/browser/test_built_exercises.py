"""The built exercises in a real browser (issue 50): a student orders the lecture tree's children by keyboard and by
drag, writes leaves that make alpha-beta prune what is asked (or evaluate exactly K leaves), and sees nothing of the
search before Check; then the drawing shows what the real alpha-beta did with their build. Screenshots at both sizes
(MINIMAX_LAB_SHOTS)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.browser.exercise_pages import CALLOUT_GEOMETRY, callout_clear

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
SHAPE = [[None, None, None], [None, None, None], [None, None, None]]
WITNESS = {"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6, "D1": 14, "D2": 5, "D3": 2}


def make(page: Page, base: str, **body: Any) -> dict[str, Any]:
    made = page.request.post(f"{base}/api/exercises", data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    return made.json()


def open_exercise(page: Page, base: str, url: str) -> None:
    page.goto(base + url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def chips(page: Page, node: str) -> list[str]:
    return page.locator(f'.order-chips[data-node="{node}"] button').evaluate_all("els => els.map(e => e.dataset.child)")


def check(page: Page) -> float:
    """Press Check and wait for this check's answer to be on the page (an earlier one may be showing)."""
    with page.expect_response(lambda res: res.url.endswith("/check")) as answered:
        page.click("#check")
    score = answered.value.json()["score"]
    as_js = str(int(score)) if score == int(score) else repr(score)  # String(1.0) is "1" in the page
    expect(page.locator("#feedback")).to_have_attribute("data-score", as_js)
    return float(page.locator("#feedback").get_attribute("data-score") or "nan")


def test_ordering_by_keyboard_reaches_the_fewest_leaves(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, tree=LECTURE, kind="ordering")
    open_exercise(page, live_server, made["url"])
    expect(page.locator(".exercise-canvas .node.evaluated")).to_have_count(0)  # nothing of the search before Check
    page.focus('.order-chips[data-node="D"] button[data-child="D3"]')
    page.keyboard.press("ArrowLeft")
    assert chips(page, "D") == ["D1", "D3", "D2"]
    expect(page.locator('.order-chips[data-node="D"] button[data-child="D3"]')).to_be_focused()
    expect(page.locator(".order-panel [aria-live]")).to_have_text("D3 is now tried 2 of 3 by D.")
    page.keyboard.press("Home")
    assert chips(page, "D") == ["D3", "D1", "D2"]
    drawn = page.locator(".exercise-canvas .node .label").evaluate_all("els => els.map(e => e.textContent)")
    assert drawn[-3:] == ["D3", "D1", "D2"]  # the drawing follows the order
    assert check(page) == 1.0
    expect(page.locator("#feedback-score")).to_have_text(
        "Correct! Score 100%: on your order alpha-beta evaluates 5 leaves, the fewest any order reaches.")
    evaluated = page.locator(".exercise-canvas .node.evaluated").evaluate_all("els => els.map(e => e.dataset.nodeId)")
    assert evaluated == ["B1", "B2", "B3", "C1", "D3"]
    expect(page.locator(".exercise-canvas .edge.search-cut")).to_have_count(4)  # C2, C3, D1, D2
    shot(page, "ordering-desktop.png", full_page=True)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert chips(page, "D") == ["D3", "D1", "D2"]  # the order is kept across a reload
    assert errors == []


def test_ordering_by_drag_and_the_feedback_names_the_costly_node(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, tree=LECTURE, kind="ordering")
    open_exercise(page, live_server, made["url"])
    page.locator('.order-chips[data-node="B"] li[data-child="B2"]').drag_to(page.locator('.order-chips[data-node="B"] li[data-child="B1"]'))
    assert chips(page, "B") == ["B2", "B1", "B3"]
    assert check(page) == 0.5
    expect(page.locator("#feedback-first")).to_have_text(
        "First mistake, at D: at D, trying D1 (worth 14) before D3 (worth 2) costs 2 leaves: in the order D3, D1, D2 "
        "alpha-beta evaluates 5, not 7")
    expect(page.locator('.order-row[data-node="D"]')).to_have_class(re.compile(r"\bfirst\b"))
    callout_clear(page, "D")  # beside D, not over it (it was drawn over D once)
    shot(page, "ordering-phone.png", full_page=True)
    assert errors == []


GENERATED_ORDERING = {"seed": 4, "depth": 3, "max_branching": 3, "min_prunes": 2}  # 22 leaves: 1,630 px drawn at full size


def test_ordering_a_generated_tree_by_drag_at_1280_the_whole_tree_in_view(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, generate=GENERATED_ORDERING, kind="ordering")
    open_exercise(page, live_server, made["url"])
    geometry = page.evaluate(CALLOUT_GEOMETRY)
    assert 0.7 <= geometry["zoom"] < 1 and geometry["scroll_width"] <= geometry["client_width"]  # drawn smaller, not cut
    row = page.locator(".order-chips").nth(1)  # the root's first child's children
    node = row.get_attribute("data-node")
    before = chips(page, node)
    row.locator("li").last.drag_to(row.locator("li").first)
    assert chips(page, node) == [before[-1], *before[:-1]]
    drawn = page.evaluate(f"[...document.querySelectorAll('.exercise-canvas line[data-child]')].filter(l => {json.dumps(before)}"
                          ".includes(l.dataset.child)).sort((a, b) => a.x2.baseVal.value - b.x2.baseVal.value).map(l => l.dataset.child)")
    assert drawn == chips(page, node)  # the drawing follows the drag
    assert check(page) < 1  # this tree's own order is not the best (min_prunes), nor is this one
    callout_clear(page, None)
    shot(page, "ordering-generated-desktop.png")
    assert errors == []


def test_ordering_a_generated_tree_by_keyboard_on_a_phone_shows_the_costly_node(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, generate=GENERATED_ORDERING, kind="ordering")
    open_exercise(page, live_server, made["url"])
    assert page.evaluate(CALLOUT_GEOMETRY)["zoom"] == 1  # too wide to shrink on a phone: it scrolls at its own size
    root = page.locator(".order-chips").first
    node = root.get_attribute("data-node")
    before = chips(page, node)
    root.locator("button").last.focus()
    page.keyboard.press("Home")
    assert chips(page, node) == [before[-1], *before[:-1]]
    expect(root.locator("button").first).to_be_focused()
    with page.expect_response(lambda res: res.url.endswith("/check")) as answered:
        page.click("#check")
    first = answered.value.json()["first_mistake"]
    expect(page.locator("#feedback-first")).to_contain_text(first["explanation"])
    callout_clear(page, first["node"])  # the box scrolled to the node the feedback names, its callout beside it
    shot(page, "ordering-generated-phone.png")
    assert errors == []


def test_make_it_prune_by_keyboard_and_what_the_search_did(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, tree=SHAPE, kind="make-it-prune", prune=["C2", "C3"])
    open_exercise(page, live_server, made["url"])
    expect(page.locator(".asked-mark")).to_have_count(2)
    page.click("#check")  # a blank leaf stops the check at the page, naming it
    expect(page.locator("#exercise-error")).to_have_text(
        "leaf B1 has no value: every leaf needs one (any number where the search skips it).")
    expect(page.locator('input[data-node="B1"]')).to_be_focused()
    order = []
    for _ in range(9):
        node = page.evaluate("document.activeElement.dataset.node")
        order.append(node)
        page.keyboard.type(str({**WITNESS, "C1": 5, "D1": 1}[node]))
        page.keyboard.press("Tab")
    assert order == list(WITNESS)  # Tab follows the search's order
    assert check(page) == 0.0
    expect(page.locator(".asked-mark.missed")).to_have_count(2)
    expect(page.locator(".exercise-canvas .edge.extra-cut")).to_have_count(2)  # D2 and D3, pruned though not asked
    expect(page.locator("#feedback-first")).to_contain_text("C2 is not pruned: after C1 (= 5), v = 5 > α = 3 at C")
    page.fill('input[data-node="C1"]', "2")
    page.fill('input[data-node="D1"]', "14")
    assert check(page) == 1.0
    expect(page.locator(".asked-mark.happened")).to_have_count(2)
    shot(page, "make-it-prune-desktop.png", full_page=True)
    assert errors == []


def test_make_it_prune_on_a_generated_tree_at_phone_width(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, generate={"seed": 5, "depth": 3, "min_prunes": 2}, kind="make-it-prune")
    open_exercise(page, live_server, made["url"])
    copy = page.request.get(f"{live_server}/api/exercises/{made['id']}").json()
    answer = page.request.post(f"{live_server}/api/exercises/{made['id']}/solution")  # not a route for POST
    assert answer.status == 405
    boxes = page.locator(".field-leaf input")
    expect(boxes).to_have_count(sum(1 for _ in _leaves(copy["tree"])))
    for i in range(boxes.count()):
        boxes.nth(i).fill("5")
    result = check(page)
    assert 0 <= result < 1
    callout_clear(page, None)
    shot(page, "make-it-prune-phone.png", full_page=True)
    assert errors == []


def test_make_it_prune_asking_for_exactly_k_leaves_by_keyboard(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, tree=SHAPE, kind="make-it-prune", visited=5)
    open_exercise(page, live_server, made["url"])
    expect(page.locator(".count-panel h3")).to_have_text("Make alpha-beta evaluate exactly 5 leaves")
    expect(page.locator(".asked-mark")).to_have_count(0)  # no branch is asked: the count is
    expect(page.locator(".exercise-legend li:has(.key-pruned)")).to_be_hidden()  # no ✂ drawn, so none explained
    expect(page.locator("#task-howto")).to_contain_text("so that alpha-beta evaluates exactly 5 leaves")
    page.focus('input[data-node="B1"]')
    for node in WITNESS:  # the lecture's values: 7 leaves evaluated (Tab follows the search's order)
        expect(page.locator(f'input[data-node="{node}"]')).to_be_focused()
        page.keyboard.type(str(WITNESS[node]))
        page.keyboard.press("Tab")
    assert check(page) == 0.0
    expect(page.locator(".count-line")).to_have_text("Leaves evaluated: 7 of 9 (asked: 5).")
    expect(page.locator("#feedback-score")).to_have_text("Score 0%: with your leaves alpha-beta evaluates 7 leaves, not 5.")
    expect(page.locator("#feedback-first")).to_contain_text(
        "alpha-beta evaluates 7 leaves, not 5: the first branch that could be cut is D2, and it is not: after D1 (= 14)")
    page.focus('input[data-node="D1"]')
    page.keyboard.press("Control+A")
    page.keyboard.type("1")  # D1 = 1 ≤ α = 3: D2 and D3 are cut too
    assert check(page) == 1.0
    expect(page.locator(".count-line")).to_have_text("Leaves evaluated: 5 of 9 (asked: 5).")
    expect(page.locator(".exercise-canvas .node.evaluated")).to_have_count(5)
    expect(page.locator(".exercise-canvas .edge.search-cut")).to_have_count(4)
    shot(page, "make-it-prune-count-desktop.png", full_page=True)
    assert errors == []


def _leaves(node: dict[str, Any]) -> list[dict[str, Any]]:
    return [node] if not node.get("children") else [leaf for c in node["children"] for leaf in _leaves(c)]


def parsons_program(page: Page) -> list[tuple[str, int]]:
    lines = page.locator(".parsons-program li[data-line]").evaluate_all(
        "els => els.map(e => [e.dataset.line, Math.round(parseFloat(e.style.marginLeft || '0') / 1.8)])")
    return [(line_id, indent) for line_id, indent in lines]


def test_parsons_by_keyboard_and_drag_names_the_distractors_misconception(browser: Browser, live_server: str) -> None:
    from search.practice import copy_for, model_answer, parse_exercise
    # Tall enough that the pool's last line and the program are both in view: Playwright's drag does not scroll while
    # it holds a line (a student's drag does: SortableJS scrolls the page near its edge).
    page, errors = new_page(browser, {"width": 1280, "height": 1200})
    made = make(page, live_server, kind="parsons")
    open_exercise(page, live_server, made["url"])
    exercise = parse_exercise({"kind": "parsons"})  # the lecture tree: the same lines, the same ids
    model = model_answer(exercise)["lines"]
    text = {line["id"]: line["text"] for line in copy_for(exercise)["lines"]}
    strict = next(i for i, t in text.items() if t == "if v > β then return v")
    wanted = [(strict if text[line["id"]] == "if v ≥ β then return v" else line["id"], line["indent"]) for line in model]
    first, rest = wanted[0], wanted[1:]
    page.locator(f'.parsons-pool li[data-line="{first[0]}"]').drag_to(page.locator(".parsons-program .parsons-empty"))
    assert parsons_program(page) == [(first[0], 0)]
    for line_id, indent in rest:
        page.focus(f'.parsons-pool button[data-line="{line_id}"]')
        page.keyboard.press("Enter")
        expect(page.locator(f'.parsons-program button[data-line="{line_id}"]')).to_be_focused()
        have = parsons_program(page)[-1][1]
        for _ in range(abs(indent - have)):
            page.keyboard.press("ArrowRight" if indent > have else "ArrowLeft")
    assert parsons_program(page) == wanted
    score = check(page)
    assert 0.8 < score < 1
    expect(page.locator("#misconception-name")).to_have_text("The strict test")
    expect(page.locator("#misconception-box .misconception-marks")).to_have_text("In your program, its 1 mark is drawn in this colour (line 6).")
    expect(page.locator(".parsons-runs li[data-same=false]").first).to_contain_text("your search visits")
    shot(page, "parsons-desktop.png", full_page=True)
    page.focus(f'.parsons-program button[data-line="{strict}"]')  # take the slip out and put the slides' line in its place
    page.keyboard.press("Delete")
    right = next(i for i, t in text.items() if t == "if v ≥ β then return v")
    page.focus(f'.parsons-pool button[data-line="{right}"]')
    page.keyboard.press("Enter")
    place = [line_id for line_id, _ in wanted].index(strict)
    for _ in range(len(wanted) - 1 - place):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")  # it came in at the indent of the last line (MIN-VALUE's return v): one more
    assert [line_id for line_id, _ in parsons_program(page)] == [line["id"] for line in model]
    assert check(page) == 1.0
    assert errors == []


def drag_to_the_end(page: Page, line_id: str) -> None:
    """Drag a pool line under the program's last line (into the list's bottom edge, below that line's text: SortableJS
    appends there)."""
    program = page.locator(".parsons-program .parsons-list")
    program.scroll_into_view_if_needed()
    size = program.bounding_box()
    page.locator(f'.parsons-pool li[data-line="{line_id}"]').drag_to(program, target_position={"x": size["width"] / 2, "y": size["height"] - 3})


def test_parsons_of_a_generated_tree_built_by_mouse_alone_at_1280x800(browser: Browser, live_server: str) -> None:
    from search.practice import copy_for, model_answer, parse_exercise
    page, errors = new_page(browser, DESKTOP)
    body = {"kind": "parsons", "generate": {"seed": 3, "depth": 3}}
    made = make(page, live_server, **body)
    open_exercise(page, live_server, made["url"])
    exercise = parse_exercise(body)
    model = [(line["id"], line["indent"]) for line in model_answer(exercise)["lines"]]
    text = {line["id"]: line["text"] for line in copy_for(exercise)["lines"]}
    for n, (line_id, indent) in enumerate(model):  # every line dragged, the program growing past the window's bottom
        drag_to_the_end(page, line_id)
        came_in_at = model[n - 1][1] if n else 0  # a line dragged in takes the indent of the line above it
        assert parsons_program(page)[-1] == (line_id, came_in_at)
        for _ in range(abs(indent - came_in_at)):  # ⇤ and ⇥ by mouse
            page.click(f'.parsons-program li[data-line="{line_id}"] .parsons-indent >> nth={1 if indent > came_in_at else 0}')
    assert parsons_program(page) == model
    pool = page.locator(".parsons-pool")
    assert pool.evaluate("e => getComputedStyle(e).position") == "sticky"
    box = pool.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"]  # the lines stay in view by the program's end
    # A distractor dragged in, moved up by drag, then dragged back out to the pool.
    distractor = next(i for i, t in text.items() if t == "return α")
    drag_to_the_end(page, distractor)
    last_model = page.locator(f'.parsons-program li[data-line="{model[-1][0]}"]')
    page.locator(f'.parsons-program li[data-line="{distractor}"]').drag_to(last_model, target_position={"x": 60, "y": 4})
    assert [line_id for line_id, _ in parsons_program(page)][-2:] == [distractor, model[-1][0]]
    page.locator(f'.parsons-program li[data-line="{distractor}"]').drag_to(pool.locator(".parsons-list"))
    expect(page.locator(f'.parsons-pool li[data-line="{distractor}"]')).to_have_count(1)
    assert parsons_program(page) == model
    assert check(page) == 1.0
    expect(page.locator(".parsons-runs li[data-same=true]")).to_have_count(page.locator(".parsons-runs li").count())
    shot(page, "parsons-generated-desktop.png")
    assert errors == []


def test_parsons_on_a_phone_by_keyboard_then_drag(browser: Browser, live_server: str) -> None:
    from search.practice import model_answer, parse_exercise
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, kind="parsons")
    open_exercise(page, live_server, made["url"])
    model = [(line["id"], line["indent"]) for line in model_answer(parse_exercise({"kind": "parsons"}))["lines"]]
    for line_id, indent in model[:-3]:
        page.focus(f'.parsons-pool button[data-line="{line_id}"]')
        page.keyboard.press("Enter")
        have = parsons_program(page)[-1][1]
        for _ in range(abs(indent - have)):
            page.keyboard.press("ArrowRight" if indent > have else "ArrowLeft")
    for line_id, indent in model[-3:]:  # the rest by drag, from the pool above down to the program's end
        drag_to_the_end(page, line_id)
        have = parsons_program(page)[-1]
        assert have[0] == line_id
        for _ in range(abs(indent - have[1])):
            page.click(f'.parsons-program li[data-line="{line_id}"] .parsons-indent >> nth={1 if indent > have[1] else 0}')
    assert parsons_program(page) == model
    first, second = (page.locator(f'.parsons-program li[data-line="{line_id}"]') for line_id, _ in model[:2])
    to_the_top = "e => e.scrollIntoView({block: 'start'})"  # up to the program's first lines, the pool above them
    page.locator(".parsons").evaluate(to_the_top)
    second.drag_to(first, target_position={"x": 60, "y": 4})  # a program line moved up by drag, then back
    assert [line_id for line_id, _ in parsons_program(page)][:2] == [model[1][0], model[0][0]]
    assert check(page) < 1
    pointed = page.evaluate("""() => { const pool = document.querySelector('.parsons-pool').getBoundingClientRect();
      const line = document.querySelector('.parsons-program li.first').getBoundingClientRect();
      return line.top >= pool.bottom && line.bottom <= innerHeight; }""")
    assert pointed  # the first mistake is shown below the lines kept in view, not under them
    page.locator(".parsons").evaluate(to_the_top)
    page.locator(f'.parsons-program li[data-line="{model[0][0]}"]').drag_to(second, target_position={"x": 60, "y": 4})
    assert parsons_program(page) == model
    assert check(page) == 1.0
    assert page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    shot(page, "parsons-phone.png")
    assert errors == []


def type_the_right_values(page: Page, base: str) -> None:
    """The model answer of the exercise the page shows (a values exercise), typed and toggled as a student does."""
    from search.practice import model_answer, parse_exercise
    copy = page.request.get(f"{base}/api/exercises/{page.url.split('/x/')[1].split('?')[0]}").json()
    right = model_answer(parse_exercise({key: copy[key] for key in ("tree", "algorithm", "ties", "returns", "ask")}))
    for node, value in right["values"].items():
        page.fill(f'input[data-node="{node}"][data-field="v"]', str(value))
    for node in right.get("pruned", []):
        page.click(f'.prune-toggle[data-node="{node}"]')


def test_a_named_misconception_is_practised_on_new_trees_until_two_are_right_in_a_row(browser: Browser, live_server: str) -> None:
    from search.practice import parse_exercise
    from search.practice.diagnosis import following
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, tree=LECTURE, ask=["values", "pruned"])
    open_exercise(page, live_server, made["url"])
    slip = following(parse_exercise({"tree": LECTURE, "ask": ["values", "pruned"]}), "no-pruning")
    assert slip is not None
    for node, value in slip["values"].items():
        page.fill(f'input[data-node="{node}"][data-field="v"]', str(value))
    page.click("#check")
    expect(page.locator("#misconception-box")).to_have_attribute("data-misconception", "no-pruning")
    button = page.locator("#practise-idea")
    expect(button).to_have_text(re.compile(r"^Practise this: trees where .+ changes the answer, until you get two right in a row$"))
    with page.expect_response(lambda res: res.url.endswith("/api/paths")) as made_path:
        button.click()
    path = made_path.value.json()
    assert made_path.value.status == 201 and made_path.value.request.post_data_json["start"] == "no-pruning"
    strip = page.locator("#path-strip")
    trees = []
    for n in (1, 2):  # the path's trees, each one on which no pruning changes the answer
        on_path = re.compile(rf"/x/(?!{re.escape(made['id'])})[\w-]+\?path={re.escape(path['id'])}$")
        page.wait_for_url(lambda url: bool(on_path.search(url)) and url not in trees)
        trees.append(page.url)
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(strip).to_contain_text("This tree tests the idea “no pruning”")
        type_the_right_values(page, live_server)
        with page.expect_response(lambda res: res.url.endswith("/check")) as answered:
            page.click("#check")
        assert answered.value.json()["score"] == 1.0
        expect(strip).to_have_attribute("data-ready", "checked")
        if n == 1:
            expect(strip.locator(".path-outcome")).to_have_text("Right first time: 1 of 2 right in a row for “no pruning”.")
            page.click("#path-next")
    expect(strip.locator(".path-outcome")).to_have_text("Right first time: “no pruning” is mastered.")
    shot(page, "practise-idea-mastered-phone.png", full_page=True)
    page.click("#path-next")  # then a harder tree: no idea waits
    page.wait_for_url(lambda url: "/x/" in url and url not in trees)
    expect(strip).to_contain_text("A harder tree: level 2 of")
    assert errors == []


def test_the_instructor_reviews_an_ordering_attempt_as_the_student_built_it(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, tree=LECTURE, kind="ordering")
    checked = page.request.post(f"{live_server}/api/exercises/{made['id']}/check",
                                data=json.dumps({"order": {"B": ["B2", "B1", "B3"]}, "student": "Ann"}),
                                headers={"Content-Type": "application/json"})
    assert checked.status == 200
    results = page.request.get(f"{live_server}/api/exercises/{made['id']}/results?key={made['key']}").json()
    attempt = results["attempt_list"][0]["id"]
    page.goto(f"{live_server}/x/{made['id']}/review?key={made['key']}&attempt={attempt}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert chips(page, "B") == ["B2", "B1", "B3"]  # the student's order, not the tree's
    expect(page.locator('.order-chips[data-node="B"] button').first).to_be_disabled()
    evaluated = page.locator(".exercise-canvas .node.evaluated").evaluate_all("els => els.map(e => e.dataset.nodeId)")
    assert evaluated == ["B2", "B1", "B3", "C1", "D1", "D2", "D3"]
    expect(page.locator("#review-mistakes li")).to_have_text([re.compile(r"^D, order: at D, trying D1")])
    assert errors == []


def test_the_instructor_reads_a_parsons_exercises_marks_line_by_line(browser: Browser, live_server: str) -> None:
    from search.practice import copy_for, model_answer, parse_exercise
    from tests.browser.axe_check import assert_clean
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, kind="parsons")
    exercise = parse_exercise({"kind": "parsons"})
    model = model_answer(exercise)["lines"]
    text = {line["id"]: line["text"] for line in copy_for(exercise)["lines"]}
    strict = next(i for i, t in text.items() if t == "if v > β then return v")
    slip = [{"id": strict, "indent": line["indent"]} if text[line["id"]] == "if v ≥ β then return v" else line for line in model]
    for student, lines in (("Ann", model), ("Bob", slip)):
        checked = page.request.post(f"{live_server}/api/exercises/{made['id']}/check",
                                    data=json.dumps({"lines": lines, "student": student}), headers={"Content-Type": "application/json"})
        assert checked.status == 200
    page.goto(f"{live_server}/x/{made['id']}/results?key={made['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#heat-heading")).to_be_hidden()  # its marks are lines, not nodes
    rows = page.locator("#line-rows tr")
    expect(rows).to_have_count(len(text))
    expect(rows.first.locator("th")).to_have_text(text[model[0]["id"]])  # the slides' lines first, in order
    cells = page.locator("#line-rows tr th").evaluate_all("els => els.map(e => [e.textContent, parseFloat(getComputedStyle(e).paddingLeft)])")
    assert [code for code, _ in cells] == [text[line["id"]] for line in model] + [text[i] for i in text if i not in {m["id"] for m in model}]
    base, step = cells[0][1], cells[1][1] - cells[0][1]  # the slides' first line at indent 0, its second at 1
    want = [base + line["indent"] * step for line in model] + [base] * (len(text) - len(model))
    assert step > 10 and [round(pad, 2) for _, pad in cells] == [round(pad, 2) for pad in want]
    used = page.locator(f'#line-rows tr[data-line="{strict}"]')
    expect(used.locator("th, td")).to_have_text(["if v > β then return v", "1 of 2", "0", "0", "0", "1"])
    expect(page.locator("#line-rows tr td:nth-child(2)")).to_have_text([f"{1 if i == strict else 0} of 2" for i in
                                                                        [line["id"] for line in model] + [i for i in text if i not in {m["id"] for m in model}]])
    shot(page, "parsons-results-desktop.png", full_page=True)
    assert_clean(page, "a Parsons exercise's results")
    assert errors == []


def test_practise_on_a_search_no_path_takes_opens_one_tree_where_the_idea_changes_the_answer(browser: Browser, live_server: str) -> None:
    """A max^n exercise: no path practises max^n, so "Practise this" falls back to GET /api/practice/next."""
    from search.practice import parse_exercise
    from search.practice.diagnosis import following
    from search.trees.node import EXAMPLES
    page, errors = new_page(browser, DESKTOP)
    body = {"tree": EXAMPLES["three-players"], "algorithm": "maxn"}
    made = make(page, live_server, **body)
    open_exercise(page, live_server, made["url"])
    slip = following(parse_exercise(body), "maxn-root-component")
    assert slip is not None
    for node, vector in slip["values"].items():
        page.get_by_label(f"vector of {node}", exact=True).fill(", ".join(map(str, vector)))
    page.click("#check")
    expect(page.locator("#misconception-box")).to_have_attribute("data-misconception", "maxn-root-component")
    asked = []
    page.on("request", lambda req: asked.append(req.url))
    with page.expect_response(lambda res: "/api/practice/next" in res.url) as answered:
        page.click("#practise-idea")
    assert not [url for url in asked if "/api/paths" in url]  # no path asked for: none takes max^n
    assert answered.value.status == 200 and "misconception=maxn-root-component" in answered.value.url
    expect(page).to_have_url(re.compile(r"/x/(?!" + re.escape(made["id"]) + r"$)[A-Za-z0-9_-]+$"))  # one tree, no path
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#path-strip")).to_be_hidden()
    assert errors == []
