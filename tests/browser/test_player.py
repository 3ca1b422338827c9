"""The player on the lecture example: opening state, last step, stepping back, keyboard, playing."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import NODE_STATES, counter, node_states, walk

LECTURE_NODES = ["A", "B", "C", "D", "B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"]


def test_opens_on_the_lecture_example_paused_at_step_0(app: Page) -> None:
    k, n = counter(app)
    assert k == 0 and n == 57  # the lecture trace, every line a step: start ... result, 58 events
    states = node_states(app)
    assert sorted(states) == sorted(LECTURE_NODES)
    # Step 0 is the start event at A; nothing is visited or valued yet.
    assert states["A"] == ("current", "")
    assert all(states[x] == ("unvisited", "") for x in LECTURE_NODES if x != "A")
    expect(app.get_by_role("button", name="Play")).to_be_visible()
    expect(app.locator("#narration")).to_have_attribute("aria-live", "polite")
    expect(app.locator("#narration")).to_contain_text("starts at A")
    expect(app.locator('#code [data-line-id="search.call"]')).to_have_class(re.compile(r"\bcurrent\b"))
    # The problem's leaf values are shown (faintly) from the start, as on the slide.
    expect(app.locator('[data-node-id="C2"] .value')).to_have_text("4")


def test_last_step_shows_the_result_and_the_alpha_cut(app: Page) -> None:
    app.get_by_role("button", name="Last step").click()
    assert counter(app) == (57, 57)
    states = node_states(app)
    assert states["A"] == ("done", "3")
    assert states["B"] == ("done", "3")
    assert states["C"] == ("bounded", "2")  # cut short: at most 2, drawn "≤ 2"
    assert app.locator('[data-node-id="C"] .value').text_content() == "≤ 2"
    assert states["D"] == ("done", "2")  # cut at its last child: it saw everything, 2 is its value
    assert states["C2"] == ("pruned", "")
    assert states["C3"] == ("pruned", "")
    assert all(states[x][0] == "done" for x in LECTURE_NODES if x not in ("C", "C2", "C3"))
    expect(app.locator("#narration")).to_have_text(
        "Result: A = 3, best move B. Why B: it is worth 3; the next best, D, is worth 2, so B wins by 1. "
        "Alpha-beta evaluated 7 of 9 leaves (2 fewer than minimax)")
    # The cut edges into C2 and C3 are alpha cuts, named once; the chosen move A->B is marked.
    expect(app.locator("#tree .cut-mark.cut-alpha")).to_have_count(2)
    expect(app.locator("#tree .cut-mark.cut-alpha text").first).to_have_text("α cut")
    expect(app.locator("#tree .cut-mark.cut-beta")).to_have_count(0)
    expect(app.locator("#tree .edge.chosen")).to_have_count(1)
    expect(app.locator('[data-node-id="B"]')).to_have_class(re.compile(r"\bchosen\b"))
    expect(app.locator('#code [data-line-id="search.return"]')).to_have_class(re.compile(r"\bcurrent\b"))


def test_the_prune_step_at_c(app: Page) -> None:
    app.locator("#scrub").fill("30")  # the prune event at C
    assert counter(app) == (30, 57)
    expect(app.locator("#narration")).to_have_text(
        "C is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never choose C: "
        "C2 and C3 are not looked at (α cut)"
    )
    states = node_states(app)
    assert states["C"] == ("current", "2")
    assert states["C1"] == ("done", "2")
    assert states["C2"][0] == states["C3"][0] == "pruned"
    assert states["D"] == ("unvisited", "")
    # The window is shown on the path A -> C, kept at B (done: as it stood when B returned), none at
    # the pruned C2; and v, alpha, beta of C in the panel.
    expect(app.locator('[data-node-id="C"] .window')).to_have_text("[3, +∞]")
    expect(app.locator('[data-node-id="A"] .window')).to_have_text("[3, +∞]")
    expect(app.locator('[data-node-id="B"] .window')).to_have_text("[−∞, 3]")
    expect(app.locator('[data-node-id="C2"] .window')).to_have_text("")
    expect(app.locator("#var-node")).to_have_text("C")
    expect(app.locator("#var-v")).to_have_text("2")
    expect(app.locator("#var-alpha")).to_have_text("3")
    expect(app.locator("#var-beta")).to_have_text("+∞")
    expect(app.locator('#code [data-line-id="min.test"]')).to_have_class(re.compile(r"\bcurrent\b"))


def test_stepping_back_restores_every_earlier_state(app: Page) -> None:
    _, n = counter(app)
    walked = walk(app, "forward", n, NODE_STATES)
    assert [text for text, _ in walked] == [f"step {k} / {n}" for k in range(n + 1)]
    forward = [{node: (state, value) for node, state, value in found} for _, found in walked]
    # States really change along the way (this is not comparing a frozen page).
    assert len({str(sorted(s.items())) for s in forward}) > n // 2
    walked_back = walk(app, "back", n, NODE_STATES)[1:]
    for k, (text, found) in zip(range(n - 1, -1, -1), walked_back):
        assert text == f"step {k} / {n}"
        assert {node: (state, value) for node, state, value in found} == forward[k], f"step {k} differs after stepping back"
    # Jumps (scrub bar, last, first) land on the same states as stepping.
    for k in (30, 7, 19, 0, 57, 12, 51):
        app.locator("#scrub").fill(str(k))
        assert node_states(app) == forward[k], f"step {k} differs after a jump"
    app.get_by_role("button", name="First step").click()
    assert counter(app)[0] == 0 and node_states(app) == forward[0]


def test_keyboard(app: Page) -> None:
    app.locator("body").click(position={"x": 5, "y": 5})  # focus on the page, not a field
    for _ in range(3):
        app.keyboard.press("ArrowRight")
    assert counter(app)[0] == 3
    app.keyboard.press("ArrowLeft")
    assert counter(app)[0] == 2
    app.keyboard.press("End")
    assert counter(app)[0] == 57
    app.keyboard.press("Home")
    assert counter(app)[0] == 0
    # Space plays and pauses. At 8 steps/s the player is seconds from the end (where it would stop
    # by itself) when Space pauses it, even on a busy machine.
    app.locator("#speed").select_option("8")
    app.locator("body").click(position={"x": 5, "y": 5})
    app.keyboard.press("Space")
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    app.wait_for_function("() => Number(document.getElementById('counter').textContent.split(' ')[1]) >= 2")
    app.keyboard.press("Space")
    expect(app.get_by_role("button", name="Play")).to_be_visible()
    paused_at = counter(app)[0]
    assert 0 < paused_at < 57
    # The page's timers fire in the order they fall due, however slow the machine: had Pause left
    # the step timer (every 125 ms) running, it would step at least once before this one fires.
    app.evaluate("() => new Promise((fired) => setTimeout(fired, 250))")
    assert counter(app)[0] == paused_at
    # Typing in a form field does not step the search.
    app.locator('input[name="depth"]').click()
    app.keyboard.press("ArrowRight")
    app.keyboard.press("End")
    assert counter(app)[0] == paused_at


def test_play_runs_to_the_end_and_stops(app: Page) -> None:
    app.locator("#speed").select_option("60")
    app.get_by_role("button", name="Play").click()
    expect(app.get_by_role("button", name="Pause")).to_be_visible()
    expect(app.locator("#counter")).to_have_text("step 57 / 57")
    expect(app.get_by_role("button", name="Play")).to_be_visible()
    assert node_states(app)["A"] == ("done", "3")
