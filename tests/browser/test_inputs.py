"""Searches chosen in the side panel: games with boards, typed trees, labels as text, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, counter, new_page, node_states, open_app, refusals_removed, run_search, walk
from tests.helpers.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]


def test_tictactoe_search_draws_boards(app: Page) -> None:
    run_search(app, source="game", game="tictactoe", position="XOX.O....", depth="2")
    root = app.locator('[data-node-id="root"]')
    expect(root).to_be_visible()
    expect(app.locator('[data-node-id="A"]')).to_have_count(0)
    k, n = counter(app)
    assert k == 0 and n > 10
    # Boards appear as nodes are visited: the root's board is the position searched.
    app.keyboard.press("ArrowRight")
    expect(root.locator(".board")).to_have_attribute("data-board", "XOX.O....")
    expect(root.locator(".board .cell")).to_have_count(9)
    expect(root.locator(".board .mark.x")).to_have_count(2)
    expect(root.locator(".board .mark.o")).to_have_count(2)
    app.get_by_role("button", name="Last step").click()
    boards = app.locator("#tree .board[data-game='tictactoe']")
    assert boards.count() > 5
    # A depth limit shows the CUTOFF-TEST lines, and leaves at the limit are estimates.
    expect(app.locator('#code [data-line-id="max.cutoff"]')).to_have_count(1)
    expect(app.locator("#narration")).to_have_text(re.compile(
        r"^Result: the root = -?\d+, best move: the [a-z -]+, cell \d\. Why the [a-z -]+, cell \d: it is worth -?\d+; .*\. "
        r"Depth limit 2: estimates stood in for values, .* searched to the end, "))
    expect(app.locator("#tally")).to_have_text(re.compile(r"^Alpha-beta visited \d+ of \d+ nodes"))
    states = node_states(app)
    assert states["root"][0] == "done"
    assert any(state == "pruned" for state, _ in states.values())


def test_isolation_search_draws_its_boards(app: Page) -> None:
    run_search(app, source="game", game="isolation", position=".....#", depth="3")
    expect(app.locator('[data-node-id="root"]')).to_be_visible()
    app.get_by_role("button", name="Last step").click()
    root_board = app.locator('[data-node-id="root"] .board')
    expect(root_board).to_have_attribute("data-board", ".....#")
    expect(root_board.locator(".cell")).to_have_count(6)
    expect(root_board.locator(".cell.blocked")).to_have_count(1)
    # Deeper positions show both players' pieces.
    expect(app.locator("#tree .board .cell.p1").first).to_be_visible()
    expect(app.locator("#tree .board .cell.p2").first).to_be_visible()
    expect(app.locator("#narration")).to_have_text(re.compile(
        r"^Result: the root = -?\d+, best move: \(\d, \d\), the [a-z]+ [a-z]+ square\. Why \(\d, \d\), the [a-z]+ [a-z]+ square: .*\. "
        r"Depth limit 3: estimates stood in for values, "))
    expect(app.locator("#tally")).to_have_text(re.compile(r"^Alpha-beta visited \d+ of \d+ nodes"))


def test_game_nodes_are_named_by_their_moves_in_the_narration(app: Page) -> None:
    searches = app.evaluate("window.minimaxLab.searches")
    run_search(app, source="game", game="tictactoe", position="XO.XO....", depth="2")
    app.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=searches)
    app.locator("#first").click()
    said = [narration for _, narration in walk(app, "forward", 45, "() => document.getElementById('narration').textContent")]
    assert not [line for line in said if "root." in line]  # no path ids such as root.2.5
    # The move just played is named as a student says it, then the node by the moves from the root.
    assert said[3] == "X plays the top-right corner, cell 2. Visit X 2 (MIN), window [α = −∞, β = +∞]"
    assert said[6] == "X 2 · O 5 is at the depth limit: return EVAL = 0 (an estimate)"
    assert said[16] == "X 2 · O 7 is a leaf: return UTILITY = -100"
    assert said[45] == ("X 5 is MIN with v = -100 ≤ α = -100. MAX at the root can already get -100 (through X 2), "
                        "so MAX will never choose X 5: its move O 8 is not looked at (α cut)")
    # The readout under the pseudocode names the current node the same way (step 45: X 5).
    expect(app.locator("#var-node")).to_have_text("X 5")


def test_events_arriving_extend_the_timeline_without_moving_the_step(app: Page) -> None:
    # Record every counter text the page shows while a multi-batch search streams in.
    app.evaluate(
        """() => {
            window.seenCounters = [];
            new MutationObserver(() => window.seenCounters.push(document.getElementById('counter').textContent))
                .observe(document.getElementById('counter'), {childList: true, characterData: true, subtree: true});
        }"""
    )
    run_search(app, source="game", game="tictactoe", position="XO.......", depth="")
    expect(app.locator('[data-node-id="root"]')).to_be_visible()
    # Over 2,000 events (the server sends 1,000 per batch); wait for the last.
    app.wait_for_function("() => Number(document.getElementById('counter').textContent.split(' / ')[1]) > 2000")
    seen = app.evaluate("window.seenCounters")
    ends = [int(text.split(" / ")[1]) for text in seen if text.startswith("step 0 / ") and text != "step 0 / 0"]
    assert len(set(ends)) >= 2, f"N grew in one go: {seen}"
    assert ends == sorted(ends)
    assert all(text.startswith("step 0 / ") for text in seen), seen
    assert counter(app)[0] == 0
    expect(app.get_by_role("button", name="Play")).to_be_visible()
    # Stepping through the whole search works, and the last step is the result.
    app.get_by_role("button", name="Last step").click()
    expect(app.locator("#narration")).to_have_text(re.compile(r"^Result: the root = "))
    app.get_by_role("button", name="Step back").click()
    app.get_by_role("button", name="Step back").click()
    assert counter(app)[0] == counter(app)[1] - 2


def test_labels_are_text_not_html(app: Page) -> None:
    tree = {
        "id": "R",
        "label": "<img src=x onerror=alert(1)>",
        "children": [
            {"id": "a", "label": "<b>bold</b>", "value": 1},
            {"id": "b", "label": "<script>window.hacked=1</script>", "value": 2},
        ],
    }
    dialogs: list[str] = []
    app.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    run_search(app, source="tree", tree=json.dumps(tree))
    expect(app.locator('[data-node-id="R"] .label')).to_have_text("<img src=x onerror=alert(1)>")
    app.get_by_role("button", name="Last step").click()
    expect(app.locator('[data-node-id="a"] .label')).to_have_text("<b>bold</b>")
    expect(app.locator("#narration")).to_have_text("Result: <img src=x onerror=alert(1)> = 2, best move <script>window.hacked=1</script>. "
        "Why <script>window.hacked=1</script>: it is worth 2; the next best, <b>bold</b>, is worth 1, so <script>window.hacked=1</script> wins by 1. "
        "Alpha-beta evaluated 2 of 2 leaves (as many as minimax: nothing was pruned)")
    expect(app.locator("#var-node")).to_have_text("<img src=x onerror=alert(1)>")
    assert app.locator("img, #tree b, #tree script, #narration *").count() == 0
    assert app.evaluate("window.hacked") is None
    assert dialogs == []


def test_nested_list_shorthand_and_minimax(app: Page) -> None:
    run_search(app, source="tree", tree="[[3,12,8],[2,4,6],[14,5,2]]", algorithm="minimax")
    # The shorthand's nodes are named as on the slide: A; B, C, D; B1 ... D3.
    expect(app.locator("#narration")).to_have_text("Minimax search starts at A: MINIMAX-DECISION(A)")
    expect(app.locator("#tree [data-node-id]")).to_have_count(13)
    app.get_by_role("button", name="Last step").click()
    states = node_states(app)
    # Minimax prunes nothing: every node ends done; the root's value is 3.
    assert all(state == "done" for state, _ in states.values()), states
    assert states["A"] == ("done", "3")
    assert states["C2"] == ("done", "4")
    expect(app.locator("#tree .cut-mark")).to_have_count(0)
    expect(app.locator('#code [data-line-id="max.test"]')).to_have_count(0)
    expect(app.locator("#var-alpha")).to_have_text("—")


def test_server_errors_show_inline_and_the_page_stays_usable(app: Page) -> None:
    bad = json.dumps({"id": "A", "children": [{"id": "B", "value": "x"}]})
    run_search(app, source="tree", tree=bad)
    alert = app.get_by_role("alert")
    expect(alert).to_contain_text("value")
    expect(alert).to_contain_text("expected a finite number")
    # The lecture example is still there and still steps.
    expect(app.locator('[data-node-id="A"]')).to_be_visible()
    app.get_by_role("button", name="Step forward").click()
    assert counter(app)[0] == 1
    # Text that is not JSON is caught before it is sent.
    run_search(app, source="tree", tree="[[1,2],[3")
    expect(alert).to_contain_text("not valid JSON")
    run_search(app, source="game", game="tictactoe", position="XXXX", depth="")
    expect(alert).not_to_contain_text("not valid JSON")
    expect(alert).not_to_have_text("")
    # A good search clears the error.
    run_search(app, source="example")
    expect(alert).to_have_text("")
    expect(app.locator("#counter")).to_have_text(re.compile(r"^step 0 / 57$"))


def test_a_saved_trace_replays_from_a_file(app: Page, tmp_path) -> None:
    trace = run_cli("trace", "--game", "tictactoe", "--state", "XOX.O....", "--algorithm", "minimax", "--depth", "2").stdout
    events = [json.loads(line) for line in trace.splitlines() if line.strip()]
    path = tmp_path / "ttt.jsonl"
    path.write_text(trace, encoding="utf-8")
    app.locator("#trace-file").set_input_files(str(path))
    expect(app.locator("#counter")).to_have_text(f"step 0 / {len(events) - 1}")
    expect(app.locator('[data-node-id="root"]')).to_be_visible()
    # The listing came from /api/pseudocode: minimax (no prune test), with the depth-limit lines.
    expect(app.locator('#code [data-line-id="max.cutoff"]')).to_have_count(1)
    expect(app.locator('#code [data-line-id="max.test"]')).to_have_count(0)
    app.get_by_role("button", name="Last step").click()
    result = events[-1]
    # Depth 2 scores positions by an estimate: the result says so, with the engine's answer to the end.
    ref = result["reference"]
    expect(app.locator("#narration")).to_have_text(re.compile(
        rf"^Result: the root = {result['value']}, best move: the [a-z -]+, cell {result['move']}\. Why the [a-z -]+, cell {result['move']}: .*\. "
        rf"Depth limit 2: estimates stood in "
        rf"for values, .*searched to the end, the root = {ref['value']}, best move: the [a-z -]+, cell {ref['move']} "))
    assert node_states(app)["root"] == ("done", str(result["value"]))
    # Opening a file to replay it stores nothing: no share link is offered.
    expect(app.locator("#trace-link-search")).to_be_hidden()


def test_a_file_that_is_not_a_trace_is_refused_inline(browser: Browser, live_server: str, tmp_path) -> None:
    # The file goes through the server's trace validator (POST /api/traces/check): its message shows.
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    path = tmp_path / "notes.jsonl"
    path.write_text('{"seq": 0, "type": "visit"}\n', encoding="utf-8")
    page.locator("#trace-file").set_input_files(str(path))
    expect(page.get_by_role("alert")).to_have_text("notes.jsonl: line 1: a trace begins with its start event (is this a trace from Minimax Lab?)")
    expect(page.locator('[data-node-id="A"]')).to_be_visible()  # the lecture example is still shown
    expect(page.locator("#counter")).to_have_text("step 0 / 57")
    page.context.close()
    assert refusals_removed(errors) == []
