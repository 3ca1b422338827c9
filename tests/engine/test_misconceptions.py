"""The catalogue of misconceptions: each a runnable search with one slip, traced like any search, on the lecture
tree and on random trees; requests, the CLI and saved traces carry it."""

from __future__ import annotations

import typing
from typing import Any

import pytest
from hypothesis import given, settings

from search import TreeGame, parse_request, tree_from_json
from search.algorithms.alphabeta import alphabeta
from search.algorithms.minimax import minimax
from search.errors import InputError
from search.misconceptions import CATALOGUE, Setting, applicable, run
from search.traces.check import canonical_text
from search.traces.events import MisconceptionId
from search.traces.recorder import Recorder
from search.traces.schema import check_event
from search.traces.verify import verify_trace
from search.trees.node import CHANCE_TREE, LECTURE_SHORTHAND, THREE_PLAYERS_TREE
from tests.helpers.strategies import shorthand, ties
from tests.helpers.traced import of_type


def mistaken(misconception: str, tree: Any, algorithm: str = "alphabeta", **setting: str) -> tuple[Any, list[dict[str, Any]]]:
    recorder = Recorder()
    result = run(misconception, TreeGame(tree_from_json(tree)), Setting(algorithm, **setting), recorder=recorder)
    return result, recorder.events()


def returned(events: list[dict[str, Any]]) -> dict[str, Any]:
    return {e["node"]: e["value"] for e in of_type(events, "return")}


def windows(events: list[dict[str, Any]]) -> dict[str, tuple[Any, Any]]:
    return {e["node"]: (e["alpha"], e["beta"]) for e in of_type(events, "visit")}


def pruned(events: list[dict[str, Any]]) -> list[str]:
    return [child for e in of_type(events, "prune") for child in e["pruned"]]


def test_the_catalogue_has_the_issues_ids_and_the_trace_format_knows_them() -> None:
    wanted = {"strict-test", "window-not-passed", "alpha-not-updated", "beta-not-updated", "fail-hard", "no-pruning",
              "max-min-swapped", "tests-wrong-bound", "chance-as-min", "unweighted-average", "maxn-root-component"}
    assert wanted <= set(CATALOGUE)
    assert set(typing.get_args(MisconceptionId)) == set(CATALOGUE)
    for m in CATALOGUE.values():
        assert m.name and m.follows and m.idea and "seed" not in m.idea


def test_window_not_passed_on_the_lecture_tree_searches_everything_with_the_whole_window() -> None:
    result, events = mistaken("window-not-passed", LECTURE_SHORTHAND)
    assert result.value == 3 and pruned(events) == []
    assert set(windows(events).values()) == {("-inf", "inf")}
    assert returned(events) == {"B": 3, "C": 2, "D": 2, "A": 3}


def test_alpha_and_beta_not_updated_leave_their_bound_where_it_came_in() -> None:
    _, events = mistaken("alpha-not-updated", LECTURE_SHORTHAND)
    assert not [e for e in of_type(events, "bound") if e["bound"] == "alpha"]
    assert windows(events)["C"] == ("-inf", "inf") and pruned(events) == []  # A's α stays −∞: C is never cut
    _, events = mistaken("beta-not-updated", LECTURE_SHORTHAND)
    assert not [e for e in of_type(events, "bound") if e["bound"] == "beta"]
    assert windows(events)["B2"] == ("-inf", "inf") and pruned(events) == ["C2", "C3"]


def test_the_strict_test_keeps_looking_on_a_tie_where_the_slides_prune() -> None:
    tree = [[3, 12, 8], [3, 4, 6], [14, 5, 2]]  # C1 = 3 = α at C
    recorder = Recorder()
    alphabeta(TreeGame(tree_from_json(tree)), recorder=recorder)
    assert pruned(recorder.events()) == ["C2", "C3"]
    _, events = mistaken("strict-test", tree)
    assert pruned(events) == [] and of_type(events, "start")[0]["options"]["ties"] == "explore"
    assert [e["test"] for e in of_type(events, "test")][0] == "v < alpha"


def test_fail_hard_returns_the_bound_and_no_pruning_is_minimax() -> None:
    _, events = mistaken("fail-hard", LECTURE_SHORTHAND)
    assert returned(events)["C"] == 3 and of_type(events, "start")[0]["options"]["returns"] == "bound"
    result, events = mistaken("no-pruning", LECTURE_SHORTHAND)
    assert pruned(events) == [] and not of_type(events, "test") and result.value == 3
    assert windows(events)["C"] == (3, "inf")  # α and β are kept as alpha-beta keeps them, only never tested


def test_max_min_swapped_and_the_wrong_bound() -> None:
    result, events = mistaken("max-min-swapped", LECTURE_SHORTHAND)
    assert returned(events)["B"] == 12 and returned(events)["C"] == 6 and returned(events)["D"] == 14 and result.value == 6
    assert of_type(events, "visit")[0]["player"] == "min"
    _, events = mistaken("tests-wrong-bound", LECTURE_SHORTHAND)
    first = of_type(events, "test")[0]  # B1 = 3 at B: MIN tests v ≤ β = +∞, which always holds
    assert first["node"] == "B" and first["test"] == "v <= beta" and first["holds"] and pruned(events)[:2] == ["B2", "B3"]


