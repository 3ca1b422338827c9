"""`python -m search grade FILE.py --quiz ...`: the lecture's quiz (search.grading.quiz) run in a child process.

Apart from search.grading.quiz because the code lab imports that one in Pyodide, which has no child processes:
this module needs the sandbox (search.grading.sandbox).
"""

from __future__ import annotations

from pathlib import Path

from search import limits
from search.grading.grade_file import read_student_file
from search.grading.outcome import DIFFERS, MATCH, NOT_JUDGED, GradeOutcome
from search.grading.quiz import DEPTHS, _check_quiz, _report, graded_tests, judge, report_text
from search.grading.sandbox import ChildOutcome, lock_notes, run_in_child

EXIT_CODES = {"match": MATCH, "differs": DIFFERS, "error": NOT_JUDGED}


def grade_quiz(student: Path, quiz: str, timeout: float = limits.GRADE_TIMEOUT_SECONDS) -> GradeOutcome:
    """`python -m search grade FILE.py --quiz isolation-depth-limit`: run the file in a child process with the
    time and memory limits and judge it. Exit 0 match, 1 differs, 2 cannot be judged."""
    _check_quiz(quiz)
    source = read_student_file(Path(student))
    done = run_in_child("quiz", {"source": source, "filename": str(student), "depths": list(DEPTHS)}, timeout)
    if done.result is not None:
        try:
            report = judge(done.result, quiz)
        except (KeyError, TypeError, ValueError, AttributeError) as error:  # the child's answer is not a run
            done = ChildOutcome(None, "broken", f"{type(error).__name__}: {error}")
        else:
            graded = GradeOutcome(EXIT_CODES[report["verdict"]], report_text(report), graded_tests(report), report, done.cpu)
            graded.add_notes(lock_notes(done))
            return graded
    message = _stopped_words(done.stopped or "crashed", done.detail, timeout)
    report = _report(quiz, "error", f"Your file could not be judged: {message}.",
                     error={"kind": done.stopped or "crashed", "message": message, "line": None, "traceback": ""})
    return GradeOutcome(NOT_JUDGED, report_text(report), graded_tests(report, message), report)



def _stopped_words(why: str, detail: str, timeout: float) -> str:
    if why == "timeout":
        return (f"it did not finish within the time limit of {timeout:g} s of CPU (an endless loop?); a slow but finite "
                "search can be given longer with --timeout SECONDS")
    if why == "memory":
        return f"it ran out of memory (the limit is {limits.GRADE_MEMORY_BYTES // 1_000_000:,} MB)"
    if why == "refused":
        return f"the grader could not lock the code in, so did not run it: {detail}"
    if why == "broken":
        return f"the run's record is broken ({detail}): did the file change the grader?"
    last = detail.strip().splitlines()[-1:] or ["no message"]
    return f"the grader's child process stopped without an answer: {last[0]}"
