"""Practice mode in a real browser (issue 11): a student does the lecture exercise with the keyboard
only; a wrong answer is shown on the tree; nothing the page receives before a check gives the
answer away; the results page shows the attempts and their heat; Show solution replays the trace
at the first mistake; the instructor makes exercises from the main page. Screenshots at both sizes."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from search.practice import model_answer, parse_exercise
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, refusals_removed, shot

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
ASKED = "values,pruned"


def make(page: Page, base: str, ask: list[str]) -> dict[str, Any]:
    made = page.request.post(f"{base}/api/exercises", data=json.dumps({"tree": LECTURE, "ask": ask}),
                             headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    return made.json()


def perfect(ask: list[str]) -> dict[str, Any]:
    """The engine's own answer to the lecture exercise (what a perfect student types)."""
    return model_answer(parse_exercise({"tree": LECTURE, "ask": ask}))


def open_exercise(page: Page, base: str, url: str) -> None:
    page.goto(base + url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def as_typed(x: Any) -> str:
    return {"inf": "∞", "-inf": "-inf"}.get(x, str(x)) if isinstance(x, str) else str(x)


def focused(page: Page) -> dict[str, Any]:
    return page.evaluate("""() => { const e = document.activeElement;
        return { id: e.id, node: e.dataset.node || null, field: e.dataset.field || null,
                 toggle: e.classList.contains('prune-toggle'), pressed: e.getAttribute('aria-pressed') }; }""")


def do_by_keyboard(page: Page, answer: dict[str, Any]) -> list[str]:
    """Tab from the top of the page to the Check button, typing each box's answer and pressing Space
    on each edge to prune; press Enter on Check. Returns the boxes in the order Tab reached them."""
    order: list[str] = []
    pruned = set(answer.get("pruned", []))
    for _ in range(300):
        page.keyboard.press("Tab")
        at = focused(page)
        if at["id"] == "check":
            page.keyboard.press("Enter")
            return order
        if at["node"] is None:
            continue
        if at["toggle"]:
            order.append(f"✂{at['node']}")
            if at["node"] in pruned:
                page.keyboard.press("Space")
        elif at["field"] == "v":
            order.append(f"v{at['node']}")
            page.keyboard.type(as_typed(answer["values"][at["node"]]))
        else:
            order.append(f"{at['field']}{at['node']}")
            pair = answer["bounds"][at["node"]]
            page.keyboard.type(as_typed(pair[0] if at["field"] == "α" else pair[1]))
    raise AssertionError(f"Tab never reached Check: {order}")


def score(page: Page) -> float:
    expect(page.locator("#feedback")).to_be_visible()
    return float(page.locator("#feedback").get_attribute("data-score") or "nan")


def test_keyboard_only_values_and_prunes_scores_one(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, ["values", "pruned"])
    open_exercise(page, live_server, made["url"])
    expect(page.locator("#task-settings")).to_contain_text("alpha-beta")
    expect(page.locator("#task-settings")).to_contain_text("prune on ties (v ≥ β, v ≤ α), as the slides")
    order = do_by_keyboard(page, perfect(["values", "pruned"]))
    # The search's order: into each child over its edge, each node's value when it returns.
    assert order == ["✂B", "✂B1", "✂B2", "✂B3", "vB", "✂C", "✂C1", "✂C2", "✂C3", "vC",
                     "✂D", "✂D1", "✂D2", "✂D3", "vD", "vA"]
    expect(page.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
    assert score(page) == 1.0
    # The answer survives a reload (localStorage), marks and all.
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_label("value of A")).to_have_value("3")
    expect(page.locator('.prune-toggle[data-node="C3"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-node-id="C3"]')).to_have_class(re.compile(r"\bcut-off\b"))
    page.context.close()
    assert errors == []


def test_keyboard_only_with_bounds_scores_one(browser: Browser, live_server: str) -> None:
    ask = ["values", "bounds", "pruned"]
    page, errors = new_page(browser, PHONE)
    made = make(page, live_server, ask)
    open_exercise(page, live_server, made["url"])
    order = do_by_keyboard(page, perfect(ask))
    assert order[:4] == ["αA", "βA", "✂B", "αB"] and order[-1] == "vA"
    # C2 and C3 marked pruned: their α/β boxes are disabled, Tab passes them by.
    assert "αC2" not in order and "αC3" not in order and "αD3" in order
    assert score(page) == 1.0
    page.context.close()
    assert errors == []


def test_a_wrong_answer_shows_the_first_mistake_on_the_tree(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, ["values", "pruned"])
    open_exercise(page, live_server, made["url"])
    for node, value in (("B", "3"), ("C", "2"), ("D", "2"), ("A", "3")):
        page.get_by_label(f"value of {node}").fill(value)
    page.get_by_role("button", name=re.compile(r"^C2 pruned")).click()  # C3 forgotten
    page.get_by_role("button", name="Check").click()
    toggle = page.locator('.prune-toggle[data-node="C3"]')
    expect(toggle).to_have_class(re.compile(r"\bfirst\b"))
    expect(toggle).to_be_focused()
    expect(page.locator('[data-node-id="C3"]')).to_have_class(re.compile(r"\bfirst\b"))
    callout = page.locator(".callout")
    expect(callout).to_be_visible()
    expect(callout).to_contain_text("C3")
    expect(callout).to_contain_text("v = 2 ≤ α = 3")
    expect(page.locator("#feedback-list li")).to_have_count(1)
    assert 0 < score(page) < 1
    shot(page, "exercise-mistake-1280.png", full_page=True)
    # The list's entry brings the focus back to the mistake.
    page.get_by_label("value of A").focus()
    page.locator("#feedback-list button").first.click()
    expect(toggle).to_be_focused()
    # Hint: the next step only, ringed in its own colour.
    page.get_by_role("button", name="Reset").click()
    expect(page.get_by_label("value of B")).to_have_value("")
    page.get_by_role("button", name="Hint").click()
    expect(page.locator("#feedback-first")).to_contain_text("Hint, at B")
    expect(page.get_by_label("value of B")).to_have_class(re.compile(r"\bhinted\b"))
    page.context.close()
    assert errors == []


INTERNAL = {"A", "B", "C", "D"}
SECRET_KEYS = {"trace", "pruned", "mistakes", "events", "eval", "expected", "first_mistake"}


def leaks(data: Any) -> list[str]:
    """Anything in parsed JSON that gives an answer away: a value or eval on an internal node, or a
    key that only an answer has."""
    found: list[str] = []
    if isinstance(data, dict):
        found += [f"key {k}" for k in data if k in SECRET_KEYS]
        if data.get("children") and ("value" in data or "eval" in data):
            found.append(f"value at {data.get('id')}")
        for v in data.values():
            found += leaks(v)
    elif isinstance(data, list):
        for v in data:
            found += leaks(v)
    return found


def test_nothing_before_a_check_gives_the_answer_away(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, ["values", "bounds", "pruned"])
    bodies: list[tuple[str, str]] = []
    page.on("response", lambda r: bodies.append((r.url, r.text())) if "/static/" not in r.url and "/vendor/" not in r.url else None)
    open_exercise(page, live_server, made["url"])
    page.get_by_label("value of B").fill("3")
    page.get_by_label("α at A").fill("-inf")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.wait_for_load_state("networkidle")
    assert len(bodies) >= 4  # two pages, two student copies
    for url, text in bodies:
        if "/api/" in url:
            assert leaks(json.loads(text)) == [], url
            assert "/api/exercises/" in url and not re.search(r"/(check|hint|solution|results)", url)
        else:
            assert "data-exercise=" in text and '"children"' not in text
    html = page.content()
    assert not re.search(r'"(trace|pruned|mistakes|eval)"', html)
    # What the page drew: leaf values only, no value inside an internal node.
    for node in INTERNAL:
        assert page.locator(f'[data-node-id="{node}"] .value').count() == 0
    assert page.locator('[data-node-id="D1"] .value').text_content() == "14"
    page.context.close()
    assert errors == []


def submit_missing_c3(page: Page, base: str, url: str) -> None:
    open_exercise(page, base, url)
    page.get_by_role("button", name="Reset").click()
    for node, value in (("B", "3"), ("C", "2"), ("D", "2"), ("A", "3")):
        page.get_by_label(f"value of {node}").fill(value)
    page.get_by_role("button", name=re.compile(r"^C2 pruned")).click()
    page.get_by_role("button", name="Check").click()
    expect(page.locator('.prune-toggle[data-node="C3"]')).to_have_class(re.compile(r"\bfirst\b"))


def test_results_show_the_attempts_and_the_heat_where_they_went_wrong(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server, ["values", "pruned"])
    submit_missing_c3(page, live_server, made["url"])
    submit_missing_c3(page, live_server, made["url"])
    wrong_key = f"{live_server}{made['url']}/results?key=nope"
    page.goto(wrong_key)
    expect(page.locator("#results-error")).to_contain_text("key")
    page.goto(f"{live_server}{made['url']}/results?key={made['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#attempts")).to_have_text("2")
    expect(page.locator("#perfect")).to_have_text("0")
    heat = page.locator('.heat-tree [data-node-id="C3"]')
    expect(heat).to_have_attribute("data-wrong", "2")
    expect(page.locator('.heat-tree [data-node-id="B"]')).to_have_attribute("data-wrong", "0")
    fills = page.evaluate("""() => ['C3', 'B'].map(id => getComputedStyle(
        document.querySelector(`.heat-tree [data-node-id="${id}"] .shape`)).fill)""")
    assert fills[0] != fills[1]
    assert "wrong in 2 of 2 attempts" in heat.locator("title").text_content()
    expect(page.locator("#node-rows tr", has_text="C3")).to_contain_text("2 of 2")
    # The same browser checked twice: one first attempt and a retry; the histogram is of first attempts.
    expect(page.locator("#first-attempts")).to_have_text("1")
    expect(page.locator("#retries")).to_have_text("1")
    counts = [int(t) for t in page.locator("#histogram-rows td").all_text_contents()]
    assert sum(counts) == 1 and len(counts) == 10
    shot(page, "exercise-results-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, "exercise-results-390.png", full_page=True)
    page.context.close()
    assert [e for e in errors if "status of 403 (FORBIDDEN)" not in e] == []  # the wrong key's answer


def test_show_solution_replays_from_the_first_mistake(full_chromium: Browser, live_server: str) -> None:
    # full_chromium: Copy link's click must reach the clipboard unasked, which the headless shell refuses (see the fixture).
    page, errors = new_page(full_chromium, DESKTOP)
    made = make(page, live_server, ["values", "pruned"])
    submit_missing_c3(page, live_server, made["url"])
    seq = int(page.evaluate(f"""() => fetch('/api/exercises/{made['id']}/hint', {{method: 'POST',
        headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{values: {{A: 3, B: 3, C: 2, D: 2}},
        pruned: ['C2']}})}}).then(r => r.json()).then(h => h.hint.seq)"""))
    page.get_by_role("button", name="Show solution").click()
    page.wait_for_url(re.compile(rf"/x/{made['id']}/solution\?step={seq}$"))
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {seq} / \d+$"))
    expect(page.locator('[data-node-id="C2"]')).to_be_visible()
    shot(page, "exercise-solution-1280.png")
    # A step of the solution links back to itself.
    page.keyboard.press("ArrowRight")
    page.get_by_role("button", name="Copy link to this step").click()
    expect(page.locator("#step-link-status")).to_contain_text("Copied: ")
    url = page.locator("#step-link-status").get_attribute("data-url")
    assert url is not None and re.search(rf"/x/{made['id']}/solution\?(.*&)?step={seq + 1}(&|$)", url), url
    page.goto(url)
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {seq + 1} / \d+$"))
    back = page.get_by_role("link", name="Back to the exercise")
    back.click()
    page.wait_for_url(re.compile(rf"/x/{made['id']}$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.context.close()
    assert errors == []


def test_the_instructor_makes_exercises_from_the_main_page(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    page.get_by_role("tab", name="Share & export").click()
    page.get_by_label("generated from a seed").check()
    page.get_by_label("At least K prunes").fill("2")
    page.get_by_label("prunes at two or more depths").check()
    page.get_by_label("α/β windows").check()
    page.get_by_role("button", name="Make exercise").click()
    student = page.locator("#exercise-link")
    expect(student).to_have_value(re.compile(r"/x/[\w-]{12}$"))
    expect(page.locator("#exercise-results-link")).to_have_value(re.compile(r"/x/[\w-]{12}/results\?key=[\w-]{20,}$"))
    expect(page.get_by_text("Keep this link private")).to_be_visible()
    shot(page, "exercise-maker-1280.png")
    page.set_viewport_size(PHONE)
    page.locator("#exercise-maker").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page.locator("#exercise-maker"), "exercise-maker-390.png")
    page.set_viewport_size(DESKTOP)
    # A refused request says why, where the form is.
    page.locator('input[name="maker_depth"]').fill("deep")
    page.get_by_role("button", name="Make exercise").click()
    expect(page.locator("#maker-error")).to_have_text("generate.depth: expected a whole number")
    link = student.input_value()
    page.goto(link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#task-asked")).to_contain_text("α/β window")
    # The student's quick way: Practise this tree, from the Search tab, opens the exercise.
    open_app(page, live_server)
    page.get_by_role("button", name="Practise this tree").click()
    page.wait_for_url(re.compile(r"/x/[\w-]{12}$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.get_by_label("value of C")).to_be_visible()
    page.context.close()
    assert refusals_removed(errors) == []


def test_the_student_page_fits_both_sizes(browser: Browser, live_server: str) -> None:
    for size, name in ((DESKTOP, "1280"), (PHONE, "390")):
        page, errors = new_page(browser, size)
        made = make(page, live_server, ["values", "bounds", "pruned"])
        open_exercise(page, live_server, made["url"])
        shot(page, f"exercise-student-{name}.png", full_page=True)
        # Half a window, or a word that is no number, is caught here: said, focused, nothing sent.
        page.get_by_label("α at A").fill("0")
        page.get_by_role("button", name="Check").click()
        expect(page.locator("#exercise-error")).to_have_text("β at A: fill in both α and β, or neither.")
        expect(page.get_by_label("β at A")).to_be_focused()
        page.get_by_label("β at A").fill("lots")
        page.get_by_role("button", name="Check").click()
        expect(page.locator("#exercise-error")).to_have_text("β at A: expected a number, -inf or inf.")
        assert page.locator("#feedback").is_hidden()
        page.get_by_label("β at A").fill("+∞")
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_label("α at A")).to_be_focused()  # the first mistake: α is −∞ at the root
        expect(page.locator(".callout")).to_contain_text("A is the root")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
        shot(page, f"exercise-checked-{name}.png", full_page=False)
        # Everything stays reachable: the drawing scrolls inside its own box.
        box = page.locator("#drawing-box")
        assert box.evaluate("e => e.scrollWidth >= e.clientWidth")
        page.context.close()
        assert errors == []