def test_the_chance_slips_on_the_lectures_chance_tree() -> None:
    """B 4, C 5, D 2.5 by expectation; the worst outcomes are B 3, C 1, D 2 (the example's docstring)."""
    result, events = mistaken("chance-as-min", CHANCE_TREE, "expectiminimax")
    assert [returned(events)[n] for n in "BCD"] == [3, 1, 2] and result.move == "B"
    _, events = mistaken("unweighted-average", CHANCE_TREE, "expectiminimax")
    d = of_type(events, "backup")
    assert {e["probability"] for e in d if e["node"] == "D"} == {0.5}  # D's outcomes are 0.75 / 0.25: averaged as 1/2 each
    _, right = mistaken("max-min-swapped", CHANCE_TREE, "expectiminimax")
    assert of_type(right, "visit")[0]["player"] == "min"


def test_max_n_with_every_player_maximising_the_roots_share() -> None:
    result, _ = mistaken("maxn-root-component", THREE_PLAYERS_TREE, "maxn")
    assert result.value == [7, 4, 1]  # the right max^n backs up ⟨1, 2, 6⟩


@pytest.mark.parametrize("misconception", sorted(CATALOGUE))
def test_every_misconceptions_trace_fits_the_schema_and_verifies_as_saved(misconception: str) -> None:
    algorithm = {"chance-as-min": "expectiminimax", "unweighted-average": "expectiminimax", "maxn-root-component": "maxn"}
    example = {"expectiminimax": "chance", "maxn": "three-players"}
    asked = algorithm.get(misconception, "alphabeta")
    request = {"example": example.get(asked, "lecture"), "algorithm": asked, "misconception": misconception}
    if misconception == "fail-soft":
        request["returns"] = "bound"
    recorder = Recorder()
    parse_request(request).run(recorder)
    events = recorder.events()
    for i, event in enumerate(events):
        check_event(event, f"event {i}")
    assert events[0]["options"]["misconception"] == misconception
    text = canonical_text(events)
    assert verify_trace(text).text == text  # a saved mistaken search opens again, checked by the engine


@settings(max_examples=60, deadline=None)
@given(tree=shorthand, tie=ties)
def test_on_random_trees_each_slip_changes_only_its_line(tree: Any, tie: str) -> None:
    game = TreeGame(tree_from_json(tree))
    recorder = Recorder()
    right = alphabeta(game, ties=tie, recorder=recorder)  # type: ignore[arg-type]
    for m in applicable(Setting("alphabeta", tie)):
        result, events = mistaken(m.id, tree, ties=tie)
        if m.id == "window-not-passed":
            assert set(windows(events).values()) == {("-inf", "inf")} and result.value == minimax(game).value
        if m.id == "no-pruning":
            assert result.value == minimax(game).value and pruned(events) == []
        if m.id in ("alpha-not-updated", "beta-not-updated", "strict-test", "fail-hard"):
            assert result.value == right.value  # these slips cost work (or say bounds), never the root's value
        if m.id == "alpha-not-updated":
            assert not [e for e in of_type(events, "bound") if e["bound"] == "alpha"]


def test_requests_refuse_a_misconception_that_is_no_slip_of_the_search() -> None:
    with pytest.raises(InputError, match="^misconception: expected one of no-pruning, window-not-passed"):
        parse_request({"example": "lecture", "misconception": "nope"})
    with pytest.raises(InputError, match="^misconception: chance-as-min is not a slip of alphabeta"):
        parse_request({"example": "lecture", "misconception": "chance-as-min"})
    with pytest.raises(InputError, match="^misconception: a misconception is a slip of the plain search"):
        parse_request({"game": "tictactoe", "state": "XO.X.....", "depth": 2, "tt": True, "misconception": "strict-test"})
    assert parse_request({"example": "lecture", "misconception": "strict-test"}).ties == "explore"


def test_the_pseudocode_of_a_slip_shows_its_line_rewritten_and_marked() -> None:
    def slipped(request: dict[str, Any]) -> list[str]:
        return [line["text"] for line in parse_request(request).listing() if line["text"].endswith("◀ the slip")]
    assert slipped({"example": "lecture", "misconception": "window-not-passed"}) == [
        "v ← MAX(v, MIN-VALUE(RESULT(s, a), −∞, +∞))   ◀ the slip", "v ← MIN(v, MAX-VALUE(RESULT(s, a), −∞, +∞))   ◀ the slip"]
    assert slipped({"example": "lecture", "misconception": "tests-wrong-bound"}) == [
        "if v ≥ α then return v   ◀ the slip", "if v ≤ β then return v   ◀ the slip"]
    assert slipped({"example": "lecture", "misconception": "max-min-swapped"}) == ["v ← MIN-VALUE(state, −∞, +∞)   ◀ the slip"]
    assert slipped({"example": "chance", "algorithm": "expectiminimax", "misconception": "unweighted-average"}) == [
        "v ← v + 1/n · EMINIMAX(RESULT(s, r))   ◀ the slip"]
    assert slipped({"example": "lecture"}) == []
    for m in CATALOGUE:  # every slip marks at least one line of its search's listing
        asked = {"chance-as-min": "expectiminimax", "unweighted-average": "expectiminimax", "maxn-root-component": "maxn"}
        algorithm = asked.get(m, "alphabeta")
        example = {"expectiminimax": "chance", "maxn": "three-players"}.get(algorithm, "lecture")
        request = {"example": example, "algorithm": algorithm, "misconception": m, **({"returns": "bound"} if m == "fail-soft" else {})}
        assert slipped(request), m
