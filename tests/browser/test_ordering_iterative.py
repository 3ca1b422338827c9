"""The Ordering tab (table, Replay, the plot's four series) and iterative deepening in the page
(stepping across an iteration boundary, the iterations table), at both sizes."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import overflowing
from tests.browser.conftest import PHONE, counter, new_page, open_app, run_search, shot


def event_at(page: Page) -> dict:
    return page.evaluate("() => window.minimaxLab.event")


def test_ordering_lab_table_replay_and_plot(app: Page) -> None:
    app.locator("#tab-ordering").click()
    app.locator("#ordering-run").click()
    app.wait_for_function("() => window.minimaxLab.orderingRuns >= 1")
    rows = app.locator("#ordering-rows tr")
    expect(rows).to_have_count(6)  # four orderings, minimax, Knuth–Moore
    cells = app.evaluate("() => [...document.querySelectorAll('#ordering-rows tr')].map(r => [...r.cells].slice(0, 3).map(c => c.textContent))")
    assert cells == [["as given", "7", "11"], ["best first", "5", "9"], ["worst first", "9", "13"], ["random", "8", "12"],
                     ["minimax", "9", "13"], ["Knuth–Moore", "5", "—"]]
    expect(app.locator("#ordering-summary")).to_contain_text("b = 3, d = 2")
    # Every column, Replay's included, fits the 250 px side panel: no sideways scrolling.
    fit = app.evaluate("() => { const t = document.querySelector('#panel-ordering .table-scroll'); return [t.scrollWidth, t.clientWidth]; }")
    assert fit[0] <= fit[1], fit
    assert all(app.locator(f'#ordering-rows tr[data-ordering="{o}"] button').is_visible() for o in ("given", "best", "worst", "random"))
    # The plots: b = 2, 3 and 4 at once, each with four series and the Knuth–Moore dots for d = 1..8.
    expect(app.locator("#ordering-plots path.series")).to_have_count(12, timeout=120_000)
    plots = app.evaluate("""() => [...document.querySelectorAll('#ordering-plots svg.ordering-plot')].map(svg => [
        svg.dataset.branching, [...svg.querySelectorAll('path.series')].map(p => p.dataset.series).sort(),
        svg.querySelectorAll('.knuth-moore circle').length, svg.querySelector('.plot-title').textContent])""")
    assert plots == [[str(b), ["best", "minimax", "random", "worst"], 8, f"b = {b}"] for b in (2, 3, 4)]
    expect(app.locator("#ordering-plots .plot-legend-item")).to_have_count(5)
    # All three at once: in the 250 px side panel they stack, one under the other, none cut off.
    boxes = [app.locator(f'#ordering-plots svg[data-branching="{b}"]').bounding_box() for b in (2, 3, 4)]
    panel = app.locator("#panel-ordering").bounding_box()
    assert all(box and panel and box["width"] > 200 and box["x"] + box["width"] <= panel["x"] + panel["width"] for box in boxes)
    assert boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"]  # type: ignore[index]
    shot(app, "ordering-lab-1280.png")
    # Replay best first: the reordered tree searched with alpha-beta in the main view.
    before = app.evaluate("() => window.minimaxLab.searches")
    app.locator('#ordering-rows tr[data-ordering="best"] button').click()
    app.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=before)
    app.locator("#last").click()
    expect(app.locator("#tally")).to_contain_text("evaluated 5 of 9 leaves")
    order = app.evaluate("() => [...document.querySelectorAll('#tree [data-node-id]')].map(n => n.dataset.nodeId)")
    assert order.index("B3") < order.index("B2")  # B's children best first for MIN: 3, 8, 12


def test_iterative_deepening_steps_across_an_iteration_boundary(app: Page) -> None:
    app.locator('select[name="example"]').select_option("lecture-estimates")
    before = app.evaluate("() => window.minimaxLab.searches")
    run_search(app, source="example", algorithm="iterative", depth="2")
    app.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=before)
    expect(app.locator("#iterations")).to_be_visible()
    boundary = app.evaluate("() => 19")  # iteration 1 ends at event 19 (tests/engine/test_ordering_iterative.py)
    app.evaluate(f"() => window.minimaxLab.seek({boundary})")
    expect(app.locator("#narration")).to_contain_text("Iteration 1 (depth limit 1) found A = 8, best move B")
    expect(app.locator("#narration")).to_contain_text("Iteration 2 searches the root's children best first for MAX by these values: B (8), D (7), C (4)")
    expect(app.locator("#iteration-rows tr")).to_have_count(1)
    order = "n => document.querySelector(`#tree [data-node-id=\"${n}\"] text.order`).textContent"
    assert app.evaluate(order, "D") != ""  # numbered in iteration 1
    app.locator("#forward").click()  # the root again: the drawing starts over, numbered from 1
    expect(app.locator('[data-node-id="B"]')).to_have_attribute("data-state", "unvisited")
    assert (app.evaluate(order, "A"), app.evaluate(order, "D")) == ("1", "")
    app.locator("#forward").click()
    app.locator("#forward").click()
    assert app.evaluate(order, "B") == "2"  # iteration 2 searches B first: the second visit
    states = {n: s for n, s in app.evaluate("() => [...document.querySelectorAll('#tree [data-node-id]')].map(n => [n.dataset.nodeId, n.dataset.state])")}
    assert states["B"] in ("current", "visited") and states["D"] == "unvisited"
    app.locator("#last").click()
    expect(app.locator("#iteration-rows tr")).to_have_count(2)
    expect(app.locator("#iteration-compare")).to_have_text("All 2 iterations: 10 leaves; one alpha-beta search at depth 2: 7.")
    expect(app.locator("#narration")).to_contain_text("Result: A = 3, best move B")
    shot(app, "iterative-1280.png")


def test_phone_ordering_and_iterations_do_not_overflow(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    open_app(page, live_server)
    page.locator('select[name="example"]').select_option("lecture-estimates")
    before = page.evaluate("() => window.minimaxLab.searches")
    run_search(page, source="example", algorithm="iterative", depth="2")
    page.wait_for_function("n => window.minimaxLab.searches > n && window.minimaxLab.finished", arg=before)
    page.locator("#last").click()
    expect(page.locator("#iteration-rows tr")).to_have_count(2)
    assert overflowing(page) == []
    shot(page, "iterative-390.png", full_page=True)
    page.locator("#tab-ordering").click()
    page.locator("#ordering-run").click()
    page.wait_for_function("() => window.minimaxLab.orderingRuns >= 1")
    expect(page.locator("#ordering-plots path.series")).to_have_count(12, timeout=120_000)
    assert overflowing(page) == []
    shot(page.locator("#panel-ordering"), "ordering-lab-390.png")
    assert counter(page)[1] > 0
    page.context.close()
    assert errors == []
