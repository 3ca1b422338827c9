"""Running a file written against the lecture's depth-limit quiz (search.grading.quiz): in the grader's child
process or in Pyodide, the student's `minimax.py` executed as the module `minimax` with the grader's own
counting terminal_test and GameState, and minimax_decision(GameState(), d) called for each depth.
"""

from __future__ import annotations

import sys
import types
from typing import Any, Callable

from search import limits
from search.grading import quiz_state
from search.grading.student_code import Output, short_repr, student_line, student_traceback
from search.grading.student_game import VisitLimit

DEPTHS = tuple(range(1, 7))
"""The depths checked: 1 is the quiz's own check; from 5 on the whole game is searched (224 terminal tests)."""
ENTRY = "minimax_decision"


def quiz_task(payload: dict[str, Any], enter: Callable[[], None] | None = None) -> dict[str, Any]:
    """The child's task (search.grading.child TASKS["quiz"]): run the file's source, return the runs as JSON;
    `enter` is called just before the student's code runs."""
    return run_quiz(str(payload["source"]), str(payload.get("filename") or "minimax.py"),
                    tuple(payload.get("depths") or DEPTHS), enter)


def run_quiz(source: str, filename: str = "minimax.py", depths: tuple[int, ...] = DEPTHS,
             enter: Callable[[], None] | None = None) -> dict[str, Any]:
    """Execute `source` as the module `minimax` and call minimax_decision(GameState(), d) for each depth d.

    Returns {"runs": [{"depth", "tested", "move", "move_text", "error"}], "error": a file-level error or None,
    "output": what the file printed}. Never raises for what the student wrote."""
    answer: dict[str, Any] = {"runs": [], "error": None, "output": ""}
    try:
        code = compile(source, filename, "exec")
    except SyntaxError as error:
        answer["error"] = {"kind": "syntax", "message": f"{type(error).__name__}: {error.msg}", "line": error.lineno,
                           "traceback": ""}
        return answer
    module = types.ModuleType("minimax")
    module.__file__ = filename
    output = Output()
    gamestate = _gamestate_module()
    if enter is not None:
        enter()
    saved_modules = {name: sys.modules.get(name) for name in ("minimax", "gamestate")}
    saved_streams = sys.stdout, sys.stderr
    sys.modules["minimax"], sys.modules["gamestate"] = module, gamestate
    sys.stdout = sys.stderr = output  # type: ignore[assignment]
    try:
        try:
            exec(code, module.__dict__)
        except (Exception, SystemExit, VisitLimit) as error:
            answer["error"] = _error(error, filename, "running the file")
            return answer
        counter = _install_quiz_api(module)
        entry = module.__dict__.get(ENTRY)
        if not callable(entry):
            answer["error"] = {"kind": "entry", "message": f"the file defines no {ENTRY}(gameState, depth)", "line": None,
                               "traceback": ""}
            return answer
        for depth in depths:
            answer["runs"].append(_run_depth(entry, module, counter, depth, filename))
            if (answer["runs"][-1]["error"] or {}).get("kind") == "limit":
                break  # a search in a loop: the deeper depths would only loop longer
    finally:
        sys.stdout, sys.stderr = saved_streams
        for name, saved in saved_modules.items():
            if saved is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = saved
        answer["output"] = "".join(output.parts)
    return answer


class _Counter:
    calls = 0


def _install_quiz_api(module: types.ModuleType) -> _Counter:
    """Put the grader's counting terminal_test and GameState in the module, over any the file defines."""
    counter = _Counter()
    namespace = module.__dict__

    def terminal_test(gameState: Any) -> bool:
        """ Return True if the game is over for the active player and False otherwise (counted by the grader)."""
        counter.calls += 1
        if counter.calls > limits.GRADE_MAX_VISITS:
            raise VisitLimit(f"terminal_test was called more than {limits.GRADE_MAX_VISITS:,} times")
        namespace["call_counter"] = counter.calls  # what the quiz's test reads
        return not bool(gameState.get_legal_moves())

    namespace.update(terminal_test=terminal_test, GameState=quiz_state.GameState, call_counter=0)
    return counter


def _gamestate_module() -> types.ModuleType:
    """A fresh `gamestate` module holding the quiz's GameState (`import gamestate as game`)."""
    module = types.ModuleType("gamestate", quiz_state.__doc__)
    module.__dict__.update(GameState=quiz_state.GameState, xlim=quiz_state.xlim, ylim=quiz_state.ylim)
    return module


def _run_depth(entry: Callable[..., Any], module: types.ModuleType, counter: _Counter, depth: int,
               filename: str) -> dict[str, Any]:
    counter.calls = 0
    module.__dict__["call_counter"] = 0
    run: dict[str, Any] = {"depth": depth, "tested": None, "move": None, "move_text": "", "error": None}
    try:
        move = entry(quiz_state.GameState(), depth)
    except (Exception, SystemExit, VisitLimit) as error:
        run["error"] = _error(error, filename, f"{ENTRY}(GameState(), {depth})")
        run["tested"] = counter.calls
        return run
    run.update(tested=counter.calls, move=_move_json(move), move_text=_move_text(move))
    return run


def _error(error: BaseException, filename: str, doing: str) -> dict[str, Any]:
    if isinstance(error, VisitLimit):
        kind, message = "limit", f"{error}: is it searching in a loop?"
    elif isinstance(error, RecursionError):
        kind, message = "exception", "RecursionError: the search calls itself without end (is the depth limit missing?)"
    elif isinstance(error, SystemExit):
        kind, message = "exception", f"the file called exit() while {doing}"
    else:
        kind, message = "exception", f"{type(error).__name__}: {error}"
    return {"kind": kind, "message": message, "line": student_line(error, filename),
            "traceback": student_traceback(error, filename)}


def _move_json(move: Any) -> list[int] | None:
    """A move as the quiz writes it, a (column, row) pair, as JSON [x, y]; None for anything else."""
    if isinstance(move, (tuple, list)) and len(move) == 2 and all(type(c) is int for c in move):
        return [move[0], move[1]]
    return None


def _move_text(move: Any) -> str:
    return short_repr(tuple(move) if isinstance(move, list) else move)
