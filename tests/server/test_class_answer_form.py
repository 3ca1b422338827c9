"""A class answer is counted in one spelling whichever page or client sent it (server/classroom/answer_form.py):
the server's spelling of a number or a window is the page's own (static/js/classroom/class_question.js
`typedAnswer`, run here in Node), and the tally's "other" holds every answer out of form."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from server.classroom.answer_form import OTHER, counted
from server.classroom.rooms import MAX_DISTINCT_ANSWERS, tally

ROOT = Path(__file__).resolve().parents[2]
TYPED = ["3", " 3.0 ", "-2.5", "1e3", "inf", "-∞", "+Infinity", "\u22124", "0.1", "1e-5", "1.23456789", "123456.7",
         "1.5e-7", "1e21", "-0", "1234567.891", ".5", "5.", "x", "3,5", "1/2", "NaN", "0x10", "", "--3"]


def page_spelling(kind: str, values: list[str]) -> list[str | None]:
    script = (f"import {{ typedAnswer }} from {json.dumps(str(ROOT / 'static/js/classroom/class_question.js'))};"
              f"const kind = {json.dumps(kind)};"
              f"console.log(JSON.stringify({json.dumps(values)}.map(v => kind === 'window' ? typedAnswer(kind, '', ...v.split(';')) "
              f": typedAnswer(kind, v, '', '')))); ")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


def test_a_number_is_counted_as_the_page_writes_it() -> None:
    question = {"kind": "value", "choices": None}
    for typed, page in zip(TYPED, page_spelling("value", TYPED)):
        assert counted(question, typed) == (page if page is not None else OTHER), typed


def test_a_window_is_counted_as_the_page_writes_it() -> None:
    pairs = ["3;inf", " -∞ ; 2.50 ", "1e3;x"]
    question = {"kind": "window", "choices": None}
    for pair, page in zip(pairs, page_spelling("window", pairs)):
        a, b = pair.split(";")
        assert counted(question, f"[{a}, {b}]") == (page if page is not None else OTHER), pair
    assert counted(question, "3") == OTHER and counted(question, "[3, inf, 4]") == OTHER


def test_a_choice_question_counts_only_its_choices() -> None:
    question = {"kind": "prune", "choices": ["prune", "keep looking"]}
    assert [counted(question, t) for t in ("prune", "keep looking", "Prune", "999")] == ["prune", "keep looking", OTHER, OTHER]


def test_other_keeps_its_count_when_rare_answers_are_lumped_with_it() -> None:
    answers = {f"s{i}": str(i) for i in range(MAX_DISTINCT_ANSWERS + 5)}
    answers.update({f"o{i}": OTHER for i in range(3)})
    counts = tally(answers)
    assert len(counts) <= MAX_DISTINCT_ANSWERS and sum(counts.values()) == len(answers)  # no answer lost from the spread
