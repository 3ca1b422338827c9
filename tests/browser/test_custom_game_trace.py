"""A trace of a game the server does not know (source "custom", issue #27), opened from the Search tab:
replayed as recorded with a note saying so, its positions drawn as their own text (a hostile one too,
as text), its players named in the narration; sharing it from the Share tab is refused with the reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, new_page, open_app, refusals_removed, shot, walk
from tests.helpers.custom_game import Nim, State, course_trace, custom_trace, heaps_text

HOSTILE = "<img src=x onerror=alert(1)>"
REASON = "this trace comes from a game the server does not know (nim): it is replayed as recorded"


def hostile_text(state: State) -> str:
    """Heaps 1 and 2 (two nodes of the search) are written as markup: the page must draw it as text."""
    return HOSTILE if state[0] == (1, 2) else heaps_text(state)


def trace_file(folder: Path) -> tuple[Path, list[dict[str, Any]]]:
    """Alpha-beta on Nim with heaps 2 and 2 (150 events, 2 children pruned), and its events."""
    text = custom_trace(Nim((2, 2), players=("P1", "P2"), describe_state=hostile_text))
    path = folder / "nim.jsonl"
    path.write_text(text, encoding="utf-8")
    return path, [json.loads(line) for line in text.splitlines()]


PROBE = """() => ({
    event: window.minimaxLab.event,
    narration: document.getElementById('narration').textContent,
    seen: Object.fromEntries([...document.querySelectorAll('#tree .node')]
        .filter(n => !['unvisited', 'pruned'].includes(n.dataset.state))
        .map(n => [n.dataset.nodeId, [n.querySelector('text.state').textContent, n.querySelector('text.label').textContent]])),
    markup: document.querySelectorAll('#tree img, #narration img, #tree foreignObject').length,
})"""


def visited_by(events: list[dict[str, Any]], k: int) -> dict[str, list[str]]:
    """{node: [its state text, its move]} for the nodes shown as reached at event k, as the drawing must
    write them: the root from the start on (its position is the source's), each other node from its visit."""
    root = {events[0]["node"]: [events[0]["source"]["state"], "root"]}
    return root | {e["node"]: [e["state"], e["move"]] for e in events[1: k + 1] if e["type"] == "visit" and e["move"]}


def open_custom_trace(page: Page, path: Path) -> None:
    page.locator("#trace-file").set_input_files(str(path))
    expect(page.locator("#search-status")).to_have_text(f"nim.jsonl: {REASON} (not saved, and it cannot be shared).")
    expect(page.locator("#counter")).to_have_text("step 0 / 149")
    expect(page.locator("#form-error")).to_have_text("")


def test_a_custom_game_trace_replays_as_recorded(browser: Browser, live_server: str, tmp_path: Path) -> None:
    path, events = trace_file(tmp_path)
    page, errors = new_page(browser, DESKTOP)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, live_server)
    open_custom_trace(page, path)
    assert page.locator("#game-key").is_hidden()  # no built-in game's values to explain

    forward = walk(page, "forward", 149, PROBE)
    for counter, found in forward:
        k = found["event"]
        assert counter == f"step {k} / 149"
        assert found["seen"] == visited_by(events, k), f"step {k}"
        assert found["markup"] == 0, f"step {k}: the state text became markup"
    assert [found["event"] for _, found in forward] == list(range(150))
    narration = {found["event"]: found["narration"] for _, found in forward}
    first_min = next(e for e in events if e["type"] == "visit" and e["depth"] == 1)
    first_max = next(e for e in events if e["type"] == "visit" and e["depth"] == 2)
    assert narration[first_min["seq"]] == (f"P1 (MAX) plays {first_min['move']}. Visit P1 {first_min['move']} (MIN), "
                                           "window [α = −∞, β = +∞]")
    assert narration[first_max["seq"]].startswith(f"P2 (MIN) plays {first_max['move']}. Visit P1 {first_min['move']} · "
                                                  f"P2 {first_max['move']} (MAX)")
    pruned = next(e for e in events if e["type"] == "prune" and e["pruned"])
    mover = {"max": "P1", "min": "P2"}[next(e["player"] for e in events if e["type"] == "visit" and e["node"] == pruned["node"])]
    assert len(pruned["moves"]) == 2  # the moves skipped, each by who would have made it
    skipped = f"its moves {mover} {pruned['moves'][0]} and {mover} {pruned['moves'][1]} are not looked at"
    assert skipped in narration[pruned["seq"]]
    assert narration[149].startswith("Result: the root = ")

    # The hostile position, drawn as the text it is (its node holds one text element, no markup).
    hostile = page.locator('#tree .node[data-node-id="root.1-1"] text.state')
    expect(hostile).to_have_text(HOSTILE)
    assert hostile.evaluate("t => t.childElementCount") == 0

    back = walk(page, "back", 149, PROBE)
    for counter, found in back:
        assert found["seen"] == visited_by(events, found["event"]), counter
    assert back[-1][1]["event"] == 0 and list(back[-1][1]["seen"]) == ["root"]

    # Mid-replay, for a person to look at.
    page.evaluate("window.minimaxLab.seek(60)")
    expect(page.locator("#counter")).to_have_text("step 60 / 149")
    shot(page, "custom-trace-1280x800.png")

    # Shared from the Share & export tab: refused with the reason, no link; the replay stays.
    page.get_by_role("tab", name="Share & export").click()
    page.locator("#trace-upload").set_input_files(str(path))
    expect(page.locator("#share-error")).to_have_text(f"nim.jsonl: {REASON}")
    expect(page.locator("#trace-link")).to_have_value("")
    expect(page.locator("#counter")).to_have_text("step 60 / 149")
    page.context.close()
    assert dialogs == []
    assert refusals_removed(errors) == []


