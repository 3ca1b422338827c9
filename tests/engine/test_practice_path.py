"""A practice path (search.practice.path, issue 50 part 4): which tree comes next for a student and which ideas they
have mastered, read from their first checks: an idea named is practised until MASTERY trees of it are right in a
row, then the next idea, then a harder tree; help or a wrong first check is not right; an idea named again after
mastery is practised again; the path ends past the last level or at MAX_PATH_TREES. And the trees it gives: one on
which the practised idea changes the answer, drawn the same for the same student and step."""

from __future__ import annotations

from typing import Any

import pytest

from search.errors import InputError
from search.misconceptions import CATALOGUE
from search.misconceptions.catalogue import SETTINGS
from search.practice import check_answer, model_answer, parse_exercise
from search.practice.diagnosis import following
from search.practice.next_tree import shows
from search.practice.path import (
    LEVEL_CANDIDATES,
    LEVELS,
    MASTERY,
    MAX_PATH_TREES,
    Outcome,
    Progress,
    Step,
    follow,
    harder_tree,
    level_seed,
    outcome_of,
    parse_path_algorithm,
    parse_path_start,
    step_request,
)

RIGHT = Outcome(True)
WRONG = Outcome(False)


def named(*ideas: str) -> Outcome:
    return Outcome(False, ideas)


def walk(outcomes: list[Outcome], start: str | None = None) -> Progress:
    """Follow the path as the server does: each next step given, then checked with the next outcome."""
    steps: list[tuple[Step, Outcome | None]] = []
    for outcome in outcomes:
        step = follow(steps, start).next
        assert step is not None, "the path ended before these outcomes"
        steps.append((step, outcome))
    return follow(steps, start)


def test_a_new_path_begins_with_a_first_tree_at_the_first_level() -> None:
    progress = follow([])
    assert progress.next == Step(None, 0) and not progress.pending and progress.trees == 0
    assert progress.to_json()["current"] == {"target": None, "level": 1}


def test_a_tree_given_and_not_checked_is_still_the_next() -> None:
    progress = follow([(Step(None, 0), None)])
    assert progress.pending and progress.next == Step(None, 0) and progress.trees == 0


def test_an_idea_named_is_practised_until_two_in_a_row_are_right_then_a_harder_tree() -> None:
    after_named = walk([named("strict-test")])
    assert after_named.next == Step("strict-test", 0)
    assert after_named.to_json()["ideas"] == [{"id": "strict-test", "name": CATALOGUE["strict-test"].name, "state": "practising",
                                               "streak": 0, "needed": MASTERY, "trees": 0, "shown": 1}]
    one = walk([named("strict-test"), RIGHT])
    assert one.next == Step("strict-test", 0) and one.ideas["strict-test"].streak == 1 and not one.ideas["strict-test"].mastered
    two = walk([named("strict-test"), RIGHT, RIGHT])
    assert two.ideas["strict-test"].mastered and two.queue == []
    assert two.next == Step(None, 1)  # mastered, none waiting: a harder tree
    assert two.to_json()["mastered"] == 1 and two.to_json()["ideas"][0]["state"] == "mastered"


def test_a_path_started_from_an_idea_practises_it_first_then_as_one_named() -> None:
    """"Practise this" on an exercise whose check named the idea: the path begins with that idea."""
    begun = follow([], "strict-test")
    assert begun.next == Step("strict-test", 0) and begun.to_json()["current"]["target"]["id"] == "strict-test"
    assert begun.ideas["strict-test"].shown == 1  # the exercise's check showed it
    one = walk([RIGHT], "strict-test")
    assert one.next == Step("strict-test", 0) and one.ideas["strict-test"].streak == 1
    two = walk([RIGHT, RIGHT], "strict-test")
    assert two.ideas["strict-test"].mastered and two.next == Step(None, 1)  # mastered: a harder tree
    missed = walk([named("strict-test"), RIGHT, RIGHT], "strict-test")
    assert missed.ideas["strict-test"].mastered and missed.trees == 3
    assert walk([named("strict-test")], "strict-test").next.size == 1  # a miss: the next practice tree a size larger
    other = walk([RIGHT, named("fail-hard")], "strict-test")  # wrong for another idea alone: that one is held now
    assert other.queue == ["fail-hard", "strict-test"] and other.next == Step("fail-hard", 0)


@pytest.mark.parametrize("given", ["no-such-idea", 3, ["strict-test"]])
def test_a_paths_start_is_a_catalogue_idea(given: Any) -> None:
    with pytest.raises(InputError, match="start: expected a misconception's id"):
        parse_path_start(given)
    assert parse_path_start(None) is None and parse_path_start("fail-hard") == "fail-hard"


