"""A hidden solution draws nothing (issue 46, part 5; server/http/solution_hidden.py): with an exercise's solution
off, /x/<id>/solution and /embed/x/<id>/solution answer 403 with a page saying its instructor hid it, a link back to
the exercise (the student's name kept) and no script or tree; the instructor's ?key= still gets the replay; an
unknown exercise is still the not-found page."""

from __future__ import annotations

import html
import re

import pytest
import requests

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def make(base: str, **options: bool) -> tuple[str, str]:
    made = requests.post(f"{base}/api/exercises", json={"tree": LECTURE, **options}, timeout=10)
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["key"]


def back_link(text: str) -> str:
    found = re.search(r'<a id="solution-hidden-back" href="([^"]*)"', text)
    assert found, text[:600]
    return html.unescape(found.group(1))


def assert_hidden_page(answer: requests.Response, exercise_id: str, embedded: bool) -> None:
    assert answer.status_code == 403, answer.url
    assert answer.headers["Content-Type"].startswith("text/html")
    text = answer.text
    words = html.unescape(re.sub(r"<[^>]+>|\s+", " ", re.search(r'<p id="solution-hidden-what">(.*?)</p>', text, re.S).group(1)))
    assert " ".join(words.split()) == (f"The instructor of exercise {exercise_id} has hidden its solution: the exercise is "
                                       "graded, so its search is not shown to students.")
    # No tree, no app, no script that could open the lecture example in its place.
    assert "<script" not in text and "app.js" not in text and 'class="tree-box"' not in text
    assert "data-exercise-solution" not in text and "not-found-what" not in text
    assert ('class="app-header"' in text) is not embedded


@pytest.mark.parametrize("embedded", [False, True], ids=["full", "embedded"])
def test_a_hidden_solutions_page_says_so_and_holds_no_tree(live_server: str, embedded: bool) -> None:
    exercise_id, _ = make(live_server, solution=False)
    prefix = "/embed" if embedded else ""
    answer = requests.get(f"{live_server}{prefix}/x/{exercise_id}/solution", params={"step": "4"}, timeout=10)
    assert_hidden_page(answer, exercise_id, embedded)
    assert back_link(answer.text) == f"{prefix}/x/{exercise_id}"
    # The student's name from their link goes back with them, as text, never markup.
    named = requests.get(f"{live_server}{prefix}/x/{exercise_id}/solution", params={"step": "0", "student": 'Ada "<b>"'},
                         timeout=10)
    assert_hidden_page(named, exercise_id, embedded)
    assert back_link(named.text) == f"{prefix}/x/{exercise_id}?student=Ada+%22%3Cb%3E%22"
    assert "<b>" not in named.text
    # A wrong key and a student's misconception link are a student's too.
    for params in ({"key": "not-the-key"}, {"misconception": "no-pruning", "step": "3"}):
        assert_hidden_page(requests.get(f"{live_server}{prefix}/x/{exercise_id}/solution", params=params, timeout=10),
                           exercise_id, embedded)


def test_the_instructors_key_still_opens_the_replay(live_server: str) -> None:
    exercise_id, key = make(live_server, solution=False)
    for path in (f"/x/{exercise_id}/solution", f"/embed/x/{exercise_id}/solution"):
        answer = requests.get(live_server + path, params={"key": key}, timeout=10)
        assert answer.status_code == 200 and f'data-exercise-solution="{exercise_id}"' in answer.text, path
        assert "solution-hidden" not in answer.text


def test_a_shown_solution_keeps_its_replay_and_its_exercise_page_is_untouched(live_server: str) -> None:
    shown_id, _ = make(live_server)
    hidden_id, _ = make(live_server, solution=False, hints=False)
    for path in (f"/x/{shown_id}/solution", f"/embed/x/{shown_id}/solution"):
        answer = requests.get(live_server + path, timeout=10)
        assert answer.status_code == 200 and f'data-exercise-solution="{shown_id}"' in answer.text, path
    for path in (f"/x/{hidden_id}", f"/embed/x/{hidden_id}", f"/x/{hidden_id}/results"):
        assert requests.get(live_server + path, timeout=10).status_code == 200, path


def test_an_unknown_exercise_is_not_found_with_or_without_a_key(live_server: str) -> None:
    for path in ("/x/abc123/solution", "/embed/x/abc123/solution", "/x/abc123/solution?key=anything"):
        answer = requests.get(live_server + path, timeout=10)
        assert answer.status_code == 404 and 'id="not-found-what"' in answer.text, path
        assert "<script" not in answer.text and "solution-hidden" not in answer.text
