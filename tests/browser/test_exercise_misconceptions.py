"""Issue 26 in a real browser: the student's page names the misconception first and draws its marks in
its colour; the link's student name and the browser's learner token travel with each check; graded use
(made in the maker) hides Hint and Show solution and counts attempts; the instructor's results page
shows the attempts by misconception, the first attempts' scores, the list and the CSV. Screenshots at
1280x800 and 390x844."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, Page, Route, expect

from search.practice import check_answer, parse_exercise
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, refusals_removed, shot
from tests.browser.exercise_pages import LECTURE, make, open_exercise

VALUES = {"A": "3", "B": "3", "C": "2", "D": "2"}
NO_CUT = {"values": {node: int(v) for node, v in VALUES.items()}, "pruned": []}
DIAGNOSED = check_answer(parse_exercise({"tree": LECTURE, "ask": ["values", "pruned"]}), NO_CUT)["misconceptions"][0]
"""The engine's own diagnosis of an answer that prunes nothing (C2 and C3 searched): what the page must name."""


def fill_values(page: Page, prune: list[str]) -> None:
    for node, value in VALUES.items():
        page.get_by_label(f"value of {node}").fill(value)
    for node in prune:
        page.get_by_role("button", name=re.compile(rf"^{node} pruned")).click()


def results(page: Page, base: str, made: dict[str, Any]) -> dict[str, Any]:
    answer = page.request.get(f"{base}/api/exercises/{made['id']}/results?key={made['key']}")
    assert answer.ok
    return answer.json()


