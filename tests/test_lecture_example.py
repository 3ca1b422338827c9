"""The lecture example (AIMA fig. 5.2) pinned event by event, as the slides in seed 003 walk it."""

from __future__ import annotations

import json
from pathlib import Path

from search import TreeGame, tree_from_json
from search.tree import LECTURE_SHORTHAND
from tests.engine_helpers import of_type, traced

GOLDEN = Path(__file__).parent / "golden"


def lecture() -> TreeGame:
    return TreeGame(tree_from_json(LECTURE_SHORTHAND))


def test_alphabeta_gives_3_moves_to_b_and_prunes_c2_c3() -> None:
    result, events = traced(lecture())
    assert (result.value, result.move) == (3, "B")
    assert [e["node"] for e in of_type(events, "leaf")] == ["B1", "B2", "B3", "C1", "D1", "D2", "D3"]
    assert [e["pruned"] for e in of_type(events, "prune")] == [["C2", "C3"], []]
    prune_c = of_type(events, "prune")[0]
    assert (prune_c["node"], prune_c["test"], prune_c["cut"], prune_c["v"], prune_c["alpha"]) == ("C", "v <= alpha", "alpha", 2, 3)
    bounds = [(e["node"], e["bound"], e["new"]) for e in of_type(events, "bound")]
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
