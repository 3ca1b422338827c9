"""The classroom in the browser (issue 14, parts 1, 2 and 6; docs/classroom.md): an instructor's page
presents to a class, students' pages (separate browser contexts, as separate devices) follow its
search and steps, a late joiner lands on the instructor's step at once, a student steps on their own
and follows again, the instructor asks, two students answer, the tally counts and the reveal shows;
the students' pages never hold the key. Screenshots of both sides at both sizes when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import json
import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, run_search, shot
from tests.helpers.live_server import running_server

CODE_TEXT = re.compile(r"^[2-9A-Z]{4}-[2-9A-Z]{4}$")
# Every message a page's Socket.IO sockets hear, kept in window.heard (the init script wraps the
# global `io` the vendor script defines, before any of the page's modules run).
HEAR_ALL = """(() => {
  window.heard = [];
  let real;
  Object.defineProperty(window, "io", {
    configurable: true,
    get: () => real,
    set: (io) => {
      real = (...args) => {
        const socket = io(...args);
        socket.onAny((event, ...data) => window.heard.push(JSON.stringify([event, ...data])));
        return socket;
      };
      Object.assign(real, io);
    },
  });
})()"""


@pytest.fixture()
def teacher(browser: Browser, live_server: str) -> Iterator[Page]:
    """The instructor's page at 1280x800, presenting the lecture example to a new class."""
    yield from presenting(browser, live_server)


def presenting(browser: Browser, url: str, viewport: dict[str, int] = DESKTOP) -> Iterator[Page]:
    """The instructor's page (at 1280x800 unless told) presenting the lecture example to a new class."""
    page, errors = new_page(browser, viewport)
    open_app(page, url)
    page.get_by_role("button", name="Present to class").click()
    expect(page.locator("#class-panel .class-code")).to_have_text(CODE_TEXT)
    # The lecture example again, now the room's search, at the same step.
    page.wait_for_function("() => window.minimaxLab.searches === 2 && window.minimaxLab.finished && window.minimaxLab.last === 57")
    wait_event(page, 0)
    yield page
    page.context.close()
    assert errors == []


def student(browser: Browser, url: str, viewport: dict[str, int] = PHONE) -> tuple[Page, list[str]]:
    page, errors = new_page(browser, viewport)
    page.add_init_script(HEAR_ALL)
    page.goto(url)
    return page, errors


def code_of(teacher: Page) -> str:
    return (teacher.locator("#class-panel .class-code").text_content() or "").replace("-", "")


def wait_event(page: Page, k: int) -> None:
    page.wait_for_function("k => window.minimaxLab.event === k", arg=k)


def step_to(teacher: Page, k: int) -> None:
    """The instructor's player at event k (every line: a position is an event)."""
    teacher.evaluate("k => window.minimaxLab.seek(k)", k)
    wait_event(teacher, k)


def following(page: Page) -> None:
    expect(page.locator("#class-follow")).to_have_attribute("data-following", "true")


