"""The code lab on the searches beyond two-player trees (docs/code-lab.md): max^n on the three players' tree
(AIMA 4th ed. §5.2.2) and Connect Four from a position with a depth limit, chosen from the page's list of
problems, each with its starter. A right max^n matches; the root-component slip and alpha-beta's strict
test on Connect Four differ, the page naming the divergence and the misconception as the grader in CPython
does (search.grading.browser.check, the function the worker calls). Screenshots of max^n at both sizes
when MINIMAX_LAB_SHOTS names a folder."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from search.grading.browser import check, problem_json
from search.grading.starters import starter
from tests.browser.code_lab_page import open_problem, run_file
from tests.browser.conftest import PHONE, shot

FILES = Path(__file__).parents[1] / "engine" / "grading_files"
MAXN = "/code?algorithm=maxn&example=three-players"
CONNECT4_STATE = "." * 35 + "..OX..."
CONNECT4 = f"/code?algorithm=alphabeta&game=connect4&state={CONNECT4_STATE}&depth=4"


def expected(name: str, problem: dict[str, Any]) -> dict[str, Any]:
    return json.loads(check((FILES / name).read_text(encoding="utf-8"), problem_json(problem)))


def test_max_n_from_the_problem_list_a_right_file_matches_and_the_root_component_slip_is_named(lab: Page) -> None:
    page = lab
    page.get_by_role("link", name="max^n (three players)").click()
    expect(page.locator("#run")).to_be_enabled()
    expect(page.locator("#code-problem")).to_have_text("Write maxn_search(game, state): max^n on the example “three-players”.")
    expect(page.get_by_role("link", name="max^n (three players)")).to_have_attribute("aria-current", "page")
    assert page.evaluate("window.codeLab.editor.text()") == starter("maxn")
    assert run_file(page, FILES / "maxn_right.py") == "match"
    expect(page.locator("#reference-facts")).to_have_text("visited 14 nodes · value ⟨1, 2, 6⟩ · move R1")
    expect(page.locator("#reference-trace [data-node-id='R']")).to_be_visible()
    shot(page, "code-lab-maxn-match-1280.png", full_page=True)
    want = expected("maxn_root_component.py", {"example": "three-players", "algorithm": "maxn"})
    assert run_file(page, FILES / "maxn_root_component.py") == "differs"
    expect(page.locator("#verdict")).to_have_text(want["headline"])
    expect(page.locator("#verdict")).to_contain_text("your maxn_value(R1a) returned ⟨4, 2, 3⟩")
    expect(page.locator("#misconception")).to_have_attribute("data-misconception", "maxn-root-component")
    d = want["divergence"]
    expect(page.locator("#divergence")).to_have_text(
        f"The first divergence at R1a: your search at step {d['student_seq']}, the reference at step {d['reference_seq']}, "
        "ringed in both drawings.")
    expect(page.locator("#student-trace [data-node-id='R1a']")).to_have_attribute("data-divergence", "true")
    shot(page, "code-lab-maxn-differs-1280.png", full_page=True)


def test_connect_four_the_strict_test_differs_where_alpha_beta_prunes(lab: Page) -> None:
    page = lab
    page.get_by_role("link", name="Connect Four (depth 4)").click()
    expect(page).to_have_url(re.compile(re.escape(CONNECT4) + "$"))
    expect(page.locator("#code-problem")).to_have_text(
        f"Write alphabeta_search(game, state): alpha-beta on Connect Four from {CONNECT4_STATE}, depth limit 4, ties prune.")
    want = expected("connect4_strict_test.py", {"game": "connect4", "state": CONNECT4_STATE, "algorithm": "alphabeta", "depth": 4})
    assert want["misconception"]["id"] == "strict-test"
    assert run_file(page, FILES / "connect4_strict_test.py") == "differs"
    expect(page.locator("#verdict")).to_have_text(want["headline"])
    expect(page.locator("#misconception")).to_have_attribute("data-misconception", "strict-test")
    expect(page.locator("#divergence")).to_contain_text(f"The first divergence at {want['divergence']['name']}")
    assert run_file(page, FILES / "connect4_alphabeta.py") == "match"
    shot(page, "code-lab-connect4-match-1280.png", full_page=True)


def test_max_n_fits_a_phone(lab: Page) -> None:
    page = lab
    page.set_viewport_size(PHONE)
    open_problem(page, MAXN)
    assert run_file(page, FILES / "maxn_root_component.py") == "differs"
    expect(page.locator("#reference-trace [data-node-id='R']")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for part in ("#editor", "#verdict", ".code-problems", "#student-trace svg.tree", "#reference-trace svg.tree"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
    shot(page, "code-lab-maxn-differs-390.png", full_page=True)