def test_a_wrong_tree_between_right_ones_starts_the_count_again() -> None:
    progress = walk([named("fail-hard"), RIGHT, WRONG, RIGHT])
    assert progress.ideas["fail-hard"].streak == 1 and not progress.ideas["fail-hard"].mastered
    assert progress.next == Step("fail-hard", 0)
    assert walk([named("fail-hard"), RIGHT, WRONG, RIGHT, RIGHT]).ideas["fail-hard"].mastered


def test_a_tree_right_only_after_a_hint_or_the_solution_is_not_right() -> None:
    assert outcome_of(1.0, helped=True, misconceptions=[]) == Outcome(False, ())
    assert outcome_of(1.0, helped=False, misconceptions=[]) == Outcome(True, ())
    assert outcome_of(0.5, helped=False, misconceptions=[{"id": "strict-test"}]) == Outcome(False, ("strict-test",))
    progress = walk([named("strict-test"), RIGHT, outcome_of(1.0, True, [])])
    assert progress.ideas["strict-test"].streak == 0 and progress.next == Step("strict-test", 0)


def test_two_ideas_are_practised_in_the_order_shown_then_a_harder_tree() -> None:
    progress = walk([named("no-pruning", "fail-hard")])
    assert progress.queue == ["no-pruning", "fail-hard"] and progress.next == Step("no-pruning", 0)
    states = {i["id"]: i["state"] for i in progress.to_json()["ideas"]}
    assert states == {"no-pruning": "practising", "fail-hard": "waiting"}
    progress = walk([named("no-pruning", "fail-hard"), RIGHT, RIGHT])
    assert progress.next == Step("fail-hard", 0)  # the next idea they showed, at the same level
    progress = walk([named("no-pruning", "fail-hard"), RIGHT, RIGHT, RIGHT, RIGHT])
    assert progress.next == Step(None, 1) and progress.to_json()["mastered"] == 2


def test_another_idea_named_beside_the_one_practised_waits_behind_it() -> None:
    progress = walk([named("strict-test"), named("strict-test", "fail-hard")])
    assert progress.queue == ["strict-test", "fail-hard"] and progress.next == Step("strict-test", 0)
    assert progress.ideas["strict-test"].streak == 0 and progress.ideas["fail-hard"].shown == 1


def test_a_practice_tree_wrong_for_another_idea_alone_puts_that_idea_first() -> None:
    """The latest check is the best witness: the student holds the idea it named, not the one practised."""
    progress = walk([named("no-pruning"), named("window-not-passed")])
    assert progress.queue == ["window-not-passed", "no-pruning"] and progress.next == Step("window-not-passed", 0)
    progress = walk([named("no-pruning"), named("window-not-passed"), RIGHT, RIGHT])
    assert progress.ideas["window-not-passed"].mastered and progress.next == Step("no-pruning", 0)


def test_each_missed_practice_tree_makes_the_next_one_a_size_larger() -> None:
    """Ideas that answer alike on small trees part on larger ones; a right tree goes back to the student's level."""
    sizes = [walk([named("alpha-not-updated"), *[WRONG] * misses]).next.size for misses in range(5)]  # type: ignore[union-attr]
    assert sizes == [0, 1, 2, 3, 3]
    assert walk([named("alpha-not-updated"), WRONG, WRONG, RIGHT]).next.size == 0  # type: ignore[union-attr]
    assert walk([RIGHT, named("alpha-not-updated"), WRONG]).next.size == 2  # type: ignore[union-attr]
    body = step_request(Step("alpha-not-updated", 0, 2), "alphabeta", "path|who|4")
    assert body["generate"]["depth"] == 3 and body["generate"]["min_branching"] >= 2
    assert (body["generate"]["min_branching"], body["generate"]["max_branching"]) in [(2, 3), (3, 3)]


def test_an_idea_named_again_after_it_was_mastered_is_practised_again() -> None:
    progress = walk([named("strict-test"), RIGHT, RIGHT, named("strict-test")])
    idea = progress.ideas["strict-test"]
    assert not idea.mastered and idea.streak == 0 and idea.shown == 2
    assert progress.next == Step("strict-test", 1)  # at the level reached
    assert walk([named("strict-test"), RIGHT, RIGHT, named("strict-test"), RIGHT, RIGHT]).ideas["strict-test"].mastered


def test_a_wrong_tree_that_names_no_idea_gives_another_tree_of_the_same_level() -> None:
    assert walk([WRONG]).next == Step(None, 0)
    assert walk([RIGHT, WRONG]).next == Step(None, 1)


