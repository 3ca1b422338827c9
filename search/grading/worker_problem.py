"""A grading problem as the grader's worker rebuilds it: the game the student's code searches and what it is asked,
with none of the engine's searches imported.

The worker runs the student's code; if the engine's minimax or alpha-beta were in its memory, a submission
could run the reference and hand back its run as its own. So the worker builds the game from the problem's
JSON (search.grading.problem.Problem.to_json, already checked by the grader) with the games and trees alone,
and search.grading.child refuses to run the code if any module of ENGINE_SEARCHES was loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from search.games.game import Game, TreeGame
from search.games.registry import named_game
from search.grading.course_problem import course_game
from search.trees.parse import tree_from_json

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax", "maxn")
ENTRIES = {algorithm: f"{algorithm}_search" for algorithm in ALGORITHMS}
"""The function a student's file defines for each algorithm (AIMA 4th ed.'s names: minimax_search, alphabeta_search;
maxn_search for max^n, §5.2.2)."""
ENGINE_SEARCHES = ("search.algorithms", "search.request", "search.misconceptions", "search.library.untraced",
                   "search.library.trace", "search.grading.report", "search.grading.grade_file", "search.labs")
"""Modules that compute the reference (or run the engine's searches): never loaded in the worker."""


@dataclass(frozen=True, slots=True)
class WorkerProblem:
    game: Game[Any, Any]
    depth: int | None
    algorithm: str

    @property
    def entry(self) -> str:
        return ENTRIES[self.algorithm]


def worker_problem(data: dict[str, Any]) -> WorkerProblem:
    """The problem from Problem.to_json: a tree in full, a built-in game and position, or a course's game."""
    algorithm = str(data["algorithm"])
    if "course_game" in data:
        game: Game[Any, Any] = course_game(data["course_game"], chance=algorithm == "expectiminimax")
    elif "tree" in data:
        game = TreeGame(tree_from_json(data["tree"]))
    else:
        game = named_game(data["game"], data.get("state"), data.get("estimate"))
    return WorkerProblem(game, data.get("depth"), algorithm)


def loaded_engine_searches(modules: dict[str, Any]) -> list[str]:
    """Which of ENGINE_SEARCHES are in `modules` (sys.modules)."""
    return sorted(name for name in modules if any(name == s or name.startswith(s + ".") for s in ENGINE_SEARCHES))
