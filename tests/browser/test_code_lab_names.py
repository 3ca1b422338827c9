"""The code lab speaks as the page does (issue 47): on a tic-tac-toe problem a report names positions by the
moves from the root ("min_value(X 2)", "move X 6"), never by an id such as root.2, while the drawings still
ring the node by its id; a filled-in minimax starter shows its root value beside the reference's; and a .py
file chosen while the page is still setting up (the problem and Python held back) is in the editor once it is
ready. Screenshots of the game report at 1280x800 and 390x844 when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from search.grading.browser import check, problem_json
from tests.browser.code_lab_page import FILES, LECTURE, PYTHON_MS, open_problem, run_file
from tests.browser.conftest import DESKTOP, PHONE, new_page, shot
from tests.helpers.filled_starters import filled

PROBLEM = {"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax", "depth": 2}
GAME = "/code?" + "&".join(f"{key}={value}" for key, value in PROBLEM.items())
INTERNAL = re.compile(r"\broot\.\d")
IN_VIEW = """(id) => {
    const node = document.querySelector(`#student-trace [data-node-id="${id}"] [role="treeitem"]`).getBoundingClientRect();
    const box = document.querySelector('#student-trace svg.tree').getBoundingClientRect();
    return node.left >= box.left && node.right <= box.right && node.top >= box.top && node.bottom <= box.bottom;
}"""


def slipped_minimax() -> str:
    """The filled-in minimax starter with MIN-VALUE off by one: the first divergence is a value."""
    head, tail, rest = filled("minimax").rpartition("    return v, move\n")
    assert tail and not rest.strip()
    return head + "    return v + 1, move\n"


def test_a_game_report_names_positions_by_their_moves(lab: Page, tmp_path: Path) -> None:
    slip, right = tmp_path / "minimax_slip.py", tmp_path / "minimax_right.py"
    slip.write_text(slipped_minimax(), encoding="utf-8")
    right.write_text(filled("minimax"), encoding="utf-8")
    want = json.loads(check(slip.read_text(encoding="utf-8"), problem_json(PROBLEM)))
    d = want["divergence"]
    assert d["kind"] == "value" and d["node"].startswith("root.") and re.fullmatch(r"[XO] \d( · [XO] \d)*", d["name"])
    page = lab
    open_problem(page, GAME)
    assert run_file(page, slip) == "differs"
    expect(page.locator("#verdict")).to_have_text(want["headline"])
    expect(page.locator("#verdict")).to_contain_text(f"your min_value({d['name']}) returned")
    expect(page.locator("#divergence")).to_contain_text(f"The first divergence at {d['name']}: ")
    reference = want["reference"]
    expect(page.locator("#reference-facts")).to_have_text(
        f"visited {reference['visited']} nodes · value {reference['value']} · move {reference['name']}")
    for part in ("#verdict", "#divergence", "#facts"):
        assert not INTERNAL.search(page.locator(part).text_content() or ""), part
    # The words name it; the drawings still ring it by its id, and their tree items name it as the report does.
    ringed = page.locator(f'#student-trace [data-node-id="{d["node"]}"]')
    expect(ringed).to_have_attribute("data-divergence", "true")
    expect(ringed.locator('[role="treeitem"]')).to_have_accessible_name(re.compile(rf"^{re.escape(d['name'])}, "))
    shot(page, "code-lab-names-1280.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The drawing starts afresh in its narrower box; the ringed node is panned back into view, where the words point.
    page.wait_for_function(IN_VIEW, arg=d["node"])
    shot(page, "code-lab-names-390.png", full_page=True)
    shot(page.locator(".code-result"), "code-lab-names-verdict-390.png")
    shot(page.locator("#student-trace"), "code-lab-names-student-390.png")
    # The minimax starter filled in: its root value shows, the reference's.
    assert run_file(page, right) == "match"
    expect(page.locator("#student-facts")).to_have_text(
        f"visited {reference['visited']} nodes · value {reference['value']} · move {reference['name']}")


def test_a_file_chosen_while_the_page_sets_up_is_loaded_once_it_is_ready(browser: Browser, live_server: str) -> None:
    page, errors = new_page(browser, DESKTOP)
    gate: dict[str, bool] = {"open": False}
    held: list[Route] = []

    def hold(route: Route) -> None:
        if gate["open"]:
            route.continue_()
        else:
            held.append(route)

    # The problem (and with it the editor) and Python are held back until the file is chosen.
    page.route("**/api/code/problem?*", hold)
    page.route("**/vendor/pyodide/**", hold)
    with page.expect_request("**/api/code/problem?*"):
        page.goto(live_server + LECTURE)
    expect(page.locator("#code-problem")).to_have_text("Loading the problem…")
    expect(page.locator("#python-status")).to_have_attribute("data-state", "loading")
    expect(page.locator("#editor .cm-content")).to_have_count(0)
    source = FILES / "alphabeta_right.py"
    page.set_input_files("#code-file", str(source))
    # The page has read it (the input is emptied, so the same file chosen again loads again), while still setting up.
    expect(page.locator("#code-file")).to_have_value("")
    expect(page.locator("#code-problem")).to_have_text("Loading the problem…")
    gate["open"] = True
    for route in held:
        route.continue_()
    expect(page.locator("#editor .cm-content")).to_contain_text(source.read_text(encoding="utf-8").splitlines()[0][:40])
    page.wait_for_function("window.codeLab !== undefined")
    assert page.evaluate("window.codeLab.editor.text()") == source.read_text(encoding="utf-8")
    expect(page.locator("#python-status")).to_have_attribute("data-state", "ready", timeout=PYTHON_MS)
    page.context.close()
    assert errors == []
