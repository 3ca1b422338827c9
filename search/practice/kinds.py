"""The exercise kinds beyond filling in the search (issue 50), each checked by running the real search on what
the student built: `ordering` (search/practice/ordering_check.py), `make-it-prune` (make_it_prune.py) and
`parsons` (parsons.py). One place says, per kind, what the student's copy adds, how a check, a hint and the
model answer are made, and which search the solution replays; search/practice/check.py hands these kinds here.
"""

from __future__ import annotations

from typing import Any

from search.errors import InputError
from search.practice.diagnosis import mistaken_events, parting
from search.practice.exercise import Exercise
from search.practice.make_it_prune import check_prune, model_leaves, prune_copy
from search.practice.make_it_visit import check_visited, task_words, visited_copy
from search.practice.order_range import OrderRange, order_range, reordered
from search.practice.ordering_check import RULE_WORDS, best_order, check_ordering
from search.practice.parsons import RULE_WORDS as PARSONS_RULE, check_parsons, parsons_copy, parsons_solution
from search.practice.pruning_run import traced_events
from search.traces.check import canonical_text

TASK_WORDS = {
    "ordering": "Order each node's children so that alpha-beta prunes the most: your score is the share of the leaves "
                "an order can save that yours saves.",
    "make-it-prune": "Write the leaves so that alpha-beta prunes exactly the branches marked: each asked prune that "
                     "happens is a mark, each extra prune a wrong one.",
    "parsons": "Put the pseudocode's lines in order and indent them; leave out the lines that do not belong.",
}
"""What the page says a kind asks (the student's copy's `task`)."""
SCORING = {"ordering": RULE_WORDS, "make-it-prune": "prunes: right ÷ (asked + extra)", "parsons": PARSONS_RULE}
VISITED_SCORING = "one mark: right when alpha-beta evaluates exactly the number of leaves asked, wrong for any other count"
"""The "exactly K leaves visited" form's rule (search/practice/make_it_visit.py says why there is no partial credit)."""


def bounds(exercise: Exercise) -> OrderRange:
    """An ordering exercise's fewest and most leaves (worked out once per exercise)."""
    if "order_range" not in exercise._cache:
        exercise._cache["order_range"] = order_range(exercise.tree, exercise.ties)
    return exercise._cache["order_range"]


def copy_for(exercise: Exercise) -> dict[str, Any]:
    """The student's copy of any exercise: a values exercise's own, or what a built kind shows, with its task."""
    if exercise.kind == "values":
        return exercise.student_copy()
    copy = {**exercise.student_copy(), "ask": [], "weights": None, "task": TASK_WORDS[exercise.kind],
            "scoring": SCORING[exercise.kind]}
    if exercise.kind == "make-it-prune" and exercise.visited is not None:
        return {**copy, **visited_copy(exercise.tree, exercise.visited), "task": task_words(exercise.tree, exercise.visited),
                "scoring": VISITED_SCORING}
    if exercise.kind == "make-it-prune":
        return {**copy, **prune_copy(exercise.tree, exercise.prune)}
    if exercise.kind == "parsons":
        return {**copy, **parsons_copy(exercise.tree, exercise.algorithm)}
    return copy


def check_kind(exercise: Exercise, data: Any) -> dict[str, Any]:
    """POST /api/exercises/<id>/check for a non-values exercise (InputError before anything is judged)."""
    if exercise.kind == "ordering":
        return check_ordering(exercise.tree, exercise.ties, bounds(exercise), data)
    if exercise.kind == "make-it-prune" and exercise.visited is not None:
        return check_visited(exercise.tree, exercise.visited, exercise.ties, data)
    if exercise.kind == "make-it-prune":
        return check_prune(exercise.tree, exercise.prune, exercise.ties, data)
    return _same_search(_with_slips(exercise, check_parsons(exercise.tree, exercise.algorithm, data)))


