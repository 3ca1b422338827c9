"""Issue 9: every line a step, narration in the slides' words, listings as the slides, counts and
the saving, node states a student can tell apart, and links to a moment of a search."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import LECTURE_EVENTS
from tests.browser.conftest import DESKTOP, PHONE, checked_app, counter, new_page, node_states, run_search, shot

LECTURE_KEY_STEPS = 35  # start, 11 visits, 7 leaves, 10 backups, 4 changed bounds, 2 prunes, result: 36


def seek(page: Page, k: int) -> None:
    page.evaluate(f"window.minimaxLab.seek({k})")
    expect(page.locator("#counter")).to_have_text(re.compile(rf"^step {k} / "))


def event_shown(page: Page) -> int:
    return page.evaluate("window.minimaxLab.event")


def lit_line(page: Page) -> str:
    return page.locator("#code li.current").first.inner_text()


def test_every_line_is_a_step_and_key_steps_keep_the_place(app: Page) -> None:
    assert counter(app) == (0, LECTURE_EVENTS)
    seek(app, 8)  # B's first test: 3 ≤ −∞? fails, so nothing is pruned and the β line runs
    expect(app.locator("#narration")).to_have_text("B: 3 ≤ α = −∞? No: keep looking")
    assert lit_line(app) == "if v ≤ α then return v"
    seek(app, 30)  # the cut at C
    app.locator("#detail").select_option("key")
    assert counter(app) == (19, LECTURE_KEY_STEPS) and event_shown(app) == 30
    expect(app.locator("#narration")).to_contain_text("C2 and C3 are not looked at (α cut)")
    # Key steps skip the test that held, the return and the unchanged bound after it.
    app.locator("#forward").click()
    expect(app.locator("#counter")).to_have_text(f"step 20 / {LECTURE_KEY_STEPS}")
    assert app.evaluate("window.minimaxLab.event") == 32  # A's backup of C: the next key step
    # A step that "key steps" does not show keeps the place at the key step before it.
    app.locator("#detail").select_option("every")
    assert counter(app) == (32, LECTURE_EVENTS)
    seek(app, 34)  # A: α ← MAX(3, 3) = 3, unchanged
    expect(app.locator("#narration")).to_have_text("A: α ← MAX(3, 3) = 3: unchanged")
    app.locator("#detail").select_option("key")
    assert counter(app) == (20, LECTURE_KEY_STEPS) and event_shown(app) == 32
    # The scrubber follows the detail too.
    assert app.locator("#scrub").get_attribute("max") == str(LECTURE_KEY_STEPS)


def test_the_narration_names_where_alpha_came_from_and_a_last_child_test_draws_no_cut(app: Page) -> None:
    seek(app, 24)  # visit C
    expect(app.locator("#narration")).to_have_text(
        "Visit C (MIN), window [α = 3, β = +∞]. α: MAX at A can already get 3 (through B)")
    seek(app, 30)
    expect(app.locator("#narration")).to_have_text(
        "C is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never choose C: "
        "C2 and C3 are not looked at (α cut)")
    marks = app.locator(".cut-mark").count()
    assert marks == 2  # a bar across each of C's cut edges
    seek(app, 51)  # the test holds at D3, D's last child
    expect(app.locator("#narration")).to_contain_text("it was the last child: nothing is left to prune")
    expect(app.locator("#narration")).not_to_contain_text("cut")
    assert app.locator(".cut-mark").count() == marks  # still only C's
    assert [s for s, _ in node_states(app).values()].count("pruned") == 2


def test_counts_so_far_and_the_saving_at_the_end(app: Page) -> None:
    seek(app, 30)
    expect(app.locator("#tally")).to_have_text("visited 7 nodes · evaluated 4 leaves")
    app.locator("#last").click()
    expect(app.locator("#tally")).to_have_text("Alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)")
    expect(app.locator("#narration")).to_have_text(
        "Result: A = 3, best move B. Why B: it is worth 3; the next best, D, is worth 2, so B wins by 1. "
        "Alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)")
    shot(app, "explain-result-1280.png")


def test_node_states_look_different_and_nothing_looks_pruned_at_step_0(app: Page) -> None:
    style = """id => { const s = getComputedStyle(document.querySelector(`[data-node-id="${id}"] .shape`));
                       return [s.fill, s.stroke, s.strokeDasharray, s.strokeOpacity].join(' '); }"""
    assert {state for state, _ in node_states(app).values()} == {"current", "unvisited"}
    unvisited = app.evaluate(style, "C2")
    assert "3px, 2px" not in unvisited  # a dashed outline means pruned, and only that
    seek(app, 30)
    looks = {state: app.evaluate(style, node) for state, node in
             [("unvisited", "D"), ("visited", "A"), ("current", "C"), ("done", "B"), ("pruned", "C2")]}
    assert dict(node_states(app))["A"][0] == "visited" and dict(node_states(app))["B"][0] == "done"
    assert len(set(looks.values())) == 5, looks
    legend = app.locator(".legend").inner_text()
    for entry in ("not visited yet", "on the current path", "current", "finished", "pruned", "visit order"):
        assert entry in legend
    assert "estimate" not in legend  # no depth limit, so no estimates drawn (tests/browser/test_legend.py)


def test_listings_read_as_the_slides(browser: Browser, live_server: str) -> None:
    with checked_app(browser, live_server) as page:
        code = page.locator("#code").inner_text()
        assert "v ← MAX-VALUE(state, −∞, +∞)" in code and "MIN-VALUE if" not in code
        run_search(page, source="example", algorithm="minimax")
        expect(page.locator("#code")).to_contain_text("MINIMAX-DECISION")
        code = page.locator("#code").inner_text()
        assert "return arg max a ∈ ACTIONS(s) of MIN-VALUE(RESULT(state, a))" in code
        assert "v ← MAX-VALUE(state)" not in code  # one decision line, not a second search
        page.wait_for_function("() => window.minimaxLab.finished")
        for k in (1, 2):  # the root's visit and its v ← −∞ are MINIMAX-DECISION's own work
            seek(page, k)
            assert lit_line(page) == "return arg max a ∈ ACTIONS(s) of MIN-VALUE(RESULT(state, a))"
        run_search(page, source="game", game="tictactoe", position="XOX.O.X..", depth="2")
        expect(page.locator("#code")).to_contain_text("CUTOFF-TEST(state, depth)")
        code = page.locator("#code").inner_text()
        assert "function MIN-VALUE(state, α, β, depth)" in code or "function MAX-VALUE(state, α, β, depth)" in code
        assert "α, β, depth + 1))" in code


def test_a_link_opens_that_step_and_copy_link_gives_one(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(live_server + "/?example=lecture&algorithm=alphabeta&step=19")
    expect(page.locator("#counter")).to_have_text(f"step 19 / {LECTURE_EVENTS}")
    expect(page.locator("#narration")).to_have_text("B: β ← MIN(3, 3) = 3: unchanged")
    # A moment in key steps, with minimax and a depth limit on a game: the link says it all.
    page.goto(live_server + "/?game=tictactoe&state=XOX.O.X..&algorithm=minimax&depth=2&detail=key&step=3")
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 3 / \d+$"))
    assert page.locator("#detail").input_value() == "key"
    assert page.locator('input[name="depth"]').input_value() == "2"
    expect(page.locator('#tree[data-kind="game"]')).to_be_attached()
    page.locator("#forward").click()
    page.get_by_role("button", name="Copy link to this step").click()
    expect(page.locator("#step-link-status")).to_contain_text("Copied: ")
    url = page.locator("#step-link-status").get_attribute("data-url")
    assert url and "game=tictactoe" in url and "algorithm=minimax" in url and "depth=2" in url and "detail=key&step=4" in url
    assert page.evaluate("navigator.clipboard.readText()") == url
    said = page.locator("#narration").inner_text()
    page.goto(url)
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 4 / \d+$"))
    expect(page.locator("#narration")).to_have_text(said)
    # A tree typed in is saved so that its link opens it anywhere.
    searches = page.evaluate("window.minimaxLab.searches")
    run_search(page, source="tree", tree="[[1, 5], [4, 2]]")  # saved first, then searched: wait for that search
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished && window.minimaxLab.last > 0",
                           arg=searches)
    page.evaluate("window.minimaxLab.seek(6)")
    page.get_by_role("button", name="Copy link to this step").click()
    expect(page.locator("#step-link-status")).to_contain_text("/?tree=")
    url = page.locator("#step-link-status").get_attribute("data-url")
    page.goto(url)
    expect(page.locator("#counter")).to_have_text(re.compile(r"^step 6 / \d+$"))
    assert set(node_states(page)) >= {"B1", "B2"}
    # A link that asks for too much says so; the search still opens.
    page.goto(live_server + "/?example=lecture&step=999")
    expect(page.locator("#counter")).to_have_text(f"step {LECTURE_EVENTS} / {LECTURE_EVENTS}")
    expect(page.locator("#step-link-status")).to_contain_text("asks for step 999")
    page.goto(live_server + "/?example=lecture&detail=some")
    expect(page.locator("#form-error")).to_have_text('link: detail must be every or key, not "some"')
    page.context.close()
    assert errors == []


def test_phone_shows_the_new_controls(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    page.goto(live_server + "/?example=lecture&step=30")
    expect(page.locator("#counter")).to_have_text(f"step 30 / {LECTURE_EVENTS}")
    for selector in ("#detail", "#tally", "#copy-step-link"):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], selector
    shot(page, "explain-phone-390.png", full_page=True)
    page.context.close()
    assert errors == []


def test_the_lit_line_stays_in_view_when_present_mode_enlarges_the_listing(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, {"width": 1280, "height": 720})
    page.goto(live_server + "/?example=lecture&step=24")  # visit C: MIN-VALUE's head, low in the listing
    expect(page.locator("#counter")).to_have_text(f"step 24 / {LECTURE_EVENTS}")
    page.locator("#present").click()
    expect(page.locator("#present")).to_have_attribute("aria-pressed", "true")
    inside = """() => { const li = document.querySelector('#code li.current').getBoundingClientRect();
                       const box = document.getElementById('code').getBoundingClientRect();
                       return li.top >= box.top - 0.5 && li.bottom <= box.bottom + 0.5; }"""
    page.wait_for_function(inside)
    shot(page, "explain-present-1280x720.png")
    page.context.close()
    assert errors == []
