"""Practice on chance trees (expectiminimax) and on several players (max^n) in the real page (issue 26
point 4): "Practise this tree" on the chance and three-players examples opens an exercise that draws
circles with their probabilities, or each node's player; the student types values or vectors ("1, 5, 2",
"(1, 5, 2)", "⟨1,5,2⟩"), gets "perfect", then a wrong value and its sentence; a vector that cannot be
read says so beside its node. Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from search.practice import model_answer, parse_exercise
from search.trees.node import EXAMPLES
from tests.browser.app_helpers import CHANCE_EVENTS, MAXN_EVENTS, overflowing, run_example
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, refusals_removed, shot

SPELLINGS = ("{}", "({})", "⟨{}⟩", "<{}>")
"""The ways a student may write a vector: 1, 5, 2 / (1, 5, 2) / ⟨1, 5, 2⟩ / <1, 5, 2>."""


def answer_of(name: str, algorithm: str) -> dict[str, Any]:
    return model_answer(parse_exercise({"tree": EXAMPLES[name], "algorithm": algorithm}))["values"]


def practise(page: Page, base: str, example: str, algorithm: str, events: int) -> None:
    """Run the example on the main page, press Practise this tree, wait for the exercise."""
    open_app(page, base)
    run_example(page, example, algorithm, events)
    page.get_by_role("button", name="Practise this tree").click()
    page.wait_for_url(re.compile(r"/x/[\w-]{12}$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def check(page: Page) -> None:
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#feedback")).to_be_visible()


def fill_and_check_perfect(page: Page, typed: dict[str, str], box: str, screenshot: str) -> None:
    """Type every internal node's answer in its box ("value" or "vector"), Check, and see a perfect score."""
    for node_id, text in typed.items():
        page.get_by_label(f"{box} of {node_id}", exact=True).fill(text)
    check(page)
    expect(page.locator("#feedback-score")).to_have_attribute("data-correct", "true")
    expect(page.locator("#feedback")).to_have_attribute("data-score", "1")
    shot(page, screenshot)