def _same_search(result: dict[str, Any]) -> dict[str, Any]:
    """Every line of the slides' program, no distractor, and a program that searches exactly as the engine does on
    every tree it ran on (the same visits, the same value at every node): right, though some lines stand elsewhere
    than the slides put them (v ← −∞ before the terminal test, α raised before the cut test). `same_search` says so."""
    if result["correct"] or not result.get("runs") or (result.get("program") or {}).get("problem"):
        return result
    if any(m["kind"] in ("distractor", "missing") for m in result["mistakes"]) or not all(run["matches"] for run in result["runs"]):
        return result
    return {**result, "correct": True, "score": 1.0, "right": result["asked"], "extra": 0, "mistakes": [],
            "first_mistake": None, "misconceptions": [], "same_search": True}


def _with_slips(exercise: Exercise, result: dict[str, Any]) -> dict[str, Any]:
    """A Parsons check's misconceptions in the form the page shows a values check's: each with its sentence, the
    marks (lines) it explains, and the step where its search parts from the real one on the exercise's tree (what
    "Watch this slip's search" opens); each of those lines' mistakes names it."""
    found = []
    for slip in result["misconceptions"]:
        lines = set(slip.get("lines", []))
        explains = [{"node": m["node"], "kind": m["kind"]} for m in result["mistakes"] if m["node"] in lines]
        for mistake in result["mistakes"]:
            if mistake["node"] in lines:
                mistake["misconception"] = slip["id"]
        idea = slip["idea"]
        found.append({**slip, "explains": explains, "step": _parting_step(exercise, slip["id"]),
                      "explanation": f"Your program follows {slip['follows']}. {idea[:1].upper()}{idea[1:]}."})
    return {**result, "misconceptions": found}


def _parting_step(exercise: Exercise, misconception: str) -> int:
    """Where the slip's search first differs from the real one on the exercise's tree (0: from the start)."""
    try:
        return parting(exercise.events(), mistaken_events(exercise, misconception))
    except InputError:  # a slip of a setting this tree's search is not (a distractor of another form)
        return 0


def hint_kind(exercise: Exercise, data: Any) -> dict[str, Any]:
    """The first thing the built answer has wrong, with its reason (None when it is right)."""
    result = check_kind(exercise, data)
    return {"hint": result["first_mistake"]}


def model_kind(exercise: Exercise) -> dict[str, Any]:
    """The answer a perfect student sends."""
    if exercise.kind == "ordering":
        return best_order(bounds(exercise))
    if exercise.kind == "make-it-prune":
        return model_leaves({node.id: node.value for node in exercise.tree.walk() if not node.children})  # type: ignore[misc]
    return {"lines": [{"id": line["id"], "indent": line["indent"]} for line in parsons_solution(exercise.tree, exercise.algorithm)]}


def parsons_line_ids(exercise: Exercise) -> dict[str, int | None]:
    """A Parsons exercise's line ids as its instructor reads them, each with its indent in the solution: the
    solution's in order, then the distractors (None: no place in the solution)."""
    solution: dict[str, int | None] = {line["id"]: line["indent"] for line in parsons_solution(exercise.tree, exercise.algorithm)}
    return {**solution, **{line["id"]: None for line in parsons_copy(exercise.tree, exercise.algorithm)["lines"] if line["id"] not in solution}}


def solution_text(exercise: Exercise) -> str:
    """The solution as a saved trace is served (JSON Lines): the main page replays it."""
    return canonical_text(solution_events(exercise))


def solution_events(exercise: Exercise) -> list[dict[str, Any]]:
    """The search the solution replays: alpha-beta on an order that prunes the most, on the witness leaves, or
    the exercise's own search for parsons."""
    if exercise.kind == "ordering":
        return traced_events(reordered(exercise.tree, bounds(exercise).best), exercise.ties)
    return exercise.events()


__all__ = ["bounds", "check_kind", "copy_for", "hint_kind", "model_kind", "solution_events", "solution_text"]
