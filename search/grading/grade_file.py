"""`python -m search grade STUDENT.py ...` without the command line: a student's file graded against the
reference, its code run in a child process (search.grading.sandbox), the verdict judged here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from search import limits
from search.errors import InputError
from search.grading.outcome import DIFFERS, MATCH, NOT_JUDGED, GradedTest, GradeOutcome
from search.grading.problem import Problem
from search.grading.report import judge
from search.grading.run_shape import checked_run
from search.grading.sandbox import lock_notes, run_in_child
from search.grading.walks import shown_move, shown_number
from search.misconceptions import CATALOGUE
from search.traces.json_values import from_json_number
from search.traces.recorder import Recorder


def read_student_file(path: Path) -> str:
    """The student's file as text, or InputError naming it (missing, not UTF-8, too large)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(str(path), f"cannot read: {error.strerror}") from None
    if len(data) > limits.MAX_PAYLOAD_BYTES:
        raise InputError(str(path), f"larger than {limits.MAX_PAYLOAD_BYTES:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(str(path), "not UTF-8 text") from None


def unreadable(error: InputError) -> str:
    """What a student is told of a file that cannot be read (every problem's output, and results.json's)."""
    return f"Your file could not be graded: {error}."


def grade_file(path: Path, problem: Problem, timeout: float | None = None,
               memory: int = limits.GRADE_MEMORY_BYTES, events: bool = False) -> GradeOutcome:
    """Run the student's file locked in (search.grading.sandbox) and judge it against the reference. timeout: CPU
    seconds of the student's code; None gives the default for the problem's size (default_time_limit)."""
    return grade_source(read_student_file(path), path, problem, timeout, memory, events)


def grade_source(source: str, path: Path, problem: Problem, timeout: float | None = None,
                 memory: int = limits.GRADE_MEMORY_BYTES, events: bool = False) -> GradeOutcome:
    """grade_file on the file's text, read once by a caller grading it on several problems."""
    reference = reference_events(problem)
    if timeout is None:
        timeout = default_time_limit(reference)
    payload = {"source": source, "filename": str(path.resolve()), "problem": problem.to_json()}
    outcome = run_in_child("grade", payload, timeout, memory)
    if outcome.result is None:
        clock = "on the clock" in outcome.detail
        words = {"timeout": f"{outcome.detail} (the limit is {timeout:g} s of CPU): is it waiting (sleep, input) instead of "
                            "searching?" if clock else f"stopped at the time limit ({timeout:g} s of CPU): is there an endless loop?",
                 "memory": f"stopped at the memory limit ({memory // 1_000_000:,} MB)",
                 "refused": f"the grader could not lock the code in, so did not run it: {outcome.detail}"}.get(
                     outcome.stopped or "", f"the run crashed: {outcome.detail.strip()[-300:]}")
        run: dict[str, Any] = {"steps": [], "error": {"kind": outcome.stopped or "crashed", "message": words, "line": None,
                                                      "traceback": ""}}
    else:
        run = outcome.result
    try:
        report = judge(checked_run(run), problem, events=events, reference_events=reference)
    except (InputError, KeyError, TypeError, ValueError, AttributeError, RecursionError) as error:  # not a run: nothing to judge
        report = judge({"steps": [], "error": {"kind": "crashed", "message": f"the run's record is broken: {error}",
                                               "line": None, "traceback": ""}}, problem, events=events,
                       reference_events=reference)
    graded = outcome_of(report, path.name)
    graded.cpu = outcome.cpu
    graded.add_notes(lock_notes(outcome))
    return graded


def reference_events(problem: Problem) -> list[dict[str, Any]]:
    """The engine's search of the problem (run once: it sizes the time limit and is what the student is judged against)."""
    recorder = Recorder()
    problem.request.run(recorder)
    return recorder.events()


def default_time_limit(reference: list[dict[str, Any]]) -> float:
    """GRADE_TIMEOUT_SECONDS, and GRADE_SECONDS_PER_POSITION for each position the reference visits (at most
    GRADE_MAX_TIMEOUT_SECONDS): a correct search of a big problem is not stopped for being slow."""
    visits = sum(1 for event in reference if event.get("type") == "visit")
    return min(limits.GRADE_MAX_TIMEOUT_SECONDS,
               round(limits.GRADE_TIMEOUT_SECONDS + visits * limits.GRADE_SECONDS_PER_POSITION, 1))


def outcome_of(report: dict[str, Any], name: str) -> GradeOutcome:
    """The exit code, the words to print and Gradescope's tests for a report."""
    verdict = report["verdict"]
    code = {"match": MATCH, "differs": DIFFERS}.get(verdict, NOT_JUDGED)
    lines = [report["headline"]]
    if report["misconception"] is not None:
        m = report["misconception"]
        lines.append(f"It matches {m['follows']} (the misconception \"{m['name']}\"). The idea: {m['idea']}.")
        if report["also"]:
            lines.append(f"The same search comes from {_followed(report['also'])}.")
    if verdict == "match" and report["same_search"]:
        lines.append(f"Note: on this problem {_followed(report['same_search'])} search the same way; a problem where "
                     "they differ tells them apart.")
    if verdict != "error" and not report["values_recorded"]:
        lines.append("Values were not checked: name your functions max_value and min_value (chance_value; maxn_value for "
                     "max^n) to have them checked.")
    error = report["error"]
    if error is not None and error.get("traceback"):
        lines.append(error["traceback"].rstrip())
    student, reference = report["student"], report["reference"]
    if verdict != "error":
        lines.append(f"Your search: {_facts(student)}. Reference: {_facts(reference)}.")
    text = "\n".join(lines)
    tests = [GradedTest(f"{report['entry']}: {report['title']}", 1.0 if code == MATCH else 0.0, 1.0, text)]
    return GradeOutcome(code, text, tests, report)


def _facts(side: dict[str, Any]) -> str:
    """"9 positions, value 3, move B": a search's summary, its move named as the page names it ("X 4")."""
    value = "" if side["value"] is None else f", value {shown_number(from_json_number(side['value']))}"
    return f"{side['visited']} positions{value}, move {side.get('name') or shown_move(side['move'])}"


def _followed(ids: list[str]) -> str:
    """Misconceptions by what a search with them is: "alpha-beta with the window not passed down and ..."."""
    names = [CATALOGUE[i].follows for i in ids if i in CATALOGUE]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