def test_students_follow_search_and_steps_and_a_late_joiner_lands_at_once(browser: Browser, live_server: str, teacher: Page) -> None:
    code = code_of(teacher)
    # A student joins from the main page's field, the code typed in lower case with a space.
    early, early_errors = student(browser, live_server + "/")
    early.get_by_placeholder("K7QM-2XWP").fill(f"{code[:4].lower()} {code[4:].lower()}")
    early.get_by_role("button", name="Join", exact=True).click()
    early.wait_for_url(f"**/c/{code}")
    expect(early.locator("#class-follow")).to_contain_text(f"Following class {code[:4]}-{code[4:]}")
    following(early)
    # It holds the class's search as far as the instructor has shown it: event 0 (docs/classroom.md).
    early.wait_for_function("() => window.minimaxLab.last === 0 && !window.minimaxLab.finished")
    expect(teacher.locator("#class-panel .class-members")).to_have_text("1 following")

    # The instructor runs another search: the student's page shows it, and every step shown.
    run_search(teacher, source="tree", tree="[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", algorithm="minimax")
    teacher.wait_for_function("() => window.minimaxLab.searches === 3 && window.minimaxLab.finished")
    for _ in range(3):
        teacher.locator("#forward").click()
    wait_event(early, 3)
    step_to(teacher, 17)
    wait_event(early, 17)
    nodes = "() => [...document.querySelectorAll('#tree [data-node-id]')].map(n => n.dataset.nodeId + n.dataset.state).sort().join()"
    assert early.evaluate(nodes) == teacher.evaluate(nodes)

    # A late joiner (any case, a dash) is at the instructor's step as soon as the page shows the search.
    late, late_errors = student(browser, f"{live_server}/c/{code[:4].lower()}-{code[4:]}", DESKTOP)
    wait_event(late, 17)
    following(late)
    expect(teacher.locator("#class-panel .class-members")).to_have_text("2 following")
    # The same step; the student's page counts only what it holds (the steps shown so far).
    assert late.locator("#counter").text_content() == "step 17 / 17"
    assert (teacher.locator("#counter").text_content() or "").startswith("step 17 / ")
    # A gap in the events (a batch that overtook its state through another server process) makes
    # the page ask for the class's state again, and it stays whole and at the instructor's step.
    states = "() => window.heard.filter(m => m.startsWith('[\"class:state\"')).length"
    before = late.evaluate(states)
    late.evaluate("() => window.minimaxLab.classFollower.take([{seq: 100000, type: 'visit', node: 'A'}])")
    late.wait_for_function(f"n => ({states})() > n", arg=before)
    wait_event(late, 17)
    assert late.evaluate("() => window.minimaxLab.classFollower.store.events.length") == 18  # events 0..17: what was shown
    # The late joiner's Search tab holds the class's search (so Run on their own searches the same).
    assert late.locator("select[name=algorithm]").input_value() == "minimax"
    # The instructor typed the lecture's leaves as a tree: that is the lecture example, and says so.
    expect(late.locator("input[name=source][value=example]")).to_be_checked()
    assert late.locator("select[name=example]").input_value() == "lecture"

    shot(teacher, "classroom-teacher-1280x800.png")
    shot(early, "classroom-student-390x844.png")
    shot(late, "classroom-student-1280x800.png")
    teacher.set_viewport_size(PHONE)
    expect(teacher.locator("#class-panel .class-qr")).to_be_visible()
    shot(teacher, "classroom-teacher-390x844.png")
    for page in (early, late, teacher):
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    # A code with no class: the page says so where the banner is.
    late.goto(f"{live_server}/c/22222222")
    expect(late.locator("#class-follow .class-error")).to_contain_text("Could not join class 2222-2222: code: no class 22222222")
    # ... and shows the lecture example rather than a blank page.
    late.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.last === 57")
    for page in (early, late):
        page.context.close()
    assert early_errors == [] and late_errors == []


def test_step_on_my_own_follow_again_and_a_reloaded_instructor(browser: Browser, live_server: str, teacher: Page) -> None:
    code = code_of(teacher)
    page, errors = student(browser, f"{live_server}/c/{code}")
    step_to(teacher, 10)
    wait_event(page, 10)

    # Stepping back on one's own leaves the class's step; the instructor's steps no longer move it.
    page.locator("#back").click()
    expect(page.locator("#class-follow")).to_have_attribute("data-following", "false")
    wait_event(page, 9)
    step_to(teacher, 20)
    expect(page.locator("#class-follow")).to_contain_text("is at step 20)")
    assert page.evaluate("() => window.minimaxLab.event") == 9
    page.get_by_role("button", name="Follow again").click()
    wait_event(page, 20)
    following(page)

    # "Step on my own" by the button; Follow again jumps to where the instructor is now.
    page.get_by_role("button", name="Step on my own").click()
    step_to(teacher, 25)
    expect(page.locator("#class-follow")).to_contain_text("is at step 25)")
    assert page.evaluate("() => window.minimaxLab.event") == 20
    page.get_by_role("button", name="Follow again").click()
    wait_event(page, 25)

    # The student's connection drops; a step made meanwhile is there once it joins again, and the
    # events it held are not taken twice.
    page.evaluate("() => window.minimaxLab.classFollower.socket.io.engine.close()")
    step_to(teacher, 27)
    wait_event(page, 27)
    following(page)
    assert page.evaluate("() => window.minimaxLab.last") == 27  # the furthest step shown

    # The instructor's page reloads: its tab kept the key, it drives again from the same step.
    teacher.reload()
    expect(teacher.locator("#class-panel .class-code")).to_have_text(f"{code[:4]}-{code[4:]}")
    wait_event(teacher, 27)
    step_to(teacher, 29)  # a pruning test: not a key step
    wait_event(page, 29)
    following(page)
    # Key steps only is a way of looking, not a step of one's own: the student still follows.
    page.locator("#detail").select_option("key")
    expect(page.locator("#counter")).not_to_have_text(re.compile(r"/ 57$"))
    following(page)
    assert errors == []
    page.context.close()


