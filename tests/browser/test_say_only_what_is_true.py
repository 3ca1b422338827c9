"""The page says only what is true, at every step of every built-in example and of a tic-tac-toe search
with the transposition table and a beam: the lit pseudocode line says what the narration says, and the
number the narration gives a node is the number the drawing shows there (a bound as "≤ 2" / "≥ 5").

One walk per search (conftest.walk), the real page against a live server; the events are the engine's
own for the same request, so each step is checked against the event it shows."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, Page

from search import parse_request
from search.traces.recorder import Recorder
from tests.browser.conftest import checked_app, walk
from tests.browser.narration_rules import judged

SEARCHES: dict[str, tuple[str, dict[str, Any]]] = {
    # name: (the page's link, the same search as a request)
    "lecture, alpha-beta": ("example=lecture&algorithm=alphabeta", {"example": "lecture"}),
    "lecture, minimax": ("example=lecture&algorithm=minimax", {"example": "lecture", "algorithm": "minimax"}),
    "lecture, fail-hard": ("example=lecture&algorithm=alphabeta&returns=bound", {"example": "lecture", "returns": "bound"}),
    "lecture with estimates, depth 1": ("example=lecture-estimates&algorithm=alphabeta&depth=1",
                                        {"example": "lecture-estimates", "depth": 1}),
    "lecture with estimates, iterative 2": ("example=lecture-estimates&algorithm=iterative&depth=2",
                                            {"example": "lecture-estimates", "algorithm": "iterative", "depth": 2}),
    "chance, expectiminimax": ("example=chance&algorithm=expectiminimax", {"example": "chance", "algorithm": "expectiminimax"}),
    "chance-bounded, alpha-beta": ("example=chance-bounded&algorithm=alphabeta", {"example": "chance-bounded"}),
    "three players, max^n": ("example=three-players&algorithm=maxn", {"example": "three-players", "algorithm": "maxn"}),
    "tic-tac-toe, depth 2, symmetries (slides)": (
        "game=tictactoe&state=.........&algorithm=minimax&depth=2&symmetry=1",
        {"game": "tictactoe", "state": ".........", "algorithm": "minimax", "depth": 2, "symmetry": True}),
    "tic-tac-toe X...O...., depth 3, table and beam 2": (
        "game=tictactoe&state=X...O....&algorithm=alphabeta&depth=3&tt=1&beam=2",
        {"game": "tictactoe", "state": "X...O....", "depth": 3, "tt": True, "beam": 2}),
    "tic-tac-toe XO.X....., depth 3, table, quiescence and beam 3": (
        "game=tictactoe&state=XO.X.....&algorithm=alphabeta&depth=3&tt=1&quiescence=1&beam=3",
        {"game": "tictactoe", "state": "XO.X.....", "depth": 3, "tt": True, "quiescence": True, "beam": 3}),
}

PROBE = """() => {
    const k = Number(document.getElementById('counter').textContent.match(/\\d+/)[0]);
    const node = NODES[k];
    const g = node === null ? null : document.querySelector(`#tree [data-node-id="${CSS.escape(node)}"]`);
    return {
        k,
        lit: [...document.querySelectorAll('#code .code-line.current')].map(li => li.textContent),
        said: document.getElementById('narration').textContent,
        drawn: g ? g.querySelector('.value').textContent : null,
    };
}"""

SHOWN_BY = {"leaf": "value", "backup": "v_after", "return": "value", "tt_hit": "value"}
"""Events after which the drawing shows a number at their node, and the field that number is."""


def events_of(request: dict[str, Any]) -> list[dict[str, Any]]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    return recorder.events()


def numbers(text: str) -> list[float]:
    return [float(x.replace("−", "-")) for x in re.findall(r"[−-]?\d+(?:\.\d+)?", text)]


def same(drawn: str, value: Any, bound: str | None) -> bool:
    """The drawing's text is the value (a vector, a number), with ≤ / ≥ exactly when it is a bound."""
    sign = {"upper": "≤ ", "lower": "≥ "}.get(bound or "", "")
    if not drawn.startswith(sign) or (not sign and drawn[:1] in "≤≥"):
        return False
    got = numbers(drawn[len(sign):])
    want = value if isinstance(value, list) else [value]
    return len(got) == len(want) and all(math.isclose(a, float(b), abs_tol=1e-6) for a, b in zip(got, want))


def disagreements(events: list[dict[str, Any]], steps: list[tuple[str, Any]]) -> tuple[list[str], int]:
    """Each step whose lit line does not fit its narration, or whose narration and drawing give its node
    different numbers; and the number of steps no rule could judge."""
    out, unjudged = [], 0
    for _, seen in steps:
        event = events[seen["k"]]
        verdict = judged(seen["lit"], seen["said"])
        if verdict == "unchecked":
            unjudged += 1
        elif verdict == "unfit":
            out.append(f"step {seen['k']}: lit {seen['lit']} for {seen['said']!r}")
        field = SHOWN_BY.get(event["type"])
        if field is None or event[field] is None:
            continue
        value, bound = event[field], event.get("bound") if event["type"] == "return" else None
        if seen["drawn"] is None or not same(seen["drawn"], value, bound):
            out.append(f"step {seen['k']}: {event['type']} {value} {bound or ''} drawn {seen['drawn']!r}")
        elif not any(math.isclose(n, float(v), abs_tol=1e-4) for n in numbers(seen["said"])
                     for v in (value if isinstance(value, list) else [value])):
            out.append(f"step {seen['k']}: {event['type']} {value}: the narration gives no such number: {seen['said']!r}")
        elif bound and ("at most" if bound == "upper" else "at least") not in seen["said"]:
            out.append(f"step {seen['k']}: a bound drawn {seen['drawn']!r}, the narration does not say so: {seen['said']!r}")
    return out, unjudged


@pytest.fixture(scope="module")
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    with checked_app(browser, live_server) as page:
        yield page


@pytest.mark.parametrize("name", list(SEARCHES))
def test_lit_line_narration_and_drawing_agree_at_every_step(page: Page, live_server: str, name: str) -> None:
    link, request = SEARCHES[name]
    events = events_of(request)
    last = len(events) - 1
    page.goto(f"{live_server}/?{link}&step={last}")
    page.wait_for_function("n => (document.getElementById('counter').textContent || '').endsWith(`/ ${n}`)", arg=last)
    page.evaluate("window.minimaxLab.seek(0)")
    nodes = json.dumps([e["node"] if e["type"] in SHOWN_BY else None for e in events])
    steps = walk(page, "forward", last, PROBE.replace("NODES", nodes))
    assert [seen["k"] for _, seen in steps] == list(range(last + 1))
    wrong, unjudged = disagreements(events, steps)
    print(f"\n{name}: {len(steps)} steps, {len(wrong)} disagree, {unjudged} not judged by a rule", *wrong[:40], sep="\n  ")
    assert wrong == []
    assert unjudged == 0
