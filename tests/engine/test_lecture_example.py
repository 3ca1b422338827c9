"""The lecture example (AIMA 4th ed. fig. 5.2) pinned event by event, as the lecture slides (AIMA 4th ed. §5.2) walk it."""

from __future__ import annotations

import json
from pathlib import Path

from search import TreeGame, tree_from_json
from search.trees.node import LECTURE_SHORTHAND
from tests.helpers.traced import of_type, traced

GOLDEN = Path(__file__).parents[1] / "golden"


def lecture() -> TreeGame:
    return TreeGame(tree_from_json(LECTURE_SHORTHAND))


def test_alphabeta_gives_3_moves_to_b_and_prunes_c2_c3() -> None:
    result, events = traced(lecture())
    assert (result.value, result.move) == (3, "B")
    assert [e["node"] for e in of_type(events, "leaf")] == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]
    assert [e["pruned"] for e in of_type(events, "prune")] == [["C2", "C3"], []]
    prune_c = of_type(events, "prune")[0]
    assert (prune_c["node"], prune_c["test"], prune_c["cut"], prune_c["v"], prune_c["alpha"]) == ("C", "v <= alpha", "alpha", 2, 3)
    bounds = [(e["node"], e["bound"], e["new"]) for e in of_type(events, "bound") if e["changed"]]
    assert bounds == [("B", "beta", 3), ("A", "alpha", 3), ("D", "beta", 14), ("D", "beta", 5)]
    assert events[-1]["type"] == "result"
    assert (events[-1]["visited"], events[-1]["leaves"], events[-1]["pruned"]) == (11, 7, 2)


def test_alphabeta_windows_match_the_slides() -> None:
    _, events = traced(lecture())
    windows = {e["node"]: (e["alpha"], e["beta"]) for e in of_type(events, "visit")}
    # From the slides: B2 is called with (-inf, 3), C with (3, +inf), D2 with (3, 14), D3 with (3, 5).
    assert windows["B2"] == ("-inf", 3)
    assert windows["C"] == (3, "inf")
    assert windows["D2"] == (3, 14)
    assert windows["D3"] == (3, 5)


def test_whole_event_sequences_are_pinned() -> None:
    for algorithm in ("alphabeta", "minimax"):
        _, events = traced(lecture(), algorithm)
        golden = [json.loads(line) for line in (GOLDEN / f"lecture_{algorithm}.jsonl").read_text().splitlines()]
        assert events == golden, algorithm


def test_minimax_visits_every_node_and_backs_up_3_2_2() -> None:
    result, events = traced(lecture(), "minimax")
    assert (result.value, result.move, result.visited) == (3, "B", 13)
    finals = {e["node"]: e["v_after"] for e in of_type(events, "backup")}
    assert (finals["B"], finals["C"], finals["D"], finals["A"]) == (3, 2, 2, 3)
    assert not of_type(events, "prune") and not of_type(events, "bound")
    assert "alpha" not in of_type(events, "visit")[0]


def test_ties_explore_prunes_only_on_strict_inequality() -> None:
    # C's first leaf equals alpha = 3: the slides prune (3 <= 3), the strict convention does not.
    tree = tree_from_json([[3, 12, 8], [3, 4, 6], [14, 5, 2]])
    _, slides = traced(TreeGame(tree), ties="prune")
    _, strict = traced(TreeGame(tree), ties="explore")
    assert of_type(slides, "prune")[0]["pruned"] == ["C2", "C3"]
    assert [e["node"] for e in of_type(strict, "prune")] == ["D"]
    assert of_type(strict, "prune")[0]["test"] == "v < alpha"