def test_an_expectiminimax_exercise_from_the_chance_example(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    practise(page, live_server, "chance", "expectiminimax", CHANCE_EVENTS)
    expect(page.locator("#task-settings")).to_contain_text("Search this tree with expectiminimax, MAX to move at the root")
    # Three chance nodes drawn as circles, each outcome's probability on its edge; the legend says so.
    assert page.locator(".exercise-canvas .node.chance").count() == 3
    probabilities = page.locator(".exercise-canvas .edges .probability")
    assert [probabilities.nth(i).text_content() for i in range(probabilities.count())] == ["0.5", "0.5", "0.5", "0.5", "0.75", "0.25"]
    assert page.locator('.exercise-canvas .probability[data-child="D1"]').text_content() == "0.75"
    expect(page.locator('.exercise-legend [data-legend="chance"]')).to_be_visible()
    expect(page.locator(".exercise-legend .key-pruned")).to_be_hidden()  # nothing is pruned here
    values = answer_of("chance", "expectiminimax")  # a fraction is a number too
    fill_and_check_perfect(page, {node_id: "5/2" if node_id == "D" else f"{value:g}" for node_id, value in values.items()},
                           "value", "exercise-chance-perfect-1280.png")
    # One wrong value: the weighted sum, in the slides' words, at the first mistake.
    page.get_by_label("value of D", exact=True).fill("5")
    check(page)
    expect(page.locator("#feedback-score")).to_have_attribute("data-correct", "false")
    expect(page.locator("#feedback-first")).to_have_text(
        "First mistake, at D: D is a chance node: v = 0.75 × 2 + 0.25 × 4 = 2.5 (the outcomes' values weighted by "
        "their probabilities); you wrote 5")
    expect(page.locator(".callout")).to_contain_text("D is a chance node: v = 0.75 × 2 + 0.25 × 4 = 2.5")
    assert "wrong" in (page.locator('.exercise-canvas [data-node-id="D"]').get_attribute("class") or "")
    shot(page, "exercise-chance-wrong-1280.png")
    page.context.close()
    assert refusals_removed(errors) == []


def test_a_max_n_exercise_from_the_three_players_example(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    practise(page, live_server, "three-players", "maxn", MAXN_EVENTS)
    expect(page.locator("#task-settings")).to_contain_text("Search this tree with max^n: players A, B, C take turns")
    expect(page.locator("#task-asked")).to_have_text("Fill in the vector each internal node returns (one value for each of A, B, C).")
    # Each internal node names its player, in the player's colour; each leaf has its vector under it.
    r2 = page.locator('.exercise-canvas [data-node-id="R2"]')
    assert r2.locator(".mover").text_content() == "B" and "mover-1" in (r2.get_attribute("class") or "")
    assert page.locator('.exercise-canvas [data-node-id="R2a2"] .value').text_content() == "⟨1, 5, 2⟩"
    assert page.locator(".exercise-legend .player-key").all_text_contents() == [" A", " B", " C"]
    # A vector that cannot be read says why beside its node when the student leaves the box.
    box = page.get_by_label("vector of R2", exact=True)
    box.fill("1, 5")
    box.press("Tab")
    expect(page.locator(".callout[role=alert]")).to_have_text(
        "vector of R2: expected a vector of 3 numbers (one for each player), e.g. 1, 5, 2: you typed 2")
    expect(box).to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Check").click()  # refused on the page: nothing is sent
    expect(page.locator("#exercise-error")).to_have_text(
        "value at R2: expected a vector of 3 numbers (one for each player), e.g. 1, 5, 2: you typed 2.")
    # Every spelling of a vector is read; all right is perfect.
    values = answer_of("three-players", "maxn")
    fill_and_check_perfect(page, {node_id: SPELLINGS[i % len(SPELLINGS)].format(", ".join(map(str, vector)))
                                  for i, (node_id, vector) in enumerate(values.items())}, "vector", "exercise-maxn-perfect-1280.png")
    expect(page.locator(".callout")).to_be_hidden()
    # One wrong vector: the player's choice, in the slides' words.
    page.get_by_label("vector of R2", exact=True).fill("5, 4, 5")
    check(page)
    expect(page.locator("#feedback-first")).to_have_text(
        "First mistake, at R2: R2 is player B's node: it keeps the child vector whose second component is highest, "
        "⟨1, 5, 2⟩ from R2a (5 against 4 from R2b); you wrote ⟨5, 4, 5⟩")
    shot(page, "exercise-maxn-wrong-1280.png")
    page.context.close()
    assert refusals_removed(errors) == []


def test_both_exercises_fit_a_phone(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    for name, algorithm, label, wrong in (("chance", "expectiminimax", "value of", ("C", "4.5")),
                                          ("three-players", "maxn", "vector of", ("R1b", "6, 1, 1"))):
        made = page.request.post(f"{live_server}/api/exercises", data=json.dumps({"tree": EXAMPLES[name], "algorithm": algorithm}),
                                 headers={"Content-Type": "application/json"})
        assert made.status == 201, made.text()
        page.goto(live_server + made.json()["url"])
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        shot(page, f"exercise-{algorithm}-390.png", full_page=True)
        expect(page.locator(f'.exercise-legend [data-legend="{"chance" if name == "chance" else "players"}"]')).to_be_in_viewport()
        for node_id, value in answer_of(name, algorithm).items():
            text = ", ".join(map(str, value)) if isinstance(value, list) else f"{value:g}"
            page.get_by_label(f"{label} {node_id}", exact=True).fill(wrong[1] if node_id == wrong[0] else text)
        check(page)
        expect(page.locator("#feedback-first")).to_contain_text(f"First mistake, at {wrong[0]}:")
        expect(page.locator(".callout")).to_be_in_viewport()
        assert overflowing(page) == []
        shot(page, f"exercise-{algorithm}-wrong-390.png", full_page=True)
    page.context.close()
    assert refusals_removed(errors) == []


def test_player_names_are_drawn_as_text(browser: Browser, live_server: str) -> None:
    names = ["<img src=x onerror=window.hit=1>", "B&C"]
    tree = {"players": names, "children": [{"children": [{"value": [1, 2]}, {"value": [3, 0]}]}, {"value": [0, 5]}]}
    page, errors = new_page(browser, DESKTOP)
    made = page.request.post(f"{live_server}/api/exercises", data=json.dumps({"tree": tree, "algorithm": "maxn"}),
                             headers={"Content-Type": "application/json"})
    assert made.status == 201, made.text()
    page.goto(live_server + made.json()["url"])
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert page.locator('.exercise-canvas [data-node-id="A"] .mover').text_content() == names[0]
    assert page.locator(".exercise-legend .player-key").all_text_contents() == [f" {n}" for n in names]
    expect(page.locator("#task-settings")).to_contain_text(f"players {names[0]}, B&C take turns")
    assert page.locator("img").count() == 0 and page.evaluate("window.hit") is None
    page.context.close()
    assert refusals_removed(errors) == []


def test_the_maker_generates_both_kinds(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    page.get_by_role("tab", name="Share & export").click()
    page.get_by_label("generated from a seed").check()
    before = ""
    for algorithm, drawn in (("expectiminimax", ".node.chance"), ("maxn", ".node.maxn .mover")):
        page.locator('select[name="maker_algorithm"]').select_option(algorithm)
        expect(page.get_by_label("α/β windows")).to_be_disabled()  # values only: these searches never prune
        expect(page.get_by_label("pruned branches")).not_to_be_checked()
        page.get_by_role("button", name="Make exercise").click()  # the form's "At least K prunes" is alpha-beta's: not sent
        link = page.locator("#exercise-link")
        expect(link).to_have_value(re.compile(r"/x/[\w-]{12}$"))
        expect(link).not_to_have_value(before)  # this exercise's link, not the one before
        before = link.input_value()
        student = page.context.new_page()
        student.goto(link.input_value())
        expect(student.locator("body")).to_have_attribute("data-ready", "true")
        assert student.locator(f".exercise-canvas {drawn}").count() > 0
        expect(student.locator("#task-settings")).to_contain_text(f"Search this tree with {'max^n' if algorithm == 'maxn' else algorithm}")
        student.close()
    page.context.close()
    assert refusals_removed(errors) == []
