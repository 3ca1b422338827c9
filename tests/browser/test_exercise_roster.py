"""Issue 46, parts 3 and 4, in a real browser: the instructor makes a generated exercise with a roster and trees of
one's own from the main page's maker, gets one private link per student; a student's link shows their roster name
and their own tree, and their right answer checks as correct; another student's tree differs and their name (markup)
is text; the results page lists the roster, adds a name, and opens a student's own tree with their answer.
Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from search.practice import model_answer, parse_exercise
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, refusals_removed, shot


def right_answer(page: Page, base: str, link: str) -> dict[str, Any]:
    """The engine's answer for the tree this student's link shows (from the leaves of their copy)."""
    exercise_id, token = re.search(r"/x/([\w-]+)\?s=([\w-]+)$", link).groups()  # type: ignore[union-attr]
    copy = page.request.get(f"{base}/api/exercises/{exercise_id}?s={token}").json()

    def shape(node: dict[str, Any]) -> Any:
        return node["value"] if "value" in node else [shape(child) for child in node["children"]]
    return model_answer(parse_exercise({"tree": shape(copy["tree"]), "ask": copy["ask"]}))


def fill(page: Page, answer: dict[str, Any]) -> None:
    for node, value in answer["values"].items():
        page.get_by_label(f"value of {node}", exact=True).fill(str(value))
    for node in answer["pruned"]:
        toggle = page.get_by_role("button", name=re.compile(rf"^{node} pruned"))
        if toggle.is_enabled() and toggle.get_attribute("aria-pressed") != "true":
            toggle.click()


def at_both_widths(page: Page, name: str, target: str | None = None) -> None:
    shot(page, f"{name}-1280.png", full_page=target is None)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
    if target:
        page.locator(target).scroll_into_view_if_needed()
        shot(page.locator(target), f"{name}-390.png")
    else:
        shot(page, f"{name}-390.png", full_page=True)
    page.set_viewport_size(DESKTOP)


def test_a_roster_exercise_from_the_maker_to_a_students_own_tree_and_back(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    page.get_by_role("tab", name="Share & export").click()
    trees = page.locator('select[name="maker_variants"]')
    expect(trees).to_be_disabled()  # trees of one's own are drawn from the generator
    page.get_by_label("generated from a seed").check()
    expect(trees).to_be_enabled()
    # The Students fieldset stays inside the side panel (a fieldset is min-content wide: the file input pushed it out).
    inside = "(() => { const f = document.querySelector('fieldset.roster-fields').getBoundingClientRect(); " \
             "const m = document.getElementById('exercise-maker').getBoundingClientRect(); return f.right <= m.right + 0.5; })()"
    assert page.evaluate(inside)
    for name, value in {"depth": "3", "min_branching": "3", "max_branching": "3", "max_value": "60", "min_prunes": "2"}.items():
        page.locator(f'input[name="maker_{name}"]').fill(value)
    page.get_by_label("Roster, one name per line").fill("Ada Lovelace\n  <b>Bob</b>  \n\nAda lovelace")
    trees.select_option("per-student")
    page.get_by_role("button", name="Make exercise").click()
    expect(page.locator("#maker-error")).to_contain_text("roster[2]")  # the same name twice, said with its line
    expect(page.locator("#maker-error")).to_contain_text("line 3: “Ada lovelace”")
    page.get_by_label("Roster, one name per line").fill("Ada Lovelace\n  <b>Bob</b>  \n")
    page.get_by_role("button", name="Make exercise").click()
    links = page.locator("#roster-links-text")
    expect(links).to_have_value(re.compile(r"^Ada Lovelace: http://\S+/x/[\w-]{12}\?s=[\w-]{24}\n<b>Bob</b>: http://\S+\?s=[\w-]{24}$"))
    expect(page.locator("#roster-links-count")).to_have_text("2 private links")
    expect(page.locator("#roster-links-csv")).to_have_attribute("href", re.compile(r"^blob:"))
    page.locator("#exercise-maker").scroll_into_view_if_needed()
    at_both_widths(page, "roster-maker", "#exercise-maker")
    ada_link, bob_link = (line.split(": ", 1)[1] for line in links.input_value().splitlines())
    results_link = page.locator("#exercise-results-link").input_value()

    # Ada's link: her name, her own tree; her right answer is correct.
    page.goto(ada_link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#task-student")).to_have_text("Your checks are kept under your name on the roster: Ada Lovelace.")
    expect(page.locator("#task-variant")).to_contain_text("This tree is your own")
    ada_leaves = page.locator("svg.exercise-tree").text_content()
    fill(page, right_answer(page, live_server, ada_link))
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback-score")).to_have_text(re.compile(r"^Correct!"))
    at_both_widths(page, "roster-student")

    # Bob's link: his name as text, another tree.
    page.goto(bob_link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#task-student")).to_have_text("Your checks are kept under your name on the roster: <b>Bob</b>.")
    assert page.locator("#task-student b").count() == 0
    bob_answer = right_answer(page, live_server, bob_link)
    assert bob_answer != right_answer(page, live_server, ada_link)
    fill(page, {"values": dict(list(bob_answer["values"].items())[:2]), "pruned": []})
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback-score")).to_have_text(re.compile(r"^Score"))
    # A page without the private link says how to open it, and offers no Check.
    page.goto(ada_link.split("?")[0])
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#task-student")).to_contain_text("open it from the private link your instructor sent you")
    expect(page.get_by_role("button", name="Check")).to_be_disabled()

    # The results: the roster's links, a name added, each attempt opens its own tree with its answer.
    page.goto(results_link)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#heat-variants")).to_be_visible()
    expect(page.locator("#roster-rows tr")).to_have_count(2)
    expect(page.locator("#roster-rows tr").nth(1).locator("th")).to_have_text("<b>Bob</b>")
    page.get_by_label("Add students, one name per line").fill("Cy Young\n")
    page.get_by_role("button", name="Add to the roster").click()
    expect(page.locator("#roster-rows tr")).to_have_count(3)
    expect(page.locator("#roster-add-status")).to_have_text("Added 1: their links are at the end of the list.")
    rows = page.locator("#attempt-rows tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator("td").first).to_have_text("Ada Lovelace (roster)")
    at_both_widths(page, "roster-results", "#roster-section")
    rows.nth(1).get_by_role("link", name=re.compile("Open attempt 1 of Ada Lovelace")).click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#review-heading")).to_have_text("Attempt 1 of Ada Lovelace")
    expect(page.locator("#review-answer")).to_have_text("Every answer matches the search.")
    assert page.locator("svg.exercise-tree").text_content() == ada_leaves  # her own tree
    value_box = page.get_by_label("value of A", exact=True)
    expect(value_box).to_be_disabled()
    expect(value_box).not_to_have_value("")
    at_both_widths(page, "roster-review")
    assert refusals_removed(errors) == []  # the repeated name was refused (400), as it should be