# The lecture slides (AIMA 4th ed. §5.2.3) walk alpha-beta on the lecture tree line by line; one entry per step:
# v ← ±∞ (init), the leaf's utility, v ← MIN/MAX(v, child) (backup), "v ≤ α?" (test, held or
# not), α/β ← MAX/MIN(..) (bound, changed or not), the cut, "return v".
SLIDES = [
    ("start", "A", "v ← MAX-VALUE(A, −∞, +∞)"),
    ("visit", "A", "[-inf, inf]"), ("init", "A", "-inf"),
    ("visit", "B", "[-inf, inf]"), ("init", "B", "inf"),
    ("visit", "B1", "[-inf, inf]"), ("leaf", "B1", 3),
    ("backup", "B", "MIN(inf, 3) = 3"), ("test", "B", "3 ≤ -inf? no"), ("bound", "B", "β ← MIN(inf, 3) = 3"),
    ("visit", "B2", "[-inf, 3]"), ("leaf", "B2", 12),
    ("backup", "B", "MIN(3, 12) = 3"), ("test", "B", "3 ≤ -inf? no"), ("bound", "B", "β ← MIN(3, 3) = 3"),
    ("visit", "B3", "[-inf, 3]"), ("leaf", "B3", 8),
    ("backup", "B", "MIN(3, 8) = 3"), ("test", "B", "3 ≤ -inf? no"), ("bound", "B", "β ← MIN(3, 3) = 3"),
    ("return", "B", 3),
    ("backup", "A", "MAX(-inf, 3) = 3"), ("test", "A", "3 ≥ inf? no"), ("bound", "A", "α ← MAX(-inf, 3) = 3"),
    ("visit", "C", "[3, inf]"), ("init", "C", "inf"),
    ("visit", "C1", "[3, inf]"), ("leaf", "C1", 2),
    ("backup", "C", "MIN(inf, 2) = 2"), ("test", "C", "2 ≤ 3? yes"), ("prune", "C", ["C2", "C3"]),
    ("return", "C", 2),
    ("backup", "A", "MAX(3, 2) = 3"), ("test", "A", "3 ≥ inf? no"), ("bound", "A", "α ← MAX(3, 3) = 3"),
    ("visit", "D", "[3, inf]"), ("init", "D", "inf"),
    ("visit", "D1", "[3, inf]"), ("leaf", "D1", 14),
    ("backup", "D", "MIN(inf, 14) = 14"), ("test", "D", "14 ≤ 3? no"), ("bound", "D", "β ← MIN(inf, 14) = 14"),
    ("visit", "D2", "[3, 14]"), ("leaf", "D2", 5),
    ("backup", "D", "MIN(14, 5) = 5"), ("test", "D", "5 ≤ 3? no"), ("bound", "D", "β ← MIN(14, 5) = 5"),
    ("visit", "D3", "[3, 5]"), ("leaf", "D3", 2),
    ("backup", "D", "MIN(5, 2) = 2"), ("test", "D", "2 ≤ 3? yes"), ("prune", "D", []),
    ("return", "D", 2),
    ("backup", "A", "MAX(3, 2) = 3"), ("test", "A", "3 ≥ inf? no"), ("bound", "A", "α ← MAX(3, 3) = 3"),
    ("return", "A", 3),
    ("result", "A", "B: 3, 7 of 9 leaves"),
]


def slide_step(e: dict) -> tuple:
    """An event as the slides write its step."""
    sign = {"v <= alpha": "≤", "v >= beta": "≥"}
    kind, node = e["type"], e["node"]
    if kind == "start":
        return (kind, node, "v ← MAX-VALUE(A, −∞, +∞)")
    if kind == "visit":
        return (kind, node, f"[{e['alpha']}, {e['beta']}]")
    if kind == "init":
        return (kind, node, e["v"])
    if kind == "leaf":
        return (kind, node, e["value"])
    if kind == "backup":
        return (kind, node, f"{e['op'].upper()}({e['v_before']}, {e['child_value']}) = {e['v_after']}")
    if kind == "test":
        against = e["alpha"] if e["test"] == "v <= alpha" else e["beta"]
        return (kind, node, f"{e['v']} {sign[e['test']]} {against}? {'yes' if e['holds'] else 'no'}")
    if kind == "bound":
        op, name = ("MIN", "β") if e["bound"] == "beta" else ("MAX", "α")
        v = e["new"]  # the bound line's v: the new bound when it changed, and (≥ α or ≤ β) when not
        assert e["changed"] == (e["old"] != e["new"])
        return (kind, node, f"{name} ← {op}({e['old']}, {v}) = {e['new']}")
    if kind == "prune":
        return (kind, node, e["pruned"])
    if kind == "return":
        return (kind, node, e["value"])
    return (kind, node, f"{e['child']}: {e['value']}, {e['leaves']} of {e['baseline']['leaves']} leaves")


def test_alphabeta_steps_are_the_slides_line_by_line() -> None:
    _, events = traced(lecture())
    assert [slide_step(e) for e in events] == SLIDES
    tests = of_type(events, "test")
    assert (len(tests), sum(t["holds"] for t in tests)) == (10, 2)
    bounds = of_type(events, "bound")
    assert (len(bounds), sum(b["changed"] for b in bounds)) == (8, 4)
    assert (len(of_type(events, "init")), len(of_type(events, "return"))) == (4, 4)
    # A prune follows a test exactly when it holds, and the node then returns at the test's line.
    for k, e in enumerate(events):
        if e["type"] == "test":
            assert (events[k + 1]["type"] == "prune") == e["holds"]
        if e["type"] == "prune":
            assert events[k + 1] == {**events[k + 1], "type": "return", "node": e["node"], "line": e["line"]}
    assert events[-1]["baseline"] == {"visited": 13, "leaves": 9}
