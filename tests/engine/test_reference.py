"""A search that can be wrong says so: the result's `reference` (search/algorithms/reference.py)."""

from __future__ import annotations

from typing import Any

from search import parse_request
from search.traces.recorder import Recorder
from search.traces.schema import check_event


def result_of(request: dict[str, Any]) -> dict[str, Any]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    event = recorder.events()[-1]
    check_event(event)
    return event


def answer(request: dict[str, Any]) -> tuple[Any, Any]:
    """The root's value and move, searched untraced."""
    result = parse_request(request).run()
    return result.value, result.move


def test_beam_2_on_the_issues_position_is_told_what_the_search_without_the_beam_says() -> None:
    """X...O.... at depth 3 with beam 2 claims +100 (X wins); without the beam, at the same depth: 2."""
    game = {"game": "tictactoe", "state": "X...O....", "depth": 3}
    result = result_of({**game, "beam": 2})
    assert (result["value"], result["move"]) == (100, 2)
    reference = result["reference"]
    assert reference["search"] == "without the beam"
    assert (reference["value"], reference["move"]) == answer(game) == (2, 2)
    assert reference["visited"] > result["visited"]


def test_a_depth_limit_with_estimates_is_told_the_value_to_the_end() -> None:
    game = {"game": "tictactoe", "state": "X...O...."}
    result = result_of({**game, "depth": 3})
    assert result["reference"]["search"] == "to the end"
    assert (result["reference"]["value"], result["reference"]["move"]) == answer(game) == (0, 1)


def test_the_lecture_trees_depth_limit_is_told_the_value_to_the_leaves() -> None:
    result = result_of({"example": "lecture-estimates", "depth": 1})
    assert result["value"] == 8 and result["reference"]["value"] == 3 and result["reference"]["search"] == "to the end"


def test_a_quiescence_cap_is_told_what_the_search_without_it_says() -> None:
    """X........ at depth 1: the lines past the limit are not quiet for longer than the cap allows."""
    request = {"game": "tictactoe", "state": "X........", "depth": 1, "quiescence": True, "algorithm": "minimax"}
    result = result_of(request)
    reference = result.get("reference")
    assert reference is not None
    assert reference["search"] in ("without the quiescence cap", "to the end")


def test_a_search_to_the_end_is_no_guess_and_has_no_reference() -> None:
    for request in ({"example": "lecture"}, {"game": "tictactoe", "state": "XOXOXO..."},
                    {"example": "lecture-estimates", "depth": 2, "algorithm": "minimax"}):
        assert "reference" not in result_of(request), request


def test_iterative_deepening_is_told_the_value_to_the_end() -> None:
    result = result_of({"example": "lecture-estimates", "algorithm": "iterative", "depth": 1})
    assert result["reference"] == {"value": 3, "move": "B", "search": "to the end", "visited": 11, "leaves": 7}


def test_an_untraced_search_runs_no_reference() -> None:
    """A library call pays for nothing it did not ask for."""
    result = parse_request({"game": "tictactoe", "state": "X...O....", "depth": 3, "beam": 2}).run()
    assert result.reference is None


def test_a_reference_past_its_node_cap_is_left_out(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """limits.REFERENCE_MAX_NODES: the result comes on time, without the reference, rather than late."""
    import search.algorithms.reference as reference

    request = {"game": "tictactoe", "state": "X...O....", "depth": 3, "beam": 2}
    assert "reference" in result_of(request)
    monkeypatch.setattr(reference, "REFERENCE_MAX_NODES", 50)
    assert "reference" not in result_of(request)
