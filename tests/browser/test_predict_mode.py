"""Predict mode (issue 11, part 3) on the lecture example with alpha-beta: Forward, → and Play stop
before a key step and ask; an answer is judged in the narration's words, the score counts it and
the step plays; Esc skips; stepping back, scrubbing, Last and links never ask; a new search starts
the score over; the keyboard alone does it all. Screenshots of a question at both sizes when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, counter, new_page, open_app, run_search, shot

QUESTION = "#predict .predict-question"
PROMPT = "#predict-prompt"
SCORE = "#predict .predict-score"
FEEDBACK = "#predict .predict-feedback"
# Forward presses between two questions in the lecture trace are at most a dozen.
MAX_PRESSES = 60


def predict_on(page: Page) -> None:
    page.get_by_label("Predict", exact=True).check()
    expect(page.locator("#predict")).to_be_visible()
    expect(page.locator(SCORE)).to_have_text("0 of 0 right")


# Press Forward (at most `max` times, in the page) until a question shows: [presses made, its prompt, or null if
# none showed]. A question shows at once on the press that meets it (predict_mode.js asks before the step plays);
# a task boundary after each press lets anything else the page schedules run, as between a user's clicks.
FORWARD_TO_A_QUESTION = """async (max) => {
    const forward = document.getElementById('forward'), form = document.querySelector('QUESTION');
    const shown = () => { const r = form.getBoundingClientRect();
                          return r.width > 0 && r.height > 0 && getComputedStyle(form).visibility !== 'hidden'; };
    forward.focus();
    for (let i = 0; i < max; i++) {
        if (shown()) return [i, document.getElementById('predict-prompt').textContent];
        forward.click();
        await new Promise(done => setTimeout(done, 0));
    }
    return [max, shown() ? document.getElementById('predict-prompt').textContent : null];
}""".replace("QUESTION", QUESTION)


def forward_to_a_question(page: Page, presses: int) -> tuple[int, str | None]:
    """Press Forward (in one call to the page, at most `presses` times) until a question shows: (presses made,
    its prompt, or None if none showed)."""
    made, prompt = page.evaluate(FORWARD_TO_A_QUESTION, presses)
    return made, prompt


def to_question(page: Page, prompt: str) -> None:
    """Step forward (skipping other questions with Esc) until the question `prompt` shows."""
    presses = 0
    while presses < MAX_PRESSES:
        made, asked = forward_to_a_question(page, MAX_PRESSES - presses)
        presses += made
        if asked == prompt:
            expect(page.locator(QUESTION)).to_be_visible()
            return
        if asked is None:
            break
        page.keyboard.press("Escape")
        presses += 1
    raise AssertionError(f"no question {prompt!r} within {MAX_PRESSES} steps")


def test_questions_answers_score_and_the_step_after(app: Page) -> None:
    predict_on(app)
    forward = app.locator("#forward")
    for _ in range(7):  # steps 1..7: visits, inits, a leaf and a backup ask nothing
        forward.click()
    expect(app.locator(QUESTION)).to_be_hidden()
    assert counter(app) == (7, 57)
    # Before B's first pruning test (event 8) the player stops and asks; the step waits.
    forward.click()
    expect(app.locator(QUESTION)).to_be_visible()
    expect(app.locator(PROMPT)).to_have_text("v = 3 and α = −∞ at B (test: v ≤ α): prune B's remaining children or keep looking?")
    assert counter(app) == (7, 57)
    expect(app.get_by_role("button", name="Prune", exact=True)).to_be_focused()
    # Esc skips: no score, the answer in the slides' words, and the step plays.
    app.keyboard.press("Escape")
    expect(app.locator(QUESTION)).to_be_hidden()
    assert counter(app) == (8, 57)
    expect(app.locator(SCORE)).to_have_text("0 of 0 right")
    expect(app.locator(FEEDBACK)).to_have_text("Skipped. B: 3 ≤ α = −∞? No: keep looking")
    expect(app.locator("#narration")).to_have_text("B: 3 ≤ α = −∞? No: keep looking")

    # A return value, right.
    to_question(app, "Which value does B return?")
    assert counter(app) == (19, 57)
    app.locator("#predict-value").fill("3")
    app.locator("#predict-value").press("Enter")
    expect(app.locator(SCORE)).to_have_text("1 of 1 right")
    expect(app.locator(FEEDBACK)).to_have_text("Right: 3. MIN(3, 12, 8) = 3: B returns v = 3 to A")
    assert counter(app) == (20, 57)
    expect(app.locator("#narration")).to_have_text("B returns v = 3 to A")

    # Prune at C: the alpha cut, in the narration's words.
    to_question(app, "v = 2 and α = 3 at C (test: v ≤ α): prune C's remaining children or keep looking?")
    assert counter(app) == (28, 57)
    app.get_by_role("button", name="Prune", exact=True).click()
    expect(app.locator(SCORE)).to_have_text("2 of 2 right")
    expect(app.locator(FEEDBACK)).to_have_text(
        "Right: prune. C is MIN with v = 2 ≤ α = 3. MAX at A can already get 3 (through B), so MAX will never choose C: "
        "C2 and C3 are not looked at (α cut)")
    assert counter(app) == (29, 57)

    # A return value, wrong: the score counts it and the step still plays.
    to_question(app, "Which value does C return?")
    app.locator("#predict-value").fill("3")
    app.get_by_role("button", name="Check", exact=True).click()
    expect(app.locator(SCORE)).to_have_text("2 of 3 right")
    # 3 is α: what the fail-hard form (the slides' figure) returns at the cut. The feedback names the two forms.
    expect(app.locator(FEEDBACK)).to_have_text(
        "Not quite: you said 3. 3 is α, what the fail-hard form (the slides' figure) returns; this search follows the pseudocode, "
        "which returns v = 2. MIN(2) = 2: C returns v = 2 to A: a bound, not its value: C is at most 2 (C2 and C3 were not looked at)")
    expect(app.locator(FEEDBACK)).to_have_attribute("data-verdict", "wrong")
    assert counter(app) == (31, 57)
    expect(app.locator('[data-node-id="C"]')).to_have_attribute("data-value", "2")

    # Not a number: said so, nothing counted, the question stays.
    to_question(app, "What window [α, β] does D receive?")
    app.locator("#predict-alpha").fill("three")
    app.locator("#predict-alpha").press("Enter")
    expect(app.locator("#predict-error")).to_have_text("Type a number (or inf, −inf).")
    expect(app.locator(SCORE)).to_have_text("2 of 3 right")
    app.locator("#predict-alpha").fill("3")
    app.locator("#predict-beta").fill("inf")
    app.locator("#predict-beta").press("Enter")
    expect(app.locator(SCORE)).to_have_text("3 of 4 right")

    # Stepping back asks nothing; forward again over answered steps asks nothing either.
    k, _ = counter(app)
    for _ in range(4):
        app.locator("#back").click()
    expect(app.locator(QUESTION)).to_be_hidden()
    assert counter(app) == (k - 4, 57)
    for _ in range(4):
        app.locator("#forward").click()
    expect(app.locator(QUESTION)).to_be_hidden()
    assert counter(app) == (k, 57)
    # The scrub bar and Last never ask.
    app.locator("#scrub").fill("40")
    assert counter(app) == (40, 57)
    app.locator("#last").click()
    assert counter(app) == (57, 57)
    expect(app.locator(QUESTION)).to_be_hidden()
    expect(app.locator(SCORE)).to_have_text("3 of 4 right")

    # A new search starts the score over.
    searches = app.evaluate("window.minimaxLab.searches")
    run_search(app, source="example")
    app.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    expect(app.locator(SCORE)).to_have_text("0 of 0 right")
    expect(app.locator(FEEDBACK)).to_contain_text("Step forward")


def test_stepping_back_while_asked_drops_the_question(app: Page) -> None:
    predict_on(app)
    to_question(app, "Which value does B return?")
    app.locator("#back").click()
    expect(app.locator(QUESTION)).to_be_hidden()
    assert counter(app) == (18, 57)
    expect(app.locator(SCORE)).to_have_text("0 of 0 right")
    # Not answered, so asked again on the way forward.
    to_question(app, "Which value does B return?")
    assert counter(app) == (19, 57)


def test_play_pauses_at_each_question(app: Page) -> None:
    predict_on(app)
    app.locator("#speed").select_option("16")
    app.get_by_role("button", name="Play").click()
    expect(app.locator(QUESTION)).to_be_visible()
    expect(app.locator("#play")).to_have_text("Play")  # paused
    assert counter(app) == (7, 57)
    app.get_by_role("button", name="Keep looking").click()
    # Play goes on after the answer, and stops again at the next question (β at B, before event 9).
    expect(app.locator(PROMPT)).to_have_text("What is β at B now?")
    assert counter(app) == (8, 57)
    expect(app.locator("#play")).to_have_text("Play")
    expect(app.locator(SCORE)).to_have_text("1 of 1 right")


def test_key_steps_ask_what_the_hidden_lines_do(app: Page) -> None:
    predict_on(app)
    app.locator("#detail").select_option("key")
    # Key steps 0..5 are start, visit A, visit B, visit B1, leaf B1, backup into B; the next key
    # step (β at B) passes B's test: two questions, in the order the search meets them.
    for _ in range(5):
        app.locator("#forward").click()
    assert counter(app)[0] == 5
    app.locator("#forward").click()
    expect(app.locator(PROMPT)).to_have_text("v = 3 and α = −∞ at B (test: v ≤ α): prune B's remaining children or keep looking?")
    app.get_by_role("button", name="Keep looking").click()
    expect(app.locator(PROMPT)).to_have_text("What is β at B now?")
    assert counter(app)[0] == 5  # the step waits for both
    app.locator("#predict-value").fill("3")
    app.locator("#predict-value").press("Enter")
    expect(app.locator(QUESTION)).to_be_hidden()
    assert counter(app)[0] == 6
    expect(app.locator(SCORE)).to_have_text("2 of 2 right")
    # B's return is not a key step: it is asked before the backup into A that it settles.
    to_question(app, "Which value does B return?")
    app.locator("#predict-value").fill("3")
    app.locator("#predict-value").press("Enter")
    expect(app.locator("#narration")).to_have_text("A: v ← MAX(−∞, 3) = 3 (from B)")


def test_keyboard_only(app: Page) -> None:
    # Tab to the toggle from the top of the page, as a keyboard user would.
    for _ in range(80):
        app.keyboard.press("Tab")
        if app.evaluate("document.activeElement.id") == "predict-toggle":
            break
    else:
        raise AssertionError("the Predict toggle is not in the Tab order")
    app.keyboard.press("Space")
    expect(app.locator("#predict-toggle")).to_be_checked()
    app.keyboard.press("Tab")  # on to the next control; → steps from there
    for _ in range(7):
        app.keyboard.press("ArrowRight")
    assert counter(app) == (7, 57)
    app.keyboard.press("ArrowRight")
    expect(app.get_by_role("button", name="Prune", exact=True)).to_be_focused()
    app.keyboard.press("Tab")
    expect(app.get_by_role("button", name="Keep looking")).to_be_focused()
    app.keyboard.press("Enter")
    expect(app.locator(SCORE)).to_have_text("1 of 1 right")
    assert counter(app) == (8, 57)
    # The focus is back where it was, so → goes on: β at B, typed.
    app.keyboard.press("ArrowRight")
    expect(app.locator("#predict-value")).to_be_focused()
    app.keyboard.type("3")
    app.keyboard.press("Enter")
    expect(app.locator(SCORE)).to_have_text("2 of 2 right")
    # B2's window: α, Tab, β, Enter.
    app.keyboard.press("ArrowRight")
    expect(app.locator(PROMPT)).to_have_text("What window [α, β] does B2 receive?")
    expect(app.locator("#predict-alpha")).to_be_focused()
    app.keyboard.type("-inf")
    app.keyboard.press("Tab")
    app.keyboard.type("3")
    app.keyboard.press("Enter")
    expect(app.locator(SCORE)).to_have_text("3 of 3 right")
    assert counter(app) == (10, 57)
    # Esc skips, wherever the focus is.
    for _ in range(3):
        app.keyboard.press("ArrowRight")
    expect(app.locator(QUESTION)).to_be_visible()
    app.keyboard.press("Escape")
    expect(app.locator(QUESTION)).to_be_hidden()
    expect(app.locator(SCORE)).to_have_text("3 of 3 right")
    # ← never asks.
    app.keyboard.press("ArrowLeft")
    expect(app.locator(QUESTION)).to_be_hidden()


def test_a_link_turns_it_on_and_a_step_link_keeps_it(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    page.goto(live_server + "/?example=lecture&algorithm=alphabeta&step=19&predict=1")
    expect(page.locator("#counter")).to_have_text("step 19 / 57")  # following a link never asks
    expect(page.locator("#predict-toggle")).to_be_checked()
    expect(page.locator(QUESTION)).to_be_hidden()
    page.locator("#forward").click()
    expect(page.locator(PROMPT)).to_have_text("Which value does B return?")
    page.keyboard.press("Escape")
    page.locator("#copy-step-link").click()
    expect(page.locator("#step-link-status")).to_have_attribute("data-url", re.compile(r"[?&]step=20&predict=1$"))
    page.context.close()
    assert errors == []


def test_a_question_fits_on_screen_clear_of_its_node_at_both_sizes(browser: Browser, live_server: str) -> None:
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page, errors = new_page(browser, viewport)
        open_app(page, live_server)
        predict_on(page)
        to_question(page, "Which value does B return?")
        shot(page, f"predict-{name}-value.png")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
        # The question never covers the node it asks about: B is in the drawing, clear of the panel.
        boxes = page.evaluate("""() => {
            const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
            return { node: r(document.querySelector('#tree [data-node-id="B"] .shape')),
                     tree: r(document.getElementById('tree')), panel: r(document.getElementById('predict')) };
        }""")
        node, tree, panel = boxes["node"], boxes["tree"], boxes["panel"]
        assert tree[0] <= node[0] and node[2] <= tree[2] and tree[1] <= node[1] and node[3] <= tree[3], (name, boxes)
        assert node[3] <= panel[1] or node[1] >= panel[3] or node[2] <= panel[0] or node[0] >= panel[2], (name, boxes)
        # Everything in the panel is inside it and on screen.
        inside = page.evaluate("""() => {
            const p = document.getElementById('predict').getBoundingClientRect();
            const shown = [...document.querySelectorAll('#predict .predict-question button, #predict .predict-number, #predict-prompt')]
                .filter((e) => e.getClientRects().length > 0);
            return shown.length >= 4 && shown.every((e) => { const b = e.getBoundingClientRect();
                    return b.left >= p.left - 0.5 && b.right <= p.right + 0.5 && b.top >= p.top - 0.5 && b.bottom <= p.bottom + 0.5
                        && b.right <= innerWidth; });
        }""")
        assert inside, name
        page.get_by_role("button", name="Skip (Esc)").click()
        to_question(page, "v = 2 and α = 3 at C (test: v ≤ α): prune C's remaining children or keep looking?")
        shot(page, f"predict-{name}-prune.png")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
        page.context.close()
        assert errors == [], name


def test_a_game_search_asks_too(app: Page) -> None:
    predict_on(app)
    searches = app.evaluate("window.minimaxLab.searches")
    run_search(app, source="game", game="tictactoe", position="X...O....", depth="3")
    app.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    forward_to_a_question(app, MAX_PRESSES)
    name = r"[XO] \d( · [XO] \d)*"  # a game node by its moves from the root: "X 1 · O 2"
    expect(app.locator(PROMPT)).to_have_text(re.compile(
        rf"^(Which value does {name} return\?|v = .+ at {name} .+|What is [αβ] at {name} now\?|What window .+)$"))
    k, _ = counter(app)
    app.keyboard.press("Escape")
    assert counter(app)[0] == k + 1