def test_right_at_every_level_finishes_the_path() -> None:
    progress = walk([RIGHT] * len(LEVELS))
    assert progress.done and progress.next is None
    shown = progress.to_json()
    assert shown["done"] and shown["finished"] == "levels" and shown["current"] is None
    assert shown["level"] == len(LEVELS) == shown["levels"] and shown["trees"] == shown["right"] == len(LEVELS)


def test_mastery_passes_a_level_below_the_last_but_the_last_only_by_its_own_tree() -> None:
    last = len(LEVELS) - 1
    at_last = walk([RIGHT] * last)
    assert at_last.next == Step(None, last)
    progress = walk([RIGHT] * last + [named("strict-test"), RIGHT, RIGHT])
    assert progress.ideas["strict-test"].mastered and not progress.done
    assert progress.next == Step(None, last)  # a hardest tree right is still to come
    assert walk([RIGHT] * last + [named("strict-test"), RIGHT, RIGHT, RIGHT]).to_json()["finished"] == "levels"


def test_the_path_ends_at_its_tree_limit() -> None:
    progress = walk([WRONG] * MAX_PATH_TREES)
    assert progress.done and progress.to_json()["finished"] == "limit" and progress.to_json()["limit"] == MAX_PATH_TREES


def test_a_student_who_holds_an_idea_then_learns_it_finishes() -> None:
    """A student who follows the strict test on every tree until they have seen it named three times, then answers
    right: the path names it, practises it, sees it mastered and goes on to the harder trees."""
    steps: list[tuple[Step, Outcome | None]] = []
    wrong_left = 3
    while (step := follow(steps).next) is not None:
        exercise = parse_exercise(step_request(step, "alphabeta", f"sim|{len(steps)}"))
        slip = following(exercise, "strict-test") if wrong_left else None
        answer = slip if slip is not None else model_answer(exercise)
        checked = check_answer(exercise, answer)
        if slip is not None and checked["misconceptions"]:
            wrong_left -= 1
        steps.append((step, outcome_of(float(checked["score"]), False, checked["misconceptions"])))
        assert len(steps) < 20
    progress = follow(steps)
    assert progress.to_json()["finished"] == "levels"
    assert progress.ideas["strict-test"].mastered and progress.ideas["strict-test"].shown == 3
    assert any(step.target == "strict-test" for step, _ in steps)


@pytest.mark.parametrize("idea", list(CATALOGUE))
def test_a_practice_tree_is_one_on_which_the_idea_changes_the_answer(idea: str) -> None:
    body = step_request(Step(idea, 0), "alphabeta", "path|who|2")
    assert shows(parse_exercise(body), idea)  # an idea of another search is practised on its own search's trees
    largest = step_request(Step(idea, len(LEVELS) - 1), "alphabeta", "path|who|2")  # at the last level too
    assert shows(parse_exercise(largest), idea) and largest["generate"]["depth"] == LEVELS[-1]["depth"]
    assert step_request(Step(idea, 0), "alphabeta", "path|who|2") == body  # the same student and step: the same tree
    assert step_request(Step(idea, 0), "alphabeta", "path|who|3") != body


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "expectiminimax"])
@pytest.mark.parametrize("level", range(len(LEVELS)))
def test_a_harder_tree_has_its_levels_shape_and_the_paths_search(algorithm: str, level: int) -> None:
    body = step_request(Step(None, level), algorithm, "path|who|1")
    exercise = parse_exercise(body)
    assert exercise.algorithm == algorithm
    assert {k: body["generate"][k] for k in LEVELS[level]} == LEVELS[level]


def test_a_harder_tree_is_the_candidate_that_tests_the_most_ideas() -> None:
    ideas = [entry.id for entry in CATALOGUE.values() if any(entry.applies(s) for s in SETTINGS if s.algorithm == "alphabeta")]
    body = harder_tree(0, "alphabeta", "path|who|1")
    chosen = sum(shows(parse_exercise(body), idea) for idea in ideas)
    for attempt in range(LEVEL_CANDIDATES):
        other: dict[str, Any] = {**body, "generate": {**body["generate"], "seed": level_seed("path|who|1", attempt)}}
        assert chosen >= sum(shows(parse_exercise(other), idea) for idea in ideas)
    assert chosen >= 3  # a first tree on which several wrong ideas show, so one can be named


@pytest.mark.parametrize("given, problem", [("maxn", "algorithm: expected one of minimax, alphabeta, expectiminimax"),
                                            (3, "algorithm: expected one of")])
def test_a_path_takes_only_the_searches_it_can_practise(given: Any, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        parse_path_algorithm(given)
    assert parse_path_algorithm(None) == "alphabeta"