def test_the_misconception_comes_first_and_its_marks_share_its_colour(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server)
    open_exercise(page, f"{live_server}{made['url']}?student={quote('Ada L.')}")
    expect(page.locator("#task-student")).to_have_text("Your checks are kept under the name in your link: “Ada L.”.")
    fill_values(page, [])  # nothing pruned: C2 and C3 searched
    page.get_by_role("button", name="Check").click()
    box = page.locator("#misconception-box")
    expect(box).to_be_visible()
    name = DIAGNOSED["name"]
    expect(page.locator("#misconception-name")).to_have_text(name[0].upper() + name[1:])
    expect(page.locator("#misconception-explanation")).to_have_text(DIAGNOSED["explanation"])
    expect(box.locator(".misconception-marks")).to_have_text("On the tree, its 2 marks are drawn in this colour (C2, C3).")
    # The box comes before the first mistake's sentence and the list.
    order = page.evaluate("""() => ['misconception-box', 'feedback-first', 'feedback-list-box'].map(id =>
        document.getElementById(id).compareDocumentPosition(document.getElementById('feedback-score')))""")
    assert order == [2, 2, 2]  # each follows the score
    assert page.evaluate("""() => document.getElementById('misconception-box').compareDocumentPosition(
        document.getElementById('feedback-first')) === 4""")
    for node in ("C2", "C3"):
        toggle = page.locator(f'.prune-toggle[data-node="{node}"]')
        expect(toggle).to_have_class(re.compile(r"\bmisc-0\b"))
        expect(toggle).to_have_attribute("data-misconception", DIAGNOSED["id"])
        expect(page.locator(f'#feedback-list button[data-node="{node}"] + .part-of')).to_have_text(f"part of: {name}")
    colours = page.evaluate("""() => [getComputedStyle(document.querySelector('.prune-toggle[data-node="C3"]')).boxShadow,
        getComputedStyle(document.querySelector('#misconception-name .misc-chip')).borderTopColor]""")
    assert "112, 72, 232" in colours[0] and colours[1] == "rgb(112, 72, 232)"  # one colour: #7048e8
    shot(page, "exercise-misconception-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    box.scroll_into_view_if_needed()
    shot(page, "exercise-misconception-390.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    # The check carried the link's name and this browser's token; a reload keeps the token: a retry.
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.get_by_role("button", name=re.compile(r"^C2 pruned")).click()
    page.get_by_role("button", name=re.compile(r"^C3 pruned")).click()
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
    expect(box).to_be_hidden()
    assert page.locator("[data-misconception]").count() == 0
    learner = page.evaluate("localStorage.getItem('minimax-lab.learner')")
    assert re.fullmatch(r"[0-9a-f]{32}", learner)
    listed = results(page, live_server, made)["attempt_list"]
    assert [(a["student"], a["learner"], a["attempt"]) for a in listed] == [("Ada L.", learner[:6], 2), ("Ada L.", learner[:6], 1)]
    page.context.close()
    assert errors == []


def test_every_misconception_is_listed_and_its_words_are_text(browser: Browser, live_server: str) -> None:
    """Two misconceptions, the second's name and explanation carrying markup (the check's answer doctored
    in flight): both listed, in their own colours, as text."""
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server)

    def doctor(route: Route) -> None:
        result = route.fetch().json()
        result["misconceptions"].append({"id": "strict-test", "name": "<img src=x onerror=window.hacked=1>",
                                         "explanation": "<b>not bold</b>", "explains": [{"node": "D", "kind": "value"}]})
        result["mistakes"].append({"node": "D", "kind": "value", "explanation": "D <i>x</i>", "misconception": "strict-test", "seq": 40})
        route.fulfill(json=result)

    page.route(re.compile(r"/api/exercises/[\w-]+/check$"), doctor)
    open_exercise(page, live_server + made["url"])
    fill_values(page, [])
    page.get_by_role("button", name="Check").click()
    other = page.locator('.misconception-others li[data-misconception="strict-test"]')
    expect(other).to_contain_text("Also <img src=x onerror=window.hacked=1>: <b>not bold</b>")
    expect(other.locator(".misc-chip.misc-1").first).to_be_visible()
    expect(page.locator('[data-node-id="D"]')).to_have_class(re.compile(r"\bmisc-1\b"))
    expect(page.locator('#feedback-list button[data-node="D"] + .part-of')).to_have_class(re.compile(r"\bmisc-1\b"))
    assert page.locator("#feedback img, #feedback b, #feedback i").count() == 0
    assert page.evaluate("window.hacked") is None
    page.context.close()
    assert errors == []


def test_graded_use_made_in_the_maker_hides_help_and_counts_attempts(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    page.get_by_role("tab", name="Share & export").click()
    expect(page.locator("#graded-note")).to_contain_text("For grading, untick both")
    page.get_by_label("ask for a hint").uncheck()
    page.get_by_label("see the solution").uncheck()
    attempts = page.get_by_label("Attempts each")
    attempts.fill("two")
    page.get_by_role("button", name="Make exercise").click()
    expect(page.locator("#maker-error")).to_have_text("attempts: expected a whole number, or nothing for no limit")
    attempts.fill("0")
    page.get_by_role("button", name="Make exercise").click()
    expect(page.locator("#maker-error")).to_have_text("attempts: expected null (no limit) or a whole number from 1 to 100")
    attempts.fill("2")
    page.get_by_label("LMS gradebook").select_option("latest")
    page.get_by_role("button", name="Make exercise").click()
    link = page.locator("#exercise-link")
    expect(link).to_have_value(re.compile(r"/x/[\w-]{12}$"))
    student_link = link.input_value()
    shot(page.locator("#exercise-maker"), "exercise-maker-graded-1280.png")
    results_link = page.locator("#exercise-results-link").input_value()
    open_exercise(page, student_link)
    expect(page.get_by_role("button", name="Hint")).to_be_hidden()
    expect(page.get_by_role("button", name="Show solution")).to_be_hidden()
    note = page.locator("#attempts-note")
    expect(note).to_have_text("Attempt 1 of 2.")
    page.get_by_role("button", name="Check").click()
    expect(note).to_have_text("Attempt 2 of 2.")
    page.get_by_role("button", name="Check").click()
    expect(note).to_have_text("You have used your 2 attempts.")
    expect(page.get_by_role("button", name="Check")).to_be_disabled()
    page.reload()  # the server counts them, by this browser's token
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(note).to_have_text("You have used your 2 attempts.")
    expect(page.get_by_role("button", name="Check")).to_be_disabled()
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, "exercise-graded-390.png")
    page.set_viewport_size(DESKTOP)
    # The hidden solution: refused to the student's address (a page saying so, no tree: server/http/solution_hidden.py),
    # opened from the results page (it has the key).
    page.goto(student_link + "/solution")
    expect(page.locator("#solution-hidden-what")).to_contain_text("has hidden its solution")
    expect(page.locator("[data-node-id]")).to_have_count(0)
    page.goto(results_link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#results-options")).to_have_text(
        "Students see no Hint and no Show solution; 2 attempts per student; an LMS gradebook gets the latest score.")
    page.get_by_role("link", name="the solution").click()
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 0 / [1-9]\d*$"))
    page.context.close()
    refused = re.compile(r"status of 403 \(FORBIDDEN\)")
    assert [e for e in refusals_removed(errors) if not refused.search(e)] == []


def test_the_results_page_by_misconception_first_attempts_the_list_and_csv(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    made = make(page, live_server)
    check = f"{live_server}/api/exercises/{made['id']}/check"
    values = {node: int(v) for node, v in VALUES.items()}
    sends = [({"pruned": []}, {"learner": "aaaaaaaa01"}), ({"pruned": []}, {"learner": "aaaaaaaa01"}),
             ({"pruned": ["C2", "C3"]}, {"learner": "aaaaaaaa01"}), ({"pruned": []}, {"student": "=1+1 <b>Bo</b>", "learner": "bbbbbbbb02"}),
             ({"pruned": ["C2"]}, {"learner": "cccccccc03"})]
    for answer, who in sends:
        sent = page.request.post(check, data=json.dumps({"values": values, **answer, **who}), headers={"Content-Type": "application/json"})
        assert sent.ok, sent.text()
    page.goto(f"{live_server}{made['url']}/results?key={made['key']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    headings = page.locator("main h2:visible").all_text_contents()  # (the roster section shows only with a roster)
    assert headings == ["Attempts", "By misconception", "Score distribution of first attempts", "Where students went wrong",
                        "All attempts"]
    expect(page.locator("#attempts")).to_have_text("5")
    expect(page.locator("#first-attempts")).to_have_text("3")
    expect(page.locator("#retries")).to_have_text("2")
    expect(page.locator("#results-options")).to_have_text("Students see Hint and Show solution; no limit on attempts; an LMS gradebook gets the best score.")
    rows = page.locator("#misconception-rows tr")
    expect(rows).to_have_count(1)
    assert [c.strip() for c in rows.first.locator("th, td").all_text_contents()] == [DIAGNOSED["name"], "2", "1", "C2 ×3, C3 ×3"]
    assert sum(int(t) for t in page.locator("#histogram-rows td").all_text_contents()) == 3
    # Every mark counts (issue 46): C2 and C3 kept is 4 of 6 marks, C3 alone 5 of 6.
    expect(page.locator('#histogram rect[data-bin="6"] title')).to_have_text("60–69%: 2")
    expect(page.locator('#histogram rect[data-bin="8"] title')).to_have_text("80–89%: 1")
    expect(page.locator("#results-scoring")).to_contain_text("Scored by marks")
    expect(page.locator("#old-rule-note")).to_be_hidden()
    attempts = page.locator("#attempt-rows tr")
    expect(attempts).to_have_count(5)
    newest = [c.strip() for c in attempts.first.locator("th, td").all_text_contents()][1:]
    assert newest == ["anonymous", "cccccc", "1", "83%", "—", "Open", "none"]  # "Open": that attempt's tree and answer
    bo = [c.strip() for c in attempts.nth(1).locator("th, td").all_text_contents()][1:]
    assert bo == ["=1+1 <b>Bo</b>", "bbbbbb", "1", "67%", f"{DIAGNOSED['name']} (2)", "Open", "none"]
    assert page.locator("#attempt-rows b").count() == 0
    assert [c.strip() for c in attempts.nth(2).locator("td").all_text_contents()][2] == "3"  # aaaaaa's third
    csv_link = page.get_by_role("link", name="Download CSV")
    with page.expect_download() as download:
        csv_link.click()
    text = open(download.value.path(), encoding="utf-8-sig").read()
    lines = text.splitlines()
    assert lines[0] == "time,student,learner,attempt,score,mistakes,misconceptions,misconception_ids,help,lms_user,score_rule" and len(lines) == 6
    assert f",'=1+1 <b>Bo</b>,bbbbbb,1,0.6667,2,{DIAGNOSED['name']} (2),{DIAGNOSED['id']}" in lines[4] and lines[4].endswith(",marks")
    shot(page, "exercise-results-misconceptions-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, "exercise-results-misconceptions-390.png", full_page=True)
    page.context.close()
    assert errors == []


def test_watch_this_slip_replays_the_mistaken_search_from_where_it_parts(full_chromium: Browser, live_server: str) -> None:
    """The box links to the search with the slip (GET .../solution?misconception=), opened at the step where it
    leaves the real one; the step link keeps the slip; a slip of another search is refused naming the field."""
    # full_chromium: Copy link's click must reach the clipboard unasked, which the headless shell refuses (see the fixture).
    page, errors = new_page(full_chromium, DESKTOP)
    made = make(page, live_server)
    open_exercise(page, f"{live_server}{made['url']}")
    fill_values(page, [])
    page.get_by_role("button", name="Check").click()
    watch = page.locator("#misconception-watch")
    step = DIAGNOSED["step"]
    expect(watch).to_have_attribute("href", f"/x/{made['id']}/solution?misconception={DIAGNOSED['id']}&step={step}")
    watch.click()
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {step} / \d+$"))
    mistaken = page.request.get(f"{live_server}/api/exercises/{made['id']}/solution?misconception={DIAGNOSED['id']}").text()
    start, *rest = [json.loads(line) for line in mistaken.splitlines()]
    assert start["options"]["misconception"] == DIAGNOSED["id"] and rest[-1]["pruned"] == 0  # nothing pruned: the slip
    expect(page.locator('[data-node-id="C2"]')).to_be_visible()
    expect(page.locator("#code")).to_contain_text("◀ the slip")  # the pseudocode beside it is the slip's (/api/pseudocode)
    page.get_by_role("button", name="Copy link to this step").click()
    expect(page.locator("#step-link-status")).to_contain_text("Copied: ")
    assert f"misconception={DIAGNOSED['id']}&" in (page.locator("#step-link-status").get_attribute("data-url") or "")
    refused = page.request.get(f"{live_server}/api/exercises/{made['id']}/solution?misconception=chance-as-min")
    assert refused.status == 400 and refused.json()["error"].startswith("misconception: expected one of this exercise's: no-pruning,")
    assert errors == []