def test_a_course_games_trace_from_search_trace_replays(browser: Browser, live_server: str, tmp_path: Path) -> None:
    """search.trace of a GameBase game with a transposition table (searched as the game itself): every
    step draws what the events say, the table's hits included, forward and back."""
    text = course_trace((2, 2))
    events = [json.loads(line) for line in text.splitlines()]
    path = tmp_path / "nim.jsonl"
    path.write_text(text, encoding="utf-8")
    last = len(events) - 1
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    page.locator("#trace-file").set_input_files(str(path))
    expect(page.locator("#search-status")).to_have_text(f"nim.jsonl: {REASON} (not saved, and it cannot be shared).")
    expect(page.locator("#counter")).to_have_text(f"step 0 / {last}")
    forward = walk(page, "forward", last, PROBE)
    for counter, found in forward:
        assert found["seen"] == visited_by(events, found["event"]), counter
    hit = next(e for e in events if e["type"] == "tt_hit")
    assert "this position was already searched at P1 " in forward[hit["seq"]][1]["narration"]  # named by the players
    back = walk(page, "back", last, PROBE)
    assert [found["seen"] for _, found in back] == [found["seen"] for _, found in reversed(forward)]
    page.context.close()
    assert refusals_removed(errors) == []


def test_a_custom_game_trace_on_a_phone(browser: Browser, live_server: str, tmp_path: Path) -> None:
    path, _ = trace_file(tmp_path)
    page, errors = new_page(browser, PHONE)
    open_app(page, live_server)
    open_custom_trace(page, path)
    page.evaluate("window.minimaxLab.seek(60)")
    expect(page.locator("#counter")).to_have_text("step 60 / 149")
    expect(page.locator('#tree .node[data-node-id="root.1-1"] text.state')).to_have_text(HOSTILE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
    shot(page, "custom-trace-390x844.png", full_page=True)
    page.context.close()
    assert refusals_removed(errors) == []


def test_a_trace_recorded_with_an_event_limit_says_so_not_the_servers(browser: Browser, live_server: str, tmp_path: Path) -> None:
    """search.trace(..., max_events=N) stops where the course asked: the page says the trace was recorded with a limit."""
    import search
    from tests.helpers.custom_game import CourseNim

    path = search.trace(CourseNim((2, 3, 4)), max_events=300).save(tmp_path / "nim.jsonl")
    page, errors = new_page(browser, DESKTOP)
    open_app(page, live_server)
    page.locator("#trace-file").set_input_files(str(path))
    expect(page.locator("#stream-note")).to_have_text("This trace was recorded with an event limit and stops after 301 events: "
                                                      "there is no result. Step through what was recorded.")
    page.context.close()
    assert refusals_removed(errors) == []
