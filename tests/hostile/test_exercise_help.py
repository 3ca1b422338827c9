"""Issue 31's finding, as a student attacking a graded exercise on `python -m server`: "six hints rebuild the
whole answer, after which a Check counts as perfect", and "GET /solution answers without any check". Now a
check after hints or the solution is never perfect (for the instructor either), and with hints and the
solution turned off every way to the answer is 403 to a student and open with the results key."""

from __future__ import annotations

from typing import Any

import requests

from tests.helpers.server_process import ServerProcess

LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
ME = {"learner": "attacker-browser-01"}


def make(server: ServerProcess, **options: Any) -> tuple[str, str]:
    made = requests.post(f"{server.url}/api/exercises", json={"tree": LECTURE, "ask": ["values", "pruned"], **options}, timeout=30)
    assert made.status_code == 201, made.text
    return f"{server.url}/api/exercises/{made.json()['id']}", made.json()["key"]


def rebuilt_by_hints(base: str) -> dict[str, Any]:
    """Ask for hints, putting each one's right step into the answer, until a hint says all is right."""
    answer: dict[str, Any] = {"values": {}, "pruned": []}
    for asked in range(1, 20):
        given = requests.post(f"{base}/hint", json={**answer, **ME}, timeout=10).json()["hint"]
        if given is None:
            assert asked == 7  # six hints rebuild the lecture's answer (four values, two prunes), the seventh confirms it
            return answer
        if given["kind"] == "value":
            answer["values"][given["node"]] = given["expected"]
        else:
            answer["pruned"].append(given["node"])
    raise AssertionError("the hints never rebuilt the answer")


def test_six_hints_then_a_check_is_right_but_not_perfect(server: ServerProcess) -> None:
    base, key = make(server)
    answer = rebuilt_by_hints(base)
    checked = requests.post(f"{base}/check", json={**answer, **ME}, timeout=10).json()
    assert checked["correct"] is True and checked["score"] == 1.0
    assert checked["perfect"] is False and checked["help"] == {"hints": 7, "solution": False}
    assert checked["help_note"] == "7 hints were used before this check: it is not counted as perfect."
    found = requests.get(f"{base}/results", params={"key": key}, timeout=10).json()
    assert (found["perfect"], found["perfect_with_help"]) == (0, 1)


def test_the_solution_then_a_check_is_not_perfect(server: ServerProcess) -> None:
    base, key = make(server)
    trace = requests.get(f"{base}/solution", params=ME, timeout=10)
    assert trace.status_code == 200
    answer = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": ["C2", "C3"]}  # read off the trace
    checked = requests.post(f"{base}/check", json={**answer, **ME}, timeout=10).json()
    assert checked["score"] == 1.0 and checked["perfect"] is False and checked["help"] == {"hints": 0, "solution": True}
    # A slip's search counts as the solution too (it shows the tree's values).
    other = {"learner": "attacker-browser-02"}
    assert requests.get(f"{base}/solution", params={"misconception": "no-pruning", **other}, timeout=10).status_code == 200
    assert requests.post(f"{base}/check", json={**answer, **other}, timeout=10).json()["perfect"] is False
    assert requests.get(f"{base}/results", params={"key": key}, timeout=10).json()["perfect"] == 0


def test_hints_and_solution_off_are_403_to_a_student_and_open_with_the_key(server: ServerProcess) -> None:
    base, key = make(server, hints=False, solution=False)
    for params in ({}, ME, {"key": "wrong"}, {"key": ""}, {"key": key + "x"}, {"misconception": "no-pruning"},
                   {"misconception": "no-pruning", **ME}, {"misconception": "strict-test", "key": "wrong"}):
        assert requests.get(f"{base}/solution", params=params, timeout=10).status_code == 403, params
        assert requests.post(f"{base}/hint", json=ME, params=params, timeout=10).status_code == 403, params
    assert requests.get(f"{base}/solution", params={"key": key}, timeout=10).status_code == 200
    assert requests.get(f"{base}/solution", params={"key": key, "misconception": "no-pruning"}, timeout=10).status_code == 200
    assert requests.post(f"{base}/hint", json={}, params={"key": key}, timeout=10).json()["hint"]["node"] == "B"
    # A check as a student gives no right value; none of the instructor's opening was noted as the student's help.
    checked = requests.post(f"{base}/check", json={**ME}, timeout=10).json()
    assert checked["withheld"] is True and checked["mistakes"] == [] and checked["help"] == {"hints": 0, "solution": False}


def test_the_misconception_search_is_closed_when_only_the_solution_is_off(server: ServerProcess) -> None:
    base, key = make(server, solution=False)  # hints stay on: a hint is help, and noted
    for slip in ("no-pruning", "strict-test", "max-min-swapped"):
        assert requests.get(f"{base}/solution", params={"misconception": slip, **ME}, timeout=10).status_code == 403
    assert requests.get(f"{base}/solution", params={"misconception": "no-pruning", "key": key}, timeout=10).status_code == 200
    assert requests.post(f"{base}/hint", json=ME, timeout=10).status_code == 200
    assert requests.post(f"{base}/check", json=ME, timeout=10).json()["help"] == {"hints": 1, "solution": False}
