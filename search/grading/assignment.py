"""An assignment's config (`python -m search grade S.py --config assignment.toml`): several problems, each with a
name, its points and Gradescope's visibility, read from one TOML file and validated before anything is graded.

Every error is one InputError naming the problem (its index and name) and the key, so a course fixes its config
from one line; a config with any error grades nothing (docs/grading.md, "An assignment's config").
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from search import limits
from search.errors import InputError, quoted, shortened
from search.grading import problem as problems
from search.grading.course_problem import course_game_fields
from search.grading.problem import Problem
from search.trees.node import EXAMPLES
from search.trees.parse import parse_tree_text
from search.trees.random_trees import RandomTreeSpec, random_tree

VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
"""Gradescope's values for a test's (and the results') visibility."""
INPUTS = ("example", "tree", "random", "game", "game_class")
"""The ways to say what a problem searches: exactly one per problem."""
PROBLEM_KEYS = ("name", "algorithm", *INPUTS, "state", "estimate", "depth", "ties", "returns", "points", "visibility",
                "time_limit")
TOP_KEYS = ("time_limit", "visibility", "problem")
RANDOM_KEYS = ("seed", "depth", "branching", "values")
FILE_INPUTS = ("tree", "game_class")
"""Inputs naming a file, relative to the config's folder (the autograder copies them into its zip)."""


@dataclass(frozen=True, slots=True)
class AssignmentProblem:
    """One problem of the config: the search asked for, what it is worth, who sees it, how long it may run."""

    index: int  # 1-based, as errors and the printed report count
    name: str
    problem: Problem
    points: float
    visibility: str
    time_limit: float | None  # seconds; None: the grader's default for the problem
    raw: dict[str, Any]  # the problem's table as written (the autograder rewrites its file paths)


@dataclass(frozen=True, slots=True)
class Assignment:
    path: Path
    problems: tuple[AssignmentProblem, ...]
    visibility: str
    raw: dict[str, Any]  # the whole config as written

    @property
    def max_score(self) -> float:
        return sum(p.points for p in self.problems)

    def entries(self) -> list[str]:
        """The functions a submission defines, in the problems' order, each once (run_autograder picks the file by them)."""
        return list(dict.fromkeys(p.problem.entry for p in self.problems))


def load_assignment(path: Path) -> Assignment:
    """Read and validate the config at `path`; InputError names the file, the problem and the key."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(str(path), f"cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(str(path), "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(str(path), f"not TOML: {error}") from None
    try:
        return parse_assignment(data, path)
    except InputError as error:
        raise InputError(f"{path}: {error.where}" if error.where else str(path), error.problem) from None


def parse_assignment(data: dict[str, Any], path: Path) -> Assignment:
    """The config's parsed TOML to an Assignment; paths are relative to `path`'s folder."""
    _known(data, TOP_KEYS, "the config")
    time_limit = _time_limit(data.get("time_limit"), "time_limit")
    visibility = _visibility(data.get("visibility", "visible"), "visibility")
    tables = data.get("problem")
    if not isinstance(tables, list) or not tables or not all(isinstance(t, dict) for t in tables):
        raise InputError("problem", "expected one or more [[problem]] tables")
    seen: dict[str, int] = {}
    parsed = []
    for index, table in enumerate(tables, start=1):
        name = table.get("name")
        label = f"problem {index}" + (f" ({quoted(name)})" if isinstance(name, str) and name else "")
        try:
            item = _problem(index, table, path.parent, time_limit)
        except InputError as error:
            raise InputError(f"{label}: {error.where}" if error.where else label, error.problem) from None
        if item.name in seen:
            raise InputError(f"{label}: name", f"problem {seen[item.name]} has the same name (Gradescope lists tests by name)")
        seen[item.name] = index
        parsed.append(item)
    return Assignment(path, tuple(parsed), visibility, data)


def _problem(index: int, table: dict[str, Any], folder: Path, default_time: float | None) -> AssignmentProblem:
    _known(table, PROBLEM_KEYS, "a problem")
    name = table.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InputError("name", "expected the problem's name (what Gradescope shows the student)")
    algorithm = table.get("algorithm")
    if algorithm is None:
        raise InputError("algorithm", f"say which search the file implements: {', '.join(problems.ALGORITHMS)}")
    if algorithm not in problems.ALGORITHMS:
        raise InputError("algorithm", f"expected one of {', '.join(problems.ALGORITHMS)}, got {quoted(algorithm)}")
    given = [key for key in INPUTS if key in table]
    if len(given) != 1:
        raise InputError(given[1] if given else "", "give exactly one input: example, tree, random, game or game_class"
                         + (f" (got {' and '.join(given)})" if given else ""))
    for key, goes_with in (("state", "game"), ("estimate", "game")):
        if key in table and "game" not in table:
            raise InputError(key, f"goes with {goes_with}")
    for key in ("ties", "returns"):
        if key in table and algorithm != "alphabeta":
            raise InputError(key, f"goes with algorithm = \"alphabeta\" (only alpha-beta prunes), not {quoted(algorithm)}")
    fields: dict[str, Any] = {"algorithm": algorithm, "depth": _whole(table.get("depth"), "depth"),
                              "ties": table.get("ties"), "returns": table.get("returns")}
    fields.update(_input(given[0], table, folder))
    points = table.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points) or points < 0:
        raise InputError("points", f"expected a number of points, 0 or more, got {quoted(points)}")
    time_limit = _time_limit(table.get("time_limit"), "time_limit")
    problem = Problem.from_request(fields)
    return AssignmentProblem(index, name, problem, float(points), _visibility(table.get("visibility", "visible"), "visibility"),
                             default_time if time_limit is None else time_limit, table)


def _input(key: str, table: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The problem's input as Problem.from_request's fields: an example, a tree (from a file or drawn), a game, a course's game."""
    value = table[key]
    if key == "example":
        if value not in EXAMPLES:
            raise InputError("example", f"expected one of {', '.join(EXAMPLES)}, got {quoted(value)}")
        return {"example": value}
    if key == "tree":
        text = _read(_file(value, folder, "tree"), "tree")
        try:
            return {"tree": parse_tree_text(text).to_json()}
        except InputError as error:
            raise InputError("tree", f"{shortened(value)}: {error}") from None
    if key == "random":
        return {"tree": random_tree(_random_spec(value)).to_json()}
    if key == "game":
        if not isinstance(value, str):
            raise InputError("game", f"expected a game's name, got {quoted(value)}")
        return {"game": value, "state": table.get("state"), "estimate": table.get("estimate")}
    if not isinstance(value, str) or ":" not in value:
        raise InputError("game_class", f'expected "FILE.py:ClassName", got {quoted(value)}')
    try:
        return course_game_fields(value, folder)
    except InputError as error:
        raise InputError(f"game_class: {error.where}" if error.where else "game_class", error.problem) from None


def _random_spec(value: Any) -> RandomTreeSpec:
    """random = {seed = 4, depth = 4, branching = [2, 3], values = [-10, 10]} (search.trees.random_trees' generator)."""
    if not isinstance(value, dict):
        raise InputError("random", "expected {seed = N, depth = N, branching = [MIN, MAX]} (values = [MIN, MAX] optional)")
    unknown = sorted(set(value) - set(RANDOM_KEYS))
    if unknown:
        raise InputError(f"random.{shortened(unknown[0])}", f"unknown key: random takes {', '.join(RANDOM_KEYS)}")
    spec = RandomTreeSpec()
    if "seed" not in value:
        raise InputError("random.seed", "give the seed (the same seed draws the same tree for every student)")
    spec.seed = _whole(value["seed"], "random.seed")  # type: ignore[assignment]
    if "depth" in value:
        spec.depth = _whole(value["depth"], "random.depth")  # type: ignore[assignment]
    for key in ("branching", "values"):
        if key in value:
            pair = value[key]
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
                raise InputError(f"random.{key}", f"expected [MIN, MAX], two whole numbers, got {quoted(pair)}")
            if key == "branching":
                spec.min_branching, spec.max_branching = pair
            else:
                spec.min_value, spec.max_value = pair
    try:
        spec.check()
    except InputError as error:
        raise InputError(f"random.{error.where}" if error.where else "random", error.problem) from None
    return spec


def _file(value: Any, folder: Path, key: str) -> Path:
    if not isinstance(value, str) or not value:
        raise InputError(key, f"expected a file's path (relative to the config's folder), got {quoted(value)}")
    return folder / value


def _read(file: Path, key: str) -> str:
    try:
        with open(file, encoding="utf-8") as handle:
            return handle.read(limits.MAX_PAYLOAD_BYTES + 1)
    except OSError as error:
        raise InputError(key, f"{file}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(key, f"{file}: not UTF-8 text") from None


def _known(table: dict[str, Any], keys: tuple[str, ...], what: str) -> None:
    unknown = [key for key in table if key not in keys]
    if unknown:
        raise InputError(shortened(unknown[0]), f"unknown key: {what} has {', '.join(keys)}")


def _whole(value: Any, key: str) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise InputError(key, f"expected a whole number, got {quoted(value)}")
    return value


def _time_limit(value: Any, key: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0 \
            or value > limits.GRADE_MAX_TIMEOUT_SECONDS:
        raise InputError(key, f"expected a number of seconds above 0, at most {limits.GRADE_MAX_TIMEOUT_SECONDS}, "
                              f"got {quoted(value)}")
    return float(value)


def _visibility(value: Any, key: str) -> str:
    if value not in VISIBILITIES:
        raise InputError(key, f"expected one of {', '.join(VISIBILITIES)} (Gradescope's), got {quoted(value)}")
    return value