def test_ask_answers_tally_reveal_and_no_key_on_students(browser: Browser, live_server: str, teacher: Page) -> None:
    code = code_of(teacher)
    right, right_errors = student(browser, f"{live_server}/c/{code}")
    wrong, wrong_errors = student(browser, f"{live_server}/c/{code.lower()}", DESKTOP)
    expect(teacher.locator("#class-panel .class-members")).to_have_text("2 following")
    step_to(teacher, 7)
    for page in (right, wrong):
        wait_event(page, 7)

    # The question at the next step (event 8: B's first pruning test) goes to the class.
    teacher.get_by_role("button", name="Ask the class").click()
    prompt = "v = 3 and α = −∞ at B (test: v ≤ α): prune B's remaining children or keep looking?"
    expect(teacher.locator("#class-panel .class-prompt")).to_have_text(f"Asked: {prompt}")
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 0 of 2 following")
    for page in (right, wrong):
        expect(page.locator("#class-question-prompt")).to_have_text(prompt)
    right.get_by_role("button", name="keep looking").click()
    expect(right.locator("#class-question .class-card-status")).to_contain_text("Sent: keep looking")
    wrong.get_by_role("button", name="prune", exact=True).click()
    expect(teacher.locator("#class-panel .class-answered")).to_have_text("answered 2 of 2 following")
    bars = teacher.locator("#class-panel .class-bar")
    expect(bars).to_have_count(2)
    expect(teacher.locator('#class-panel .class-bar[data-answer="prune"] .class-bar-count')).to_have_text("1")
    expect(teacher.locator('#class-panel .class-bar[data-answer="keep looking"] .class-bar-count')).to_have_text("1")
    shot(teacher, "classroom-tally-1280x800.png")

    teacher.get_by_role("button", name="Reveal").click()
    expect(teacher.locator("#class-panel .class-revealed")).to_have_text("Revealed: keep looking")
    expect(right.locator("#class-question .class-verdict")).to_have_text("Right: keep looking. 2 answered.")
    # "prune" here is what testing v against the wrong bound (v ≤ β at MIN) says: named at the reveal.
    expect(wrong.locator("#class-question .class-verdict")).to_have_text(re.compile(
        r"^Not quite: you said prune; the answer is keep looking\. That answer follows alpha-beta testing v against the wrong bound\. .* 2 answered\.$"))
    expect(wrong.locator('#class-question .class-bar[data-right="true"]')).to_have_attribute("data-answer", "keep looking")
    shot(right, "classroom-reveal-390x844.png")

    # The key is the instructor's tab's alone: nowhere in a student's storage, page or messages.
    key = json.loads(teacher.evaluate("() => sessionStorage.getItem('minimax-lab:class')"))["key"]
    assert len(key) >= 16
    for page in (right, wrong):
        heard = page.evaluate("() => window.heard")
        assert any(m.startswith('["class:state"') for m in heard) and any(m.startswith('["class:reveal"') for m in heard)
        assert not any(key in m for m in heard)
        assert key not in page.content()
        assert page.evaluate("() => JSON.stringify({...sessionStorage}) + JSON.stringify({...localStorage})").find(key) < 0

    # A trace file on the instructor's page is not the class's search: no question about it goes out.
    step_to(teacher, 57)  # the whole search shown: the student's page holds all of it
    right.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.last === 57")
    trace = "\n".join(json.dumps(e) for e in right.evaluate("() => window.minimaxLab.classFollower.store.events"))
    teacher.locator("#trace-file").set_input_files(files=[{"name": "lecture.jsonl", "mimeType": "application/json", "buffer": trace.encode()}])
    # The file's replay is the page's third search shown (the lecture, the room's, the file's).
    teacher.wait_for_function("() => window.minimaxLab.finished && window.minimaxLab.searches === 3")
    expect(teacher.locator("#search-status")).to_contain_text("lecture.jsonl: replaying it")
    teacher.get_by_role("button", name="Ask the class").click()
    expect(teacher.locator("#class-panel .class-status")).to_contain_text("The class does not have the search shown")

    # The instructor ends the class: the students are told.
    teacher.get_by_role("button", name="End class").click()
    expect(teacher.locator("#class-panel .class-status")).to_contain_text("ended")
    for page in (right, wrong):
        expect(page.locator("#class-follow")).to_contain_text("has ended")
    assert teacher.evaluate("() => sessionStorage.getItem('minimax-lab:class')") is None
    for page in (right, wrong):
        page.context.close()
    assert right_errors == [] and wrong_errors == []


def test_a_late_joiner_fetches_a_long_search_as_json_lines(browser: Browser) -> None:
    # A server that sends at most 10 events inline: the lecture's 58 come as a trace to fetch.
    with running_server({"CLASS_INLINE_EVENTS": 10}) as url:
        instructor = presenting(browser, url)
        teacher = next(instructor)
        step_to(teacher, 30)
        page, errors = student(browser, f"{url}/c/{code_of(teacher)}")
        wait_event(page, 30)
        assert page.evaluate("() => window.minimaxLab.last") == 30  # fetched: what was shown, no more
        state = next(m for m in page.evaluate("() => window.heard") if m.startswith('["class:state"'))
        assert '"trace":"/api/class/' in state and '"events"' not in state
        page.context.close()
        assert errors == []
        next(instructor, None)  # the instructor leaves: its page had no JavaScript errors
