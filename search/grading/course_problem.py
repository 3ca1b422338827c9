"""A course's own game as a grading problem: a GameBase class in a file (search.library), given as FILE.py:ClassName.

The student's code runs in another process (the grader's child, search.grading.sandbox; the code lab's Web
Worker), which rebuilds the problem from its JSON: so the problem carries the course's source text, and both
sides make the game from it the same way (`course_game`). The source is the instructor's, trusted as the
grader itself is; it runs in a fresh module namespace and may `import search` for GameBase.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from search import limits
from search.errors import InputError, quoted
from search.library.course_game import CourseGame
from search.library.game_base import GameBase

FIELDS = ("source", "file", "class", "state")
"""A problem's "course_game": the file's text, its name (for messages and tracebacks), the class, and
optionally the position to search from, as a Python literal ("((1, 2), 'Ann')"; the class's initial if left out)."""


def course_game_fields(spec: str, relative_to: Path) -> dict[str, Any]:
    """The problem fields of FILE.py:ClassName (FILE relative to `relative_to` unless absolute), checked: the file
    is read and the class made once, so a slip in it is one line naming the file (and line) here, not in the run."""
    file, _, name = spec.rpartition(":")
    if not file or not name.isidentifier():
        raise InputError(spec, "expected FILE.py:ClassName, a GameBase class in a Python file")
    path = Path(file) if Path(file).is_absolute() else relative_to / file
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(file, f"cannot read: {error.strerror}") from None
    if len(data) > limits.MAX_PAYLOAD_BYTES:
        raise InputError(file, f"larger than {limits.MAX_PAYLOAD_BYTES:,} bytes")
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(file, "not UTF-8 text") from None
    fields = {"source": source, "file": file, "class": name}
    course_game(fields)
    return {"course_game": fields}


def course_game(data: Any, chance: bool = False) -> CourseGame:
    """The engine's game of a problem's "course_game" object (FIELDS); `chance`: the algorithm has a rule for
    chance nodes (expectiminimax)."""
    if not isinstance(data, dict):
        raise InputError("course_game", "expected an object with source, file and class")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise InputError(f"course_game.{unknown[0]}", f"unknown field: a course game has {', '.join(FIELDS)}")
    source, file, name = data.get("source"), data.get("file", "game.py"), data.get("class")
    for field, value in (("source", source), ("file", file), ("class", name)):
        if not isinstance(value, str):
            raise InputError(f"course_game.{field}", "expected a text")
    made = game_class(source, file, name)
    try:
        instance = made()
    except Exception as error:  # the course's __init__ raised
        raise InputError(f"{file}:{name}", f"{name}() failed: {type(error).__name__}: {error}") from None
    state = _state(data.get("state"))
    if state is None and not hasattr(instance, "initial"):
        raise InputError(f"{file}:{name}", "has no initial state: set initial = ... in the class or in __init__")
    try:
        course = CourseGame(instance, state, chance=chance)
    except InputError:  # already names the field (players, state)
        raise
    except Exception as error:  # the course's to_move, actions or result raised
        raise InputError(f"{file}:{name}", f"{type(error).__name__}: {error}") from None
    if course.is_terminal(course.initial):
        raise InputError("course_game.state", "the game is over in this position: there is nothing to search")
    return course


def game_class(source: str, file: str, name: str) -> type[GameBase]:
    """The class `name` of the course's `source`, executed as `file` in a module of its own."""
    try:
        code = compile(source, file, "exec")
    except SyntaxError as error:
        raise InputError(f"{file}:{error.lineno}", f"{type(error).__name__}: {error.msg}") from None
    module: dict[str, Any] = {"__name__": f"course_{Path(file).stem}", "__file__": file}
    try:
        exec(code, module)
    except Exception as error:  # e.g. GameBase's own check: a class that does not write utility(state, player)
        raise InputError(file, f"{type(error).__name__}: {error}") from None
    found = module.get(name)
    if found is None:
        classes = sorted(key for key, value in module.items() if isinstance(value, type) and issubclass(value, GameBase)
                         and value is not GameBase)
        hint = f" (it defines {', '.join(classes)})" if classes else ""
        raise InputError(file, f"no class {name}{hint}")
    if not (isinstance(found, type) and issubclass(found, GameBase)):
        raise InputError(f"{file}:{name}", "not a GameBase subclass (class Name(search.GameBase): ..., docs/library.md)")
    return found


def _state(text: Any) -> Any:
    if text is None:
        return None
    if not isinstance(text, str):
        raise InputError("course_game.state", "expected a Python literal as text, e.g. \"((1, 2), 'Ann')\"")
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise InputError("course_game.state", f"expected a Python literal, got {quoted(text)}") from None
