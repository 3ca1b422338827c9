"""Run a student's file against the instrumented game and keep what its search did: a StudentRecord.

In-process: the caller isolates it (the CLI's grader runs this in a child process with a time and a
memory limit, search.grading.sandbox; the code lab in a Web Worker the page can end). The student's
module is executed as `filename` so tracebacks and line numbers are the student's own.

Values: where the student's code has functions named like the slides' (max_value, min_value,
chance_value), top-level or nested, what each returns is recorded as the value of the position it was
called on (a (value, move) pair counts as its value, as AIMA 4th ed.'s code returns): search.grading.value_hook.
"""

from __future__ import annotations

import inspect
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from search import limits
from search.grading.student_code import Output, short_repr, student_line, student_traceback
from search.grading.student_game import GameUseError, Position, StudentGame, VisitLimit
from search.grading.value_hook import WATCH, compile_watched, watch_decorator
from search.grading.values import json_value
from search.grading.worker_problem import ENTRIES


class StudentProblem(Protocol):
    """What a run needs of a problem: the grader's Problem (search.grading.problem, the code lab's) or the worker's
    WorkerProblem (search.grading.worker_problem, built without the engine's searches)."""

    @property
    def game(self) -> Any: ...
    @property
    def depth(self) -> int | None: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def entry(self) -> str: ...


@dataclass(slots=True)
class Step:
    kind: str  # "visit", "leaf" (utility or evaluate) or "value" (a max_value/min_value/chance_value/maxn_value return)
    position: Position
    value: Any = None  # a number, or a max^n vector
    how: str = ""  # a leaf's "utility" | "estimate"; a value's function name


@dataclass(slots=True)
class StudentError:
    kind: str  # "syntax", "exception", "entry", "limit"
    message: str
    line: int | None = None
    traceback: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "line": self.line, "traceback": self.traceback}


@dataclass(slots=True)
class StudentRecord:
    game: StudentGame
    steps: list[Step] = field(default_factory=list)
    returned: Any = None  # what the entry point returned (a move)
    error: StudentError | None = None
    values_recorded: bool = False  # the module has a function named like the slides'
    output: str = ""

    def to_json(self) -> dict[str, Any]:
        """The run as data (a StudentRun, docs/grading.md): what the grader's child process hands back, and what
        search.grading.report judges. Positions become their ids; values are the engine's (for MAX)."""
        engine = self.game.engine
        steps: list[dict[str, Any]] = []
        for step in self.steps:
            position = step.position
            if step.kind == "visit":
                described = engine.describe(position.state, position.move)
                steps.append({"kind": "visit", "node": position.id,
                              "parent": None if position.parent is None else position.parent.id,
                              "depth": position.depth, "player": position.player,
                              **(described if isinstance(described, dict) else {})})
            else:
                steps.append({"kind": step.kind, "node": position.id, "player": position.player,
                              "root": position.parent is None, "value": json_value(step.value), "how": step.how})
        chosen = self.game.engine_move(self.returned) if self.error is None else None
        return {"steps": steps, "child": None if chosen is None else chosen[0],
                "move": None if chosen is None else engine.move_json(chosen[1]),
                "returned": None if chosen is not None or self.error is not None else short_repr(self.returned),
                "error": None if self.error is None else self.error.to_json(), "values_recorded": self.values_recorded,
                "output": self.output}


def run_student(source: str, problem: StudentProblem, filename: str = "student.py",
                enter: Callable[[], None] | None = None) -> StudentRecord:
    """Execute `source`, call its entry point on the problem's start, and record the search. `enter` is called
    just before the student's code first runs (the grader's worker locks itself in and starts the clock)."""
    record = StudentRecord(StudentGame(problem.game, problem.depth, lambda *step: record.steps.append(Step(*step))))
    try:
        code, record.values_recorded = compile_watched(source, filename)
    except SyntaxError as error:
        record.error = StudentError("syntax", f"{type(error).__name__}: {error.msg}", error.lineno,
                                    "".join(traceback.format_exception_only(type(error), error)))
        return record
    except (ValueError, RecursionError, MemoryError) as error:  # a null byte, nesting too deep for the compiler
        record.error = StudentError("syntax", f"the file cannot be compiled: {type(error).__name__}: {error}")
        return record
    game = record.game
    module: dict[str, Any] = {"__name__": "student", "__file__": filename, WATCH: watch_decorator(
        lambda position, value, name: record.steps.append(Step("value", position, game.value_for_max(value), name)),
        game.read_value)}
    output = Output()
    if enter is not None:
        enter()
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = output  # type: ignore[assignment]
    try:
        exec(code, module)
        entry = _entry(module, problem, record)
        if entry is not None:
            record.returned = entry(*_arguments(entry, game, problem))
    except VisitLimit as error:
        record.error = StudentError("limit", f"{error}: is it searching in a loop?", student_line(error, filename),
                                    student_traceback(error, filename))
    except RecursionError as error:
        record.error = StudentError("exception", "RecursionError: the search calls itself without end (is the depth "
                                    "or the terminal test missing?)", student_line(error, filename),
                                    student_traceback(error, filename))
    except MemoryError as error:
        record.error = StudentError("exception", "MemoryError: the search ran out of memory (the grader's limit is "
                                    f"{limits.GRADE_MEMORY_BYTES // 1_000_000:,} MB)", student_line(error, filename),
                                    student_traceback(error, filename))
    except SystemExit as error:  # exit() in the student's file: not the grader's to obey
        record.error = StudentError("exception", "the file called exit() (sys.exit): a search returns its move instead",
                                    student_line(error, filename), student_traceback(error, filename))
    except BaseException as error:  # the student's bug (even a KeyboardInterrupt it raised), at the student's line
        name = "" if isinstance(error, GameUseError) else f"{type(error).__name__}: "
        record.error = StudentError("exception", f"{name}{error}", student_line(error, filename),
                                    student_traceback(error, filename))
    finally:
        sys.stdout, sys.stderr = saved
        record.output = "".join(output.parts)
    return record


def _entry(module: dict[str, Any], problem: StudentProblem, record: StudentRecord) -> Any:
    entry = module.get(problem.entry)
    if callable(entry):
        return entry
    others = [name for name in ENTRIES.values() if callable(module.get(name))]
    hint = f" (it defines {', '.join(others)}: this problem asks for {problem.algorithm})" if others else ""
    record.error = StudentError("entry", f"the file defines no {problem.entry}(game, state){hint}")
    return None


def _arguments(entry: Any, game: StudentGame, problem: StudentProblem) -> tuple[Any, ...]:
    """(game, state), and the depth limit as a third argument when the problem has one and the function takes one."""
    if problem.depth is None:
        return game, game.initial
    try:
        parameters = [p for p in inspect.signature(entry).parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        parameters = []
    return (game, game.initial, problem.depth) if len(parameters) >= 3 else (game, game.initial)
