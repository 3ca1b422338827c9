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

from search.algorithms.registry import REGISTRY, averages_chance
from search.games.game import Game, TreeGame
from search.games.registry import named_game
from search.grading.course_problem import course_game
from search.trees.parse import tree_from_json

ENTRIES = {a.id: a.student_entry for a in REGISTRY.values() if a.student_entry is not None}
"""The function a student's file defines for each algorithm (AIMA 4th ed.'s names: minimax_search, alphabeta_search;
maxn_search for max^n, §5.2.2), from the registry's data-only descriptors (no search is imported)."""
ALGORITHMS = tuple(ENTRIES)
"""The searches a student's file can implement."""
ENGINE_SEARCHES = ("search.algorithms", "search.request", "search.misconceptions", "search.library.untraced",
                   "search.library.trace", "search.grading.report", "search.grading.grade_file", "search.labs")
"""Modules that compute the reference (or run the engine's searches): never loaded in the worker."""
DATA_ONLY = ("search.algorithms", "search.algorithms.registry", "search.algorithms.descriptor", "search.algorithms.descriptors")
"""Within search.algorithms, the modules that hold names and no search (the registry and its descriptors): the
worker reads ids and entry names from them (tests/engine/test_algorithm_registry.py checks they import no search)."""


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
        game: Game[Any, Any] = course_game(data["course_game"], chance=averages_chance(algorithm))
    elif "tree" in data:
        game = TreeGame(tree_from_json(data["tree"]))
    else:
        game = named_game(data["game"], data.get("state"), data.get("estimate"))
    return WorkerProblem(game, data.get("depth"), algorithm)


def loaded_engine_searches(modules: dict[str, Any]) -> list[str]:
    """Which of ENGINE_SEARCHES are in `modules` (sys.modules)."""
    return sorted(name for name in modules if any(name == s or name.startswith(s + ".") for s in ENGINE_SEARCHES)
                  and not data_only(name))


def data_only(name: str) -> bool:
    """Whether module `name` is one of DATA_ONLY (a descriptor module among them)."""
    return name in DATA_ONLY or name.startswith("search.algorithms.descriptors.")
