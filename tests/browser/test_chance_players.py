"""Chance nodes and several players in the page: picking the example picks the algorithm; the
view draws circles with probabilities on their edges and vectors with each node's player; the
narration and the listing say what each step does. Screenshots at both sizes."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.app_helpers import (
    BOUNDED_EVENTS,
    CHANCE_EVENTS,
    MAXN_EVENTS,
    compile_tex,
    download,
    open_tab,
    overflowing,
    run_example,
    seek,
)
from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, shot
from tests.helpers.cli import run_cli


def node(page: Page, node_id: str):  # type: ignore[no-untyped-def]
    return page.locator(f'#tree [data-node-id="{node_id}"]')


def lit_line(page: Page) -> str:
    return page.locator("#code li.current").first.inner_text()


def test_expectiminimax_steps_through_the_chance_example(app: Page) -> None:
    run_example(app, "chance", "expectiminimax", CHANCE_EVENTS)
    assert "node chance" in (node(app, "D").get_attribute("class") or "")
    probabilities = app.locator("#tree .edges text.probability").all_text_contents()
    assert probabilities == ["0.5", "0.5", "0.5", "0.5", "0.75", "0.25"]
    seek(app, 62)
    expect(app.locator("#narration")).to_have_text("D: v ← 0 + 0.75 × 2 = 1.5 (outcome D1, probability 0.75)")
    assert lit_line(app) == "v ← v + P(r) · EMINIMAX(RESULT(s, r))"  # the chance backup lights the sum's line
    expect(node(app, "D")).to_have_attribute("data-value", "1.5")
    seek(app, 72)
    expect(app.locator("#narration")).to_have_text("D: v ← 1.5 + 0.25 × 4 = 2.5 (outcome D2, probability 0.25)")
    seek(app, CHANCE_EVENTS)
    expect(app.locator("#narration")).to_have_text("Result: A = 5, best move C")
    expect(node(app, "A")).to_have_attribute("data-value", "5")
    seek(app, 62)
    shot(app, "chance-expectiminimax-1280.png")


def test_bounded_alphabeta_prunes_at_a_chance_node(app: Page) -> None:
    run_example(app, "chance-bounded", "alphabeta", BOUNDED_EVENTS)
    seek(app, 95)
    expect(app.locator("#narration")).to_have_text("D: v + rest × hi = 1.5 + 0.25 × 10 = 4 ≤ α = 5? Yes: return 4 now")
    assert lit_line(app) == "if v + rest × hi ≤ α then return v + rest × hi"
    seek(app, 96)
    expect(app.locator("#narration")).to_contain_text("D2 is not looked at (α cut)")
    expect(node(app, "D2")).to_have_attribute("data-state", "pruned")
    expect(app.locator("#tree .cut-mark text")).to_have_text("α cut")
    seek(app, BOUNDED_EVENTS)
    expect(app.locator("#narration")).to_have_text(
        "Result: A = 5, best move C. Alpha-beta evaluated 10 of 12 leaves (2 fewer than expectiminimax)")
    seek(app, 96)
    shot(app, "chance-bounded-alphabeta-1280.png")


def test_maxn_steps_through_three_players(app: Page) -> None:
    run_example(app, "three-players", "maxn", MAXN_EVENTS)
    assert node(app, "R1a").locator("text.mover").text_content() == "C"
    assert "mover-2" in (node(app, "R1a").get_attribute("class") or "")
    seek(app, 12)
    expect(app.locator("#narration")).to_have_text(
        "R1a: C keeps ⟨1, 2, 6⟩: its component 6 beats 3 (R1a2 has ⟨4, 2, 3⟩)")
    assert lit_line(app) == "if v = none or u[p] > v[p] then v ← u"
    expect(node(app, "R1a").locator("text.value")).to_have_text("⟨1, 2, 6⟩")
    seek(app, MAXN_EVENTS)
    expect(app.locator("#narration")).to_have_text("Result: R = ⟨1, 2, 6⟩, best move R1")
    expect(node(app, "R")).to_have_attribute("data-value", "1,2,6")
    seek(app, 46)
    shot(app, "three-players-maxn-1280.png")


def test_a_misfit_is_refused_in_the_form(app: Page) -> None:
    app.locator('select[name="example"]').select_option("chance")
    app.locator('select[name="algorithm"]').select_option("minimax")
    app.get_by_role("button", name="Run", exact=True).click()
    expect(app.locator("#form-error")).to_contain_text("use expectiminimax")
    app.locator('select[name="example"]').select_option("lecture")
    app.locator('select[name="algorithm"]').select_option("maxn")
    app.locator('select[name="example"]').select_option("lecture-estimates")
    expect(app.locator('select[name="algorithm"]')).to_have_value("alphabeta")


def test_phone_shows_the_chance_and_players_trees_without_sideways_overflow(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, PHONE)
    open_app(page, live_server)
    for name, algorithm, events, step in [("chance", "expectiminimax", CHANCE_EVENTS, 62),
                                          ("three-players", "maxn", MAXN_EVENTS, 12)]:
        # On a phone the setup panel is below the tree.
        run_example(page, name, algorithm, events)
        seek(page, step)
        assert overflowing(page) == []
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"{name}-{algorithm}-390.png")
    page.context.close()
    assert errors == []


def cli_trace(*args: str) -> str:
    done = run_cli("trace", *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_saved_chance_and_maxn_traces_replay(browser: Browser, live_server: str, tmp_path: Path) -> None:
    page, errors = new_page(browser, DESKTOP)
    saved = page.request.post(f"{live_server}/api/traces", data=cli_trace("--example", "chance-bounded"))
    assert saved.status == 201, saved.text()
    page.goto(live_server + saved.json()["url"])
    expect(page.locator("#counter")).to_have_text(f"step 0 / {BOUNDED_EVENTS}")
    seek(page, 95)
    assert lit_line(page) == "if v + rest × hi ≤ α then return v + rest × hi"
    seek(page, 96)
    expect(node(page, "D2")).to_have_attribute("data-state", "pruned")
    # A .jsonl file opened from disk replays the same way.
    path = tmp_path / "three-players.jsonl"
    path.write_text(cli_trace("--example", "three-players", "--algorithm", "maxn"))
    page.locator('input[type="file"]').first.set_input_files(str(path))
    expect(page.locator("#counter")).to_have_text(f"step 0 / {MAXN_EVENTS}")
    seek(page, 12)
    expect(page.locator("#narration")).to_contain_text("C keeps ⟨1, 2, 6⟩: its component 6 beats 3")
    assert lit_line(page) == "if v = none or u[p] > v[p] then v ← u"
    page.context.close()
    assert errors == []


def test_exports_of_chance_and_maxn_trees_draw_circles_probabilities_and_vectors(app: Page, tmp_path: Path) -> None:
    for name, algorithm, events, has in [("chance-bounded", "alphabeta", BOUNDED_EVENTS, "0.75"),
                                         ("three-players", "maxn", MAXN_EVENTS, "⟨1, 2, 6⟩")]:
        open_tab(app, "Search")
        run_example(app, name, algorithm, events)
        seek(app, events)
        open_tab(app, "Share & export")
        svg = download(app, "Export SVG", tmp_path).read_text(encoding="utf-8")
        assert has in svg
        tex = download(app, "Export LaTeX (.tex)", tmp_path)
        assert compile_tex(tex).exists()
